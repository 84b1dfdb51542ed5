import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { writeBuiltFiles } from "./helpers/web-dist.ts";

/** A built web app in miniature: index.html and one hashed asset, each with its .br and .gz copies. */
function writeDist(): string {
  const dir = writeBuiltFiles("festgeld-dist-", {
    "index.html": `<!doctype html><html><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`,
    "assets/app-Ab12Cd34.js": `console.log(${JSON.stringify("x".repeat(2000))});`,
    "de/packages/index.html": `<!doctype html><html lang="de"><body><div id="root"><h1>Unsere Festgeldangebote</h1></div>${"<!-- padding -->".repeat(100)}</body></html>`,
    "fr/index.html": `<!doctype html><html lang="fr"><body><div id="root"><h1>Accueil</h1></div>${"<!-- padding -->".repeat(100)}</body></html>`,
    "en/index.html": `<!doctype html><html lang="en"><body><div id="root"><h1>Home</h1></div>${"<!-- padding -->".repeat(100)}</body></html>`,
    "signed-in/dashboard.html": `<!doctype html><html><body><div id="root"></div><template data-frame-language="en"><h1>Welcome</h1></template>${"<!-- padding -->".repeat(100)}</body></html>`,
    "404.html": `<!doctype html><html lang="en"><body><div id="root"><h1>Page not found</h1></div>${"<!-- padding -->".repeat(100)}</body></html>`,
    "sitemap.xml": `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>`,
  });
  fs.writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\nAllow: /\n");
  // The classic scripts every page carries inline (the build inlines them as they are).
  fs.writeFileSync(path.join(dir, "lang-redirect.js"), "(() => {})();\n");
  fs.writeFileSync(path.join(dir, "theme-init.js"), "(() => { document.documentElement; })();\n");
  // ...and the one the signed-in pages' shells carry after their frames.
  fs.writeFileSync(path.join(dir, "signed-in-frame.js"), "(() => { document.getElementById('root'); })();\n");
  fs.writeFileSync(
    path.join(dir, "inline-scripts.json"),
    JSON.stringify(["lang-redirect.js", "theme-init.js", "signed-in-frame.js"]),
  );
  fs.writeFileSync(
    path.join(dir, "routes.json"),
    JSON.stringify([
      "/",
      "/packages",
      "/blog/:id",
      "/de/packages",
      "/de/blog/:id",
      "/de/register",
      "/fr/login",
      "/fr",
      "/en",
      "/dashboard",
      "/inbox",
      "/admin/*",
    ]),
  );
  return dir;
}

describe("web app serving", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = writeDist();
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("sends the brotli copy of a hashed asset to a client that accepts it, cached for a year", async () => {
    const res = await t.app.inject({
      url: "/assets/app-Ab12Cd34.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain("console.log");
  });

  it("sends gzip when brotli is not accepted, and the plain file when nothing is", async () => {
    const gz = await t.app.inject({ url: "/assets/app-Ab12Cd34.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toContain("console.log");
    const plain = await t.app.inject({ url: "/assets/app-Ab12Cd34.js", headers: { "accept-encoding": "" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("console.log");
  });

  it("serves the page shell compressed and revalidated, for client-side routes too", async () => {
    for (const url of ["/packages", "/blog/some-article"]) {
      const res = await t.app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.headers["content-encoding"], url).toBe("br");
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain('<div id="root">');
    }
  });

  it("serves a signed-in page with a first frame its own shell, and the others the app's shell", async () => {
    for (const url of ["/dashboard", "/dashboard/", "/dashboard?x=1"]) {
      const res = await t.app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain(
        '<template data-frame-language="en">',
      );
    }
    const inbox = await t.app.inject({ url: "/inbox" });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.body).toContain('<div id="root">');
    expect(inbox.body).not.toContain("<template");
    // The shells are sent as pages, never as files of their own.
    expect((await t.app.inject({ url: "/signed-in/dashboard.html" })).statusCode).toBe(404);
  });

  it("serves robots.txt as text, not the page shell", async () => {
    const res = await t.app.inject({ url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/plain/);
    expect(res.body).toContain("User-agent");
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await t.app.inject({ url: "/api/nope", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "route_not_found" });
  });

  it("serves a language-prefixed address its prerendered page, with or without a trailing slash", async () => {
    for (const url of ["/de/packages", "/de/packages/", "/de/packages?ref=mail"]) {
      const res = await t.app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain("Unsere Festgeldangebote");
    }
    const home = await t.app.inject({ url: "/fr" });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain("Accueil");
  });

  it("serves a signed-out page under a language prefix from the app's shell, and no unknown prefixed address", async () => {
    for (const url of ["/de/register", "/fr/login", "/de/register/"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    // A prefixed pattern names prerendered pages: an address of it that was not prerendered is unknown.
    for (const url of ["/de/blog/no-such-article", "/de/nope", "/de/login"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain("Page not found");
    }
  });

  it("answers the root address with the home page in the visitor's language, English by default, varying on it", async () => {
    const cases: Array<[string | undefined, string, string]> = [
      ["fr-CH, de;q=0.8", "fr", "Accueil"],
      [undefined, "en", "Home"],
      ["es, it;q=0.9", "en", "Home"],
      // No German home page in this build: the English one, never the empty shell.
      ["de", "en", "Home"],
    ];
    for (const [accept, language, text] of cases) {
      const res = await t.app.inject({ url: "/", headers: accept ? { "accept-language": accept } : {} });
      expect(res.statusCode, accept).toBe(200);
      expect(res.body, accept).toContain(`<h1>${text}</h1>`);
      expect(res.headers["content-language"], accept).toBe(language);
      expect(res.headers.vary, accept).toBe("Accept-Encoding, Accept-Language");
      expect(res.headers["cache-control"], accept).toBe("no-cache");
    }
    // Each language's page has its own ETag, so a cache never answers one with the other's 304.
    const fr = await t.app.inject({ url: "/", headers: { "accept-language": "fr" } });
    const en = await t.app.inject({ url: "/", headers: { "accept-language": "en" } });
    expect(fr.headers.etag).not.toBe(en.headers.etag);
    // The prefixed addresses do not depend on the header.
    const prefixed = await t.app.inject({ url: "/fr", headers: { "accept-language": "de" } });
    expect(prefixed.body).toContain("Accueil");
    expect(prefixed.headers.vary).toBe("Accept-Encoding");
  });

  it("lets a browser revalidate a page with its ETag and get 304 without the page", async () => {
    const first = await t.app.inject({ url: "/de/packages", headers: { "accept-encoding": "gzip" } });
    expect(first.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(first.rawPayload).toString()).toContain("Unsere Festgeldangebote");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ url: "/de/packages", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await t.app.inject({ url: "/fr", headers: { "if-none-match": etag } });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it("answers an address no page has with the not-found page and 404", async () => {
    for (const url of [
      "/no-such-page",
      "/de/no-such-page",
      "/de/blog/unknown",
      "/packages/extra",
      "/xx/packages",
    ]) {
      const res = await t.app.inject({ url, headers: { "accept-encoding": "gzip" } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/text\/html/);
      expect(gunzipSync(res.rawPayload).toString(), url).toContain("Page not found");
    }
  });

  it("gives the page shell to every address below a route with sub-addresses", async () => {
    const res = await t.app.inject({ url: "/admin/users" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it("serves sitemap.xml as XML", async () => {
    const res = await t.app.inject({ url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/xml/);
    expect(res.body).toContain("<urlset");
  });
  it("answers a 304 with the same security and caching headers as the 200, and no body", async () => {
    const first = await t.app.inject({ url: "/fr", headers: { "accept-encoding": "br" } });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      url: "/fr",
      headers: { "accept-encoding": "br", "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    for (const name of [
      "content-security-policy",
      "x-content-type-options",
      "x-frame-options",
      "referrer-policy",
      "permissions-policy",
      "cross-origin-opener-policy",
      "cache-control",
      "vary",
      "etag",
    ]) {
      expect(again.headers[name], name).toBeDefined();
      expect(again.headers[name], name).toBe(first.headers[name]);
    }
    expect(again.headers["x-request-id"]).toBeTruthy();
    expect(again.headers["content-encoding"]).toBeUndefined();
    // A stale ETag gets the page again.
    const stale = await t.app.inject({ url: "/fr", headers: { "if-none-match": '"stale"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain("Accueil");
  });

  it("chooses the precompressed body by Accept-Encoding, the same bytes for every request", async () => {
    const variants: Array<[string | undefined, string | undefined, (b: Buffer) => Buffer]> = [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["br;q=1.0", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
      ["deflate", undefined, (b) => b],
      [undefined, undefined, (b) => b],
    ];
    const plain = fs.readFileSync(path.join(dist, "en/index.html"));
    for (const [accept, encoding, decode] of variants) {
      const headers = accept === undefined ? {} : { "accept-encoding": accept };
      const a = await t.app.inject({ url: "/en", headers });
      const b = await t.app.inject({ url: "/en/", headers });
      expect(a.statusCode, accept).toBe(200);
      expect(a.headers["content-encoding"], accept).toBe(encoding);
      expect(a.headers.vary, accept).toBe("Accept-Encoding");
      expect(Number(a.headers["content-length"]), accept).toBe(a.rawPayload.length);
      expect(decode(a.rawPayload).equals(plain), accept).toBe(true);
      expect(b.rawPayload.equals(a.rawPayload), accept).toBe(true);
      expect(b.headers.etag, accept).toBe(a.headers.etag);
    }
  });

  it("answers HEAD for a page with the GET's headers and no body", async () => {
    const get = await t.app.inject({ url: "/de/packages", headers: { "accept-encoding": "gzip" } });
    const head = await t.app.inject({
      method: "HEAD",
      url: "/de/packages",
      headers: { "accept-encoding": "gzip" },
    });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(head.headers["content-security-policy"]).toBe(get.headers["content-security-policy"]);
  });

  it("allows the pages' inline scripts, the language redirect, the theme and the signed-in frame, by their hashes and nothing else inline", async () => {
    const res = await t.app.inject({ url: "/de/packages" });
    const scriptSrc = /script-src ([^;]*)/.exec(res.headers["content-security-policy"] as string)?.[1] ?? "";
    for (const name of ["lang-redirect.js", "theme-init.js", "signed-in-frame.js"]) {
      const hash = createHash("sha256")
        .update(fs.readFileSync(path.join(dist, name)))
        .digest("base64");
      expect(scriptSrc, name).toContain(`'sha256-${hash}'`);
    }
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc.split(" ").filter((source) => source.startsWith("'sha256-"))).toHaveLength(3);
  });
});
