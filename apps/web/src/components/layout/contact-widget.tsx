import { brand } from "@brand";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ChatIcon, CloseIcon, PhoneIcon } from "../ui/icons.tsx";

/** Floating contact widget (SPEC.md section 2): WhatsApp with a greeting in the current language, call, hours. */
export function ContactWidget() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const whatsapp = `https://wa.me/${brand.whatsappNumber}?text=${encodeURIComponent(t("widget.greeting"))}`;
  return (
    <div className="fixed bottom-4 right-4 z-30 flex flex-col items-end gap-3">
      {open && (
        <div
          id="contact-widget-panel"
          className="w-72 rounded-xl border border-slate-200 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900"
          data-testid="contact-widget-panel"
        >
          <p className="font-semibold text-slate-900 dark:text-white">{t("widget.title")}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("widget.subtitle")}</p>
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 flex items-center gap-2 rounded-lg bg-green-700 px-3 py-2 text-sm font-medium text-white hover:bg-green-800"
            data-testid="whatsapp-link"
          >
            <ChatIcon className="h-4 w-4" /> {t("widget.whatsapp")}
          </a>
          <a
            href={`tel:${brand.phone.replace(/\s+/g, "")}`}
            className="mt-2 flex items-center gap-2 rounded-lg bg-brand-700 px-3 py-2 text-sm font-medium text-white hover:bg-brand-800"
          >
            <PhoneIcon className="h-4 w-4" /> {t("widget.call", { phone: brand.phone })}
          </a>
          <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
            {t("widget.hours", { hours: brand.supportHours })}
          </p>
        </div>
      )}
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls="contact-widget-panel"
        aria-label={open ? t("widget.close") : t("widget.open")}
        className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        data-testid="contact-widget-button"
      >
        {open ? <CloseIcon className="h-6 w-6" /> : <ChatIcon className="h-6 w-6" />}
      </button>
    </div>
  );
}
