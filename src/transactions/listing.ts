/**
 * Listing transactions for the Transactions page, its JSON API and its CSV (SPEC §12):
 * the filtered rows in page order, how many there are, and their totals per currency.
 *
 * Computed on the in-memory ledger (src/ledger/ledger.ts), never with SQL: budget.db has
 * no index we can rely on, so every SQL page query is a full table scan plus a sort,
 * while one pass over the ledger's typed arrays costs a few milliseconds at 1M rows
 * (bench/transactions-page.ts prints both). Newest first is the ledger's own order read
 * backwards; largest amount first reads a permutation sorted once per ledger. Either way
 * a page is an offset into one pass that also counts the rows and sums the totals, so
 * page 20,000 costs what page 1 costs.
 */
import { dayToIso, parseDay } from "../ledger/calendar.ts";
import { textsOf, type Ledger } from "../ledger/ledger.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import { NO_ACCOUNT, UNKNOWN_MERCHANT } from "../ledger/schema.ts";
import { ToolInputError } from "../core/errors.ts";
import { resolveCategory } from "../ledger/categories.ts";
import { fold, PAGE_SIZE, TransactionQueryError, type RowsFilter, type TransactionFilters, type TransactionQuery } from "./query.ts";

export type TransactionRow = {
  id: number;
  date: string;
  /** As stored: negative = money out. */
  amount: number;
  currency: string;
  /** null: the row has no merchant name. */
  merchant: string | null;
  category: string;
  description: string;
  /** null: unknown (no account column, or NULL). */
  account: string | null;
  /** Where the row came from, where known (a page's rows: SPEC §11.1 "every transaction shows its origin"). */
  origin?: RowOrigin;
};

/** A row's origin: the statement file and line it was imported from (transaction_details), else its import batch. */
export type RowOrigin = { file?: string; line?: number; batch?: string };

/** Money out (positive), money in and net of the filtered rows in one currency. */
export type CurrencyTotal = { currency: string; rows: number; out: number; in: number; net: number };

export type TransactionPage = {
  totalRows: number;
  /** Main currency (most rows) first. */
  totals: CurrencyTotal[];
  rows: TransactionRow[];
  page: number;
  pageSize: number;
  /** At least 1. */
  pages: number;
  /** The category as the data spells it, when the query names one. */
  category?: string;
};

/** Which rows pass: resolved once per request. */
type Matcher = {
  from?: number;
  to?: number;
  currency?: Uint8Array;
  category?: Uint8Array;
  merchant?: { known: Uint8Array; unknown: boolean };
  /** The accounts picked; `none`: the rows without an account too ("(no account)", when no account is named so). */
  account?: { known: Uint8Array; none: boolean };
  /** `id` (of a filter set of `any`): these transactions only. */
  ids?: ReadonlySet<number>;
  /** `amount` (of a filter set of `any`): this signed amount only, in cents. */
  cents?: number;
  text?: ReturnType<Ledger["textMatch"]>;
  min?: number;
  max?: number;
  direction?: "out" | "in";
  /** `any`: the row passes at least one of these too (each with its own dates). */
  any?: Matcher[];
};


/** A mask over a dictionary: 1 where the entry is one of `wanted`, ignoring case and surrounding spaces (one pass however many). */
function maskOf(values: readonly string[], wanted: readonly string[]): Uint8Array {
  const w = new Set(wanted.map(fold));
  return Uint8Array.from(values, (v) => (w.has(fold(v)) ? 1 : 0));
}

/** Per ledger: the indexes of its merchant names by their folded form (every spelling of a name), made once. */
const spellingsOf = (() => {
  const made = new WeakMap<Ledger, Map<string, number[]>>();
  return (l: Ledger): Map<string, number[]> => {
    let m = made.get(l);
    if (!m) {
      m = new Map();
      textsOf(l.merchants).forEach((v, k) => {
        const f = fold(v);
        const list = m!.get(f);
        if (list) list.push(k);
        else m!.set(f, [k]);
      });
      made.set(l, m);
    }
    return m;
  };
})();

/**
 * A mask over the merchant names: per wanted name, the names spelled so (surrounding spaces aside, as the query trims
 * them) when the rows the other filters select have one, else every name equal ignoring case and surrounding spaces.
 * The tools group merchants by their name as stored ("Migros" and "MIGROS" are two lines of a merchant list), so a
 * figure's link to "Migros" opens that line's rows, not MIGROS's too; a name typed in another case than any stored
 * ("migros"), or one whose spelling the selected rows do not have ("Denner" of 2025, when only 2024 spells it so), finds
 * every spelling. `present`: the merchant names of the rows the other filters select (asked only when a name has
 * several spellings).
 */
function merchantMask(l: Ledger, wanted: readonly string[], present: () => Uint8Array): Uint8Array {
  const values = textsOf(l.merchants);
  const mask = new Uint8Array(values.length);
  const byFold = spellingsOf(l);
  for (const w of wanted) {
    const every = byFold.get(fold(w)) ?? [];
    const exact = every.filter((k) => values[k]!.trim() === w.trim());
    const own = exact.length && exact.length < every.length && exact.some((k) => present()[k]) ? exact : every;
    for (const k of own) mask[k] = 1;
  }
  return mask;
}

/** The merchant names of the rows `m` selects (its merchant filter aside) within `outer`'s filters too. */
function presentMerchants(l: Ledger, m: Matcher, outer?: Matcher): Uint8Array {
  const seen = new Uint8Array(textsOf(l.merchants).length);
  const bound = (k: "from" | "to", pick: (a: number, b: number) => number) => {
    const v = [m[k], outer?.[k]].filter((x): x is number => x !== undefined);
    return v.length ? pick(...(v as [number, number])) : undefined;
  };
  const [start, end] = l.rangeOf(bound("from", Math.max), bound("to", Math.min));
  for (let i = start; i < end; i++) {
    if (!passes(l, m, i) || (outer && !passes(l, outer, i))) continue;
    const k = l.merchantAt(i);
    if (k >= 0) seen[k] = 1;
  }
  return seen;
}

/** The fields of a filter set that a dictionary mask or a search answers: several values of one are one mask (any of them). */
const MASKED = ["q", "category", "merchant", "account", "currency", "id"] as const;
type Masked = (typeof MASKED)[number];

/** Filters whose masked fields each hold one value or several: the row passes when it matches any of them. */
export type SetFilter = Omit<TransactionFilters, Masked | "any"> & { [K in Masked]?: readonly string[] } & { amount?: string };

/** The query's own filters, or a filter set of `any`, as a SetFilter (each masked field one value). */
function asSet(f: Omit<TransactionFilters, "any"> & { id?: string; amount?: string }): SetFilter {
  const out: SetFilter = { from: f.from, to: f.to, min: f.min, max: f.max, direction: f.direction, amount: f.amount };
  for (const k of MASKED) if (f[k] !== undefined) out[k] = [f[k]];
  return out;
}

/**
 * The filter sets of `any` with those that differ in one masked field only merged into one set that
 * takes any of their values: 100 merchants of one year are one set with a mask of 100 merchants (a row
 * is read once, not once per set; 100 sets cost seconds at 1M rows), 14 categories one category mask,
 * 100 searches one search of any of them. Each merge keeps the union exactly: (A ∧ x) ∨ (A ∧ y) is
 * A ∧ (x ∨ y).
 */
export function mergedSets(sets: readonly RowsFilter[]): SetFilter[] {
  let parts = sets.map(asSet);
  for (const field of MASKED) {
    const byRest = new Map<string, SetFilter>();
    const out: SetFilter[] = [];
    for (const p of parts) {
      const rest = JSON.stringify(Object.entries(p).filter(([k, v]) => k !== field && v !== undefined));
      const same = p[field] ? byRest.get(rest) : undefined;
      if (same) same[field] = [...same[field]!, ...p[field]!];
      else {
        const own = { ...p };
        if (p[field]) byRest.set(rest, own);
        out.push(own);
      }
    }
    parts = out;
  }
  return parts;
}

/** Several searches as one: a row matches when its merchant or description contains any of the terms. */
function anyText(l: Ledger, terms: readonly string[]): ReturnType<Ledger["textMatch"]> {
  const [first, ...more] = terms.map((t) => l.textMatch(t));
  for (const m of more) {
    for (let k = 0; k < m.merchants.length; k++) first!.merchants[k]! |= m.merchants[k]!;
    for (let k = 0; k < m.descriptions.length; k++) first!.descriptions[k]! |= m.descriptions[k]!;
  }
  return { ...first!, term: terms.join(" | "), any: [first!, ...more].some((m) => m.any) };
}

/** `outer`: the query's own filters, of a filter set of `any` (its merchant's spelling is looked for within both). */
function matcherOf(db: BudgetDb, l: Ledger, f: SetFilter, any?: readonly RowsFilter[], outer?: Matcher): Matcher {
  const m: Matcher = {
    from: f.from === undefined ? undefined : parseDay(f.from)!,
    to: f.to === undefined ? undefined : parseDay(f.to)!,
    min: f.min,
    max: f.max,
    direction: f.direction,
  };
  // Names equal ignoring case are one category (SPEC §1 hygiene).
  if (f.category !== undefined) m.category = maskOf(l.categoryNames, f.category.map((c) => categoryOf(db, c)));
  if (f.currency !== undefined) {
    const wanted = new Set(f.currency);
    m.currency = Uint8Array.from(l.currencies, (c) => (wanted.has(c.trim().toUpperCase()) ? 1 : 0));
  }
  if (f.account !== undefined) {
    const known = maskOf(l.accounts, f.account);
    m.account = { known, none: f.account.some((a) => fold(a) === fold(NO_ACCOUNT)) && !l.accounts.some((a) => fold(a) === fold(NO_ACCOUNT)) };
  }
  if (f.id !== undefined) m.ids = new Set(f.id.map(Number));
  if (f.amount !== undefined) m.cents = Math.round(Number(f.amount) * 100);
  if (f.q !== undefined) m.text = anyText(l, f.q);
  if (any?.length) {
    m.any = mergedSets(any).map((part) => matcherOf(db, l, part, undefined, m));
    // The scan reads only the days some filter set can match: within the query's dates, from the earliest set's first day to the latest set's last.
    const ends = (k: "from" | "to") => (m.any!.some((a) => a[k] === undefined) ? undefined : m.any!.map((a) => a[k]!));
    const from = ends("from");
    const to = ends("to");
    if (from) m.from = Math.max(m.from ?? -Infinity, Math.min(...from));
    if (to) m.to = Math.min(m.to ?? Infinity, Math.max(...to));
  }
  // Last: a merchant's spelling is looked for among the rows every other filter selects.
  if (f.merchant !== undefined) {
    const isUnknown = (v: string) => fold(v) === fold(UNKNOWN_MERCHANT);
    const unknown = f.merchant.some(isUnknown);
    let present: Uint8Array | undefined;
    const known = merchantMask(l, f.merchant.filter((v) => !isUnknown(v)), () => (present ??= presentMerchants(l, m, outer)));
    // "Unknown merchant" is the rows without a merchant name, and those whose name is blank.
    if (unknown) textsOf(l.merchants).forEach((v, k) => v.trim() === "" && (known[k] = 1));
    m.merchant = { known, unknown };
  }
  return m;
}

/** The category as the data spells it; an unknown one is a refused query (the message lists the names). */
function categoryOf(db: BudgetDb, name: string): string {
  try {
    return resolveCategory(db, name);
  } catch (e) {
    if (e instanceof ToolInputError) throw new TransactionQueryError(e.message);
    throw e;
  }
}

/** The matcher of a query, and its category as the data spells it (when it names one). */
function queryMatcher(db: BudgetDb, l: Ledger, q: TransactionFilters): { m: Matcher; category?: string } {
  const m = matcherOf(db, l, asSet(q), q.any);
  return { m, ...(q.category !== undefined ? { category: categoryOf(db, q.category) } : {}) };
}

/** Whether row i passes a filter set of `any`, its dates included. */
function passesAny(l: Ledger, a: Matcher, i: number): boolean {
  const d = l.dayAt(i);
  return (a.from === undefined || d >= a.from) && (a.to === undefined || d <= a.to) && passes(l, a, i);
}

/** Whether row i passes everything but the date (the callers bound the dates themselves). */
function passes(l: Ledger, m: Matcher, i: number): boolean {
  if (m.currency && !m.currency[l.currencyAt(i)]) return false;
  if (m.category && !m.category[l.categoryAt(i)]) return false;
  const a = l.amountAt(i);
  if (m.direction === "out" ? a >= 0 : m.direction === "in" ? a <= 0 : false) return false;
  if (m.min !== undefined && Math.abs(a) < m.min) return false;
  if (m.max !== undefined && Math.abs(a) > m.max) return false;
  if (m.merchant) {
    const k = l.merchantAt(i);
    if (k < 0 ? !m.merchant.unknown : !m.merchant.known[k]) return false;
  }
  if (m.account) {
    const k = l.accountAt(i);
    if (k < 0 ? !m.account.none : !m.account.known[k]) return false;
  }
  if (m.ids && !m.ids.has(l.idAt(i))) return false;
  if (m.cents !== undefined && Math.round(a * 100) !== m.cents) return false;
  if (m.text && !l.rowMatches(m.text, i)) return false;
  if (m.any && !m.any.some((a) => passesAny(l, a, i))) return false;
  return true;
}

/**
 * The rows that pass, in page order (`sort`): every one through `each` (for the count and
 * the totals) in date order, and the page's slice [offset, offset + size) as ledger indexes.
 * Newest first reads the date slice backwards. Largest first reads the same slice forwards
 * (sequential reads: fast), collects each match's rank in the amount order (built once per
 * ledger), and keeps only the ranks the page needs (a bounded heap for the first pages,
 * one native sort of the ranks for deep ones), so it never walks 1M rows in random order.
 */
function scan(l: Ledger, m: Matcher, sort: "date" | "amount", each: (i: number) => void, offset = 0, size = Number.POSITIVE_INFINITY): number[] {
  const [start, end] = l.rangeOf(m.from, m.to);
  const page: number[] = [];
  if (sort === "date") {
    let n = 0;
    for (let i = end - 1; i >= start; i--) {
      if (!passes(l, m, i)) continue;
      if (n >= offset && n < offset + size) page.push(i);
      n++;
      each(i);
    }
    return page;
  }
  const { order, rank } = amountOrder(l);
  const wanted = offset + size;
  const heapMax = Number.isFinite(wanted) && wanted <= 2000 ? wanted : 0;
  // A max-heap of the smallest ranks seen (the root is the largest of them), when the page is near the top.
  const heap = new Int32Array(heapMax);
  let h = 0;
  const all: number[] = [];
  for (let i = start; i < end; i++) {
    if (!passes(l, m, i)) continue;
    each(i);
    const r = rank[i]!;
    if (!heapMax) {
      all.push(r);
      continue;
    }
    if (h < heapMax) {
      let k = h++;
      heap[k] = r;
      while (k > 0 && heap[(k - 1) >> 1]! < heap[k]!) {
        const p = (k - 1) >> 1;
        [heap[k], heap[p]] = [heap[p]!, heap[k]!];
        k = p;
      }
    } else if (r < heap[0]!) {
      heap[0] = r;
      for (let k = 0; ; ) {
        const a = 2 * k + 1;
        const b = a + 1;
        let big = k;
        if (a < h && heap[a]! > heap[big]!) big = a;
        if (b < h && heap[b]! > heap[big]!) big = b;
        if (big === k) break;
        [heap[k], heap[big]] = [heap[big]!, heap[k]!];
        k = big;
      }
    }
  }
  const ranks = heapMax ? heap.subarray(0, h).sort() : Int32Array.from(all).sort();
  for (let k = offset; k < Math.min(ranks.length, wanted); k++) page.push(order[ranks[k]!]!);
  return page;
}

const amountOrders = new WeakMap<Ledger, { order: Int32Array; rank: Int32Array }>();

/**
 * The ledger's rows by absolute amount, largest first, ties newest first (as
 * list_transactions sorts), and each row's rank in that order: built once per ledger (a
 * ledger never changes), ~0.2 s at 1M rows. Each row's key packs its amount in cents and
 * its index (index order is date order) into one double, so the native numeric sort does
 * the work; amounts too large to pack exactly fall back to a comparison sort.
 */
export function amountOrder(l: Ledger): { order: Int32Array; rank: Int32Array } {
  const cached = amountOrders.get(l);
  if (cached) return cached;
  const n = l.size;
  const bits = Math.max(1, Math.ceil(Math.log2(n + 1)));
  let maxCents = 0;
  for (let i = 0; i < n; i++) maxCents = Math.max(maxCents, Math.round(Math.abs(l.amountAt(i)) * 100));
  let order: Int32Array;
  if (maxCents * 2 ** bits < Number.MAX_SAFE_INTEGER) {
    const keys = new Float64Array(n);
    const scale = 2 ** bits;
    for (let i = 0; i < n; i++) keys[i] = Math.round(Math.abs(l.amountAt(i)) * 100) * scale + i;
    keys.sort();
    order = new Int32Array(n);
    for (let k = 0; k < n; k++) order[k] = keys[n - 1 - k]! % scale;
  } else {
    order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => Math.abs(l.amountAt(b)) - Math.abs(l.amountAt(a)) || b - a);
  }
  const rank = new Int32Array(n);
  for (let k = 0; k < n; k++) rank[order[k]!] = k;
  const built = { order, rank };
  amountOrders.set(l, built);
  return built;
}

function rowOf(l: Ledger, i: number): TransactionRow {
  const m = l.merchantAt(i);
  const a = l.accountAt(i);
  return {
    id: l.idAt(i),
    date: dayToIso(l.dayAt(i)),
    amount: l.amountAt(i),
    currency: l.currencyCode(i).trim().toUpperCase(),
    merchant: l.merchantNameOf(m),
    category: l.categoryName(i),
    description: l.descriptionText(i),
    account: l.accountNameOf(a),
  };
}

/**
 * One page of the filtered transactions with the whole filtered set's count and totals.
 * Throws TransactionQueryError for an unknown category (the message lists the names).
 */
export function transactionsPage(db: BudgetDb, q: TransactionQuery): TransactionPage {
  const l = db.ledger();
  const { m, category } = queryMatcher(db, l, q);
  const sums = new Map<number, { rows: number; out: number; in: number }>();
  let n = 0;
  const page = scan(
    l,
    m,
    q.sort,
    (i) => {
      n++;
      const c = l.currencyAt(i);
      let t = sums.get(c);
      if (!t) sums.set(c, (t = { rows: 0, out: 0, in: 0 }));
      t.rows++;
      const a = l.amountAt(i);
      if (a < 0) t.out -= a;
      else t.in += a;
    },
    (q.page - 1) * PAGE_SIZE,
    PAGE_SIZE,
  );
  const rows = withOrigins(db, page.map((i) => rowOf(l, i)));
  return {
    totalRows: n,
    totals: currencyTotals(l, sums),
    rows,
    page: q.page,
    pageSize: PAGE_SIZE,
    pages: Math.max(1, Math.ceil(n / PAGE_SIZE)),
    ...(category !== undefined ? { category } : {}),
  };
}

/**
 * The page's rows with their origin: the file and line `transaction_details` records (SPEC
 * §10.1, written by the import when present), else the import batch ("file@time"). Read from
 * budget.db for the page's rows only (the ledger keeps neither).
 */
function withOrigins(db: BudgetDb, rows: TransactionRow[]): TransactionRow[] {
  if (!rows.length) return rows;
  const columns = new Set(db.all<{ name: string }>("SELECT name FROM pragma_table_info('transaction_details')").map((c) => c.name));
  const details = ["transaction_id", "source_file", "source_line"].every((c) => columns.has(c));
  const ids = rows.map((r) => r.id);
  const found = db.all<{ id: number; batch: string | null; file: string | null; line: number | null }>(
    details
      ? `SELECT t.id, t.import_batch AS batch, d.source_file AS file, d.source_line AS line
         FROM transactions t LEFT JOIN transaction_details d ON d.transaction_id IN (t.transaction_id, t.id)
         WHERE t.id IN (SELECT value FROM json_each($ids))`
      : `SELECT id, import_batch AS batch, NULL AS file, NULL AS line FROM transactions WHERE id IN (SELECT value FROM json_each($ids))`,
    { ids: JSON.stringify(ids) },
  );
  const byId = new Map(found.map((f) => [f.id, f]));
  return rows.map((r) => {
    const f = byId.get(r.id);
    const origin: RowOrigin = {
      ...(f?.file ? { file: f.file } : {}),
      ...(f?.file && typeof f.line === "number" ? { line: f.line } : {}),
      ...(f?.batch ? { batch: f.batch } : {}),
    };
    return Object.keys(origin).length ? { ...r, origin } : r;
  });
}

/** Codes that differ only in case or spaces are one currency (SPEC §1 hygiene). */
function currencyTotals(l: Ledger, sums: Map<number, { rows: number; out: number; in: number }>): CurrencyTotal[] {
  const merged = new Map<string, { rows: number; out: number; in: number }>();
  for (const [c, t] of sums) {
    const code = l.currencyCodeOf(c).trim().toUpperCase();
    const m = merged.get(code);
    if (m) {
      m.rows += t.rows;
      m.out += t.out;
      m.in += t.in;
    } else merged.set(code, { ...t });
  }
  return [...merged]
    .map(([currency, t]) => ({ currency, rows: t.rows, out: t.out, in: t.in, net: t.in - t.out }))
    .sort((a, b) => b.rows - a.rows || a.currency.localeCompare(b.currency));
}

/** Every filtered row in page order (the CSV export): no paging. */
/**
 * Each row the page opens for these filters, as its ledger index (date order), without making its row: for a count or a
 * look at some columns (src/transactions/counted.ts). The number of rows.
 */
export function eachMatch(db: BudgetDb, q: TransactionFilters, visit: (l: Ledger, i: number) => void = () => {}): number {
  const l = db.ledger();
  const { m } = queryMatcher(db, l, q);
  let n = 0;
  scan(l, m, "date", (i) => {
    n++;
    visit(l, i);
  }, 0, 0);
  return n;
}

export function* allTransactions(db: BudgetDb, q: TransactionQuery): Generator<TransactionRow> {
  const l = db.ledger();
  const { m } = queryMatcher(db, l, q);
  for (const i of scan(l, m, q.sort, () => {})) yield rowOf(l, i);
}

const merchantCounts = new WeakMap<Ledger, Int32Array>();

/**
 * How many other rows share a row's merchant name (as stored): what "also change the N
 * other transactions of this merchant" offers. 0 for a row without a merchant name.
 */
export function otherRowsOfMerchant(db: BudgetDb, row: TransactionRow): number {
  const l = db.ledger();
  let counts = merchantCounts.get(l);
  if (!counts) {
    counts = new Int32Array(l.merchants.length);
    for (let i = 0; i < l.size; i++) if (l.merchantAt(i) >= 0) counts[l.merchantAt(i)]!++;
    merchantCounts.set(l, counts);
  }
  if (row.merchant === null) return 0;
  const k = textsOf(l.merchants).indexOf(row.merchant);
  return k < 0 ? 0 : Math.max(0, counts[k]! - 1);
}

/** The ledger index of a transaction id, or -1. */
function indexOfId(l: Ledger, id: number): number {
  for (let i = 0; i < l.size; i++) if (l.id[i] === id) return i;
  return -1;
}

/**
 * The transaction a filter set of `any` names by its id (a figure's link), or null when no row has that id with the
 * set's day, amount and currency any more (undone, or its id given to another row since).
 */
export function transactionOfSet(db: BudgetDb, f: RowsFilter): TransactionRow | null {
  const row = f.id === undefined ? null : getTransaction(db, Number(f.id));
  const same = row && row.date === f.from && row.date === f.to && row.currency.trim().toUpperCase() === f.currency && Math.round(row.amount * 100) === Math.round(Number(f.amount) * 100);
  return same ? row : null;
}

/** One transaction by id, or null (not there, or its date is malformed so it is in no list). */
export function getTransaction(db: BudgetDb, id: number): TransactionRow | null {
  const l = db.ledger();
  const i = indexOfId(l, id);
  return i < 0 ? null : rowOf(l, i);
}

