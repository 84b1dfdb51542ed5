import { useTranslation } from "react-i18next";
import { dismissToast, useToasts } from "../../lib/toast.ts";

const COLORS = {
  success: "bg-green-700 text-white",
  error: "bg-red-700 text-white",
  info: "bg-blue-700 text-white",
} as const;

/**
 * The toasts, as a strip in the page's flow right under the header, sticking below it while the page
 * scrolls (`stickBelow`: the header's height class, `top-14`, `top-16`). In the flow, a toast moves the
 * page down instead of lying over it: it never covers a field, a filter or a button, at any width
 * (docs/decisions.md "Toasts push the page, they never cover it").
 */
export function Toaster({ stickBelow }: { stickBelow: "top-14" | "top-16" }) {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <div
      aria-live="polite"
      className={`sticky z-20 ${stickBelow} mx-auto flex w-full max-w-3xl flex-col gap-2 px-4 py-2 empty:p-0`}
      data-testid="toasts"
    >
      {toasts.map((item) => (
        <div
          key={item.id}
          role={item.type === "error" ? "alert" : "status"}
          className={`flex items-start gap-3 rounded-lg px-4 py-3 shadow-lg ${COLORS[item.type]}`}
        >
          <p className="flex-1 text-sm">{item.message}</p>
          <button
            type="button"
            onClick={() => dismissToast(item.id)}
            className="rounded px-1 text-lg leading-none focus-visible:outline-2 focus-visible:outline-white"
            aria-label={t("close")}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
