/** Where a text's clauses, sentences and table cells start and end. */
import { allMatches } from "../read.ts";
import type { Target } from "./types.ts";

/** Where clauses end: a sentence's end, a semicolon, a line break, a dash between clauses. */
const CLAUSE_END = /[.!?](?=\s+[\p{Lu}\p{N}(*"“-]|\s*$)|;|\n|\s[—–]\s/gu;
/** Titles and places in merchants' names ("Dr. med.", "St. Gallen"), after which a single capital is an initial. */
const TITLES = "Dr|med|Prof|St";
/** Abbreviations whose full stop ends no sentence (the titles too). */
const ABBREVIATION = new RegExp(`(?:^|[\\s(])(?:${TITLES}|Fr|SFr|ca|approx|vs|etc|e\\.g|i\\.e|Mio|avg|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)$`, "i");
/**
 * A single capital before a full stop is an initial only after a title or another initial ("Dr. med. S. Brunner",
 * "A. B. Meier"): alone it is as likely a sentence's last word ("… is Plan B.", "Zone A."), and joining two sentences
 * lends the first one's names and year to the second's figures.
 */
const INITIAL = new RegExp(`(?:^|[\\s(])(?:(?:${TITLES})\\.|\\p{Lu}\\.)\\s*\\p{Lu}$`, "u");
/** "No" and "Nr" end no sentence only before a number ("no. 5", "Garage Nr. 5"); "the answer is no." does. */
const NUMBER_WORD = /(?:^|[\s(])(?:Nr|No)$/i;

/** Whether the full stop (or other mark) at `at` ends a sentence: not one of an abbreviation or an initial inside a name. */
export function endsSentence(text: string, at: number): boolean {
  if (text[at] !== ".") return true;
  const before = text.slice(Math.max(0, at - 12), at);
  if (NUMBER_WORD.test(before)) return !/^\.\s*\d/.test(text.slice(at, at + 4));
  return !ABBREVIATION.test(before.slice(-8)) && !INITIAL.test(before);
}

/** Where the sentence holding `at` starts: after the last sentence end before it (a mark before a space, a line break). */
export function sentenceStart(text: string, at: number): number {
  for (let from = at; from >= 0; ) {
    const cut = Math.max(text.lastIndexOf(". ", from), text.lastIndexOf("! ", from), text.lastIndexOf("? ", from), text.lastIndexOf("\n", from));
    if (cut < 0 || endsSentence(text, cut)) return cut + 1;
    from = cut - 1;
  }
  return 0;
}

/** Where the sentence holding `from` ends: the offset of its last mark or its line break, else the text's end. */
export function sentenceEnd(text: string, from: number): number {
  const ends = /[.!?](?=\s|$)|\n/g;
  ends.lastIndex = from;
  for (let m = ends.exec(text); m; m = ends.exec(text)) if (endsSentence(text, m.index)) return m.index;
  return text.length;
}

/** Clause boundaries of `text` (offsets where a clause ends), none inside a figure. */
export function clauseEnds(text: string, figures: readonly Target[]): number[] {
  const ends: number[] = [];
  let fi = 0;
  for (const m of allMatches(CLAUSE_END, text)) {
    const at = m.index!;
    while (fi < figures.length && figures[fi]!.end <= at) fi++;
    if (fi < figures.length && figures[fi]!.start <= at) continue;
    if (!endsSentence(text, at)) continue;
    // A dash after a label with no figure of its own ("3. **Tibits** — CHF 1'246.70") joins the label to what follows.
    if (m[0].trim() !== "" && /[—–]/.test(m[0]) && !(fi > 0 && figures[fi - 1]!.end > (ends.at(-1) ?? 0))) continue;
    ends.push(at);
  }
  ends.push(text.length);
  return ends;
}

/** A markdown table row's cells (offsets), or null when the line is no table row. */
export function tableCells(text: string, lineStart: number, lineEnd: number): Target[] | null {
  const line = text.slice(lineStart, lineEnd);
  if (!/^\s*\|.*\|\s*$/.test(line)) return null;
  const cells: Target[] = [];
  let at = line.indexOf("|") + 1;
  while (true) {
    const next = line.indexOf("|", at);
    if (next < 0) break;
    cells.push({ start: lineStart + at, end: lineStart + next });
    at = next + 1;
  }
  return cells;
}

/** The text of a figure's clause before it (up to 120 characters). */
export function clauseBefore(text: string, at: number): string {
  const from = Math.max(0, at - 120, sentenceStart(text, at), text.lastIndexOf(";", at - 1) + 1);
  return text.slice(from, at);
}
