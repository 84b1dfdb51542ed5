import { readFileSync } from "node:fs";
import { brand } from "@brand";
import { describe, expect, it } from "vitest";
import { brandValues, formatAddress, formatSupportHours, listFormat } from "./brand-text.ts";

// A stand-in for i18next's t: fills {{placeholders}} of the few common texts brandValues uses.
const TEMPLATES: Record<string, string> = {
  "hours.range": "{{firstDay}}–{{lastDay}} {{opens}}–{{closes}} {{zone}}",
  "figures.atLeast": "{{value}}+",
};
// The weekday names come from each language's catalogue.
const weekdays = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(`apps/web/src/locales/${language}/common.json`, "utf8")).hours.weekday;
const tFor =
  (language: string) =>
  (key: string, values: Record<string, string> = {}) => {
    const day = /^hours\.weekday\.(\d)$/.exec(key)?.[1];
    if (day) return weekdays(language)[day] ?? key;
    return (TEMPLATES[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
  };
const t = tFor("en");

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("brand text", () => {
  it("writes the desk hours with the weekday names and time zone of each language", () => {
    expect(formatSupportHours(brand.supportHours, "en", tFor("en"))).toBe("Mon–Fri 9:00–18:00 CET");
    expect(formatSupportHours(brand.supportHours, "de", tFor("de"))).toBe("Mo.–Fr. 9:00–18:00 MEZ");
    expect(formatSupportHours(brand.supportHours, "fr", tFor("fr"))).toBe("lun.–ven. 9:00–18:00 CET");
  });

  it("names the country of an address in the reader's language", () => {
    expect(formatAddress(brand.registeredOffice, "en")).toBe("Musterstraße 1, 10115 Berlin, Germany");
    expect(formatAddress(brand.registeredOffice, "fr")).toBe("Musterstraße 1, 10115 Berlin, Allemagne");
  });

  it("joins lists as each language does", () => {
    expect(listFormat(["3", "6", "12"], "en", "disjunction")).toBe("3, 6 or 12");
    expect(listFormat(["3", "6", "12"], "de", "conjunction")).toBe("3, 6 und 12");
  });

  it("formats the figures of the brand per language, both readings kept", () => {
    expect(brandValues("en", t)).toMatchObject({
      coverage: "€100,000",
      customers: "50,000+",
      customersCompact: "50K+",
      assets: "€500M+",
      maxRate: "3.99%",
      headlineMaxRate: "4.05%",
      ratingScore: "5.0",
      ratingSecondaryScore: "4.8",
      ratingCountNumber: "10,000",
      foundedYear: "2018",
      rootsSinceYear: "2009",
      marketingTerms: "3, 6, 12, 24 or 36",
    });
    const de = brandValues("de", t);
    expect(plain(de.coverage)).toBe("100.000 €");
    expect(plain(de.maxRate)).toBe("3,99 %");
    expect(plain(de.highBalance)).toBe("500.000 €");
  });

  it("calls only supervisors supervisors: a register such as ORIAS is not one", () => {
    expect(brandValues("en", t).regulators).toBe("BaFin and ACPR");
  });

  it("names on the home page the terms and the top rate of the packages the demonstration seeds", () => {
    // Tests run from the repository's root.
    const seeds = readFileSync("apps/server/src/db/migrations/0002_packages.sql", "utf8");
    const packages = [...seeds.matchAll(/^\((\d+), (\d+\.\d+), /gm)].map((m) => ({
      months: Number(m[1]),
      rate: Number(m[2]),
    }));
    expect(packages.length).toBeGreaterThan(0);
    expect(brand.figures.marketingTermsMonths).toEqual(packages.map((p) => p.months));
    expect(brand.figures.maxRate).toBe(Math.max(...packages.map((p) => p.rate)));
  });
});
