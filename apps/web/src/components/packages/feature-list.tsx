import { CheckIcon } from "../ui/icons.tsx";

/** A package's features, each with a green tick; `className` spaces the list in its card or table cell. */
export function FeatureList({ features, className }: { features: readonly string[]; className: string }) {
  return (
    <ul className={className}>
      {features.map((feature) => (
        <li key={feature} className="flex items-start gap-2">
          <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-green-700 dark:text-green-400" />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
