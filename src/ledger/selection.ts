/**
 * SQL selections of transactions, for the code that must ask SQLite itself (the
 * recategorisation preview and the writer, which re-selects the same rows inside its
 * write transaction). SQL is assembled only from fixed fragments here; every user
 * value is a bound parameter (`$name`, bound as `{ name }`: connections use strict: true).
 */
import { CATEGORY_SQL, UNCATEGORISED } from "./schema.ts";
import { MAX_AMOUNT } from "./ledger-load.ts";

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
  /** Case-insensitive substring of merchant_name or raw_description. */
  search?: string;
  /** Leave out rows already in this category. */
  notIn?: string;
};

/** `%`, `_` and the escape character itself become literal in a LIKE pattern. */
export function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * LIKE folds ASCII only, so "zürich" would miss "ZÜRICH". A term with non-ASCII letters is
 * matched with GLOB instead (case-sensitive, but with a [xX] class per letter), where % and _
 * are literal anyway and *, ? and [ are bracketed.
 */
export function globContainsAnyCase(term: string): string {
  let out = "*";
  for (const ch of term) {
    const lo = ch.toLowerCase();
    const up = ch.toUpperCase();
    if (lo !== up && [...lo].length === 1 && [...up].length === 1) out += `[${lo}${up}]`;
    else if (ch === "*" || ch === "?" || ch === "[") out += `[${ch}]`;
    else out += ch;
  }
  return `${out}*`;
}

const SEARCH_LIKE = "(merchant_name LIKE $search ESCAPE '\\' OR raw_description LIKE $search ESCAPE '\\')";
const SEARCH_GLOB = "(merchant_name GLOB $search OR raw_description GLOB $search)";
const NON_ASCII = /[^\x00-\x7f]/;

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
    const unicode = NON_ASCII.test(s.search);
    conds.push(unicode ? SEARCH_GLOB : SEARCH_LIKE);
    params.search = unicode ? globContainsAnyCase(s.search) : likeContains(s.search);
  }
  if (s.notIn !== undefined) {
    conds.push(`${CATEGORY_SQL} <> $notIn COLLATE NOCASE`);
    params.notIn = s.notIn;
  }
  return { sql: `WHERE ${conds.join(" AND ")}`, params };
}
