/**
 * Writes src/contract/operations/routes.ts: each operation's id, method and path, without its schemas, for
 * the web app, which needs only those at run time (docs/decisions.md "The web app's operation routes").
 *
 *   npm run generate:routes
 *
 * routes.test.ts fails when the file no longer gives every operation its id, method and path.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { operations } from "../src/contract/operations/index.ts";

const lines = Object.entries(operations).map(
  ([id, { method, path }]) => `  ${id}: [${JSON.stringify(method)}, ${JSON.stringify(path)}],`,
);
const text = `// Generated from the operation table by \`npm run generate:routes\`; routes.test.ts checks it. Do not edit.
import { routeTable } from "../operation.ts";

/**
 * Each operation's id, method and path, without its schemas: what the web app's client reads at run time,
 * so that a page does not load the whole contract (docs/decisions.md "The web app's operation routes").
 */
export const operationRoutes = routeTable({
${lines.join("\n")}
});
`;
const target = path.resolve(import.meta.dirname, "../src/contract/operations/routes.ts");
writeFileSync(target, text);
console.log(`wrote ${path.relative(process.cwd(), target)} (${lines.length} operations)`);
