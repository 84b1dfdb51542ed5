import { operations } from "@festgeld/domain/operations";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Pagination } from "../../components/ui/pagination.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { formatDateTime } from "../../lib/format.ts";
import { usePagedList } from "../../lib/paged-list.ts";
import { NewsletterSend } from "./newsletter-send.tsx";

const PAGE_SIZE = 20;

function ContactMessages() {
  const { t, i18n } = useTranslation("admin");
  const [offset, setOffset] = useState(0);
  const messages = usePagedList(ADMIN_KEYS.contactMessages, operations.adminContactMessagesList, {
    limit: PAGE_SIZE,
    offset,
  });
  return (
    <section aria-labelledby="admin-contact-heading" className="space-y-4">
      <h3 id="admin-contact-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("messages.contact.title")}
      </h3>
      {messages.isPending ? (
        <Spinner label={t("messages.loading")} />
      ) : messages.isError ? (
        <p role="alert" className="card text-red-700 dark:text-red-400">
          {t("messages.loadFailed")}
        </p>
      ) : messages.data.items.length === 0 ? (
        <p className="card text-slate-600 dark:text-slate-300">{t("messages.contact.empty")}</p>
      ) : (
        <ul className="space-y-3" data-testid="contact-messages">
          {messages.data.items.map((m) => (
            <li key={m.id} className="card space-y-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h4 className="break-words font-semibold text-slate-900 dark:text-white">{m.subject}</h4>
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
      )}
      <Pagination
        offset={offset}
        limit={PAGE_SIZE}
        total={messages.data?.total ?? 0}
        onChange={setOffset}
        label={t("messages.contact.pages")}
      />
    </section>
  );
}

function NewsletterSubscriptions() {
  const { t, i18n } = useTranslation("admin");
  const [offset, setOffset] = useState(0);
  const subscriptions = usePagedList(ADMIN_KEYS.newsletter, operations.adminNewsletterSubscriptionsList, {
    limit: PAGE_SIZE,
    offset,
  });
  return (
    <section aria-labelledby="admin-newsletter-heading" className="space-y-4">
      <h3 id="admin-newsletter-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("messages.newsletter.title")}
      </h3>
      {subscriptions.isPending ? (
        <Spinner label={t("messages.loading")} />
      ) : subscriptions.isError ? (
        <p role="alert" className="card text-red-700 dark:text-red-400">
          {t("messages.loadFailed")}
        </p>
      ) : subscriptions.data.items.length === 0 ? (
        <p className="card text-slate-600 dark:text-slate-300">{t("messages.newsletter.empty")}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800">
          <table className="w-full text-left text-sm" data-testid="newsletter-table">
            <caption className="sr-only">{t("messages.newsletter.title")}</caption>
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                {(["email", "language", "consentedAt", "confirmedAt"] as const).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2">
                    {t(`messages.newsletter.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {subscriptions.data.items.map((s) => (
                <tr key={s.id}>
                  <td className="break-all px-3 py-2 text-slate-900 dark:text-white">{s.email}</td>
                  <td className="px-3 py-2 text-slate-800 dark:text-slate-200">
                    {t(`languages.${s.language}`)}
                  </td>
                  <td className="px-3 py-2 text-slate-800 dark:text-slate-200">
                    {formatDateTime(s.consented_at, i18n.language)}
                  </td>
                  <td className="px-3 py-2 text-slate-800 dark:text-slate-200">
                    {s.confirmed_at
                      ? formatDateTime(s.confirmed_at, i18n.language)
                      : t("messages.newsletter.unconfirmed")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        offset={offset}
        limit={PAGE_SIZE}
        total={subscriptions.data?.total ?? 0}
        onChange={setOffset}
        label={t("messages.newsletter.pages")}
      />
    </section>
  );
}

/** Admin tab "Messages": what the public site stores. */
export default function MessagesTab() {
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-10">
      <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">{t("messages.title")}</h2>
      <ContactMessages />
      <NewsletterSend />
      <NewsletterSubscriptions />
    </div>
  );
}
