/** The figures of a text read together with what each is about (the rules are context.ts's comment). */
import { withAliases } from "./aliases.ts";
import { attach } from "./attach.ts";
import { clauseBefore, clauseEnds, sentenceStart, tableCells } from "./clauses.ts";
import { setDim } from "./dims.ts";
import { ACTION, ACTION_ALL, AGE_AFTER, BLACK_AFTER, BLACK_BEFORE, BUDGET_WORDS, BUDGET_WORDS_ANYWHERE, CHANGE_WORDS, COUNT_OF_BEFORE, DIRECTION_WORDS, DOWN, DOWN_AFTER, ITEM_NUMBERS, ITEMS_BEFORE, ITEMS_DOWN, ITEMS_UP, MEASURE_AFTER, MEASURE_BEFORE, MEASURE_WORDS, MEASURES, NAMED_AFTER_COUNT, NET_AFTER, NET_BEFORE, OF_COUNTS_AFTER, OTHER_VERB, EARNED_BEFORE, OVER_BUDGET_AFTER, OVERSPENT_AFTER, OWN_VERB_AFTER, PER_ITEM_AFTER, RATE_AFTER, RATE_BEFORE, RATE_NEAR_AFTER, RATE_NEAR_BEFORE, RATE_WORDS, RATES, RED_AFTER, RED_BEFORE, SHARED_RATE, TOTAL_AFTER, TOTAL_BEFORE, TOTAL_WORDS, UNDER_BUDGET_AFTER, UP, UP_AFTER } from "./figure-words.ts";
import type { Lexicon } from "./lexicon.ts";
import { mentionsOf } from "./mentions.ts";
import { namesOf } from "./names.ts";
import { attachRow } from "./table-row.ts";
import type { FigureContext, Mention, Target, Years } from "./types.ts";
import { unitAfter } from "./units.ts";

/** The figures of a text read together with what each is about; numbers that are part of a name ("Visa 4417") are no figures. */
/**
 * `answer`: the text is a model's answer, whose writer may name things the data has no name for
 * ("the tax office", "other costs"): such a subject is none of the clause's. A tool's summary
 * names things by the data's names only. `years`: what "this year" and "last year" are about, and the year of a quarter or
 * a range of months written without one (Years).
 */
export function readInContext<F extends Target>(text: string, read: readonly F[], lex: Lexicon, opts: { answer?: boolean; years?: Years } = {}): { figures: F[]; contexts: FigureContext[] } {
  // A text with no figure (prose, or only dates and years) has no context to read: its names and mentions are not looked
  // for. Most paragraphs of an answer are such, and each is checked as it ends (a prose paragraph: ~12 µs → ~1 µs).
  if (!read.length) return { figures: [], contexts: [] };
  const names = opts.answer ? withAliases(text, namesOf(text, lex)) : namesOf(text, lex);
  const figures = read.filter((f) => !names.some((n) => f.start >= n.start && f.end <= n.end && n.end - n.start > f.end - f.start));
  return { figures, contexts: contextsOf(text, figures, names, opts.answer ?? false, opts.years) };
}

/** The context of each figure of `text` (same order as `figures`), from the mentions around it. */
const tableRow = /^\s*\|/;

/** Words that deny what follows them: "counted neither as spending nor as income", "isn't counted as income", "none in 2024". */
const NEGATED = /\b(?:neither|nor|not|no|none|nothing|never|\w+n['’]t)(?:\s+(?:counted\s+)?(?:as|in|for|during))?\s+$/i;

/** A white space character as \s reads it. */
const isSpace = (c: number) => (c >= 9 && c <= 13) || c === 32 || c === 160 || c === 5760 || (c >= 8192 && c <= 8202) || c === 8232 || c === 8233 || c === 8239 || c === 8287 || c === 12288 || c === 65279;

/**
 * Whether `before` may end as COUNT_OF_BEFORE needs (its last word before the spaces "of", "at", "about", "around",
 * "roughly", "some" or "~"): a look at one character before the expression, which runs for every figure.
 */
function endsLikeCountOf(before: string): boolean {
  let i = before.length - 1;
  while (i >= 0 && isSpace(before.charCodeAt(i))) i--;
  if (i < 0) return false;
  const c = before.charCodeAt(i) | 32;
  return c === 102 || c === 116 || c === 100 || c === 121 || c === 101 || c === 126;
}

/** What NEGATED needs somewhere in the text (without its word boundary, which a cut of the text may make up). */
const MAY_NEGATE = /(?:neither|nor|not|no|none|nothing|never|n['’]t)\s/i;

function contextsOf(text: string, figures: readonly Target[], names: Mention[], answer: boolean, years?: Years): FigureContext[] {
  // A mention denied is no mention: "(…, counted neither as spending nor as income): CHF 670.58" is not about Income.
  const all = mentionsOf(text, figures, names, true, years);
  const mentions = MAY_NEGATE.test(text) ? all.filter((m) => !NEGATED.test(text.slice(Math.max(0, m.start - 30), m.start))) : all;
  const actions = ACTION.test(text);
  const out: FigureContext[] = figures.map(() => ({}));
  if (!figures.length) return out;
  let header: Target[] | null = null;
  let clauseStart = 0;
  let fi = 0;
  let mi = 0;
  for (const end of clauseEnds(text, figures)) {
    const inClause: number[] = [];
    while (fi < figures.length && figures[fi]!.start < end) inClause.push(fi++);
    // The clause's mentions: the sorted mentions from where the last clause's stopped.
    while (mi < mentions.length && mentions[mi]!.start < clauseStart) mi++;
    let me = mi;
    while (me < mentions.length && mentions[me]!.end <= end) me++;
    if (!inClause.length && !tableRow.test(text.slice(clauseStart, Math.min(end, clauseStart + 8)))) {
      header = null;
      clauseStart = end + 1;
      continue;
    }
    const cells = tableCells(text, clauseStart, end);
    if (cells) {
      // A table's first row is its header: its cells name what the columns below hold.
      if (!header) header = cells;
      else if (!/^[\s|:-]+$/.test(text.slice(clauseStart, end))) attachRow(text, figures, inClause, mentions, cells, header, out);
    } else {
      header = null;
      if (inClause.length) attach(text, figures, inClause, mentions.slice(mi, me), clauseStart, end, out, answer);
    }
    clauseStart = end + 1;
  }
  // Each family of words below is looked for near a figure only when the text has one of them at all (this runs for every figure).
  const lower = text.toLowerCase();
  const rates = RATE_WORDS.test(lower);
  const measures = MEASURE_WORDS.test(lower);
  const directions = DIRECTION_WORDS.test(lower);
  const budgets = BUDGET_WORDS_ANYWHERE.test(lower);
  const changes = answer && CHANGE_WORDS.test(text);
  const totals = answer && TOTAL_WORDS.test(lower);
  /** Whether a period or month is set off by a comma at all (what opens a sentence, "In April, …"). */
  const openers = answer && mentions.some((m) => (m.dim === "period" || m.dim === "month") && text.charCodeAt(m.end) === 44);
  figures.forEach((f, i) => {
    const before = text.slice(Math.max(0, f.start - 40), f.start);
    const after = text.slice(f.end, f.end + 24);
    const near = rates || measures || directions ? `${before} ${after}`.toLowerCase() : "";
    /** The figure's clause before it, cut once (up to five of the looks below read it). */
    let cut: string | undefined;
    const ownClause = () => (cut ??= clauseBefore(text, f.start));
    const overspent = () => OVERSPENT_AFTER.test(text.slice(f.end, f.end + 60)) && !EARNED_BEFORE.test(ownClause());
    if (rates && RATE_WORDS.test(near)) {
      const rate = RATE_AFTER.exec(after) ?? RATE_BEFORE.exec(before);
      if (rate) out[i]!.per = RATES[(rate[1] ?? rate[2])!.toLowerCase()];
    }
    if (rates && !out[i]!.per && (after.startsWith(" and ") || after.startsWith(" or "))) {
      // "about CHF 150.67 and EUR 9.20 a day": the rate after the second of two figures is the first's too.
      const shared = SHARED_RATE.exec(text.slice(f.end, f.end + 48));
      if (shared) out[i]!.per = RATES[shared[1]!.toLowerCase()];
    }
    if (rates && !out[i]!.per) {
      const near = RATE_WORDS.test(after) ? RATE_NEAR_AFTER.exec(after) : null;
      const clause = near ? "" : ownClause();
      const rate = near ?? (RATE_WORDS.test(clause) ? RATE_NEAR_BEFORE.exec(clause) : null);
      if (rate) out[i]!.perNear = RATES[(rate[1] ?? rate[2])!.toLowerCase()];
    }
    const c = after.charCodeAt(0) === 32 ? after.charCodeAt(1) | 32 : 0;
    // "each", "apiece", "a …", "an …", "per …": the first letter is a, e or p.
    if (c === 97 || c === 101 || c === 112) {
      const item = PER_ITEM_AFTER.exec(after);
      if (item && !RATES[item[1]?.toLowerCase() ?? ""]) out[i]!.perItem = true;
    }
    if (!out[i]!.perItem && endsLikeCountOf(before) && COUNT_OF_BEFORE.test(before)) out[i]!.perItem = true;
    if (budgets && BUDGET_WORDS.test(after)) {
      if (OVER_BUDGET_AFTER.test(after)) out[i]!.budget = "over";
      else if (UNDER_BUDGET_AFTER.test(after)) out[i]!.budget = "under";
    }
    const d = text.charCodeAt(f.start);
    if (d >= 48 && d <= 57) {
      const unit = f.unit ?? unitAfter(text.slice(f.end, f.end + 40));
      if (unit) out[i]!.unit = unit;
      if (unit === "days" && AGE_AFTER.test(after)) ageOf(out[i]!, text, f.start, mentions, answer);
    }
    if (OF_COUNTS_AFTER.test(after)) out[i]!.ofCounts = true;
    if (measures && MEASURE_WORDS.test(near)) {
      const m = MEASURE_BEFORE.exec(before);
      // "the median of 327 earlier payments": a count of things after "median of" / "average of" is how many the measure
      // is over, not a median itself.
      // Not when a name or place follows in its clause ("the median of 460 payments at Coop"): the count keeps the measure
      // (and so is checked as before), since nothing here binds it to that name.
      const over = !!m && out[i]!.unit !== undefined && /\bof\s*:?\s*\(?\s*$/i.test(m[0]) && !NAMED_AFTER_COUNT.test(after);
      const measure = (over ? undefined : m?.[1]) ?? (MEASURE_AFTER.test(after) ? "average" : undefined);
      if (measure) out[i]!.measure = MEASURES[measure.toLowerCase()];
      else if (NET_BEFORE.test(before) || NET_AFTER.test(after)) out[i]!.measure = "net";
      if (RED_AFTER.test(after) || RED_BEFORE.test(before) || overspent()) out[i]!.balance = -1;
      else if (BLACK_AFTER.test(after) || BLACK_BEFORE.test(before)) out[i]!.balance = 1;
    }
    if (directions && DIRECTION_WORDS.test(near)) {
      // "CHF 435.49 more than came in" is a gap below zero (balance), no rise.
      if (UP.test(before) || (UP_AFTER.test(after) && !overspent())) out[i]!.sign = 1;
      else if (DOWN.test(before) || DOWN_AFTER.test(after)) out[i]!.sign = -1;
    }
    if (out[i]!.sign !== undefined || (changes && (CHANGE_WORDS.test(after) || CHANGE_WORDS.test(ownClause())))) out[i]!.changeSaid = true;
    if (openers && !out[i]!.periods && !out[i]!.month) {
      // A period that opens the sentence ("In April, …; you ate out 35 times") is what its later clauses are about too.
      const opened = sentenceOpener(text, f.start, mentions);
      if (opened) setDim(out[i]!, [opened]);
    }
    if (totals && (TOTAL_BEFORE.test(ownClause()) || TOTAL_AFTER.test(after))) out[i]!.total = true;
    // How many things its clause says the figure is of: a count of things (what a run of counts may add up: check.ts
    // countedRun); a total ("those four decreases add up to CHF 1'247.61": a sum of that many); a share ("of the three,
    // Hotelplan alone was 36.6%" in the sentence before it, "72.1% of these six payments" right after: of a whole list of that many).
    const percent = answer && /%|percent/.test(text.slice(f.start, f.end));
    if (answer && (out[i]!.unit || out[i]!.total || percent)) {
      const n = percent ? (ITEMS_BEFORE.exec(text.slice(sentenceStart(text, f.start), f.start)) ?? (/^\s+of\s/.test(after) ? ITEMS_BEFORE.exec(after) : null)) : ITEMS_BEFORE.exec(ownClause());
      if (n) out[i]!.items = n[2] ? 2 : (ITEM_NUMBERS[n[1]!.toLowerCase()] ?? Number(n[1]));
      if (n && ITEMS_UP.test(ownClause())) out[i]!.itemsChange = 1;
      else if (n && ITEMS_DOWN.test(ownClause())) out[i]!.itemsChange = -1;
    }
    if (actions) {
      // The verb of the figure's own part of the clause: "moved CHF 5'500.00 … and invested CHF 4'128.00" — another verb
      // since the figure before is another action (or none).
      // Nor the verb right after the figure before, which is that figure's, when this figure has a verb of its own after it
      // ("CHF 2'310.00 moved to your own accounts and CHF 1'215.00 invested": the investment is no move; "… and CHF
      // 1'215.00 more" shares the verb: review of r4-leadfig).
      const own = ownClause();
      const last = [...own.matchAll(ACTION_ALL)].at(-1);
      const action = last?.[1];
      const since = i > 0 ? text.slice(Math.max(figures[i - 1]!.end, f.start - own.length), f.start) : "";
      const other = i > 0 ? OTHER_VERB.test(since) : false;
      const previous = i > 0 && last !== undefined && f.start - own.length + last.index >= figures[i - 1]!.end && /^\s*(?:(?:was|were|is|are|got|been)\s+)?$/i.test(text.slice(figures[i - 1]!.end, f.start - own.length + last.index));
      const ownAfter = OWN_VERB_AFTER.test(text.slice(f.end, f.end + 40));
      if (action && !other && !(previous && ownAfter)) out[i]!.action = action.toLowerCase();
    }
  });
  return out;
}

/**
 * The day an age in days is of. A tool's age of a span's last row ("from 2024-01-05 to 2026-10-12 (21 days before
 * today)") is of that day, not of the span, so an answer that puts it in another year finds it not. An answer's age keeps
 * the period its own clause names, else takes the day written right before it, only a dash, comma or bracket between
 * ("… to 12 October 2026 — 21 days before today"); not any day its sentence wrote earlier, which may be another row's
 * (review of r4-figctx F4).
 */
function ageOf(ctx: FigureContext, text: string, at: number, mentions: readonly Mention[], answer: boolean): void {
  if (!answer) {
    // The day its clause's spans end last ("2026-01-05 to 2026-10-12, …, gap months 2026-03, last transaction 21 days
    // before today" is of 2026-10-12), not the periods the figure took (a gap month).
    const from = Math.max(text.lastIndexOf(";", at), text.lastIndexOf(". ", at), text.lastIndexOf(": ", at)) + 1;
    const ends = mentions.filter((m) => m.period && m.start >= from && m.end <= at).map((m) => m.period!.to);
    const last = ends.length ? ends.reduce((a, b) => (b > a ? b : a)) : undefined;
    if (last) ctx.periods = [{ from: last, to: last }];
    else if (ctx.periods) ctx.periods = ctx.periods.map((p) => ({ from: p.to, to: p.to }));
    return;
  }
  if (ctx.periods || ctx.month) return;
  const day = mentions.findLast((m) => m.period && m.end <= at);
  if (day && APPOSITION.test(text.slice(day.end, at))) ctx.periods = [day.period!];
}

/** What may stand between a day and the age said of it: "12 October 2026 — 21 days", "12 October 2026, 21 days", "(21 days". */
const APPOSITION = /^\s*[—–,(-]\s*$/;

/** Words before a period that opens a sentence: "In April, …", "During the second quarter, …". */
const OPENER = /^\s*(?:[-*]\s+)?(?:in|during|for|over|throughout|across)\s+(?:the\s+)?$/i;

/** The period or month that opens the sentence of the figure at `at`, set off by a comma ("In April, …"), if any. */
function sentenceOpener(text: string, at: number, mentions: readonly Mention[]): Mention | undefined {
  const start = Math.max(at - 400, sentenceStart(text, at - 1));
  return mentions.find((m) => (m.dim === "period" || m.dim === "month") && m.start >= start && m.start - start < 40 && m.end < at && text[m.end] === "," && OPENER.test(text.slice(start, m.start)));
}
