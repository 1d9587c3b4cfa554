/** A checked figure's sources as the product shows them, and the rows a source's link opens (rowsOf). */
import type { FigureSource, RowFilters } from "../../core/figures.ts";
import { contextLabel, isAccount, isoOf, merchantSpelling, nameOf, type Lexicon } from "../context.ts";
import type { SourceFigure } from "../collect.ts";
import { UNCATEGORISED } from "../../ledger/schema.ts";

export const round = (x: number) => Math.round(x * 100) / 100;

/** Stored sources, made once per figure of the turn (an answer names the same ones again and again). */
export const sources = new WeakMap<SourceFigure, FigureSource>();

/** The stored source of a figure: where it stood, what it is about, and the rows behind it. */
export function source(f: SourceFigure, lexicon: Lexicon): FigureSource {
  let s = sources.get(f);
  if (!s) sources.set(f, (s = makeSource(f, lexicon)));
  return s;
}

function makeSource(f: SourceFigure, lexicon: Lexicon): FigureSource {
  const about = contextLabel(f.ctx);
  const rows = rowsOf(f, lexicon);
  // Set field by field (not spread from empty objects: this runs for every source of every answer's figure).
  const s: FigureSource = { tool: f.tool, callId: f.callId, where: f.where, value: f.value, text: f.text };
  if (about) s.about = about;
  if (f.turn) s.turn = f.turn;
  if (rows) s.rows = rows;
  return s;
}

/**
 * The Transactions page's filters for the rows behind a figure (SPEC §11.1): its period (one),
 * category (one), merchant or account (one), the call's search, its currency. None for a
 * calculation's result or a figure about several periods at once (a comparison's change).
 */
function rowsOf(f: SourceFigure, lexicon: Lexicon): RowFilters | undefined {
  // Rows the call selected by amount bounds, weekdays or exclusions are fewer than the page's link would show.
  // An approval's outcome says what a change did: the rows it moved are no longer where its words place them.
  if (f.kind === "number" || f.kind === "ratio" || f.noRows || f.beyondFilters || f.outcome || SUBSET_TOOLS.has(f.tool)) return undefined;
  // A recurring series' payments: its merchant's money out in its category over its span, when those rows are all its
  // payments. Its payments are some of its merchant's money out over its span (in any category: one recategorised), so
  // when that is as many rows as its payments, it is they; the rows of its category are they when as many too. A one-off
  // inside (a double charge) or a payment in another category makes them more or fewer: no link.
  if (f.series) {
    const s = f.series;
    const currency = f.currency || f.ctx.currency || f.rowsCurrency;
    const rows: RowFilters = { from: isoOf(s.from), to: isoOf(s.to), category: s.category, merchant: s.merchant, ...(currency ? { currency } : {}), direction: "out" };
    const { category: _category, ...anyCategory } = rows;
    return f.rowCount?.(anyCategory) === f.value && f.rowCount(rows) === f.value ? rows : undefined;
  }
  // One transaction of a listing: that row, by its id with its day, amount and currency (not every row of its day, merchant
  // and category; not another row given its id again after an import was undone).
  if (f.row !== undefined) {
    const day = isoOf(f.row.day);
    return { id: String(f.row.id), from: day, to: day, currency: f.row.currency, amount: f.row.amount.toFixed(2) };
  }
  const c = f.ctx;
  // The page selects no weekday: Fridays' spending is no set of its rows (QA: it linked to all the category's rows).
  if (c.weekdays?.length) return undefined;
  const periods = f.rowsPeriods ?? c.periods;
  if (periods && periods.length > 1) return undefined;
  const rows: RowFilters = {};
  const p = periods?.[0];
  if (p) {
    rows.from = isoOf(p.from);
    rows.to = isoOf(p.to);
  }
  if (c.categories?.length === 1) rows.category = c.categories[0];
  const name = c.names?.length === 1 ? c.names[0]! : undefined;
  if (name) {
    if (isAccount(lexicon, name)) rows.account = name;
    // A name the call's search stands for is what the search found, not a merchant filter: "spotify" found the EUR row
    // of "Spotify AB · PayPal" too, which merchant=Spotify leaves out (QA: a grounded figure linked to no rows). A name the
    // figure's own clause gives is one merchant among what the search found: "Migros (287)" of "migros" is merchant=Migros
    // with q=migros, not all 322 rows the search found (review of 179f9e6).
    else if (f.search !== undefined && !f.namedHere && (f.search === name || nameOf(lexicon, f.search) === name)) rows.q = f.search;
    // As the result spells it: the tools group merchants as stored ("Migros" and "MIGROS" are two lines), as the page opens
    // them; a figure whose spelling is not known, or one the page cannot tell apart, has no link rather than another's rows.
    else {
      const merchant = merchantSpelling(lexicon, name, f.spelledIn);
      if (merchant === undefined) return undefined;
      rows.merchant = merchant;
    }
  }
  if (f.search && !rows.q) rows.q = f.search;
  // A figure of no category, merchant, account or search is about all rows of its period only where the tool counts
  // rows (coverage, a listing); elsewhere it is about all spending (a month's spending, a chart's series), which
  // the page's filters cannot select: its rows would add up to something else (QA: 921 transactions → 996 rows).
  if (!rows.category && !rows.merchant && !rows.account && !rows.q && !ALL_ROWS_TOOLS.has(f.tool)) return undefined;
  const currency = f.currency || c.currency || f.rowsCurrency;
  if (currency) rows.currency = currency;
  // A call of money out (or in) only counted and added up those rows (QA: 2'345 payments out linked to all 2'423 rows);
  // a spending tool's Uncategorised spending is its money out (SPEC §1: its money in is no refund but unclassified).
  if (f.direction) rows.direction = f.direction;
  else if (rows.category === UNCATEGORISED && SPENDING_TOOLS.has(f.tool)) rows.direction = "out";
  if (!Object.keys(rows).length) return undefined;
  // A spending tool's merchant or account of no category counts its spending-category rows only (not CSS's reimbursements).
  return f.spendingRows && SPENDING_TOOLS.has(f.tool) && rows.category === undefined ? (f.spendingRows(rows) ?? undefined) : rows;
}

/** Tools whose figures are about rows the page's filters cannot pick out (those to review: unsure, unclassified). */
const SUBSET_TOOLS = new Set(["review_transactions"]);

/** Tools whose figures of a category are its spending (SPEC §1), not all its rows. */
/** The tools whose amounts are spending (net of refunds). */
export const SPENDING_TOOLS = new Set(["spending_by_category", "spending_breakdown", "monthly_trend", "budget_status", "merchant_breakdown", "compare_periods"]);

/** Tools whose figures without a category, merchant or search are about every row of their period. */
const ALL_ROWS_TOOLS = new Set(["data_coverage", "list_transactions"]);

/** Constants a calculation may use besides figures of the turn: the days, weeks or months of a period, 100 for a percentage. */
export const MAX_CONSTANT = 366;
