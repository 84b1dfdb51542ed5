/**
 * zod's own catalogue of error messages, English only: `vite.config.ts` resolves zod's index of locales
 * to this module. zod names all of its 60-odd locales on its `z.locales` namespace, and a namespace that
 * is passed around whole (the contract's `z`) keeps everything it names in the bundle: 240 KB of the
 * 360 KB zod file every page with a form loaded. zod sets English as its own default; the app never
 * shows zod's messages (lib/validation.ts maps each issue to the app's catalogues), so no page needs
 * another of zod's languages (docs/decisions.md "zod without its 60 languages").
 */
export { default as en } from "zod/v4/locales/en.js";
