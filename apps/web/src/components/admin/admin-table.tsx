import { Fragment, type HTMLAttributes, type ReactNode, useEffect } from "react";
import { Pagination, type Paging } from "../ui/pagination.tsx";
import { Spinner } from "../ui/spinner.tsx";

/** What a list query reports: TanStack Query's flags, so a query result can be passed as it is. */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  isFetching?: boolean;
}

/** The texts a list shows while loading, after a failed load and when there is nothing to show. */
export interface ListTexts {
  loading: string;
  error: string;
  empty: string;
}

/**
 * A list's texts from its namespace: `loading` and `loadFailed` under `prefix` ("users." for
 * "users.loading"), and the key of its empty state.
 */
export function listTexts(t: (key: string) => string, empty: string, prefix = ""): ListTexts {
  return { loading: t(`${prefix}loading`), error: t(`${prefix}loadFailed`), empty: t(empty) };
}

/**
 * The loading, error and empty states every back-office list shows, then the list itself. A list that
 * is not a table (cards, a calendar) uses this alone; AdminTable builds on it.
 */
export function ListState({
  query,
  empty,
  texts,
  children,
}: {
  query: ListQueryState;
  /** Whether the loaded list has nothing to show. */
  empty: boolean;
  texts: ListTexts;
  children: ReactNode;
}) {
  if (query.isPending) return <Spinner label={texts.loading} />;
  if (query.isError) {
    return (
      <p role="alert" className="card text-red-700 dark:text-red-400">
        {texts.error}
      </p>
    );
  }
  if (empty) return <p className="card text-slate-600 dark:text-slate-300">{texts.empty}</p>;
  return <>{children}</>;
}

/**
 * Previous/next for a server-paged list; when the page shown has become empty (the last rows were
 * decided or filtered away), it steps back to a page that has rows.
 */
export function ListPaging({ paging, rows }: { paging: Paging; rows: number | undefined }) {
  const { offset, limit, onChange } = paging;
  useEffect(() => {
    if (rows === 0 && offset > 0) onChange(Math.max(0, offset - limit));
  }, [rows, offset, limit, onChange]);
  return <Pagination {...paging} />;
}

export interface Column<Row> {
  /** Unique within the table; also the React key. */
  id: string;
  header: ReactNode;
  /** The header is read out but not shown (an actions column). */
  headerHidden?: boolean;
  cell: (row: Row) => ReactNode;
  /** Extra classes for this column's cells ("whitespace-nowrap", "text-right", "break-all"). */
  className?: string;
  /**
   * The column sticks to the right edge while the table scrolls sideways (the row's actions); from
   * 768 px, where the rows are rows (below they are cards and nothing sticks).
   */
  sticky?: boolean;
}

/** A column of amounts: right-aligned, each on one line. */
export function amountColumn<Row>(id: string, header: ReactNode, cell: (row: Row) => ReactNode): Column<Row> {
  return { id, header, cell, className: "whitespace-nowrap text-right" };
}

const STICKY_HEAD =
  "md:sticky md:right-0 md:bg-slate-50 md:shadow-[-1px_0_0_var(--color-slate-200)] md:dark:bg-slate-900";
const STICKY_CELL =
  "md:sticky md:right-0 md:bg-white md:shadow-[-1px_0_0_var(--color-slate-200)] md:dark:bg-slate-950";

const CELL = "px-3 py-1.5";
// Below 768 px a row is a card: each cell a line "column name | value", the actions line full width.
// The table's roles are stated so that a table drawn as blocks stays a table for screen readers.
const CARD_CELL = "grid grid-cols-[minmax(6rem,38%)_minmax(0,1fr)] gap-x-3 max-md:text-left md:table-cell";
const CARD_LABEL = "font-medium text-slate-600 md:hidden dark:text-slate-400";

/**
 * The back office's list table: the columns are described once (header and cell), the rows are dense,
 * the caption names the table for screen readers, and the table scrolls inside its own box so that a
 * 360 px page never scrolls sideways (docs/decisions.md "One-row header, a docked contact button and no
 * sideways scrolling"). Below 768 px each row is a card of labelled lines, so no column is hidden
 * behind another (docs/decisions.md "Back-office lists are cards on a phone"). Loading, error and empty states and the shared pagination come with it.
 */
export function AdminTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  query,
  texts,
  paging,
  rowProps,
  detail,
  testId,
}: {
  caption: string;
  columns: ReadonlyArray<Column<Row>>;
  rows: ReadonlyArray<Row> | undefined;
  rowKey: (row: Row) => string | number;
  query: ListQueryState;
  texts: ListTexts;
  paging?: Paging;
  /** Attributes of a row's <tr> (data-testid, aria-current, a highlight class). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  /** A full-width row under a row (tools opened from the row), or null. */
  detail?: (row: Row) => { id: string; content: ReactNode } | null;
  testId?: string;
}) {
  const items = rows ?? [];
  return (
    <div className="space-y-3">
      <ListState query={query} empty={items.length === 0} texts={texts}>
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
          <table
            // biome-ignore lint/a11y/noRedundantRoles: drawn as blocks below 768 px, the table keeps its role only when stated
            role="table"
            className="block w-full text-left text-sm md:table"
            data-testid={testId}
            aria-busy={query.isFetching ? true : undefined}
          >
            <caption className="sr-only">{caption}</caption>
            <thead className="sr-only bg-slate-50 text-slate-700 md:not-sr-only md:table-header-group dark:bg-slate-900 dark:text-slate-300">
              {/* biome-ignore lint/a11y/noRedundantRoles: see the table's role */}
              <tr role="row">
                {columns.map((column) => (
                  <th
                    key={column.id}
                    scope="col"
                    // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                    role="columnheader"
                    className={`${CELL} font-semibold ${column.sticky ? STICKY_HEAD : ""}`}
                  >
                    {column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody
              // biome-ignore lint/a11y/noRedundantRoles: see the table's role
              role="rowgroup"
              className="block divide-y divide-slate-200 align-top md:table-row-group dark:divide-slate-800"
            >
              {items.map((row) => {
                const extra = detail?.(row) ?? null;
                return (
                  <Fragment key={rowKey(row)}>
                    {/* biome-ignore lint/a11y/noRedundantRoles: see the table's role */}
                    <tr role="row" className="block py-2 md:table-row md:py-0" {...rowProps?.(row)}>
                      {columns.map((column) => (
                        <td
                          key={column.id}
                          // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                          role="cell"
                          className={`${CELL} ${column.headerHidden ? "block md:table-cell" : CARD_CELL} text-slate-800 dark:text-slate-200 ${column.sticky ? STICKY_CELL : ""} ${column.className ?? ""}`}
                        >
                          {column.headerHidden ? (
                            column.cell(row)
                          ) : (
                            <>
                              {/* The header says it to screen readers already. */}
                              <span aria-hidden="true" className={CARD_LABEL}>
                                {column.header}
                              </span>
                              <div className="min-w-0">{column.cell(row)}</div>
                            </>
                          )}
                        </td>
                      ))}
                    </tr>
                    {extra && (
                      // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                      <tr role="row" id={extra.id} className="block md:table-row">
                        <td
                          // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                          role="cell"
                          colSpan={columns.length}
                          className="block bg-slate-50 px-3 py-3 md:table-cell dark:bg-slate-900"
                        >
                          {extra.content}
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      </ListState>
      {paging && (
        <ListPaging paging={paging} rows={query.isPending || query.isError ? undefined : items.length} />
      )}
    </div>
  );
}
