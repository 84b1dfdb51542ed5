import {
  type AdminApplication,
  type Application,
  BUSINESS_TIME_ZONE,
  type DepositDetail,
  dateInZone,
  type Language,
  type ProductCurrency,
} from "@festgeld/domain";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { expect } from "vitest";
import type { ClaimedJob } from "../../src/db/job-queue.ts";
import { depositBatchJobHandlers } from "../../src/modules/deposits/deposit-jobs.ts";
import { createUser } from "./factories.ts";
import { markVerified } from "./identity.ts";

type Headers = { authorization: string };

export const SAVER_IBAN = "DE89370400440532013000";

/** An active package (of a term, when given): what an application is sent for. */
export function activePackage(app: FastifyInstance, months?: number) {
  return app.db
    .selectFrom("packages")
    .select("id")
    .$if(months !== undefined, (qb) => qb.where("duration_months", "=", months as number))
    .where("is_active", "=", true)
    .executeTakeFirstOrThrow();
}

/**
 * A copy of the active package of a term in another currency (the admin API offers euro packages only;
 * the database and the contract take any of `CURRENCIES`), active so that an application may be sent.
 */
export async function packageInCurrency(app: FastifyInstance, currency: ProductCurrency, months = 12) {
  const source = await activePackage(app, months);
  const copy = await sql<{ id: string }>`
    insert into packages (duration_months, interest_rate, min_amount_cents, max_amount_cents, currency, features,
                          early_closure, bank_id, interest_payout)
    select duration_months, interest_rate, min_amount_cents, max_amount_cents, ${currency}, features,
           early_closure, bank_id, interest_payout
      from packages where id = ${source.id}
    returning id`.execute(app.db);
  const row = copy.rows[0];
  if (!row) throw new Error("package not copied");
  return row;
}

/** The application form as a saver sends it: 10,000 to the package, paid out at maturity, to the reference IBAN. */
export function applicationPayload(
  fullName: string,
  packageId: string,
  options: { amount?: number; instruction?: "payout" | "renew_principal" | "renew_all"; email?: string } = {},
) {
  return {
    full_name: fullName,
    email: options.email ?? "erika@example.test",
    phone: "+49 30 1234567",
    amount: options.amount ?? 10_000,
    package_id: packageId,
    reference_iban: SAVER_IBAN,
    maturity_instruction: options.instruction ?? "payout",
    info_sheet_acknowledged: true,
  };
}

/**
 * Sends an application as the user under the account's name, verifies the user's identity and approves
 * it as the admin.
 */
export async function approvedApplication(
  app: FastifyInstance,
  saver: { user: { id: string }; headers: Headers },
  admin: { headers: Headers },
  options: {
    amount?: number;
    months?: number;
    instruction?: "payout" | "renew_principal" | "renew_all";
    /** Another currency than euro: sent to a copy of the package in it, withdrawn from sale once sent. */
    currency?: ProductCurrency;
  } = {},
): Promise<Application & { deposit: NonNullable<Application["deposit"]> }> {
  const foreign = options.currency !== undefined && options.currency !== "EUR";
  const pkg = foreign
    ? await packageInCurrency(app, options.currency as ProductCurrency, options.months ?? 12)
    : await activePackage(app, options.months ?? 12);
  // Applied under the account's name: approval refuses another name than the verified holder's.
  const account = await app.db
    .selectFrom("users")
    .select("full_name")
    .where("id", "=", saver.user.id)
    .executeTakeFirstOrThrow();
  const sent = await app.inject({
    method: "POST",
    url: "/api/applications",
    headers: saver.headers,
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    payload: applicationPayload(account.full_name, pkg.id, options),
  });
  if (sent.statusCode !== 201) throw new Error(`application: ${sent.statusCode} ${sent.body}`);
  // Withdrawn from sale: no later application picks the copy up as "the active package of a term".
  if (foreign)
    await app.db.updateTable("packages").set({ is_active: false }).where("id", "=", pkg.id).execute();
  await markVerified(app, saver.user.id);
  const decided = await app.inject({
    method: "PATCH",
    url: `/api/admin/applications/${sent.json().id}/decision`,
    headers: admin.headers,
    payload: { decision: "approved" },
  });
  if (decided.statusCode !== 200) throw new Error(`decision: ${decided.statusCode} ${decided.body}`);
  const application = decided.json() as AdminApplication;
  if (!application.deposit) throw new Error("approval created no deposit");
  return application as Application & { deposit: NonNullable<Application["deposit"]> };
}

export interface CamtCredit {
  amount: string;
  currency?: string;
  reference?: string;
  unstructured?: string;
  iban?: string;
  name?: string;
  valueDate?: string;
}

/** A camt.053 statement of the given version with one booked entry per credit (and one debit). */
export function camt053(
  version: "02" | "08",
  statement: { messageId: string; statementId?: string; credits: CamtCredit[] },
): string {
  const today = dateInZone(new Date(), BUSINESS_TIME_ZONE);
  const entries = statement.credits
    .map((c, i) => {
      const debtor =
        version === "02"
          ? `<Dbtr><Nm>${c.name ?? "Erika Mustermann"}</Nm></Dbtr>`
          : `<Dbtr><Pty><Nm>${c.name ?? "Erika Mustermann"}</Nm></Pty></Dbtr>`;
      const status = version === "02" ? "<Sts>BOOK</Sts>" : "<Sts><Cd>BOOK</Cd></Sts>";
      const remittance = [
        c.unstructured ? `<Ustrd>${c.unstructured}</Ustrd>` : "",
        c.reference
          ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>ISO</Issr></Tp><Ref>${c.reference}</Ref></CdtrRefInf></Strd>`
          : "",
      ].join("");
      return `
      <Ntry>
        <Amt Ccy="${c.currency ?? "EUR"}">${c.amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        ${status}
        <BookgDt><Dt>${c.valueDate ?? today}</Dt></BookgDt>
        <ValDt><Dt>${c.valueDate ?? today}</Dt></ValDt>
        <AcctSvcrRef>BANKREF-${i}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>E2E-${i}</EndToEndId></Refs>
          <Amt Ccy="${c.currency ?? "EUR"}">${c.amount}</Amt>
          <RltdPties>${debtor}<DbtrAcct><Id><IBAN>${c.iban ?? SAVER_IBAN}</IBAN></Id></DbtrAcct></RltdPties>
          <RmtInf>${remittance}</RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>`;
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${statement.messageId}</MsgId><CreDtTm>${today}T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${statement.statementId ?? `${statement.messageId}-1`}</Id>
      <CreDtTm>${today}T18:00:00</CreDtTm>
      <Acct><Id><IBAN>DE52000000000012345678</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Ntry>
        <Amt Ccy="EUR">12.50</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        ${version === "02" ? "<Sts>BOOK</Sts>" : "<Sts><Cd>BOOK</Cd></Sts>"}
        <BookgDt><Dt>${today}</Dt></BookgDt>
        <ValDt><Dt>${today}</Dt></ValDt>
      </Ntry>${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

/** A deposit as staff see it. */
export async function depositDetail(
  app: FastifyInstance,
  admin: { headers: Headers },
  id: string,
): Promise<DepositDetail> {
  const res = await app.inject({ url: `/api/admin/deposits/${id}`, headers: admin.headers });
  if (res.statusCode !== 200) throw new Error(`deposit: ${res.statusCode} ${res.body}`);
  return res.json() as DepositDetail;
}

/** A deposit of a new saver, approved and funded by staff with the given value date (12 months by default). */
export async function fundedByStaff(
  app: FastifyInstance,
  admin: { headers: Headers },
  valueDate: string,
  options: {
    amount?: number;
    months?: number;
    instruction?: "payout" | "renew_principal" | "renew_all";
    /** The saver's language, set before the application is sent. */
    language?: Language;
  } = {},
) {
  const amount = options.amount ?? 10_000;
  const saver = await createUser(app);
  if (options.language) {
    await app.db
      .updateTable("users")
      .set({ language: options.language })
      .where("id", "=", saver.user.id)
      .execute();
  }
  const application = await approvedApplication(app, saver, admin, {
    amount,
    instruction: options.instruction ?? "payout",
    months: options.months ?? 12,
  });
  const res = await app.inject({
    method: "POST",
    url: `/api/admin/deposits/${application.deposit.id}/funding`,
    headers: admin.headers,
    payload: { amount, value_date: valueDate, payer_iban: SAVER_IBAN },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { saver, application, deposit: res.json() as DepositDetail };
}

/** The maturity jobs of some deposits as the queue claims them. */
export async function maturityJobs(
  app: FastifyInstance,
  depositIds: readonly string[],
): Promise<ClaimedJob[]> {
  const rows = await app.db
    .selectFrom("jobs")
    .select(["id", "name", "key", "payload", "attempts", "max_attempts"])
    .where(
      "key",
      "in",
      depositIds.map((id) => `deposit.maturity:${id}`),
    )
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), payload: r.payload as Record<string, unknown> }));
}

/** Runs the maturity batch handler over some jobs in one transaction, as the queue would. */
export function settleMaturities(app: FastifyInstance, jobs: readonly ClaimedJob[], now: Date) {
  const handler = depositBatchJobHandlers(app.events)["deposit.maturity"];
  if (!handler) throw new Error("no maturity batch handler");
  return app.db.transaction().execute((trx) => handler(trx, jobs, now));
}
