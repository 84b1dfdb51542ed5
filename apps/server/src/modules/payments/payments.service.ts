/**
 * The payments module's service: what routes and other modules call. Each part lives in a file of its
 * own (docs/decisions.md "Modules are plugins; events are typed and belong to the app"): the records and
 * audit of an order (order-records.ts), the checks the bank's file makes (order-checks.ts), creating
 * orders (order-creation.ts), the staff actions on them (order-actions.ts), pain.001 file runs
 * (payment-files.ts), booking the bank statement (statement-booking.ts) and unmatched credits
 * (unmatched-credits.ts).
 */
export { cancelOrder, listOrders, releaseOrder, reorder } from "./order-actions.ts";
export { invalidOrder, nameSurvivesSepa, type OrderProblem, orderProblem } from "./order-checks.ts";
export { createOrder, createOrders, type NewOrder, newEndToEndId } from "./order-creation.ts";
export { orderFacts, type PaymentActor, SYSTEM_ACTOR } from "./order-records.ts";
export { createFiles, fileXml, listFiles, type PaymentFileSettings } from "./payment-files.ts";
export {
  type Booking,
  bookOrders,
  debitProblem,
  type EntryRef,
  type KnownOrders,
  knownOrders,
  type OrderReturn,
  returnOrders,
  returnProblem,
  statementImported,
} from "./statement-booking.ts";
export {
  listUnmatchedCredits,
  type NewUnmatchedCredit,
  orderCreditReturn,
  recordUnmatchedCredits,
} from "./unmatched-credits.ts";
