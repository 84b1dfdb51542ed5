import { useTranslation } from "react-i18next";
import { dismissToast, useToasts } from "../../lib/toast.ts";

const COLORS = {
  success: "bg-green-700 text-white",
  error: "bg-red-700 text-white",
  info: "bg-blue-700 text-white",
} as const;

export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed right-4 top-20 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {toasts.map((item) => (
        <div
          key={item.id}
          role={item.type === "error" ? "alert" : "status"}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg px-4 py-3 shadow-lg ${COLORS[item.type]}`}
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
