import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { BankFilter, usePackageFilter } from "../../components/banks/bank-filter.tsx";
import { CatalogueHeader } from "../../components/layout/catalogue-header.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { usePackages } from "../../lib/packages.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { PackageCard } from "./components/package-card.tsx";

/** /packages: loading state, one card per package, select -> /apply with the id. */
export default function PackagesPage() {
  const { t } = useTranslation(["invest", "banks"]);
  const navigate = useNavigate();
  const { data, isPending, isError } = usePackages();
  const filter = usePackageFilter();
  const shown = data ? filter.apply(data) : [];
  useDocumentTitle(t("invest:packages.title"), t("invest:packages.subtitle"));

  return (
    <section className="mx-auto max-w-7xl px-4 py-12">
      <CatalogueHeader title={t("invest:packages.title")} subtitle={t("invest:packages.subtitle")} />
      {isPending ? (
        <Spinner label={t("invest:packages.loading")} />
      ) : isError ? (
        // a failed fetch is logged only; the loading state ends. We add a quiet note.
        <p className="mt-12 text-center text-slate-600 dark:text-slate-300">{t("invest:packages.empty")}</p>
      ) : (
        <>
          <BankFilter packages={data} filter={filter} />
          {shown.length === 0 && <p className="mt-8 text-center">{t("banks:filter.none")}</p>}
          <div
            className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"
            data-testid="package-list"
          >
            {shown.map((pkg) => (
              <PackageCard
                key={pkg.id}
                pkg={pkg}
                onSelect={(p) => navigate("/apply", { state: { packageId: p.id } })}
              />
            ))}
          </div>
        </>
      )}
      <p className="mx-auto mt-10 max-w-3xl text-center text-sm text-slate-600 dark:text-slate-400">
        {t("invest:packages.note")}
      </p>
    </section>
  );
}
