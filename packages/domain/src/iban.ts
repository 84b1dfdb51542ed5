/**
 * IBAN checks (ISO 13616) for the saver's SEPA reference account. No dependencies, so the web app can
 * import it at runtime (`@festgeld/domain/iban`) for instant feedback; the server runs the same code.
 */

/**
 * IBAN length per country of the SEPA schemes' geographical scope (EPC409-09, list of countries and
 * territories, 2025 edition; lengths from the SWIFT IBAN registry). Territories that use another
 * country's IBAN (Åland: FI; French overseas departments: FR; Jersey, Guernsey, Isle of Man: GB; Azores,
 * Madeira: PT; Canary Islands, Ceuta, Melilla: ES) are covered by that country's code.
 */
export const SEPA_IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, // Andorra
  AL: 28, // Albania
  AT: 20, // Austria
  BE: 16, // Belgium
  BG: 22, // Bulgaria
  CH: 21, // Switzerland
  CY: 28, // Cyprus
  CZ: 24, // Czechia
  DE: 22, // Germany
  DK: 18, // Denmark
  EE: 20, // Estonia
  ES: 24, // Spain
  FI: 18, // Finland
  FR: 27, // France
  GB: 22, // United Kingdom
  GI: 23, // Gibraltar
  GR: 27, // Greece
  HR: 21, // Croatia
  HU: 28, // Hungary
  IE: 22, // Ireland
  IS: 26, // Iceland
  IT: 27, // Italy
  LI: 21, // Liechtenstein
  LT: 20, // Lithuania
  LU: 20, // Luxembourg
  LV: 21, // Latvia
  MC: 27, // Monaco
  MD: 24, // Moldova
  ME: 22, // Montenegro
  MK: 19, // North Macedonia
  MT: 31, // Malta
  NL: 18, // Netherlands
  NO: 15, // Norway
  PL: 28, // Poland
  PT: 25, // Portugal
  RO: 24, // Romania
  SE: 24, // Sweden
  SI: 19, // Slovenia
  SK: 24, // Slovakia
  SM: 27, // San Marino
  VA: 22, // Vatican City
};

/** The longest IBAN ISO 13616 allows. */
export const IBAN_MAX_LENGTH = 34;

/** Why an IBAN is refused, so that the form can say what to fix. */
export type IbanProblem = "empty" | "format" | "country" | "length" | "checksum";

/** Electronic format: without spaces (any whitespace, as pasted from a statement), upper case. */
export function normalizeIban(input: string): string {
  return input.replace(/\s+/g, "").toUpperCase();
}

/** The remainder of a decimal digit string modulo 97, read in chunks so no number grows past 2^53. */
function mod97(digits: string): number {
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) {
    remainder = Number(`${remainder}${digits.slice(i, i + 7)}`) % 97;
  }
  return remainder;
}

/**
 * The first problem with an IBAN (in any spacing or case), or null when it is a valid IBAN of a SEPA
 * country: two letters, two check digits, an alphanumeric BBAN, the country's exact length and the
 * ISO 7064 MOD 97-10 check (the number with its first four characters moved to the end, letters as
 * 10..35, leaves remainder 1).
 */
export function ibanProblem(input: string): IbanProblem | null {
  const iban = normalizeIban(input);
  if (iban === "") return "empty";
  if (iban.length > IBAN_MAX_LENGTH || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return "format";
  const expectedLength = SEPA_IBAN_LENGTHS[iban.slice(0, 2)];
  if (expectedLength === undefined) return "country";
  if (iban.length !== expectedLength) return "length";
  // 00, 01 and 99 are never produced by the check-digit algorithm (it yields 02..98); 99 would
  // otherwise pass the remainder test exactly like 02.
  const checkDigits = iban.slice(2, 4);
  if (checkDigits === "00" || checkDigits === "01" || checkDigits === "99") return "checksum";
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return mod97(digits) === 1 ? null : "checksum";
}

/** True for a valid IBAN of a SEPA country, in any spacing or case. */
export function isValidIban(input: string): boolean {
  return ibanProblem(input) === null;
}

/** The expected length of an IBAN for a country code, if it is a SEPA country. */
export function ibanLengthFor(countryCode: string): number | undefined {
  return SEPA_IBAN_LENGTHS[countryCode.toUpperCase()];
}

/** Print format: groups of four separated by spaces ("DE89 3704 0044 0532 0130 00"). */
export function formatIban(input: string): string {
  return normalizeIban(input).replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * For showing a stored IBAN back: country and check digits and the last four characters stay, the
 * rest is masked, so a glance over the shoulder reveals no account. Every group has four characters,
 * the kept ones included ("DE89 **** **** **** **** 3000"): the masked middle is rounded up to whole
 * groups, so the last four are never split across two groups as in the printed form ("**30 00").
 */
export function maskIban(input: string): string {
  const iban = normalizeIban(input);
  if (iban.length <= 8) return formatIban(iban);
  const groups = Math.ceil((iban.length - 8) / 4);
  return [iban.slice(0, 4), ...Array.from({ length: groups }, () => "****"), iban.slice(-4)].join(" ");
}
