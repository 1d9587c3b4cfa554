/**
 * A plain-SQL oracle for the household fixture (test/fixtures/household.ts): every figure the
 * round-4 tests check, recomputed with one SQL statement each from SPEC §1 and §2.1 as round 4
 * states them, sharing no code with src/ (and none with test/support/spec-oracle.ts). The
 * household writes every name in its canonical spelling, so no hygiene is needed here.
 *
 * Rules, as SQL: spending = −SUM(amount) of the spending categories (not Income, Transfers,
 * Investments), money in on Uncategorised rows left out ("unclassified money in", apart);
 * income = SUM(amount) of Income, plus money in from the household's contributing counterparties
 * on non-spending or Uncategorised rows; text search folds case and ü = ue = u, ä = ae = a,
 * ö = oe = o, ß = ss on both sides (two readings: with and without "ue" → "u").
 */
import { Database } from "bun:sqlite";

const SPENDING = "category NOT IN ('Income', 'Transfers', 'Investments') AND NOT (category = 'Uncategorised' AND amount > 0)";
const UNCLASSIFIED_IN = "category = 'Uncategorised' AND amount > 0";

/** lower(), then the German letters the fixture holds in upper and lower case. */
const plain = (x: string) => `replace(replace(replace(replace(replace(replace(replace(lower(${x}), 'ü', 'u'), 'Ü', 'u'), 'ä', 'a'), 'Ä', 'a'), 'ö', 'o'), 'Ö', 'o'), 'ß', 'ss')`;
const vowels = (x: string) => `replace(replace(replace(${plain(x)}, 'ue', 'u'), 'ae', 'a'), 'oe', 'o')`;
const contains = (col: string) =>
  `(instr(${plain(`coalesce(${col}, '')`)}, ${plain("$term")}) > 0 OR instr(${vowels(`coalesce(${col}, '')`)}, ${vowels("$term")}) > 0)`;
const MATCHES = `(${contains("merchant_name")} OR ${contains("raw_description")})`;

export type Bounds = { from: string; to: string };

export function householdOracle(path: string) {
  const db = new Database(path, { readonly: true });
  const all = <T>(sql: string, params: Record<string, string | number> = {}) => db.query(sql).all(params as never) as T[];
  const one = <T>(sql: string, params: Record<string, string | number> = {}) => db.query(sql).get(params as never) as T;
  const inPeriod = "date BETWEEN $from AND $to";
  return {
    close: () => db.close(),

    /** Spending per category of one currency, largest first; with counts. */
    spendingByCategory(b: Bounds, currency: string) {
      return all<{ category: string; total: number; n: number }>(
        `SELECT category, -SUM(amount) AS total, COUNT(*) AS n FROM transactions WHERE ${inPeriod} AND currency = $currency AND ${SPENDING}
         GROUP BY category ORDER BY total DESC, category`,
        { ...b, currency },
      );
    },

    /** Unclassified money in of one currency: its total and rows. */
    unclassifiedIn(b: Bounds, currency: string) {
      return one<{ total: number; n: number }>(`SELECT TOTAL(amount) AS total, COUNT(*) AS n FROM transactions WHERE ${inPeriod} AND currency = $currency AND ${UNCLASSIFIED_IN}`, { ...b, currency });
    },

    /** Income (the Income category, and money in from a contributing counterparty), spending, net and the savings rate. */
    incomeVsSpending(b: Bounds, currency: string, counterparty: string | null) {
      const p = { ...b, currency, term: counterparty ?? "\u0000" };
      const row = one<{ salary: number; contributions: number; spending: number }>(
        `SELECT TOTAL(CASE WHEN category = 'Income' THEN amount END) AS salary,
                TOTAL(CASE WHEN amount > 0 AND category IN ('Transfers', 'Investments', 'Uncategorised') AND ${MATCHES} THEN amount END) AS contributions,
                -TOTAL(CASE WHEN ${SPENDING} THEN amount END) AS spending
         FROM transactions WHERE ${inPeriod} AND currency = $currency`,
        p,
      );
      const income = row.salary + row.contributions;
      return { ...row, income, net: income - row.spending, savingsRate: (income - row.spending) / income };
    },

    /** A category's spending in a period (a net refund is negative). */
    categorySpending(b: Bounds, currency: string, category: string) {
      return one<{ v: number }>(`SELECT -TOTAL(amount) AS v FROM transactions WHERE ${inPeriod} AND currency = $currency AND category = $category AND ${SPENDING}`, {
        ...b,
        currency,
        category,
      }).v;
    },

    /** Total spending of a period. */
    totalSpending(b: Bounds, currency: string) {
      return one<{ v: number }>(`SELECT -TOTAL(amount) AS v FROM transactions WHERE ${inPeriod} AND currency = $currency AND ${SPENDING}`, { ...b, currency }).v;
    },

    /** Spending per day, largest first (ties: earlier day first). */
    days(b: Bounds, currency: string) {
      return all<{ day: string; total: number; n: number }>(
        `SELECT date AS day, -SUM(amount) AS total, COUNT(*) AS n FROM transactions WHERE ${inPeriod} AND currency = $currency AND ${SPENDING}
         GROUP BY date ORDER BY total DESC, day`,
        { ...b, currency },
      );
    },

    /** One category's spending on Saturdays and Sundays (strftime %w: 6, 0). */
    weekend(b: Bounds, currency: string, category: string) {
      return all<{ wd: string; total: number; n: number }>(
        `SELECT strftime('%w', date) AS wd, -SUM(amount) AS total, COUNT(*) AS n FROM transactions
         WHERE ${inPeriod} AND currency = $currency AND category = $category AND strftime('%w', date) IN ('6', '0') GROUP BY wd ORDER BY wd DESC`,
        { ...b, currency, category },
      );
    },

    /** A text search folded as SPEC §1 says: matches and money out per currency. */
    search(term: string, b: Bounds) {
      return all<{ currency: string; n: number; out: number }>(
        `SELECT currency, COUNT(*) AS n, -TOTAL(CASE WHEN amount < 0 THEN amount END) AS out FROM transactions WHERE ${inPeriod} AND ${MATCHES} GROUP BY currency ORDER BY currency`,
        { ...b, term },
      );
    },

    /** Purchases made in another currency than booked (transaction_details), per original currency: original, booked, fees, purchases. */
    foreign(b: Bounds, booked: string) {
      return all<{ original_currency: string; original: number; booked: number; fees: number; purchases: number }>(
        `SELECT d.original_currency, TOTAL(CASE WHEN t.amount < 0 THEN abs(d.original_amount) ELSE -abs(d.original_amount) END) AS original,
                -TOTAL(t.amount) AS booked, TOTAL(abs(d.fees)) AS fees, TOTAL(t.amount < 0) AS purchases
         FROM transactions t JOIN transaction_details d ON d.transaction_id = t.transaction_id
         WHERE t.date BETWEEN $from AND $to AND t.currency = $booked AND d.original_currency <> t.currency AND ${SPENDING.replaceAll("category", "t.category").replaceAll("amount", "t.amount")}
         GROUP BY d.original_currency ORDER BY booked DESC`,
        { ...b, booked },
      );
    },

    /** Fee rows naming a foreign-currency fee, booked apart. */
    foreignFeeRows(b: Bounds, currency: string) {
      return one<{ total: number; n: number }>(
        `SELECT -TOTAL(amount) AS total, COUNT(*) AS n FROM transactions WHERE ${inPeriod} AND currency = $currency AND amount < 0 AND ${contains("raw_description")}`,
        { ...b, currency, term: "fremdwährung" },
      );
    },

    /**
     * An obligation's cost now: the sum of its payments on its latest due date (the day of its latest
     * payment and up to 3 days before), leaving out what the text names as a late fee or settlement;
     * `level` keeps only payments of at least that amount (a pass among tickets).
     */
    latestCycle(merchant: string, currency: string, level = 0) {
      return one<{ v: number }>(
        `WITH m AS (SELECT * FROM transactions WHERE merchant_name = $merchant AND currency = $currency AND amount < 0 AND -amount >= $level
                      AND raw_description NOT LIKE '%Mahngeb%' AND raw_description NOT LIKE '%abrechnung%')
         SELECT -SUM(amount) AS v FROM m WHERE date >= date((SELECT max(date) FROM m), '-3 days')`,
        { merchant, currency, level },
      ).v;
    },

    /** The counterparty's (transaction_details) latest payment, for a series the import left without a merchant. */
    latestOfCounterparty(counterparty: string) {
      return one<{ v: number }>(
        `SELECT -t.amount AS v FROM transactions t JOIN transaction_details d ON d.transaction_id = t.transaction_id
         WHERE d.counterparty = $counterparty AND t.amount < 0 ORDER BY t.date DESC LIMIT 1`,
        { counterparty },
      ).v;
    },

    /** The currency a category was spent in most, by amount, in a window (budget default). */
    mostSpentCurrency(b: Bounds, category: string) {
      return one<{ currency: string }>(
        `SELECT currency FROM transactions WHERE ${inPeriod} AND category = $category AND ${SPENDING} GROUP BY currency ORDER BY -SUM(amount) DESC LIMIT 1`,
        { ...b, category },
      ).currency;
    },

    /** The currency with the most rows (what budgets used to default to). */
    mostRowsCurrency() {
      return one<{ currency: string }>("SELECT currency FROM transactions GROUP BY currency ORDER BY COUNT(*) DESC LIMIT 1").currency;
    },

    /** Money out per currency of the rows a search matches (what an approval would move). */
    moneyPerCurrency(term: string) {
      return all<{ currency: string; total: number }>(`SELECT currency, SUM(amount) AS total FROM transactions WHERE ${MATCHES} GROUP BY currency ORDER BY currency`, { term });
    },
  };
}
