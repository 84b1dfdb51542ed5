import { describe, expect, it } from "vitest";
import { preferredLanguage } from "./language-path.ts";

describe("preferredLanguage", () => {
  it("takes the first browser language the app speaks, regions ignored", () => {
    expect(preferredLanguage(["de-DE", "en-US"])).toBe("de");
    expect(preferredLanguage(["es", "FR-ch", "de"])).toBe("fr");
  });

  it("falls back to the app's first language", () => {
    expect(preferredLanguage(["es", "it"])).toBe("en");
    expect(preferredLanguage([])).toBe("en");
  });
});
