/** The shapes of the checker's index of the turn's figures (FigureIndex, Group, List) and its bounds. */
import type { Lexicon, Span } from "../context.ts";
import type { SourceFigure, SourceKind } from "../collect.ts";

/** Figures of one kind and currency, by magnitude: sorted distinct values, each with the figures that showed it. */
export type Group = {
  kind: SourceKind;
  currency: string;
  /** Distinct magnitudes, ascending. */
  values: Float64Array;
  /** The figures of values[k] are flat[offsets[k]] … flat[offsets[k + 1] - 1]. */
  offsets: Uint32Array;
  flat: SourceFigure[];
  /** Every value whole (not so for counts that are averages): what a count may be derived from. */
  integral: boolean;
};

/** A list's figures in order (a summary list, a table column, a chart series), their running sums of magnitudes, and its kind and currency. */
/**
 * `byName`: the positions of its figures per category or name they are about (as the data spells them, which is how
 * an answer's mentions are read), for the items of a list an answer names; built at its first use.
 */
/** `min3`: the smallest sum of three items in a row (prefix[t + 3] − prefix[t]): no run of three or more is smaller. */
export type List = { figures: SourceFigure[]; prefix: Float64Array; min3: number; kind: SourceKind; currency: string; byName: Map<string, number[]> | null; sums: Sums | null };

/** A short list's magnitudes sorted, and the sums of its pairs sorted: what three or four of its items add up to (built at first use). */
export type Sums = { order: Uint8Array; sorted: Float64Array; pairs: Float64Array; pairI: Uint8Array; pairJ: Uint8Array };

/** The divisors of the periods the turn's calls named: months, weeks and days. */
export type Divisors = { months: number[]; weeks: number[]; days: number[] };

/**
 * The figures of a turn, indexed for checking: all of them (a figure of the answer may equal
 * any number the user sees) and those the model read (`seen`), the only ones it can have
 * computed from: with 2'000 figures nearly any amount is the sum of two of them.
 */
export type FigureIndex = {
  groups: Group[];
  seen: Group[];
  lists: List[];
  divisors: Divisors;
  /** The periods the calls named, this turn's and earlier turns' (what an average said of a period inside one may divide by). */
  spans: CallSpan[];
  /** Per call (its id), the divisors of the periods it named or stated and of its charts' months: what its own figures may be divided by. */
  callDivisors: Map<string, Divisors>;
  lexicon: Lexicon;
  /** The latest year this turn's own calls name: what the answer's "this year" is about (absent: not read). */
  thisYear?: number;
  /** The earliest year any figure of the turn is about (Infinity: none). */
  firstYear: number;
  /** The figures the model read that are the largest of their call, kind and currency (a total something is a share of). */
  callMax: Set<SourceFigure>;
  /** The numbers of a question (not figures of its answer), read once. */
  asked: Map<string, number[]>;
  /** The measures (average, median), change verbs ("moved") and names (folded) of the turn's figures. */
  known: { measures: Set<string>; actions: Set<string>; names: Set<string>; categories: Set<string> };
  /** Per kind of answer figure, the groups it may equal and those it may be derived from (of all figures, and of those read). */
  kinds: { all: Map<KindKey, KindGroups>; seen: Map<KindKey, KindGroups> };
};

/** An answer figure's kind as the groups it meets depend on it: a whole ratio ("914 times") may be a count, a plain integer ≥ 1'000 an amount. */
export type KindKey = "percent" | "points" | "money" | "ratio" | "ratio+whole" | "count" | "count+big";

type KindGroups = { equal: Group[]; operands: Group[] };

export const MAX_SOURCES = 3;

/** Lists longer than this add up only as a running total from their start (a top-n, the months so far). */
export const MAX_RUN_LIST = 60;

/** A period a call of the turn names, with the divisors of an average over it (its calendar and covered months, weeks and days). */
export type CallSpan = Span & { divisors?: Divisors; earlier?: boolean; /** The call that named it. */ call?: string };
