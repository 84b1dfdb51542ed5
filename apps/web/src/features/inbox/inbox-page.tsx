import type { InboxKind, InboxNotification } from "@festgeld/domain";
import { INBOX_KINDS } from "@festgeld/domain/constants";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SaverPage } from "../../components/layout/saver-page.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { LabelledSelect } from "../../components/ui/labelled-select.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { PAGE_NAMESPACES } from "../../lib/page-namespaces.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useInbox, useMarkAllRead, useMarkRead, useUnreadCount } from "./api/inbox-api.ts";
import { headingIdOf, InboxItem } from "./components/inbox-item.tsx";

type Filter = InboxKind | "all";
const FILTER_NAME = "inbox-kind";

/**
 * The kind a reader chose in the page's first frame (docs/decisions.md "A signed-in page's first frame
 * before the app"): the frame's filter is a plain select that works before the app has started, and the
 * app, taking the frame over, starts from that choice instead of setting it back to all messages.
 */
function chosenInFrame(): Filter {
  // Rendered at build time for the frame itself: no document, no choice.
  if (typeof document === "undefined") return "all";
  const select = document.querySelector<HTMLSelectElement>(`#root[data-frame] select[name="${FILTER_NAME}"]`);
  const value = select?.value;
  return INBOX_KINDS.find((kind) => kind === value) ?? "all";
}

function Inbox() {
  const { t } = useTranslation(PAGE_NAMESPACES["/inbox"]);
  const [kind, setKind] = useState<Filter>(chosenInFrame);
  const { list, paging } = useInbox(kind, t("inbox.pages"));
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const markAllRef = useRef<HTMLButtonElement>(null);
  // Said once per action in the live region; the visual change alone is silent.
  const [announcement, setAnnouncement] = useState("");
  const [error, setError] = useState<string | null>(null);
  // As the frame shows it (0) while the page's part of the frame is hydrated: the bell may have the count
  // by then (lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const unreadCount = hydrated ? (unread.data?.unread ?? 0) : 0;

  const onMarkRead = (item: InboxNotification) => {
    setError(null);
    markRead.mutate(item.id, {
      onSuccess: () => setAnnouncement(t("inbox.markedRead", { title: item.title })),
      onError: (err) => setError(errorMessage(err, t("inbox.failed"))),
      // The button goes once the message is read: focus moves to the message's heading.
      onSettled: () => document.getElementById(headingIdOf(item.id))?.focus(),
    });
  };
  const onMarkAll = () => {
    if (unreadCount === 0 || markAll.isPending) return;
    setError(null);
    markAll.mutate(undefined, {
      onSuccess: () => setAnnouncement(t("inbox.markedAllRead")),
      onError: (err) => setError(errorMessage(err, t("inbox.failed"))),
      // The button stays (aria-disabled, not disabled), so focus stays on it.
      onSettled: () => markAllRef.current?.focus(),
    });
  };
  const onOpen = (item: InboxNotification) => {
    if (!item.read) markRead.mutate(item.id);
  };

  const options = [
    { value: "all" as Filter, label: t("inbox.kinds.all") },
    ...INBOX_KINDS.map((value) => ({ value: value as Filter, label: t(`inbox.kinds.${value}`) })),
  ];

  return (
    <>
      <p role="status" className="sr-only" data-testid="inbox-announcement">
        {announcement}
      </p>
      <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <LabelledSelect
          label={t("inbox.filterLabel")}
          value={kind}
          options={options}
          onChange={setKind}
          name={FILTER_NAME}
          testId="inbox-filter"
        />
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="inbox-unread">
            {t("inbox.unreadCount", { count: unreadCount })}
          </p>
          <button
            ref={markAllRef}
            type="button"
            className="btn-secondary px-3 py-1 text-sm aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
            aria-disabled={unreadCount === 0 || markAll.isPending || undefined}
            onClick={onMarkAll}
            data-testid="inbox-mark-all"
          >
            {t("inbox.markAllRead")}
          </button>
        </div>
      </div>
      {error && (
        <FormAlert kind="error" testId="inbox-error">
          {error}
        </FormAlert>
      )}
      <QueryState
        query={list}
        loading={t("inbox.loading")}
        failed={t("inbox.loadError")}
        errorTestId="inbox-load-error"
        empty={
          list.data?.items.length === 0 && (
            <p className="card mt-6 text-slate-600 dark:text-slate-300" data-testid="inbox-empty">
              {kind === "all" ? t("inbox.empty") : t("inbox.emptyFiltered")}
            </p>
          )
        }
      >
        {(page) => (
          <>
            <ul className="mt-6 space-y-3" data-testid="inbox-list">
              {page.items.map((item) => (
                <InboxItem
                  key={item.id}
                  item={item}
                  busy={markRead.isPending && markRead.variables === item.id}
                  onMarkRead={onMarkRead}
                  onOpen={onOpen}
                />
              ))}
            </ul>
            <div className="mt-6">
              <Pagination {...paging} />
            </div>
          </>
        )}
      </QueryState>
    </>
  );
}

/** /inbox: every message to the saver with its read state, by kind; signed-out visitors go to /login. */
export default function InboxPage() {
  const { t } = useTranslation("messages");
  return (
    <SaverPage title={t("inbox.title")} intro={t("inbox.subtitle")} width="max-w-4xl">
      <Inbox />
    </SaverPage>
  );
}
