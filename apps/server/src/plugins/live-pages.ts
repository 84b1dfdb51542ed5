import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Language } from "@festgeld/domain/constants";
import type { FastifyBaseLogger } from "fastify";

/**
 * Public pages that show live data (the packages, compare and calculator pages show the active
 * packages): the server renders them with the current data, on the first request after the data
 * changed, from the web app's server bundle (docs/decisions.md "Pages with live data"). Each rendering is
 * kept, with its brotli and gzip copies, until the data's ETag changes.
 */
export interface LiveData {
  /** The active packages in one language as the API answers them, and that answer's ETag. */
  packages(language: Language): Promise<{ body: Buffer; etag: string }>;
  /**
   * How long a read of the data may be served before it is read again (a change made in another process
   * shows after it): the live pages are checked, and rendered ahead when their data changed, that often.
   */
  freshForMs: number;
  /**
   * The version of the data the next read gives: the same value while it is unchanged, another (or
   * undefined, when unknown) once it has changed or must be read again. A page rendered from the data
   * may be replayed while this stays what it was before the read (plugins/answer-replay.ts).
   */
  version(): unknown;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The live pages' data, when a module provides it (modules/packages/live-data.plugin.ts). */
    liveData?: LiveData;
  }
}

interface SsrEntry {
  render(
    url: string,
    language: Language,
    data: { packages?: unknown },
  ): Promise<{ html: string; title: string | null; description: string | null }>;
}

/** A page ready to send: the HTML, its brotli and gzip copies, and a strong ETag. */
export interface HtmlVariants {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

export const htmlEtag = (html: Buffer) =>
  `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;

const ROOT = /(<div id="root" data-prerendered="[a-z]+">)[\s\S]*(<\/div>\s*<\/body>)/;

export function livePages(opts: { distDir: string; data: LiveData; log: FastifyBaseLogger }) {
  const listFile = path.join(opts.distDir, "live-pages.json");
  const entryFile = path.join(opts.distDir, "..", "dist-ssr", "entry-prerender.js");
  const pages = new Set<string>(
    fs.existsSync(listFile) && fs.existsSync(entryFile)
      ? (JSON.parse(fs.readFileSync(listFile, "utf8")) as string[])
      : [],
  );
  // The rendering of each page for the data's ETag, shared while it is made: the requests that arrive
  // during a rendering wait for it rather than each queueing one more (under load, fifty requests in
  // the first milliseconds after a change queued fifty renderings).
  const cache = new Map<string, { etag: string; page: Promise<HtmlVariants> }>();
  let entry: Promise<SsrEntry> | null = null;
  /** The data's ETag for which `warm` failed to render a page, by address. */
  const failedAhead = new Map<string, string>();
  // One rendering at a time: the server bundle switches one i18n instance between languages.
  let queue: Promise<unknown> = Promise.resolve();

  async function renderPage(address: string, language: Language, packages: Buffer) {
    entry ??= import(pathToFileURL(entryFile).href) as Promise<SsrEntry>;
    const { render } = await entry;
    const rendered = await render(address, language, { packages: JSON.parse(packages.toString("utf8")) });
    const template = fs.readFileSync(path.join(opts.distDir, address.slice(1), "index.html"), "utf8");
    if (!ROOT.test(template)) throw new Error(`${address}: the prerendered page has no #root`);
    const html = Buffer.from(template.replace(ROOT, (_, open, close) => `${open}${rendered.html}${close}`));
    return {
      html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
      gzip: gzipSync(html, { level: 6 }),
      etag: htmlEtag(html),
    };
  }

  return {
    /** Whether the address ("/de/packages") is a page with live data. */
    has(address: string): boolean {
      return pages.has(address.slice(4)) || (address.length === 3 && pages.has(""));
    },
    /** The page rendered with the current data; null when it cannot be (the static page applies). */
    async get(address: string, language: Language): Promise<HtmlVariants | null> {
      try {
        return await current(address, language);
      } catch (error) {
        opts.log.error(
          { err: error, address },
          "live page could not be rendered; sending the prerendered page",
        );
        return null;
      }
    },
    warm,
    keepWarm,
  };

  /**
   * Renders every live page in every language, one after the other, so that no visitor waits for a
   * rendering after a start: the first visit to a page paid it, 60 to 210 ms more before its first
   * byte on a quiet CI machine (docs/decisions.md "Pages with live data"). Stops at `stopped()` (the
   * server closing); a failure is logged and left to the page's next visit.
   */
  async function warm(languages: readonly Language[], stopped: () => boolean): Promise<void> {
    for (const language of languages) {
      for (const page of pages) {
        if (stopped()) return;
        const address = page ? `/${language}/${page}` : `/${language}`;
        let read: { body: Buffer; etag: string };
        try {
          read = await opts.data.packages(language);
        } catch (error) {
          // The data cannot be read (the database away): told of once for the round, tried next round.
          if (!stopped())
            opts.log.warn({ err: error }, "live pages' data could not be read to render them ahead");
          return;
        }
        // Tried ahead once per version of the data: a rendering that failed is told of once, and the
        // page's visits (get) go on trying it.
        if (failedAhead.get(address) === read.etag) continue;
        try {
          await renderingFor(address, language, read);
        } catch (error) {
          failedAhead.set(address, read.etag);
          if (!stopped()) opts.log.warn({ err: error, address }, "live page could not be rendered ahead");
        }
      }
    }
  }

  /**
   * Renders every live page ahead now and again every `freshForMs` of the data (`warm`, then a wait),
   * until `stop` is called: a page whose data is unchanged is not rendered again (its ETag is the cached one's), so a
   * round without a change costs a read of the cached data per page and language.
   */
  function keepWarm(languages: readonly Language[]): { stop(): void } {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const round = () => {
      void warm(languages, () => stopped).finally(() => {
        if (stopped) return;
        timer = setTimeout(round, opts.data.freshForMs);
        // A server with nothing else to do may still exit.
        timer.unref();
      });
    };
    round();
    return {
      stop() {
        stopped = true;
        clearTimeout(timer);
      },
    };
  }

  /** The page's rendering for the data's current ETag, made (in the queue) if there is none yet. */
  async function current(address: string, language: Language): Promise<HtmlVariants> {
    return renderingFor(address, language, await opts.data.packages(language));
  }

  /** The page's rendering for data already read, made (in the queue) if there is none for its ETag yet. */
  function renderingFor(
    address: string,
    language: Language,
    { body, etag }: { body: Buffer; etag: string },
  ): Promise<HtmlVariants> {
    let cached = cache.get(address);
    if (cached?.etag !== etag) {
      const page = queue.then(() => renderPage(address, language, body));
      queue = page.catch(() => undefined);
      const entry = { etag, page };
      cached = entry;
      cache.set(address, entry);
      // A failed rendering is not kept: the next request tries again.
      page.catch(() => {
        if (cache.get(address) === entry) cache.delete(address);
      });
    }
    return cached.page;
  }
}
