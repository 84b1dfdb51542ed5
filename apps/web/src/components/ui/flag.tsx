import { LANGUAGE_DETAILS, type Language } from "@festgeld/domain/constants";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { countryName } from "../../lib/brand-text.ts";

/**
 * Flags drawn as inline SVG, shipped with the app (docs/decisions.md "Flags are drawn, never emoji"):
 * emoji flags render as empty boxes on systems without a flag font and as two letters on Windows.
 */

/** Three bands: vertical ("v", left to right) or horizontal ("h", top to bottom), with the flag's ratio. */
type Tricolour = { bands: "v" | "h"; colours: [string, string, string]; ratio: [number, number] };

/** The countries the partner banks and the brands use; another country shows its code in a box. */
const TRICOLOURS: Record<string, Tricolour> = {
  AT: { bands: "h", colours: ["#C8102E", "#FFFFFF", "#C8102E"], ratio: [3, 2] },
  BE: { bands: "v", colours: ["#000000", "#FDDA24", "#EF3340"], ratio: [15, 13] },
  DE: { bands: "h", colours: ["#000000", "#DD0000", "#FFCE00"], ratio: [5, 3] },
  EE: { bands: "h", colours: ["#0072CE", "#000000", "#FFFFFF"], ratio: [11, 7] },
  FR: { bands: "v", colours: ["#002654", "#FFFFFF", "#ED2939"], ratio: [3, 2] },
  IE: { bands: "v", colours: ["#169B62", "#FFFFFF", "#FF883E"], ratio: [2, 1] },
  IT: { bands: "v", colours: ["#009246", "#FFFFFF", "#CE2B37"], ratio: [3, 2] },
  LT: { bands: "h", colours: ["#FDB913", "#006A44", "#C1272D"], ratio: [5, 3] },
  LU: { bands: "h", colours: ["#EF3340", "#FFFFFF", "#00A3E0"], ratio: [5, 3] },
  NL: { bands: "h", colours: ["#AE1C28", "#FFFFFF", "#21468B"], ratio: [3, 2] },
};

const FRAME = "shrink-0 rounded-[2px] ring-1 ring-slate-300 dark:ring-slate-600";

type Labelled = { label?: string | undefined; className: string; code: string };

/** The drawing is always hidden; a named flag is wrapped in an image role carrying the name. */
function Drawn({ code, label, className }: Labelled) {
  const drawing = <Drawing code={code} className={className} />;
  if (!label) return drawing;
  return (
    <span role="img" aria-label={label} className="inline-flex align-[-0.15em]">
      {drawing}
    </span>
  );
}

function Drawing({ code, className }: Omit<Labelled, "label">) {
  const id = useId();
  const common = {
    className: `${className} ${FRAME}`,
    focusable: false,
    preserveAspectRatio: "none",
    "data-flag": code,
  } as const;
  const tricolour = TRICOLOURS[code];
  if (tricolour) {
    const [w, h] = tricolour.ratio;
    const vertical = tricolour.bands === "v";
    return (
      <svg aria-hidden="true" {...common} viewBox={`0 0 ${vertical ? 3 : w} ${vertical ? h : 3}`}>
        {tricolour.colours.map((fill, i) =>
          vertical ? (
            <rect key={fill + String(i)} x={i} width="1" height={h} fill={fill} />
          ) : (
            <rect key={fill + String(i)} y={i} width={w} height="1" fill={fill} />
          ),
        )}
      </svg>
    );
  }
  if (code === "GB") {
    return (
      <svg aria-hidden="true" {...common} viewBox="0 0 60 30">
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
  // No drawing kept for this country: its code in a neutral box, never an emoji.
  return (
    <svg aria-hidden="true" {...common} viewBox="0 0 30 20">
      <rect width="30" height="20" fill="#E2E8F0" />
      <text x="15" y="14.5" textAnchor="middle" fontSize="12" fontFamily="sans-serif" fill="#334155">
        {code}
      </text>
    </svg>
  );
}

/** The flag of a language. Decorative: the language's name is the accessible text next to it. */
export function Flag({ language, className = "h-3.5 w-5" }: { language: Language; className?: string }) {
  return <Drawn code={LANGUAGE_DETAILS[language].flag} className={className} />;
}

/**
 * The flag of a country (ISO 3166-1 alpha-2), named by the country's name in the page's language, or
 * decorative (`decorative`) where that name is written beside it. Nothing for a malformed code.
 */
export function CountryFlag({
  country,
  decorative = false,
  className = "inline-block h-3.5 w-5",
}: {
  country: string;
  decorative?: boolean;
  className?: string;
}) {
  const { i18n } = useTranslation();
  if (!/^[A-Z]{2}$/.test(country)) return null;
  const label = decorative ? undefined : countryName(country, i18n.language);
  return <Drawn code={country} label={label} className={className} />;
}
