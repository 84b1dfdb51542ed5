import DOMPurify from "dompurify";

/**
 * Article bodies are our own HTML, and are still sanitised before they reach the page (defence in depth:
 * a body edited by mistake must not be able to run script, load a remote resource or set an inline style,
 * which the CSP would block anyway). Only text markup and site-internal links survive.
 */
const ALLOWED_TAGS = [
  "h2",
  "h3",
  "h4",
  "p",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "a",
  "abbr",
  "br",
  "blockquote",
  "figure",
  "figcaption",
  "table",
  "caption",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "sup",
  "sub",
];
const ALLOWED_ATTR = ["href", "title", "scope", "colspan", "rowspan"];
/** Paths on this site ("/packages", "/blog/..."), in-page anchors; never another origin or a scheme. */
const INTERNAL_LINK = /^(?:\/(?![/\\])|#)/;

export function sanitizeArticleHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: INTERNAL_LINK,
    // DOMPurify checks every attribute value not listed here against ALLOWED_URI_REGEXP; these hold no URL.
    ADD_URI_SAFE_ATTR: ["scope", "colspan", "rowspan"],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
