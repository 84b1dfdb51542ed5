import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { operations } from "./operations.ts";

const calls: unknown[] = [];
vi.mock("./api-client.ts", () => ({
  callPaged: vi.fn(async (_operation: unknown, input: { query: unknown }) => {
    calls.push(input.query);
    return { items: [], total: 60 };
  }),
}));

const { usePagedListState } = await import("./paged-list.ts");

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => {
  cleanup();
  calls.length = 0;
});

describe("usePagedListState", () => {
  it("asks for one page at its offset, pages on, and starts again at the first page when a filter changes", async () => {
    const { result, rerender } = renderHook(
      ({ action }: { action: "package.updated" | "user.locked" }) =>
        usePagedListState(["audit"], operations.adminAuditLogList, { action }, 25, "Audit pages"),
      { wrapper, initialProps: { action: "package.updated" } },
    );
    await waitFor(() => expect(result.current.paging.total).toBe(60));
    expect(result.current.paging).toMatchObject({ offset: 0, limit: 25, label: "Audit pages" });
    expect(calls.at(-1)).toEqual({ action: "package.updated", limit: 25, offset: 0 });

    act(() => result.current.paging.onChange(25));
    await waitFor(() => expect(calls.at(-1)).toEqual({ action: "package.updated", limit: 25, offset: 25 }));
    expect(result.current.paging.offset).toBe(25);

    rerender({ action: "user.locked" });
    expect(result.current.paging.offset).toBe(0);
    await waitFor(() => expect(calls.at(-1)).toEqual({ action: "user.locked", limit: 25, offset: 0 }));
  });
});
