/**
 * Header links, with their label keys in the common catalogue. From 1280 px the header shows them in
 * one row; below 1536 px those marked `more` sit in a "More" menu so that the row fits in every
 * language (docs/decisions.md "One-row header").
 */
export const HEADER_LINKS = [
  { to: "/", key: "nav.home" },
  { to: "/packages", key: "nav.packages" },
  { to: "/compare", key: "nav.compare" },
  { to: "/calculator", key: "nav.calculator" },
  { to: "/about", key: "nav.about" },
  { to: "/blog", key: "nav.blog" },
  { to: "/faq", key: "nav.faq" },
  { to: "/deposit-insurance", key: "nav.depositInsurance", more: true },
  { to: "/contact", key: "nav.contact", more: true },
] as const;

export const FOOTER_LINKS = {
  company: [
    { to: "/about", key: "nav.about" },
    { to: "/contact", key: "nav.contact" },
    { to: "/faq", key: "nav.faq" },
  ],
  products: [
    { to: "/packages", key: "nav.packages" },
    { to: "/calculator", key: "nav.calculator" },
    { to: "/compare", key: "nav.compare" },
  ],
  legal: [
    { to: "/impressum", key: "nav.impressum" },
    { to: "/privacy", key: "nav.privacy" },
    { to: "/terms", key: "nav.terms" },
    { to: "/deposit-insurance", key: "nav.depositInsurance" },
    { to: "/legal-compliance", key: "nav.legalCompliance" },
    { to: "/verify", key: "nav.verify" },
  ],
} as const;
