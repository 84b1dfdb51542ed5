/**
 * After `vite build`: renders every public page and the signed-out pages (sign-in, registration, a
 * forgotten password) in every language into dist/<lang>/<page>/index.html, with its own title,
 * description, canonical link, hreflang alternates and Open Graph tags, plus dist/404.html,
 * dist/sitemap.xml (the public pages only), dist/routes.json (the app's route patterns, read by the server
 * to answer 404 for unknown addresses), dist/live-pages.json (the pages the server renders again with
 * the current packages), dist/signed-in/<page>.html (each signed-in page's shell with its first frame)
 * and dist/inline-scripts.json (the scripts the pages carry inline, which the server allows by their
 * hashes). Each page gets .br and .gz copies like the rest of the build.
 * See docs/decisions.md "Prerendered public pages".
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Language } from "@festgeld/domain";

interface Entry {
  LANGUAGES: readonly Language[];
  FRAME_NAME: string;
  LIVE_PAGES: string[];
  publicPaths(): string[];
  signedOutPaths(): string[];
  routePatterns(): string[];
  render(
    url: string,
    language: Language,
  ): Promise<{ html: string; title: string | null; description: string | null }>;
  shellInitialData(): Promise<string>;
  signedInFramePages(): string[];
  renderSignedInFrame(
    page: string,
    language: Language,
  ): Promise<{
    html: string;
    title: string | null;
    description: string | null;
    role?: string;
    tab?: string;
    requests?: readonly string[];
    plurals?: Record<string, Record<string, string>>;
  }>;
}

const webDir = path.resolve(import.meta.dirname, "..");
const dist = path.join(webDir, "dist");
const ssrEntry = path.join(webDir, "dist-ssr", "entry-prerender.js");
/** The public origin the canonical links and the sitemap name (no trailing slash). */
const origin = (process.env.PUBLIC_URL ?? "http://127.0.0.1:3000").replace(/\/+$/, "");
/** The classic scripts of apps/web/public that every page carries inline, in <head>, before anything is drawn. */
const INLINE_SCRIPTS = ["lang-redirect.js", "theme-init.js"];
/** The classic script of apps/web/public that the signed-in pages' shells carry inline after their frames. */
const FRAME_SCRIPT = "signed-in-frame.js";
const OG_LOCALE: Record<Language, string> = { en: "en_GB", de: "de_DE", fr: "fr_FR" };

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const address = (language: Language, page: string) => `/${language}${page ? `/${page}` : ""}`;

function write(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}

/**
 * The shell's one module preload: React's renderer, the largest file every signed-in page needs before
 * its first render. Named in the shell, it is asked for while the page is parsed instead of once the entry
 * has arrived and run, half a second later on a slow phone (docs/decisions.md "The signed-in pages
 * measured cold"). Only the renderer: the app's other files named there too counted, in Lighthouse's
 * estimate, as holding the first paint ("Signed-in pages, steady"), and a prerendered page loads the app
 * only after its first paint.
 */
function rendererPreload(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Record<
    string,
    { file: string }
  >;
  const renderer = Object.entries(manifest).find(([key]) => key.endsWith("node_modules/react-dom/client.js"));
  if (!renderer) throw new Error("the build's manifest has no react-dom/client.js");
  return `  <link rel="modulepreload" crossorigin href="/${renderer[1].file}">\n  </head>`;
}

async function main() {
  const entry = (await import(pathToFileURL(ssrEntry).href)) as Entry;
  const shellFile = path.join(dist, "index.html");
  // The language redirect and the theme run before the first paint; inline, they cost the page no
  // request of their own. The server allows exactly these texts by their hashes in the
  // Content-Security-Policy (inline-scripts.json, written below; apps/server/src/plugins/web-app.ts).
  const inlined = INLINE_SCRIPTS.map((name) => {
    const text = fs.readFileSync(path.join(dist, name), "utf8");
    if (text.includes("</script")) throw new Error(`${name} cannot be inlined`);
    return { tag: `<script src="/${name}"></script>`, inline: `<script>${text}</script>` };
  });
  const inlineScripts = (html: string) =>
    inlined.reduce((result, { tag, inline }) => result.replace(tag, () => inline), html);
  // The shell (index.html, for client-side routes) inlines them too (below); read again, it is the template.
  const template = inlined.reduce(
    (html, { tag, inline }) => html.replace(inline, () => tag),
    fs.readFileSync(shellFile, "utf8"),
  );
  for (const { tag } of inlined) {
    if (!template.includes(tag)) throw new Error(`index.html does not load ${tag}`);
  }
  const defaultDescription = /<meta name="description" content="([^"]*)"/.exec(template)?.[1] ?? "";
  if (!template.includes('<div id="root"></div>')) throw new Error("index.html has no empty #root");

  const page = (
    language: Language,
    rendered: { html: string; title: string | null; description: string | null },
    alternates: string,
    url: string | null,
  ) => {
    const title = escapeHtml(rendered.title ?? "Festgeld");
    const description = rendered.description ? escapeHtml(rendered.description) : defaultDescription;
    const head = [
      url ? `<link rel="canonical" href="${origin}${url}" />` : "",
      alternates,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:title" content="${title}" />`,
      `<meta property="og:description" content="${description}" />`,
      url ? `<meta property="og:url" content="${origin}${url}" />` : "",
      `<meta property="og:locale" content="${OG_LOCALE[language]}" />`,
    ]
      .filter(Boolean)
      .join("\n    ");
    return inlineScripts(template)
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"/,
        `<meta name="description" content="${description}"`,
      )
      .replace("</head>", `    ${head}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-prerendered="${language}">${rendered.html}</div>`,
      );
  };

  const pages = entry.publicPaths();
  const signedOut = new Set(entry.signedOutPaths());
  const sitemap: string[] = [];
  let count = 0;
  for (const pagePath of [...pages, ...signedOut]) {
    const links = entry.LANGUAGES.map(
      (language) =>
        `<link rel="alternate" hreflang="${language}" href="${origin}${address(language, pagePath)}" />`,
    );
    links.push(`<link rel="alternate" hreflang="x-default" href="${origin}${address("en", pagePath)}" />`);
    const alternates = links.join("\n    ");
    for (const language of entry.LANGUAGES) {
      const url = address(language, pagePath);
      const rendered = await entry.render(url, language);
      if (!rendered.html.includes("<h1")) throw new Error(`${url} rendered without a heading`);
      write(path.join(dist, url, "index.html"), page(language, rendered, alternates, url));
      count++;
      if (signedOut.has(pagePath)) continue;
      sitemap.push(
        [
          "  <url>",
          `    <loc>${origin}${url}</loc>`,
          ...entry.LANGUAGES.map(
            (other) =>
              `    <xhtml:link rel="alternate" hreflang="${other}" href="${origin}${address(other, pagePath)}"/>`,
          ),
          "  </url>",
        ].join("\n"),
      );
    }
  }

  const notFound = await entry.render("/en/__not-found__", "en");
  write(
    path.join(dist, "404.html"),
    page("en", notFound, "", null).replace("<head>", '<head>\n    <meta name="robots" content="noindex" />'),
  );
  write(
    path.join(dist, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${sitemap.join("\n")}\n</urlset>\n`,
  );
  // The shell of the signed-in pages: the scripts inline there too, so their first paint does not wait
  // for a request of its own, and React's renderer asked for as it is parsed (rendererPreload).
  // It also carries the brand's figures in every language (entry-prerender.tsx, shellInitialData).
  const shellData = await entry.shellInitialData();
  const shell = inlineScripts(template).replace("  </head>", rendererPreload);
  write(
    shellFile,
    shell.replace('<div id="root"></div>', () => `<div id="root"></div>\n    ${shellData}`),
  );
  // Each signed-in page's own shell: the same, with the page's first frame in every language and the
  // script that shows the reader's (public/signed-in-frame.js; docs/decisions.md "A signed-in page's
  // first frame before the app"). dist/signed-in/<page>.html, which the server sends for that address.
  const frameScript = fs.readFileSync(path.join(dist, FRAME_SCRIPT), "utf8");
  if (frameScript.includes("</script")) throw new Error(`${FRAME_SCRIPT} cannot be inlined`);
  for (const framePage of entry.signedInFramePages()) {
    const frames: string[] = [];
    for (const language of entry.LANGUAGES) {
      const { html, title, role, tab, requests, plurals } = await entry.renderSignedInFrame(
        framePage,
        language,
      );
      if (framePage === "/dashboard" && !html.includes(entry.FRAME_NAME)) {
        throw new Error(`${framePage} rendered its frame without the reader's name`);
      }
      // A boundary that failed to render leaves React's marker for the browser to render it again: the
      // frame would not be what the app draws (and a template cannot hold another's).
      if (html.includes("<!--$!-->") || html.includes("<template")) {
        throw new Error(`${framePage}'s frame did not render whole`);
      }
      // The frame does nothing until the app takes it over: text typed into a field of it would be lost.
      if (/<(form|input|textarea)\b/.test(html)) throw new Error(`${framePage}'s frame holds a form field`);
      // The page's title too, which the app sets only once it runs.
      const titled = title ? ` data-frame-title="${escapeHtml(title)}"` : "";
      // A frame filled from the page's first answers (the back office's figures): who it is for, for
      // which address, what it asks for and its plural forms (entry-prerender.tsx, adminFrameFigures).
      const filled = requests
        ? [
            ` data-frame-role="${escapeHtml(role ?? "")}"`,
            ` data-frame-tab="${escapeHtml(tab ?? "")}"`,
            ` data-frame-requests="${escapeHtml(requests.join(" "))}"`,
            ` data-frame-plurals="${escapeHtml(JSON.stringify(plurals ?? {}))}"`,
          ].join("")
        : "";
      frames.push(`<template data-frame-language="${language}"${titled}${filled}>${html}</template>`);
    }
    write(
      path.join(dist, "signed-in", `${framePage.slice(1)}.html`),
      shell.replace(
        '<div id="root"></div>',
        () =>
          `<div id="root"></div>\n    ${frames.join("\n    ")}\n    <script>${frameScript}</script>\n    ${shellData}`,
      ),
    );
  }
  fs.writeFileSync(path.join(dist, "routes.json"), `${JSON.stringify(entry.routePatterns(), null, 2)}\n`);
  fs.writeFileSync(path.join(dist, "live-pages.json"), `${JSON.stringify(entry.LIVE_PAGES)}\n`);
  fs.writeFileSync(
    path.join(dist, "inline-scripts.json"),
    `${JSON.stringify([...INLINE_SCRIPTS, FRAME_SCRIPT])}\n`,
  );
  const robots = path.join(dist, "robots.txt");
  if (fs.existsSync(robots)) {
    const text = fs.readFileSync(robots, "utf8").replace(/\nSitemap: .*\n?$/, "\n");
    write(robots, `${text.trimEnd()}\nSitemap: ${origin}/sitemap.xml\n`);
  }
  console.log(
    `prerendered ${count} pages (${pages.length + signedOut.size} in ${entry.LANGUAGES.length} languages), 404.html, sitemap.xml`,
  );
}

await main();
