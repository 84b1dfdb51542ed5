import type { ReactNode } from "react";

/**
 * A public page of one column that opens with its heading and lead text (contact, FAQ, checking a
 * payment's details), then the content; `width` is the column's Tailwind max-width class. The heading is a
 * size smaller on a phone, where a long German word would not fit the line.
 */
export function PublicPage({
  title,
  intro,
  width = "max-w-3xl",
  children,
}: {
  title: string;
  intro: string;
  width?: string;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto ${width} px-4 py-16`}>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {title}
      </h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-600 dark:text-slate-300">{intro}</p>
      {children}
    </div>
  );
}
