import { useTranslation } from "react-i18next";
import { ShareIcon } from "../../../components/ui/icons.tsx";
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
      <ShareIcon className="h-4 w-4" />
      {t("article.share")}
    </button>
  );
}
