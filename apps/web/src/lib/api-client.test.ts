import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, callPaged } from "./api-client.ts";
import { requestEarly } from "./early-session.ts";
import { i18n } from "./i18n.ts";
import { operations } from "./operations.ts";

/** The typed client takes method and path from the operation table and fills in the inputs. */
describe("api.call", () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { "Content-Type": "application/json", ...headers },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  }

  it("fills path parameters, sends the body as JSON with the entry's method", async () => {
    const fetchMock = stubFetch(200, { id: "p1" });
    await api.call(operations.adminPackagesUpdate, { params: { id: "a/b" }, body: { is_active: false } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/admin/packages/a%2Fb");
    expect(init?.method).toBe("PATCH");
    expect(JSON.parse(String(init?.body))).toEqual({ is_active: false });
  });

  it("adds the query and reads the total of a paged list", async () => {
    const fetchMock = stubFetch(200, [{ id: 1 }, { id: 2 }], { "X-Total-Count": "41" });
    const page = await callPaged(operations.adminAuditLogList, { query: { limit: 2, offset: 20 } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/admin/audit-log?limit=2&offset=20");
    expect(page.total).toBe(41);
    expect(page.items).toHaveLength(2);
  });

  it("turns an error answer into an ApiError with its code", async () => {
    stubFetch(409, { detail: "Not now", code: "withdrawal_period_over" });
    await expect(api.call(operations.applicationsWithdraw, { params: { id: "x" } })).rejects.toMatchObject(
      new ApiError(409, "withdrawal_period_over", "Not now"),
    );
  });

  it("takes a page's early answer instead of asking again; asks again when the early request failed", async () => {
    localStorage.setItem("token", "early-token");
    const language = i18n.language || "en";
    try {
      const early = vi.fn(async () => new Response(JSON.stringify({ unread: 3 }), { status: 200 }));
      vi.stubGlobal("fetch", early);
      requestEarly("/api/notifications/unread-count", language);
      const later = stubFetch(200, { unread: 9 });
      expect(await api.call(operations.notificationsUnreadCount, {})).toEqual({ unread: 3 });
      expect(later).not.toHaveBeenCalled();
      // Taken once: the next call asks.
      expect(await api.call(operations.notificationsUnreadCount, {})).toEqual({ unread: 9 });

      const failed = vi.fn(async () => {
        throw new TypeError("Network request failed");
      });
      vi.stubGlobal("fetch", failed);
      requestEarly("/api/notifications/unread-count", language);
      expect(failed).toHaveBeenCalledTimes(1);
      const again = stubFetch(200, { unread: 4 });
      expect(await api.call(operations.notificationsUnreadCount, {})).toEqual({ unread: 4 });
      expect(again).toHaveBeenCalledTimes(1);
      expect(failed).toHaveBeenCalledTimes(1);
    } finally {
      localStorage.clear();
    }
  });
});
