import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format.ts";

/** One server-paged list's place: offset and page size, the total, and where to go. */
export interface Paging {
  offset: number;
  limit: number;
  total: number;
  /** More items exist than `total` counts (a broad search): shown as "of more than", with a hint. */
  capped?: boolean;
  onChange: (offset: number) => void;
  /** What is paged, for screen readers ("Users pages"). */
  label: string;
}

/** Previous/next paging for server-paginated lists (limit/offset, total from X-Total-Count). */
export function Pagination({ offset, limit, total, capped = false, onChange, label }: Paging) {
  const { t, i18n } = useTranslation();
  if (total === 0) return null;
  const from = Math.min(offset + 1, total);
  const to = Math.min(offset + limit, total);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {t(capped ? "pagination.rangeCapped" : "pagination.range", {
          from: formatNumber(from, i18n.language),
          to: formatNumber(to, i18n.language),
          total: formatNumber(total, i18n.language),
        })}
        {capped && offset + limit >= total ? <> {t("pagination.capped")}</> : null}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn-secondary px-3 py-1 text-sm"
          disabled={offset === 0}
          onClick={() => onChange(Math.max(0, offset - limit))}
        >
          {t("pagination.previous")}
        </button>
        <button
          type="button"
          className="btn-secondary px-3 py-1 text-sm"
          disabled={offset + limit >= total}
          onClick={() => onChange(offset + limit)}
        >
          {t("pagination.next")}
        </button>
      </div>
    </nav>
  );
}
