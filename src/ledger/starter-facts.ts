/**
 * What the chat's starter questions are made of (src/ui/starter-questions.ts): the data's first
 * and last day, its largest spending categories and its accounts by rows. From the ledger when
 * it is read already; else from one grouped SELECT, so that the first page after a start does
 * not wait for the ledger to be read. Both give the same facts: the SELECT keeps exactly the
 * rows the ledger keeps (well-formed day and amount, ledger-load.ts) and names, folds and
 * counts categories, currencies and accounts as the ledger and its summary do.
 */
import type { Database } from "bun:sqlite";
import { parseDay } from "./calendar.ts";
import { foldCategory, type Ledger, normaliseCurrency } from "./ledger.ts";
import { asText, MAX_AMOUNT } from "./ledger-load.ts";
import { UNCATEGORISED } from "./schema.ts";

export type StarterFacts = {
  /** The first and last well-formed day (yyyymmdd); null without rows. */
  firstDay: number | null;
  lastDay: number | null;
  /**
   * The spending categories (`isSpending`) with more money out than in, in the main currency (most
   * rows) over the whole data: largest first, ties by name.
   */
  topSpending: string[];
  /** The accounts with rows, most rows first, ties by name. */
  accounts: string[];
};

type Total = { name: string; total: number };

/** The categories spent most on: positive net money out, spending only, largest first (ties by name). */
function largestSpending(totals: Total[], isSpending: (category: string) => boolean): string[] {
  return totals
    .filter((c) => c.total > 0 && isSpending(c.name))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))
    .map((c) => c.name);
}

/** Most rows first, ties by name: the order of the summary's currencies and accounts (reader.ts). */
function byRows(counts: Map<string, number>): string[] {
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
}

/** From a ledger that is read already, with its summary's main currency and accounts. */
export function starterFactsOfLedger(
  l: Ledger,
  summary: { currency: string; accounts: { account: string }[] },
  isSpending: (category: string) => boolean,
): StarterFacts {
  const main = l.currencyIndex(summary.currency);
  const spent = new Float64Array(l.categoryNames.length);
  for (let i = 0; i < l.size; i++) if (l.currency[i] === main) spent[l.category[i]!]! -= l.amount[i]!;
  return {
    firstDay: l.firstDay,
    lastDay: l.lastDay,
    topSpending: largestSpending(
      l.categoryNames.map((name, c) => ({ name, total: spent[c]! })),
      isSpending,
    ),
    accounts: summary.accounts.map((a) => a.account),
  };
}

/** One group of the SELECT: rows alike in category, currency and account as stored. */
type Group = { category: unknown; currency: unknown; account: unknown; n: number; total: number; firstId: number; first: string; last: string };

/**
 * From one SELECT over `transactions`, grouped by category, currency and account as stored (a
 * few hundred groups at most), without reading the ledger.
 */
export function readStarterFacts(db: Database, isSpending: (category: string) => boolean): StarterFacts {
  const cols = new Set((db.query("SELECT name FROM pragma_table_info('transactions')").values() as [string][]).map((r) => r[0]));
  // The ledger's rows (ledger-load.ts): a real YYYY-MM-DD day (calendar.ts parseDay: SQLite's date()
  // moves 2025-02-30 on to March, so it does not give the same text back), optionally followed by a
  // time after T or a space; an amount read as a number (text as its leading number, NULL as 0)
  // within ±MAX_AMOUNT, text that parseFloat reads as ±Infinity left out too (CAST reads it as 0).
  const groups = db
    .query(
      `SELECT category, currency, account, count(*) AS n, sum(amount) AS total, min(id) AS firstId, min(day) AS first, max(day) AS last
       FROM (SELECT category, currency, ${cols.has("account") ? "account" : "NULL AS account"}, id, substr(date, 1, 10) AS day,
               coalesce(CAST(amount AS REAL), 0) AS amount
             FROM transactions
             WHERE date GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]*' AND (length(date) = 10 OR substr(date, 11, 1) IN ('T', ' '))
               AND date(substr(date, 1, 10)) IS substr(date, 1, 10)
               AND NOT (typeof(amount) = 'text' AND (ltrim(amount, char(32, 9, 10, 11, 12, 13)) GLOB '[+-]Infinity*' OR ltrim(amount, char(32, 9, 10, 11, 12, 13)) GLOB 'Infinity*')))
       WHERE abs(amount) <= ${MAX_AMOUNT}
       GROUP BY category, currency, account`,
    )
    .all() as Group[];

  // The main currency: most rows once spelt alike (ledger.ts normaliseCurrency).
  const currencyOf = (g: Group) => normaliseCurrency(asText(g.currency) ?? "");
  const currencyRows = new Map<string, number>();
  for (const g of groups) currencyRows.set(currencyOf(g), (currencyRows.get(currencyOf(g)) ?? 0) + g.n);
  const main = byRows(currencyRows)[0];

  // Categories as the ledger names them (ledger-load.ts canonicalCategories): trimmed (blank or NULL:
  // Uncategorised), one per folded name, spelt as the categories table spells it, else as most rows do
  // (ties: the spelling of the lowest id).
  const spellings = new Map<string, { rows: number; firstId: number; spent: number }>();
  for (const g of groups) {
    const name = (asText(g.category) ?? UNCATEGORISED).trim() || UNCATEGORISED;
    const s = spellings.get(name) ?? { rows: 0, firstId: Number.POSITIVE_INFINITY, spent: 0 };
    s.rows += g.n;
    s.firstId = Math.min(s.firstId, g.firstId);
    if (currencyOf(g) === main) s.spent -= g.total;
    spellings.set(name, s);
  }
  const tableNames = new Map<string, string>();
  if ((db.query("SELECT 1 FROM pragma_table_info('categories') WHERE name = 'name'").values() as unknown[]).length) {
    for (const [name] of db.query("SELECT name FROM categories WHERE name IS NOT NULL ORDER BY name").values() as [unknown][]) {
      const text = asText(name)?.trim();
      if (text && !tableNames.has(foldCategory(text))) tableNames.set(foldCategory(text), text);
    }
  }
  const categories = new Map<string, { name: string; rows: number; firstId: number; total: number }>();
  for (const [name, s] of spellings) {
    const key = foldCategory(name);
    const c = categories.get(key);
    if (!c) categories.set(key, { name, rows: s.rows, firstId: s.firstId, total: s.spent });
    else {
      if (s.rows > c.rows || (s.rows === c.rows && s.firstId < c.firstId)) Object.assign(c, { name, rows: s.rows, firstId: s.firstId });
      c.total += s.spent;
    }
  }

  const accountRows = new Map<string, number>();
  for (const g of groups) {
    const account = asText(g.account);
    if (account !== null) accountRows.set(account, (accountRows.get(account) ?? 0) + g.n);
  }
  const days = groups.flatMap((g) => [parseDay(g.first)!, parseDay(g.last)!]);
  return {
    firstDay: days.length ? Math.min(...days) : null,
    lastDay: days.length ? Math.max(...days) : null,
    topSpending: largestSpending(
      [...categories].map(([key, c]) => ({ name: tableNames.get(key) ?? c.name, total: c.total })),
      isSpending,
    ),
    accounts: byRows(accountRows),
  };
}
