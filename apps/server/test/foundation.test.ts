import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("health and readiness", () => {
  it("answers liveness and readiness", async () => {
    expect((await t.app.inject("/api/health")).json()).toEqual({ status: "ok" });
    expect((await t.app.inject("/api/ready")).json()).toEqual({ status: "ready", database: "ok" });
  });
});

describe("GET /api/packages", () => {
  it("returns the five seeded packages ordered by duration with the specified fields", async () => {
    const res = await t.app.inject("/api/packages");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((p: { duration_months: number }) => p.duration_months)).toEqual([3, 6, 12, 24, 36]);
    expect(body.map((p: { interest_rate: number }) => p.interest_rate)).toEqual([2.5, 3, 3.5, 3.75, 3.99]);
    // The original package fields, plus the partner bank the package belongs to and how it pays interest.
    expect(Object.keys(body[0]).sort()).toEqual(
      [
        "bank",
        "currency",
        "duration_months",
        "features",
        "id",
        "interest_payout",
        "interest_rate",
        "max_amount",
        "min_amount",
      ].sort(),
    );
    expect(body[2]).toMatchObject({ min_amount: 5000, max_amount: 250000, currency: "EUR" });
  });

  it("returns features in the request's language with English fallback", async () => {
    const de = (
      await t.app.inject({ url: "/api/packages", headers: { "accept-language": "de-DE,de;q=0.9,en;q=0.5" } })
    ).json();
    expect(de[0].features[0]).toBe("Fester Zinssatz für die gesamte Laufzeit");
    const fr = (await t.app.inject("/api/packages?lang=fr")).json();
    expect(fr[0].features[0]).toBe("Taux fixe pendant toute la durée");
    const other = (await t.app.inject({ url: "/api/packages", headers: { "accept-language": "es" } })).json();
    expect(other[0].features[0]).toBe("Fixed rate for the whole term");
    const bad = await t.app.inject("/api/packages?lang=xx");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "validation_failed" });
  });

  it("lists only active packages", async () => {
    await t.app.db
      .updateTable("packages")
      .set({ is_active: false })
      .where("duration_months", "=", 3)
      .execute();
    const { invalidatePackagesCache } = await import("../src/modules/packages/packages.service.ts");
    invalidatePackagesCache(t.app.db);
    const body = (await t.app.inject("/api/packages")).json();
    expect(body.map((p: { duration_months: number }) => p.duration_months)).toEqual([6, 12, 24, 36]);
    await t.app.db
      .updateTable("packages")
      .set({ is_active: true })
      .where("duration_months", "=", 3)
      .execute();
    invalidatePackagesCache(t.app.db);
  });
});

describe("errors and documents", () => {
  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.app.inject("/api/does-not-exist");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "No route for GET /api/does-not-exist", code: "route_not_found" });
  });

  it("answers malformed JSON with 400 and the error shape", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/packages",
      payload: "{",
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty("code");
  });

  it("serves the OpenAPI document generated from the schemas", async () => {
    const doc = (await t.app.inject("/api/openapi.json")).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths["/packages"].get).toBeDefined();
    const docs = await t.app.inject("/api/docs/");
    expect(docs.statusCode).toBe(200);
  });

  it("sends security headers and no version banner", async () => {
    const res = await t.app.inject("/api/health");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-powered-by"]).toBeUndefined();
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("packages caching", () => {
  it("answers 304 for a matching ETag and a new ETag per language", async () => {
    const first = await t.app.inject("/api/packages?lang=en");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url: "/api/packages?lang=en", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const de = await t.app.inject("/api/packages?lang=de");
    expect(de.headers.etag).not.toBe(etag);
    expect(first.headers["content-type"]).toContain("application/json");
  });
});
