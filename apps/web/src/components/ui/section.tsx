import type { HTMLAttributes, ReactNode } from "react";

/** The headings a section opens with, largest first. */
const HEADINGS = {
  page: "text-3xl font-bold text-slate-900 dark:text-white",
  section: "text-2xl font-bold text-slate-900 dark:text-white",
  card: "text-xl font-bold text-slate-900 dark:text-white",
  panel: "text-xl font-semibold text-slate-900 dark:text-white",
  box: "text-lg font-semibold text-slate-900 dark:text-white",
} as const;

/**
 * A section named by its heading: the heading's `id` is what the section's `aria-labelledby` points to,
 * so screen readers list the section under its title. `heading` picks one of the shared heading styles;
 * `headingClassName` stands for a heading drawn otherwise.
 */
export function Section({
  id,
  title,
  heading = "card",
  headingClassName,
  level = 2,
  children,
  ...section
}: {
  id: string;
  title: ReactNode;
  heading?: keyof typeof HEADINGS;
  headingClassName?: string;
  level?: 2 | 3;
  children?: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, "id" | "title" | "aria-labelledby">) {
  const Heading = level === 3 ? "h3" : "h2";
  return (
    <section aria-labelledby={id} {...section}>
      <Heading id={id} className={headingClassName ?? HEADINGS[heading]}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
