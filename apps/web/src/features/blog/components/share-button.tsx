import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";

/**
 * Shares the article: the system share sheet where the browser offers the Web Share API, else the link
 * goes to the clipboard and a message says so; if even that is refused, the message says how to copy it.
 */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation("blog");

  async function share() {
    const url = window.location.href;
    const data = { title, text, url };
    if (typeof navigator.share === "function" && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // The user closed the share sheet: nothing to do. Any other failure falls back to copying.
        if ((error as Error)?.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast(t("article.shareCopied"), "success");
    } catch {
      toast(t("article.shareFailed"), "error");
    }
  }

  return (
    <button type="button" className="btn-secondary" onClick={share} data-testid="share-button">
      <svg
        className="h-4 w-4"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
      </svg>
      {t("article.share")}
    </button>
  );
}
