import { SaxesParser } from "saxes";

/**
 * Reads an XML document into a tree of plain objects, in one pass of a streaming (SAX) parser that
 * also checks that the document is well-formed (docs/decisions.md "Statement import at scale"). The
 * tree is the one the camt.053 reader walks: element names without their namespace prefix, each
 * attribute as `@_name` (namespace declarations left out), text trimmed; an element with neither
 * children nor attributes is its text ("" when empty), any other an object with its text as
 * `#text`. An element named twice under one parent becomes a list, and so is every element named in
 * `lists`, however often it occurs. References to entities a DOCTYPE declares are refused.
 */

export type XmlNode = Record<string, unknown>;

export class XmlError extends Error {}

interface Open {
  name: string;
  node: XmlNode;
  text: string;
  /** Whether the element has child elements or attributes: then it is an object, not its text. */
  structured: boolean;
}

const localName = (name: string) => {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
};

function attach(parent: Open, name: string, value: unknown, lists: ReadonlySet<string>) {
  parent.structured = true;
  const existing = parent.node[name];
  if (existing === undefined) parent.node[name] = lists.has(name) ? [value] : value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent.node[name] = [existing, value];
}

export function readXmlTree(xml: string, lists: ReadonlySet<string>): XmlNode {
  const root: Open = { name: "", node: {}, text: "", structured: true };
  const stack: Open[] = [root];
  const parser = new SaxesParser();
  parser.on("opentag", (tag) => {
    const node: XmlNode = {};
    let attributes = false;
    for (const [name, value] of Object.entries(tag.attributes as Record<string, string>)) {
      if (name === "xmlns" || name.startsWith("xmlns:")) continue;
      node[`@_${localName(name)}`] = value;
      attributes = true;
    }
    stack.push({ name: localName(tag.name), node, text: "", structured: attributes });
  });
  const onText = (text: string) => {
    const top = stack[stack.length - 1] as Open;
    top.text += text;
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", () => {
    const done = stack.pop() as Open;
    const text = done.text.trim();
    let value: unknown = text;
    if (done.structured) {
      if (text) done.node["#text"] = text;
      value = done.node;
    }
    attach(stack[stack.length - 1] as Open, done.name, value, lists);
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    throw new XmlError(error instanceof Error ? error.message : String(error));
  }
  return root.node;
}
