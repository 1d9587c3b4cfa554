/**
 * The eval's oracle: the figures a correct answer must contain, computed in plain SQL straight
 * from SPEC §1 ("Number semantics") over the budget database. It shares no code with the tools
 * (src/tools) nor with the tests' oracle, so a tool bug cannot make its own answer look right.
 *
 * Semantics (SPEC §1): a row counts only with a well-formed date (`YYYY-MM-DD`, a real day,
 * optionally followed by a time part) and a finite amount within ±1e12; currency codes are
 * trimmed and upper-cased; categories trimmed, NULL/empty = Uncategorised, compared ignoring
 * letter case. Income = SUM(amount) of Income rows; spending = -SUM(amount) over the spending
 * categories (all but Income and the not-spending ones), money in on Uncategorised rows left
 * out (round 4: unclassified money in, reported apart); a not-spending category's flow is
 * -SUM(amount). Every figure is in one currency: the database's main currency (most rows)
 * unless the figure names another. Text search is a case-insensitive substring of
 * merchant_name or raw_description (ASCII terms only: SQLite's lower() folds ASCII alone; the
 * questions' terms have no umlaut spelling the product's folding would widen).
 */
import { Database } from "bun:sqlite";

export type Period = { year: number; month?: number } | { from: string; to: string };

/** What a figure is: money, a percentage, or a count; each is matched in an answer at its own precision. */
export type FigureKind = "money" | "percent" | "count";

export type FigureSpec =
  /** Spending of one category, or total spending without `category`. */
  | { figure: "spending"; period: Period; category?: string; currency?: string }
  /** Spending divided by the period's months inside the data's coverage (empty months count 0). */
  | { figure: "monthly_average"; period: Period; category?: string; currency?: string }
  /** Number of rows of a spending category, or of every spending category. */
  | { figure: "count"; period: Period; category?: string; currency?: string }
  /** A category's share of total spending, in %. */
  | { figure: "share"; period: Period; category: string; currency?: string }
  | { figure: "income"; period: Period; currency?: string }
  | { figure: "net"; period: Period; currency?: string }
  /** Net ÷ income, in %. */
  | { figure: "savings_rate"; period: Period; currency?: string }
  /** Money out of a not-spending category (Transfers, Investments): -SUM(amount). */
  | { figure: "flow"; period: Period; category: string; currency?: string }
  /** Spending at one merchant (exact merchant_name), within the spending categories or one of them. */
  | { figure: "merchant_spending"; period: Period; merchant: string; category?: string; currency?: string }
  /** Text search over every category: money out (as a positive total), or the number of matches. */
  | { figure: "search_out"; period: Period; search: string; currency?: string }
  | { figure: "search_count"; period: Period; search: string; currency?: string }
  /** Spending (of a category, of a merchant, or total) in period b minus period a. */
  | { figure: "change"; a: Period; b: Period; category?: string; merchant?: string; currency?: string }
  /** The same change as a % of period a. */
  | { figure: "pct_change"; a: Period; b: Period; category?: string; merchant?: string; currency?: string }
  /** Spending on one ISO weekday (1 = Monday … 7 = Sunday). */
  | { figure: "weekday_spending"; period: Period; weekday: number; category?: string; currency?: string }
  /** The median money-out payment (amounts positive) of the spending categories, or of one. */
  | { figure: "median_payment"; period: Period; category?: string; currency?: string }
  /** The largest money-out payment of a spending category. */
  | { figure: "largest_payment"; period: Period; category: string; currency?: string }
  /** Spending divided by the calendar days of the period. */
  | { figure: "daily_average"; period: Period; category?: string; currency?: string }
  /** Every row (any category, any sign), and the months with at least one, over all dates or a period. */
  | { figure: "rows" | "months_with_data"; period?: Period; currency?: string }
  /** Rows to review: in Uncategorised or Other, classified with confidence below 0.8, or unclassified (all dates). */
  | { figure: "review_count"; currency?: string }
  /** Merchants whose first row in the whole data lies in the period and who were paid there (spending). */
  | { figure: "new_merchant_count"; period: Period; currency?: string }
  /** The amount of a merchant's latest money-out payment (its current price). */
  | { figure: "last_payment"; merchant: string; currency?: string };

export type ExpectedFigure = { kind: FigureKind; value: number; currency: string; label: string };

export type OracleOptions = { notSpending?: readonly string[] };

/** The rows that count, normalised (SPEC §1). One place, so every figure reads the same rows. */
const ROWS = `
  SELECT substr(date, 1, 10) AS day,
         amount,
         upper(trim(currency)) AS currency,
         lower(coalesce(nullif(trim(category), ''), 'Uncategorised')) AS cat,
         merchant_name,
         raw_description,
         confidence,
         source,
         id
  FROM transactions
  WHERE typeof(date) = 'text'
    AND date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
    AND (length(date) = 10 OR substr(date, 11, 1) IN ('T', ' '))
    AND date(substr(date, 1, 10)) = substr(date, 1, 10)
    AND typeof(amount) IN ('real', 'integer')
    AND abs(amount) <= 1e12`;

const pad2 = (n: number) => String(n).padStart(2, "0");

/** Inclusive `YYYY-MM-DD` bounds and a label of a period. */
export function periodBounds(p: Period): { from: string; to: string; label: string } {
  if ("year" in p) {
    if (p.month === undefined) return { from: `${p.year}-01-01`, to: `${p.year}-12-31`, label: String(p.year) };
    const last = new Date(Date.UTC(p.year, p.month, 0)).getUTCDate();
    return { from: `${p.year}-${pad2(p.month)}-01`, to: `${p.year}-${pad2(p.month)}-${pad2(last)}`, label: `${p.year}-${pad2(p.month)}` };
  }
  return { from: p.from, to: p.to, label: `${p.from}…${p.to}` };
}

export class Oracle {
  private readonly db: Database;
  private readonly notSpending: string[];
  /** Every category name of the database, trimmed and lower-cased (the categories table and the rows). */
  private readonly categories: Set<string>;
  readonly mainCurrency: string;

  constructor(path: string, opts: OracleOptions = {}) {
    this.db = new Database(path, { readonly: true });
    this.notSpending = (opts.notSpending ?? ["Transfers", "Investments"]).map((n) => n.trim().toLowerCase());
    const main = this.db.query(`SELECT currency FROM (${ROWS}) GROUP BY currency ORDER BY count(*) DESC, currency LIMIT 1`).get() as { currency: string } | null;
    if (!main) throw new Error(`${path}: no transactions with a valid date and amount`);
    this.mainCurrency = main.currency;
    const names = this.db.query(`SELECT DISTINCT cat FROM (${ROWS})`).all() as { cat: string }[];
    const hasTable = this.db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'categories'").get();
    const listed = hasTable ? (this.db.query("SELECT lower(trim(name)) AS cat FROM categories").all() as { cat: string }[]) : [];
    this.categories = new Set([...names, ...listed].map((c) => c.cat));
  }

  close(): void {
    this.db.close();
  }

  /** The expected figure of a spec, unrounded (money is rounded only when shown); an error when it has no value here. */
  figure(spec: FigureSpec): ExpectedFigure {
    const f = this.compute(spec);
    if (!Number.isFinite(f.value)) throw new Error(`${f.label} has no value on this database (it divides by zero)`);
    return f;
  }

  private compute(spec: FigureSpec): ExpectedFigure {
    const currency = (spec.currency ?? this.mainCurrency).trim().toUpperCase();
    const label = figureLabel(spec);
    switch (spec.figure) {
      case "spending":
        return { kind: "money", value: this.spending(spec.period, currency, spec.category), currency, label };
      case "monthly_average":
        return { kind: "money", value: this.spending(spec.period, currency, spec.category) / this.monthsInCoverage(spec.period), currency, label };
      case "count":
        return { kind: "count", value: this.spendingCount(spec.period, currency, spec.category), currency, label };
      case "share":
        return { kind: "percent", value: (100 * this.spending(spec.period, currency, spec.category)) / this.spending(spec.period, currency), currency, label };
      case "income":
        return { kind: "money", value: this.income(spec.period, currency), currency, label };
      case "net":
        return { kind: "money", value: this.income(spec.period, currency) - this.spending(spec.period, currency), currency, label };
      case "savings_rate": {
        const income = this.income(spec.period, currency);
        return { kind: "percent", value: (100 * (income - this.spending(spec.period, currency))) / income, currency, label };
      }
      case "flow":
        return { kind: "money", value: this.flow(spec.period, currency, spec.category), currency, label };
      case "merchant_spending":
        return { kind: "money", value: this.merchantSpending(spec.period, currency, spec.merchant, spec.category), currency, label };
      case "search_out":
        return { kind: "money", value: this.search(spec.period, currency, spec.search).out, currency, label };
      case "search_count":
        return { kind: "count", value: this.search(spec.period, currency, spec.search).count, currency, label };
      case "change":
        return { kind: "money", value: this.spentOn(spec.b, currency, spec) - this.spentOn(spec.a, currency, spec), currency, label };
      case "pct_change": {
        const a = this.spentOn(spec.a, currency, spec);
        return { kind: "percent", value: (100 * (this.spentOn(spec.b, currency, spec) - a)) / a, currency, label };
      }
      case "weekday_spending":
        return { kind: "money", value: this.spending(spec.period, currency, spec.category, spec.weekday), currency, label };
      case "median_payment":
        return { kind: "money", value: median(this.payments(spec.period, currency, spec.category)), currency, label };
      case "largest_payment":
        return { kind: "money", value: Math.max(...this.payments(spec.period, currency, spec.category)), currency, label };
      case "daily_average": {
        const b = periodBounds(spec.period);
        const days = (Date.parse(b.to) - Date.parse(b.from)) / 86_400_000 + 1;
        return { kind: "money", value: this.spending(spec.period, currency, spec.category) / days, currency, label };
      }
      case "rows":
      case "months_with_data":
        return { kind: "count", value: this.rows(spec.period, currency, spec.figure === "months_with_data"), currency, label };
      case "review_count":
        return { kind: "count", value: this.reviewCount(currency), currency, label };
      case "new_merchant_count":
        return { kind: "count", value: this.newMerchants(spec.period, currency), currency, label };
      case "last_payment":
        return { kind: "money", value: this.lastPayment(spec.merchant, currency), currency, label };
    }
  }

  /** Spending of a change's side: of its merchant, else its category, else total. */
  private spentOn(period: Period, currency: string, spec: { category?: string; merchant?: string }): number {
    return spec.merchant !== undefined ? this.merchantSpending(period, currency, spec.merchant, spec.category) : this.spending(period, currency, spec.category);
  }

  /** Money-out amounts (positive) of the spending categories, or of one, in a period. */
  private payments(period: Period, currency: string, category?: string): number[] {
    const b = periodBounds(period);
    const f = this.spendingFilter();
    const byCat = category === undefined ? "" : " AND cat = ?";
    const params = [currency, b.from, b.to, ...f.params, ...(category === undefined ? [] : [this.requireCategory(category, "spending")])];
    return (this.db.query(`SELECT -amount AS v FROM (${ROWS}) WHERE currency = ? AND day BETWEEN ? AND ? AND amount < 0 AND ${f.sql}${byCat}`).all(...params) as { v: number }[]).map((r) => r.v);
  }

  private rows(period: Period | undefined, currency: string, months: boolean): number {
    const b = period ? periodBounds(period) : { from: "0000-01-01", to: "9999-12-31" };
    const what = months ? "count(DISTINCT substr(day, 1, 7))" : "count(*)";
    return (this.db.query(`SELECT ${what} AS v FROM (${ROWS}) WHERE currency = ? AND day BETWEEN ? AND ?`).get(currency, b.from, b.to) as { v: number }).v;
  }

  private reviewCount(currency: string): number {
    return (this.db
      .query(`SELECT count(*) AS v FROM (${ROWS}) WHERE currency = ? AND (cat IN ('uncategorised', 'other') OR confidence < 0.8 OR source = 'unclassified')`)
      .get(currency) as { v: number }).v;
  }

  private newMerchants(period: Period, currency: string): number {
    const b = periodBounds(period);
    const f = this.spendingFilter();
    return (this.db
      .query(
        `SELECT count(*) AS v FROM (
           SELECT merchant_name FROM (${ROWS}) WHERE merchant_name IS NOT NULL AND trim(merchant_name) <> ''
           GROUP BY merchant_name
           HAVING min(day) BETWEEN ?2 AND ?3
              AND sum(CASE WHEN currency = ?1 AND day BETWEEN ?2 AND ?3 AND amount < 0 AND ${f.sql} THEN 1 ELSE 0 END) > 0)`,
      )
      .get(currency, b.from, b.to, ...f.params) as { v: number }).v;
  }

  private lastPayment(merchant: string, currency: string): number {
    const row = this.db
      .query(`SELECT -amount AS v FROM (${ROWS}) WHERE currency = ? AND merchant_name = ? AND amount < 0 ORDER BY day DESC, id DESC LIMIT 1`)
      .get(currency, merchant) as { v: number } | null;
    if (!row) throw new Error(`there is no payment to "${merchant}" in this database`);
    return row.v;
  }

  /** The spending categories' filter (SQL) and its parameters. */
  private spendingFilter(): { sql: string; params: string[] } {
    const marks = this.notSpending.map(() => "?").join(", ");
    // Round 4: money in on Uncategorised rows is unclassified money in, neither spending nor income.
    return { sql: `cat <> 'income'${marks ? ` AND cat NOT IN (${marks})` : ""} AND NOT (cat = 'uncategorised' AND amount > 0)`, params: this.notSpending };
  }

  private requireCategory(category: string, role: "spending" | "notSpending"): string {
    const cat = category.trim().toLowerCase();
    if (!this.categories.has(cat)) throw new Error(`there is no category "${category}" in this database`);
    const isNotSpending = this.notSpending.includes(cat);
    if (cat === "income" || (role === "spending" ? isNotSpending : !isNotSpending)) {
      throw new Error(`oracle: "${category}" is not a ${role === "spending" ? "spending" : "not-spending"} category`);
    }
    return cat;
  }

  /** Spending (SPEC §1) of the spending categories or one of them, on one ISO weekday (1 = Monday) or all. */
  private spending(period: Period, currency: string, category?: string, weekday?: number): number {
    const b = periodBounds(period);
    const f = this.spendingFilter();
    const byCat = category === undefined ? "" : " AND cat = ?";
    const byDay = weekday === undefined ? "" : ` AND ((CAST(strftime('%w', day) AS INTEGER) + 6) % 7) + 1 = ${Math.trunc(weekday)}`;
    const params = [currency, b.from, b.to, ...f.params, ...(category === undefined ? [] : [this.requireCategory(category, "spending")])];
    const row = this.db
      .query(`SELECT coalesce(-sum(amount), 0) AS v FROM (${ROWS}) WHERE currency = ? AND day BETWEEN ? AND ? AND ${f.sql}${byCat}${byDay}`)
      .get(...params) as { v: number };
    return row.v;
  }

  private spendingCount(period: Period, currency: string, category?: string): number {
    const b = periodBounds(period);
    const f = this.spendingFilter();
    const byCat = category === undefined ? "" : " AND cat = ?";
    const params = [currency, b.from, b.to, ...f.params, ...(category === undefined ? [] : [this.requireCategory(category, "spending")])];
    return (this.db.query(`SELECT count(*) AS v FROM (${ROWS}) WHERE currency = ? AND day BETWEEN ? AND ? AND ${f.sql}${byCat}`).get(...params) as { v: number }).v;
  }

  private income(period: Period, currency: string): number {
    const b = periodBounds(period);
    return (this.db.query(`SELECT coalesce(sum(amount), 0) AS v FROM (${ROWS}) WHERE currency = ? AND day BETWEEN ? AND ? AND cat = 'income'`).get(currency, b.from, b.to) as { v: number }).v;
  }

  private flow(period: Period, currency: string, category: string): number {
    const b = periodBounds(period);
    const cat = this.requireCategory(category, "notSpending");
    return (this.db.query(`SELECT coalesce(-sum(amount), 0) AS v FROM (${ROWS}) WHERE currency = ? AND day BETWEEN ? AND ? AND cat = ?`).get(currency, b.from, b.to, cat) as { v: number }).v;
  }

  private merchantSpending(period: Period, currency: string, merchant: string, category?: string): number {
    const b = periodBounds(period);
    const f = this.spendingFilter();
    const byCat = category === undefined ? "" : " AND cat = ?";
    const params = [currency, b.from, b.to, merchant, ...f.params, ...(category === undefined ? [] : [this.requireCategory(category, "spending")])];
    return (this.db
      .query(`SELECT coalesce(-sum(amount), 0) AS v FROM (${ROWS}) WHERE currency = ? AND day BETWEEN ? AND ? AND merchant_name = ? AND ${f.sql}${byCat}`)
      .get(...params) as { v: number }).v;
  }

  private search(period: Period, currency: string, term: string): { out: number; count: number } {
    if (/[^\x20-\x7e]/.test(term)) throw new Error(`oracle: search terms must be ASCII (SQLite's lower() folds ASCII only): "${term}"`);
    const b = periodBounds(period);
    const row = this.db
      .query(
        `SELECT coalesce(sum(CASE WHEN amount < 0 THEN -amount ELSE 0 END), 0) AS out, count(*) AS count
         FROM (${ROWS})
         WHERE currency = ? AND day BETWEEN ? AND ?
           AND (instr(lower(coalesce(merchant_name, '')), lower(?)) > 0 OR instr(lower(raw_description), lower(?)) > 0)`,
      )
      .get(currency, b.from, b.to, term, term) as { out: number; count: number };
    return row;
  }

  /** Months of the period that lie inside the data's coverage (first to last month with a row). */
  private monthsInCoverage(period: Period): number {
    const b = periodBounds(period);
    const cov = this.db.query(`SELECT min(substr(day, 1, 7)) AS first, max(substr(day, 1, 7)) AS last FROM (${ROWS})`).get() as { first: string; last: string };
    const start = b.from.slice(0, 7) > cov.first ? b.from.slice(0, 7) : cov.first;
    const end = b.to.slice(0, 7) < cov.last ? b.to.slice(0, 7) : cov.last;
    if (start > end) return 0;
    const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));
    return index(end) - index(start) + 1;
  }
}

/** The median (of an even count, the mean of the two middle values); NaN for none. */
function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** A short human label of a figure for the report, e.g. "spending · Groceries · 2025". */
export function figureLabel(spec: FigureSpec): string {
  const parts: string[] = [spec.figure.replace(/_/g, " ")];
  if ("merchant" in spec && spec.merchant) parts.push(spec.merchant);
  if ("search" in spec) parts.push(`"${spec.search}"`);
  if ("category" in spec && spec.category) parts.push(spec.category);
  if ("weekday" in spec) parts.push(WEEKDAY_NAMES[spec.weekday - 1] ?? `weekday ${spec.weekday}`);
  if ("period" in spec && spec.period) parts.push(periodBounds(spec.period).label);
  else if ("a" in spec) parts.push(`${periodBounds(spec.a).label} → ${periodBounds(spec.b).label}`);
  else if (!("period" in spec)) parts.push("all dates");
  return parts.join(" · ");
}
