import { type APIRequestContext, expect } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { E2E_ADMIN } from "../playwright.config.ts";

/**
 * The e2e admin signs in with two-factor, as every admin must. global-setup.ts enrols it once per run
 * and leaves the authenticator secret and a signed-in session in the environment, which every worker
 * inherits; these helpers compute codes from that secret with the library the server uses.
 */

const PERIOD_MS = 30_000;

function secret(): string {
  const value = process.env.E2E_ADMIN_TOTP_SECRET;
  if (!value) throw new Error("E2E_ADMIN_TOTP_SECRET is not set (e2e/global-setup.ts enrols the admin)");
  return value;
}

/** The admin's current authenticator code. */
export function adminCode(at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret()) }).generate({ timestamp: at });
}

/**
 * A code of a time step no earlier sign-in of this run used (each code works once): waits for the
 * next 30-second step when the current one was used at enrolment.
 */
export async function freshAdminCode(): Promise<string> {
  const used = Number(process.env.E2E_ADMIN_TOTP_STEP ?? "0");
  const step = () => Math.floor(Date.now() / PERIOD_MS);
  while (step() <= used) await new Promise((r) => setTimeout(r, 500));
  return adminCode();
}

let cached: string | null = null;

/**
 * A session token of the e2e admin: the run's shared session while it is alive, else a new
 * two-factor sign-in (retried on the next time step if another sign-in used the current code).
 */
export async function adminToken(request: APIRequestContext): Promise<string> {
  for (const token of [cached, process.env.E2E_ADMIN_TOKEN]) {
    if (!token) continue;
    const me = await request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
    if (me.ok()) {
      cached = token;
      return token;
    }
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
    expect(login.status()).toBe(200);
    const { challenge_token } = (await login.json()) as { challenge_token: string };
    const code = attempt === 0 ? await freshAdminCode() : adminCode(Date.now() + PERIOD_MS * attempt);
    const second = await request.post("/api/auth/login/two-factor", { data: { challenge_token, code } });
    if (second.ok()) {
      cached = ((await second.json()) as { access_token: string }).access_token;
      return cached;
    }
  }
  throw new Error("the e2e admin could not sign in with two-factor");
}
