/** The centred heading and lead text that open a catalogue page (the packages, the partner banks). */
export function CatalogueHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <header className="mx-auto max-w-3xl text-center">
      <h1 className="text-3xl font-bold text-balance text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
      <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{subtitle}</p>
    </header>
  );
}
