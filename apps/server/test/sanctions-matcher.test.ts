import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEuSanctionsList } from "../src/modules/identity/sanctions-list.ts";
import {
  compareNames,
  prepareEntries,
  type ScreenedEntry,
  screenName,
} from "../src/modules/identity/sanctions-matcher.ts";

const xml = fs.readFileSync(path.join(import.meta.dirname, "fixtures", "eu-sanctions-list.xml"), "utf8");
const list = parseEuSanctionsList(xml);
const entries: ScreenedEntry[] = list.entities.map((e, i) => ({ id: String(i), ...e }));

describe("the EU list format", () => {
  it("reads version, names (whole and in parts, every script) and dates of birth", () => {
    expect(list.version).toBe("2026-11-20T17:05:44.012+01:00");
    expect(list.entities).toHaveLength(5);
    expect(list.entities[0]).toEqual({
      reference: "EU.9001.01",
      names: ["Zorislav Petrovich Kremnyov", "Зорислав Петрович Кремнёв"],
      birthdates: ["1961-03-14"],
    });
    expect(list.entities[1]?.birthdates).toEqual(["1972"]);
    expect(list.entities[2]?.birthdates).toEqual(["1958-11-02", "1959-11-02"]);
  });
});

describe("screening finds listed persons under spelling variants", () => {
  // [name as a saver might write it, date of birth or null, the listed entity it must find]
  const VARIANTS: Array<[string, string | null, string]> = [
    ["Zorislav Petrovich Kremnyov", null, "EU.9001.01"], // as listed
    ["ZORISLAV KREMNYOV", null, "EU.9001.01"], // case, middle name left out
    ["Kremnyov Zorislav Petrovich", null, "EU.9001.01"], // family name first
    ["Zorislav Kremnev", "1961-03-14", "EU.9001.01"], // transliterated from the Cyrillic alias
    ["Zoryslav Kremnyov", null, "EU.9001.01"], // one letter different
    ["Zorislav Petrowitsch Kremnjow", null, "EU.9001.01"], // German transliteration
    ["Abdulrahim Al-Qasimbari", "1972-06-01", "EU.9002.02"], // year of birth only on the list
    ["Abdulrahim Alqasimbari", null, "EU.9002.02"], // particle joined
    ["Abdul-Rahim Al Qasimbari", null, "EU.9002.02"], // given name split
    ["Dragoljub Vukasinovic", null, "EU.9003.03"], // without diacritics
    ["Dragoljub Vukašinović", "1959-11-02", "EU.9003.03"], // as listed, second date of birth
    ["Dragoljub Vukashinovich", null, "EU.9003.03"], // English transliteration of the Serbian alias
    ["Thaddeus Okonkwo Breitmeyer", null, "EU.9004.04"], // hyphen dropped
    ["Thadeus Okonkwo-Breitmeier", null, "EU.9004.04"], // two small typos
    ["Okonkwo-Breitmeyer, Thaddeus", null, "EU.9004.04"], // "family, given"
  ];

  it.each(VARIANTS)("%s (%s) -> %s", (name, dob, reference) => {
    const hits = screenName(name, dob, entries);
    expect(hits.map((h) => h.entry.reference)).toContain(reference);
    // the indexed list finds the same
    const indexed = screenName(name, dob, prepareEntries(entries));
    expect(indexed.map((h) => [h.entry.reference, h.score])).toEqual(
      hits.map((h) => [h.entry.reference, h.score]),
    );
  });

  it("uses the date of birth: a match strengthens, a different one drops a fuzzy match, not an exact one", () => {
    expect(screenName("Zorislav Kremnyov", "1961-03-14", entries)[0]?.dateOfBirthMatch).toBe(true);
    expect(screenName("Zorislav Kremnyov", "1990-01-01", entries)).toEqual([]);
    const exact = screenName("Zorislav Petrovich Kremnyov", "1990-01-01", entries);
    expect(exact[0]).toMatchObject({ dateOfBirthMatch: false });
  });

  it("counts the date of birth in the score: the same date above an unknown one above a different one", () => {
    const name = "Zorislav Petrovich Kremnyov";
    const same = screenName(name, "1961-03-14", entries)[0]?.score ?? 0;
    const unknown = screenName(name, null, entries)[0]?.score ?? 0;
    const different = screenName(name, "1990-01-01", entries)[0]?.score ?? 0;
    expect(same).toBe(1);
    expect(unknown).toBeLessThan(same);
    expect(different).toBeLessThan(unknown);
  });

  it("matches initials to the full names they stand for, never an initial alone", () => {
    for (const name of ["Z. P. Kremnyov", "Z P Kremnyov", "Zorislav P. Kremnyov", "Z. Kremnyov"]) {
      expect(
        screenName(name, "1961-03-14", entries).map((h) => h.entry.reference),
        name,
      ).toContain("EU.9001.01");
    }
    expect(compareNames("Z. P. K.", "Zorislav Petrovich Kremnyov")).toBeNull();
    expect(compareNames("A. Kremnyov", "Zorislav Petrovich Kremnyov")).toBeNull();
  });

  it("needs more than one shared word", () => {
    expect(compareNames("Thaddeus Miller", "Thaddeus Okonkwo-Breitmeyer")).toBeNull();
    expect(compareNames("Kremnyov", "Zorislav Petrovich Kremnyov")).toBeNull();
  });
});

describe("screening leaves ordinary names alone", () => {
  const FIRST = [
    "Anna",
    "Lukas",
    "Marie",
    "Jonas",
    "Sophie",
    "Felix",
    "Emma",
    "Paul",
    "Mia",
    "Leon",
    "Camille",
    "Hugo",
    "Chloé",
    "Louis",
    "Léa",
    "Jules",
    "Manon",
    "Arthur",
    "Inès",
    "Gabriel",
    "Giulia",
    "Lorenzo",
    "Sofia",
    "Matteo",
    "Aurora",
    "Lucía",
    "Hugo",
    "Martina",
    "Mateo",
    "Paula",
    "Zofia",
    "Jakub",
    "Julia",
    "Kacper",
    "Mehmet",
    "Ayşe",
    "Mustafa",
    "Fatma",
    "Ahmed",
    "Yusuf",
    "Olga",
    "Ivan",
    "Natalia",
    "Dmitri",
    "Oksana",
    "Andrii",
    "Piotr",
    "Eva",
    "Karl",
    "Ingrid",
  ];
  const LAST = [
    "Müller",
    "Schmidt",
    "Schneider",
    "Fischer",
    "Weber",
    "Meyer",
    "Wagner",
    "Becker",
    "Schulz",
    "Hoffmann",
    "Martin",
    "Bernard",
    "Dubois",
    "Thomas",
    "Robert",
    "Richard",
    "Petit",
    "Durand",
    "Leroy",
    "Moreau",
    "Rossi",
    "Russo",
    "Ferrari",
    "Esposito",
    "Bianchi",
    "García",
    "Fernández",
    "González",
    "Rodríguez",
    "López",
    "Nowak",
    "Kowalski",
    "Wiśniewski",
    "Yılmaz",
    "Kaya",
    "Demir",
    "Şahin",
    "Hassan",
    "Ibrahim",
    "Rahman",
    "Ivanova",
    "Petrov",
    "Kovalenko",
    "Shevchenko",
    "Novák",
    "Horváth",
    "Jansen",
    "de Vries",
    "Andersson",
    "Nielsen",
  ];
  const names = new Map<string, string>();
  for (let i = 0; names.size < 1000; i += 1) {
    const first = FIRST[i % FIRST.length] as string;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length] as string;
    const middle = i % 7 === 0 ? ` ${FIRST[(i * 3) % FIRST.length]}` : "";
    const year = 1940 + (i % 65);
    names.set(`${first}${middle} ${last}`, `${year}-${String((i % 12) + 1).padStart(2, "0")}-15`);
  }

  it("flags none of 1,000 generated names", () => {
    expect(names.size).toBe(1000);
    const flagged = [...names].filter(([name, dob]) => screenName(name, dob, entries).length > 0);
    expect(flagged).toEqual([]);
  });
});
