import { ibanProblem } from "@festgeld/domain";
import { type AppError, badRequest } from "../../lib/errors.ts";
import { MAX_TRANSFER_CENTS } from "./pain001.ts";
import { toSepaText } from "./sepa-text.ts";

export type OrderProblem =
  | "creditor_iban_invalid"
  | "creditor_iban_not_sepa"
  | "creditor_name_not_sepa"
  | "amount_out_of_range"
  | "currency_not_eur";

const ORDER_PROBLEM_TEXT: Record<OrderProblem, string> = {
  creditor_iban_invalid: "the creditor IBAN is not a valid IBAN",
  creditor_iban_not_sepa: "the creditor IBAN is not one of a SEPA country",
  creditor_name_not_sepa: "the creditor name cannot be written in the SEPA character set",
  amount_out_of_range: "the amount must be 0.01 to 999,999,999.99",
  currency_not_eur: "SEPA credit transfers are in euro only",
};

/**
 * True when a name survives the SEPA character set: after transliteration (sepa-text.ts) it still has
 * a letter and nothing of it became a full stop. "😀😀😀" or "李" written as dots would reach the bank
 * as no name at all.
 */
export function nameSurvivesSepa(name: string): boolean {
  const written = toSepaText(name);
  const dots = (text: string) => text.split(".").length - 1;
  return /[A-Za-z]/.test(written) && dots(written) <= dots(name);
}

/** The first reason the bank's file could not carry an order, or null when it can. */
export function orderProblem(order: {
  creditorIban: string;
  creditorName: string;
  amountCents: bigint;
  currency?: string | undefined;
}): OrderProblem | null {
  const iban = ibanProblem(order.creditorIban);
  if (iban === "country") return "creditor_iban_not_sepa";
  if (iban) return "creditor_iban_invalid";
  if (!nameSurvivesSepa(order.creditorName)) return "creditor_name_not_sepa";
  if (order.amountCents <= 0n || order.amountCents > MAX_TRANSFER_CENTS) return "amount_out_of_range";
  if ((order.currency ?? "EUR") !== "EUR") return "currency_not_eur";
  return null;
}

export function invalidOrder(problem: OrderProblem): AppError {
  return badRequest(
    "payment_order_invalid",
    `The bank's file cannot carry this payment (${problem}): ${ORDER_PROBLEM_TEXT[problem]}`,
  );
}
