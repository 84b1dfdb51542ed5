import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { livePages } from "../src/plugins/live-pages.ts";

/**
 * A page with live data is rendered once per change of its data, also when many requests arrive
 * while it is being rendered (docs/decisions.md "Hot paths").
 */
let root: string;
let dist: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "festgeld-live-"));
  dist = path.join(root, "dist");
  fs.mkdirSync(path.join(dist, "en", "packages"), { recursive: true });
  fs.mkdirSync(path.join(root, "dist-ssr"));
  fs.writeFileSync(path.join(dist, "live-pages.json"), JSON.stringify(["packages"]));
  fs.writeFileSync(
    path.join(dist, "en", "packages", "index.html"),
    '<!doctype html><html><body><div id="root" data-prerendered="en"><p>build</p></div></body></html>',
  );
  // A server bundle that counts its renderings and fails when the data asks it to.
  fs.writeFileSync(
    path.join(root, "dist-ssr", "entry-prerender.js"),
    `globalThis.__renders = 0;
export async function render(url, language, data) {
  globalThis.__renders++;
  await new Promise((resolve) => setTimeout(resolve, 20));
  if (data.packages.fail) throw new Error("rendering failed");
  return { html: "<p>" + data.packages.version + "</p>", title: null, description: null };
}`,
  );
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;

type Data = { version: number; fail?: boolean; unreadable?: boolean };
/** The live pages over the test's data (read at each call: a test changes it) and log. */
const livePagesOver = (data: () => Data, log: object, freshForMs = 10_000) =>
  livePages({
    distDir: dist,
    data: {
      packages: async () => {
        if (data().unreadable) throw new Error("database unreachable");
        return { body: Buffer.from(JSON.stringify(data())), etag: `"v${data().version}"` };
      },
      freshForMs,
      version: () => data().version,
    },
    log: log as never,
  });

describe("pages with live data", () => {
  it("renders once for concurrent requests, again only when the data's ETag changes, and retries a failure", async () => {
    let data: Data = { version: 1 };
    const errors: unknown[] = [];
    const live = livePagesOver(() => data, { error: (entry: unknown) => errors.push(entry) });
    expect(live.has("/en/packages")).toBe(true);
    const first = await Promise.all(Array.from({ length: 20 }, () => live.get("/en/packages", "en")));
    expect(renders()).toBe(1);
    expect(new Set(first).size).toBe(1);
    expect(first[0]?.html.toString()).toContain("<p>1</p>");
    expect((await live.get("/en/packages", "en"))?.etag).toBe(first[0]?.etag);
    expect(renders()).toBe(1);

    data = { version: 2 };
    const second = await Promise.all(Array.from({ length: 10 }, () => live.get("/en/packages", "en")));
    expect(renders()).toBe(2);
    expect(second[0]?.html.toString()).toContain("<p>2</p>");
    expect(second[0]?.etag).not.toBe(first[0]?.etag);

    data = { version: 3, fail: true };
    expect(await live.get("/en/packages", "en")).toBeNull();
    expect(errors).toHaveLength(1);
    data = { version: 3 };
    expect((await live.get("/en/packages", "en"))?.html.toString()).toContain("<p>3</p>");
    expect(renders()).toBe(4);
  });

  it("renders its pages ahead, so that the first visit waits for none, and stops when the server closes", async () => {
    let data: Data = { version: 10 };
    const warnings: unknown[] = [];
    const live = livePagesOver(() => data, {
      warn: (entry: unknown) => warnings.push(entry),
      error: () => {},
    });
    const before = renders();
    await live.warm(["en"], () => false);
    expect(renders()).toBe(before + 1);
    expect((await live.get("/en/packages", "en"))?.html.toString()).toContain("<p>10</p>");
    expect(renders()).toBe(before + 1);

    // A rendering that fails ahead is told of, and the page's next visit tries again.
    data = { version: 11, fail: true };
    await live.warm(["en"], () => false);
    expect(warnings).toHaveLength(1);
    data = { version: 11 };
    expect((await live.get("/en/packages", "en"))?.html.toString()).toContain("<p>11</p>");

    // Closing: nothing more is rendered.
    data = { version: 12 };
    const now = renders();
    await live.warm(["en"], () => true);
    expect(renders()).toBe(now);
  });

  it("keeps its pages rendered ahead: a change of the data is rendered within a period, without a visit", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      let data: Data = { version: 20 };
      const warnings: unknown[] = [];
      const live = livePagesOver(
        () => data,
        { warn: (entry: unknown) => warnings.push(entry), error: () => {} },
        1000,
      );
      const start = renders();
      const warming = live.keepWarm(["en"]);
      // The first round imports the server bundle (real file I/O, not timers): waited for, not timed.
      await vi.waitFor(() => expect(renders()).toBe(start + 1));
      await vi.advanceTimersByTimeAsync(100);

      // Unchanged data: nothing rendered again, round after round.
      await vi.advanceTimersByTimeAsync(3000);
      expect(renders()).toBe(start + 1);

      // Changed: rendered within a period, and the visit after it renders nothing.
      data = { version: 21 };
      await vi.advanceTimersByTimeAsync(1000);
      await vi.waitFor(() => expect(renders()).toBe(start + 2));
      expect((await live.get("/en/packages", "en"))?.html.toString()).toContain("<p>21</p>");
      expect(renders()).toBe(start + 2);

      // A rendering that fails is tried ahead and told of once for that data, not every period.
      data = { version: 22, fail: true };
      await vi.advanceTimersByTimeAsync(1000);
      await vi.waitFor(() => expect(warnings).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(2000);
      expect(warnings).toHaveLength(1);
      expect(renders()).toBe(start + 3);
      data = { version: 23 };
      await vi.advanceTimersByTimeAsync(1000);
      await vi.waitFor(() => expect(renders()).toBe(start + 4));
      expect(warnings).toHaveLength(1);

      // The data cannot be read: told of, nothing rendered, read again the next round.
      data = { version: 24, unreadable: true };
      await vi.advanceTimersByTimeAsync(1000);
      await vi.waitFor(() => expect(warnings).toHaveLength(2));
      expect(renders()).toBe(start + 4);
      data = { version: 24 };
      await vi.advanceTimersByTimeAsync(1000);
      await vi.waitFor(() => expect(renders()).toBe(start + 5));

      // Stopped (the server closing): nothing more.
      warming.stop();
      data = { version: 25 };
      await vi.advanceTimersByTimeAsync(5000);
      expect(renders()).toBe(start + 5);
    } finally {
      vi.useRealTimers();
    }
  });
});
