import { useTranslation } from "react-i18next";
import { localeFor } from "../../../lib/format.ts";

/** A real progress bar fed by the API client's upload progress (0..1). */
export function UploadProgress({ fraction, label }: { fraction: number; label: string }) {
  const { i18n } = useTranslation();
  const text = new Intl.NumberFormat(localeFor(i18n.language), {
    style: "percent",
    maximumFractionDigits: 0,
  }).format(fraction);
  return (
    <div className="mt-3" data-testid="upload-progress">
      <div className="flex justify-between text-sm text-slate-700 dark:text-slate-300">
        <span>{label}</span>
        <span aria-hidden="true">{text}</span>
      </div>
      <progress
        value={fraction}
        max={1}
        aria-label={label}
        aria-valuetext={text}
        className="mt-1 h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600 dark:[&::-webkit-progress-bar]:bg-slate-700 dark:[&::-webkit-progress-value]:bg-brand-400 dark:[&::-moz-progress-bar]:bg-brand-400"
      />
    </div>
  );
}
