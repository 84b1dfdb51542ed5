import { act, cleanup, render, screen } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { preloadable, settled } from "./preloadable.ts";

afterEach(cleanup);

function Page() {
  return <h1>The page</h1>;
}
function Frame() {
  return <nav>The frame</nav>;
}

describe("preloadable", () => {
  it("renders a component whose module was loaded ahead without showing the fallback", async () => {
    const module = preloadable(async () => ({ default: Page, Frame }));
    const LazyPage = module.component((m) => m.default);
    const LazyFrame = module.component((m) => m.Frame);
    await module.load();

    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyFrame />
        <LazyPage />
      </Suspense>,
    );
    // The first render already holds both: nothing suspended, so no fallback to be replaced later.
    expect(screen.queryByText("Loading")).toBeNull();
    expect(screen.getByRole("heading", { name: "The page" })).toBeTruthy();
    expect(screen.getByText("The frame")).toBeTruthy();
  });

  it("without a load ahead, shows the fallback until the module arrives, and downloads it once", async () => {
    let downloads = 0;
    let arrive: (value: { default: typeof Page }) => void = () => {};
    const module = preloadable(() => {
      downloads++;
      return new Promise<{ default: typeof Page }>((resolve) => {
        arrive = resolve;
      });
    });
    const LazyPage = module.component((m) => m.default);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyPage />
      </Suspense>,
    );
    expect(screen.getByText("Loading")).toBeTruthy();
    const loading = module.load();
    await act(async () => {
      arrive({ default: Page });
      await loading;
    });
    expect(await screen.findByRole("heading", { name: "The page" })).toBeTruthy();
    expect(downloads).toBe(1);
  });
});

describe("settled", () => {
  it("lets React's lazy render a module it already has without suspending", () => {
    const LazyPage = lazy(() => settled({ default: Page }));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyPage />
      </Suspense>,
    );
    expect(screen.queryByText("Loading")).toBeNull();
    expect(screen.getByRole("heading", { name: "The page" })).toBeTruthy();
  });

  it("where a promise of the same module suspends first", () => {
    const LazyPage = lazy(() => Promise.resolve({ default: Page }));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyPage />
      </Suspense>,
    );
    expect(screen.getByText("Loading")).toBeTruthy();
  });
});
