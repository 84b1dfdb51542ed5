/**
 * Key figures as a description list of cards: each figure large above its label (the label comes
 * first in the markup, so a screen reader says what a number is before the number). `className` lays
 * out the list; `centered` centres each card's text.
 */
export function FigureList({
  figures,
  className,
  centered = false,
  labelClassName = "text-sm text-slate-600 dark:text-slate-300",
  testId,
}: {
  figures: ReadonlyArray<{ label: string; value: string }>;
  className: string;
  centered?: boolean;
  labelClassName?: string;
  testId?: string;
}) {
  return (
    <dl className={className} data-testid={testId}>
      {figures.map((figure) => (
        <div
          key={figure.label}
          className={centered ? "card flex flex-col text-center" : "card flex flex-col"}
        >
          <dt className={labelClassName}>{figure.label}</dt>
          <dd className="order-first text-3xl font-extrabold text-brand-700 dark:text-brand-200">
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
