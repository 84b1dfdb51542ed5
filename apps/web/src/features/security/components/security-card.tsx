import { type ReactNode, useRef, useSyncExternalStore } from "react";

/** The frame of the signed-out security pages: one heading, an intro line, the content, a footer line. */
export function SecurityCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="card">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
        {intro && <p className="mt-2 text-slate-600 dark:text-slate-300">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">{footer}</p>}
    </section>
  );
}

/** The token of an e-mailed link. It travels in the fragment (`#token=`), which no server or log sees. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token");
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}

const unsubscribed = () => () => {};
const addressFragment = () => window.location.hash;
const noFragment = () => undefined;

/**
 * The token of the page's e-mailed link, or null when the address has none. The prerendered page
 * (`/de/reset-password`) is rendered at build time, where no address has a fragment, as if the link
 * held its token (the new password's form, the address being confirmed): `undefined`, not yet read.
 * Hydration starts from that same value (React reads the build's snapshot while it hydrates), then the
 * page reads the address's own; rendered afresh, it reads the address at once. The first token read is
 * kept while the page is open: the fragment may change after it (the "skip to content" link sets
 * `#main`), and the link's token is what the page was opened with.
 */
export function useLinkToken(): string | null | undefined {
  const fragment = useSyncExternalStore(unsubscribed, addressFragment, noFragment);
  const read = useRef<{ token: string | null } | null>(null);
  if (fragment !== undefined && read.current === null) read.current = { token: tokenFromHash(fragment) };
  return read.current?.token;
}
