import type { Language } from "@festgeld/domain/constants";
import { useId } from "react";

/**
 * The flag of a language as inline SVG, shipped with the app: emoji flags render as empty boxes on
 * systems without a flag font and as two letters on Windows. Decorative; the language's name is the
 * accessible text next to it.
 */
export function Flag({ language, className = "h-3.5 w-5" }: { language: Language; className?: string }) {
  const id = useId();
  const common = {
    className: `${className} shrink-0 rounded-[2px] ring-1 ring-slate-300 dark:ring-slate-600`,
    focusable: false,
    preserveAspectRatio: "none",
  } as const;
  if (language === "de") {
    return (
      <svg aria-hidden="true" {...common} viewBox="0 0 5 3" data-flag="de">
        <rect width="5" height="1" y="0" fill="#000000" />
        <rect width="5" height="1" y="1" fill="#DD0000" />
        <rect width="5" height="1" y="2" fill="#FFCE00" />
      </svg>
    );
  }
  if (language === "fr") {
    return (
      <svg aria-hidden="true" {...common} viewBox="0 0 3 2" data-flag="fr">
        <rect width="1" height="2" x="0" fill="#002654" />
        <rect width="1" height="2" x="1" fill="#FFFFFF" />
        <rect width="1" height="2" x="2" fill="#ED2939" />
      </svg>
    );
  }
  // English: the Union Jack.
  return (
    <svg aria-hidden="true" {...common} viewBox="0 0 60 30" data-flag="en">
      <clipPath id={`${id}-t`}>
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
      <rect width="60" height="30" fill="#012169" />
      <path d="M0,0 L60,30 M60,0 L0,30" stroke="#FFFFFF" strokeWidth="6" />
      <path d="M0,0 L60,30 M60,0 L0,30" clipPath={`url(#${id}-t)`} stroke="#C8102E" strokeWidth="4" />
      <path d="M30,0 v30 M0,15 h60" stroke="#FFFFFF" strokeWidth="10" />
      <path d="M30,0 v30 M0,15 h60" stroke="#C8102E" strokeWidth="6" />
    </svg>
  );
}
