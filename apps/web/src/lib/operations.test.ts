import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every source file of the web app (tests included), relative to src/. */
function sources(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full, base);
    return /\.tsx?$/.test(entry.name) ? [path.relative(base, full)] : [];
  });
}

describe("the web app's operation table", () => {
  it("is imported at run time only as its routes (lib/operations.ts), never with the contract's schemas", () => {
    const root = path.resolve(import.meta.dirname, "..");
    const offenders = sources(root).filter((file) =>
      /^import\s+(?!type\s)[^;]*from\s+"@festgeld\/domain\/operations"/m.test(
        readFileSync(path.join(root, file), "utf8"),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
