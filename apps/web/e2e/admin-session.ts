import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { E2E_ADMIN } from "../playwright.config.ts";

/**
 * The e2e admin signs in with two-factor, as every admin must. global-setup.ts enrols it once per run
 * on each server and leaves, per server port, the authenticator secret, the time step its first code
 * used and a signed-in session in the environment, which every worker inherits; these helpers compute
 * codes from that secret with the library the server uses.
 */

const PERIOD_MS = 30_000;
const mainPort = () => Number(process.env.E2E_PORT);

export const adminEnv = (port: number) => ({
  secret: `E2E_ADMIN_TOTP_SECRET_${port}`,
  step: `E2E_ADMIN_TOTP_STEP_${port}`,
  token: `E2E_ADMIN_TOKEN_${port}`,
});

function secret(port: number): string {
  const value = process.env[adminEnv(port).secret];
  if (!value)
    throw new Error(`no two-factor secret for the admin of port ${port} (e2e/global-setup.ts enrols it)`);
  return value;
}

/** The admin's authenticator code at `at`. */
export function adminCode(port = mainPort(), at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret(port)) }).generate({ timestamp: at });
}

/**
 * A code of a time step the enrolment did not use (each code works once): waits for the next
 * 30-second step when the current one was used at enrolment.
 */
export async function freshAdminCode(port = mainPort()): Promise<string> {
  const used = Number(process.env[adminEnv(port).step] ?? "0");
  while (Math.floor(Date.now() / PERIOD_MS) <= used) await new Promise((r) => setTimeout(r, 500));
  return adminCode(port);
}

const cached = new Map<number, string>();

/**
 * A session token of the e2e admin on the server at `port` (the one the request context calls): the
 * run's shared session while it is alive, else a new two-factor sign-in. A code whose step another
 * sign-in used is refused, so a refused code is followed by the next step's (the server accepts one
 * step ahead).
 */
export async function adminToken(request: APIRequestContext, port = mainPort()): Promise<string> {
  for (const token of [cached.get(port), process.env[adminEnv(port).token]]) {
    if (!token) continue;
    const me = await request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
    if (me.ok()) {
      cached.set(port, token);
      return token;
    }
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
    expect(login.status()).toBe(200);
    const { challenge_token } = (await login.json()) as { challenge_token: string };
    const code =
      attempt === 0 ? await freshAdminCode(port) : adminCode(port, Date.now() + PERIOD_MS * attempt);
    const second = await request.post("/api/auth/login/two-factor", { data: { challenge_token, code } });
    if (second.ok()) {
      const token = ((await second.json()) as { access_token: string }).access_token;
      cached.set(port, token);
      return token;
    }
  }
  throw new Error("the e2e admin could not sign in with two-factor");
}

/** Opens a back-office area through the shell's sidebar and waits until it is the current page. */
export async function openArea(page: Page, name: string) {
  const link = page.getByTestId("admin-sidebar").getByRole("link", { name, exact: true });
  await link.click();
  await expect(link).toHaveAttribute("aria-current", "page");
}
