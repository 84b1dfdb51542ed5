#!/usr/bin/env bash
# Lints the OpenAPI document the server publishes with Redocly CLI and Spectral; fails on any error.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
if [ ! -x "$here/node_modules/.bin/redocly" ] || [ ! -x "$here/node_modules/.bin/spectral" ]; then
  npm --prefix "$here" ci --no-audit --no-fund --loglevel=error
fi
doc="$(mktemp -d)/openapi.json"
trap 'rm -rf "$(dirname "$doc")"' EXIT
(cd "$root" && npx tsx tools/api-lint/dump-openapi.ts "$doc")
echo "--- Redocly CLI"
"$here/node_modules/.bin/redocly" lint "$doc" --config "$here/redocly.yaml" --format stylish
echo "--- Spectral"
"$here/node_modules/.bin/spectral" lint "$doc" --ruleset "$here/.spectral.yaml" --fail-severity error
