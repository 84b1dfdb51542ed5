import fs from "node:fs/promises";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JobQueue } from "../src/db/job-queue.ts";
import { signIdentPayload } from "../src/modules/identity/ident.service.ts";
import { sanctionsJobHandlers } from "../src/modules/identity/sanctions.service.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { adjustableClockOf } from "./helpers/clock-app.ts";
import { activePackage, applicationPayload } from "./helpers/deposits.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import { createVerifiedUser, markVerified, sanctionsFixture, VALID_PROFILE } from "./helpers/identity.ts";
import { multipartBody } from "./helpers/kyc-files.ts";

/**
 * Screening holds under a reviewer's attacks: every name that identifies the saver is screened
 * (typed, verified by an ident provider, each change), approval needs a screening against a recent
 * list, and loading a list screens everyone in the background, resuming after a restart.
 */
type Headers = { authorization: string };
const SECRET = "s3cret-for-tests-0123456789abcdef0123";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp({
    IDENT_WEBHOOK_SECRETS: `videoident:${SECRET}`,
    SANCTIONS_LIST_MAX_AGE_DAYS: "7",
    CLOCK_CONTROL: "true",
  });
  admin = await createAdmin(t.app, { full_name: "Clara Compliance" });
});
afterAll(async () => {
  await t.close();
  await fs.rm(t.config.dataDir, { recursive: true, force: true });
});

async function loadList(xml: Buffer | string) {
  const body = multipartBody([
    { name: "file", filename: "list.xml", contentType: "application/xml", data: Buffer.from(xml) },
  ]);
  return t.app.inject({
    method: "POST",
    url: "/api/admin/sanctions/lists",
    headers: { ...admin.headers, ...body.headers },
    payload: body.payload,
  });
}

/** A saver with a pending application, identity verified, e-mail confirmed. */
async function saverWithApplication(fullName: string, dateOfBirth = "1980-05-17") {
  const saver = await createVerifiedUser(t.app, { full_name: fullName, sanctionsList: false });
  await t.app.db
    .updateTable("kyc_profiles")
    .set({ date_of_birth: dateOfBirth })
    .where("user_id", "=", saver.user.id)
    .execute();
  const pkg = await activePackage(t.app);
  const sent = await t.app.inject({
    method: "POST",
    url: "/api/applications",
    headers: saver.headers,
    remoteAddress: `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    payload: applicationPayload(fullName, pkg.id, { email: saver.user.email }),
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return { ...saver, applicationId: sent.json().id as string };
}

const approve = (applicationId: string) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/admin/applications/${applicationId}/decision`,
    headers: admin.headers,
    payload: { decision: "approved" },
  });

const dossier = async (userId: string) =>
  (await t.app.inject({ url: `/api/admin/identity/users/${userId}/dossier`, headers: admin.headers })).json();

async function identVerified(headers: Headers, person: { first: string; last: string; dob: string }) {
  const started = await t.app.inject({
    method: "POST",
    url: "/api/kyc/ident",
    headers,
    payload: { provider: "videoident" },
  });
  const body = JSON.stringify({
    reference: started.json().reference,
    provider_reference: `vi-${Math.random().toString(36).slice(2)}`,
    method: "video_ident",
    result: "verified",
    first_name: person.first,
    last_name: person.last,
    date_of_birth: person.dob,
  });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/ident/webhook/videoident",
    headers: {
      "content-type": "application/json",
      "x-ident-signature": signIdentPayload(SECRET, body, Math.floor(Date.now() / 1000)),
    },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("approval needs a recent list", () => {
  it("refuses approval with no list loaded, and says why in the dossier", async () => {
    const saver = await saverWithApplication("Erika Nolist");
    const refused = await approve(saver.applicationId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("sanctions_list_outdated");
    expect((await dossier(saver.user.id)).may_be_approved).toEqual({
      ok: false,
      code: "sanctions_list_outdated",
    });
  });

  it("approves once a list is loaded; a list whose own date is older than the configured age holds approvals again, loaded again or not", async () => {
    const first = await loadList(sanctionsFixture());
    expect(first.statusCode, first.body).toBe(201);
    const saver = await saverWithApplication("Erika Fresh");
    expect((await approve(saver.applicationId)).statusCode).toBe(200);

    await t.app.db
      .updateTable("sanctions_lists")
      .set({ generated_at: sql<Date>`now() - interval '8 days'` })
      .execute();
    const late = await saverWithApplication("Erika Late");
    const refused = await approve(late.applicationId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("sanctions_list_outdated");

    // the same file again is accepted, but it is as old as its own date says
    const again = await loadList(sanctionsFixture());
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect((await approve(late.applicationId)).json().code).toBe("sanctions_list_outdated");
    // a list the EU dated today is current
    expect((await loadList(sanctionsFixture(new Date()))).statusCode).toBe(201);
    expect((await approve(late.applicationId)).statusCode).toBe(200);
  });

  it("counts a list's age from its own generationDate: a 2019 list loaded today holds approvals; a future one is refused", async () => {
    const old = await loadList(sanctionsFixture(new Date("2019-05-20T10:00:00.000+02:00")));
    expect(old.statusCode, old.body).toBe(201);
    const saver = await saverWithApplication("Erika Oldlist");
    const refused = await approve(saver.applicationId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("sanctions_list_outdated");
    expect((await dossier(saver.user.id)).may_be_approved).toMatchObject({ code: "sanctions_list_outdated" });

    const ahead = await loadList(sanctionsFixture(new Date(Date.now() + 3 * 86_400_000)));
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().code).toBe("sanctions_list_invalid");

    expect((await loadList(sanctionsFixture(new Date()))).statusCode).toBe(201);
    expect((await approve(saver.applicationId)).statusCode).toBe(200);
  });

  it("reckons the list's age by the app's clock: a month later it is outdated, the list of that day is current", async () => {
    const clock = adjustableClockOf(t.app);
    try {
      const monthLater = new Date(Date.now() + 30 * 86_400_000);
      clock.set(monthLater);
      const later = await saverWithApplication("Erika Monthlater");
      const refused = await approve(later.applicationId);
      expect(refused.json().code).toBe("sanctions_list_outdated");
      expect((await loadList(sanctionsFixture())).statusCode).toBe(200);
      expect((await approve(later.applicationId)).json().code).toBe("sanctions_list_outdated");
      expect((await loadList(sanctionsFixture(monthLater))).statusCode).toBe(201);
      expect((await approve(later.applicationId)).statusCode).toBe(200);
    } finally {
      clock.reset();
      // The list of the month ahead was loaded "then": back before today, so that the list of today,
      // loaded now, is the one in force for the next tests.
      await t.app.db
        .updateTable("sanctions_lists")
        .set({ checked_at: sql<Date>`now() - interval '1 day'` })
        .where("checked_at", ">", sql<Date>`now()`)
        .execute();
      await loadList(sanctionsFixture(new Date()));
    }
  });
});

describe("every name that identifies the saver is screened", () => {
  it("screens the ident provider's verified name and date of birth, and flags it when it differs from the account", async () => {
    const saver = await saverWithApplication("Erika Cleanname");
    await identVerified(saver.headers, { first: "Zorislav", last: "Kremnyov", dob: "1961-03-14" });
    const hits = (
      await t.app.inject({ url: "/api/admin/sanctions/hits?status=open", headers: admin.headers })
    ).json() as Array<{ user_id: string; screened_name: string; date_of_birth_match: boolean | null }>;
    const mine = hits.filter((h) => h.user_id === saver.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ screened_name: "Zorislav Kremnyov", date_of_birth_match: true });
    const refused = await approve(saver.applicationId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("sanctions_review_open");
    const seen = await dossier(saver.user.id);
    expect(seen.ident_verifications[0]).toMatchObject({
      first_name: "Zorislav",
      name_matches_account: false,
    });
  });

  it("screens each change of the account name", async () => {
    const saver = await saverWithApplication("Erika Renamed");
    const renamed = await t.app.inject({
      method: "PATCH",
      url: "/api/auth/profile",
      headers: saver.headers,
      payload: { full_name: "Zorislav Petrovich Kremnyov", email: saver.user.email },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Screened when renamed, before anyone asks for an approval: the hit is in the review queue.
    const screenings = await t.app.db
      .selectFrom("sanctions_screenings")
      .select(["trigger", "screened_name", "hit_count"])
      .where("user_id", "=", saver.user.id)
      .where("trigger", "=", "name_change")
      .execute();
    expect(screenings).toEqual([
      { trigger: "name_change", screened_name: "Zorislav Petrovich Kremnyov", hit_count: expect.any(Number) },
    ]);
    expect(screenings[0]?.hit_count).toBeGreaterThan(0);
    const queued = (
      await t.app.inject({ url: "/api/admin/sanctions/hits?status=open", headers: admin.headers })
    ).json() as Array<{ user_id: string }>;
    expect(queued.some((h) => h.user_id === saver.user.id)).toBe(true);
    const refused = await approve(saver.applicationId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("sanctions_review_open");
  });

  it("matches initials to full names", async () => {
    const saver = await saverWithApplication("Z. P. Kremnyov", "1961-03-14");
    const refused = await approve(saver.applicationId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("sanctions_review_open");
  });

  it("holds KYC approval while a hit is open", async () => {
    const saver = await createUser(t.app, { full_name: "Dragoljub Vukasinovic" });
    await t.app.inject({
      method: "PUT",
      url: "/api/kyc/profile",
      headers: saver.headers,
      payload: { ...VALID_PROFILE, date_of_birth: "1958-11-02" },
    });
    const decided = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/identity/users/${saver.user.id}/profile-decision`,
      headers: admin.headers,
      payload: { decision: "approve" },
    });
    expect(decided.statusCode).toBe(409);
    expect(decided.json().code).toBe("sanctions_review_open");
  });
});

describe("loading a list screens in the background", () => {
  it("answers at once, shows progress, screens everyone in batches, and resumes after an interruption", async () => {
    const before = await t.app.db
      .selectFrom("sanctions_screenings")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 5; i++) {
      await markVerified(t.app, (await createUser(t.app)).user.id, null, { sanctionsList: false });
    }
    const xml = sanctionsFixture(new Date(Date.now() - 3_600_000));
    const loaded = await loadList(xml);
    expect(loaded.statusCode, loaded.body).toBe(201);
    const run = loaded.json().screening;
    expect(run).toMatchObject({ status: "running", screened: 0 });
    expect(run.total).toBeGreaterThanOrEqual(5);
    // nothing screened inside the request
    const during = await t.app.db
      .selectFrom("sanctions_screenings")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(during.n).toBe(before.n);

    // a worker that dies on its second batch: the first batch is kept, the second rolls back
    let calls = 0;
    const dying = new JobQueue(t.app.db, t.app.clock, {
      batchSize: 1,
      leaseMs: 60_000,
      pollMs: 60_000,
      concurrency: 1,
    });
    dying.handle({
      "sanctions.screen": async (trx, job, now) => {
        if (job.payload.run_id === run.id) calls += 1;
        if (calls === 2) throw new Error("process killed");
        await sanctionsJobHandlers["sanctions.screen"](
          trx,
          { ...job, payload: { ...job.payload, batch: 2 } },
          now,
        );
      },
    });
    await dying.runDue();
    const lists = (await t.app.inject({ url: "/api/admin/sanctions/lists", headers: admin.headers })).json();
    expect(lists[0].screening).toMatchObject({ status: "running", screened: 2, total: run.total });

    // after the restart, the interrupted batch is taken up again and the run completes
    await t.app.db
      .updateTable("jobs")
      .set({ run_at: new Date(0) })
      .where("name", "=", "sanctions.screen")
      .execute();
    await t.app.jobs.runDue();
    const done = (await t.app.inject({ url: "/api/admin/sanctions/lists", headers: admin.headers })).json();
    expect(done[0].screening).toMatchObject({ status: "done", screened: run.total, total: run.total });
    const perSaver = await t.app.db
      .selectFrom("sanctions_screenings")
      .select(["user_id", (eb) => eb.fn.countAll<string>().as("n")])
      .where("list_id", "=", loaded.json().id)
      .where("trigger", "=", "list_load")
      .groupBy("user_id")
      .execute();
    expect(perSaver).toHaveLength(run.total);
  });
});
