import { brand } from "@brand";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBrandValues } from "../../lib/brand-text.ts";
import { ChatIcon, CloseIcon, PhoneIcon } from "../ui/icons.tsx";
import { disclosureButton, useEscapeClose } from "./use-disclosure.ts";

/**
 * Contact widget: WhatsApp with a greeting in the current language, a call button and the desk hours.
 * A disclosure: the button comes first in the tab order (the panel is drawn above it), Escape closes
 * the panel and gives focus back to the button. It floats at the bottom right only from 1536 px, where
 * the page's content leaves a margin beside it; on smaller screens it is docked
 * at the end of the page, so it never covers a button or a figure (docs/decisions.md "One-row header").
 * Its row lets clicks through: only the button and the panel take them.
 */
export function ContactWidget() {
  const { t } = useTranslation();
  const brandValues = useBrandValues();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  const whatsapp = `https://wa.me/${brand.whatsappNumber}?text=${encodeURIComponent(t("widget.greeting"))}`;

  useEscapeClose(open, setOpen, buttonRef);

  return (
    <div
      className="pointer-events-none z-30 flex flex-col-reverse items-end gap-3 px-4 pb-4 2xl:fixed 2xl:right-4 2xl:bottom-4 2xl:px-0 2xl:pb-0 [&>*]:pointer-events-auto"
      data-testid="contact-widget"
    >
      <button
        {...disclosureButton(open, () => setOpen((v) => !v), panelId, buttonRef)}
        aria-label={open ? t("widget.close") : t("widget.open")}
        className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300"
        data-testid="contact-widget-button"
      >
        {open ? <CloseIcon className="h-6 w-6" /> : <ChatIcon className="h-6 w-6" />}
      </button>
      <section
        id={panelId}
        hidden={!open}
        aria-labelledby={titleId}
        className="w-72 rounded-xl border border-slate-200 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        data-testid="contact-widget-panel"
      >
        <h2 id={titleId} className="font-semibold text-slate-900 dark:text-white">
          {t("widget.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("widget.subtitle")}</p>
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 flex items-center gap-2 rounded-lg bg-green-800 px-3 py-2 text-sm font-medium text-white hover:bg-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300"
          data-testid="whatsapp-link"
        >
          <ChatIcon className="h-4 w-4" /> {t("widget.whatsapp")}
          <span className="sr-only"> {t("newTab")}</span>
        </a>
        <a
          href={`tel:${brand.phone.replace(/[^\d+]/g, "")}`}
          className="mt-2 flex items-center gap-2 rounded-lg bg-brand-700 px-3 py-2 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300"
          data-testid="call-link"
        >
          <PhoneIcon className="h-4 w-4" /> {t("widget.call", { phone: brand.phone })}
        </a>
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-300" data-testid="widget-hours">
          {t("widget.hours", { hours: brandValues.supportHours })}
        </p>
        {brand.support247 && (
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("widget.always")}</p>
        )}
      </section>
    </div>
  );
}
