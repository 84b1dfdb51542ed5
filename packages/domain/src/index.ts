export * from "./constants.ts";
export * from "./contract/auth.ts";
export * from "./contract/common.ts";
export * from "./contract/errors.ts";
export * from "./contract/health.ts";
export * from "./contract/kyc.ts";
export * from "./contract/packages.ts";
export * from "./money/interest.ts";
