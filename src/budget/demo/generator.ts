/**
 * Demo database generator (SPEC §1 "Demo data").
 *
 * Writes a synthetic budget database in exactly the pipeline's schema (PIPELINE_DDL), with
 * its merchant keys, timestamps and few-shot examples as the pipeline writes them:
 * a Zürich household over three years ending 2026-10-31, in CHF, with Swiss merchants,
 * salaries, rent, insurance, transfers to and from savings, refunds, seasonal patterns,
 * a few outliers, several raw spellings per merchant and some Uncategorised rows.
 *
 * Deterministic: every random choice comes from a seeded PRNG (sfc32) and every
 * timestamp is derived from the data, never from the clock, so one seed always gives
 * the same table contents.
 *
 * Scaling: the natural shape is one household, about 7,300 rows. A larger count adds
 * households (each with its own salary, rent, insurance, …) and spreads the remaining
 * everyday spending over the same 36 months with the same seasonal weights, so
 * `transactions: N` produces exactly N rows. Counts too small to hold one household's
 * fixed items are a deterministic sample of the natural data that keeps every category.
 */
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname, resolve } from "node:path";
import {
  type AmountSpec,
  CATEGORY_DESCRIPTIONS,
  EVENT_TYPES,
  type EventType,
  type MerchantSpec,
  OUTLIERS,
  PLACES,
  type Place,
  RECURRING,
  type RecurringSpec,
  type Rounding,
} from "./merchants.ts";
import { PIPELINE_DDL, PIPELINE_FEW_SHOT_UPSERT, pipelineMerchantKey, pipelineTimestamp } from "../pipeline.ts";

export const DEMO_DEFAULT_SEED = 1;
export const DEMO_DEFAULT_TRANSACTIONS = 7300;
export const DEMO_FIRST_DATE = "2023-11-01";
export const DEMO_LAST_DATE = "2026-10-31";
export const DEMO_CURRENCY = "CHF";
/**
 * Not part of the pipeline's DDL (the demo database is ours); the only index we add.
 * Measured on 1,000,000 rows: a one-month range filter 160 ms -> 13 ms, a one-year
 * range 280 ms -> 180 ms, "newest 50 rows" (ORDER BY date DESC, id DESC LIMIT 50)
 * 1 s -> 0.1 ms; full-table grouping is unchanged. It only helps range predicates
 * (`date >= ? AND date < ?`), not `substr(date, …)` or `strftime(…)` filters.
 */
export const DEMO_DATE_INDEX = "CREATE INDEX IF NOT EXISTS idx_transactions_date ON transactions(date)";

export type DemoDbOptions = { out: string; seed?: number; transactions?: number; force?: boolean };
export type DemoDbResult = { path: string; transactions: number; firstDate: string; lastDate: string };

export function writeDemoDb(opts: DemoDbOptions): DemoDbResult {
  const path = resolve(opts.out);
  const seed = opts.seed ?? DEMO_DEFAULT_SEED;
  const total = opts.transactions ?? DEMO_DEFAULT_TRANSACTIONS;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new Error(`seed must be a whole number between 0 and ${0xffffffff}, got ${seed}`);
  }
  if (!Number.isSafeInteger(total) || total < 1) {
    throw new Error(`transactions must be a whole number of at least 1, got ${total}`);
  }
  if (existsSync(path) && !opts.force) {
    throw new Error(`demo database already exists: ${path} (use --force to overwrite)`);
  }
  mkdirSync(dirname(path), { recursive: true });

  // Build into a temporary file next to the target and rename it into place, so a
  // failed run never leaves a half-written database at `path`.
  const tmp = `${path}.tmp-${process.pid}`;
  removeDbFiles(tmp);
  let db: Database | null = null;
  try {
    db = new Database(tmp, { create: true, strict: true });
    const range = generate(db, seed, total);
    db.run(DEMO_DATE_INDEX);
    // Back to a standard rollback journal: the result is a plain single-file database.
    db.run("PRAGMA journal_mode = DELETE");
    db.close();
    db = null;
    // A stale journal or WAL next to the old file would be applied to the new one.
    for (const suffix of ["-journal", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
    renameSync(tmp, path); // atomic replace when --force
    return { path, transactions: total, ...range };
  } catch (e) {
    try {
      db?.close();
    } catch {}
    removeDbFiles(tmp);
    throw e;
  }
}

function removeDbFiles(path: string): void {
  for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
}

// ---------------------------------------------------------------------------------
// PRNG: sfc32 seeded through splitmix32, integer arithmetic only, so the same seed
// gives the same stream everywhere.

function splitmix32(state: number): () => number {
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let t = state ^ (state >>> 16);
    t = Math.imul(t, 0x21f0aaad);
    t ^= t >>> 15;
    t = Math.imul(t, 0x735a2d97);
    return (t ^ (t >>> 15)) >>> 0;
  };
}

/** Murmur3's 32-bit finaliser: a bijection on 32-bit integers. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return fmix32(h);
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(...seeds: number[]) {
    let s = 0x5eed;
    for (const x of seeds) s = fmix32((s ^ fmix32(x >>> 0)) + 0x9e3779b9);
    const sm = splitmix32(s);
    this.a = sm();
    this.b = sm();
    this.c = sm();
    this.d = sm();
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t0 = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    const t = (t0 + this.d) | 0;
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Approximately standard normal (Irwin–Hall of 6 uniforms): cheap and exactly reproducible. */
  normal(): number {
    return (this.next() + this.next() + this.next() + this.next() + this.next() + this.next() - 3) * Math.SQRT2;
  }
}

class Picker<T> {
  readonly items: T[];
  private readonly cum: number[];
  readonly total: number;

  constructor(items: T[], weights: number[]) {
    this.items = [];
    this.cum = [];
    let sum = 0;
    items.forEach((item, i) => {
      if (!(weights[i]! > 0)) return;
      sum += weights[i]!;
      this.items.push(item);
      this.cum.push(sum);
    });
    this.total = sum;
  }

  pick(rng: Rng): T {
    const x = rng.next() * this.total;
    const cum = this.cum;
    for (let i = 0; i < cum.length; i++) if (x < cum[i]!) return this.items[i]!;
    return this.items[this.items.length - 1]!;
  }
}

// ---------------------------------------------------------------------------------
// Calendar

type Month = {
  index: number;
  ym: string;
  year: number;
  /** 1..12 */
  month: number;
  days: number;
  /** Weekday of day d at [d], 0 = Monday … 6 = Sunday. */
  dow: number[];
  /** 'YYYY-MM-DD' of day d at [d]. */
  dates: string[];
};

const MONTHS: Month[] = buildMonths();

function buildMonths(): Month[] {
  const [fy, fm] = DEMO_FIRST_DATE.split("-").map(Number) as [number, number];
  const [ly, lm] = DEMO_LAST_DATE.split("-").map(Number) as [number, number];
  const months: Month[] = [];
  for (let y = fy, m = fm; y < ly || (y === ly && m <= lm); m === 12 ? (y++, (m = 1)) : m++) {
    const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const ym = `${y}-${String(m).padStart(2, "0")}`;
    const dow = [0];
    const dates = [""];
    for (let d = 1; d <= days; d++) {
      dow.push((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7);
      dates.push(`${ym}-${String(d).padStart(2, "0")}`);
    }
    months.push({ index: months.length, ym, year: y, month: m, days, dow, dates });
  }
  return months;
}

/** The day itself, or the business day before it (after it, if that would leave the month). */
function businessDay(month: Month, day: number): number {
  const dow = month.dow[day]!;
  if (dow < 5) return day;
  const back = day - (dow - 4);
  return back >= 1 ? back : day + (7 - dow);
}

// ---------------------------------------------------------------------------------
// Compiled tables

type Variant = {
  template: string;
  merchant: string;
  manual: boolean;
  usesPlace: boolean;
  hasPlaceholders: boolean;
};

type Merchant = { spec: MerchantSpec; variants: Picker<Variant> };

type Type = {
  spec: EventType;
  /** One merchant picker per calendar month (merchant seasons). */
  merchants: Picker<Merchant>[];
  weekdays: number[];
  maxWeekday: number;
  kind: Kind;
};

/** How the pipeline classified a row: by LLM (or its cache), by a rule, or by hand. */
const Kind = { Llm: 0, Rule: 1, Manual: 2 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

const PLACE_PICKER = new Picker(
  PLACES.map((_, i) => i),
  PLACES.map((p) => p.weight),
);

const TYPES: Type[] = EVENT_TYPES.map((spec) => {
  const merchants: Merchant[] = spec.merchants.map((m) => {
    const variants = m.variants.map((v) => (typeof v === "string" ? { raw: v } : v));
    return {
      spec: m,
      variants: new Picker<Variant>(
        variants.map((v) => ({
          template: v.raw,
          merchant: v.merchant ?? m.name,
          manual: !!v.manual,
          usesPlace: /\{(city|CITY)\}/.test(v.raw),
          hasPlaceholders: v.raw.includes("{"),
        })),
        variants.map((v) => v.weight ?? 1),
      ),
    };
  });
  const byMonth: Picker<Merchant>[] = [];
  for (let moy = 0; moy < 12; moy++) {
    byMonth.push(new Picker(merchants, merchants.map((m) => m.spec.weight * (m.spec.season?.[moy] ?? 1))));
  }
  const weekdays = spec.weekdays ?? [1, 1, 1, 1, 1, 1, 1];
  return { spec, merchants: byMonth, weekdays, maxWeekday: Math.max(...weekdays), kind: spec.rule ? Kind.Rule : Kind.Llm };
});

/**
 * The pipeline's merchant key of a rendered description. Keys are computed from the
 * text as written (a store number glued to a name, "COOP-1234", stays in the key), and
 * remembered: a million rows repeat a few tens of thousands of descriptions.
 */
const keyCache = new Map<string, string>();
function keyOf(raw: string): string {
  let key = keyCache.get(raw);
  if (key === undefined) {
    key = pipelineMerchantKey(raw);
    if (keyCache.size > 200_000) keyCache.clear();
    keyCache.set(raw, key);
  }
  return key;
}

function digits(rng: Rng, n: number): string {
  let s = String(1 + rng.int(9));
  for (let i = 1; i < n; i++) s += String(rng.int(10));
  return s;
}

function render(variant: Variant, place: Place, rng: Rng): string {
  if (!variant.hasPlaceholders) return variant.template;
  return variant.template.replace(/\{(city|CITY|n2|n3|n4|n6|n8|r2)\}/g, (_, p: string) => {
    switch (p) {
      case "city":
        return place.name;
      case "CITY":
        return place.upper;
      case "n2": // store numbers: fixed per merchant and place
        return String(10 + (hashString(variant.merchant + "|" + place.upper) % 90));
      case "n4":
        return String(1000 + (hashString(variant.merchant + "|" + place.upper) % 9000));
      case "r2":
        return String(rng.int(100)).padStart(2, "0");
      default:
        return digits(rng, Number(p.slice(1)));
    }
  });
}

function roundCents(v: number, mode: Rounding, rng: Rng): number {
  switch (mode) {
    case "c1":
      return Math.max(1, Math.round(v * 100));
    case "c5":
      return Math.max(5, Math.round(v * 20) * 5);
    case "price":
      return Math.max(1, Math.round(v)) * 100 - (rng.next() < 0.7 ? 10 : 5);
    case "int":
      return Math.max(1, Math.round(v)) * 100;
    case "h10":
      return Math.max(1, Math.round(v / 10)) * 1000;
    case "h100":
      return Math.max(1, Math.round(v / 100)) * 10000;
  }
}

/** A positive amount in Rappen (cents). */
function drawCents(a: AmountSpec, rng: Rng, inflation: number): number {
  if (a.choices) return Math.round(a.choices[rng.int(a.choices.length)]! * 100);
  let v = a.median * inflation * Math.exp(a.sigma * rng.normal());
  v = Math.min(a.max * inflation, Math.max(a.min, v));
  return roundCents(v, a.round ?? "c5", rng);
}

function stepAmount(amount: RecurringSpec["amount"], ym: string): number {
  if (typeof amount === "number") return amount;
  let value = amount[0]![1];
  for (const [from, v] of amount) if (from <= ym) value = v;
  return value;
}

// ---------------------------------------------------------------------------------
// Plan: households and exact per-month, per-type counts

type Household = {
  /** Scales this household's fixed amounts (1 for the demo household). */
  factor: number;
  has: boolean[];
  /** Position in each recurring item's alternatives; -1 = the main merchant. */
  choice: number;
};

type Plan = {
  seed: number;
  households: Household[];
  /** counts[month][type] of everyday (variable) events. */
  counts: Int32Array[];
  /** Whether this plan includes OUTLIERS. */
  outliers: boolean;
};

function activeIn(spec: RecurringSpec, month: Month): boolean {
  if (spec.months && !spec.months.includes(month.month)) return false;
  if (spec.from && month.ym < spec.from) return false;
  if (spec.until && month.ym > spec.until) return false;
  return true;
}

function makeHouseholds(seed: number, count: number): Household[] {
  const rng = new Rng(seed, 0x40);
  const list: Household[] = [{ factor: 1, has: RECURRING.map(() => true), choice: -1 }];
  for (let i = 1; i < count; i++) {
    const factor = 0.7 + 0.8 * rng.next();
    const has = RECURRING.map((r) => rng.next() < (r.share ?? 1));
    list.push({ factor, has, choice: rng.next() < 0.25 ? -1 : rng.int(1 << 20) });
  }
  return list;
}

function recurringCount(households: Household[]): number {
  let n = 0;
  for (const month of MONTHS) {
    RECURRING.forEach((spec, i) => {
      if (!activeIn(spec, month)) return;
      for (const h of households) if (h.has[i]) n++;
    });
  }
  return n;
}

/**
 * Spread `total` events over month × type cells in proportion to their weights. Each
 * cell gets the floor or the ceiling of its share (systematic rounding with one random
 * offset), so rare types keep their expected frequency and the sum is exact.
 */
function allocate(seed: number, total: number): Int32Array[] {
  const rng = new Rng(seed, 0xa1);
  const nTypes = TYPES.length;
  const weights: number[] = [];
  let sum = 0;
  MONTHS.forEach((month, m) => {
    TYPES.forEach((t) => {
      // A little noise per cell so months and seeds differ; a slight trend (more
      // eating out and online shopping, fewer cash withdrawals over time).
      const c = t.spec.category;
      const trend = c === "Cash" ? 1 - 0.006 * m : c === "Dining" || c === "Shopping" ? 1 + 0.004 * m : 1;
      const w = t.spec.perMonth * (t.spec.season?.[month.month - 1] ?? 1) * trend * (0.85 + 0.3 * rng.next());
      weights.push(w);
      sum += w;
    });
  });
  const counts = MONTHS.map(() => new Int32Array(nTypes));
  const offset = rng.next();
  let cumulative = 0;
  let given = 0;
  let largest = 0;
  weights.forEach((w, cell) => {
    cumulative += (total * w) / sum;
    const upTo = Math.min(total, Math.floor(cumulative + offset));
    const n = Math.max(0, upTo - given);
    counts[Math.floor(cell / nTypes)]![cell % nTypes] = n;
    given += n;
    if (w > weights[largest]!) largest = cell;
  });
  // Floating-point sums can end a hair short of `total`.
  counts[Math.floor(largest / nTypes)]![largest % nTypes]! += total - given;
  return counts;
}

function makePlan(seed: number, total: number): Plan | null {
  const households = makeHouseholds(seed, Math.max(1, Math.round(total / DEMO_DEFAULT_TRANSACTIONS)));
  const fixed = recurringCount(households) + OUTLIERS.length;
  const variable = total - fixed;
  // Too few rows for the household's fixed items plus a real everyday life: sample instead.
  if (variable < total / 2) return null;
  return { seed, households, counts: allocate(seed, variable), outliers: true };
}

// ---------------------------------------------------------------------------------
// Events

type Ev = {
  day: number;
  raw: string;
  key: string;
  merchant: string;
  category: string;
  /** Signed amount in Rappen. */
  cents: number;
  kind: Kind;
};

function monthEvents(plan: Plan, month: Month): Ev[] {
  const rng = new Rng(plan.seed, 0x100 + month.index);
  const events: Ev[] = [];
  const inflation = 1 + 0.015 * (month.index / 12);

  // Salaries, rent, premiums, standing orders.
  RECURRING.forEach((spec, i) => {
    if (!activeIn(spec, month)) return;
    const base = stepAmount(spec.amount, month.ym) * (spec.amountSeason?.[month.month - 1] ?? 1);
    const day0 = Math.min(spec.day, month.days);
    const day = spec.business ? businessDay(month, day0) : day0;
    for (const h of plan.households) {
      if (!h.has[i]) continue;
      const alts = spec.alternatives;
      const alt = alts && h.choice >= 0 ? alts[h.choice % alts.length]! : null;
      const raws = alt ? alt.raws : spec.raws;
      const raw = raws.length > 1 && rng.next() < 0.15 ? raws[1 + rng.int(raws.length - 1)]! : raws[0]!;
      let v = base * h.factor;
      if (spec.jitter) v *= 1 + spec.jitter * (2 * rng.next() - 1);
      const exact = h.factor === 1 && !spec.jitter && !spec.amountSeason;
      const cents = exact ? Math.round(v * 100) : Math.max(5, Math.round(v * 20) * 5);
      events.push({
        day,
        raw,
        key: keyOf(raw),
        merchant: alt ? alt.merchant : spec.merchant,
        category: spec.category,
        cents: spec.sign * cents,
        kind: spec.rule ? Kind.Rule : Kind.Llm,
      });
    }
  });

  // Everyday spending and income.
  const counts = plan.counts[month.index]!;
  const moy = month.month - 1;
  for (let k = 0; k < TYPES.length; k++) {
    const n = counts[k]!;
    if (n === 0) continue;
    const t = TYPES[k]!;
    const merchants = t.merchants[moy]!;
    if (merchants.total === 0) continue;
    for (let j = 0; j < n; j++) {
      let day: number;
      do day = 1 + rng.int(month.days);
      while (rng.next() * t.maxWeekday >= t.weekdays[month.dow[day]!]!);
      const m = merchants.pick(rng);
      const v = m.variants.pick(rng);
      const place = v.usesPlace ? PLACE_PICKER.pick(rng) : 0;
      const raw = render(v, PLACES[place]!, rng);
      events.push({
        day,
        raw,
        key: keyOf(raw),
        merchant: v.merchant,
        category: t.spec.category,
        cents: t.spec.sign * drawCents(m.spec.amount, rng, inflation),
        kind: v.manual ? Kind.Manual : t.kind,
      });
    }
  }

  if (plan.outliers) {
    for (const o of OUTLIERS) {
      if (!o.date.startsWith(month.ym)) continue;
      events.push({
        day: Number(o.date.slice(8, 10)),
        raw: o.raw,
        key: keyOf(o.raw),
        merchant: o.merchant,
        category: o.category,
        cents: Math.round(o.amount * 100),
        kind: Kind.Llm,
      });
    }
  }
  return events;
}

/** N rows of the natural data set, keeping at least one row per category. */
function sampleNatural(seed: number, total: number): Ev[][] {
  const plan = makePlan(seed, DEMO_DEFAULT_TRANSACTIONS)!;
  const byMonth = MONTHS.map((m) => monthEvents(plan, m));
  const flat = byMonth.flat();
  const rng = new Rng(seed, 0x5a);
  const chosen = new Uint8Array(flat.length);
  let left = total;
  for (const [category] of CATEGORY_DESCRIPTIONS) {
    if (left === 0) break;
    const idx = flat.flatMap((e, i) => (e.category === category ? [i] : []));
    if (idx.length === 0) continue;
    chosen[idx[rng.int(idx.length)]!] = 1;
    left--;
  }
  const rest = flat.flatMap((_, i) => (chosen[i] ? [] : [i]));
  for (let i = 0; i < left; i++) {
    const j = i + rng.int(rest.length - i);
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
    chosen[rest[i]!] = 1;
  }
  let i = 0;
  return byMonth.map((events) => events.filter(() => chosen[i++] === 1));
}

// ---------------------------------------------------------------------------------
// Writing

/** The pipeline writes every timestamp as RFC 3339 (pipelineTimestamp). */
function timestamp(epochSeconds: number): string {
  return pipelineTimestamp(new Date(epochSeconds * 1000));
}

type CacheEntry = {
  rawKey: string;
  firstRaw: string;
  merchant: string;
  category: string;
  confidence: number;
  source: "llm" | "manual" | "rule";
  created: string;
  updated: string;
};

function generate(db: Database, seed: number, total: number): { firstDate: string; lastDate: string } {
  db.run("PRAGMA journal_mode = OFF");
  db.run("PRAGMA synchronous = OFF");
  db.run("PRAGMA cache_size = -262144");
  db.run("PRAGMA temp_store = MEMORY");
  db.run(PIPELINE_DDL);

  const plan = makePlan(seed, total);
  const sampled = plan ? null : sampleNatural(seed, total);

  const insertTx = db.prepare(
    "INSERT INTO transactions (id, date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, import_batch, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertLog = db.prepare("INSERT INTO import_log (id, filename, row_count, imported_at) VALUES (?, ?, ?, ?)");

  const cache = new Map<string, CacheEntry>();
  const idKeyA = fmix32(seed ^ 0x7a3c91e5);
  const idKeyB = fmix32(seed + 0x1234567);
  let id = 0;
  let batchNo = 0;
  let firstDate = "";
  let lastDate = "";
  let firstImport = "";

  db.run("BEGIN");
  for (const month of MONTHS) {
    const events = sampled ? sampled[month.index]! : monthEvents(plan!, month);
    if (events.length === 0) continue;
    const rng = new Rng(seed, 0x200 + month.index);

    // Statement order: by day; within a day, shuffled.
    const byDay: Ev[][] = Array.from({ length: month.days + 1 }, () => []);
    for (const e of events) byDay[e.day]!.push(e);
    for (const list of byDay) {
      for (let i = list.length - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        [list[i], list[j]] = [list[j]!, list[i]!];
      }
    }

    // The month's statement is imported a few days after it ends, in the evening.
    const next = month.month === 12 ? [month.year + 1, 0] : [month.year, month.month];
    const importedAt = Date.UTC(next[0]!, next[1]!, 2 + rng.int(4), 17 + rng.int(5), rng.int(60), rng.int(60)) / 1000;
    const batch = `statement-${month.ym}`;
    const importedText = timestamp(importedAt);
    if (!firstImport) firstImport = timestamp(importedAt - 300);
    batchNo++;
    let offset = 0;
    let created = importedText;

    for (let d = 1; d <= month.days; d++) {
      const list = byDay[d]!;
      if (list.length === 0) continue;
      const date = month.dates[d]!;
      const compact = date.replaceAll("-", "");
      if (!firstDate) firstDate = date;
      lastDate = date;
      for (const e of list) {
        let source: string;
        let confidence: number;
        const hit = cache.get(e.key);
        if (e.category === "Uncategorised") {
          // The classifier gave up: low confidence, never cached.
          source = "llm";
          confidence = Math.round((0.12 + 0.33 * rng.next()) * 100) / 100;
        } else if (e.kind === Kind.Rule) {
          source = "rule";
          confidence = 1;
        } else if (hit) {
          source = "cache";
          confidence = hit.confidence;
        } else if (e.kind === Kind.Manual) {
          source = "manual";
          confidence = 1;
        } else {
          source = "llm";
          confidence = Math.round((0.62 + 0.37 * Math.sqrt(rng.next())) * 100) / 100;
        }
        if (source === "llm" || source === "manual") {
          // Each model call takes a moment; created_at follows.
          offset += 1 + rng.int(3);
          created = timestamp(importedAt + offset);
        }
        if (e.category !== "Uncategorised") {
          if (hit) hit.updated = created;
          else {
            cache.set(e.key, {
              rawKey: e.key,
              firstRaw: e.raw,
              merchant: e.merchant,
              category: e.category,
              confidence,
              source: source as CacheEntry["source"],
              created,
              updated: created,
            });
          }
        }
        id++;
        // Bank-style reference: booking date + a hash of the row number (unique, as
        // fmix32 is a bijection). The date prefix keeps the UNIQUE index appending in
        // date order, which halves the time for a million rows.
        const txid =
          compact +
          "-" +
          fmix32((id ^ idKeyA) >>> 0).toString(16).padStart(8, "0") +
          (fmix32((id + idKeyB) >>> 0) & 0xffff).toString(16).padStart(4, "0");
        insertTx.run(id, date, e.raw, e.cents / 100, DEMO_CURRENCY, e.merchant, e.category, source, confidence, txid, batch, created);
      }
    }
    insertLog.run(batchNo, `${batch}.csv`, events.length, timestamp(importedAt + offset + 2));
  }

  const insertCategory = db.prepare("INSERT INTO categories (name, description, created_at) VALUES (?, ?, ?)");
  for (const [name, description] of CATEGORY_DESCRIPTIONS) insertCategory.run(name, description, firstImport);

  const insertCache = db.prepare(
    "INSERT INTO merchant_cache (raw_key, merchant_name, category, confidence, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertExample = db.prepare(PIPELINE_FEW_SHOT_UPSERT);
  for (const c of cache.values()) {
    insertCache.run(c.rawKey, c.merchant, c.category, c.confidence, c.source, c.created, c.updated);
    // The user's corrections become examples for the classifier.
    if (c.source === "manual") insertExample.run(c.rawKey, c.firstRaw, c.merchant, c.category, c.created);
  }
  db.run("COMMIT");
  if (id !== total) throw new Error(`demo generator produced ${id} rows instead of ${total}`);
  return { firstDate, lastDate };
}
