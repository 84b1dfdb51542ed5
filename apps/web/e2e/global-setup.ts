import { request } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { E2E_ADMIN } from "../playwright.config.ts";
import { adminEnv } from "./admin-session.ts";

/** Enrols the e2e admin of the server at `port` in two-factor through the API. */
async function enrol(port: number) {
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${port}` });
  try {
    const login = await api.post("/api/auth/login", { data: E2E_ADMIN });
    if (!login.ok()) throw new Error(`e2e admin sign-in: ${login.status()} ${await login.text()}`);
    const { access_token: token } = (await login.json()) as { access_token?: string };
    if (!token) throw new Error("the e2e admin already has two-factor (a reused data directory?)");
    const headers = { authorization: `Bearer ${token}` };
    const setup = await api.post("/api/auth/two-factor/setup", { headers });
    if (!setup.ok()) throw new Error(`two-factor setup: ${setup.status()} ${await setup.text()}`);
    const { secret } = (await setup.json()) as { secret: string };
    const now = Date.now();
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: now });
    const enabled = await api.post("/api/auth/two-factor/enable", { headers, data: { code } });
    if (!enabled.ok()) throw new Error(`two-factor enable: ${enabled.status()} ${await enabled.text()}`);
    const names = adminEnv(port);
    process.env[names.secret] = secret;
    // The step that code used: a code works once, so later sign-ins use a later step.
    process.env[names.step] = String(Math.floor(now / 30_000));
    process.env[names.token] = token;
  } finally {
    await api.dispose();
  }
}

/**
 * Runs once, after the servers started: the e2e admin (ADMIN_EMAIL) enrols two-factor on each, as an
 * admin must before any back-office call. What the specs need goes into the environment the workers
 * inherit (e2e/admin-session.ts).
 */
export default async function globalSetup() {
  await enrol(Number(process.env.E2E_PORT));
  await enrol(Number(process.env.E2E_CLOCK_PORT));
  await enrol(Number(process.env.E2E_MONTHLY_PORT));
}
