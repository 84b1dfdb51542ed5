import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

const pages: unknown[] = [];
const calls: string[] = [];
let unread = 2;
vi.mock("../../../lib/api-client.ts", () => ({
  callPaged: vi.fn(async (_operation: unknown, input: { query: unknown }) => {
    pages.push(input.query);
    return { items: [], total: 0 };
  }),
  api: {
    call: vi.fn(async (operation: { id: string }) => {
      calls.push(operation.id);
      if (operation.id === "notificationsMarkAllRead") unread = 0;
      if (operation.id === "notificationsMarkRead") unread -= 1;
      return { unread };
    }),
  },
}));

const { useInbox, useMarkAllRead, useMarkRead, useUnreadCount } = await import("./inbox-api.ts");

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

afterEach(() => {
  cleanup();
  pages.length = 0;
  calls.length = 0;
  unread = 2;
});

describe("the inbox's queries", () => {
  it("asks for every kind without a kind parameter, and for one kind from its first page", async () => {
    const { wrapper } = setup();
    const { result, rerender } = renderHook(
      ({ kind }: { kind: "all" | "security" }) => useInbox(kind, "Pages"),
      {
        wrapper,
        initialProps: { kind: "all" },
      },
    );
    await waitFor(() => expect(pages).toEqual([{ limit: 20, offset: 0 }]));
    act(() => result.current.paging.onChange(20));
    await waitFor(() => expect(pages.at(-1)).toEqual({ limit: 20, offset: 20 }));
    rerender({ kind: "security" });
    await waitFor(() => expect(pages.at(-1)).toEqual({ kind: "security", limit: 20, offset: 0 }));
  });

  it("takes the unread count the server answers and reads the lists again after marking", async () => {
    const { client, wrapper } = setup();
    const { result } = renderHook(
      () => ({
        list: useInbox("all", "Pages"),
        count: useUnreadCount(),
        one: useMarkRead(),
        all: useMarkAllRead(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.count.data).toEqual({ unread: 2 }));
    await waitFor(() => expect(pages).toHaveLength(1));
    await act(() => result.current.one.mutateAsync("11111111-1111-4111-8111-111111111111"));
    expect(client.getQueryData(["notifications", "unread"])).toEqual({ unread: 1 });
    await waitFor(() => expect(pages).toHaveLength(2));
    await act(() => result.current.all.mutateAsync());
    expect(client.getQueryData(["notifications", "unread"])).toEqual({ unread: 0 });
    await waitFor(() => expect(pages).toHaveLength(3));
    // The count came from the answers, not from asking again.
    expect(calls.filter((id) => id === "notificationsUnreadCount")).toHaveLength(1);
  });
});
