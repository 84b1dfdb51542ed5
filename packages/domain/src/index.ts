export * from "./constants.ts";
export * from "./contract/applications.ts";
export * from "./contract/auth.ts";
export * from "./contract/calculator.ts";
export * from "./contract/common.ts";
export * from "./contract/contact.ts";
export * from "./contract/errors.ts";
export * from "./contract/health.ts";
export * from "./contract/kyc.ts";

export * from "./contract/newsletter.ts";
export * from "./contract/packages.ts";
export * from "./iban.ts";
export * from "./money/interest.ts";
export * from "./money/term.ts";
