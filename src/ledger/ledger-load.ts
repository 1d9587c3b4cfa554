/**
 * Reading the transactions table into a Ledger (see ledger.ts for the why and the
 * invariants): one SELECT, rows encoded into typed arrays and dictionaries as they
 * stream, then put in (day, id) order. At once (`loadLedger`), or in time slices
 * (`loadLedgerInSlices`: after a big import the server keeps answering while it reads).
 */
import type { Database } from "bun:sqlite";
import type { TimeSlices } from "../core/time-slices.ts";
import { epochDay, monthKey, parseDay } from "./calendar.ts";
import { foldCategory, Ledger, normaliseCurrency } from "./ledger.ts";
import { UNCATEGORISED } from "./schema.ts";

/**
 * A string dictionary: value → index, plus the values in index order. With `norm`, values
 * are stored normalised (raw spellings that normalise alike share one index); each raw
 * spelling is normalised once, not once per row.
 */
class Dict {
  readonly values: string[] = [];
  /** Rows per index. */
  readonly counts: number[] = [];
  private readonly index = new Map<string, number>();
  private readonly raw = new Map<string, number>();
  private lastValue: string | null = null;
  private lastIndex = -1;

  constructor(
    private readonly limit: number,
    private readonly what: string,
    private readonly norm?: (s: string) => string,
  ) {}

  code(s: string): number {
    if (s === this.lastValue) {
      this.counts[this.lastIndex]!++;
      return this.lastIndex;
    }
    let k = this.norm ? this.raw.get(s) : this.index.get(s);
    if (k === undefined) {
      const v = this.norm ? this.norm(s) : s;
      k = this.index.get(v);
      if (k === undefined) {
        k = this.values.length;
        if (k >= this.limit) throw new Error(`ledger: more than ${this.limit} distinct ${this.what}`);
        this.values.push(v);
        this.counts.push(0);
        this.index.set(v, k);
      }
      if (this.norm) this.raw.set(s, k);
    }
    this.counts[k]!++;
    this.lastValue = s;
    this.lastIndex = k;
    return k;
  }
}

const decoder = new TextDecoder();

/** A TEXT value as a string (values of other types, in loosely typed tables, as text). */
export function asText(v: unknown): string | null {
  if (typeof v === "string") return v;
  if (v === null || v === undefined) return null;
  if (v instanceof Uint8Array) return decoder.decode(v);
  return String(v);
}

/** Beyond this (either sign) an amount is not money anyone spent: SPEC §13 leaves it out of every figure. */
export const MAX_AMOUNT = 1e12;

/** A REAL value as a number; NULL and non-numeric text read as 0 (as SQL SUM treats them). */
function asAmount(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "string") {
    const x = Number.parseFloat(v);
    // "1e999" is a number out of range (left out, counted), not text that means nothing (0).
    return Number.isNaN(x) ? 0 : x;
  }
  return 0;
}

function asNumberOrNaN(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "string") return Number.parseFloat(v);
  return Number.NaN;
}

/** A row as SQLite hands it over; loosely typed tables may hold any type in any column. */
type RawRow = {
  id: unknown;
  date: unknown;
  amount: unknown;
  currency: unknown;
  merchant_name: unknown;
  category: unknown;
  raw_description: unknown;
  confidence: unknown;
  source: unknown;
  account: unknown;
};

/** Growable staging columns, in read order. */
class Staging {
  cap: number;
  n = 0;
  id: Float64Array;
  day: Int32Array;
  amount: Float64Array;
  currency: Uint16Array;
  category: Uint16Array;
  merchant: Int32Array;
  description: Int32Array;
  confidence: Float64Array;
  source: Int16Array;
  account: Int32Array;

  constructor(cap: number) {
    this.cap = cap;
    this.id = new Float64Array(cap);
    this.day = new Int32Array(cap);
    this.amount = new Float64Array(cap);
    this.currency = new Uint16Array(cap);
    this.category = new Uint16Array(cap);
    this.merchant = new Int32Array(cap);
    this.description = new Int32Array(cap);
    this.confidence = new Float64Array(cap);
    this.source = new Int16Array(cap);
    this.account = new Int32Array(cap);
  }

  grow(): void {
    const cap = this.cap * 2;
    const g = <T extends Float64Array | Int32Array | Uint16Array | Int16Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a as never);
      return b;
    };
    this.id = g(this.id, (n) => new Float64Array(n));
    this.day = g(this.day, (n) => new Int32Array(n));
    this.amount = g(this.amount, (n) => new Float64Array(n));
    this.currency = g(this.currency, (n) => new Uint16Array(n));
    this.category = g(this.category, (n) => new Uint16Array(n));
    this.merchant = g(this.merchant, (n) => new Int32Array(n));
    this.description = g(this.description, (n) => new Int32Array(n));
    this.confidence = g(this.confidence, (n) => new Float64Array(n));
    this.source = g(this.source, (n) => new Int16Array(n));
    this.account = g(this.account, (n) => new Int32Array(n));
    this.cap = cap;
  }
}

/** Rows read between two chances to pause (loadLedgerInSlices). */
const ROWS_PER_STEP = 4096;

/**
 * Read every row of `transactions` once into a Ledger. Works on the pipeline's schema
 * and on looser ones: `confidence`/`source` may be absent, `merchant_name`/`category`
 * may be NULL, extra columns are ignored.
 */
export function loadLedger(db: Database): Ledger {
  const steps = readLedger(db);
  while (true) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same, pausing now and then (`slices`) so that the event loop goes on. The one SELECT
 * keeps its read snapshot across the pauses; nothing else may use `db`'s statement meanwhile
 * (it is this call's own).
 */
export async function loadLedgerInSlices(db: Database, slices: TimeSlices): Promise<Ledger> {
  const steps = readLedger(db);
  while (true) {
    const step = steps.next();
    if (step.done) return step.value;
    if (slices.due()) await slices.pause();
  }
}

/** The reading itself, yielding every ROWS_PER_STEP rows read. */
function* readLedger(db: Database): Generator<void, Ledger> {
  const cols = new Set(
    (db.query("SELECT name FROM pragma_table_info('transactions')").values() as [string][]).map((r) => r[0]),
  );
  if (cols.size === 0) throw new Error("ledger: the database has no table 'transactions'");
  const hasConfidence = cols.has("confidence");
  const hasSource = cols.has("source");
  const hasAccount = cols.has("account");
  // Named columns and iterate(): streaming one row object at a time measured ~2x faster
  // at 1M rows than values(), which keeps every row array alive until the end.
  const select = [
    "id",
    "date",
    "amount",
    "currency",
    "merchant_name",
    "category",
    "raw_description",
    hasConfidence ? "confidence" : "NULL AS confidence",
    hasSource ? "source" : "NULL AS source",
    hasAccount ? "account" : "NULL AS account",
  ];
  // ORDER BY id costs nothing on the pipeline's INTEGER PRIMARY KEY (rowid order). A statement of its own (not the
  // connection's cache): a reading in slices must not share it with another.
  const stmt = db.prepare<RawRow, []>(`SELECT ${select.join(", ")} FROM transactions ORDER BY id`);

  const currencies = new Dict(0x10000, "currencies", normaliseCurrency);
  // Trimmed here; names equal ignoring case are merged after the read (canonicalCategories).
  const categories = new Dict(0x10000, "categories", (s) => s.trim() || UNCATEGORISED);
  const merchants = new Dict(0x7fffffff, "merchants");
  const descriptions = new Dict(0x7fffffff, "descriptions");
  const sources = new Dict(0x8000, "sources");
  const accounts = new Dict(0x7fffffff, "accounts");
  const st = new Staging(1 << 14);
  let malformed = 0;
  let badAmounts = 0;
  let lastDate: unknown = null;
  let lastDay = -1;
  let prevDay = -1;
  let prevId = Number.NEGATIVE_INFINITY;
  let sorted = true; // read order already (day, id)?
  let idsAscending = true;

  let read = 0;
  try {
    for (const row of stmt.iterate()) {
      if (++read % ROWS_PER_STEP === 0) yield;
      const rawDate = row.date;
      let day: number;
      if (rawDate === lastDate) day = lastDay;
      else {
        const d = typeof rawDate === "string" ? parseDay(rawDate) : null;
        if (d === null) {
          malformed++;
          continue;
        }
        day = d;
        lastDate = rawDate;
        lastDay = d;
      }
      const a = row.amount;
      const amount = typeof a === "number" ? a : asAmount(a);
      // Not a sum anyone can use (Infinity, ±1e300 from a broken import): left out like a malformed date, and counted.
      if (!(Math.abs(amount) <= MAX_AMOUNT)) {
        badAmounts++;
        continue;
      }
      if (st.n === st.cap) st.grow();
      const n = st.n++;
      const v0 = row.id;
      const id = typeof v0 === "number" ? v0 : asNumberOrNaN(v0);
      if (!(id >= prevId)) idsAscending = false;
      if (day < prevDay || (day === prevDay && !(id > prevId))) sorted = false;
      prevId = id;
      prevDay = day;
      st.id[n] = id;
      st.day[n] = day;
      st.amount[n] = amount;
      const cu = row.currency;
      st.currency[n] = currencies.code(typeof cu === "string" ? cu : (asText(cu) ?? ""));
      const m = row.merchant_name;
      st.merchant[n] = m === null ? -1 : merchants.code(typeof m === "string" ? m : (asText(m) as string));
      const c = row.category;
      st.category[n] = categories.code(typeof c === "string" ? c : (asText(c) ?? UNCATEGORISED));
      const ds = row.raw_description;
      st.description[n] = descriptions.code(typeof ds === "string" ? ds : (asText(ds) ?? ""));
      const cf = row.confidence;
      st.confidence[n] = typeof cf === "number" ? cf : asNumberOrNaN(cf);
      const sr = row.source;
      st.source[n] = sr === null ? -1 : sources.code(typeof sr === "string" ? sr : (asText(sr) as string));
      const ac = row.account;
      st.account[n] = ac === null ? -1 : accounts.code(typeof ac === "string" ? ac : (asText(ac) as string));
    }
  } finally {
    stmt.finalize();
  }
  // The steps after the read each take a moment at a million rows: a chance to pause between them.
  yield;
  const categoryNames = canonicalCategories(db, categories, st.category, st.n);
  yield;
  blankToUnknown(merchants.values, st.merchant, st.n);
  yield;

  const size = st.n;
  const order = sorted ? null : sortOrder(st.day, st.id, size, idsAscending);
  yield;
  const take = <T extends Float64Array | Int32Array | Uint16Array | Int16Array>(a: T): T => {
    if (order === null) return a.slice(0, size) as T;
    const out = new (a.constructor as new (n: number) => T)(size);
    for (let k = 0; k < size; k++) out[k] = a[order[k]!]!;
    return out;
  };
  const day = take(st.day);
  const month = new Int32Array(size);
  let lastD = -1;
  let lastM = 0;
  for (let k = 0; k < size; k++) {
    const d = day[k]!;
    if (d !== lastD) {
      lastD = d;
      lastM = monthKey(d);
    }
    month[k] = lastM;
  }
  yield;
  const columns = { id: take(st.id), amount: take(st.amount), currency: take(st.currency), category: take(st.category) };
  yield;
  const more = { merchant: take(st.merchant), description: take(st.description), confidence: take(st.confidence), source: take(st.source), account: take(st.account) };
  return new Ledger({
    size,
    ...columns,
    ...more,
    day,
    month,
    currencies: currencies.values,
    categoryNames,
    merchants: merchants.values,
    descriptions: descriptions.values,
    hasConfidence,
    sources: sources.values,
    hasSource,
    accounts: accounts.values,
    hasAccount,
    malformedDates: malformed,
    badAmounts,
  });
}

/**
 * SPEC §1 hygiene: category names equal ignoring letter case (and surrounding spaces) are
 * one category, spelt as the `categories` table spells it, else as most rows spell it
 * (ties: the spelling seen first). Rewrites `codes` in place to the merged entries and
 * returns the merged names, in order of first appearance.
 */
function canonicalCategories(db: Database, dict: Dict, codes: Uint16Array, n: number): string[] {
  const tableNames = new Map<string, string>();
  const hasTable = (db.query("SELECT name FROM pragma_table_info('categories') WHERE name = 'name'").values() as unknown[][]).length > 0;
  if (hasTable) {
    for (const [name] of db.query("SELECT name FROM categories WHERE name IS NOT NULL ORDER BY name").values() as [unknown][]) {
      const text = asText(name)?.trim();
      if (text && !tableNames.has(foldCategory(text))) tableNames.set(foldCategory(text), text);
    }
  }
  const best = new Map<string, number>(); // folded name → entry with most rows
  dict.values.forEach((v, k) => {
    const key = foldCategory(v);
    const b = best.get(key);
    if (b === undefined || dict.counts[k]! > dict.counts[b]!) best.set(key, k);
  });
  const names: string[] = [];
  const slot = new Map<string, number>();
  const remap = dict.values.map((v) => {
    const key = foldCategory(v);
    let s = slot.get(key);
    if (s === undefined) {
      s = names.length;
      names.push(tableNames.get(key) ?? dict.values[best.get(key)!]!);
      slot.set(key, s);
    }
    return s;
  });
  if (remap.some((s, k) => s !== k)) for (let i = 0; i < n; i++) codes[i] = remap[codes[i]!]!;
  return names;
}

/** SPEC §1: a blank merchant name is the unknown merchant (-1), like NULL. */
function blankToUnknown(values: readonly string[], codes: Int32Array, n: number): void {
  const blank = values.map((v) => v.trim() === "");
  if (!blank.includes(true)) return;
  for (let i = 0; i < n; i++) if (codes[i]! >= 0 && blank[codes[i]!]) codes[i] = -1;
}

/**
 * The permutation that sorts rows by (day, id): a stable counting sort on the day
 * (days span at most 0000-01-01 … 9999-12-31, so the count table stays ≤ 3.7M
 * entries, and is ~1,100 entries for three years of data). Read order is id order
 * (ORDER BY id), so ties are already by id; otherwise each day's run is sorted by id.
 */
function sortOrder(days: Int32Array, ids: Float64Array, n: number, idsAscending: boolean): Int32Array {
  const ord = new Int32Array(n);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let lastD = -1;
  let lastE = 0;
  for (let i = 0; i < n; i++) {
    const d = days[i]!;
    if (d !== lastD) {
      lastD = d;
      lastE = epochDay(d);
    }
    ord[i] = lastE;
    if (lastE < min) min = lastE;
    if (lastE > max) max = lastE;
  }
  const starts = new Int32Array(max - min + 2);
  for (let i = 0; i < n; i++) starts[ord[i]! - min + 1]!++;
  for (let k = 1; k < starts.length; k++) starts[k]! += starts[k - 1]!;
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[starts[ord[i]! - min]!++] = i;
  if (!idsAscending) {
    // Sort each day's run by id (NaN ids, from non-numeric ids, go last).
    const byId = (a: number, b: number) => {
      const x = ids[a];
      const y = ids[b];
      if (x === y) return a - b;
      if (Number.isNaN(x)) return 1;
      if (Number.isNaN(y)) return -1;
      return x! - y!;
    };
    let s = 0;
    while (s < n) {
      let e = s + 1;
      while (e < n && days[out[e]!] === days[out[s]!]) e++;
      if (e - s > 1) out.set(Array.from(out.subarray(s, e)).sort(byId), s);
      s = e;
    }
  }
  return out;
}
