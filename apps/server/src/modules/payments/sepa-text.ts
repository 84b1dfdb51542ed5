import anyAscii from "any-ascii";

/**
 * Text for SEPA payment files. The EPC implementation guidelines allow only the Latin character set
 * a-z A-Z 0-9 / - ? : ( ) . , ' + and space unless banks agree on more; a file with other characters
 * may be refused or have them replaced by the bank. Umlauts and sharp s follow the German custom
 * (ä -> ae, ß -> ss), everything else is transliterated with any-ascii (é -> e, ł -> l, Cyrillic and
 * Greek by sound, emoji dropped), and what is still outside the set becomes a full stop, as the EPC's conversion
 * table does (docs/decisions.md, "SEPA payment files").
 */

const GERMAN: Readonly<Record<string, string>> = {
  Ä: "Ae",
  Ö: "Oe",
  Ü: "Ue",
  ä: "ae",
  ö: "oe",
  ü: "ue",
  ß: "ss",
  ẞ: "SS",
  "&": "+",
};

const OUTSIDE_SET = /[^A-Za-z0-9/\-?:().,'+ ]/g;

/** The text in the SEPA Latin character set, whitespace collapsed, trimmed. */
export function toSepaText(input: string): string {
  const german = input
    .normalize("NFC")
    .replace(/\p{Extended_Pictographic}/gu, "")
    .replace(/[ÄÖÜäöüßẞ&]/g, (c) => GERMAN[c] ?? c);
  return anyAscii(german).replace(/\s+/g, " ").replace(OUTSIDE_SET, ".").trim();
}

/** The SEPA text cut to a field's maximum length, without a trailing space. */
export function toSepaField(input: string, maxLength: number): string {
  return toSepaText(input).slice(0, maxLength).trimEnd();
}

/** True when every character is in the SEPA Latin set. */
export const isSepaText = (text: string): boolean => !new RegExp(OUTSIDE_SET.source).test(text);
