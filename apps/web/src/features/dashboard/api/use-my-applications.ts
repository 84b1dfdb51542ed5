import type { Application } from "@festgeld/domain";
import { LIMITS } from "@festgeld/domain/constants";
import { useQuery } from "@tanstack/react-query";
import { callPaged } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

export const MY_APPLICATIONS_KEY = ["applications", "me"] as const;

/**
 * All of the signed-in user's applications. The list is paginated on the server;
 * the dashboard's figures need every application, so pages are read until X-Total-Count is reached
 * (one request for any realistic saver).
 */
async function fetchAll(signal: AbortSignal): Promise<Application[]> {
  const all: Application[] = [];
  for (;;) {
    const { items, total } = await callPaged(operations.applicationsListOwn, {
      query: { limit: LIMITS.pageSizeMax, offset: all.length },
      signal,
    });
    all.push(...items);
    if (items.length === 0 || all.length >= total) return all;
  }
}

/**
 * The list the page asks for with its welcome; what the cards change with it (the withdrawal, the
 * instruction at maturity, the transfer's QR code) is in application-actions.ts, with the cards' code:
 * the page's first load does not carry the mutation code (docs/decisions.md "The dashboard's first load").
 */
export function useMyApplications(enabled: boolean) {
  return useQuery({
    queryKey: MY_APPLICATIONS_KEY,
    queryFn: ({ signal }) => fetchAll(signal),
    enabled,
  });
}
