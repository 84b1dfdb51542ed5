/**
 * Numbers as savers type or paste them in their language: "10.000,50" and "3,75" in German,
 * "10 000,50" in French, "10,000.50" in English. A `type="number"` input cannot do this (Chromium
 * reads a German "10.000" as 10), so amount and rate fields are text inputs with `inputMode="decimal"`
 * read through here.
 *
 * Rules: spaces (also no-break and narrow no-break) and apostrophes group thousands; a currency or
 * percent sign around the number is ignored. With both "." and "," the later one is the decimal
 * mark. With one kind only: several of them group thousands; a single one followed by exactly three
 * digits is the language's thousands separator unless it is the language's decimal mark ("10.000" is
 * ten thousand in German, ten in English); otherwise it is the decimal mark ("3.75" and "3,75" are
 * read the same everywhere).
 */
const DECIMAL_MARK: Record<string, "," | "."> = { en: ".", de: ",", fr: "," };

export function parseDecimal(text: string, language: string): number | null {
  let s = text
    .trim()
    .replace(/^(?:EUR|USD|GBP|CHF|[€$£%])\s*/i, "")
    .replace(/\s*(?:EUR|USD|GBP|CHF|[€$£%])$/i, "")
    .replace(/[\s\u00a0\u202f']/g, "");
  let sign = 1;
  if (s.startsWith("-") || s.startsWith("\u2212")) {
    sign = -1;
    s = s.slice(1);
  } else if (s.startsWith("+")) {
    s = s.slice(1);
  }
  if (!/^[0-9][0-9.,]*$/.test(s) || /[.,]$/.test(s)) {
    // ".5" and ",5" are a decimal part alone.
    if (/^[.,][0-9]+$/.test(s)) return sign * Number(`0.${s.slice(1)}`);
    return null;
  }
  const dots = s.split(".").length - 1;
  const commas = s.split(",").length - 1;
  let decimal: "." | "," | null = null;
  if (dots > 0 && commas > 0) {
    decimal = s.lastIndexOf(".") > s.lastIndexOf(",") ? "." : ",";
    if ((decimal === "." ? dots : commas) > 1) return null;
  } else if (dots + commas === 1) {
    const mark = dots === 1 ? "." : ",";
    const after = s.length - s.indexOf(mark) - 1;
    const languageMark = DECIMAL_MARK[language.slice(0, 2)] ?? ".";
    decimal = after === 3 && mark !== languageMark ? null : mark;
  }
  const [whole = "", fraction] = decimal ? s.split(decimal) : [s];
  const groups = whole.split(/[.,]/);
  if (groups.length > 1 && !/^[0-9]{1,3}$/.test(groups[0] ?? "")) return null;
  if (groups.slice(1).some((g) => !/^[0-9]{3}$/.test(g))) return null;
  const value = Number(`${groups.join("")}${fraction === undefined ? "" : `.${fraction}`}`);
  return Number.isFinite(value) ? sign * value : null;
}

/**
 * The typed text as a plain "1234.5" string for checks and requests, or the trimmed text itself
 * when it is not a number (so the checks answer "not a number").
 */
export function decimalText(text: string, language: string): string {
  const value = parseDecimal(text, language);
  return value === null ? text.trim() : String(value);
}

/** A number as the saver would type it in `language` ("3,5" in German and French), for an input's value. */
export function decimalInputText(value: number, language: string): string {
  const text = String(value);
  return (DECIMAL_MARK[language.slice(0, 2)] ?? ".") === "," ? text.replace(".", ",") : text;
}
