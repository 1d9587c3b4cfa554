/** Whether what an answer says of a figure contradicts what a source figure is about (SPEC §11.1). */
import { daysInMonth } from "../../ledger/calendar.ts";
import { UNCATEGORISED } from "../../ledger/schema.ts";
import { foldName } from "./lexicon.ts";
import { covers, monthOf, oneMonth, overlaps, withinYear } from "./spans.ts";
import { EVERY_SPENDING_CATEGORY, type FigureContext, type Span } from "./types.ts";
import { unitsAgree } from "./units.ts";

/** Names agree when one contains the other as whole words ("Migros" and "Migros Restaurant"), case, accents and umlaut spellings aside. */
function sameName(x: string, y: string): boolean {
  if (x === y) return true;
  const a = foldName(x);
  const b = foldName(y);
  if (a === b) return true;
  const [s, l] = a.length < b.length ? [a, b] : [b, a];
  if (!s) return ` ${l} `.includes(` ${s} `);
  // ` ${l} `.includes(` ${s} `) without the two strings it makes: s in l, at a word's start and end (this runs for every
  // name of every candidate source of every figure of an answer).
  for (let at = l.indexOf(s); at >= 0; at = l.indexOf(s, at + 1)) {
    const end = at + s.length;
    if ((at === 0 || l.charCodeAt(at - 1) === 32) && (end === l.length || l.charCodeAt(end) === 32)) return true;
  }
  return false;
}

/**
 * Whether what the answer says of a figure (`said`) contradicts what a source figure is about
 * (`about`) on any dimension: period or month, weekday, category, merchant or account,
 * currency, rate, direction, measure. Not when they agree or either side is silent.
 */
export function contradicts(said: FigureContext, about: FigureContext): boolean {
  if (said.currency && about.currency && said.currency !== about.currency) return true;
  if (said.per && about.per && said.per !== about.per) return true;
  if (said.sign && about.sign && said.sign !== about.sign) return true;
  if (said.measure && about.measure && said.measure !== about.measure) return true;
  if (said.budget && about.budget && said.budget !== about.budget) return true;
  if (said.unit && about.unit && !unitsAgree(said.unit, about.unit)) return true;
  if (said.categories && about.categories && !shareOne(said.categories, about.categories) && !ofAllSpending(said, about.categories)) return true;
  if (said.periods && about.periods) {
    if (!anyOverlap(said.periods, about.periods) || yearOfAStraddle(said, about)) return true;
  } else if (said.month && about.periods && about.periods.every(withinYear) && !about.periods.some((q) => covers(q, said.month!))) return true;
  if (said.weekdays && about.weekdays && !shareOne(said.weekdays, about.weekdays)) return true;
  return !!(said.names && about.names && !anySameName(said.names, about.names));
}

/**
 * Whether the answer says a figure is about a part of the one period a source figure is about: "CHF 2'983.10 in
 * September alone" of the quarter's total, "September's 207 purchases" of the year's count. The whole period's figure is
 * not the part's, though the periods overlap. A month named without its year is a part of any longer span holding it; a
 * period named (a month, a quarter: four weeks or more) is a part of a strictly longer one of at most a year (not of all
 * dates, which a search reports whatever the rows' dates), both in whole months (a total's period, not the days a price
 * was in force). Not for rates, averages and typical amounts, which say nothing of the length of the period they were
 * taken over.
 */
export function saidOfAPart(said: FigureContext, about: FigureContext): boolean {
  if (said.bound || said.per || said.measure || about.per || about.measure) return false;
  const spans = about.periods;
  if (!spans?.length) return false;
  // A total's period is whole months (a call's, a summary's quarter or year); a price is in force from one day to another.
  for (const s of spans) if (s.to - s.from >= 10000 || oneMonth(s) || s.from % 100 !== 1 || s.to % 100 !== daysInMonth(Math.floor(s.to / 10000), monthOf({ from: s.to, to: s.to }))) return false;
  if (said.month !== undefined && !said.periods) {
    for (const s of spans) if (!covers(s, said.month)) return false;
    return true;
  }
  const p = said.periods?.length === 1 ? said.periods[0]! : null;
  if (!p || p.to - p.from < 27 || p.to - p.from > 300) return false;
  for (const s of spans) if (!(s.from <= p.from && p.to <= s.to) || (s.from === p.from && s.to === p.to)) return false;
  return true;
}

/**
 * Whether a clause's categories may be said of the spending of every category at once: when it writes the figure as the
 * whole spending ("Housing and groceries drove your spending of …"), or names Income only, no spending category ("spending
 * was 86.3% of income": which way the money went is the flow's to tell, as before rev-uqa6 #2).
 */
function ofAllSpending(said: FigureContext, about: readonly string[]): boolean {
  if (about[0] !== EVERY_SPENDING_CATEGORY) return false;
  return !!said.wholeSpending || said.categories!.every((c) => c.toLowerCase() === "income");
}

/** A source about the rows not classified yet (Uncategorised): the category is unknown, not another one. */
export const unclassified = (about: FigureContext) => about.categories?.length === 1 && about.categories[0] === UNCATEGORISED;

// Plain loops, no closures: `contradicts` runs for every candidate source of every figure of an answer.
function shareOne<T>(a: readonly T[], b: readonly T[]): boolean {
  for (const x of a) if (b.includes(x)) return true;
  return false;
}
/**
 * Whether a total is said of one calendar year ("In 2025 …") while its source is a period that reaches into the year
 * and out of it (Jul 2024 – Jun 2025, the data's last twelve months): that total is not the year's (uqa6 #2). When the
 * source states its rows' days (a search) and they all lie inside the year, it is the year's total (rev-uqa6 #3). A year range written in the clause ("2024–2025") is no one year. Not for rates, averages
 * and bounds, which say nothing of the length of the period they were taken over.
 */
function yearOfAStraddle(said: FigureContext, about: FigureContext): boolean {
  if (said.bound || said.per || said.measure || said.periods?.length !== 1) return false;
  const y = said.periods[0]!;
  if (y.from % 10000 !== 101 || y.to !== y.from + 1130) return false;
  // Its rows' own days when the source states them: a search over Nov 2024 – Oct 2025 whose rows all lie in 2025 is
  // 2025's total (rev-uqa6 #3).
  if (about.rowDays && y.from <= about.rowDays.from && about.rowDays.to <= y.to) return false;
  const meeting = about.periods!.filter((q) => overlaps(y, q));
  return meeting.length > 0 && meeting.every((q) => (q.from < y.from && q.to < y.to) || (q.from > y.from && q.to > y.to));
}
function anyOverlap(a: readonly Span[], b: readonly Span[]): boolean {
  for (const p of a) for (const q of b) if (overlaps(p, q)) return true;
  return false;
}
function anySameName(a: readonly string[], b: readonly string[]): boolean {
  for (const n of a) for (const m of b) if (sameName(n, m)) return true;
  return false;
}

/** Whether a source figure is about one of the categories, names or weekdays a clause mentions. */
export function isNamedIn(subjects: readonly string[], about: FigureContext): boolean {
  if (!subjects.length) return false;
  // Its categories, then its names (plain loops: this runs for every candidate source of a derivation).
  for (const mine of [about.categories, about.names]) {
    if (mine) for (const x of mine) for (const s of subjects) if (sameName(s, x)) return true;
  }
  return about.weekdays?.length === 1 && subjects.includes(String(about.weekdays[0])) ? true : false;
}
