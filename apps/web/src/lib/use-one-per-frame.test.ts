import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useOnePerFrame } from "./use-one-per-frame.ts";

/** One painted frame: the animation frame (16 ms on), then the timeout it queued. */
async function frame() {
  await act(async () => {
    vi.advanceTimersByTime(20);
  });
}

describe("useOnePerFrame", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.stubGlobal("requestAnimationFrame", (callback: () => void) => setTimeout(callback, 16));
    vi.stubGlobal("cancelAnimationFrame", (id: ReturnType<typeof setTimeout>) => clearTimeout(id));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows the first items at once and one more per painted frame until all are shown", async () => {
    const { result } = renderHook(() => useOnePerFrame(4, 2));
    expect(result.current).toBe(2);
    await frame();
    expect(result.current).toBe(3);
    await frame();
    expect(result.current).toBe(4);
    await frame();
    expect(result.current).toBe(4);
  });

  it("adds the items of a list that grows one per frame, and shows a shrunk list whole", async () => {
    const { result, rerender } = renderHook(({ total }) => useOnePerFrame(total), {
      initialProps: { total: 1 },
    });
    expect(result.current).toBe(1);
    rerender({ total: 3 });
    expect(result.current).toBe(1);
    await frame();
    expect(result.current).toBe(2);
    rerender({ total: 0 });
    expect(result.current).toBe(0);
    rerender({ total: 2 });
    expect(result.current).toBe(2);
  });

  it("shows nothing more once unmounted", async () => {
    const { result, unmount } = renderHook(() => useOnePerFrame(3));
    unmount();
    await frame();
    expect(result.current).toBe(1);
  });
});
