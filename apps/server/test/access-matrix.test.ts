import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../src/modules/auth/session.service.ts";
import type { Access } from "../src/plugins/auth.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";

/**
 * The role x endpoint matrix (DESIGN.md section 5). Every /api route must be listed here with the
 * access it declares; a new route missing from this table, or a listed one that no longer exists,
 * fails the test. Each protected route is then called without a token, with a bad token, with a user's
 * token and with an admin's token, and the server must refuse exactly the ones it should.
 */
const EXPECTED: Record<string, Access> = {
  "GET /api/health": "public",
  "GET /api/ready": "public",
  "GET /api/openapi.json": "public",
  "GET /api/packages": "public",
  "POST /api/contact": "public",
  "GET /api/admin/contact-messages": "admin",
  "POST /api/newsletter": "public",
  "GET /api/admin/newsletter-subscriptions": "admin",
  "POST /api/admin/notifications/send": "admin",
  "GET /api/notifications": "user",
  "GET /api/notifications/unread-count": "user",
  "POST /api/notifications/:id/read": "user",
  "POST /api/notifications/read-all": "user",
  "GET /api/admin/audit-log": "admin",
  "GET /api/admin/packages": "admin",
  "POST /api/admin/packages": "admin",
  "PATCH /api/admin/packages/:id": "admin",
  "GET /api/admin/users": "admin",
  "GET /api/admin/analytics": "admin",
  "GET /api/applications": "admin",
  "PATCH /api/admin/applications/:id/decision": "admin",
  "POST /api/auth/register": "public",
  "POST /api/auth/login": "public",
  "GET /api/auth/me": "user",
  "PATCH /api/auth/profile": "user",
  "POST /api/auth/logout": "user",
  "POST /api/auth/password": "user",
  "POST /api/calculate": "public",
  "POST /api/applications": "optional",
  "GET /api/applications/me": "user",
  "POST /api/applications/:id/withdraw": "user",
  "POST /api/kyc/upload/:documentType": "user",
  "GET /api/kyc/status": "user",
  "GET /api/admin/kyc/documents": "admin",
  "GET /api/admin/kyc/documents/:id/file": "admin",
  "PATCH /api/admin/kyc/documents/:id/decision": "admin",
  "GET /api/admin/kyc/documents/:id/history": "admin",
};

/** Values for path parameters, so the route is reached (the resource itself need not exist). */
const PARAM_VALUES: Record<string, string> = {
  id: randomUUID(),
  documentType: "id_card",
};

function concretePath(url: string) {
  return url.replace(/:(\w+)/g, (_, name: string) => PARAM_VALUES[name] ?? randomUUID());
}

let t: TestApp;
let userId: string;
let adminId: string;

/** A new session per call: some routes (logout, password change) end sessions as they should. */
async function headersFor(id: string) {
  const { token } = await createSession(t.app.db, { idleMinutes: 30, absoluteHours: 12 }, id);
  return { authorization: `Bearer ${token}` };
}

beforeAll(async () => {
  t = await createTestApp();
  userId = (await createUser(t.app)).user.id;
  adminId = (await createAdmin(t.app)).user.id;
});
afterAll(() => t.close());

describe("access matrix", () => {
  it("lists every API route, and only existing ones", () => {
    const actual = Object.fromEntries(
      t.app.apiRoutes
        .filter((r) => !r.url.startsWith("/api/docs"))
        .map((r) => [`${r.method} ${r.url}`, r.access]),
    );
    expect(actual).toEqual(EXPECTED);
  });

  const protectedRoutes = () => t.app.apiRoutes.filter((r) => r.access === "user" || r.access === "admin");

  it("refuses protected routes without a token (401)", async () => {
    for (const route of protectedRoutes()) {
      const res = await t.app.inject({ method: route.method as "GET", url: concretePath(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: "unauthenticated" });
    }
  });

  it("refuses protected and optional routes with an unknown token (401 session_expired)", async () => {
    for (const route of t.app.apiRoutes.filter((r) => r.access !== "public")) {
      const res = await t.app.inject({
        method: route.method as "GET",
        url: concretePath(route.url),
        headers: { authorization: "Bearer not-a-real-session-token-0123456789" },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: "session_expired" });
    }
  });

  it("refuses admin routes to a user (403) and lets admins through", async () => {
    for (const route of t.app.apiRoutes.filter((r) => r.access === "admin")) {
      const asUser = await t.app.inject({
        method: route.method as "GET",
        url: concretePath(route.url),
        headers: await headersFor(userId),
      });
      expect(asUser.statusCode, `${route.method} ${route.url} as user`).toBe(403);
      expect(asUser.json()).toMatchObject({ code: "forbidden" });
      const asAdmin = await t.app.inject({
        method: route.method as "GET",
        url: concretePath(route.url),
        headers: await headersFor(adminId),
      });
      expect([401, 403], `${route.method} ${route.url} as admin`).not.toContain(asAdmin.statusCode);
    }
  });

  it("lets users through user routes", async () => {
    for (const route of t.app.apiRoutes.filter((r) => r.access === "user")) {
      const res = await t.app.inject({
        method: route.method as "GET",
        url: concretePath(route.url),
        headers: await headersFor(userId),
      });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(res.statusCode);
      // Answers about a person are never cached (issue 3).
      expect(res.headers["cache-control"], `${route.method} ${route.url}`).toBe("no-store");
    }
  });
});
