/**
 * Postcodes of the main SEPA countries, by the format each postal operator publishes (UPU postal
 * addressing systems). Other countries' postcodes are taken as typed: a wrong rule would lock a saver
 * out, a missing one only lets a typo through to the staff's review. docs/decisions.md "Postcodes per
 * country" says why this is a table and not a library.
 */
const POSTCODE_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^\d{4}$/,
  BE: /^\d{4}$/,
  CH: /^\d{4}$/,
  CZ: /^\d{3} ?\d{2}$/,
  DE: /^\d{5}$/,
  DK: /^\d{4}$/,
  ES: /^\d{5}$/,
  FI: /^\d{5}$/,
  FR: /^\d{5}$/,
  GR: /^\d{3} ?\d{2}$/,
  IE: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/,
  IT: /^\d{5}$/,
  LU: /^(L-)?\d{4}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  PL: /^\d{2}-\d{3}$/,
  PT: /^\d{4}-\d{3}$/,
  SE: /^\d{3} ?\d{2}$/,
  SK: /^\d{3} ?\d{2}$/,
};

/** Whether `postcode` has the format of `country` (ISO 3166-1 alpha-2); true where no format is known. */
export function isValidPostcode(country: string, postcode: string): boolean {
  const format = POSTCODE_FORMATS[country.trim().toUpperCase()];
  return format ? format.test(postcode.trim().toUpperCase()) : true;
}
