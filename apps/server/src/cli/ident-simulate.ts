/**
 * A stand-in for a video-ident or eID provider, for development and demonstrations: posts a signed
 * identification result to a running server, exactly as a provider's webhook would.
 *
 *   npm run ident:simulate -- --reference <uuid from POST /api/kyc/ident> [--result verified|failed]
 *     [--method video_ident|eid] [--provider videoident] [--url http://127.0.0.1:3000]
 *
 * The provider's secret comes from IDENT_WEBHOOK_SECRETS, as the server reads it. Refused when
 * NODE_ENV is production.
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config/env.ts";
import { signIdentPayload } from "../modules/identity/ident.service.ts";

try {
  const config = loadConfig();
  if (config.NODE_ENV === "production") throw new Error("The simulator does not run in production");
  const { values } = parseArgs({
    options: {
      reference: { type: "string" },
      result: { type: "string", default: "verified" },
      method: { type: "string", default: "video_ident" },
      provider: { type: "string" },
      url: { type: "string", default: `http://127.0.0.1:${config.PORT}` },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      "date-of-birth": { type: "string" },
    },
  });
  const provider = values.provider ?? Object.keys(config.IDENT_WEBHOOK_SECRETS)[0];
  const secret = provider ? config.IDENT_WEBHOOK_SECRETS[provider] : undefined;
  if (!provider || !secret)
    throw new Error("Set IDENT_WEBHOOK_SECRETS (provider:secret) and choose --provider");
  if (!values.reference) throw new Error("--reference is required (POST /api/kyc/ident answers it)");
  const body = JSON.stringify({
    reference: values.reference,
    provider_reference: `sim-${randomUUID()}`,
    method: values.method,
    result: values.result,
    first_name: values["first-name"] ?? null,
    last_name: values["last-name"] ?? null,
    date_of_birth: values["date-of-birth"] ?? null,
  });
  const response = await fetch(`${values.url}/api/ident/webhook/${provider}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-ident-signature": signIdentPayload(secret, body, Math.floor(Date.now() / 1000)),
    },
    body,
  });
  console.log(`${response.status} ${await response.text()}`);
  if (!response.ok) process.exit(1);
} catch (error) {
  if (error instanceof ConfigError)
    for (const p of error.problems) console.error(`Configuration error: ${p}`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
