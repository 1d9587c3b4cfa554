/**
 * SQL selections of transactions, for the code that must ask SQLite itself (the
 * recategorisation preview and the writer, which re-selects the same rows inside its
 * write transaction). SQL is assembled only from fixed fragments here; every user
 * value is a bound parameter (`$name`, bound as `{ name }`: connections use strict: true).
 */
import { CATEGORY_SQL, UNCATEGORISED } from "./schema.ts";
import { MAX_AMOUNT } from "./ledger-load.ts";
import { SEARCH_SQL_FUNCTION } from "../core/search-text.ts";

export type Where = {
  /** "WHERE …" — contains no user values. */
  sql: string;
  params: Record<string, string | number>;
};

export type Selection = {
  /** Inclusive date bounds ('YYYY-MM-DD'). */
  from?: string;
  to?: string;
  /** Exact category name; NULL rows count as Uncategorised. */
  category?: string;
  /** Substring of merchant_name or raw_description, folded as every search folds (src/core/search-text.ts). */
  search?: string;
  /** Leave out rows already in this category. */
  notIn?: string;
};

/**
 * A text search in SQL, folded exactly as the ledger's (SPEC §1: case, accents, ü = ue = u …):
 * the connection must have the search function (registerSearchFunction; BudgetDb and the
 * recategorisation's writer register it). `%` and `_` are ordinary characters.
 */
const SEARCH = `${SEARCH_SQL_FUNCTION}($search, merchant_name, raw_description)`;

/**
 * A real calendar day written YYYY-MM-DD, optionally followed by a time part (SQLite's
 * date() normalises 2025-02-30 to 2025-03-02 and rejects 2025-13-01): rows with other
 * dates are left out of every figure, and so out of every selection.
 */
const WELL_FORMED_DATE = "(date(substr(date, 1, 10)) = substr(date, 1, 10) AND (length(date) = 10 OR substr(date, 11, 1) IN ('T', ' ')))";

/**
 * An amount that is money (SPEC §13): finite and within ±MAX_AMOUNT, as the ledger reads it.
 * NULL and text that is no number count as 0 there, so they stay; Infinity and 1e300 do not.
 */
const WELL_FORMED_AMOUNT = `(amount IS NULL OR abs(CAST(amount AS REAL)) <= ${MAX_AMOUNT})`;

/** The WHERE clause of a selection. Dates compare on their first ten characters (a time part is fine). */
export function whereOf(s: Selection): Where {
  const conds: string[] = [WELL_FORMED_DATE, WELL_FORMED_AMOUNT];
  const params: Record<string, string> = {};
  if (s.from !== undefined) {
    conds.push("substr(date, 1, 10) >= $from");
    params.from = s.from;
  }
  if (s.to !== undefined) {
    conds.push("substr(date, 1, 10) <= $to");
    params.to = s.to;
  }
  // Category names equal ignoring case and surrounding spaces are one category (SPEC §1 hygiene),
  // as in the ledger; SQLite's NOCASE folds ASCII letters only.
  if (s.category !== undefined) {
    conds.push(
      s.category === UNCATEGORISED
        ? "(category IS NULL OR TRIM(category) = '' OR TRIM(category) = $category COLLATE NOCASE)"
        : "TRIM(category) = $category COLLATE NOCASE",
    );
    params.category = s.category;
  }
  if (s.search !== undefined) {
    conds.push(SEARCH);
    params.search = s.search;
  }
  if (s.notIn !== undefined) {
    conds.push(`${CATEGORY_SQL} <> $notIn COLLATE NOCASE`);
    params.notIn = s.notIn;
  }
  return { sql: `WHERE ${conds.join(" AND ")}`, params };
}
