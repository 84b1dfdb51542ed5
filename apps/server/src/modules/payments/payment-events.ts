/**
 * The events of money moving through the partner banks' accounts: payment orders through their
 * life, and what an imported bank statement says. The payments module publishes them inside the
 * transaction that records the change; the journal (double-entry books) and the saver's messages
 * subscribe. Amounts are integer cents of the books' currency (bigint, as the database holds them); dates are
 * 'YYYY-MM-DD' in the business time zone; IBANs are normalized (no spaces, upper case).
 */
import type { PaymentOrderSourceCode, PaymentOrderStatusCode } from "@festgeld/domain";

/** Why money leaves a partner bank account, and an order's states: the domain's lists. */
export type PaymentOrderSource = PaymentOrderSourceCode;
export type PaymentOrderStatus = PaymentOrderStatusCode;

/** A payment order as subscribers need it (no re-read). */
export interface PaymentOrderFacts {
  id: string;
  source: PaymentOrderSource;
  status: PaymentOrderStatus;
  /** The deposit the money belongs to; null for the return of an unmatched credit. */
  depositId: string | null;
  userId: string | null;
  /** The partner bank account the money leaves (the deposit's receiving account). */
  debtorIban: string;
  creditorIban: string;
  creditorName: string;
  amountCents: bigint;
  /** For a payout: how much of amountCents is principal and how much interest (0 for a return). */
  principalCents: bigint;
  interestCents: bigint;
  endToEndId: string;
  remittance: string;
  /** The date the order asks the bank to execute it. */
  requestedDate: string;
  /** For a credit return: the statement entry of the credit being returned. */
  returnsStatementEntry: string | null;
}

/** One entry of an imported statement, as the books need it to reconcile. */
export interface StatementEntryFacts {
  /** Stable within the statement: the bank's entry reference, else its position ("#3"). */
  key: string;
  direction: "credit" | "debit";
  amountCents: bigint;
  bookingDate: string;
  valueDate: string | null;
  /** True for a reversal (RvslInd): it undoes an earlier entry of the opposite direction. */
  reversal: boolean;
  endToEndId: string | null;
  /** What the import did with it. */
  outcome: "funded" | "booked_order" | "returned_order" | "unmatched" | "refused" | "ignored";
}

export type PaymentEvent =
  | { kind: "order_created"; at: Date; order: PaymentOrderFacts; actorId: string | null }
  | { kind: "order_submitted"; at: Date; order: PaymentOrderFacts; fileId: string; actorId: string | null }
  | {
      kind: "order_booked";
      at: Date;
      order: PaymentOrderFacts;
      bookingDate: string;
      statementId: string;
      statementEntryKey: string;
    }
  | {
      kind: "order_returned";
      at: Date;
      order: PaymentOrderFacts;
      bookingDate: string;
      reasonCode: string | null;
      /** True when the bank reversed its booking of the debit (RvslInd) rather than returning it. */
      reversal?: boolean;
      statementId: string;
      statementEntryKey: string;
    }
  | { kind: "order_cancelled"; at: Date; order: PaymentOrderFacts; reason: string; actorId: string }
  | {
      /**
       * An order that waited (held, or awaiting a second staff member) is ordered. When its money now
       * goes to another IBAN than before, `previousCreditorIban` names the old one: the saver is told.
       */
      kind: "order_released";
      at: Date;
      order: PaymentOrderFacts;
      previousCreditorIban: string | null;
      /** The returned order a re-order replaces. */
      replacesOrderId: string | null;
      requestedBy: string | null;
      releasedBy: string;
    }
  | {
      /** A credit on a partner bank account that no deposit awaits: it waits in suspense. */
      kind: "credit_unmatched";
      at: Date;
      accountIban: string;
      amountCents: bigint;
      bookingDate: string;
      statementId: string;
      statementEntryKey: string;
      payerIban: string | null;
      payerName: string | null;
    }
  | {
      /**
       * Staff settled a bank exception with money moving in the books: a debit recorded as a bank fee,
       * or a debit or a euro credit in suspense written off (docs/decisions.md "Bank exceptions").
       */
      kind: "exception_settled";
      at: Date;
      exceptionId: string;
      action: "bank_fee" | "write_off";
      accountIban: string;
      direction: "credit" | "debit";
      amountCents: bigint;
      /** The credit waits in suspense (credit_unmatched); a debit was never booked here. */
      inSuspense: boolean;
      bookingDate: string;
      statementId: string;
      statementEntryKey: string;
      actorId: string | null;
    }
  | {
      /** A statement was imported (after its entries' own events): the bank's view of the account. */
      kind: "statement_imported";
      at: Date;
      statementId: string;
      accountIban: string;
      /** The closing booked balance (CLBD) and its date; null when the statement has none. */
      closingBalanceCents: bigint | null;
      closingDate: string | null;
      openingBalanceCents: bigint | null;
      entries: StatementEntryFacts[];
    };

declare module "../../plugins/events.ts" {
  interface AppEvents {
    /** Published by the payments module (orders, files, statement imports). */
    payment: PaymentEvent;
  }
}
