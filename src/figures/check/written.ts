/** What the answer wrote itself and where: its sentences and clauses, the figures it wrote that the turn backs (Backed). */
import type { AnswerFigure, FigureSource } from "../../core/figures.ts";
import type { FigureContext } from "../context.ts";
import type { SourceFigure } from "../collect.ts";
import { allMatches, type ReadFigure } from "../read.ts";
import type { FigureIndex } from "./figure-types.ts";
import { figuresAt } from "./figure-index.ts";
import { findEqual } from "./search.ts";
import { sources } from "./sources.ts";
import { endsSentence } from "../context/clauses.ts";

/** Counts written in words ("four bills", "two music-school bills"), not ratios ("three times"). */
export const COUNT_WORD = /\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b(?!\s+times\b)/gi;

export const COUNT_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };

/** A figure the answer wrote, as an operand: a grounded one by its source; a derived one as the answer wrote it (its own sources are its operands). */
export function writtenSource(x: { f: ReadFigure; checked: AnswerFigure }): FigureSource {
  return x.checked.status === "grounded" && x.checked.sources[0] ? x.checked.sources[0] : { tool: "this answer", callId: "", where: "derived above", value: x.f.value, text: x.f.text };
}

/** The most figures of a paragraph a difference of two of them is looked for among (the nearest before it). */
export const MAX_WRITTEN = 24;

export const SENTENCE_END = /[.!?]\s|\n/;

/** Every sentence end of a text. */
const SENTENCE_ENDS = new RegExp(SENTENCE_END.source, "g");

/** Where a figure's own part of its sentence ends: a comma, a semicolon, the sentence's end. */
export const PART_END = new RegExp(`[,;]|${SENTENCE_END.source}`);

/** Where the sentence of the text at `at` starts: after the last sentence end before it (a full stop before a space, a line break), not one inside a name ("Dr. med. S. Brunner"). */
export function sentenceStart(text: string, at: number): number {
  let start = 0;
  for (const m of allMatches(SENTENCE_ENDS, text.slice(0, at))) if (endsSentence(text, m.index)) start = m.index + m[0].length;
  return start;
}

/** The earlier figures of its sentence a second step may start from (the nearest first). */
export const MAX_STEPS = 3;

/** A figure the answer wrote that the turn backs (found or derived), with what the answer says it is about. */
export type Backed = { f: ReadFigure; checked: AnswerFigure; said: FigureContext };

/** The figure of the turn a found figure's source was made from (source() makes one source per figure), if the model read it. */
export function figureOfSource(index: FigureIndex, src: FigureSource): SourceFigure | undefined {
  const v = Math.abs(src.value);
  for (const g of index.seen) {
    for (const k of findEqual(g.values, { lo: v - 1e-9, hi: v + 1e-9 })) {
      const x = figuresAt(g, k).find((s) => sources.get(s) === src);
      if (x) return x;
    }
  }
  return undefined;
}

export const MONTH_NAMED = /\b(January|February|March|April|May|June|July|August|September|October|November|December)\b/g;

export const MONTH_NUMBER: Record<string, number> = { january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12 };
