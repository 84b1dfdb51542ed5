/**
 * Tax identification numbers: a check per country where the format and check digit are public
 * (the EU's TIN on the Web describes each), a loose plausibility check elsewhere. The input is
 * compared without spaces, dots, slashes and hyphens, upper case.
 */

export type TaxIdProblem = "format" | "check_digit" | "repetition";

/** Strips what people type between groups of digits. */
export const normalizeTaxId = (value: string) => value.replace(/[\s./-]/g, "").toUpperCase();

/**
 * German tax identification number (Steuer-IdNr): 11 digits, the first not 0; among the first ten
 * exactly one digit occurs two or three times (never three times in a row) and no other digit
 * repeats; the eleventh is an ISO 7064 MOD 11,10 check digit.
 */
export function checkGermanIdNr(value: string): TaxIdProblem | null {
  if (!/^[1-9][0-9]{10}$/.test(value)) return "format";
  const digits = [...value].map(Number);
  const body = digits.slice(0, 10);
  const counts = new Map<number, number>();
  for (const d of body) counts.set(d, (counts.get(d) ?? 0) + 1);
  const repeated = [...counts.entries()].filter(([, n]) => n > 1);
  if (repeated.length !== 1) return "repetition";
  const [digit, times] = repeated[0] as [number, number];
  if (times > 3) return "repetition";
  if (times === 3 && body.some((d, i) => d === digit && body[i + 1] === digit && body[i + 2] === digit)) {
    return "repetition";
  }
  return iso7064Mod11_10(body) === digits[10] ? null : "check_digit";
}

/** ISO 7064 MOD 11,10 check digit of a digit sequence. */
export function iso7064Mod11_10(digits: readonly number[]): number {
  let product = 10;
  for (const d of digits) {
    let sum = (d + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}

/** Dutch BSN: 9 digits passing the "elfproef" (weights 9..2 and -1, sum divisible by 11). */
function checkDutchBsn(value: string): TaxIdProblem | null {
  if (!/^[0-9]{9}$/.test(value)) return "format";
  const d = [...value].map(Number);
  const sum = d.slice(0, 8).reduce((acc, x, i) => acc + x * (9 - i), 0) - (d[8] as number);
  return sum % 11 === 0 && sum !== 0 ? null : "check_digit";
}

/** Spanish DNI (8 digits + letter) or NIE (X/Y/Z + 7 digits + letter), letter = number mod 23. */
function checkSpanishNif(value: string): TaxIdProblem | null {
  const m = /^([XYZ]?)([0-9]{7,8})([A-Z])$/.exec(value);
  if (!m) return "format";
  const [, prefix, digits, letter] = m as unknown as [string, string, string, string];
  if ((prefix === "" && digits.length !== 8) || (prefix !== "" && digits.length !== 7)) return "format";
  const number = Number(`${prefix === "" ? "" : "XYZ".indexOf(prefix)}${digits}`);
  return "TRWAGMYFPDXBNJZSQVHLCKE"[number % 23] === letter ? null : "check_digit";
}

/** Belgian national number: 11 digits, the last two = 97 - (first nine mod 97); a "2" prefix after 1999. */
function checkBelgianNumber(value: string): TaxIdProblem | null {
  if (!/^[0-9]{11}$/.test(value)) return "format";
  const body = value.slice(0, 9);
  const check = Number(value.slice(9));
  const before2000 = 97 - (Number(body) % 97);
  const after1999 = 97 - (Number(`2${body}`) % 97);
  return check === before2000 || check === after1999 ? null : "check_digit";
}

const PATTERNS: Record<string, RegExp> = {
  // numéro fiscal de référence: 13 digits, the first 0-3
  FR: /^[0-3][0-9]{12}$/,
  // Abgabenkontonummer: 9 digits
  AT: /^[0-9]{9}$/,
  // codice fiscale: 16 characters (letters where digits are taken by omocodia)
  IT: /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-EHLMPR-T][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/,
  // matricule: 13 digits
  LU: /^[0-9]{13}$/,
  // PPS number: 7 digits and one or two letters
  IE: /^[0-9]{7}[A-W][A-IW]?$/,
  // PESEL: 11 digits
  PL: /^[0-9]{11}$/,
  // NIF: 9 digits
  PT: /^[0-9]{9}$/,
};

const CHECKS: Record<string, (value: string) => TaxIdProblem | null> = {
  DE: checkGermanIdNr,
  NL: checkDutchBsn,
  ES: checkSpanishNif,
  BE: checkBelgianNumber,
};

/** Countries whose numbers get more than the loose check. */
export const TAX_ID_RULE_COUNTRIES = [...Object.keys(CHECKS), ...Object.keys(PATTERNS)].sort();

/** What is wrong with a tax identification number for a country of tax residency, or null. */
export function checkTaxId(country: string, raw: string): TaxIdProblem | null {
  const value = normalizeTaxId(raw);
  const check = CHECKS[country];
  if (check) return check(value);
  const pattern = PATTERNS[country];
  if (pattern) return pattern.test(value) ? null : "format";
  return /^[A-Z0-9]{4,20}$/.test(value) ? null : "format";
}
