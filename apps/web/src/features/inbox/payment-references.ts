import { isValidCreditorReference } from "@festgeld/domain";

/**
 * A payment reference as messages print it: an ISO 11649 "RF" reference in groups of four
 * ("RF18 5390 0754 7034"), the last group shorter or not. A word after it may look like one more group;
 * the check digits decide where the reference ends.
 */
const PRINTED_REFERENCE = /\bRF\d{2}(?: [A-Z0-9]{4})*(?: [A-Z0-9]{1,3})?(?![A-Za-z0-9])/g;

export interface TextPart {
  text: string;
  /** A payment reference, to be kept on one line. */
  reference: boolean;
}

/** The text cut into plain parts and payment references, in order; joined, the parts are the text. */
export function splitPaymentReferences(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(PRINTED_REFERENCE)) {
    let reference = match[0];
    while (!isValidCreditorReference(reference) && reference.includes(" ")) {
      reference = reference.slice(0, reference.lastIndexOf(" "));
    }
    if (!reference.includes(" ") || !isValidCreditorReference(reference)) continue;
    if (match.index > from) parts.push({ text: text.slice(from, match.index), reference: false });
    parts.push({ text: reference, reference: true });
    from = match.index + reference.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), reference: false });
  return parts;
}
