import type { OperationDefinition } from "@festgeld/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
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
