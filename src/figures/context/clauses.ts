/** Where a text's clauses, sentences and table cells start and end. */
import { allMatches } from "../read.ts";
import type { Target } from "./types.ts";

/** Where clauses end: a sentence's end, a semicolon, a line break, a dash between clauses. */
const CLAUSE_END = /[.!?](?=\s+[\p{Lu}\p{N}(*"“-]|\s*$)|;|\n|\s[—–]\s/gu;
/** Abbreviations whose full stop ends no sentence. */
const ABBREVIATION = /(?:^|[\s(])(?:Dr|Fr|SFr|St|Nr|No|ca|approx|vs|etc|e\.g|i\.e|Mio|avg|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)$/i;

/** Where the sentence holding `at` starts. */
export const sentenceStart = (text: string, at: number) =>
  Math.max(text.lastIndexOf(". ", at) + 1, text.lastIndexOf("! ", at) + 1, text.lastIndexOf("? ", at) + 1, text.lastIndexOf("\n", at) + 1);

/** Clause boundaries of `text` (offsets where a clause ends), none inside a figure. */
export function clauseEnds(text: string, figures: readonly Target[]): number[] {
  const ends: number[] = [];
  let fi = 0;
  for (const m of allMatches(CLAUSE_END, text)) {
    const at = m.index!;
    while (fi < figures.length && figures[fi]!.end <= at) fi++;
    if (fi < figures.length && figures[fi]!.start <= at) continue;
    if (m[0] === "." && ABBREVIATION.test(text.slice(Math.max(0, at - 8), at))) continue;
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
  const window = text.slice(Math.max(0, at - 120), at);
  const cut = Math.max(window.lastIndexOf(". "), window.lastIndexOf(";"), window.lastIndexOf("\n"));
  return window.slice(cut + 1);
}
