import { COUNTRY_CODES, isCountryCode, LANGUAGES } from "@festgeld/domain";
import type { PostalAddress } from "./pain001.ts";

/**
 * Structured addresses for the SEPA file from the single street line the platform stores: the EPC
 * rulebook wants street name and building number apart. "Hauptstraße 5a" and "12 rue de la Paix"
 * both split; a line without a number stays the street name.
 */
export function splitStreet(street: string): { streetName: string; buildingNumber: string | null } {
  const line = street.trim().replace(/\s+/g, " ");
  const trailing = /^(.*?\D)[\s,]+(\d+[0-9A-Za-z/-]{0,15})$/.exec(line);
  if (trailing?.[1] && trailing[2])
    return { streetName: trailing[1].replace(/,$/, ""), buildingNumber: trailing[2] };
  const leading = /^(\d+[0-9A-Za-z/-]{0,15})[\s,]+(\D.*)$/.exec(line);
  if (leading?.[1] && leading[2]) return { streetName: leading[2], buildingNumber: leading[1] };
  return { streetName: line, buildingNumber: null };
}

const NAMES = new Map<string, string>();
function countryNames() {
  if (NAMES.size > 0) return NAMES;
  for (const language of LANGUAGES) {
    const names = new Intl.DisplayNames([language], { type: "region" });
    for (const code of COUNTRY_CODES) {
      const name = names.of(code);
      if (name) NAMES.set(name.toLowerCase(), code);
    }
  }
  return NAMES;
}

/** An ISO 3166 code from a code or a country's name in one of the languages; else the fallback. */
export function countryCodeOf(country: string, fallback: string): string {
  const upper = country.trim().toUpperCase();
  if (upper.length === 2 && isCountryCode(upper)) return upper;
  return countryNames().get(country.trim().toLowerCase()) ?? fallback;
}

/** A structured address from the stored street line, post code, town and country. */
export function structuredAddress(
  address: { street: string; postcode: string; city: string; country: string },
  fallbackCountry: string,
): PostalAddress {
  const { streetName, buildingNumber } = splitStreet(address.street);
  return {
    streetName,
    buildingNumber,
    postCode: address.postcode,
    townName: address.city,
    country: countryCodeOf(address.country, fallbackCountry),
  };
}
