import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const calculate = (payload: unknown, remoteAddress = "192.0.2.10") =>
  t.app.inject({ method: "POST", url: "/api/calculate", payload: payload as object, remoteAddress });

const valid = { amount: 10_000, duration_months: 12, interest_rate: 3.5, currency: "EUR" };

describe("POST /api/calculate", () => {
  it("computes the specified example exactly: 10,000 EUR, 12 months, 3.5 %", async () => {
    const res = await calculate(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      principal: 10_000,
      total_interest: 350,
      monthly_interest: 29.17,
      total_amount: 10_350,
      duration_months: 12,
      interest_rate: 3.5,
      currency: "EUR",
    });
  });

  it("handles odd cents, other currencies and every offered term", async () => {
    // 2,234.56 x 0.03 x 6/12 = 33.5184 -> 33.52; monthly 5.5867 -> 5.59
    const res = await calculate({ amount: 2234.56, duration_months: 6, interest_rate: 3, currency: "USD" });
    expect(res.json()).toMatchObject({
      principal: 2234.56,
      total_interest: 33.52,
      monthly_interest: 5.59,
      currency: "USD",
    });
    for (const months of [3, 6, 12, 24, 36]) {
      const r = await calculate({ ...valid, duration_months: months, currency: "GBP" });
      expect(r.statusCode).toBe(200);
      expect(r.json().total_interest).toBeCloseTo((10_000 * 0.035 * months) / 12, 2);
    }
    // The bounds themselves are allowed.
    expect((await calculate({ ...valid, amount: 1000, interest_rate: 0 })).json().total_interest).toBe(0);
    expect(
      (await calculate({ ...valid, amount: 10_000_000, interest_rate: 20, duration_months: 36 })).json(),
    ).toMatchObject({ total_interest: 6_000_000, total_amount: 16_000_000 });
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["amount below 1000", { ...valid, amount: 999.99 }, "body.amount"],
    ["amount above the upper bound", { ...valid, amount: 10_000_000.01 }, "body.amount"],
    ["amount with three decimals", { ...valid, amount: 1000.005 }, "body.amount"],
    ["amount as text", { ...valid, amount: "10000" }, "body.amount"],
    ["negative rate", { ...valid, interest_rate: -0.1 }, "body.interest_rate"],
    ["rate above 20", { ...valid, interest_rate: 20.01 }, "body.interest_rate"],
    ["rate with three decimals", { ...valid, interest_rate: 3.555 }, "body.interest_rate"],
    ["a term not offered", { ...valid, duration_months: 18 }, "body.duration_months"],
    ["an unknown currency", { ...valid, currency: "CHF" }, "body.currency"],
    ["a missing field", { amount: 10_000, duration_months: 12, currency: "EUR" }, "body.interest_rate"],
    ["an unknown field", { ...valid, extra: 1 }, "body"],
  ];
  for (const [name, payload, path] of invalid) {
    it(`refuses ${name} with 400 and the field`, async () => {
      const res = await calculate(payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe("validation_failed");
      expect(body.fields.map((f: { path: string }) => f.path)).toContain(path);
    });
  }

  it("refuses a body that is not JSON with 400, never 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/calculate",
      payload: "amount=1",
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
  });

  it("rate-limits a flood from one address", async () => {
    const address = "198.51.100.77";
    let limited = 0;
    for (let i = 0; i < 125; i++) {
      const res = await calculate(valid, address);
      if (res.statusCode === 429) {
        limited++;
        expect(res.json().code).toBe("rate_limited");
      }
    }
    expect(limited).toBe(5);
    // Another address is not affected.
    expect((await calculate(valid, "198.51.100.78")).statusCode).toBe(200);
  });
});
