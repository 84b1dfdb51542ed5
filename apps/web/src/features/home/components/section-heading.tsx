/** The h2 and lead text that open each home section; `id` labels the section for landmarks. */
export function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        {title}
      </h2>
      {subtitle && <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{subtitle}</p>}
    </div>
  );
}
