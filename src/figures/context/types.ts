/** The shapes of a figure's context (what a figure is about) and of the mentions it is read from. */
import type { FigureSource } from "../../core/figures.ts";
import type { TextList } from "../../ledger/ledger.ts";

/** The names a text may mention: the ledger's categories, merchants and accounts. */
/** Shaped like the ledger (src/ledger/ledger.ts), which is passed as it is: its lexicon is built once per ledger. */
export type Vocabulary = { categoryNames: readonly string[]; merchants: TextList; accounts: readonly string[] };

/** Inclusive yyyymmdd bounds. */
export type Span = { from: number; to: number };

export type Rate = "day" | "week" | "month" | "quarter" | "year";

/** What a figure is about. Absent: not said. Lists: any of these (a figure may be about several). */
export type FigureContext = {
  periods?: Span[];
  /** A month named without a year ("in March"): 1–12. */
  month?: number;
  /** Several months named together ("March, May and July together …"): what items picked from a list may be. */
  months?: number[];
  /** ISO weekdays, 0 = Monday ("Saturday", "the weekend", "Monday to Friday"). */
  weekdays?: number[];
  categories?: string[];
  /** Merchants, accounts and search terms, as the data (or the call) spells them. */
  names?: string[];
  currency?: string;
  per?: Rate;
  /** +1 written as an increase ("up", "+CHF 9'343.73", "10% more"), -1 as a decrease. */
  sign?: 1 | -1;
  /**
   * The side of zero a balance is said to be on: -1 "CHF 3'145.03 in the red", "a deficit of CHF …"; +1 "in the black",
   * "a surplus of …". An amount written so is a signed figure of that side (a net, a remaining budget), never of the other.
   */
  balance?: 1 | -1;
  /** Written as an average, a median, a net or the price now ("CHF 20.40 on average", "median CHF 16.03", "usual CHF 7.00", "net CHF 29'316.26", "you kept CHF 40'580.42", "now CHF 130.00"). */
  measure?: Measure;
  /** A rate written near it in its clause, not right beside it ("roughly 203 rows a month", "per month you put aside about CHF 3'057"): what a rounded average must be said to be. */
  perNear?: Rate;
  /** Written as an amount per item ("about CHF 69 each", "CHF 19.75 a visit"): an amount ÷ a count. */
  perItem?: true;
  /** Which side of its budget a remaining amount is ("CHF 80 over the limit", "CHF 52.80 left"). */
  budget?: "over" | "under" | "used";
  /** The family of things a count counts ("rows": transactions, payments, visits…; "series", "categories", "merchants", "accounts"). */
  unit?: string;
  /** What the clause says was done ("moved 65 transactions"): a change's outcome, not a look at the data. */
  action?: string;
  /** The names were written next to the figure (rules 1 and 2), not in an aside ("…, all Netflix, …"). */
  ownName?: true;
  /** Written as a change or a gap ("up", "less", "the difference", "between them"): what a comparison's change may be. */
  changeSaid?: true;
  /** Said to be a total of several things ("together", "in all", "between them", "came to", "added up to"): what a sum of items picked from a list must be. */
  total?: true;
  /** Every category, name and weekday the figure's clause mentions: what a sum, a difference or a ratio may be taken over. */
  subjects?: string[];
  /** A ratio said of how many ("3 times as many visits", "twice as often"): a ratio of counts, not of amounts, and the only one of counts. */
  ofCounts?: true;
  /** How many things its clause says the figure is of ("those three alone are 395 rows", "the top 5 came to …"). */
  items?: number;
  /** The things a total of `items` is of are changes one way ("those four decreases add up to …"): 1 rises, -1 falls. */
  itemsChange?: 1 | -1;
  /**
   * Its period or month was written as an end of a period ("until April", "since January", "to the end of October"), as
   * a day ("the first on 28 March") or in an aside ("(the trip in June)"): not a part of a longer period the figure is
   * said to be about (saidOfAPart).
   */
  bound?: true;
  /**
   * Written as money in ("income", "earned") or money out ("spent", "spending") by the words just before it in its clause:
   * a figure a result labels the other way (income_vs_spending's "spending", compare_periods' "income") is not its figure.
   */
  flow?: "in" | "out";
  /** Written as the whole spending ("your spending of CHF 18'043.87", "total spending came to …"): what the spending of all categories at once (EVERY_SPENDING_CATEGORY) may be said of, whatever categories its clause names. */
  wholeSpending?: true;
  /** The days the rows of a source's figure lie on, when the source states them ("10 transactions from 2025-01-05 to 2025-10-05"): inside its period, maybe narrower. */
  rowDays?: Span;
  /** Written as where a change went to ("fell to CHF 43.00", "from … to CHF 959.60") or came from ("from CHF 1'157.75"). */
  endpoint?: "from" | "to";
  /** That end was written with an arrow ("CHF 1'000.00 → CHF 1'084.85"): in the order its result shows the pair, not by time. */
  arrow?: true;
  /** The arrow's sentence says its months in time order ("… from July to August"): the pair is by time, whatever its result's order. */
  arrowInTime?: true;
  /** Of the second end of an arrow, the first end's sources: one end written twice is no pair ("CHF 160.00 → CHF 160.00"). */
  arrowFrom?: readonly FigureSource[];
};

/** The category of a figure of all spending categories at once (income_vs_spending's spending): no one category's. */
export const EVERY_SPENDING_CATEGORY = "all spending categories";

/** "current": the price now, which a series' usual (median) amount does not tell. */
export type Measure = "average" | "median" | "net" | "current";

export type Dim = "period" | "month" | "weekday" | "category" | "name" | "currency";
/**
 * The years an answer's relative writings are about: "this year" (`thisYear`), "last year" (`lastYear`), and a quarter or a
 * range of months written without a year and with none before it in the paragraph (`unwritten`). Absent: not read.
 */
export type Years = { thisYear?: number; lastYear?: number; unwritten?: number };

/** `bound`: a period or month written as an end of a period or as a day ("end"), or in an aside ("aside") (FigureContext.bound). */
export type Mention = { start: number; end: number; dim: Dim; period?: Span; value: string | number; days?: number[]; bound?: "end" | "aside" };

/** A figure or a cell; a figure read from an answer table's cell carries the unit its column header names. */
export type Target = { start: number; end: number; unit?: string };
