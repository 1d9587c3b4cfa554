/**
 * A header word added to csv-words.ts changes how a file is read, and so, for a file with no round-3 text column, its
 * rows' content-hash ids (the description's text and the date are in them): the file imported before comes back with its
 * rows booked twice or as possible duplicates (review of r4-qa34: Pekao's "Tytułem", Air Bank's "Název protistrany",
 * Nordea's "Mottagare/Betalare" and "Bokningsdag"). The ids are kept by reading the file again as when the ids were fixed
 * (csv-guess.ts: idDescription, idDate), without the words of JOINED_SINCE_IDS. This test fails when a word is added to
 * WORDS (or KIND_HEADERS), or moved to another role or tier, without joining JOINED_SINCE_IDS, and when a word known then
 * is gone. words-when-ids-were-fixed.json holds the words as at ff421e0 (its WORDS and KIND_HEADERS, as they were).
 */
import { expect, test } from "bun:test";
import { KIND_HEADERS } from "../../../src/import/formats/csv-columns.ts";
import { JOINED_SINCE_IDS, WORDS } from "../../../src/import/formats/csv-words.ts";
import frozen from "./words-when-ids-were-fixed.json";

const keys = (words: Record<string, string[][]>) => new Set(Object.entries(words).flatMap(([role, tiers]) => tiers.flatMap((t, tier) => t.map((w) => `${role} ${tier} ${w}`))));
const now = keys({ ...WORDS, kind: [[...KIND_HEADERS]] });
const then = keys(frozen);
const word = (key: string) => key.split(" ").slice(2).join(" ").replace(/^=/, "");

test("every header word added since the ids were fixed is read as no word when the ids are (JOINED_SINCE_IDS)", () => {
  const added = [...now].filter((k) => !then.has(k) && !JOINED_SINCE_IDS.has(word(k)));
  expect(added).toEqual([]);
});

test("no header word known when the ids were fixed is gone (the files it named would get new ids)", () => {
  expect([...then].filter((k) => !now.has(k))).toEqual([]);
});
