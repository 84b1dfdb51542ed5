import { afterEach, describe, expect, it, vi } from "vitest";
import { afterFirstContentfulPaint, afterReportedPaint } from "./after-reported-paint.ts";

/** A stand-in for the browser's PerformanceObserver: `report` delivers entries as the browser would. */
function fakeObserver(supported: string[]) {
  const observers: Array<{ callback: (list: { getEntries(): PerformanceEntry[] }) => void; on: boolean }> =
    [];
  class FakeObserver {
    static supportedEntryTypes = supported;
    private readonly record: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]["callback"]) {
      this.record = { callback, on: false };
      observers.push(this.record);
    }
    observe() {
      this.record.on = true;
    }
    disconnect() {
      this.record.on = false;
    }
  }
  vi.stubGlobal("PerformanceObserver", FakeObserver);
  return {
    report(...entries: Array<Partial<PerformanceEntry> & { identifier?: string }>) {
      for (const observer of observers) {
        if (observer.on) observer.callback({ getEntries: () => entries as PerformanceEntry[] });
      }
    },
    listening: () => observers.filter((observer) => observer.on).length,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("afterReportedPaint", () => {
  it("waits for the reported first contentful paint, not another paint, and stops listening", () => {
    const browser = fakeObserver(["paint", "element"]);
    const then = vi.fn();
    afterFirstContentfulPaint(then);
    browser.report({ name: "first-paint" });
    expect(then).not.toHaveBeenCalled();
    browser.report({ name: "first-contentful-paint" });
    expect(then).toHaveBeenCalledTimes(1);
    expect(browser.listening()).toBe(0);
    browser.report({ name: "first-contentful-paint" });
    expect(then).toHaveBeenCalledTimes(1);
  });

  it("goes ahead after the time limit when no report comes, once", () => {
    vi.useFakeTimers();
    const browser = fakeObserver(["element"]);
    const then = vi.fn();
    afterReportedPaint("element", (entry) => entry.identifier === "figure", then, 1000);
    vi.advanceTimersByTime(999);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
    browser.report({ identifier: "figure" });
    expect(then).toHaveBeenCalledTimes(1);
  });

  it("goes ahead at once where the browser reports no such paints, and never after being stopped", () => {
    vi.useFakeTimers();
    fakeObserver(["element"]);
    const atOnce = vi.fn();
    afterReportedPaint("paint", () => true, atOnce);
    expect(atOnce).toHaveBeenCalledTimes(1);

    const browser = fakeObserver(["paint"]);
    const stopped = vi.fn();
    const stop = afterFirstContentfulPaint(stopped);
    stop();
    browser.report({ name: "first-contentful-paint" });
    vi.advanceTimersByTime(2000);
    expect(stopped).not.toHaveBeenCalled();
  });
});
