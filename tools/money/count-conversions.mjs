#!/usr/bin/env node
// Counts the lines that convert money by hand, per area, outside the money module (packages/domain/src/money),
// where the codecs live (docs/decisions.md "One money type: integer cents from the contract's edge to the
// database"). Usage: node tools/money/count-conversions.mjs [git-ref]   (default: the working tree)
//
// A line counts once when it holds any of:
//   - a call of the cents helpers: centsToNumber(, toCents(, centsToDecimalString(, decimalToScaledInt(
//   - a division or multiplication by 100 (or 100n): `/ 100`, `* 100`, `100 *`
//   - parseFloat(
//   - Number(x) or BigInt(x) whose argument names an amount, by namesAnAmount below (the lint rule's
//     definition: "interest" counts outside "interest rate" only)
// TypeScript and TSX under apps/ and packages/, without node_modules and dist.
import { execFileSync } from "node:child_process";

export const namesAnAmount = (text) =>
  /amount|cents|balance|principal|euro|fee/i.test(text) ||
  (/interest/i.test(text) && !/interest_?rate/i.test(text));
const HELPERS = /\b(?:centsToNumber|toCents|centsToDecimalString|decimalToScaledInt)\(/;
const HUNDRED = /[/*]\s*100n?\b|\b100n?\s*\*/;
const PARSE_FLOAT = /\bparseFloat\(/;
const CAST = /\b(?:Number|BigInt)\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g;

const ref = process.argv[2];
const args = [
  "grep",
  "-n",
  "-I",
  "-E",
  "centsToNumber|toCents|centsToDecimalString|decimalToScaledInt|100|parseFloat|Number\\(|BigInt\\(",
];
if (ref) args.push(ref);
args.push("--", "apps/**/*.ts", "apps/**/*.tsx", "packages/**/*.ts", ":!**/node_modules/**", ":!**/dist/**");
const out = execFileSync("git", args, { encoding: "utf8", maxBuffer: 64 << 20 });

function isConversion(text) {
  if (HELPERS.test(text) || HUNDRED.test(text) || PARSE_FLOAT.test(text)) return true;
  for (const m of text.matchAll(CAST)) if (namesAnAmount(m[1] ?? "")) return true;
  return false;
}

function areaOf(path) {
  const rules = [
    [/^packages\/domain\/src\/money\//, null],
    [/^apps\/server\/src\/modules\/([^/]+)\//, (m) => `server/${m[1]}`],
    [/^apps\/server\/src\/([^/]+)\//, (m) => `server/${m[1]}`],
    [/^apps\/server\/test\//, () => "server tests"],
    [/^apps\/web\/src\/features\/([^/]+)\//, (m) => `web/features/${m[1]}`],
    [/^apps\/web\/src\/([^/]+)\//, (m) => `web/${m[1]}`],
    [/^apps\/web\/e2e\//, () => "web e2e"],
    [/^packages\/domain\/src\/([^/]+)/, (m) => `domain/${m[1].replace(/\.ts$/, "")}`],
  ];
  for (const [re, name] of rules) {
    const m = re.exec(path);
    if (m) return name ? name(m) : null;
  }
  return "other";
}

const counts = new Map();
for (const line of out.split("\n")) {
  if (!line) continue;
  const rest = ref ? line.slice(ref.length + 1) : line;
  const first = rest.indexOf(":");
  const second = rest.indexOf(":", first + 1);
  const path = rest.slice(0, first);
  const text = rest.slice(second + 1);
  if (text.trimStart().startsWith("//") || text.trimStart().startsWith("*")) continue;
  const area = areaOf(path);
  if (area === null || !isConversion(text)) continue;
  counts.set(area, (counts.get(area) ?? 0) + 1);
}

const group = (area) => (area.endsWith("tests") || area.endsWith("e2e") ? "tests" : area.split("/")[0]);
const totals = new Map();
for (const [area, n] of counts) totals.set(group(area), (totals.get(group(area)) ?? 0) + n);
for (const [area, n] of [...counts].sort(([a], [b]) => a.localeCompare(b)))
  console.log(`${String(n).padStart(5)}  ${area}`);
console.log("-----");
for (const [g, n] of [...totals].sort(([a], [b]) => a.localeCompare(b)))
  console.log(`${String(n).padStart(5)}  total ${g}`);
