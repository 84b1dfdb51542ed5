import { afterEach, describe, expect, it, vi } from "vitest";
import { warmFormatters } from "./warm-formatters.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("warmFormatters", () => {
  it("makes the locale's formatters one task each, none in the caller's task", () => {
    vi.useFakeTimers();
    const numbers = vi.spyOn(Intl, "NumberFormat");
    const dates = vi.spyOn(Intl, "DateTimeFormat");
    const made = () => numbers.mock.calls.length + dates.mock.calls.length;
    warmFormatters("de-DE");
    expect(made()).toBe(0);
    const perTask: number[] = [];
    for (let task = 0; task < 6; task++) {
      vi.advanceTimersToNextTimer();
      perTask.push(made());
    }
    expect(perTask).toEqual([1, 2, 3, 4, 5, 5]);
    expect(numbers.mock.calls.map(([locale]) => locale)).toEqual(["de-DE", "de-DE", "de-DE"]);
    expect(numbers.mock.calls[1]?.[1]).toMatchObject({ style: "percent" });
  });

  it("goes on past a formatter the browser refuses: it is only a head start", () => {
    vi.useFakeTimers();
    vi.spyOn(Intl, "NumberFormat").mockImplementation(() => {
      throw new RangeError("unsupported");
    });
    const dates = vi.spyOn(Intl, "DateTimeFormat");
    warmFormatters("en-GB");
    vi.runAllTimers();
    expect(dates).toHaveBeenCalledTimes(2);
  });
});
