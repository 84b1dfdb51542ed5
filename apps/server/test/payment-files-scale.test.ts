import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAuditEntries } from "../src/modules/audit/audit.repository.ts";
import { auditEvent } from "../src/modules/payments/order-records.ts";
import * as repo from "../src/modules/payments/payments.repository.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin } from "./helpers/factories.ts";
import { PARTNER_IBAN } from "./helpers/payments.ts";
import { PAIN001_XSD, validateAllAgainstXsd } from "./helpers/xsd.ts";

/**
 * The set-based file run (docs/decisions.md "Payment files at scale"): orders read with a file's
 * columns, marked submitted in chunks, their audit entries written by the database, their
 * transactions by the escaping writer; and the chunked writes themselves, past one chunk.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
const SECOND_IBAN = "DE02120300000000202051";
const NOW = new Date("2026-11-26T10:00:00Z");

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

let serial = 0;

/** Open orders as a job would have made them (no deposit needed for a file), answered in creation order. */
async function seedOrders(
  count: number,
  debtorIban: string,
  creditor: Partial<{ name: string; iban: string }> = {},
) {
  const rows = Array.from({ length: count }, () => {
    serial += 1;
    return {
      source: "credit_return",
      status: "ordered",
      debtor_name: "Demo Partner Bank AG",
      debtor_iban: debtorIban,
      debtor_bic: "BYLADEM1001",
      creditor_name: creditor.name ?? `Saver ${serial}`,
      creditor_iban: creditor.iban ?? "DE89370400440532013000",
      amount_cents: String(1_000 + serial),
      principal_cents: "0",
      interest_cents: "0",
      end_to_end_id: `FGSCALE${String(serial).padStart(8, "0")}`,
      remittance: `Return ${serial}`,
      requested_date: "2026-11-26",
      created_at: new Date(NOW.getTime() - 3_600_000 + serial),
      updated_at: NOW,
    } as const;
  });
  return repo.insertOrders(t.app.db, rows);
}

describe("payment files at scale", () => {
  it("every order in exactly one valid file, a bad one held, texts escaped, each audited as before", async () => {
    const first = await seedOrders(23, PARTNER_IBAN);
    const second = await seedOrders(11, SECOND_IBAN, { name: "O'Brien & Söhne" });
    const [bad] = await seedOrders(1, SECOND_IBAN, { iban: "DE00000000000000000000" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/payment-files",
      headers: admin.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().held.map((o: { id: string }) => o.id)).toEqual([bad?.id]);

    const files = await t.app.db.selectFrom("payment_files").select(["id", "xml", "order_count"]).execute();
    expect(files.map((f) => f.order_count).sort()).toEqual([11, 23]);
    expect(
      (
        await validateAllAgainstXsd(
          files.map((f) => f.xml),
          PAIN001_XSD,
        )
      ).flat(),
    ).toEqual([]);
    const inFiles = files.flatMap((f) => [...f.xml.matchAll(/<EndToEndId>([^<]+)</g)].map((m) => m[1]));
    expect(inFiles.sort()).toEqual([...first, ...second].map((o) => o.end_to_end_id).sort());
    // The creditor's name in the SEPA set, its apostrophe escaped as the builder escapes it.
    expect(files.find((f) => f.order_count === 11)?.xml).toContain("<Nm>O&apos;Brien + Soehne</Nm>");

    const orders = await t.app.db
      .selectFrom("payment_orders")
      .selectAll()
      .where("status", "=", "submitted")
      .execute();
    expect(orders).toHaveLength(34);
    const entries = await t.app.db
      .selectFrom("audit_log")
      .select(["target_id", "details", "actor_id", "actor_email"])
      .where("action", "=", "payment.submitted")
      .execute();
    const byOrder = new Map(entries.map((e) => [e.target_id, e]));
    expect(byOrder.size).toBe(34);
    for (const order of orders) {
      const entry = byOrder.get(order.id);
      expect(entry).toMatchObject({ actor_id: admin.user.id, actor_email: admin.user.email });
      // The entries the database wrote carry what `auditEvent` would have written.
      expect(entry?.details).toEqual(
        auditEvent("payment.submitted", order, { file_id: order.file_id }).details,
      );
    }
  });

  it("marks more orders than one write chunk; an order no longer open is left as it is", async () => {
    const orders = await seedOrders(10, PARTNER_IBAN);
    const [cancelled] = await seedOrders(1, PARTNER_IBAN);
    await t.app.db
      .updateTable("payment_orders")
      .set({ status: "cancelled", cancel_reason: "test" })
      .where("id", "=", cancelled?.id ?? "")
      .execute();
    const file = await repo.insertFile(t.app.db, {
      message_id: "FGSCALE-CHUNKS",
      debtor_iban: PARTNER_IBAN,
      requested_date: "2026-11-26",
      order_count: 10,
      control_sum_cents: 1n,
      xml: "<Document/>",
      created_at: NOW,
      created_by: admin.user.id,
    });
    const ids = [...orders, cancelled].map((o) => o?.id ?? "");
    const marked = await repo.markSubmitted(t.app.db, ids, file.id, NOW, 4);
    expect([...marked].sort()).toEqual(orders.map((o) => o.id).sort());
    const stored = await t.app.db
      .selectFrom("payment_orders")
      .select(["status", "file_id"])
      .where(sql<boolean>`id = any(${ids}::uuid[])`)
      .execute();
    expect(stored.filter((o) => o.status === "submitted" && o.file_id === file.id)).toHaveLength(10);
    expect(stored.filter((o) => o.status === "cancelled" && o.file_id === null)).toHaveLength(1);
  });

  it("inserts more audit entries than one write chunk, in order, their texts intact", async () => {
    const texts = ['quote " and \\ backslash', "{braces}, commas", "ümlaut € 😀", "null", ""];
    const rows = Array.from({ length: 7 }, (_, i) => ({
      actor_id: i % 2 === 0 ? admin.user.id : null,
      actor_email: i % 2 === 0 ? admin.user.email : "system",
      action: "payment.held",
      target_type: "payment_order",
      target_id: i === 3 ? null : `chunk-${i}`,
      details: JSON.stringify({ n: i, text: texts[i % texts.length] }),
    }));
    await insertAuditEntries(t.app.db, rows, 3);
    const stored = await t.app.db
      .selectFrom("audit_log")
      .select(["actor_id", "actor_email", "action", "target_type", "target_id", "details"])
      .where("action", "=", "payment.held")
      .where((eb) => eb.or([eb("target_id", "like", "chunk-%"), eb("target_id", "is", null)]))
      .orderBy("id")
      .execute();
    expect(stored).toEqual(rows.map((r) => ({ ...r, details: JSON.parse(r.details) })));
  });
});
