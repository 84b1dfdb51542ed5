import { LANGUAGES, type Language } from "@festgeld/domain/constants";
import { divideHalfUp, simpleInterest } from "@festgeld/domain/interest";
import { eur, moneyFromJsonNumber, moneyToDecimalText } from "@festgeld/domain/money";
import { describe, expect, it } from "vitest";
import de from "../../locales/de/blog.json";
import en from "../../locales/en/blog.json";
import fr from "../../locales/fr/blog.json";
import { availableBodies, loadArticleBody } from "./article-bodies.ts";
import { ARTICLES, BLOG_CATEGORIES, filterArticles } from "./articles.ts";

const catalogues = { en, de, fr } as const;

/** id, category (English label), date, reading time. */
const SPEC_ARTICLES = [
  ["why-fixed-deposits", "Investment Guide", "2025-01-15", 8],
  ["choosing-right-term", "Planning", "2025-01-10", 6],
  ["tax-implications-europe", "Tax & Legal", "2025-01-12", 10],
  ["compound-vs-simple-interest", "Education", "2025-01-08", 7],
  ["deposit-insurance-explained", "Security", "2025-01-05", 9],
] as const;

const ROUTES = new Set([
  "/",
  "/packages",
  "/calculator",
  "/compare",
  "/apply",
  "/about",
  "/faq",
  "/contact",
  "/blog",
  "/deposit-insurance",
  "/privacy",
  "/terms",
  "/impressum",
  "/legal-compliance",
]);

/** Text of a body as a reader sees it: tags removed, entities decoded, every kind of space a plain space. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .trim();
}

const bodies = new Map<string, string>();
async function body(id: string, language: Language): Promise<string> {
  const key = `${id}.${language}`;
  if (!bodies.has(key)) {
    const html = await loadArticleBody(id, language);
    if (html === null) throw new Error(`missing body ${key}`);
    bodies.set(key, html);
  }
  return bodies.get(key) as string;
}

/** Cents as the article writes them in each language: 1234567n -> "12,345.67" / "12.345,67" / "12 345,67". */
function money(cents: bigint, language: Language): string {
  const locale = { en: "en-GB", de: "de-DE", fr: "fr-FR" }[language];
  const text = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    moneyToDecimalText(eur(cents)) as Intl.StringNumericLiteral,
  );
  return text.replace(/[\u00a0\u202f]/g, " ");
}

const interest = (euros: number, basisPoints: number, months: number) =>
  simpleInterest({
    principalCents: (moneyFromJsonNumber(euros, "EUR") ?? eur(0n)).cents,
    rateBasisPoints: BigInt(basisPoints),
    months,
  }).interestCents;

/** Balances of a deposit whose interest is credited once a year and rounded half-up to the cent. */
function compoundBalances(principalCents: bigint, basisPoints: bigint, years: number): bigint[] {
  const balances: bigint[] = [];
  let balance = principalCents;
  for (let year = 1; year <= years; year++) {
    balance += divideHalfUp(balance * basisPoints, 10_000n);
    balances.push(balance);
  }
  return balances;
}

describe("blog article data", () => {
  it("has the five specified articles with their ids, categories, dates and reading times", () => {
    expect(ARTICLES.map((a) => [a.id, en.categories[a.category], a.date, a.readingMinutes])).toEqual(
      SPEC_ARTICLES.map((row) => [...row]),
    );
    expect(new Set(ARTICLES.map((a) => a.category))).toEqual(new Set(BLOG_CATEGORIES));
  });

  it("has a title, an excerpt, a category label and an image alt text in every language", () => {
    for (const language of LANGUAGES) {
      const titles = new Set<string>();
      for (const article of ARTICLES) {
        expect(article.title[language].trim().length, `${article.id} title ${language}`).toBeGreaterThan(10);
        expect(article.excerpt[language].trim().length, `${article.id} excerpt ${language}`).toBeGreaterThan(
          60,
        );
        expect(catalogues[language].categories[article.category]).toBeTruthy();
        expect(catalogues[language].images[article.id as keyof typeof en.images]).toMatch(/\S{3,}/);
        expect(article.image).toBeTruthy();
        titles.add(article.title[language]);
      }
      expect(titles.size).toBe(ARTICLES.length);
    }
  });

  it("ships one body per article and language, and nothing else", () => {
    const expected = ARTICLES.flatMap((a) => LANGUAGES.map((l) => `${a.id}.${l}`)).sort();
    expect(availableBodies().sort()).toEqual(expected);
  });

  it("has substantive bodies without script, images, inline styles or remote URLs", async () => {
    const articleIds = new Set(ARTICLES.map((a) => a.id));
    for (const article of ARTICLES) {
      for (const language of LANGUAGES) {
        const html = await body(article.id, language);
        const where = `${article.id}.${language}`;
        const words = plainText(html).split(" ").length;
        expect(words, `${where} words`).toBeGreaterThanOrEqual(600);
        expect(words, `${where} words`).toBeLessThanOrEqual(1200);
        expect(html, where).not.toMatch(/<(script|img|iframe|object|embed|style|link|svg|form|input)\b/i);
        expect(html, where).not.toMatch(/\s(style|src|srcset|on\w+)\s*=/i);
        expect(html, where).not.toMatch(/(https?:)?\/\/[a-z0-9]/i);
        expect(html, where).not.toMatch(/<h1\b/i);
        for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
          const target = href ?? "";
          const known = ROUTES.has(target) || articleIds.has(target.replace(/^\/blog\//, ""));
          expect(known, `${where} links to ${target}`).toBe(true);
        }
      }
    }
  });

  it("keeps the blog's headline figures as the specification reads them", async () => {
    const en = plainText(await body("why-fixed-deposits", "en"));
    expect(en).toContain("4.05%");
    expect(en).toContain("2.5%");
    expect(en).toContain("between 6 and 60 months");
    const insurance = plainText(await body("deposit-insurance-explained", "en"));
    for (const phrase of ["EUR 100,000", "EUR 500,000", "six months", "seven working days", "2014/49/EU"]) {
      expect(insurance).toContain(phrase);
    }
  });
});

describe("worked examples in the bodies are exact", () => {
  it("simple interest: 10,000 EUR at 3.5% for 12 months is 350.00 in every language", async () => {
    const cents = interest(10_000, 350, 12);
    expect(cents).toBe(35_000n);
    for (const language of LANGUAGES) {
      for (const id of ["why-fixed-deposits", "compound-vs-simple-interest", "tax-implications-europe"]) {
        expect(plainText(await body(id, language)), `${id}.${language}`).toContain(money(cents, language));
      }
    }
  });

  it("the term table and the ladder match the packages' simple interest", async () => {
    const table = [
      interest(10_000, 250, 3),
      interest(10_000, 300, 6),
      interest(10_000, 350, 12),
      interest(10_000, 375, 24),
      interest(10_000, 399, 36),
    ];
    const ladder = table.slice(1).reduce((sum, cents) => sum + cents, 0n);
    expect(ladder).toBe(244_700n);
    for (const language of LANGUAGES) {
      const text = plainText(await body("choosing-right-term", language));
      for (const cents of [...table, ladder]) expect(text, language).toContain(money(cents, language));
    }
  });

  it("the compound table, the three-year comparison and the monthly share are computed to the cent", async () => {
    const principal = 1_000_000n;
    const compound = compoundBalances(principal, 350n, 10);
    const simple = [1, 2, 3, 5, 10].map((years) => principal + interest(10_000, 350, years * 12));
    const rows = [1, 2, 3, 5, 10].map((years, i) => ({
      simple: simple[i] as bigint,
      compound: compound[years - 1] as bigint,
    }));
    // 10,000 x 1.035^10 without intermediate rounding: 14,105.99 (the text mentions it).
    const closedForm = divideHalfUp(principal * 1035n ** 10n, 1000n ** 10n);
    const rolling = (compound[2] as bigint) - principal;
    const long = interest(10_000, 399, 36);
    const compoundAt399 = (compoundBalances(principal, 399n, 3)[2] as bigint) - principal;
    const monthly = simpleInterest({ principalCents: principal, rateBasisPoints: 350n, months: 12 });

    expect(closedForm).toBe(1_410_599n);
    expect(rolling).toBe(108_718n);
    expect(long - rolling).toBe(10_982n);
    expect(compoundAt399 - long).toBe(4_840n);

    for (const language of LANGUAGES) {
      const text = plainText(await body("compound-vs-simple-interest", language));
      for (const row of rows) {
        expect(text, language).toContain(money(row.simple, language));
        expect(text, language).toContain(money(row.compound, language));
        expect(text, language).toContain(money(row.compound - row.simple, language));
      }
      for (const cents of [closedForm, rolling, long, long - rolling, compoundAt399, compoundAt399 - long]) {
        expect(text, language).toContain(money(cents, language));
      }
      expect(text, language).toContain(money(monthly.monthlyInterestCents, language));
      expect(text, language).toContain(money(monthly.monthlyInterestCents * 12n, language));
    }
  });

  it("the tax examples apply the rates to 350.00 EUR correctly", async () => {
    const gross = 35_000n;
    const flatTax = divideHalfUp(gross * 2500n, 10_000n);
    // The solidarity surcharge drops fractions of a cent; 5.5% of 87.50 is 4.8125 either way -> 4.81.
    const soli = (flatTax * 550n) / 10_000n;
    const pfuIncome = divideHalfUp(gross * 1280n, 10_000n);
    const pfuSocial = divideHalfUp(gross * 1720n, 10_000n);
    expect([flatTax, soli, pfuIncome, pfuSocial]).toEqual([8_750n, 481n, 4_480n, 6_020n]);
    for (const language of LANGUAGES) {
      const text = plainText(await body("tax-implications-europe", language));
      for (const cents of [
        flatTax,
        soli,
        gross - flatTax - soli,
        pfuIncome,
        pfuSocial,
        pfuIncome + pfuSocial,
        gross - pfuIncome - pfuSocial,
      ]) {
        expect(text, language).toContain(money(cents, language));
      }
    }
  });
});

describe("filterArticles", () => {
  it("matches the title or the excerpt in the current language, case- and accent-insensitively", () => {
    const ids = (query: string, language: Language, category = null) =>
      filterArticles(ARTICLES, { query, category, language }).map((a) => a.id);
    expect(ids("", "en")).toHaveLength(5);
    expect(ids("COMPOUND", "en")).toEqual(["compound-vs-simple-interest"]);
    expect(ids("Zinseszins", "de")).toEqual(["compound-vs-simple-interest"]);
    expect(ids("zinseszins", "en")).toEqual([]);
    expect(ids("garantie des depots", "fr")).toEqual(["deposit-insurance-explained"]);
    // "ladder" is only in the excerpt
    expect(ids("deposit ladder", "en")).toEqual(["choosing-right-term"]);
    expect(ids("no such words anywhere", "en")).toEqual([]);
  });

  it("combines the search with the category", () => {
    expect(
      filterArticles(ARTICLES, { query: "", category: "security", language: "en" }).map((a) => a.id),
    ).toEqual(["deposit-insurance-explained"]);
    expect(filterArticles(ARTICLES, { query: "tax", category: "security", language: "en" })).toEqual([]);
  });
});
