/**
 * Writes the repeated elements of a large XML document (a payment file's transactions) exactly as
 * fast-xml-parser's XMLBuilder writes them with the options pain001.ts gives it (indented by two spaces,
 * one element a line, attributes as "@_" keys, text as "#text", undefined left out), at a small part of
 * its cost: the builder spends some 30 µs of CPU on each transaction, a third of a day's 100,000-order
 * file run (docs/decisions.md "Payment files at scale"). The document itself (headers, the payment
 * information block) is still the builder's; only the elements that repeat are written here, and a test
 * holds the two to the same bytes. Every text and attribute value is escaped as the builder escapes it.
 */

/** An element's content: text, or child elements, attributes ("@_name") and text ("#text"). */
export type XmlNode = string | { readonly [name: string]: XmlNode | undefined };

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  "'": "&apos;",
  '"': "&quot;",
};
const SPECIAL = /[&<>'"]/g;
const HAS_SPECIAL = /[&<>'"]/;

export const escapeXml = (text: string): string =>
  HAS_SPECIAL.test(text) ? text.replace(SPECIAL, (c) => ENTITIES[c] ?? c) : text;

const INDENT = "  ";

/**
 * `<name>…</name>` at `level` (two spaces each), one element a line, as one flat string: a day's file
 * holds 100,000 of them until it is joined, and a string of many concatenated pieces would keep every
 * piece alive as an object of its own for the garbage collector to copy.
 */
export function writeElement(name: string, node: XmlNode, level: number): string {
  const out: string[] = [];
  write(name, node, level, out);
  return out.join("");
}

function write(name: string, node: XmlNode, level: number, out: string[]): void {
  const indent = INDENT.repeat(level);
  if (typeof node === "string") {
    out.push(node === "" ? `${indent}<${name}/>\n` : `${indent}<${name}>${escapeXml(node)}</${name}>\n`);
    return;
  }
  let attributes = "";
  let text: string | undefined;
  const children: string[] = [];
  for (const key in node) {
    const value = node[key];
    if (value === undefined) continue;
    if (key === "#text") text = value as string;
    else if (key.startsWith("@_")) attributes += ` ${key.slice(2)}="${escapeXml(value as string)}"`;
    else children.push(key);
  }
  if (children.length > 0) {
    out.push(`${indent}<${name}${attributes}>\n`);
    for (const child of children) write(child, node[child] as XmlNode, level + 1, out);
    out.push(`${indent}</${name}>\n`);
  } else if (text === undefined) out.push(`${indent}<${name}${attributes}/>\n`);
  else out.push(`${indent}<${name}${attributes}>${escapeXml(text)}</${name}>\n`);
}
