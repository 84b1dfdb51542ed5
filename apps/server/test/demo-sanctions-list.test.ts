import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { activePackage, applicationPayload } from "./helpers/deposits.ts";
import { createAdmin } from "./helpers/factories.ts";
import { createVerifiedUser } from "./helpers/identity.ts";

/**
 * The demonstration sanctions list (docs/decisions.md "The demonstration sanctions list"): outside
 * production staff load it with one request, it is marked as the demonstration list, and a first
 * application can then be approved; production refuses it and says why.
 */
let dev: TestApp;
let production: TestApp;

beforeAll(async () => {
  dev = await createTestApp({ NODE_ENV: "development" });
  production = await createTestApp({ NODE_ENV: "production" });
});
afterAll(async () => {
  await dev?.close();
  await production?.close();
});

async function pendingApplication(t: TestApp) {
  const saver = await createVerifiedUser(t.app, { full_name: "Erika Erstlauf", sanctionsList: false });
  const pkg = await activePackage(t.app);
  const sent = await t.app.inject({
    method: "POST",
    url: "/api/applications",
    headers: saver.headers,
    payload: applicationPayload("Erika Erstlauf", pkg.id, { email: saver.user.email }),
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return sent.json().id as string;
}

describe("the demonstration sanctions list", () => {
  it("outside production: offered, loaded with one request, marked, and the first approval passes", async () => {
    const admin = await createAdmin(dev.app);
    const applicationId = await pendingApplication(dev);
    const approve = () =>
      dev.app.inject({
        method: "PATCH",
        url: `/api/admin/applications/${applicationId}/decision`,
        headers: admin.headers,
        payload: { decision: "approved" },
      });
    const before = await approve();
    expect(before.statusCode).toBe(409);
    expect(before.json().code).toBe("sanctions_list_outdated");

    const offered = await dev.app.inject({ url: "/api/admin/sanctions/demo-list", headers: admin.headers });
    expect(offered.json()).toEqual({ available: true });
    const loaded = await dev.app.inject({
      method: "POST",
      url: "/api/admin/sanctions/demo-list",
      headers: admin.headers,
    });
    expect(loaded.statusCode, loaded.body).toBe(201);
    expect(loaded.json()).toMatchObject({ demonstration: true, entries: 5 });
    const lists = await dev.app.inject({ url: "/api/admin/sanctions/lists", headers: admin.headers });
    expect(lists.json()).toEqual([expect.objectContaining({ id: loaded.json().id, demonstration: true })]);

    const after = await approve();
    expect(after.statusCode, after.body).toBe(200);

    // Loaded again (a week later, say): a list dated that day, so it counts as current from then (a
    // list's age counts from its own date, docs/decisions.md "Approval needs a current list").
    const again = await dev.app.inject({
      method: "POST",
      url: "/api/admin/sanctions/demo-list",
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ demonstration: true, entries: 5 });
    expect(again.json().id).not.toBe(loaded.json().id);
  });

  it("in production: not offered, refused with its own code, nothing loaded", async () => {
    const admin = await createAdmin(production.app);
    const offered = await production.app.inject({
      url: "/api/admin/sanctions/demo-list",
      headers: admin.headers,
    });
    expect(offered.json()).toEqual({ available: false });
    const refused = await production.app.inject({
      method: "POST",
      url: "/api/admin/sanctions/demo-list",
      headers: admin.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("sanctions_demo_list_production");
    const lists = await production.app.inject({ url: "/api/admin/sanctions/lists", headers: admin.headers });
    expect(lists.json()).toEqual([]);
  });
});
