import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD, uniqueEmail } from "./helpers/factories.ts";
import { appWithSmtp, outboxDrained, startSmtp } from "./helpers/smtp.ts";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let env: Awaited<ReturnType<typeof appWithSmtp>>;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = await startSmtp();
  env = await appWithSmtp(smtp.url);
  app = env.app;
});
afterAll(async () => {
  await env?.close();
  await smtp?.close();
});

const login = (email: string, userAgent: string, ip: string) =>
  app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "user-agent": userAgent },
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: ip,
  });

const told = async (userId: string) =>
  app.db
    .selectFrom("message_events")
    .select("event_type")
    .where("user_id", "=", userId)
    .where("event_type", "=", "new_sign_in")
    .execute();

describe("sign-in from a new browser", () => {
  it("is told once per new browser, in the account's language; the browser of registration and known ones are not", async () => {
    const email = uniqueEmail("device");
    const registered = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "user-agent": FIREFOX, "accept-language": "de" },
      payload: { email, password: TEST_PASSWORD, full_name: "Erika Mustermann" },
      remoteAddress: "10.71.0.1",
    });
    expect(registered.statusCode).toBe(201);
    const userId = registered.json().user.id as string;

    expect((await login(email, FIREFOX, "10.71.0.2")).statusCode).toBe(200);
    expect(await told(userId)).toHaveLength(0);

    expect((await login(email, SAFARI, "203.0.113.9")).statusCode).toBe(200);
    expect(await told(userId)).toHaveLength(1);
    // Known from now on, from any address.
    expect((await login(email, SAFARI, "203.0.113.10")).statusCode).toBe(200);
    expect(await told(userId)).toHaveLength(1);
    // A failed sign-in tells nothing.
    const wrong = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "user-agent": "curl/8.5.0" },
      payload: { email, password: "not the password at all" },
      remoteAddress: "10.71.0.3",
    });
    expect(wrong.statusCode).toBe(401);
    expect(await told(userId)).toHaveLength(1);

    await outboxDrained(app);
    const mails = smtp.received.filter(
      (m) => m.to.includes(email) && m.subject === "Neue Anmeldung bei Ihrem Konto",
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Safari 18 auf iOS");
    expect(mails[0]?.text).toContain("203.0.113.9");
    const inbox = await app.inject({
      url: "/api/notifications",
      headers: { authorization: `Bearer ${registered.json().access_token}` },
    });
    expect(JSON.stringify(inbox.json())).toContain("Neue Anmeldung bei Ihrem Konto");
  });
});
