import { operations } from "@festgeld/domain/operations";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api-client.ts";
import { formatMoney } from "../../lib/format.ts";
import { useSession } from "../../lib/session.tsx";

/**
 * Warns a signed-in saver when their deposits with the partner bank, plus `addEuros` (the amount being
 * applied for), would exceed what the statutory deposit guarantee protects per saver and bank.
 */
export function DepositGuaranteeWarning({
  addEuros = 0,
  where,
}: {
  addEuros?: number;
  where: "apply" | "dashboard";
}) {
  const { t, i18n } = useTranslation("identity");
  const { user } = useSession();
  const guarantee = useQuery({
    queryKey: ["me", "deposit-guarantee"],
    queryFn: ({ signal }) => api.call(operations.meDepositGuarantee, { signal }),
    enabled: Boolean(user),
  });
  if (!user || !guarantee.data) return null;
  const added = Number.isFinite(addEuros) && addEuros > 0 ? Math.round(addEuros * 100) : 0;
  const totalCents = guarantee.data.total_cents + added;
  const limitCents = guarantee.data.limit_cents;
  if (totalCents <= limitCents) return null;
  const values = {
    total: formatMoney(totalCents / 100, "EUR", i18n.language),
    limit: formatMoney(limitCents / 100, "EUR", i18n.language, { whole: true }),
  };
  return (
    <div
      role="status"
      data-testid="deposit-guarantee-warning"
      className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">{t("guarantee.title")}</p>
      <p>{where === "apply" ? t("guarantee.text", values) : t("guarantee.dashboard", values)}</p>
    </div>
  );
}
