// @vitest-environment node
import { AsyncLocalStorage } from "node:async_hooks";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * The server renders the pages with live data (entry-prerender.tsx, `render`) in its own process, again
 * whenever the packages change. React's Node build runs each such render inside an AsyncLocalStorage,
 * whose first use leaves Node's storage hook on for the process: every later promise and tick of every
 * request would pay it (docs/decisions.md "Live pages rendered without React's request storage").
 */
describe("a page rendered with live data", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is rendered without React's request storage, with the data it was given", async () => {
    const run = vi.spyOn(AsyncLocalStorage.prototype, "run");
    const enterWith = vi.spyOn(AsyncLocalStorage.prototype, "enterWith");
    const { render } = await import("./entry-prerender.tsx");
    const page = await render("/en/packages", "en", { packages: [] });
    expect(page.html).toContain("<h1");
    expect(page.html).toContain('"packages":[]');
    expect(run).not.toHaveBeenCalled();
    expect(enterWith).not.toHaveBeenCalled();
  });
});
