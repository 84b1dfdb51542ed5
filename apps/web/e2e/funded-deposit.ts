import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";
import { bearer, berlinDate, serverClock } from "./clock-journey.ts";
import { verifyIdentity } from "./verify-identity.ts";

/** The deposit every payout journey starts from: 10,000 EUR over 12 months, paid out at maturity. */
const AMOUNT = 10_000;
const DURATION_MONTHS = 12;

/**
 * A verified saver's deposit, funded today (the server's clock), all through the API: the saver
 * registers (`headers` give the request's language, which becomes the saver's), is verified
 * (verifyIdentity), and applies for 10,000 EUR over 12 months paid out at maturity to `iban`; the admin
 * approves and books the funding from that IBAN on today's date. Answers the saver's e-mail address,
 * the deposit and its value date.
 */
export async function fundedSaver(
  request: APIRequestContext,
  adminToken: string,
  saver: {
    /** The start of the saver's e-mail address; a random part keeps each run's saver new. */
    emailPrefix: string;
    password: string;
    fullName: string;
    iban: string;
    headers?: Record<string, string>;
  },
) {
  const headers = saver.headers ?? {};
  const email = `${saver.emailPrefix}-${randomBytes(5).toString("hex")}@e2e.example.test`;
  const registered = await request.post("/api/auth/register", {
    headers,
    data: { email, password: saver.password, full_name: saver.fullName },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const saverToken = ((await registered.json()) as { access_token: string }).access_token;
  const now = new Date((await serverClock(request, adminToken)).now);
  await verifyIdentity(request, saverToken, adminToken, now);
  const packages = (await (await request.get("/api/packages")).json()) as Array<{
    id: string;
    duration_months: number;
  }>;
  const applied = await request.post("/api/applications", {
    headers: { ...headers, ...bearer(saverToken) },
    data: {
      full_name: saver.fullName,
      email,
      phone: "+49 30 1234567",
      amount: AMOUNT,
      package_id: packages.find((p) => p.duration_months === DURATION_MONTHS)?.id,
      reference_iban: saver.iban,
      maturity_instruction: "payout",
      info_sheet_acknowledged: true,
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const decided = await request.patch(`/api/admin/applications/${(await applied.json()).id}/decision`, {
    headers: bearer(adminToken),
    data: { decision: "approved" },
  });
  expect(decided.status(), await decided.text()).toBe(200);
  const depositId = ((await decided.json()) as { deposit: { id: string } }).deposit.id;
  const valueDate = berlinDate(now.toISOString());
  const funded = await request.post(`/api/admin/deposits/${depositId}/funding`, {
    headers: bearer(adminToken),
    data: { amount: AMOUNT, value_date: valueDate, payer_iban: saver.iban },
  });
  expect(funded.status(), await funded.text()).toBe(200);
  return { email, depositId, valueDate };
}
