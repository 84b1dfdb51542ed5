import type { OperationDefinition } from "@festgeld/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { type CallInput, callPaged, type QueryOf } from "./api-client.ts";

type PagedOperation = OperationDefinition & { paged: true };

/**
 * One page of a paged list operation (limit/offset, X-Total-Count), kept on screen while the next page
 * loads; a failed load is logged and left to the caller to show.
 */
export function usePagedList<O extends PagedOperation>(
  key: readonly unknown[],
  operation: O,
  query: QueryOf<O>,
) {
  const result = useQuery({
    queryKey: [...key, query],
    queryFn: ({ signal }) => callPaged(operation, { query, signal } as unknown as CallInput<O>),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (result.isError) console.error(`Could not load ${operation.id}`, result.error);
  }, [result.isError, result.error, operation.id]);
  return result;
}

/**
 * A paged list that keeps its own place: one page of `operation` for `query` (the filters), and the
 * paging its Pagination needs. A change of filters starts again at the first page.
 */
export function usePagedListState<O extends PagedOperation>(
  key: readonly unknown[],
  operation: O,
  query: Omit<QueryOf<O>, "limit" | "offset">,
  limit: number,
  label: string,
) {
  const filters = JSON.stringify(query);
  const [place, setPlace] = useState({ filters, offset: 0 });
  const offset = place.filters === filters ? place.offset : 0;
  const onChange = useCallback((next: number) => setPlace({ filters, offset: next }), [filters]);
  const list = usePagedList(key, operation, { ...query, limit, offset } as QueryOf<O>);
  const paging = {
    offset,
    limit,
    total: list.data?.total ?? 0,
    capped: list.data?.capped ?? false,
    onChange,
    label,
  };
  // What AdminTable takes of it, spread as they are: the rows of the page, the query's state, the paging.
  const table = { rows: list.data?.items, query: list, paging };
  return { list, paging, table };
}
