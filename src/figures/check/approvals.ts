/** Budgets an approval set in this turn, and the amounts they made: the figures of an approval's outcome. */
import type { AnswerFigure } from "../../core/figures.ts";
import type { SourceFigure } from "../collect.ts";
import type { ReadFigure } from "../read.ts";
import type { FigureIndex } from "./figure-types.ts";
import { intervalOf } from "./search.ts";
import { source, sources } from "./sources.ts";

/** The budgets of a budget_status call with every budget approved in this turn in place: the budgets as they are now. */
type Approved = { old: SourceFigure; items: SourceFigure[]; total: number };

const approvals = new WeakMap<FigureIndex, Approved[]>();

/** A result figure's label: the last part of where it stood ("Total budget", "budget", "was"). */
const labelOf = (s: SourceFigure) => s.where.slice(s.where.lastIndexOf(" · ") + 3).trim();

/**
 * The budgets of each budget_status call of the turn with every approval of this turn in place (each outcome's "now" for
 * its "was"), when that call's budgets add up to its "Total budget" (the list is whole) and each approved category is one
 * of them at its old amount: with two approvals, only the total with both. Made once per index.
 */
function approvedBudgets(index: FigureIndex): Approved[] {
  let out = approvals.get(index);
  if (out) return out;
  out = [];
  const all = amountsSeen(index);
  const changes = budgetChanges(all);
  for (const old of changes.length ? all : []) {
    if (old.outcome || old.tool !== "budget_status" || !/^total budget$/i.test(labelOf(old))) continue;
    const budgets = all.filter((s) => s.callId === old.callId && !s.outcome && !s.change && s.currency === old.currency && labelOf(s) === "budget" && s.ctx.categories?.length === 1 && samePeriods(s, old)).sort((a, b) => a.clause - b.clause);
    const sum = budgets.reduce((t, s) => t + Math.abs(s.value), 0);
    if (Math.abs(sum - Math.abs(old.value)) > 0.005) continue;
    // Every approval of the turn in place, each its category's one budget at its old amount, or no total of this call.
    const items = budgets.slice();
    let total = sum;
    const whole = changes.every(({ was, now }) => {
      const at = budgets.flatMap((s, i) => (s.ctx.categories![0] === was.ctx.categories![0] ? [i] : []));
      if (was.currency !== old.currency || at.length !== 1 || Math.abs(Math.abs(budgets[at[0]!]!.value) - Math.abs(was.value)) >= 0.005 || items[at[0]!] !== budgets[at[0]!]) return false;
      items[at[0]!] = now;
      total += Math.abs(now.value) - Math.abs(was.value);
      return true;
    });
    if (whole) out.push({ old, items, total });
  }
  approvals.set(index, out);
  return out;
}

/** The amounts the model read. */
const amountsSeen = (index: FigureIndex) => index.seen.flatMap((g) => (g.kind === "money" ? g.flat : []));

/** The budgets an approval of this turn changed: each outcome's "was" and its "now". */
function budgetChanges(all: readonly SourceFigure[]): { was: SourceFigure; now: SourceFigure }[] {
  const outcomes = all.filter((s) => s.outcome && s.ctx.categories?.length === 1);
  const changes: { was: SourceFigure; now: SourceFigure }[] = [];
  for (const was of outcomes) {
    if (labelOf(was) !== "was") continue;
    const now = outcomes.find((s) => s !== was && s.callId === was.callId && s.currency === was.currency && s.ctx.categories![0] === was.ctx.categories![0] && /\bnow$/i.test(labelOf(s)));
    if (now) changes.push({ was, now });
  }
  return changes;
}

/**
 * Per budget_status call that still shows a budget an approval of this turn changed (its line at the "was" amount: the
 * call came before the change), the categories changed: that call's percentages of them, and of all budgets, are of the
 * old budgets. Made once per index.
 */
const oldBudgets = new WeakMap<FigureIndex, Map<string, Set<string>>>();
function callsOfOldBudgets(index: FigureIndex): Map<string, Set<string>> {
  let out = oldBudgets.get(index);
  if (out) return out;
  out = new Map();
  const all = amountsSeen(index);
  for (const { was } of budgetChanges(all)) {
    const category = was.ctx.categories![0]!;
    for (const s of all) {
      if (s.outcome || s.tool !== "budget_status" || labelOf(s) !== "budget" || s.ctx.categories?.[0] !== category || Math.abs(Math.abs(s.value) - Math.abs(was.value)) >= 0.005) continue;
      const changed = out.get(s.callId) ?? new Set<string>();
      out.set(s.callId, changed.add(category));
    }
  }
  oldBudgets.set(index, out);
  return out;
}

/** Words before a figure in its sentence that say it is against the budgets after the change ("against the new limit", "would have used"). */
const AGAINST_NEW = /\b(?:new|would)\b/i;
/** Words that say it is against the budgets before the change. */
const AGAINST_OLD = /\b(?:before|was|were|had|then|previous(?:ly)?|old|original(?:ly)?|instead\s+of|rather\s+than)\b/i;

/**
 * A percentage said of the budgets after a change made in this turn ("Against the new limit the month would have been at
 * 87.7 % of the budgets") is not the one budget_status gave before it: found only there, it is not found (`before`: its
 * sentence before it; `after`: the text after it). A category's
 * percentage when that budget changed; the month's over all budgets when any did.
 */
export function ofNewBudgets(index: FigureIndex, checked: AnswerFigure, before: string, after: string): AnswerFigure {
  // Its own clause may say it is the old one after it ("… at 116.4 % rather than the 145.5 % it was").
  const own = after.slice(0, after.search(/[,;.]|$/));
  if (checked.status !== "grounded" || !AGAINST_NEW.test(before) || AGAINST_OLD.test(before) || AGAINST_OLD.test(own)) return checked;
  const calls = callsOfOldBudgets(index);
  if (!calls.size) return checked;
  const stale = (x: AnswerFigure["sources"][number]) => {
    const changed = x.tool === "budget_status" ? calls.get(x.callId) : undefined;
    if (!changed) return false;
    const figure = index.groups.flatMap((g) => (g.kind === "percent" ? g.flat : [])).find((s) => sources.get(s) === x);
    const category = figure?.ctx.categories;
    return !!figure && (!category?.length || category.some((c) => changed.has(c)));
  };
  return checked.sources.every(stale) ? { ...checked, status: "ungrounded", sources: [] } : checked;
}

/** Two figures of one call about the same periods (a budget line and the total of its month). */
const samePeriods = (a: SourceFigure, b: SourceFigure) => JSON.stringify(a.ctx.periods ?? null) === JSON.stringify(b.ctx.periods ?? null);

/** Words before an amount in its sentence that say it is the budgets as they are after the change. */
const AS_NOW = /\b(?:now|new|after|from\s+now\s+on|updated|would|will)\b/i;

/** Words that say it is the budgets as they were, or spending: "before", "was", "spent … against … budgeted". */
const AS_BEFORE = /\b(?:before|was|were|previous(?:ly)?|old|earlier|spen[dt]|spending|against|used|of\s+the)\b/i;

const AS_BEFORE_AFTER = /^\s*(?:budgeted|spent|before|earlier|previously|in\s+spending)\b/i;

/**
 * The budgets' total after the budgets approved in this turn ("the Groceries budget is now CHF 1'700.00 (was CHF
 * 1'500.00)" beside a month's budgets of CHF 4'100.00: "your budgets now total CHF 4'300.00"): the sum of the call's
 * budgets with every approved one's new amount, only when its sentence says it is the budgets as they are now (now, new,
 * after, would) and nothing before it says it is as they were or spending. One sum per call: no search.
 */
export function approvedTotal(index: FigureIndex, f: ReadFigure, before: string, after: string): AnswerFigure | null {
  if (f.kind !== "money" || !AS_NOW.test(before) || AS_BEFORE.test(before) || AS_BEFORE_AFTER.test(after)) return null;
  const r = intervalOf(f);
  for (const a of approvedBudgets(index)) {
    if (ofCurrencyOf(f, a.old.currency) && a.total >= r.lo && a.total <= r.hi) return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "sum", sources: a.items.map((s) => source(s, index.lexicon)) };
  }
  return null;
}

const ofCurrencyOf = (f: ReadFigure, currency: string) => !f.currency || !currency || f.currency === currency;

/** Per index, the amounts the model read, by name or category and value in cents ("Spotify|2195"). */
const readAmounts = new WeakMap<FigureIndex, Set<string>>();

/** Whether the model read an amount of the same thing and value as a figure it did not see (a table's cell beside its summary). */
export function readAlso(index: FigureIndex, x: SourceFigure): boolean {
  let read = readAmounts.get(index);
  if (!read) {
    readAmounts.set(index, (read = new Set()));
    for (const g of index.seen) {
      if (g.kind !== "money") continue;
      for (const y of g.flat) for (const n of [...(y.ctx.names ?? []), ...(y.ctx.categories ?? [])]) read.add(`${n}|${Math.round(Math.abs(y.value) * 100)}`);
    }
  }
  const cents = Math.round(Math.abs(x.value) * 100);
  const about = [...(x.ctx.names ?? []), ...(x.ctx.categories ?? [])];
  return about.length > 0 && about.every((n) => read.has(`${n}|${cents}`));
}
