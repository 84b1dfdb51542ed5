import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * Catches a rendering error (or a page's code that failed to load) below it and shows the
 * translated generic error with a way on, instead of leaving a blank page. `resetKey` (the path)
 * clears the error when the visitor goes elsewhere.
 */
export class ErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { error: Error | null; key: string }
> {
  override state: { error: Error | null; key: string } = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { error: Error | null; key: string },
  ): { error: Error | null; key: string } | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // The browser console is where a developer or a support person looks first.
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <CrashNotice /> : this.props.children;
  }
}

function CrashNotice() {
  const { t } = useTranslation();
  return (
    <section role="alert" className="mx-auto max-w-2xl px-4 py-24 text-center" data-testid="error-boundary">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{t("genericError")}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{t("crash.text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          {t("crash.reload")}
        </button>
        <Link to="/" className="btn-secondary">
          {t("notFound.home")}
        </Link>
      </div>
    </section>
  );
}
