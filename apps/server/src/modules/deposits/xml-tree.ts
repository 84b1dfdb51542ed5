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
  /** The element as an object, made when it gets a child element or an attribute; null while it is text. */
  node: XmlNode | null;
  text: string;
}

const localName = (name: string) => {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
};

function attach(parent: Open, name: string, value: unknown, lists: ReadonlySet<string>) {
  parent.node ??= {};
  const existing = parent.node[name];
  if (existing === undefined) parent.node[name] = lists.has(name) ? [value] : value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent.node[name] = [existing, value];
}

/**
 * One pass of the parser over the document. The open elements' records are kept by depth and reused
 * (a statement of 100,000 entries has millions of elements, nearly all of them text), and an element's
 * object is made only when it has something to hold: what the collector has to follow is the tree.
 */
function build(xml: string, lists: ReadonlySet<string>, position: boolean, read: Readers): XmlNode {
  const root: Open = { name: "", node: {}, text: "" };
  const stack: Open[] = [root];
  let depth = 0;
  const parser = new SaxesParser({ position });
  parser.on("opentag", (tag) => {
    let node: XmlNode | null = null;
    const attributes = tag.attributes as Record<string, string>;
    for (const name in attributes) {
      if (name === "xmlns" || name.startsWith("xmlns:")) continue;
      node ??= {};
      node[`@_${localName(name)}`] = attributes[name];
    }
    depth++;
    const open = stack[depth];
    if (open === undefined) stack.push({ name: localName(tag.name), node, text: "" });
    else {
      open.name = localName(tag.name);
      open.node = node;
      open.text = "";
    }
  });
  const onText = (text: string) => {
    (stack[depth] as Open).text += text;
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", () => {
    const done = stack[depth] as Open;
    depth--;
    const text = done.text.trim();
    let value: unknown = text;
    if (done.node !== null) {
      if (text) done.node["#text"] = text;
      value = done.node;
    }
    const parent = stack[depth] as Open;
    const reader = read.get(done.name);
    attach(parent, done.name, reader ? reader(value, parent.name) : value, lists);
  });
  parser.write(xml).close();
  return root.node as XmlNode;
}

/**
 * Per element name, what to keep of such an element when the parser closes it, given its value and its
 * parent's name: the tree then holds that instead of the element, and the element's own objects can go
 * at once (a statement's entries, read one by one, docs/decisions.md "Statement import at scale").
 */
export type Readers = ReadonlyMap<string, (value: unknown, parent: string) => unknown>;

const NO_READERS: Readers = new Map();

export function readXmlTree(xml: string, lists: ReadonlySet<string>, read: Readers = NO_READERS): XmlNode {
  try {
    // Without tracking lines and columns, which costs on every character; a document that is not
    // well-formed is read again with them, so that the error says where.
    return build(xml, lists, false, read);
  } catch (first) {
    try {
      build(xml, lists, true, NO_READERS);
    } catch (error) {
      throw new XmlError(error instanceof Error ? error.message : String(error));
    }
    // Well-formed after all: the error was a reader's own, and stays what it is.
    throw first;
  }
}
