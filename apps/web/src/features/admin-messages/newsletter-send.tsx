import { useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { BroadcastForm } from "../../components/broadcast/broadcast-form.tsx";
import { Section } from "../../components/ui/section.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { formatNumber } from "../../lib/format.ts";
import { sendNewsletter } from "./api/newsletter-admin-api.ts";

/**
 * Sends a newsletter issue to every confirmed address: a subject and text per language (or one, with
 * a note for the other readers); "Review recipients" shows the confirmed addresses per language first.
 * Every e-mail carries the subscriber's unsubscribe link.
 */
export function NewsletterSend() {
  const { t, i18n } = useTranslation("admin");
  const queryClient = useQueryClient();
  const baseId = useId();
  const counted = (key: string, count: number) =>
    t(key, { count, formatted: formatNumber(count, i18n.language) });

  return (
    <Section id={`${baseId}-heading`} title={t("messages.send.title")} heading="panel" className="space-y-4">
      <BroadcastForm
        testId="newsletter-send-form"
        reviewTestId="newsletter-review"
        hint={t("messages.send.hint")}
        titleLabel={(language) => t("messages.send.subjectIn", { language })}
        messageLabel={(language) => t("messages.send.textIn", { language })}
        count={(texts) => sendNewsletter({ texts, confirm: false })}
        send={async (texts) => (await sendNewsletter({ texts, confirm: true })).recipients}
        reaches={(review) => counted("messages.send.reaches", review.recipients)}
        sentText={(recipients) => counted("messages.send.sent", recipients)}
        confirmLabel={t("messages.send.confirm")}
        onSent={() => void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit })}
      />
    </Section>
  );
}
