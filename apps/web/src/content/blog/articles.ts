import type { Language } from "@festgeld/domain/constants";
import choosingRightTermCover from "./images/choosing-right-term.svg";
import compoundVsSimpleCover from "./images/compound-vs-simple-interest.svg";
import depositInsuranceCover from "./images/deposit-insurance-explained.svg";
import taxEuropeCover from "./images/tax-implications-europe.svg";
import whyFixedDepositsCover from "./images/why-fixed-deposits.svg";

/**
 * The blog's articles: metadata, titles and excerpts in every language. The bodies
 * are separate modules, loaded one at a time by the article page (see article-bodies.ts), so the list
 * page does not download them and the home route carries none of this. Cover images ship with the app
 *; their alt texts are in the blog catalogues under `images.<id>`.
 */

/** Category ids; the labels are in the blog catalogues under `categories.<id>`. */
export const BLOG_CATEGORIES = [
  "investment-guide",
  "planning",
  "tax-legal",
  "education",
  "security",
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export type Localized = Record<Language, string>;

export interface BlogArticleMeta {
  /** The slug used in /blog/{id}. */
  id: string;
  category: BlogCategory;
  /** Publication date, ISO 8601 (calendar date). */
  date: string;
  readingMinutes: number;
  /** URL of the cover image, bundled with the app. */
  image: string;
  title: Localized;
  excerpt: Localized;
}

/** In the specification's order: the first is the featured article, the first three are the popular posts. */
export const ARTICLES: readonly BlogArticleMeta[] = [
  {
    id: "why-fixed-deposits",
    category: "investment-guide",
    date: "2025-01-15",
    readingMinutes: 8,
    image: whyFixedDepositsCover,
    title: {
      en: "Why Fixed Deposits Belong in Your Savings Plan",
      de: "Warum Festgeld in Ihre Sparstrategie gehört",
      fr: "Pourquoi le dépôt à terme a sa place dans votre épargne",
    },
    excerpt: {
      en: "A fixed rate for the whole term, statutory deposit protection and no fees: what a fixed-term deposit is, who it suits, where its limits are and how it compares with savings accounts, bonds and shares.",
      de: "Fester Zins für die gesamte Laufzeit, gesetzliche Einlagensicherung, keine Gebühren: was Festgeld ist, für wen es sich eignet, wo seine Grenzen liegen und wie es im Vergleich zu Tagesgeld, Anleihen und Aktien abschneidet.",
      fr: "Un taux fixe pendant toute la durée, la garantie légale des dépôts et aucuns frais\u00a0: ce qu'est un dépôt à terme, à qui il convient, quelles sont ses limites et comment il se compare au livret, aux obligations et aux actions.",
    },
  },
  {
    id: "choosing-right-term",
    category: "planning",
    date: "2025-01-10",
    readingMinutes: 6,
    image: choosingRightTermCover,
    title: {
      en: "How to Choose the Right Term for Your Fixed Deposit",
      de: "So finden Sie die richtige Laufzeit für Ihr Festgeld",
      fr: "Bien choisir la durée de votre dépôt à terme",
    },
    excerpt: {
      en: "Six months or five years? How to weigh the rate against access to your money, why a deposit ladder works, and when the 3-month package with early withdrawal is the better choice.",
      de: "Sechs Monate oder fünf Jahre? Wie Sie Zins und Verfügbarkeit gegeneinander abwägen, warum eine Zinstreppe hilft und wann das 3-Monats-Paket mit vorzeitiger Auszahlung die bessere Wahl ist.",
      fr: "Six mois ou cinq ans\u00a0? Comment arbitrer entre rendement et disponibilité de votre argent, pourquoi l'échelonnement fonctionne et quand l'offre à 3\u00a0mois avec retrait anticipé est le meilleur choix.",
    },
  },
  {
    id: "tax-implications-europe",
    category: "tax-legal",
    date: "2025-01-12",
    readingMinutes: 10,
    image: taxEuropeCover,
    title: {
      en: "Tax on Deposit Interest in Europe: What Savers Should Know",
      de: "Zinsen und Steuern in Europa: Was Sparer wissen sollten",
      fr: "Fiscalité des intérêts en Europe\u00a0: ce que l'épargnant doit savoir",
    },
    excerpt: {
      en: "Germany's flat-rate withholding tax and saver's allowance, France's flat tax, interest from a bank in another country and double-taxation treaties: a general overview, not tax advice.",
      de: "Abgeltungsteuer und Sparerpauschbetrag in Deutschland, Flat Tax in Frankreich, Zinsen von einer Bank im Ausland und Doppelbesteuerungsabkommen: ein allgemeiner Überblick, keine Steuerberatung.",
      fr: "Prélèvement forfaitaire unique en France, Abgeltungsteuer et abattement en Allemagne, intérêts versés par une banque étrangère et conventions fiscales\u00a0: un aperçu général, pas un conseil fiscal.",
    },
  },
  {
    id: "compound-vs-simple-interest",
    category: "education",
    date: "2025-01-08",
    readingMinutes: 7,
    image: compoundVsSimpleCover,
    title: {
      en: "Compound vs. Simple Interest: Worked Examples",
      de: "Zinseszins oder einfacher Zins? Rechenbeispiele",
      fr: "Intérêts composés ou intérêts simples\u00a0: exemples chiffrés",
    },
    excerpt: {
      en: "Simple interest is earned on your deposit only; compound interest also earns interest on interest. Exact figures show when the difference matters for a fixed deposit and when it does not.",
      de: "Beim einfachen Zins wächst nur Ihre Einlage, beim Zinseszins werfen auch die Zinsen Zinsen ab. Genaue Beispielrechnungen zeigen, wann der Unterschied beim Festgeld zählt und wann nicht.",
      fr: "Les intérêts simples ne portent que sur votre dépôt\u00a0; les intérêts composés rapportent aussi des intérêts sur les intérêts. Des calculs exacts montrent quand la différence compte pour un dépôt à terme, et quand elle ne compte pas.",
    },
  },
  {
    id: "deposit-insurance-explained",
    category: "security",
    date: "2025-01-05",
    readingMinutes: 9,
    image: depositInsuranceCover,
    title: {
      en: "Deposit Insurance Explained: How Your Savings Are Protected",
      de: "Einlagensicherung erklärt: So ist Ihr Erspartes geschützt",
      fr: "La garantie des dépôts expliquée\u00a0: comment votre épargne est protégée",
    },
    excerpt: {
      en: "Up to 100,000 EUR per depositor and bank, higher protection for temporarily high balances, repayment within 7 working days: how the EU deposit guarantee works and what it does not cover.",
      de: "Bis zu 100.000 Euro pro Einleger und Bank, höherer Schutz für vorübergehend hohe Guthaben, Auszahlung innerhalb von 7 Arbeitstagen: wie die EU-Einlagensicherung funktioniert und was sie nicht abdeckt.",
      fr: "Jusqu'à 100\u00a0000\u00a0€ par déposant et par banque, une protection renforcée pour les soldes temporairement élevés, un remboursement sous 7\u00a0jours ouvrables\u00a0: comment fonctionne la garantie européenne des dépôts et ce qu'elle ne couvre pas.",
    },
  },
];

export function findArticle(id: string | undefined): BlogArticleMeta | undefined {
  return ARTICLES.find((article) => article.id === id);
}

/** The publication date at local noon, so that no time zone shows it on the previous or next day. */
export function articleDate(article: Pick<BlogArticleMeta, "date">): Date {
  const [year = 1970, month = 1, day = 1] = article.date.split("-").map(Number);
  return new Date(year, month - 1, day, 12);
}

/** Lower-cased, accents removed, whitespace collapsed: "Épargne" matches "epargne". */
export function normalizeForSearch(text: string, language: Language): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase(language)
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The articles whose title or excerpt in `language` contains the search text,
 * within the category if one is chosen, in their original order.
 */
export function filterArticles(
  articles: readonly BlogArticleMeta[],
  options: { query: string; category: BlogCategory | null; language: Language },
): BlogArticleMeta[] {
  const needle = normalizeForSearch(options.query, options.language);
  return articles.filter(
    (article) =>
      (options.category === null || article.category === options.category) &&
      (needle === "" ||
        normalizeForSearch(article.title[options.language], options.language).includes(needle) ||
        normalizeForSearch(article.excerpt[options.language], options.language).includes(needle)),
  );
}

export function isBlogCategory(value: unknown): value is BlogCategory {
  return BLOG_CATEGORIES.includes(value as BlogCategory);
}
