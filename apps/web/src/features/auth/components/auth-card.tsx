import { type ReactNode, useEffect, useRef } from "react";

/** The frame of the login and register pages: one heading, an intro line, the form, a footer line. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  focusTitle = false,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
  /** The card follows a step the user just finished: focus moves to its title, not to <body>. */
  focusTitle?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle && title) heading.current?.focus();
  }, [focusTitle, title]);
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="card">
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold text-slate-900 outline-none dark:text-white"
        >
          {title}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
      <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">{footer}</p>
    </section>
  );
}
