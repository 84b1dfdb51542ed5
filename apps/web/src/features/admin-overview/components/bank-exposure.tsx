import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatCents, formatNumber } from "../../../lib/format.ts";
import { fetchBankExposure } from "../api/analytics-api.ts";

/**
 * What savers hold and have applied for at each partner bank, against its scheme's coverage per saver:
 * the guarantee counts per bank, so staff watch the exposure per bank.
 */
export function BankExposure() {
  const { t, i18n } = useTranslation("banks");
  const banks = useQuery({
    queryKey: ["admin", "banks"],
    queryFn: ({ signal }) => fetchBankExposure(signal),
  });
  if (!banks.data) return null;
  const money = (cents: number) => formatCents(cents, "EUR", i18n.language, { whole: true });
  return (
    <section
      className="card overflow-x-auto"
      aria-labelledby="admin-exposure-heading"
      data-testid="bank-exposure-overview"
    >
      <h2 id="admin-exposure-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("admin.exposureTitle")}
      </h2>
      <table className="mt-3 w-full text-left text-sm">
        <thead>
          <tr>
            <th scope="col" className="py-2 pr-4">
              {t("admin.fields.name")}
            </th>
            <th scope="col" className="py-2 pr-4 text-right">
              {t("admin.held")}
            </th>
            <th scope="col" className="py-2 pr-4 text-right">
              {t("admin.pending")}
            </th>
            <th scope="col" className="py-2 text-right">
              {t("admin.savers")}
            </th>
          </tr>
        </thead>
        <tbody>
          {banks.data.map((bank) => (
            <tr key={bank.id} className="border-t border-slate-200 dark:border-slate-700">
              <th scope="row" className="py-2 pr-4 font-medium">
                {bank.name}
                {bank.status === "paused" ? ` (${t("admin.statusPaused")})` : ""}
              </th>
              <td className="py-2 pr-4 text-right tabular-nums">{money(bank.exposure.held_cents)}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{money(bank.exposure.pending_cents)}</td>
              <td className="py-2 text-right tabular-nums">
                {formatNumber(bank.exposure.savers, i18n.language)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
