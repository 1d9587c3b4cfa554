/**
 * An independent oracle for the analysis tools' figures, written straight from SPEC §1
 * ("Number semantics"), §2 and §2.1 plus the product's conventions where the SPEC is silent.
 * It shares no code with src/tools: it loads every row with one plain SQL query and does
 * all filtering and aggregation in TypeScript, written for clarity, not speed.
 *
 * Every function takes the database path and the tool's arguments (SPEC §2 names) and
 * returns plain, UNROUNDED numbers per currency (currencies are never added together).
 *
 * Conventions (the product's decisions where the SPEC is silent):
 * - A date counts only if it is a real calendar day `YYYY-MM-DD`, optionally followed by a
 *   time part after `T` or a space; other rows are left out of every figure (only counted).
 * - NULL category = `Uncategorised`; NULL merchant groups as `(unknown merchant)`.
 * - Category names: union of the categories table and distinct transactions.category values;
 *   trimmed, and names equal ignoring case are one (SPEC §1 hygiene, round 3). Roles case-insensitive: `income` → Income; `transfers`/`investments`
 *   (default) → not spending; everything else → spending.
 * - Main currency of a selection: most rows, ties alphabetical.
 * - Month average over every month of the period inside the data's coverage (first to last
 *   month of well-formed dates in the whole DB); empty months count 0.
 */
import { Database } from "bun:sqlite";

// ---------------------------------------------------------------------------------------
// Loading

export type OracleRow = {
  id: number;
  /** The stored date text. */
  rawDate: string;
  /** `YYYY-MM-DD` (the stored date without its time part). */
  date: string;
  /** `YYYY-MM`. */
  month: string;
  raw_description: string;
  amount: number;
  currency: string;
  /** As stored (may be NULL). */
  merchant_name: string | null;
  /** NULL merchant shown as `(unknown merchant)`. */
  merchant: string;
  /** NULL category read as `Uncategorised`; names folded (hygiene). */
  category: string;
  confidence: number | null;
  source: string | null;
  /** NULL when the database has no account column. */
  account: string | null;
};

export const UNKNOWN_MERCHANT = "(unknown merchant)";
export const DEFAULT_NOT_SPENDING = ["Transfers", "Investments"];

export type OracleOptions = { notSpending?: string[] };

/** A well-formed date: a real calendar day, optionally with a time part after `T` or a space. */
export function wellFormedDate(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/s.exec(text);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1) return null;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const daysIn = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  if (d > daysIn!) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

type Loaded = { rows: OracleRow[]; malformed: number; categoryNames: string[] };

export function load(path: string): Loaded {
  const db = new Database(path, { readonly: true });
  try {
    const cols = (db.query("PRAGMA table_info(transactions)").all() as { name: string }[]).map((c) => c.name);
    const conf = cols.includes("confidence") ? "confidence" : "NULL AS confidence";
    const source = cols.includes("source") ? "source" : "NULL AS source";
    const account = cols.includes("account") ? "account" : "NULL AS account";
    const raw = db
      .query(`SELECT id, date, raw_description, amount, currency, merchant_name, category, ${conf}, ${source}, ${account} FROM transactions ORDER BY id`)
      .all() as {
      id: number;
      date: string;
      raw_description: string;
      amount: number;
      currency: string;
      merchant_name: string | null;
      category: string | null;
      confidence: number | null;
      source: string | null;
      account: string | null;
    }[];
    // Hygiene (SPEC §1, round 3): currency codes trimmed and upper-cased; category names trimmed and
    // names equal ignoring case are one category, spelt as the categories table spells it, else as
    // most rows spell it (ties: the spelling seen first in id order); a blank merchant is unknown.
    const hasCategories = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'categories'").get();
    const tableNames = hasCategories ? (db.query("SELECT name FROM categories ORDER BY name").all() as { name: string }[]).map((c) => c.name.trim()) : [];
    const key = (name: string) => name.trim().normalize("NFC").toLowerCase();
    const spelling = new Map<string, string>();
    for (const n of tableNames) if (!spelling.has(key(n))) spelling.set(key(n), n);
    const counts = new Map<string, Map<string, number>>(); // folded → spelling → rows (well-formed dates only)
    for (const r of raw) {
      if (wellFormedDate(String(r.date)) === null) continue;
      const c = (r.category ?? "").trim() || "Uncategorised";
      const per = counts.get(key(c)) ?? new Map<string, number>();
      per.set(c, (per.get(c) ?? 0) + 1);
      counts.set(key(c), per);
    }
    for (const [k, per] of counts) {
      if (spelling.has(k)) continue;
      let best = "";
      let most = -1;
      for (const [name, n] of per) if (n > most) [best, most] = [name, n];
      spelling.set(k, best);
    }
    const categoryOf = (c: string | null) => spelling.get(key((c ?? "").trim() || "Uncategorised"))!;
    const rows: OracleRow[] = [];
    let malformed = 0;
    for (const r of raw) {
      const date = wellFormedDate(String(r.date));
      if (date === null) {
        malformed++;
        continue;
      }
      const merchant = r.merchant_name !== null && r.merchant_name.trim() !== "" ? r.merchant_name : null;
      rows.push({
        id: r.id,
        rawDate: r.date,
        date,
        month: date.slice(0, 7),
        raw_description: r.raw_description,
        amount: r.amount,
        currency: String(r.currency).trim().toUpperCase(),
        merchant_name: merchant,
        merchant: merchant ?? UNKNOWN_MERCHANT,
        category: categoryOf(r.category),
        confidence: r.confidence,
        source: r.source,
        account: r.account,
      });
    }
    const names = new Set<string>(spelling.values());
    return { rows, malformed, categoryNames: [...names].sort() };
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------
// Roles, categories, periods, helpers

export type Role = "income" | "notSpending" | "spending";

export function roleOf(category: string, opts: OracleOptions = {}): Role {
  const lower = category.toLowerCase();
  if (lower === "income") return "income";
  const ns = (opts.notSpending ?? DEFAULT_NOT_SPENDING).map((n) => n.toLowerCase());
  if (ns.includes(lower)) return "notSpending";
  return "spending";
}

/**
 * SPEC §1 (round 4): money in on an Uncategorised row is "unclassified money in", reported apart:
 * it is in no category's figure (neither spending nor income).
 */
export function unclassifiedIn(r: OracleRow): boolean {
  return r.category.toLowerCase() === "uncategorised" && r.amount > 0;
}

/** A row that counts in spending: a spending category's row, except unclassified money in. */
function isSpending(r: OracleRow, opts: OracleOptions): boolean {
  return roleOf(r.category, opts) === "spending" && !unclassifiedIn(r);
}

/** The subject category's flow sign: money in for Income, money out otherwise. */
function flow(category: string, amount: number, opts: OracleOptions): number {
  return roleOf(category, opts) === "income" ? amount : -amount;
}

/** SPEC §1: the exact name first; else a case-insensitive match if exactly one fits; else error. */
export function resolveCategory(names: string[], requested: string): string {
  if (names.includes(requested)) return requested;
  const fits = names.filter((n) => n.toLowerCase() === requested.toLowerCase());
  if (fits.length === 1) return fits[0]!;
  throw new Error(`Unknown or ambiguous category "${requested}". Valid: ${names.join(", ")}`);
}

export type PeriodArgs = { year?: number; month?: number; from?: string; to?: string };
export type CommonArgs = PeriodArgs & { currency?: string };

type Bounds = { from: string | null; to: string | null; label: string };

const pad2 = (n: number) => String(n).padStart(2, "0");

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function periodBounds(p: PeriodArgs): Bounds {
  const hasYM = p.year !== undefined || p.month !== undefined;
  const hasFT = p.from !== undefined || p.to !== undefined;
  if (hasYM && hasFT) throw new Error("year/month cannot be combined with from/to");
  if (p.month !== undefined && p.year === undefined) throw new Error("month needs year");
  if (p.year !== undefined) {
    if (p.month !== undefined) {
      const m = pad2(p.month);
      return { from: `${p.year}-${m}-01`, to: `${p.year}-${m}-${pad2(daysInMonth(p.year, p.month))}`, label: `${p.year}-${m}` };
    }
    return { from: `${p.year}-01-01`, to: `${p.year}-12-31`, label: String(p.year) };
  }
  return { from: p.from ?? null, to: p.to ?? null, label: `${p.from ?? ""}…${p.to ?? ""}` };
}

function inBounds(r: OracleRow, b: Bounds): boolean {
  return (b.from === null || r.date >= b.from) && (b.to === null || r.date <= b.to);
}

function nextMonth(m: string): string {
  let y = Number(m.slice(0, 4));
  let mo = Number(m.slice(5, 7)) + 1;
  if (mo === 13) {
    y++;
    mo = 1;
  }
  return `${y}-${pad2(mo)}`;
}

export function coverage(rows: OracleRow[]): { first: string; last: string } | null {
  if (rows.length === 0) return null;
  let first = rows[0]!.month;
  let last = rows[0]!.month;
  for (const r of rows) {
    if (r.month < first) first = r.month;
    if (r.month > last) last = r.month;
  }
  return { first, last };
}

/** Every month of the period that lies inside the data's coverage, ascending. */
function periodMonths(all: OracleRow[], b: Bounds): string[] {
  const cov = coverage(all);
  if (!cov) return [];
  let start = b.from ? b.from.slice(0, 7) : cov.first;
  let end = b.to ? b.to.slice(0, 7) : cov.last;
  if (start < cov.first) start = cov.first;
  if (end > cov.last) end = cov.last;
  const out: string[] = [];
  for (let m = start; m <= end; m = nextMonth(m)) out.push(m);
  return out;
}

function sum(xs: number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}

function groupBy<T>(xs: T[], key: (x: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of xs) {
    const k = key(x);
    const list = m.get(k);
    if (list) list.push(x);
    else m.set(k, [x]);
  }
  return m;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Currency with the most rows; ties alphabetical. null for no rows. */
export function mainCurrency(rows: { currency: string }[]): string | null {
  const counts = groupBy(rows, (r) => r.currency);
  let best: string | null = null;
  let bestN = -1;
  for (const cur of [...counts.keys()].sort(byName)) {
    const n = counts.get(cur)!.length;
    if (n > bestN) {
      best = cur;
      bestN = n;
    }
  }
  return best;
}

function currencies(rows: OracleRow[]): string[] {
  return [...new Set(rows.map((r) => r.currency))].sort(byName);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 === 1 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}

const DAY_MS = 86_400_000;
function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}
function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Rows in the period and currency (the common read-tool filter). */
function selectCommon(l: Loaded, args: CommonArgs): OracleRow[] {
  const b = periodBounds(args);
  return l.rows.filter((r) => inBounds(r, b) && (args.currency === undefined || r.currency === args.currency));
}

// ---------------------------------------------------------------------------------------
// Data summary

export function dataSummary(path: string) {
  const l = load(path);
  const dates = l.rows.map((r) => r.date).sort();
  return {
    validRows: l.rows.length,
    malformedRows: l.malformed,
    firstDate: dates[0] ?? null,
    newestDate: dates[dates.length - 1] ?? null,
    coverage: coverage(l.rows),
    categoryNames: l.categoryNames,
  };
}

// ---------------------------------------------------------------------------------------
// spending_by_category

export type CategoryFigure = { name: string; total: number; count: number; share: number };
export type SpendingByCategory = {
  mainCurrency: string | null;
  byCurrency: Record<string, { total: number; count: number; categories: CategoryFigure[] }>;
};

export function spendingByCategory(path: string, args: CommonArgs = {}, opts: OracleOptions = {}): SpendingByCategory {
  const l = load(path);
  const rows = selectCommon(l, args).filter((r) => isSpending(r, opts));
  const byCurrency: SpendingByCategory["byCurrency"] = {};
  for (const cur of currencies(rows)) {
    const cr = rows.filter((r) => r.currency === cur);
    const total = 0 - sum(cr.map((r) => r.amount));
    const categories: CategoryFigure[] = [];
    for (const [name, list] of groupBy(cr, (r) => r.category)) {
      const t = 0 - sum(list.map((r) => r.amount));
      categories.push({ name, total: t, count: list.length, share: (t / total) * 100 });
    }
    categories.sort((a, b) => b.total - a.total || byName(a.name, b.name));
    byCurrency[cur] = { total, count: cr.length, categories };
  }
  return { mainCurrency: mainCurrency(rows), byCurrency };
}

// ---------------------------------------------------------------------------------------
// monthly_trend

export type MonthValue = { month: string; value: number };
export type TrendSeries = {
  name: string;
  values: number[];
  total: number;
  average: number;
  activeMonths: number;
  /** Over every month of the series (empty months 0); ties: earliest. */
  highest: MonthValue | null;
  lowest: MonthValue | null;
  /** Lowest among the months with activity; ties: earliest. */
  lowestActive: MonthValue | null;
};
export type MonthlyTrend = {
  months: string[];
  mainCurrency: string | null;
  byCurrency: Record<string, { series: TrendSeries[] }>;
};

function trendSeries(name: string, months: string[], rows: OracleRow[], value: (r: OracleRow) => number): TrendSeries {
  const values = months.map((m) => sum(rows.filter((r) => r.month === m).map(value)));
  const active = months.filter((m) => rows.some((r) => r.month === m));
  let highest: MonthValue | null = null;
  let lowest: MonthValue | null = null;
  let lowestActive: MonthValue | null = null;
  months.forEach((m, i) => {
    const v = values[i];
    if (!highest || v! > highest.value) highest = { month: m, value: v! };
    if (!lowest || v! < lowest.value) lowest = { month: m, value: v! };
    if (active.includes(m) && (!lowestActive || v! < lowestActive.value)) lowestActive = { month: m, value: v! };
  });
  const total = sum(values);
  return {
    name,
    values,
    total,
    average: months.length ? total / months.length : 0,
    activeMonths: active.length,
    highest,
    lowest,
    lowestActive,
  };
}

export function monthlyTrend(
  path: string,
  args: CommonArgs & { category?: string; categories?: string[] } = {},
  opts: OracleOptions = {},
): MonthlyTrend {
  const l = load(path);
  const months = periodMonths(l.rows, periodBounds(args));
  const common = selectCommon(l, args);
  const subjects: (string | null)[] = args.categories
    ? args.categories.map((c) => resolveCategory(l.categoryNames, c))
    : args.category !== undefined
      ? [resolveCategory(l.categoryNames, args.category)]
      : [null];
  const rowsOf = (subject: string | null) =>
    subject === null ? common.filter((r) => isSpending(r, opts)) : common.filter((r) => r.category === subject && !unclassifiedIn(r));
  const selected = subjects.flatMap(rowsOf);
  const byCurrency: MonthlyTrend["byCurrency"] = {};
  for (const cur of currencies(selected)) {
    byCurrency[cur] = {
      series: subjects.map((s) =>
        trendSeries(
          s ?? "Spending",
          months,
          rowsOf(s).filter((r) => r.currency === cur),
          (r) => flow(s ?? r.category, r.amount, opts),
        ),
      ),
    };
  }
  return { months, mainCurrency: mainCurrency(selected), byCurrency };
}

// ---------------------------------------------------------------------------------------
// merchant_breakdown

export type MerchantFigure = { name: string; total: number; count: number; average: number };
export type MerchantBreakdown = {
  mainCurrency: string | null;
  byCurrency: Record<
    string,
    { total: number; count: number; merchants: MerchantFigure[]; other: (MerchantFigure & { merchants: number }) | null }
  >;
};

export function merchantBreakdown(
  path: string,
  args: CommonArgs & { category?: string; top_n?: number } = {},
  opts: OracleOptions = {},
): MerchantBreakdown {
  const l = load(path);
  const topN = args.top_n ?? 15;
  const subject = args.category !== undefined ? resolveCategory(l.categoryNames, args.category) : null;
  const rows = selectCommon(l, args).filter((r) => (subject === null ? isSpending(r, opts) : r.category === subject && !unclassifiedIn(r)));
  const value = (r: OracleRow) => flow(subject ?? r.category, r.amount, opts);
  const byCurrency: MerchantBreakdown["byCurrency"] = {};
  for (const cur of currencies(rows)) {
    const cr = rows.filter((r) => r.currency === cur);
    const all: MerchantFigure[] = [];
    for (const [name, list] of groupBy(cr, (r) => r.merchant)) {
      const t = sum(list.map(value));
      all.push({ name, total: t, count: list.length, average: t / list.length });
    }
    all.sort((a, b) => b.total - a.total || byName(a.name, b.name));
    const top = all.slice(0, topN);
    const rest = all.slice(topN);
    const other =
      rest.length === 0
        ? null
        : (() => {
            const t = sum(rest.map((m) => m.total));
            const c = sum(rest.map((m) => m.count));
            return { name: "Other", total: t, count: c, average: t / c, merchants: rest.length };
          })();
    byCurrency[cur] = { total: sum(cr.map(value)), count: cr.length, merchants: top, other };
  }
  return { mainCurrency: mainCurrency(rows), byCurrency };
}

// ---------------------------------------------------------------------------------------
// income_vs_spending

export type IncomeVsSpending = {
  months: string[];
  mainCurrency: string | null;
  byCurrency: Record<
    string,
    {
      perMonth: { month: string; income: number; spending: number; net: number }[];
      income: number;
      spending: number;
      net: number;
      savingsRate: number | null;
      /** -SUM(amount) per not-spending category name (0 when it has no rows). */
      notSpending: Record<string, number>;
    }
  >;
};

export function incomeVsSpending(path: string, args: CommonArgs = {}, opts: OracleOptions = {}): IncomeVsSpending {
  const l = load(path);
  const months = periodMonths(l.rows, periodBounds(args));
  const rows = selectCommon(l, args);
  const nsNames = l.categoryNames.filter((n) => roleOf(n, opts) === "notSpending");
  const byCurrency: IncomeVsSpending["byCurrency"] = {};
  for (const cur of currencies(rows)) {
    const cr = rows.filter((r) => r.currency === cur);
    const inc = (list: OracleRow[]) => sum(list.filter((r) => roleOf(r.category, opts) === "income").map((r) => r.amount));
    const spe = (list: OracleRow[]) => 0 - sum(list.filter((r) => isSpending(r, opts)).map((r) => r.amount));
    const perMonth = months.map((month) => {
      const mr = cr.filter((r) => r.month === month);
      const income = inc(mr);
      const spending = spe(mr);
      return { month, income, spending, net: income - spending };
    });
    const income = inc(cr);
    const spending = spe(cr);
    const notSpending: Record<string, number> = {};
    for (const n of nsNames) notSpending[n] = 0 - sum(cr.filter((r) => r.category === n).map((r) => r.amount));
    byCurrency[cur] = {
      perMonth,
      income,
      spending,
      net: income - spending,
      savingsRate: income === 0 ? null : (income - spending) / income,
      notSpending,
    };
  }
  return { months, mainCurrency: mainCurrency(rows), byCurrency };
}

// ---------------------------------------------------------------------------------------
// search_transactions and list_transactions

export type FilterArgs = CommonArgs & {
  search?: string;
  category?: string;
  min_amount?: number;
  max_amount?: number;
  direction?: "out" | "in";
};

/**
 * SPEC §1 (round 4) text search, from its words: case and accents do not matter (é = e), and
 * ü = ue = u, ö = oe = o, ä = ae = a, ß = ss. Both sides are compared with accents stripped, and
 * again with "ae"/"oe"/"ue" read as one letter; a match in either reading counts.
 */
export function searchContains(text: string, term: string): boolean {
  const strip = (s: string) =>
    [...s.normalize("NFKD").toLowerCase()]
      .filter((ch) => !/\p{Mn}/u.test(ch))
      .join("")
      .replaceAll("ß", "ss");
  const vowels = (s: string) => s.replaceAll("ae", "a").replaceAll("oe", "o").replaceAll("ue", "u");
  return strip(text).includes(strip(term)) || vowels(strip(text)).includes(vowels(strip(term)));
}

function filterRows(l: Loaded, args: FilterArgs): OracleRow[] {
  const subject = args.category !== undefined ? resolveCategory(l.categoryNames, args.category) : null;
  const needle = args.search ?? null;
  return selectCommon(l, args).filter((r) => {
    if (subject !== null && r.category !== subject) return false;
    if (needle !== null && !searchContains(r.merchant_name ?? "", needle) && !searchContains(r.raw_description, needle)) return false;
    const abs = Math.abs(r.amount);
    if (args.min_amount !== undefined && abs < args.min_amount) return false;
    if (args.max_amount !== undefined && abs > args.max_amount) return false;
    if (args.direction === "out" && !(r.amount < 0)) return false;
    if (args.direction === "in" && !(r.amount > 0)) return false;
    return true;
  });
}

export type SearchResult = {
  matchCount: number;
  mainCurrency: string | null;
  byCurrency: Record<
    string,
    {
      out: { total: number; count: number; average: number | null };
      in: { total: number; count: number };
      firstDate: string;
      lastDate: string;
      /** Merchant names as stored (NULL → "(unknown merchant)"), count desc then name. */
      merchants: { name: string; count: number }[];
    }
  >;
};

export function search(path: string, args: FilterArgs & { search: string }): SearchResult {
  const l = load(path);
  const rows = filterRows(l, args);
  const byCurrency: SearchResult["byCurrency"] = {};
  for (const cur of currencies(rows)) {
    const cr = rows.filter((r) => r.currency === cur);
    const outs = cr.filter((r) => r.amount < 0);
    const ins = cr.filter((r) => r.amount > 0);
    const outTotal = 0 - sum(outs.map((r) => r.amount));
    const dates = cr.map((r) => r.date).sort();
    const merchants = [...groupBy(cr, (r) => r.merchant)]
      .map(([name, list]) => ({ name, count: list.length }))
      .sort((a, b) => b.count - a.count || byName(a.name, b.name));
    byCurrency[cur] = {
      out: { total: outTotal, count: outs.length, average: outs.length ? outTotal / outs.length : null },
      in: { total: sum(ins.map((r) => r.amount)), count: ins.length },
      firstDate: dates[0]!,
      lastDate: dates[dates.length - 1]!,
      merchants,
    };
  }
  return { matchCount: rows.length, mainCurrency: mainCurrency(rows), byCurrency };
}

export type ListResult = { matchCount: number; ids: number[] };

export function list(path: string, args: FilterArgs & { sort?: "date" | "amount"; limit?: number } = {}): ListResult {
  const l = load(path);
  const rows = filterRows(l, args);
  const byDate = (a: OracleRow, b: OracleRow) => byName(b.date, a.date) || b.id - a.id;
  const sorted = [...rows].sort(
    args.sort === "amount" ? (a, b) => Math.abs(b.amount) - Math.abs(a.amount) || byDate(a, b) : byDate,
  );
  return { matchCount: rows.length, ids: sorted.slice(0, args.limit ?? 50).map((r) => r.id) };
}

// ---------------------------------------------------------------------------------------
// compare_periods

export type ComparePeriodArg = { year: number; month?: number } | { from?: string; to?: string };
export type CompareRow = { name: string; a: number; b: number; change: number; pctChange: number | null };
export type ComparePeriods = {
  labels: { a: string; b: string };
  byCurrency: Record<string, { categories: CompareRow[]; spending: { a: number; b: number }; income: { a: number; b: number } }>;
};

export function comparePeriods(
  path: string,
  args: { a: ComparePeriodArg; b: ComparePeriodArg; category?: string; currency?: string },
  opts: OracleOptions = {},
): ComparePeriods {
  const l = load(path);
  const ba = periodBounds(args.a as PeriodArgs);
  const bb = periodBounds(args.b as PeriodArgs);
  const subject = args.category !== undefined ? resolveCategory(l.categoryNames, args.category) : null;
  const cur0 = l.rows.filter((r) => args.currency === undefined || r.currency === args.currency);
  const ra = cur0.filter((r) => inBounds(r, ba));
  const rb = cur0.filter((r) => inBounds(r, bb));
  const pick = (r: OracleRow) => (subject === null ? isSpending(r, opts) : r.category === subject && !unclassifiedIn(r));
  const byCurrency: ComparePeriods["byCurrency"] = {};
  for (const cur of currencies([...ra, ...rb])) {
    const ca = ra.filter((r) => r.currency === cur);
    const cb = rb.filter((r) => r.currency === cur);
    const names = [...new Set([...ca, ...cb].filter(pick).map((r) => r.category))];
    const val = (list: OracleRow[], name: string) => sum(list.filter((r) => r.category === name && !unclassifiedIn(r)).map((r) => flow(name, r.amount, opts)));
    const categories = names
      .map((name) => {
        const a = val(ca, name);
        const b = val(cb, name);
        return { name, a, b, change: b - a, pctChange: a === 0 ? null : ((b - a) / a) * 100 };
      })
      .sort((x, y) => Math.abs(y.change) - Math.abs(x.change) || byName(x.name, y.name));
    const spend = (list: OracleRow[]) => 0 - sum(list.filter((r) => isSpending(r, opts)).map((r) => r.amount));
    const inc = (list: OracleRow[]) => sum(list.filter((r) => roleOf(r.category, opts) === "income").map((r) => r.amount));
    byCurrency[cur] = { categories, spending: { a: spend(ca), b: spend(cb) }, income: { a: inc(ca), b: inc(cb) } };
  }
  return { labels: { a: ba.label, b: bb.label }, byCurrency };
}

// ---------------------------------------------------------------------------------------
// recurring_payments (SPEC §2.1, round 4: obligations with parts, named one-offs)

export type Cadence = "weekly" | "monthly" | "quarterly" | "yearly";
const CADENCES: { name: Cadence; min: number; max: number; perYear: number }[] = [
  { name: "weekly", min: 5, max: 9, perYear: 52 },
  { name: "monthly", min: 26, max: 35, perYear: 12 },
  { name: "quarterly", min: 84, max: 98, perYear: 4 },
  { name: "yearly", min: 350, max: 380, perYear: 1 },
];

export type RecurringPart = { label: string; typicalAmount: number; currentAmount: number; count: number; active: boolean };
export type OneOffKind = "settlement" | "late fee" | "possible double charge" | "one-off payment" | "refund";
export type RecurringSeries = {
  merchant: string;
  /** The category of the largest part (its rows' most frequent; ties alphabetical). */
  category: string;
  cadence: Cadence;
  parts: RecurringPart[];
  /** Sum of the parts' medians. */
  typicalAmount: number;
  /** Sum of the current amounts of the parts that count (the active ones of an active series). */
  currentAmount: number;
  /** A part's payment > 2% off the previous whose next payment is within 2% of it (the new amount repeats). */
  priceChanges: { date: string; from: number; to: number; part: string }[];
  dearer: boolean;
  oneOffs: { date: string; amount: number; kind: OneOffKind }[];
  /** Each part's payments (row ids), in date order. */
  partIds: number[][];
  /** Regular payments. */
  count: number;
  firstDate: string;
  lastDate: string;
  medianGap: number;
  nextExpected: string;
  yearlyCost: number;
  active: boolean;
};
export type RecurringPayments = {
  newestDate: string | null;
  byCurrency: Record<string, { series: RecurringSeries[]; activeYearlyTotal: number }>;
};

const LATE_FEE = ["mahngebuhr", "mahnung", "mahnspesen", "verzugszins", "late fee", "late payment", "reminder fee", "frais de rappel", "sollecito"];
const SETTLEMENT = ["abrechnung", "nachzahlung", "nachbelastung", "schlussrechnung", "settlement", "decompte", "conguaglio"];

/**
 * The obligations in one merchant's money out in one currency (rows in date order), from the
 * round-4 rules, written out step by step: due dates (payments ≤ 3 days apart), the usual number
 * of payments per due date and each part's median, the due dates on the schedule (a payment within
 * ±50% of a part), cycles (a due date less than half a gap after a cycle's start joins it), SPEC
 * §2.1's cadence on the cycles, each cycle's payments matched to parts by closeness, a part kept
 * when it has ≥ 2 payments and 75% within ±20% of its median; the rest one-offs, named.
 */
function obligation(list: OracleRow[], minOcc: number, newest: string, spread: number): Omit<RecurringSeries, "merchant"> | null {
  const out = (r: OracleRow) => -r.amount;
  const groups: OracleRow[][] = [];
  for (const r of list) {
    const g = groups[groups.length - 1];
    if (g && dayNumber(r.date) - dayNumber(g[g.length - 1]!.date) <= 3) g.push(r);
    else groups.push([r]);
  }
  if (groups.length < minOcc) return null;
  const sizes = new Map<number, number>();
  for (const g of groups) sizes.set(g.length, (sizes.get(g.length) ?? 0) + 1);
  const k = [...sizes].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
  if (k > 6) return null;
  const ranks: number[][] = Array.from({ length: k }, () => []);
  for (const g of groups.filter((x) => x.length === k)) g.map(out).sort((a, b) => b - a).forEach((x, j) => ranks[j]!.push(x));
  const usual = ranks.map(median);
  const onSchedule = (g: OracleRow[]) => g.some((r) => usual.some((m) => Math.abs(out(r) - m) <= 0.5 * m));
  const regular = groups.filter(onSchedule);
  if (regular.length < minOcc) return null;
  const startGaps = (starts: string[]) => starts.slice(1).map((d, i) => dayNumber(d) - dayNumber(starts[i]!));
  const rough = median(startGaps(regular.map((g) => g[0]!.date)));
  if (!CADENCES.some((c) => rough >= c.min && rough <= c.max)) return null;
  const cycles: { start: string; rows: OracleRow[] }[] = [];
  for (const g of regular) {
    const c = cycles[cycles.length - 1];
    if (c && dayNumber(g[0]!.date) - dayNumber(c.start) < 0.5 * rough) c.rows.push(...g);
    else cycles.push({ start: g[0]!.date, rows: [...g] });
  }
  if (cycles.length < minOcc) return null;
  const gaps = startGaps(cycles.map((c) => c.start));
  const medGap = median(gaps);
  const cad = CADENCES.find((c) => medGap >= c.min && medGap <= c.max);
  if (!cad || gaps.filter((g) => g >= cad.min && g <= cad.max).length < 0.75 * gaps.length) return null;
  let strays = 0;
  for (const g of groups.filter((x) => !onSchedule(x))) {
    const d = dayNumber(g[0]!.date);
    let best = cycles[0]!;
    for (const c of cycles) if (Math.abs(dayNumber(c.start) - d) < Math.abs(dayNumber(best.start) - d)) best = c;
    if (d >= dayNumber(cycles[0]!.start) - Math.round(medGap) && d <= dayNumber(cycles[cycles.length - 1]!.start) + Math.round(medGap)) best.rows.push(...g);
    else strays += g.length;
  }
  // More than a quarter of the payments outside the series (neither regular nor a one-off in its span): none.
  if (strays > 0.25 * list.length) return null;
  const partRows: OracleRow[][] = usual.map(() => []);
  const extra: { r: OracleRow; cycle: OracleRow[] }[] = [];
  const inLast = new Set<number>();
  cycles.forEach((c, ci) => {
    const pairs = c.rows.flatMap((r) => usual.map((m, p) => ({ r, p, d: Math.abs(out(r) - m) / m })));
    pairs.sort((x, y) => x.d - y.d || byName(x.r.date, y.r.date) || x.r.id - y.r.id);
    const used = new Set<OracleRow>();
    const filled = new Set<number>();
    for (const x of pairs) {
      if (used.has(x.r) || filled.has(x.p) || x.d > 0.5) continue;
      used.add(x.r);
      filled.add(x.p);
      partRows[x.p]!.push(x.r);
      if (ci === cycles.length - 1) inLast.add(x.p);
    }
    for (const r of c.rows) if (!used.has(r)) extra.push({ r, cycle: c.rows });
  });
  const parts: { rows: OracleRow[]; index: number }[] = [];
  for (let p = 0; p < partRows.length; p++) {
    const rows = [...partRows[p]!].sort((a, b) => byName(a.date, b.date) || a.id - b.id);
    const m = median(rows.map(out));
    const ok = rows.length >= 2 && rows.filter((r) => Math.abs(out(r) - m) <= spread * m).length >= 0.75 * rows.length;
    if (ok) parts.push({ rows, index: p });
    else if (p === 0) return null;
    else for (const r of rows) extra.push({ r, cycle: cycles.find((c) => c.rows.includes(r))!.rows });
  }
  const off = (a: number, b: number) => Math.abs(a - b) > 0.02 * Math.abs(b);
  const lastCycle = cycles[cycles.length - 1]!.start;
  const active = dayNumber(newest) - dayNumber(lastCycle) <= 1.5 * medGap;
  const built = parts.map(({ rows }) => {
    const amounts = rows.map(out);
    const label = rows[rows.length - 1]!.raw_description;
    // The price in force changes only to an amount that repeats (the next payment within 2% of it).
    const priceChanges: RecurringSeries["priceChanges"] = [];
    let price = amounts[0]!;
    for (let i = 1; i + 1 < amounts.length; i++) {
      if (off(amounts[i]!, price) && !off(amounts[i + 1]!, amounts[i]!)) {
        priceChanges.push({ date: rows[i]!.date, from: price, to: amounts[i]!, part: label });
        price = amounts[i]!;
      }
    }
    const current = amounts[amounts.length - 1]!;
    const confirmed = off(current, price) ? price : current;
    const cats = [...groupBy(rows, (r) => r.category)].sort((a, b) => b[1].length - a[1].length || byName(a[0], b[0]));
    return {
      label,
      category: cats[0]![0],
      typicalAmount: median(amounts),
      currentAmount: current,
      count: rows.length,
      active: dayNumber(newest) - dayNumber(rows[rows.length - 1]!.date) <= 1.5 * medGap,
      priceChanges,
      dearer: confirmed > amounts[0]! && off(confirmed, amounts[0]!),
      rows,
    };
  });
  const counted = built.filter((p) => !active || p.active);
  const current = sum(counted.map((p) => p.currentAmount));
  const all = built.flatMap((p) => p.rows).sort((a, b) => byName(a.date, b.date) || a.id - b.id);
  const folded = (s: string) => [...s.normalize("NFKD").toLowerCase()].filter((ch) => !/\p{Mn}/u.test(ch)).join("").replaceAll("ß", "ss");
  const oneOffs = extra.map(({ r, cycle }) => {
    const text = folded(`${r.raw_description} ${r.merchant_name ?? ""}`);
    const both = [text, text.replaceAll("ae", "a").replaceAll("oe", "o").replaceAll("ue", "u")];
    const has = (words: string[]) => words.some((w) => both.some((t) => t.includes(w)));
    const repeats = cycle.some((x) => x !== r && !off(out(r), out(x)) && built.some((p) => p.rows.includes(x)));
    const kind: OneOffKind = has(LATE_FEE) ? "late fee" : has(SETTLEMENT) ? "settlement" : repeats ? "possible double charge" : "one-off payment";
    return { date: r.date, amount: out(r), kind, id: r.id };
  });
  return {
    category: built[0]!.category,
    cadence: cad.name,
    parts: built.map(({ label, typicalAmount, currentAmount, count, active: a }) => ({ label, typicalAmount, currentAmount, count, active: a })),
    typicalAmount: sum(built.map((p) => p.typicalAmount)),
    currentAmount: current,
    priceChanges: built.flatMap((p) => p.priceChanges).sort((a, b) => byName(a.date, b.date)),
    dearer: built.some((p) => p.dearer),
    oneOffs: oneOffs.sort((a, b) => byName(a.date, b.date) || a.id - b.id).map(({ date, amount, kind }) => ({ date, amount, kind })),
    partIds: built.map((p) => p.rows.map((r) => r.id)),
    count: all.length,
    firstDate: all[0]!.date,
    lastDate: all[all.length - 1]!.date,
    medianGap: medGap,
    nextExpected: addDays(lastCycle, Math.round(medGap)),
    yearlyCost: current * cad.perYear,
    active,
  };
}

/** The amount levels of a merchant's payments: bands a factor 1.25 wide on a log scale; a run of bands that all hold payments is one level. */
function amountLevels(list: OracleRow[]): OracleRow[][] {
  const band = (r: OracleRow) => Math.floor(Math.log(Math.max(-r.amount, 0.01)) / Math.log(1.25));
  const bands = [...new Set(list.map(band))].sort((a, b) => a - b);
  const level = new Map<number, number>();
  let n = -1;
  bands.forEach((b, i) => {
    if (i === 0 || b !== bands[i - 1]! + 1) n++;
    level.set(b, n);
  });
  return [...groupBy(list, (r) => String(level.get(band(r))))].map(([, rows]) => rows);
}

export function recurringPayments(
  path: string,
  args: CommonArgs & { min_occurrences?: number } = {},
  opts: OracleOptions = {},
): RecurringPayments {
  const l = load(path);
  const minOcc = args.min_occurrences ?? 3;
  const newest = l.rows.length ? l.rows.map((r) => r.date).sort()[l.rows.length - 1]! : null;
  const common = selectCommon(l, args);
  const rows = common.filter((r) => roleOf(r.category, opts) === "spending" && r.amount < 0 && r.merchant_name !== null);
  const byCurrency: RecurringPayments["byCurrency"] = {};
  for (const cur of currencies(rows)) {
    const series: RecurringSeries[] = [];
    for (const [merchant, list0] of groupBy(
      rows.filter((r) => r.currency === cur),
      (r) => r.merchant_name!,
    )) {
      const list = [...list0].sort((a, b) => byName(a.date, b.date) || a.id - b.id);
      if (list.length < minOcc) continue;
      // The whole merchant at ±20% (SPEC §2.1), else each amount level at ±10%.
      const whole = obligation(list, minOcc, newest!, 0.2);
      const found = whole ? [whole] : amountLevels(list).length > 1 ? amountLevels(list).filter((x) => x.length >= minOcc).map((x) => obligation(x, minOcc, newest!, 0.1)) : [];
      for (const s of found) {
        if (!s) continue;
        // Money in from the merchant during the series (any category): a refund.
        const refunds = common
          .filter((r) => r.currency === cur && r.merchant_name === merchant && r.amount > 0 && r.date >= s.firstDate && r.date <= addDays(s.lastDate, Math.round(s.medianGap)))
          .map((r) => ({ date: r.date, amount: r.amount, kind: "refund" as const, id: r.id }));
        s.oneOffs = [...s.oneOffs.map((o, i) => ({ ...o, id: -1 - i })), ...refunds].sort((a, b) => byName(a.date, b.date)).map(({ date, amount, kind }) => ({ date, amount, kind }));
        series.push({ merchant, ...s });
      }
    }
    series.sort((a, b) => b.yearlyCost - a.yearlyCost || byName(a.merchant, b.merchant) || byName(a.firstDate, b.firstDate));
    if (series.length === 0) continue;
    byCurrency[cur] = { series, activeYearlyTotal: sum(series.filter((s) => s.active).map((s) => s.yearlyCost)) };
  }
  return { newestDate: newest, byCurrency };
}

// ---------------------------------------------------------------------------------------
// review_transactions

export type ReviewGroup = {
  /** merchant_name, or raw_description when the merchant is NULL. */
  group: string;
  count: number;
  /** Signed SUM(amount) per currency. */
  totals: Record<string, number>;
  /** Sorted distinct categories (NULL shown as Uncategorised). */
  categories: string[];
  /** Lowest non-NULL confidence; null when every confidence is NULL. */
  lowestConfidence: number | null;
  ids: number[];
};
export type ReviewResult = { rowCount: number; groupCount: number; groups: ReviewGroup[] };

export function reviewTransactions(
  path: string,
  args: CommonArgs & { category?: string; max_confidence?: number; limit?: number } = {},
): ReviewResult {
  const l = load(path);
  const maxConf = args.max_confidence ?? 0.8;
  const subject = args.category !== undefined ? resolveCategory(l.categoryNames, args.category) : null;
  const rows = selectCommon(l, args).filter((r) => {
    if (subject !== null && r.category !== subject) return false;
    const lower = r.category.toLowerCase();
    return lower === "uncategorised" || lower === "other" || (r.confidence !== null && r.confidence < maxConf) || r.source === "unclassified";
  });
  const groups: ReviewGroup[] = [];
  for (const [group, list] of groupBy(rows, (r) => r.merchant_name ?? r.raw_description)) {
    const totals: Record<string, number> = {};
    for (const r of list) totals[r.currency] = (totals[r.currency] ?? 0) + r.amount;
    const confs = list.map((r) => r.confidence).filter((c): c is number => c !== null);
    groups.push({
      group,
      count: list.length,
      totals,
      categories: [...new Set(list.map((r) => r.category))].sort(byName),
      lowestConfidence: confs.length ? Math.min(...confs) : null,
      ids: list.map((r) => r.id).sort((a, b) => a - b),
    });
  }
  groups.sort((a, b) => b.count - a.count || byName(a.group, b.group));
  return { rowCount: rows.length, groupCount: groups.length, groups: groups.slice(0, args.limit ?? 50) };
}
