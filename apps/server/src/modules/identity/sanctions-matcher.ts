import anyAscii from "any-ascii";
import { distance } from "fastest-levenshtein";

/**
 * Name screening against a sanctions list, tolerant of what differs between how a name is written
 * on a list and on a form: script and diacritics (transliterated with any-ascii), word order and
 * particles joined or split ("Al-Tikriti" / "Altikriti"), missing middle names, and small typos
 * (Levenshtein distance). A date of birth on both sides strengthens or weakens a match.
 */

/**
 * Particles written now apart, now joined to the next word ("Al Qasimi" / "Al-Qasimi" / "Alqasimi",
 * "Abdul Rahim" / "Abdulrahim", "de Vries" / "DeVries"): always joined before comparing.
 */
const PARTICLES = new Set([
  "al",
  "el",
  "ul",
  "abd",
  "abdel",
  "abdul",
  "abu",
  "bin",
  "ibn",
  "ben",
  "van",
  "von",
  "der",
  "den",
  "de",
  "del",
  "della",
  "di",
  "da",
  "du",
  "la",
  "le",
  "mac",
  "mc",
  "st",
]);

/** Spellings that differ only by transliteration convention (German, English, French, Slavic). */
const SOUNDS: ReadonlyArray<[RegExp, string]> = [
  [/tsch/g, "ch"],
  [/sch/g, "sh"],
  [/dzh/g, "j"],
  [/ph/g, "f"],
  [/kh/g, "h"],
  [/ck/g, "k"],
  [/w/g, "v"],
  [/j/g, "y"],
  [/ou/g, "u"],
];

/** Lower-case ASCII words of a name, particles joined, transliteration evened out, in sorted order. */
export function nameTokens(name: string): string[] {
  const words = anyAscii(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter((t) => t.length > 0);
  const joined: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] as string;
    const next = words[i + 1];
    if (PARTICLES.has(word) && next !== undefined) {
      words[i + 1] = word + next;
      continue;
    }
    joined.push(word);
  }
  return joined.map((w) => SOUNDS.reduce((acc, [pattern, sound]) => acc.replace(pattern, sound), w)).sort();
}

/** Typos tolerated in a word: none up to 3 letters, one up to 7, two from 8. */
const tolerance = (a: string, b: string) => {
  const len = Math.min(a.length, b.length);
  return len <= 3 ? 0 : len <= 7 ? 1 : 2;
};

const wordsMatch = (a: string, b: string) => a === b || distance(a, b) <= tolerance(a, b);

/** How many words of `short` find a distinct partner in `long`. */
function matchedWords(short: string[], long: string[]): number {
  const used = new Set<number>();
  let matched = 0;
  for (const word of short) {
    const index = long.findIndex((candidate, i) => !used.has(i) && wordsMatch(word, candidate));
    if (index >= 0) {
      used.add(index);
      matched += 1;
    }
  }
  return matched;
}

export interface NameMatch {
  score: number;
  exact: boolean;
}

/**
 * Similarity of two names (0..1), or null when they do not match. A match: every word of the shorter
 * name has a partner in the longer one (at least two words, at most one word extra), or the names
 * written without spaces in sorted word order are within a small edit distance.
 */
export function compareNames(a: string, b: string): NameMatch | null {
  const ta = nameTokens(a);
  const tb = nameTokens(b);
  if (ta.length === 0 || tb.length === 0) return null;
  const exact = ta.join(" ") === tb.join(" ");
  if (exact) return { score: 1, exact: true };
  const [short, long] = ta.length <= tb.length ? [ta, tb] : [tb, ta];
  const joinedA = ta.join("");
  const joinedB = tb.join("");
  const joinedSimilarity = 1 - distance(joinedA, joinedB) / Math.max(joinedA.length, joinedB.length);
  const words = matchedWords(short, long);
  const wordScore = words / long.length;
  if (short.length >= 2 && words === short.length && long.length - short.length <= 1) {
    return { score: Math.max(wordScore, joinedSimilarity), exact: false };
  }
  // particles joined or split, or letters moved between words: compare the whole name
  if (Math.min(joinedA.length, joinedB.length) >= 8 && joinedSimilarity >= 0.9) {
    return { score: joinedSimilarity, exact: false };
  }
  return null;
}

/** true / false when both sides have a date of birth (a year alone compares by year), else null. */
export function birthdatesMatch(dateOfBirth: string | null, listed: readonly string[]): boolean | null {
  if (!dateOfBirth || listed.length === 0) return null;
  return listed.some((d) => (d.length === 4 ? dateOfBirth.startsWith(d) : d === dateOfBirth));
}

export interface ScreenedEntry {
  id: string;
  reference: string;
  names: readonly string[];
  birthdates: readonly string[];
}

export interface ScreeningHit {
  entry: ScreenedEntry;
  matchedName: string;
  score: number;
  dateOfBirthMatch: boolean | null;
}

/**
 * The entries a person may be: the best-matching name of each entry, kept unless both sides have a
 * date of birth that differs and the name is not an exact match.
 */
export function screenName(
  fullName: string,
  dateOfBirth: string | null,
  entries: readonly ScreenedEntry[],
): ScreeningHit[] {
  const hits: ScreeningHit[] = [];
  for (const entry of entries) {
    let best: { name: string; match: NameMatch } | null = null;
    for (const name of entry.names) {
      const match = compareNames(fullName, name);
      if (match && (!best || match.score > best.match.score)) best = { name, match };
    }
    if (!best) continue;
    const dob = birthdatesMatch(dateOfBirth, entry.birthdates);
    if (dob === false && !best.match.exact) continue;
    hits.push({
      entry,
      matchedName: best.name,
      score: Math.round(best.match.score * 1000) / 1000,
      dateOfBirthMatch: dob,
    });
  }
  return hits.sort((x, y) => y.score - x.score);
}
