// The money module as the web app imports it ("@festgeld/domain/money"): the Money type with its codecs and
// formatting, and the exact interest arithmetic, without the contract's schemas.
export * from "./interest.ts";
export * from "./money.ts";
