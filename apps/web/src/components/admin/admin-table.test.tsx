import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { changeLanguage, i18n, i18nReady } from "../../lib/i18n.ts";
import { AdminTable, type Column, type ListQueryState } from "./admin-table.tsx";

interface Row {
  id: string;
  name: string;
}

const columns: Column<Row>[] = [
  { id: "name", header: "Name", cell: (row) => row.name },
  {
    id: "actions",
    header: "Actions",
    headerHidden: true,
    cell: (row) => <button type="button">{`Open ${row.name}`}</button>,
  },
];
const texts = { loading: "Loading rows", error: "Rows failed", empty: "No rows" };
const loaded: ListQueryState = { isPending: false, isError: false, isFetching: false };

function show(props: {
  rows: Row[] | undefined;
  query?: ListQueryState;
  paging?: { offset: number; total: number; capped?: boolean; onChange: (offset: number) => void };
  detail?: (row: Row) => { id: string; content: string } | null;
}) {
  render(
    <I18nextProvider i18n={i18n}>
      <AdminTable
        caption="People"
        columns={columns}
        rows={props.rows}
        rowKey={(row) => row.id}
        query={props.query ?? loaded}
        texts={texts}
        rowProps={(row) => ({ "data-testid": `row-${row.id}` })}
        {...(props.paging ? { paging: { ...props.paging, limit: 2, label: "People pages" } } : {})}
        {...(props.detail ? { detail: props.detail } : {})}
        testId="people"
      />
    </I18nextProvider>,
  );
}

beforeAll(async () => {
  await i18nReady;
  await changeLanguage("en");
});
afterEach(cleanup);

describe("AdminTable", () => {
  it("draws the columns once as headers and once per row, inside a scroll box, named by its caption", () => {
    show({
      rows: [
        { id: "a", name: "Ada" },
        { id: "b", name: "Ben" },
      ],
    });
    const table = screen.getByRole("table", { name: "People" });
    expect(table.parentElement?.className).toContain("overflow-x-auto");
    expect(table.parentElement?.className).toContain("relative");
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["Name", "Actions"]);
    // The actions header is read out but not shown.
    expect(headers[1]?.querySelector(".sr-only")?.textContent).toBe("Actions");
    expect(within(screen.getByTestId("row-b")).getByRole("button").textContent).toBe("Open Ben");
    expect(within(table).getAllByRole("row")).toHaveLength(3);
  });

  it("shows loading, a failed load as an alert, and an empty list in words instead of a table", () => {
    show({ rows: undefined, query: { isPending: true, isError: false } });
    expect(screen.getByRole("status").textContent).toContain("Loading rows");
    expect(screen.queryByRole("table")).toBeNull();
    cleanup();
    show({ rows: undefined, query: { isPending: false, isError: true } });
    expect(screen.getByRole("alert").textContent).toBe("Rows failed");
    cleanup();
    show({ rows: [] });
    expect(screen.getByText("No rows")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("pages through the shared pagination and marks the table busy while the next page loads", () => {
    const onChange = vi.fn();
    show({
      rows: [
        { id: "a", name: "Ada" },
        { id: "b", name: "Ben" },
      ],
      query: { isPending: false, isError: false, isFetching: true },
      paging: { offset: 0, total: 5, onChange },
    });
    expect(screen.getByRole("table").getAttribute("aria-busy")).toBe("true");
    const nav = screen.getByRole("navigation", { name: "People pages" });
    expect(nav.textContent).toContain("1–2 of 5");
    fireEvent.click(within(nav).getByRole("button", { name: "Next" }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it("reads a capped total as a lower bound and asks for a narrower search on its last page", () => {
    const onChange = vi.fn();
    const rows = [
      { id: "a", name: "Ada" },
      { id: "b", name: "Ben" },
    ];
    show({ rows, paging: { offset: 0, total: 1000, capped: true, onChange } });
    const first = screen.getByRole("navigation", { name: "People pages" });
    expect(first.textContent).toContain("1–2 of more than 1,000");
    expect(first.textContent).not.toContain("narrow the search");
    cleanup();
    show({ rows, paging: { offset: 998, total: 1000, capped: true, onChange } });
    const last = screen.getByRole("navigation", { name: "People pages" });
    expect(last.textContent).toContain("999–1,000 of more than 1,000");
    expect(last.textContent).toContain("narrow the search");
    expect(within(last).getByRole("button", { name: "Next" })).toHaveProperty("disabled", true);
  });

  it("steps back a page when the page shown has become empty, but not after a failed load", () => {
    const onChange = vi.fn();
    show({ rows: [], paging: { offset: 4, total: 4, onChange } });
    expect(onChange).toHaveBeenCalledWith(2);
    cleanup();
    onChange.mockClear();
    show({
      rows: undefined,
      query: { isPending: false, isError: true },
      paging: { offset: 4, total: 4, onChange },
    });
    expect(onChange).not.toHaveBeenCalled();
  });

  it("adds a full-width detail row under the row it belongs to", () => {
    show({
      rows: [
        { id: "a", name: "Ada" },
        { id: "b", name: "Ben" },
      ],
      detail: (row) => (row.id === "a" ? { id: "tools-a", content: "Ada's tools" } : null),
    });
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    // Each cell starts with its column's name, shown on a phone's card, hidden from screen readers.
    expect(rows.map((r) => r.textContent)).toEqual([
      "NameActions",
      "NameAdaOpen Ada",
      "Ada's tools",
      "NameBenOpen Ben",
    ]);
    expect(rows[1]?.querySelector("td span")?.getAttribute("aria-hidden")).toBe("true");
    expect(rows[2]?.id).toBe("tools-a");
    expect(rows[2]?.querySelector("td")?.getAttribute("colspan")).toBe("2");
  });
});
