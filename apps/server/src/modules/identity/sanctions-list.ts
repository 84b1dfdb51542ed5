import { XMLParser } from "fast-xml-parser";

/** One listed person or organisation as the EU consolidated list publishes it. */
export interface ListedEntity {
  /** The EU reference number (e.g. EU.27.28), else the logical id. */
  reference: string;
  /** Every name alias: wholeName, or firstName/middleName/lastName joined. */
  names: string[];
  /** Dates of birth as published: YYYY-MM-DD, or YYYY when only the year is known. */
  birthdates: string[];
}

export interface ParsedList {
  /** The list's generationDate (its version), as published. */
  version: string;
  /** The generationDate read as an instant: the list's age counts from it. */
  generatedAt: Date;
  entities: ListedEntity[];
}

export class SanctionsListFormatError extends Error {}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

type Attrs = Record<string, string | undefined>;

/**
 * Reads the EU consolidated financial sanctions list in its official XML format: an `export` root
 * (attribute generationDate) holding `sanctionEntity` elements, each with `nameAlias` elements
 * (wholeName, firstName, middleName, lastName) and `birthdate` elements (attribute birthdate, or
 * year alone). Anything else in the file is ignored.
 */
export function parseEuSanctionsList(xml: string): ParsedList {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    removeNSPrefix: true,
    parseAttributeValue: false,
    parseTagValue: false,
    processEntities: true,
    // elements that may occur once or more (an attribute is also called birthdate: never an array)
    isArray: (name, _path, _leaf, isAttribute) =>
      !isAttribute && ["sanctionEntity", "nameAlias", "birthdate"].includes(name),
  });
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new SanctionsListFormatError("The file is not well-formed XML");
  }
  const root = doc.export as (Attrs & { sanctionEntity?: unknown[] }) | undefined;
  if (!root || typeof root !== "object") {
    throw new SanctionsListFormatError("Not the EU consolidated list: the root element must be <export>");
  }
  const version = root.generationDate;
  if (!version) throw new SanctionsListFormatError("The list has no generationDate");
  const generatedAt = new Date(version);
  if (Number.isNaN(generatedAt.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(version)) {
    throw new SanctionsListFormatError("The list's generationDate is not a date");
  }
  const entities: ListedEntity[] = [];
  for (const raw of asArray(root.sanctionEntity) as Array<
    Attrs & { nameAlias?: Attrs[]; birthdate?: Attrs[] }
  >) {
    const names = new Set<string>();
    for (const alias of asArray(raw.nameAlias)) {
      const whole = alias.wholeName?.trim();
      const parts = [alias.firstName, alias.middleName, alias.lastName]
        .map((p) => p?.trim())
        .filter(Boolean)
        .join(" ");
      if (whole) names.add(whole);
      if (parts && parts !== whole) names.add(parts);
    }
    const birthdates = new Set<string>();
    for (const b of asArray(raw.birthdate)) {
      if (b.birthdate && /^\d{4}-\d{2}-\d{2}$/.test(b.birthdate)) birthdates.add(b.birthdate);
      else if (b.year && /^\d{4}$/.test(b.year)) birthdates.add(b.year);
    }
    if (names.size === 0) continue;
    entities.push({
      reference: raw.euReferenceNumber || raw.logicalId || "unknown",
      names: [...names],
      birthdates: [...birthdates],
    });
  }
  if (entities.length === 0)
    throw new SanctionsListFormatError("The list holds no sanctionEntity with a name");
  return { version, generatedAt, entities };
}
