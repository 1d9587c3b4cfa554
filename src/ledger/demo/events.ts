/**
 * What happens in the demo household month by month: the calendar, the plan of how many
 * events of each type fall in each month, and the events themselves (deterministic per seed).
 */
import { pipelineMerchantKey } from "../pipeline.ts";
import { CATEGORY_DESCRIPTIONS } from "../schema.ts";
import {
  type AmountSpec,
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
import { hashString, Picker, Rng } from "./random.ts";

/** The natural size of the demo data: one household over the three years below. */
export const DEMO_DEFAULT_TRANSACTIONS = 7300;
export const DEMO_FIRST_DATE = "2023-11-01";
export const DEMO_LAST_DATE = "2026-10-31";

// ---------------------------------------------------------------------------------
// Calendar

export type Month = {
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

export const MONTHS: Month[] = buildMonths();

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
export const Kind = { Llm: 0, Rule: 1, Manual: 2 } as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

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

export type Plan = {
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

export function makePlan(seed: number, total: number): Plan | null {
  const households = makeHouseholds(seed, Math.max(1, Math.round(total / DEMO_DEFAULT_TRANSACTIONS)));
  const fixed = recurringCount(households) + OUTLIERS.length;
  const variable = total - fixed;
  // Too few rows for the household's fixed items plus a real everyday life: sample instead.
  if (variable < total / 2) return null;
  return { seed, households, counts: allocate(seed, variable), outliers: true };
}

// ---------------------------------------------------------------------------------
// Events

export type Ev = {
  day: number;
  raw: string;
  key: string;
  merchant: string;
  category: string;
  /** Signed amount in Rappen. */
  cents: number;
  kind: Kind;
};

export function monthEvents(plan: Plan, month: Month): Ev[] {
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
export function sampleNatural(seed: number, total: number): Ev[][] {
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
