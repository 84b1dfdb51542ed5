import type { SignedInPage } from "../app/signed-in-pages.ts";

/** Messages per page of the inbox (features/inbox/api/inbox-api.ts), here for its early request. */
export const INBOX_PAGE_SIZE = 20;

/**
 * The GET requests a signed-in page makes as it first renders, asked for beside the app's code on a
 * direct visit (app/signed-in-start.ts, lib/early-session.ts): the inbox's first page and unread count,
 * the identity check's status, checklist and personal data, the back office's two-factor status and, on
 * its overview, the figures. Each address is written as the API client writes it (`e2e/early-answers.spec.ts`
 * checks that the page takes each answer rather than asking again). The dashboard's applications are not
 * among them: the dashboard asks for them once its welcome is painted, and a saver's list of many deposits
 * would share the slow connection with the page's code.
 */
export function pageRequests(page: SignedInPage, search: string): readonly string[] {
  switch (page) {
    case "/inbox":
      return [`/api/notifications?limit=${INBOX_PAGE_SIZE}&offset=0`, "/api/notifications/unread-count"];
    case "/kyc":
      return ["/api/kyc/status", "/api/me/approval-checklist", "/api/kyc/profile"];
    case "/admin":
      return isAdminOverview(search)
        ? ["/api/auth/security", "/api/admin/analytics", "/api/admin/deposits/summary"]
        : ["/api/auth/security"];
    default:
      return [];
  }
}

/** Whether /admin's address (its query) opens the overview, the back office's first area. */
export function isAdminOverview(search: string): boolean {
  const tab = new URLSearchParams(search).get("tab");
  return !tab || tab === "overview";
}
