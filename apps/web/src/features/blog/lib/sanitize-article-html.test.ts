// @vitest-environment jsdom
// DOMPurify needs a standards-conforming DOM; happy-dom lets <script> through its template parsing.
import { LANGUAGES } from "@festgeld/domain/constants";
import { describe, expect, it } from "vitest";
import { loadArticleBody } from "../../../content/blog/article-bodies.ts";
import { ARTICLES } from "../../../content/blog/articles.ts";
import { sanitizeArticleHtml } from "./sanitize-article-html.ts";

function parse(html: string) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}

describe("sanitizeArticleHtml", () => {
  it("keeps text markup, tables and links to our own pages", () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong> and <em>em</em> with <a href="/packages">a link</a> and <a href="#x">an anchor</a>.</p>' +
      '<figure><table><caption>C</caption><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table><figcaption>F</figcaption></figure>' +
      "<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote><p>x<sup>2</sup></p>";
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it("removes scripts, event handlers, styles, embedded content and links to other origins", () => {
    const dirty =
      '<p onclick="alert(1)" style="color:red">text</p><script>alert(1)</script>' +
      '<img src="https://evil.example/x.png" onerror="alert(1)"><iframe src="https://evil.example"></iframe>' +
      '<a href="https://evil.example">remote</a><a href="//evil.example">protocol-relative</a>' +
      '<a href="javascript:alert(1)">js</a><a href="data:text/html,x">data</a><a href="/\\evil.example">slash</a>' +
      "<style>p{}</style><svg><circle/></svg><form><input></form>";
    const clean = sanitizeArticleHtml(dirty);
    expect(clean).not.toMatch(/script|onerror|onclick|style|<img|<iframe|<svg|<form|<input/i);
    expect(clean).not.toMatch(/evil|javascript:|data:/i);
    const fragment = parse(clean);
    expect(fragment.textContent).toContain("text");
    expect(fragment.textContent).toContain("remote");
    for (const anchor of fragment.querySelectorAll("a")) expect(anchor.hasAttribute("href")).toBe(false);
  });

  // 15 bodies through jsdom: seconds on a busy machine, hence the longer time limit.
  it("leaves every article body's text and links intact", { timeout: 30_000 }, async () => {
    for (const article of ARTICLES) {
      for (const language of LANGUAGES) {
        const html = (await loadArticleBody(article.id, language)) ?? "";
        const before = parse(html);
        const after = parse(sanitizeArticleHtml(html));
        expect(after.textContent, `${article.id}.${language}`).toBe(before.textContent);
        const hrefs = (node: DocumentFragment) =>
          [...node.querySelectorAll("a")].map((a) => a.getAttribute("href"));
        expect(hrefs(after)).toEqual(hrefs(before));
        expect(after.querySelectorAll("h2,h3,table,li,[scope]").length).toBe(
          before.querySelectorAll("h2,h3,table,li,[scope]").length,
        );
      }
    }
  });
});
