import type { User } from "@festgeld/domain";
import { lazy, Suspense, useDeferredValue, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { SignedInPage } from "../../components/layout/saver-page.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { i18n } from "../../lib/i18n.ts";
import { PAGE_NAMESPACES } from "../../lib/page-namespaces.ts";
import { useSession } from "../../lib/session.tsx";
import { useAfterPaint } from "../../lib/use-after-paint.ts";
import { useMyApplications } from "./api/use-my-applications.ts";

/**
 * The dashboard's lists and forms (dashboard-content.tsx) are a chunk of their own, asked for once the
 * welcome has been painted (the saver's data is asked for with the welcome's render): the welcome does
 * not wait for the form library and the contract's schemas the cards' forms use (docs/decisions.md
 * "Signed-in pages load their parts side by side"). The cards' catalogues come with their code, not
 * with the page's (lib/page-namespaces.ts): the welcome reads only "invest" (docs/decisions.md "The
 * dashboard's first load").
 */
const CONTENT_NAMESPACES = ["deposits", "tools", "banks"];
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
let content: Promise<typeof import("./dashboard-content.tsx")> | undefined;
/**
 * The cards' code, then their catalogues, each asked for in a task of its own after the one that asks
 * for the saver's applications: every file asked for costs the main thread a little (the code's ~20
 * chunks are named as module preloads), and asked for at once they made one task of 250 ms on a slow
 * phone (docs/decisions.md "The dashboard's first load").
 */
function loadContent() {
  content ??= (async () => {
    await nextTask();
    const code = import("./dashboard-content.tsx");
    await nextTask();
    await i18n.loadNamespaces(CONTENT_NAMESPACES);
    return code;
  })();
  return content;
}
const DashboardContent = lazy(loadContent);

/** /dashboard: signed-out visitors go to /login. The welcome's catalogues come with the page, the cards' with their code. */
export default function DashboardPage() {
  const { t } = useTranslation(PAGE_NAMESPACES["/dashboard"]);
  return (
    <SignedInPage title={t("dashboard.title")} description={t("dashboard.subtitle")}>
      <Dashboard />
    </SignedInPage>
  );
}

function Dashboard() {
  const { t } = useTranslation("invest");
  const { user } = useSession() as { user: User };
  // The cards' code and data once the welcome has been painted: they do not compete with the page's
  // first paint. The data is asked for here, beside the content's code, not once that code has arrived.
  const welcomePainted = useAfterPaint();
  const applications = useMyApplications(Boolean(user) && welcomePainted);
  useEffect(() => {
    if (welcomePainted) void loadContent();
  }, [welcomePainted]);
  // The cards render as a deferred update, which React splits into short tasks, so the page stays
  // responsive while a saver with many deposits sees them appear.
  const pending = useDeferredValue(applications.isPending, true);
  const loading = <Spinner label={t("dashboard.loading")} />;

  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <header>
        <h1 className="text-4xl font-bold text-slate-900 dark:text-white" data-testid="dashboard-welcome">
          {t("dashboard.welcome", { name: user.full_name })}
        </h1>
        <p className="mt-2 text-lg text-slate-600 dark:text-slate-300">{t("dashboard.subtitle")}</p>
      </header>
      {pending ? (
        loading
      ) : (
        <Suspense fallback={loading}>
          <DashboardContent applications={applications} />
        </Suspense>
      )}
    </section>
  );
}
