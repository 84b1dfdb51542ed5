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

/** An initial ("Z." in "Z. P. Kremnyov") stands for any word it begins. */
const isInitial = (word: string) => word.length === 1;

function wordsMatch(a: string, b: string) {
  if (a === b) return true;
  if (isInitial(a) || isInitial(b)) {
    return !(isInitial(a) && isInitial(b)) && (a.length > b.length ? a : b).startsWith(isInitial(a) ? a : b);
  }
  const allowed = tolerance(a, b);
  // the distance is at least the difference in length: most pairs end here, without computing it
  return allowed > 0 && Math.abs(a.length - b.length) <= allowed && distance(a, b) <= allowed;
}

/** How many words of `short` find a distinct partner in `long` (stops at the first that finds none). */
function matchedWords(short: readonly string[], long: readonly string[]): number {
  const used: boolean[] = [];
  let matched = 0;
  for (const word of short) {
    const index = long.findIndex((candidate, i) => !used[i] && wordsMatch(word, candidate));
    if (index < 0) return matched;
    used[index] = true;
    matched += 1;
  }
  return matched;
}

export interface NameMatch {
  score: number;
  exact: boolean;
}

/** A name made ready for comparison: its words and the words written together. */
export interface PreparedName {
  tokens: readonly string[];
  joined: string;
}

export function prepareName(name: string): PreparedName {
  const tokens = nameTokens(name);
  return { tokens, joined: tokens.join("") };
}

/**
 * Similarity of two names (0..1), or null when they do not match. A match: every word of the shorter
 * name has a partner in the longer one (at least two words, at least one of them more than an
 * initial, at most one word extra), or the names written without spaces in sorted word order are
 * within a small edit distance (initials aside).
 */
export function compareNames(a: string, b: string): NameMatch | null {
  return comparePrepared(prepareName(a), prepareName(b));
}

export function comparePrepared(a: PreparedName, b: PreparedName): NameMatch | null {
  const ta = a.tokens;
  const tb = b.tokens;
  if (ta.length === 0 || tb.length === 0) return null;
  if (a.joined === b.joined && ta.length === tb.length && ta.every((w, i) => w === tb[i])) {
    return { score: 1, exact: true };
  }
  const [short, long] = ta.length <= tb.length ? [ta, tb] : [tb, ta];
  const joinedSimilarity = () =>
    1 - distance(a.joined, b.joined) / Math.max(a.joined.length, b.joined.length);
  if (
    short.length >= 2 &&
    long.length - short.length <= 1 &&
    short.some((w) => !isInitial(w)) &&
    matchedWords(short, long) === short.length
  ) {
    const wordScore = short.length / long.length;
    const initials = short.filter(isInitial).length;
    // an initial says less than a whole word: it counts half
    const score = (short.length - initials / 2) / long.length;
    return {
      score: Math.max(initials > 0 ? score : wordScore, initials > 0 ? 0 : joinedSimilarity()),
      exact: false,
    };
  }
  // particles joined or split, or letters moved between words: compare the whole name
  const shorter = Math.min(a.joined.length, b.joined.length);
  const longer = Math.max(a.joined.length, b.joined.length);
  if (shorter >= 8 && longer - shorter <= longer * 0.1 && !ta.some(isInitial) && !tb.some(isInitial)) {
    const similarity = joinedSimilarity();
    if (similarity >= 0.9) return { score: similarity, exact: false };
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
  /** The names made ready for comparison, once per list (prepareEntries); made on the fly when absent. */
  prepared?: readonly PreparedName[];
}

/** A word and the word with each one letter left out: two words within one edit share one of these. */
function neighbourhood(word: string): string[] {
  const keys = [word];
  for (let i = 0; i < word.length; i += 1) keys.push(word.slice(0, i) + word.slice(i + 1));
  return keys;
}

/**
 * A list made ready for screening many savers: each entry's names prepared once, and an index from
 * each word (and the word less one letter) to the entries that have it, so that a saver is compared
 * only with entries sharing a word within one edit (docs/decisions.md, "A list screens everyone in
 * the background"). Every match needs a word of the shorter name matched in the longer one, so this
 * leaves out only names where every word differs by two edits or more.
 */
export interface PreparedList<E extends ScreenedEntry = ScreenedEntry> {
  entries: E[];
  index: Map<string, number[]>;
}

export function prepareEntries<E extends ScreenedEntry>(entries: readonly E[]): PreparedList<E> {
  const prepared = entries.map((e) => ({ ...e, prepared: e.names.map(prepareName) }));
  const index = new Map<string, number[]>();
  prepared.forEach((entry, i) => {
    const keys = new Set<string>();
    for (const name of entry.prepared) {
      for (const word of name.tokens) if (!isInitial(word)) for (const k of neighbourhood(word)) keys.add(k);
    }
    for (const key of keys) {
      const list = index.get(key);
      if (list) list.push(i);
      else index.set(key, [i]);
    }
  });
  return { entries: prepared, index };
}

/** The entries of a prepared list that share a word within one edit with the name. */
function candidates<E extends ScreenedEntry>(list: PreparedList<E>, person: PreparedName): E[] {
  const found = new Set<number>();
  for (const word of person.tokens) {
    if (isInitial(word)) continue;
    for (const key of neighbourhood(word)) for (const i of list.index.get(key) ?? []) found.add(i);
  }
  return [...found].sort((a, b) => a - b).map((i) => list.entries[i] as E);
}

export interface ScreeningHit {
  entry: ScreenedEntry;
  matchedName: string;
  score: number;
  dateOfBirthMatch: boolean | null;
}

/**
 * The score of a hit: three quarters the name, one quarter the date of birth (the same date 1, unknown
 * on either side 0.5, a different one 0), so that the same name with the same date ranks first
 * (docs/decisions.md, "Screening every name that identifies the saver").
 */
export function hitScore(nameScore: number, dateOfBirthMatch: boolean | null) {
  const dob = dateOfBirthMatch === true ? 1 : dateOfBirthMatch === null ? 0.5 : 0;
  return Math.round((0.75 * nameScore + 0.25 * dob) * 1000) / 1000;
}

/**
 * The entries a person may be: the best-matching name of each entry, kept unless both sides have a
 * date of birth that differs and the name is not an exact match.
 */
export function screenName(
  fullName: string,
  dateOfBirth: string | null,
  list: readonly ScreenedEntry[] | PreparedList,
): ScreeningHit[] {
  const person = prepareName(fullName);
  const entries = Array.isArray(list) ? list : candidates(list as PreparedList, person);
  const hits: ScreeningHit[] = [];
  for (const entry of entries) {
    let best: { name: string; match: NameMatch } | null = null;
    for (let i = 0; i < entry.names.length; i += 1) {
      const name = entry.names[i] as string;
      const match = comparePrepared(person, entry.prepared?.[i] ?? prepareName(name));
      if (match && (!best || match.score > best.match.score)) best = { name, match };
    }
    if (!best) continue;
    const dob = birthdatesMatch(dateOfBirth, entry.birthdates);
    if (dob === false && !best.match.exact) continue;
    hits.push({
      entry,
      matchedName: best.name,
      score: hitScore(best.match.score, dob),
      dateOfBirthMatch: dob,
    });
  }
  return hits.sort((x, y) => y.score - x.score);
}
