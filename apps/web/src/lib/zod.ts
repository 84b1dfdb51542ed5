/**
 * zod as the web app's build has it: `vite.config.ts` resolves "zod" to this module, so the setting below
 * runs right after zod's own code and before any module of the app or the contract builds a schema.
 *
 * The strict Content-Security-Policy refuses `eval`, so zod's compiled object checks can never run in the
 * browser. Without `jitless` zod still probes for them with a `new Function` as it builds each first
 * object schema, and Chrome reports the refused probe as a Content-Security-Policy violation on every
 * page with a form (`e2e/invest.spec.ts`, the calculator). zod decides at a schema's construction, so the
 * setting must come before the contract's schemas are built, which only resolving "zod" here guarantees.
 * "zod/v4" is the same code as "zod" (its classic API), under a name the alias leaves alone.
 */
import { z } from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
export { z, z as default };
