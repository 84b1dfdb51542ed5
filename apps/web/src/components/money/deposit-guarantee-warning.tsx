import type { PackageBank } from "@festgeld/domain";
import { moneyToJsonCents } from "@festgeld/domain/money";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api-client.ts";
import { formatCents } from "../../lib/format.ts";
import { amountOf } from "../../lib/money.ts";
import { operations } from "../../lib/operations.ts";
import { useSession } from "../../lib/session.tsx";

/**
 * Warns a signed-in saver when their deposits plus `addEuros` (the amount being applied for) would
 * exceed what the statutory deposit guarantee protects. The guarantee counts per bank and depositor:
 * with a `bank` (the chosen package's), only the saver's money at that bank counts and the warning names
 * it; without one (the dashboard), the warning shows for any bank above its limit.
 */
export function DepositGuaranteeWarning({
  addEuros = 0,
  where,
  bank,
}: {
  addEuros?: number;
  where: "apply" | "dashboard";
  bank?: PackageBank | undefined;
}) {
  const { t, i18n } = useTranslation("banks");
  const { user } = useSession();
  const guarantee = useQuery({
    queryKey: ["me", "deposit-guarantee"],
    queryFn: ({ signal }) => api.call(operations.meDepositGuarantee, { signal }),
    enabled: Boolean(user),
  });
  if (!user || !guarantee.data) return null;
  // The amount being typed, once it is a valid amount of money (at most two decimals).
  const added = addEuros > 0 ? moneyToJsonCents(amountOf(addEuros, "EUR")) : 0;
  const money = (cents: number) => formatCents(cents, "EUR", i18n.language);
  const whole = (cents: number) => formatCents(cents, "EUR", i18n.language, { whole: true });
  const box = (title: string, text: string) => (
    <div
      role="status"
      data-testid="deposit-guarantee-warning"
      className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">{title}</p>
      <p>{text}</p>
    </div>
  );

  if (bank) {
    const atBank = guarantee.data.banks.find((b) => b.bank.id === bank.id);
    const limitCents = atBank?.limit_cents ?? guarantee.data.limit_cents;
    const totalCents = (atBank ? atBank.held_cents + atBank.pending_cents : 0) + added;
    if (totalCents <= limitCents) return null;
    const values = { bank: bank.name, total: money(totalCents), limit: whole(limitCents) };
    return box(t("banks:guarantee.title", values), t("banks:guarantee.text", values));
  }
  const over = guarantee.data.banks.find((b) => b.held_cents + b.pending_cents + added > b.limit_cents);
  if (!over) return null;
  const values = {
    bank: over.bank.name,
    total: money(over.held_cents + over.pending_cents + added),
    limit: whole(over.limit_cents),
  };
  return box(
    t("banks:guarantee.title", values),
    where === "apply" ? t("banks:guarantee.text", values) : t("banks:guarantee.dashboard", values),
  );
}
