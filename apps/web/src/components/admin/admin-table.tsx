import { Fragment, type HTMLAttributes, type ReactNode, useEffect } from "react";
import { Pagination } from "../ui/pagination.tsx";
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

/** One server-paged list's place: offset and page size, the total, and where to go (Pagination). */
export interface Paging {
  offset: number;
  limit: number;
  total: number;
  /** The list is longer than `total`, which is a lower bound and the end of paging. */
  capped?: boolean;
  onChange: (offset: number) => void;
  /** What is paged, for screen readers ("Users pages"). */
  label: string;
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
  /** The column sticks to the right edge while the table scrolls sideways (the row's actions). */
  sticky?: boolean;
}

const STICKY_HEAD = "sticky right-0 bg-slate-50 shadow-[-1px_0_0_var(--color-slate-200)] dark:bg-slate-900";
const STICKY_CELL = "sticky right-0 bg-white shadow-[-1px_0_0_var(--color-slate-200)] dark:bg-slate-950";

const CELL = "px-3 py-1.5";

/**
 * The back office's list table: the columns are described once (header and cell), the rows are dense,
 * the caption names the table for screen readers, and the table scrolls inside its own box so that a
 * 360 px page never scrolls sideways (docs/decisions.md "One-row header, a docked contact button and no
 * sideways scrolling"). Loading, error and empty states and the shared pagination come with it.
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
            className="w-full text-left text-sm"
            data-testid={testId}
            aria-busy={query.isFetching ? true : undefined}
          >
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.id}
                    scope="col"
                    className={`${CELL} font-semibold ${column.sticky ? STICKY_HEAD : ""}`}
                  >
                    {column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 align-top dark:divide-slate-800">
              {items.map((row) => {
                const extra = detail?.(row) ?? null;
                return (
                  <Fragment key={rowKey(row)}>
                    <tr {...rowProps?.(row)}>
                      {columns.map((column) => (
                        <td
                          key={column.id}
                          className={`${CELL} text-slate-800 dark:text-slate-200 ${column.sticky ? STICKY_CELL : ""} ${column.className ?? ""}`}
                        >
                          {column.cell(row)}
                        </td>
                      ))}
                    </tr>
                    {extra && (
                      <tr id={extra.id}>
                        <td colSpan={columns.length} className="bg-slate-50 px-3 py-3 dark:bg-slate-900">
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
