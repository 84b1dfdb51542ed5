#!/usr/bin/env node
// Proves the money lint rule (tools/biome/money-conversions.grit) still bites: plants `amount / 100` in a file
// outside the money module and asserts `biome lint` refuses it, and the same inside packages/domain/src/money
// passes. Run by `npm run lint`.
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";

const CODE = "export const euros = (amount: number) => amount / 100;\n";
const outside = "apps/server/src/money-lint-probe.ts";
const inside = "packages/domain/src/money/money-lint-probe.ts";

function lint(path) {
  const run = spawnSync("npx", ["biome", "lint", "--no-errors-on-unmatched", path], { encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

let failed = false;
try {
  writeFileSync(outside, CODE);
  writeFileSync(inside, CODE);
  const out = lint(outside);
  if (out.status === 0 || !out.output.includes("Money by hand")) {
    console.error(`money lint probe: \`amount / 100\` in ${outside} was not refused:\n${out.output}`);
    failed = true;
  }
  const ins = lint(inside);
  if (ins.status !== 0) {
    console.error(`money lint probe: \`amount / 100\` in the money module was refused:\n${ins.output}`);
    failed = true;
  }
} finally {
  rmSync(outside, { force: true });
  rmSync(inside, { force: true });
}
if (failed) process.exit(1);
console.log("money lint probe: refused outside the money module, allowed inside it");
