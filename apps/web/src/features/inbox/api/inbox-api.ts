import type { InboxKind, UnreadCount } from "@festgeld/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";
import { INBOX_PAGE_SIZE } from "../../../lib/page-requests.ts";
import { usePagedListState } from "../../../lib/paged-list.ts";

/**
 * Under the header bell's keys (["notifications", ...]): what the page marks read, the bell shows
 * read at once, and the other way round.
 */
const NOTIFICATIONS_KEY = ["notifications"] as const;
const UNREAD_KEY = ["notifications", "unread"] as const;
const INBOX_KEY = ["notifications", "inbox"] as const;

/**
 * One page of the inbox (GET /notifications), optionally of one kind, with the paging it needs. The
 * server answers in the page's language (the client's Accept-Language): another language, another list.
 */
export function useInbox(kind: InboxKind | "all", pagesLabel: string) {
  const { i18n } = useTranslation();
  return usePagedListState(
    [...INBOX_KEY, i18n.language],
    operations.notificationsList,
    kind === "all" ? {} : { kind },
    INBOX_PAGE_SIZE,
    pagesLabel,
  );
}

/** The whole inbox's unread count (the bell polls the same query). */
export function useUnreadCount() {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) => api.call(operations.notificationsUnreadCount, { signal }),
    staleTime: 10_000,
  });
}

/** After a change: the count the server answered, and every notification list read again. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return async (result: UnreadCount) => {
    queryClient.setQueryData<UnreadCount>(UNREAD_KEY, result);
    await queryClient.invalidateQueries({
      queryKey: NOTIFICATIONS_KEY,
      predicate: (query) => query.queryKey[1] !== UNREAD_KEY[1],
    });
  };
}

export function useMarkRead() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (id: string) => api.call(operations.notificationsMarkRead, { params: { id } }),
    onSuccess: afterChange,
  });
}

export function useMarkAllRead() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: () => api.call(operations.notificationsMarkAllRead),
    onSuccess: afterChange,
  });
}
