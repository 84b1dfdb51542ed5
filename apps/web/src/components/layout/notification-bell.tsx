import type { InboxNotification, UnreadCount } from "@festgeld/domain";
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api, callOperation, errorMessage } from "../../lib/api-client.ts";
import { formatNumber } from "../../lib/format.ts";
import { formatDateTime } from "../../lib/format-date.ts";
import { operations } from "../../lib/operations.ts";
import { toast } from "../../lib/toast.ts";
import { BellIcon } from "../ui/icons.tsx";
import { disclosureButton, useEscapeClose } from "./use-disclosure.ts";

const UNREAD_KEY = ["notifications", "unread"] as const;
const LIST_KEY = ["notifications", "list"] as const;
const PAGE_SIZE = 10;
/** The unread count is polled while the app is open, and re-read when the window regains focus. */
const POLL_MS = 60_000;

interface InboxPage {
  items: InboxNotification[];
  total: number;
  offset: number;
}

/**
 * The signed-in user's inbox: a bell with the unread count that opens
 * a panel of notifications, newest first, with "mark as read" per item and for all. A disclosure:
 * Escape or a click outside closes it and focus returns to the bell.
 */
export function NotificationBell() {
  // Its words live with the other messages (signed-in readers only), not in the catalogue every page loads.
  const { t, i18n } = useTranslation("messages");
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const panelId = useId();
  const headingId = useId();

  const unread = useQuery({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) => api.call(operations.notificationsUnreadCount, { signal }),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
  const unreadCount = unread.data?.unread ?? 0;
  // A message that arrives while the page is open is announced (the badge alone is silent).
  const seenCount = useRef<number | null>(null);
  const [arrived, setArrived] = useState("");
  useEffect(() => {
    if (!unread.data) return;
    const before = seenCount.current;
    seenCount.current = unreadCount;
    if (before !== null && unreadCount > before) setArrived(t("bell.arrived", { count: unreadCount }));
  }, [unread.data, unreadCount, t]);

  const list = useInfiniteQuery({
    queryKey: LIST_KEY,
    queryFn: async ({ pageParam, signal }): Promise<InboxPage> => {
      const { data, headers } = await callOperation(operations.notificationsList, {
        query: { limit: PAGE_SIZE, offset: pageParam },
        signal,
      });
      const unreadHeader = headers.get("X-Unread-Count");
      if (unreadHeader !== null)
        queryClient.setQueryData<UnreadCount>(UNREAD_KEY, { unread: Number(unreadHeader) });
      return { items: data, total: Number(headers.get("X-Total-Count") ?? data.length), offset: pageParam };
    },
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.offset + last.items.length < last.total && last.items.length > 0
        ? last.offset + last.items.length
        : undefined,
    enabled: open,
    staleTime: 0,
  });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  /** Marks items read in the cached list (after the server agreed) and takes its unread count. */
  const applyRead = (ids: string[] | "all", result: UnreadCount) => {
    queryClient.setQueryData<UnreadCount>(UNREAD_KEY, result);
    // The inbox page (features/inbox) lists the same messages under this key.
    void queryClient.invalidateQueries({ queryKey: ["notifications", "inbox"] });
    queryClient.setQueryData<InfiniteData<InboxPage, number>>(LIST_KEY, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((n) => (ids === "all" || ids.includes(n.id) ? { ...n, read: true } : n)),
            })),
          }
        : data,
    );
  };

  const markRead = useMutation({
    mutationFn: (id: string) => api.call(operations.notificationsMarkRead, { params: { id } }),
    onSuccess: (result, id) => applyRead([id], result),
    onError: (error) => toast(errorMessage(error, t("bell.failed")), "error"),
  });
  const markAll = useMutation({
    mutationFn: () => api.call(operations.notificationsMarkAllRead),
    onSuccess: (result) => applyRead("all", result),
    onError: (error) => toast(errorMessage(error, t("bell.failed")), "error"),
  });

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onPointer = (event: MouseEvent) => {
      if (wrapperRef.current && !wrapperRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onPointer);
    return () => document.removeEventListener("mousedown", onPointer);
  }, [open]);
  useEscapeClose(open, setOpen, buttonRef);

  const toggle = () => {
    if (open) return close(false);
    // Each opening shows the inbox as it is now.
    void queryClient.resetQueries({ queryKey: LIST_KEY });
    setOpen(true);
  };

  const badge = unreadCount > 99 ? "99+" : formatNumber(unreadCount, i18n.language);

  return (
    <div ref={wrapperRef} className="relative">
      <p role="status" className="sr-only" data-testid="notification-arrived">
        {arrived}
      </p>
      <button
        {...disclosureButton(open, toggle, panelId, buttonRef)}
        className="relative rounded-md p-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300 dark:hover:bg-slate-800"
        aria-label={unreadCount > 0 ? t("bell.buttonUnread", { count: unreadCount }) : t("bell.button")}
        data-testid="notification-bell"
      >
        <BellIcon />
        {unreadCount > 0 && (
          <span
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white"
            data-testid="notification-badge"
          >
            {badge}
          </span>
        )}
      </button>
      {open && (
        <section
          ref={panelRef}
          id={panelId}
          aria-labelledby={headingId}
          tabIndex={-1}
          className="absolute right-0 z-40 mt-1 w-[22rem] max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900"
          data-testid="notification-panel"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
            <h2 id={headingId} className="font-semibold text-slate-900 dark:text-white">
              {t("bell.title")}
            </h2>
            <button
              type="button"
              className="rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300 aria-disabled:cursor-not-allowed aria-disabled:text-slate-500 aria-disabled:no-underline dark:text-brand-300 dark:aria-disabled:text-slate-400"
              onClick={() => {
                if (unreadCount === 0 || markAll.isPending) return;
                // The button has nothing left to do afterwards: focus stays in the panel.
                markAll.mutate(undefined, { onSettled: () => panelRef.current?.focus() });
              }}
              aria-disabled={unreadCount === 0 || markAll.isPending || undefined}
            >
              {t("bell.markAllRead")}
            </button>
          </div>
          <div className="max-h-96 overflow-y-auto">
            {list.isPending ? (
              <p role="status" className="px-4 py-6 text-sm text-slate-600 dark:text-slate-300">
                {t("bell.loading")}
              </p>
            ) : list.isError ? (
              <p role="alert" className="px-4 py-6 text-sm text-red-700 dark:text-red-400">
                {t("bell.loadFailed")}
              </p>
            ) : items.length === 0 ? (
              <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-300">{t("bell.empty")}</p>
            ) : (
              <ul className="divide-y divide-slate-200 dark:divide-slate-700">
                {items.map((item) => (
                  <li
                    key={item.id}
                    className={`px-4 py-3 ${item.read ? "" : "bg-brand-50 dark:bg-slate-800"}`}
                    data-testid="notification-item"
                    data-read={item.read ? "true" : "false"}
                  >
                    <div className="flex items-start gap-2">
                      {!item.read && (
                        <span
                          className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-700 dark:bg-brand-300"
                          aria-hidden="true"
                        />
                      )}
                      <div className="min-w-0 flex-1">
                        <h3
                          id={`notification-${item.id}`}
                          tabIndex={-1}
                          className="break-words text-sm font-semibold text-slate-900 outline-none dark:text-white"
                        >
                          {!item.read && <span className="sr-only">{t("bell.unreadLabel")}: </span>}
                          {item.title}
                        </h3>
                        <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700 dark:text-slate-300">
                          {item.message}
                        </p>
                        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                          <time
                            dateTime={item.created_at}
                            className="text-xs text-slate-600 dark:text-slate-400"
                          >
                            {formatDateTime(item.created_at, i18n.language)}
                          </time>
                          {!item.read && (
                            <button
                              type="button"
                              className="rounded text-xs font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300 dark:text-brand-300"
                              onClick={() => {
                                if (markRead.isPending && markRead.variables === item.id) return;
                                // The button goes once read: focus moves to the message's title.
                                markRead.mutate(item.id, {
                                  onSettled: () =>
                                    document.getElementById(`notification-${item.id}`)?.focus(),
                                });
                              }}
                              aria-disabled={
                                (markRead.isPending && markRead.variables === item.id) || undefined
                              }
                              aria-label={t("bell.markReadFor", { title: item.title })}
                            >
                              {t("bell.markRead")}
                            </button>
                          )}
                        </div>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {list.hasNextPage && (
              <div className="border-t border-slate-200 px-4 py-2 dark:border-slate-700">
                <button
                  type="button"
                  className="w-full rounded py-1 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300 dark:text-brand-300"
                  onClick={() => void list.fetchNextPage()}
                  disabled={list.isFetchingNextPage}
                >
                  {list.isFetchingNextPage ? t("bell.loading") : t("bell.loadMore")}
                </button>
              </div>
            )}
          </div>
          <div className="border-t border-slate-200 px-4 py-2 text-center dark:border-slate-700">
            <Link
              to="/inbox"
              className="rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300 dark:focus-visible:outline-brand-300"
              onClick={() => close(false)}
              data-testid="notification-open-inbox"
            >
              {t("bell.openInbox")}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
