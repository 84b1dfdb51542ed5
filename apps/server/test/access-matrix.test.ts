import { randomUUID } from "node:crypto";
import { type Operation, type OperationId, operationList, operations } from "@festgeld/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../src/modules/auth/session.service.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { activePackage, applicationPayload, approvedApplication } from "./helpers/deposits.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";

/**
 * The role x operation matrix, generated from the operation table: every registered /api route must
 * have a table entry with the same access (and every entry a route), and every operation is called
 * anonymously, with an unknown token, as a user, as another user (for the user's own resources) and
 * as an admin; the server must refuse exactly the calls the entry's `access` says it refuses.
 */

type Identity = "anonymous" | "unknown token" | "user" | "admin";

/** What each identity gets, by access: "allowed" means neither 401 nor 403. */
const EXPECTED: Record<Operation["access"], Record<Identity, 401 | 403 | "allowed">> = {
  public: { anonymous: "allowed", "unknown token": "allowed", user: "allowed", admin: "allowed" },
  optional: { anonymous: "allowed", "unknown token": 401, user: "allowed", admin: "allowed" },
  user: { anonymous: 401, "unknown token": 401, user: "allowed", admin: "allowed" },
  admin: { anonymous: 401, "unknown token": 401, user: 403, admin: "allowed" },
};

let t: TestApp;
let userId: string;
let otherUserId: string;
let adminId: string;

/** A new session per call: some operations (logout, password change) end sessions as they should. */
async function headersFor(id: string) {
  const { token } = await createSession(t.app.db, { idleMinutes: 30, absoluteHours: 12 }, id);
  return { authorization: `Bearer ${token}` };
}

/**
 * For user operations on one of the user's own resources (an `id` path parameter): makes such a
 * resource for the user and answers its id. A new operation of that kind must add its maker here.
 */
const OWNED: Partial<Record<OperationId, () => Promise<string>>> = {
  // Another session of the user (a second device), which the user may sign out.
  authSessionRevoke: async () =>
    (await createSession(t.app.db, { idleMinutes: 30, absoluteHours: 12 }, userId)).sessionId,
  authPasskeyRename: () => ownPasskey(),
  authPasskeyDelete: () => ownPasskey(),
  depositsChangeInstruction: () => ownDeposit(),
  depositsGet: () => ownDeposit(),
  depositsTransferQr: () => ownDeposit(),
  depositsEarlyClosureQuote: () => ownDeposit(),
  depositsCloseEarly: () => ownDeposit(),
  applicationsCompleteDetails: () => ownApplication(),
  applicationsWithdraw: () => ownApplication(),
  documentsDownload: async () => {
    // An application issues its confirmation into the applicant's postbox.
    const pkg = await activePackage(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: await headersFor(userId),
      remoteAddress: "10.9.0.2",
      payload: applicationPayload("Erika Mustermann", pkg.id),
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = await t.app.db
      .selectFrom("postbox_documents")
      .select("id")
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    return doc.id;
  },
  notificationsMarkRead: async () => {
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/admin/notifications/send",
      headers: await headersFor(adminId),
      payload: { title: "Hello", message: "A message for one saver", user_ids: [userId] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const inbox = await t.app.inject({ url: "/api/notifications", headers: await headersFor(userId) });
    return inbox.json()[0].id;
  },
  rateAlertsDelete: async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/me/rate-alerts",
      headers: await headersFor(userId),
      payload: { term: 12, rate: 9.5 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  },
};

/** A passkey of the user (stored directly: the ceremonies are passkeys.test.ts's). */
async function ownPasskey() {
  const row = await t.app.db
    .insertInto("passkeys")
    .values({
      user_id: userId,
      credential_id: randomUUID(),
      public_key: "AQID",
      counter: 0,
      device_type: "singleDevice",
      backed_up: false,
      name: "Security key",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An approved application of the user (identity verified), answering its deposit's id. */
/** An application of the user, pending. */
async function ownApplication() {
  const pkg = await activePackage(t.app);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/applications",
    headers: await headersFor(userId),
    remoteAddress: "10.9.0.1",
    payload: applicationPayload("Erika Mustermann", pkg.id),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function ownDeposit(): Promise<string> {
  const application = await approvedApplication(
    t.app,
    { user: { id: userId }, headers: await headersFor(userId) },
    { headers: await headersFor(adminId) },
  );
  return application.deposit.id;
}

/** Values for path parameters that are not the user's own resource, so the route is reached. */
const PARAM_VALUES: Record<string, string> = { documentType: "id_card" };

function concretePath(operation: Operation, ids: Record<string, string> = {}) {
  return `/api${operation.path.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? PARAM_VALUES[name] ?? randomUUID())}`;
}

/** A valid body for own-resource operations that read one, so the ownership check is what answers. */
const OWNED_BODY: Partial<Record<OperationId, object>> = {
  authPasskeyRename: { name: "My security key" },
  depositsChangeInstruction: { maturity_instruction: "renew_all" },
  depositsCloseEarly: { expected_payout: 1000 },
  applicationsCompleteDetails: {
    reference_iban: "DE89370400440532013000",
    maturity_instruction: "payout",
    info_sheet_acknowledged: true,
  },
};

async function call(operation: Operation, headers: Record<string, string>, ids: Record<string, string> = {}) {
  const ownedBody = ids.id ? OWNED_BODY[operation.id as OperationId] : undefined;
  return t.app.inject({
    method: operation.method,
    url: concretePath(operation, ids),
    headers,
    // A body of the right type, so that the call reaches the access check and not a 415.
    ...(operation.body ? { payload: ownedBody ?? {} } : {}),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  userId = (await createUser(t.app)).user.id;
  otherUserId = (await createUser(t.app)).user.id;
  adminId = (await createAdmin(t.app)).user.id;
});
afterAll(() => t.close());

describe("access matrix", () => {
  it("has a table entry for every registered API route, and a route for every entry", () => {
    const registered = Object.fromEntries(
      t.app.apiRoutes
        .filter((r) => !r.url.startsWith("/api/docs"))
        .map((r) => [`${r.method} ${r.url}`, { access: r.access, id: r.operationId }]),
    );
    const declared = Object.fromEntries(
      operationList.map((o) => [`${o.method} /api${o.path}`, { access: o.access, id: o.id }]),
    );
    expect(registered).toEqual(declared);
  });

  it("has unique operationIds that match their keys in the table", () => {
    for (const [key, operation] of Object.entries(operations)) expect(operation.id).toBe(key);
  });

  const identities: Identity[] = ["anonymous", "unknown token", "user", "admin"];
  for (const operation of operationList) {
    it(`${operation.id} (${operation.method} ${operation.path}, ${operation.access})`, async () => {
      for (const identity of identities) {
        const headers =
          identity === "anonymous"
            ? {}
            : identity === "unknown token"
              ? { authorization: "Bearer not-a-real-session-token-0123456789" }
              : await headersFor(identity === "user" ? userId : adminId);
        const res = await call(operation, headers);
        const expected = EXPECTED[operation.access][identity];
        const label = `${identity}: ${operation.method} ${operation.path} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (expected === "allowed") {
          expect([401, 403], label).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, label).toBe(expected);
          const code =
            expected === 403 ? "forbidden" : identity === "anonymous" ? "unauthenticated" : "session_expired";
          expect(res.json(), label).toMatchObject({ code });
        }
        // Answers about a person are never cached.
        if (expected === "allowed" && operation.access !== "public" && identity !== "anonymous") {
          expect(res.headers["cache-control"], label).toBe("no-store");
        }
      }
    });
  }

  const ownResourceOperations = operationList.filter((o) => o.access === "user" && /:id\b/.test(o.path));
  it("knows how to make a resource for every user operation on one's own resource", () => {
    expect(ownResourceOperations.map((o) => o.id).sort()).toEqual(Object.keys(OWNED).sort());
  });
  for (const operation of ownResourceOperations) {
    it(`${operation.id}: another user is refused the user's own resource`, async () => {
      const make = OWNED[operation.id as OperationId];
      if (!make) throw new Error(`No resource maker for ${operation.id}`);
      const id = await make();
      const asOther = await call(operation, await headersFor(otherUserId), { id });
      expect([403, 404], `${operation.id} as another user -> ${asOther.statusCode}`).toContain(
        asOther.statusCode,
      );
      const asOwner = await call(operation, await headersFor(userId), { id });
      expect([401, 403, 404], `${operation.id} as the owner -> ${asOwner.statusCode}`).not.toContain(
        asOwner.statusCode,
      );
    });
  }
});
