import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Section } from "../../../components/ui/section.tsx";
import { TableHead } from "../../../components/ui/table-head.tsx";
import { formatCents, formatNumber } from "../../../lib/format.ts";
import { fetchBankExposure } from "../api/analytics-api.ts";

/**
 * What savers hold and have applied for at each partner bank, against its scheme's coverage per saver:
 * the guarantee counts per bank, so staff watch the exposure per bank. Below the charts: asked for once
 * the overview's figures are reported on screen (`wanted`), like the charts' code.
 */
export function BankExposure({ wanted }: { wanted: boolean }) {
  const { t, i18n } = useTranslation("banks");
  const banks = useQuery({
    queryKey: ["admin", "banks"],
    queryFn: ({ signal }) => fetchBankExposure(signal),
    enabled: wanted,
  });
  if (!banks.data) return null;
  const money = (cents: number) => formatCents(cents, "EUR", i18n.language, { whole: true });
  return (
    <Section
      id="admin-exposure-heading"
      title={t("admin.exposureTitle")}
      heading="box"
      className="card overflow-x-auto"
      data-testid="bank-exposure-overview"
    >
      <table className="mt-3 w-full text-left text-sm">
        <TableHead
          columns={[
            { label: t("admin.fields.name"), className: "py-2 pr-2 sm:pr-4" },
            { label: t("admin.held"), className: "py-2 pr-2 sm:pr-4 text-right" },
            { label: t("admin.pending"), className: "py-2 pr-2 sm:pr-4 text-right" },
            { label: t("admin.savers"), className: "py-2 text-right" },
          ]}
        />
        <tbody>
          {banks.data.map((bank) => (
            <tr key={bank.id} className="border-t border-slate-200 dark:border-slate-700">
              <th scope="row" className="py-2 pr-2 sm:pr-4 font-medium">
                {bank.name}
                {bank.status === "paused" ? ` (${t("admin.statusPaused")})` : ""}
              </th>
              <td className="py-2 pr-2 sm:pr-4 text-right tabular-nums">{money(bank.exposure.held_cents)}</td>
              <td className="py-2 pr-2 sm:pr-4 text-right tabular-nums">
                {money(bank.exposure.pending_cents)}
              </td>
              <td className="py-2 text-right tabular-nums">
                {formatNumber(bank.exposure.savers, i18n.language)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
