import type { InboxNotification } from "@festgeld/domain";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "../../../lib/format-date.ts";
import { inboxLink } from "../inbox-link.ts";
import { splitPaymentReferences } from "../payment-references.ts";

export const headingIdOf = (id: string) => `inbox-message-${id}`;

/**
 * Text with each payment reference kept on one line: an inline block moves to the next line whole when
 * it does not fit after the words before it, and wraps inside only on a screen narrower than itself.
 * Copying still gives the reference with its ordinary spaces.
 */
function WithReferences({ text }: { text: string }) {
  let at = 0;
  return splitPaymentReferences(text).map((part) => {
    const key = at;
    at += part.text.length;
    return part.reference ? (
      <span key={key} className="inline-block max-w-full" data-testid="payment-reference">
        {part.text}
      </span>
    ) : (
      <Fragment key={key}>{part.text}</Fragment>
    );
  });
}

/** One message: title, text, date, kind, read state, and where it opens. */
export function InboxItem({
  item,
  busy,
  onMarkRead,
  onOpen,
}: {
  item: InboxNotification;
  busy: boolean;
  onMarkRead: (item: InboxNotification) => void;
  /** Following the link counts as reading the message. */
  onOpen: (item: InboxNotification) => void;
}) {
  const { t, i18n } = useTranslation("messages");
  const link = inboxLink(item);
  return (
    <li
      className={`card ${item.read ? "" : "border-brand-600 dark:border-brand-300"}`}
      data-testid="inbox-item"
      data-read={item.read ? "true" : "false"}
      data-kind={item.kind}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {!item.read && (
          <span className="rounded bg-brand-700 px-2 py-0.5 font-semibold text-white dark:bg-brand-300 dark:text-slate-900">
            {t("inbox.unread")}
          </span>
        )}
        <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {t(`inbox.kindBadge.${item.kind}`)}
        </span>
        <time dateTime={item.created_at} className="text-slate-600 dark:text-slate-400">
          {formatDateTime(item.created_at, i18n.language)}
        </time>
      </div>
      <h2
        id={headingIdOf(item.id)}
        tabIndex={-1}
        className="mt-2 break-words text-lg font-semibold text-slate-900 outline-none dark:text-white"
      >
        <WithReferences text={item.title} />
      </h2>
      <p className="mt-1 whitespace-pre-line break-words text-slate-700 dark:text-slate-300">
        <WithReferences text={item.message} />
      </p>
      {(link || !item.read) && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {link && (
            <Link
              to={link.to}
              className="btn-secondary px-3 py-1 text-sm"
              aria-label={t(`inbox.${link.labelFor}`, { title: item.title })}
              onClick={() => onOpen(item)}
              data-testid="inbox-open"
            >
              {t(`inbox.${link.label}`)}
            </Link>
          )}
          {!item.read && (
            <button
              type="button"
              className="rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300 dark:focus-visible:outline-brand-300"
              aria-disabled={busy || undefined}
              aria-label={t("inbox.markReadFor", { title: item.title })}
              onClick={() => {
                if (!busy) onMarkRead(item);
              }}
              data-testid="inbox-mark-read"
            >
              {t("inbox.markRead")}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
