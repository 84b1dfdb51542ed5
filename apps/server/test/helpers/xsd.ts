import { readFileSync } from "node:fs";
import { memoryPages, validateXML } from "xmllint-wasm";

/**
 * Validates XML against an XSD with libxml2 (xmllint compiled to WebAssembly, so it needs neither a
 * system package nor an install script). Starting it costs most of the time, so many documents are
 * validated in one run.
 */

const schemas = new Map<string, string>();

function schemaText(xsdPath: URL): string {
  let schema = schemas.get(xsdPath.href);
  if (schema === undefined) {
    schema = readFileSync(xsdPath, "utf8");
    schemas.set(xsdPath.href, schema);
  }
  return schema;
}

/** The schema errors of each document (an empty list for a valid one), in the order given. */
export async function validateAllAgainstXsd(xmls: readonly string[], xsdPath: URL): Promise<string[][]> {
  const result = await validateXML({
    xml: xmls.map((contents, i) => ({ fileName: `document-${i}.xml`, contents })),
    schema: [{ fileName: "schema.xsd", contents: schemaText(xsdPath) }],
    // Up to 2 GiB (the default, 16 MiB, is too little for a payment file of some 30,000 orders); the
    // memory grows only as far as the documents need.
    maxMemoryPages: 2 * memoryPages.GiB,
  });
  return xmls.map((_, i) =>
    result.errors.filter((e) => e.loc?.fileName === `document-${i}.xml`).map((e) => e.message),
  );
}

export async function validateAgainstXsd(xml: string, xsdPath: URL): Promise<string[]> {
  const [errors = []] = await validateAllAgainstXsd([xml], xsdPath);
  return errors;
}

export const PAIN001_XSD = new URL("../fixtures/iso20022/pain.001.001.09.xsd", import.meta.url);
