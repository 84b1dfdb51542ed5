/**
 * ISO 11649 structured creditor reference ("RF" reference): "RF", two check digits, and up to 21
 * letters and digits. The check digits are computed like an IBAN's (ISO 7064 MOD 97-10): the
 * reference followed by "RF00", letters as numbers (A = 10 ... Z = 35), check = 98 - (value mod 97).
 * A bank refuses a reference whose check digits do not match, so a typing error never funds the
 * wrong deposit.
 */

const BODY_RE = /^[A-Z0-9]{1,21}$/;
const REFERENCE_RE = /^RF[0-9]{2}[A-Z0-9]{1,21}$/;

/** The remainder mod 97 of a string of letters and digits read as ISO 7064 digits. */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** Upper case without spaces (references are printed in groups of four). */
export function normalizeCreditorReference(input: string): string {
  return input.replace(/\s+/g, "").toUpperCase();
}

/** The RF reference for a body of 1 to 21 letters and digits. */
export function creditorReference(body: string): string {
  const normalized = normalizeCreditorReference(body);
  if (!BODY_RE.test(normalized)) throw new RangeError(`not a creditor reference body: ${body}`);
  const check = 98 - mod97(`${normalized}RF00`);
  return `RF${String(check).padStart(2, "0")}${normalized}`;
}

/** True when the input (any spacing and case) is an RF reference with matching check digits. */
export function isValidCreditorReference(input: string): boolean {
  const reference = normalizeCreditorReference(input);
  if (!REFERENCE_RE.test(reference)) return false;
  return mod97(`${reference.slice(4)}${reference.slice(0, 4)}`) === 1;
}

/** Print format: groups of four ("RF18 5390 0754 7034"). */
export function formatCreditorReference(input: string): string {
  return normalizeCreditorReference(input).replace(/(.{4})(?=.)/g, "$1 ");
}

/** The reference of the n-th deposit: "FG" and the number, at least eight digits. */
export function depositReference(number: number): string {
  if (!Number.isSafeInteger(number) || number < 0)
    throw new RangeError("deposit number must be a whole number");
  return creditorReference(`FG${String(number).padStart(8, "0")}`);
}
