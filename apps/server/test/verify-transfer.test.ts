import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERIFY_RATE_LIMIT } from "../src/modules/verify/verify.routes.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PARTNER_BANK_HOLDER: "Demo Partnerbank AG",
    PARTNER_BANK_IBAN: "DE52000000000012345678",
  });
});
afterAll(() => t.close());

let address = 0;
const check = (iban: string, remoteAddress = `10.91.0.${++address}`) =>
  t.app.inject({ url: `/api/verify-transfer?iban=${encodeURIComponent(iban)}`, remoteAddress });

describe("GET /api/verify-transfer", () => {
  it("confirms the configured partner account and its exact holder name, typed with spaces", async () => {
    const res = await check("de52 0000 0000 0012 3456 78");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      iban: "DE52000000000012345678",
      partner_account: true,
      holder: "Demo Partnerbank AG",
      bic: "DEMODEFFXXX",
      bank_name: "Demo Partnerbank AG",
    });
  });

  it("confirms every partner bank's receiving account, under that bank's name", async () => {
    const banks = await t.app.db
      .selectFrom("banks")
      .select(["name", "account_holder", "account_iban"])
      .where("account_iban", "is not", null)
      .execute();
    expect(banks.length).toBeGreaterThanOrEqual(2);
    for (const bank of banks) {
      const res = await check(bank.account_iban ?? "");
      expect(res.json()).toMatchObject({
        partner_account: true,
        holder: bank.account_holder,
        bank_name: bank.name,
      });
    }
  });

  it("answers no for a valid IBAN that is not a partner account, whoever holds it", async () => {
    const res = await check("DE89370400440532013000");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      iban: "DE89370400440532013000",
      partner_account: false,
      holder: null,
      bic: null,
      bank_name: null,
    });
  });

  it("refuses an invalid IBAN with the invalid_iban code, and a missing one", async () => {
    const res = await check("DE52000000000012345679");
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("invalid_iban");
    expect((await t.app.inject({ url: "/api/verify-transfer", remoteAddress: "10.91.1.1" })).statusCode).toBe(
      400,
    );
  });

  it("limits the checks per address", async () => {
    const from = "10.91.2.1";
    for (let i = 0; i < VERIFY_RATE_LIMIT.max; i++) {
      expect((await check("DE89370400440532013000", from)).statusCode).toBe(200);
    }
    const refused = await check("DE89370400440532013000", from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("rate_limited");
    // Another address is not affected.
    expect((await check("DE89370400440532013000", "10.91.2.2")).statusCode).toBe(200);
  });
});
