import type { BankException, BankStatementResult, PaymentOrder } from "@festgeld/domain";
import type { FastifyInstance } from "fastify";

type Headers = { authorization: string };

/** The test configuration's partner bank account (.env of the tests). */
export const PARTNER_IBAN = "DE52000000000012345678";

export interface CamtDebit {
  endToEndId: string;
  amount: string;
  creditorIban?: string;
  creditorName?: string;
}

export interface CamtReturn {
  originalEndToEndId: string;
  amount: string;
  reasonCode?: string;
}

let counter = 0;

/**
 * A camt.053.001.08 statement of the partner account with one booked debit per order (the bank
 * executing a payment file) and, optionally, returns of earlier payments (credits naming the
 * original end-to-end id and a reason code).
 */
export function debitStatement(statement: {
  bookingDate: string;
  debits: CamtDebit[];
  returns?: CamtReturn[];
  account?: string;
  messageId?: string;
}): string {
  counter += 1;
  const messageId = statement.messageId ?? `PAYOUT-${Date.now()}-${counter}`;
  const debits = statement.debits
    .map(
      (d, i) => `
      <Ntry>
        <NtryRef>D-${messageId}-${i}</NtryRef>
        <Amt Ccy="EUR">${d.amount}</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${statement.bookingDate}</Dt></BookgDt>
        <ValDt><Dt>${statement.bookingDate}</Dt></ValDt>
        <AcctSvcrRef>D-${messageId}-${i}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>${d.endToEndId}</EndToEndId></Refs>
          <Amt Ccy="EUR">${d.amount}</Amt>
          <RltdPties><Cdtr><Pty><Nm>${d.creditorName ?? "Erika Mustermann"}</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>${d.creditorIban ?? "DE89370400440532013000"}</IBAN></Id></CdtrAcct></RltdPties>
        </TxDtls></NtryDtls>
      </Ntry>`,
    )
    .join("");
  const returns = (statement.returns ?? [])
    .map(
      (r, i) => `
      <Ntry>
        <Amt Ccy="EUR">${r.amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${statement.bookingDate}</Dt></BookgDt>
        <ValDt><Dt>${statement.bookingDate}</Dt></ValDt>
        <AcctSvcrRef>R-${messageId}-${i}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>RRTN</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>${r.originalEndToEndId}</EndToEndId></Refs>
          <Amt Ccy="EUR">${r.amount}</Amt>
          <RtrInf><Rsn><Cd>${r.reasonCode ?? "AC04"}</Cd></Rsn></RtrInf>
        </TxDtls></NtryDtls>
      </Ntry>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>${statement.bookingDate}T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${messageId}-1</Id>
      <CreDtTm>${statement.bookingDate}T18:00:00</CreDtTm>
      <Acct><Id><IBAN>${statement.account ?? PARTNER_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>${debits}${returns}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

/** The orders as staff list them. */
export async function listOrders(app: FastifyInstance, admin: { headers: Headers }, query = "") {
  const res = await app.inject({ url: `/api/admin/payments?limit=100${query}`, headers: admin.headers });
  if (res.statusCode !== 200) throw new Error(`payments: ${res.statusCode} ${res.body}`);
  return res.json() as PaymentOrder[];
}

/** Writes the payment files of the orders due, as staff do (the orders are then in transit). */
export async function createPaymentFiles(app: FastifyInstance, admin: { headers: Headers }): Promise<void> {
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/payment-files",
    headers: admin.headers,
    payload: {},
  });
  if (res.statusCode !== 201) throw new Error(`payment files: ${res.statusCode} ${res.body}`);
}

/** Imports a camt.053 statement as staff do; answers the response (a dry run books nothing). */
export function postStatement(
  app: FastifyInstance,
  admin: { headers: Headers },
  xml: string,
  dryRun = false,
) {
  return app.inject({
    method: "POST",
    url: "/api/admin/bank-statements",
    headers: admin.headers,
    payload: { xml, dry_run: dryRun },
  });
}

/** Imports a statement that must be taken; answers the import's result. */
export async function importStatementOk(
  app: FastifyInstance,
  admin: { headers: Headers },
  xml: string,
): Promise<BankStatementResult> {
  const res = await postStatement(app, admin, xml);
  if (res.statusCode !== 200) throw new Error(`statement: ${res.statusCode} ${res.body.slice(0, 400)}`);
  return res.json() as BankStatementResult;
}

/** A statement of the bank sending payments of ours back, each for its full amount, with a reason code. */
export function returnsStatement(
  bookingDate: string,
  orders: ReadonlyArray<Pick<PaymentOrder, "end_to_end_id" | "amount">>,
  reasonCode = "AC04",
): string {
  return debitStatement({
    bookingDate,
    debits: [],
    returns: orders.map((o) => ({
      originalEndToEndId: o.end_to_end_id,
      amount: o.amount.toFixed(2),
      reasonCode,
    })),
  });
}

/**
 * What the bank does with the open orders: staff create the payment files, and the next statement
 * books each order's debit on the booking date. Answers the orders booked.
 */
export async function settlePayments(
  app: FastifyInstance,
  admin: { headers: Headers },
  bookingDate: string,
): Promise<PaymentOrder[]> {
  const open = await listOrders(app, admin, "&status=ordered");
  if (open.length === 0) return [];
  await createPaymentFiles(app, admin);
  const xml = debitStatement({
    bookingDate,
    debits: open.map((o) => ({ endToEndId: o.end_to_end_id, amount: o.amount.toFixed(2) })),
  });
  await importStatementOk(app, admin, xml);
  return open;
}

/** The exception queue as staff list it (every status). */
export async function listExceptions(app: FastifyInstance, admin: { headers: Headers }, query = "") {
  const res = await app.inject({
    url: `/api/admin/bank-exceptions?limit=100${query}`,
    headers: admin.headers,
  });
  if (res.statusCode !== 200) throw new Error(`bank exceptions: ${res.statusCode} ${res.body}`);
  return res.json() as BankException[];
}

/** One staff member's action on an exception (answers the raw response). */
export function actOnException(
  app: FastifyInstance,
  admin: { headers: Headers },
  id: string,
  body: { action: string; reason?: string; deposit_id?: string },
) {
  return app.inject({
    method: "POST",
    url: `/api/admin/bank-exceptions/${id}/action`,
    headers: admin.headers,
    payload: body,
  });
}

export function releaseException(app: FastifyInstance, admin: { headers: Headers }, id: string) {
  return app.inject({
    method: "POST",
    url: `/api/admin/bank-exceptions/${id}/release`,
    headers: admin.headers,
  });
}

/**
 * Four eyes: `requester` asks to send the unmatched credit back to its payer, `releaser` (another
 * staff member) releases it. Answers the return order.
 */
export async function returnUnmatchedCredit(
  app: FastifyInstance,
  requester: { headers: Headers },
  releaser: { headers: Headers },
  unmatchedCreditId: string,
): Promise<PaymentOrder> {
  const exception = (await listExceptions(app, requester)).find(
    (e) => e.unmatched_credit_id === unmatchedCreditId,
  );
  if (!exception) throw new Error(`no exception for unmatched credit ${unmatchedCreditId}`);
  const requested = await actOnException(app, requester, exception.id, { action: "return_to_payer" });
  if (requested.statusCode !== 200) throw new Error(`return: ${requested.statusCode} ${requested.body}`);
  const released = await releaseException(app, releaser, exception.id);
  if (released.statusCode !== 200) throw new Error(`release: ${released.statusCode} ${released.body}`);
  const orderId = (released.json() as BankException).return_order_id;
  const order = (await listOrders(app, requester)).find((o) => o.id === orderId);
  if (!order) throw new Error("the return order is not listed");
  return order;
}
