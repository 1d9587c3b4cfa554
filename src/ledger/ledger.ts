/**
 * The ledger: an in-memory, columnar snapshot of the `transactions` table.
 *
 * Why: the analysis tools must answer in ≤ 250 ms (p95) on a 1,000,000-row database,
 * and that database is the user's own file, opened read-only, with no index we can rely
 * on. Every SQL query is then a full table scan (~150–300 ms at 1M rows before any
 * grouping), so instead we read the table once into typed arrays and let the tools scan
 * those (a full pass over 1M rows is a few milliseconds). The caller owns freshness: it
 * rebuilds the ledger with `loadLedger(db)` whenever `PRAGMA data_version` changes. Read
 * the version *before* loading: a commit that lands in between then only costs one extra
 * rebuild, never a stale ledger. The load is one SELECT, hence one read transaction, so
 * the snapshot is consistent even while the pipeline imports.
 *
 * Measured (bench/ledger-load.ts, shared 2-core machine): load ~0.85 s and ~47 MB at 1M
 * rows, ~7 ms at 7,300; a full sum-by-category scan ~1.3 ms (SQL GROUP BY ~300–400 ms);
 * a text search ~9 ms (SQL LIKE ~110 ms).
 *
 * Invariants of a Ledger:
 * - Rows are sorted by (day ascending, id ascending). A date range is therefore one
 *   contiguous slice `[start, end)` of every column, found by binary search (`rangeOf`).
 * - Only rows whose `date` is a real calendar day written `YYYY-MM-DD` (optionally
 *   followed by `T…` or ` …`, a time part) are in the ledger; every other row is left
 *   out and only counted in `malformedDates` (SPEC §1: such rows are in no figure).
 * - Likewise a row whose amount is not finite or beyond ±1e12 (MAX_AMOUNT) is left out
 *   and only counted in `badAmounts` (SPEC §13).
 * - Strings are dictionary-encoded: each column holds an index into a deduplicated list
 *   of the distinct values. Hygiene (SPEC §1) happens here, once, so no tool can forget
 *   it: currency codes are trimmed and upper-cased (`chf`, `CHF ` and `CHF` are one
 *   currency); category names are trimmed and names equal ignoring letter case are ONE
 *   entry, spelt as the `categories` table spells it (else the row spelling seen most
 *   often). A NULL or blank category reads as `Uncategorised` and shares that entry; a
 *   NULL or blank merchant is -1 (`(unknown merchant)`); a NULL confidence (or no
 *   confidence column) is NaN; a NULL source (or no source column) is -1; a NULL account
 *   (or no account column) is -1.
 * - A NULL or non-numeric amount reads as 0, which is what SQL's SUM makes of it.
 * - A ledger is immutable once built (the folded dictionary copies used by text search
 *   are built lazily on the first search and then kept).
 */
import { foldText, SearchTerm, type FoldedText } from "../core/search-text.ts";

/** SPEC §1 hygiene: a currency code as every figure knows it (`chf ` → `CHF`). */
export function normaliseCurrency(code: string): string {
  return code.trim().toUpperCase();
}

/** SPEC §1 hygiene: the key under which category names are one category (trimmed, case-folded). */
export function foldCategory(name: string): string {
  return name.trim().normalize("NFC").toLowerCase();
}

/**
 * Which dictionary entries contain a search term. A row matches when its merchant's
 * entry or its description's entry is 1 (see `Ledger.rowMatches`).
 */
export type TextMatch = {
  /** The term as given. */
  readonly term: string;
  /** 1 where `merchants[k]` contains the term; indexed like `Ledger.merchants`. */
  readonly merchants: Uint8Array;
  /** 1 where `descriptions[k]` contains the term; indexed like `Ledger.descriptions`. */
  readonly descriptions: Uint8Array;
  /** Whether any entry matched at all (false: no row can match). */
  readonly any: boolean;
};

/**
 * A dictionary's entries by index: an array, or for the merchants and descriptions of a ledger built in its
 * worker (ledger-offthread.ts) PackedTexts. A million distinct descriptions cut into a million strings on the
 * server's thread made one of its collections of young objects pause it for 40–65 ms, and every later full
 * collection mark them all.
 */
export type TextList = { readonly length: number; at(k: number): string | undefined };

/** A dictionary as one string: entry k is `text.slice(ends[k - 1] ?? 0, ends[k])` (UTF-16 offsets). */
export type PackedDictionary = { text: string; ends: Float64Array };

/** A packed dictionary read in place: entry k is cut from the one string when asked. */
export class PackedTexts implements TextList {
  /** The entries as strings, made at the first pass over them all (a search, a merchant filter) and kept. */
  private all: string[] | null = null;
  constructor(readonly packed: PackedDictionary) {}
  get length(): number {
    return this.packed.ends.length;
  }
  /** As Array.prototype.at: a negative k counts from the end. */
  at(k: number): string | undefined {
    if (this.all) return this.all.at(k);
    const { text, ends } = this.packed;
    if (k < 0) k += ends.length;
    if (!(k >= 0 && k < ends.length)) return undefined;
    return text.slice(k === 0 ? 0 : ends[k - 1], ends[k]);
  }
  toArray(): string[] {
    return (this.all ??= Array.from({ length: this.length }, (_, k) => this.at(k)!));
  }
  /** As an array in JSON (the ledger cache file writes its dictionaries so). */
  toJSON(): string[] {
    return this.toArray();
  }
}

/** A TextList's entries as an array (a serialiser's or a whole-dictionary pass's view). */
export function textsOf(list: TextList): readonly string[] {
  return list instanceof PackedTexts ? list.toArray() : (list as readonly string[]);
}

// ---------------------------------------------------------------------------------
// The ledger

export type LedgerColumns = {
  size: number;
  id: Float64Array;
  day: Int32Array;
  month: Int32Array;
  amount: Float64Array;
  currency: Uint16Array;
  currencies: readonly string[];
  category: Uint16Array;
  categoryNames: readonly string[];
  merchant: Int32Array;
  merchants: TextList;
  description: Int32Array;
  descriptions: TextList;
  confidence: Float64Array;
  hasConfidence: boolean;
  source: Int16Array;
  sources: readonly string[];
  hasSource: boolean;
  account: Int32Array;
  accounts: readonly string[];
  hasAccount: boolean;
  malformedDates: number;
  badAmounts: number;
};

/**
 * A ledger's typed columns (one value per row) and its dictionaries (the strings the columns index), in the order
 * its serialisers write them: the cache file (ledger-cache.ts) and the worker's message (ledger-offthread.ts).
 */
export const LEDGER_COLUMN_NAMES = ["id", "day", "month", "amount", "currency", "category", "merchant", "description", "confidence", "source", "account"] as const satisfies readonly (keyof LedgerColumns)[];
export const LEDGER_DICTIONARY_NAMES = ["currencies", "categoryNames", "merchants", "descriptions", "sources", "accounts"] as const satisfies readonly (keyof LedgerColumns)[];
export type LedgerColumnName = (typeof LEDGER_COLUMN_NAMES)[number];
export type LedgerDictionaryName = (typeof LEDGER_DICTIONARY_NAMES)[number];

export class Ledger implements LedgerColumns {
  /** Number of rows in the ledger (well-formed dates only). */
  readonly size: number;
  /** transactions.id */
  readonly id: Float64Array;
  /** yyyymmdd of the row's date, ascending. */
  readonly day: Int32Array;
  /** year*12 + month-1 of the row's date (monthKey), ascending. */
  readonly month: Int32Array;
  readonly amount: Float64Array;
  /** Index into `currencies`. */
  readonly currency: Uint16Array;
  readonly currencies: readonly string[];
  /** Index into `categoryNames` (NULL → the `Uncategorised` entry). */
  readonly category: Uint16Array;
  /** Distinct categories as stored, case preserved, in order of first appearance. */
  readonly categoryNames: readonly string[];
  /** Index into `merchants`, -1 for a NULL merchant_name. */
  readonly merchant: Int32Array;
  readonly merchants: TextList;
  /** Index into `descriptions` (raw_description). */
  readonly description: Int32Array;
  readonly descriptions: TextList;
  /** NaN when NULL or when the database has no confidence column. */
  readonly confidence: Float64Array;
  readonly hasConfidence: boolean;
  /** Index into `sources`, -1 when NULL or when the database has no source column. */
  readonly source: Int16Array;
  readonly sources: readonly string[];
  readonly hasSource: boolean;
  /** Index into `accounts`, -1 when NULL or when the database has no account column. */
  readonly account: Int32Array;
  /** Distinct accounts (the import's IBAN/card/name), in order of first appearance. */
  readonly accounts: readonly string[];
  /** Whether `transactions` has an `account` column (the import adds it). */
  readonly hasAccount: boolean;
  /** Rows left out because their date is not a well-formed day (see parseDay). */
  readonly malformedDates: number;
  /** Rows left out because their amount is not finite or beyond ±MAX_AMOUNT. */
  readonly badAmounts: number;
  /** yyyymmdd of the first and last row, null when the ledger is empty. */
  readonly firstDay: number | null;
  readonly lastDay: number | null;

  private foldedMerchants: FoldedText[] | null = null;
  private foldedDescriptions: FoldedText[] | null = null;

  constructor(c: LedgerColumns) {
    this.size = c.size;
    this.id = c.id;
    this.day = c.day;
    this.month = c.month;
    this.amount = c.amount;
    this.currency = c.currency;
    this.currencies = c.currencies;
    this.category = c.category;
    this.categoryNames = c.categoryNames;
    this.merchant = c.merchant;
    this.merchants = c.merchants;
    this.description = c.description;
    this.descriptions = c.descriptions;
    this.confidence = c.confidence;
    this.hasConfidence = c.hasConfidence;
    this.source = c.source;
    this.sources = c.sources;
    this.hasSource = c.hasSource;
    this.account = c.account;
    this.accounts = c.accounts;
    this.hasAccount = c.hasAccount;
    this.malformedDates = c.malformedDates;
    this.badAmounts = c.badAmounts;
    this.firstDay = c.size > 0 ? c.day[0]! : null;
    this.lastDay = c.size > 0 ? c.day[c.size - 1]! : null;
  }

  // Row i's values, typed: `i` is a row of this ledger (0 ≤ i < size, as its ranges and
  // matches hand them out), so no caller writes the `!` an indexed typed array asks for.

  /** transactions.id of row i. */
  idAt(i: number): number {
    return this.id[i]!;
  }
  /** yyyymmdd of row i. */
  dayAt(i: number): number {
    return this.day[i]!;
  }
  /** monthKey of row i. */
  monthAt(i: number): number {
    return this.month[i]!;
  }
  amountAt(i: number): number {
    return this.amount[i]!;
  }
  /** NaN when unknown. */
  confidenceAt(i: number): number {
    return this.confidence[i]!;
  }
  /** Row i's index into `currencies`. */
  currencyAt(i: number): number {
    return this.currency[i]!;
  }
  /** Row i's index into `categoryNames`. */
  categoryAt(i: number): number {
    return this.category[i]!;
  }
  /** Row i's index into `merchants`, -1 for none. */
  merchantAt(i: number): number {
    return this.merchant[i]!;
  }
  /** Row i's index into `descriptions`. */
  descriptionAt(i: number): number {
    return this.description[i]!;
  }
  /** Row i's index into `accounts`, -1 for none. */
  accountAt(i: number): number {
    return this.account[i]!;
  }
  /** Row i's currency code. */
  currencyCode(i: number): string {
    return this.currencies[this.currency[i]!]!;
  }
  /** Row i's category as the data spells it. */
  categoryName(i: number): string {
    return this.categoryNames[this.category[i]!]!;
  }
  /** Row i's merchant name, or null for none. */
  merchantName(i: number): string | null {
    return this.merchantNameOf(this.merchant[i]!);
  }
  /** Row i's bank description. */
  descriptionText(i: number): string {
    return this.descriptions.at(this.description[i]!)!;
  }
  /** Row i's account, or null for none. */
  accountName(i: number): string | null {
    return this.accountNameOf(this.account[i]!);
  }

  // The dictionaries by index (an index a column or a grouping of this ledger gave).

  currencyCodeOf(k: number): string {
    return this.currencies[k]!;
  }
  categoryNameOf(k: number): string {
    return this.categoryNames[k]!;
  }
  /** null for -1 (no merchant). */
  merchantNameOf(k: number): string | null {
    return k < 0 ? null : this.merchants.at(k)!;
  }
  /** null for -1 (no account). */
  accountNameOf(k: number): string | null {
    return k < 0 ? null : this.accounts[k]!;
  }

  /**
   * The rows whose day lies in [from, to] (inclusive yyyymmdd bounds; either may be
   * omitted) as a half-open slice [start, end). Empty ranges have start === end.
   */
  rangeOf(from?: number, to?: number): [start: number, end: number] {
    const start = from === undefined ? 0 : this.lowerBound(from);
    const end = to === undefined ? this.size : this.lowerBound(to + 1);
    return end < start ? [start, start] : [start, end];
  }

  /** First row whose day is ≥ day (size when none). */
  private lowerBound(day: number): number {
    const days = this.day;
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (days[mid]! < day) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index of a category name (trimmed, any letter case: names are folded at load), or -1. */
  categoryIndex(name: string): number {
    const exact = this.categoryNames.indexOf(name);
    if (exact >= 0) return exact;
    const key = foldCategory(name);
    return this.categoryNames.findIndex((n) => foldCategory(n) === key);
  }

  /** Index of a currency code (trimmed, any letter case), or -1. */
  currencyIndex(code: string): number {
    return this.currencies.indexOf(normaliseCurrency(code));
  }

  /**
   * Which merchants and descriptions contain `term`, as every search folds it
   * (src/core/search-text.ts: case, accents and ü = ue = u, so "Zuerich" finds "ZÜRICH"),
   * a plain substring (`%` and `_` are ordinary characters). An empty term matches every
   * entry. Each dictionary entry is folded once, at the first search of this ledger.
   */
  textMatch(term: string): TextMatch {
    const t = new SearchTerm(term);
    this.foldedMerchants ??= textsOf(this.merchants).map(foldText);
    this.foldedDescriptions ??= textsOf(this.descriptions).map(foldText);
    const fm = this.foldedMerchants;
    const fd = this.foldedDescriptions;
    const merchants = new Uint8Array(fm.length);
    const descriptions = new Uint8Array(fd.length);
    let any = false;
    for (let k = 0; k < fm.length; k++) {
      if (t.inFolded(fm[k]!)) {
        merchants[k] = 1;
        any = true;
      }
    }
    for (let k = 0; k < fd.length; k++) {
      if (t.inFolded(fd[k]!)) {
        descriptions[k] = 1;
        any = true;
      }
    }
    return { term, merchants, descriptions, any };
  }

  /** Whether row i matches a TextMatch (its merchant or its description contains the term). */
  rowMatches(match: TextMatch, i: number): boolean {
    if (match.descriptions[this.description[i]!] === 1) return true;
    const m = this.merchant[i];
    return m! >= 0 && match.merchants[m!] === 1;
  }

  /** Ascending indexes of the rows in [start, end) that match `term` (see textMatch). */
  matchingRows(term: string | TextMatch, start = 0, end = this.size): Int32Array {
    const match = typeof term === "string" ? this.textMatch(term) : term;
    if (!match.any || end <= start) return new Int32Array(0);
    const dm = match.descriptions;
    const mm = match.merchants;
    const desc = this.description;
    const mer = this.merchant;
    const out = new Int32Array(end - start);
    let n = 0;
    for (let i = start; i < end; i++) {
      const m = mer[i];
      if (dm[desc[i]!] === 1 || (m! >= 0 && mm[m!] === 1)) out[n++] = i;
    }
    return out.slice(0, n);
  }
}

// ---------------------------------------------------------------------------------
// Loading
