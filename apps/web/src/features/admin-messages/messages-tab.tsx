import { useTranslation } from "react-i18next";
import {
  AdminTable,
  type Column,
  ListPaging,
  ListState,
  listTexts,
} from "../../components/admin/admin-table.tsx";
import { Section } from "../../components/ui/section.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { formatDateTime } from "../../lib/format-date.ts";
import { operations } from "../../lib/operations.ts";
import { usePagedListState } from "../../lib/paged-list.ts";
import { NewsletterSend } from "./newsletter-send.tsx";

const PAGE_SIZE = 20;

function ContactMessages() {
  const { t, i18n } = useTranslation("admin");
  const { list: messages, paging } = usePagedListState(
    ADMIN_KEYS.contactMessages,
    operations.adminContactMessagesList,
    {},
    PAGE_SIZE,
    t("messages.contact.pages"),
  );
  return (
    <Section
      id="admin-contact-heading"
      title={t("messages.contact.title")}
      heading="panel"
      className="space-y-4"
    >
      <ListState
        query={messages}
        empty={messages.data?.items.length === 0}
        texts={listTexts(t, "messages.contact.empty", "messages.")}
      >
        <ul className="space-y-3" data-testid="contact-messages">
          {messages.data?.items.map((m) => (
            <li key={m.id} className="card space-y-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="break-words font-semibold text-slate-900 dark:text-white">{m.subject}</h3>
                <time dateTime={m.created_at} className="text-sm text-slate-600 dark:text-slate-400">
                  {formatDateTime(m.created_at, i18n.language)}
                </time>
              </div>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {t("messages.contact.from", {
                  name: m.name,
                  email: m.email,
                  language: t(`languages.${m.language}`),
                })}
              </p>
              <p className="whitespace-pre-line break-words text-slate-800 dark:text-slate-200">
                {m.message}
              </p>
              <a
                className="inline-block text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
                href={`mailto:${encodeURIComponent(m.email)}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}
              >
                {t("messages.contact.reply")}
              </a>
            </li>
          ))}
        </ul>
      </ListState>
      <ListPaging paging={paging} rows={messages.data?.items.length} />
    </Section>
  );
}

function NewsletterSubscriptions() {
  const { t, i18n } = useTranslation("admin");
  const { list: subscriptions, table } = usePagedListState(
    ADMIN_KEYS.newsletter,
    operations.adminNewsletterSubscriptionsList,
    {},
    PAGE_SIZE,
    t("messages.newsletter.pages"),
  );
  type Subscription = NonNullable<typeof subscriptions.data>["items"][number];
  const columns: Column<Subscription>[] = [
    {
      id: "email",
      header: t("messages.newsletter.columns.email"),
      cell: (s) => s.email,
      className: "break-all",
    },
    {
      id: "language",
      header: t("messages.newsletter.columns.language"),
      cell: (s) => t(`languages.${s.language}`),
    },
    {
      id: "consentedAt",
      header: t("messages.newsletter.columns.consentedAt"),
      cell: (s) => formatDateTime(s.consented_at, i18n.language),
    },
    {
      id: "confirmedAt",
      header: t("messages.newsletter.columns.confirmedAt"),
      cell: (s) =>
        s.confirmed_at ? formatDateTime(s.confirmed_at, i18n.language) : t("messages.newsletter.unconfirmed"),
    },
  ];
  return (
    <Section
      id="admin-newsletter-heading"
      title={t("messages.newsletter.title")}
      heading="panel"
      className="space-y-4"
    >
      <AdminTable
        caption={t("messages.newsletter.title")}
        columns={columns}
        {...table}
        rowKey={(s) => s.id}
        texts={listTexts(t, "messages.newsletter.empty", "messages.")}
        testId="newsletter-table"
      />
    </Section>
  );
}

/** Admin tab "Messages": what the public site stores. */
export default function MessagesTab() {
  return (
    <div className="space-y-10">
      <ContactMessages />
      <NewsletterSend />
      <NewsletterSubscriptions />
    </div>
  );
}
