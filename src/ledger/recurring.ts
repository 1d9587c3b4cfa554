/**
 * Recurring payments (SPEC §2.1, round 4) found in the ledger: the recurring_payments tool
 * lists them, unusual_transactions leaves their expected payments out, and the budget
 * projection (SPEC §8) counts what they still owe this month. Pure ledger computation: the
 * caller chooses the candidate rows (money-out rows of spending categories, in a period).
 *
 * A series is the regular money out to one merchant (or, for rows the import could not name,
 * one counterparty of transaction_details) in one currency, as real households pay it:
 * - A cycle is the payments of one due date: payments at most CLUSTER_DAYS apart are one cycle
 *   (rent and service charges a day apart; three premiums of one insurer on one day), and a
 *   cluster less than half a gap after a cycle's start joins it. The parts of the obligation
 *   are the payments a cycle usually holds (the most common count), matched by amount; the
 *   obligation costs the sum of its parts.
 * - SPEC §2.1's rules then apply to the cycles: the cadence is the median gap between cycles
 *   (5–9 weekly, 26–35 monthly, 84–98 quarterly, 350–380 yearly), at least 75% of the gaps
 *   in that range, and per part at least 75% of its amounts within ±20% of its median.
 * - What else the merchant was paid inside the series is named, never taken for a price change
 *   or a double charge: a payment in a cycle beyond its parts, or one far off every part's
 *   amount and off the schedule, is a one-off — a late fee or a settlement when its text says
 *   so (folded like search: "Mahngebühr", "MAHNGEBUEHR", "Nebenkostenabrechnung", …), a
 *   possible double charge when it repeats a part's amount in the same cycle, else a one-off
 *   payment; money in from the merchant during the series is a refund.
 * - A price change is a part's payment more than 2% away from the price in force whose NEXT
 *   payment repeats it (within 2%); a payment off the price that does not repeat (one dearer
 *   clean) changes nothing, and a last payment that differs has not repeated yet.
 * - The yearly cost is the current amount (the last payment) of each active part × payments a year.
 * - A merchant mostly paid outside the rhythm (more than 25% of its payments neither regular nor
 *   one-offs inside the series) has no series as a whole. Its payments may still hold one (the
 *   monthly pass among a transit company's tickets): they are split into amount levels (bands
 *   25% wide that all hold payments) and each level is tried on its own, its amounts held to
 *   ±10% of their median instead of ±20%.
 */
import { addDays, daysBetween, epochDay } from "./calendar.ts";
import { textsOf, type Ledger } from "./ledger.ts";
import { foldText, SearchTerm } from "../core/search-text.ts";

/** A cadence is named by the median gap in days (inclusive ranges) and sets the yearly multiplier. */
export const CADENCES = [
  { name: "weekly", min: 5, max: 9, perYear: 52 },
  { name: "monthly", min: 26, max: 35, perYear: 12 },
  { name: "quarterly", min: 84, max: 98, perYear: 4 },
  { name: "yearly", min: 350, max: 380, perYear: 1 },
] as const;
const MIN_GAP = CADENCES[0].min;
/** Payments at most this many days apart are one cycle (one due date). */
const CLUSTER_DAYS = 3;
/** A cycle needs a payment within this share of a part's usual amount to be on the schedule (else its payments are one-offs). */
const ON_SCHEDULE = 0.5;
/** At least this share of the gaps, and of each part's amounts, must fit. */
const FIT = 0.75;
/** An amount fits within ±20% of its part's median amount. */
const AMOUNT_SPREAD = 0.2;
/** … or ±10% for a series found in one amount level of a merchant's payments (see amountLevels). */
const LEVEL_SPREAD = 0.1;
/** A price change: more than 2% away from the price in force, the next payment within 2% of it. */
const PRICE_STEP = 0.02;
/** A cluster closer than this share of the rough median gap to a cycle's start belongs to that cycle (a second charge days later, a settlement mid-month). */
const SAME_CYCLE = 0.5;
/** Active while the last payment is no older than this many median gaps before the newest transaction. */
const ACTIVE_GAPS = 1.5;
/** The most parts one obligation is split into. */
const MAX_PARTS = 6;
/** Amount levels: payments fall into bands this factor wide (see amountLevels). */
const LOG_STEP = Math.log(1.25);

/** Words that name a one-off in a series, folded like search. */
const LATE_FEE_WORDS = ["mahngebuhr", "mahnung", "mahnspesen", "verzugszins", "late fee", "late payment", "reminder fee", "frais de rappel", "sollecito"].map((w) => new SearchTerm(w));
const SETTLEMENT_WORDS = ["abrechnung", "nachzahlung", "nachbelastung", "schlussrechnung", "settlement", "decompte", "conguaglio"].map((w) => new SearchTerm(w));

export type PriceChange = { day: number; from: number; to: number; part: string };
export type OneOffKind = "settlement" | "late fee" | "possible double charge" | "one-off payment" | "refund";
/** Something paid (or refunded) inside a series that is none of its regular payments. `amount` is positive; a refund is money in. */
export type OneOff = { day: number; amount: number; kind: OneOffKind; description: string; row: number };

export type Part = {
  /** What it is: the bank text of its latest payment (the purpose). */
  label: string;
  category: string;
  /** The median amount ("usual"). */
  typical: number;
  /** The last payment's amount: the current price. */
  current: number;
  /** The last payment differs from the price in force by more than 2% and has not repeated yet (so no price change yet). */
  unconfirmed: boolean;
  priceChanges: PriceChange[];
  /** The current price (the last one that repeated) is more than 2% above the first payment's in the period. */
  dearer: boolean;
  count: number;
  first: number;
  last: number;
  active: boolean;
  /** Paid in the latest cycle of the series. */
  inLastCycle: boolean;
  rows: Int32Array;
};

export type Series = {
  merchant: string;
  currency: string;
  /** The category of its largest part. */
  category: string;
  cadence: (typeof CADENCES)[number]["name"];
  /** Largest part first. */
  parts: Part[];
  /** Sum of the parts' usual amounts: one cycle as usual. */
  typical: number;
  /** Sum of the current amounts of the parts that count (the active ones of an active series): one cycle now. */
  current: number;
  priceChanges: PriceChange[];
  dearer: boolean;
  oneOffs: OneOff[];
  /** Regular payments (the parts'). */
  count: number;
  cycles: number;
  first: number;
  /** The last regular payment. */
  last: number;
  /** The due date of the latest cycle (its first payment). */
  lastCycle: number;
  next: number;
  medianGap: number;
  /** current × payments a year. */
  yearlyCost: number;
  active: boolean;
  /** The regular payments' rows (ledger indexes), in date order. */
  rows: Int32Array;
};

/** Days since 1970-01-01 of every row, computed once per ledger (gaps are taken between many pairs of rows). */
const epochs = new WeakMap<Ledger, Int32Array>();
function epochDays(l: Ledger): Int32Array {
  let e = epochs.get(l);
  if (!e) {
    e = new Int32Array(l.size);
    let last = -1;
    let value = 0;
    for (let i = 0; i < l.size; i++) {
      if (l.dayAt(i) !== last) {
        last = l.dayAt(i);
        value = epochDay(last);
      }
      e[i] = value;
    }
    epochs.set(l, e);
  }
  return e;
}

/** The median (an even count: the mean of the two middle values). A typed-array sort: numeric and native, so a group of 100k payments costs milliseconds. */
export function median(xs: ArrayLike<number>): number {
  const s = Float64Array.from(xs).sort();
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const differs = (a: number, b: number) => Math.abs(a - b) > PRICE_STEP * Math.abs(b);
const near = (a: number, usual: number, share: number) => Math.abs(a - usual) <= share * usual;

/**
 * Who a row is paid to, for grouping: the merchant, or for a row whose merchant is unknown
 * or only repeats its bank text (an import without classification), the counterparty the
 * bank named (transaction_details). `of(i)` is -1 for a row without either.
 */
export type SeriesKeys = { size: number; of(i: number): number; name(k: number): string };

/** Keys by merchant only (a database without transaction_details). */
export function merchantKeys(l: Ledger): SeriesKeys {
  return { size: l.merchants.length, of: (i) => l.merchantAt(i), name: (k) => l.merchantNameOf(k)! };
}

/**
 * Keys by merchant, and by counterparty where the merchant is missing or is just the bank
 * text (counterparties are keyed after the merchants, the same name sharing one key).
 */
export function counterpartyKeys(l: Ledger, counterpartyOf: (id: number) => string | null): SeriesKeys {
  const names = [...textsOf(l.merchants)];
  const index = new Map(names.map((n, k) => [n, k]));
  // Merchant entries that only repeat some row's description: their rows take the counterparty.
  const descriptions = new Set(textsOf(l.descriptions).map((d) => d.trim().replace(/\s+/g, " ")));
  const bare = Uint8Array.from(textsOf(l.merchants), (m) => (descriptions.has(m.trim().replace(/\s+/g, " ")) ? 1 : 0));
  const keys = new Int32Array(l.size);
  for (let i = 0; i < l.size; i++) {
    const m = l.merchantAt(i);
    keys[i] = m;
    if (m >= 0 && !bare[m]) continue;
    const cp = counterpartyOf(l.idAt(i))?.trim();
    if (!cp) continue;
    let k = index.get(cp);
    if (k === undefined) {
      k = names.length;
      names.push(cp);
      index.set(cp, k);
    }
    keys[i] = k;
  }
  return { size: names.length, of: (i) => keys[i]!, name: (k) => names[k]! };
}

/**
 * The recurring series among the candidate rows that `each` visits (in date order), with at
 * least `minOccurrences` cycles; `newest` is the newest day of the whole database (for
 * active/ended). `inflows` visits money-in rows (any category) to name the refunds inside a
 * series. Sorted by yearly cost desc, then merchant.
 */
export function findSeries(
  l: Ledger,
  each: (fn: (i: number) => void) => void,
  minOccurrences: number,
  newest: number,
  opts: { keys?: SeriesKeys; inflows?: (fn: (i: number) => void) => void } = {},
): Series[] {
  const keys = opts.keys ?? merchantKeys(l);
  // Group the rows by (key, currency) without a map of arrays: count per group, then lay
  // every group's rows out contiguously, still in date order (a counting sort).
  const nCur = l.currencies.length;
  const groupOf = (i: number) => keys.of(i) * nCur + l.currencyAt(i);
  const sizes = new Int32Array(keys.size * nCur + 1);
  each((i) => {
    if (keys.of(i) >= 0) sizes[groupOf(i) + 1]!++;
  });
  const starts = new Int32Array(sizes.length); // where each group starts: prefix sums of the sizes
  for (let g = 1; g < sizes.length; g++) starts[g] = starts[g - 1]! + sizes[g]!;
  const rowsByGroup = new Int32Array(starts[starts.length - 1]!);
  const fill = starts.slice();
  each((i) => {
    if (keys.of(i) >= 0) rowsByGroup[fill[groupOf(i)]!++] = i;
  });
  const series: Series[] = [];
  const byGroup = new Map<number, Series[]>();
  for (let g = 0; g + 1 < starts.length; g++) {
    if (starts[g + 1]! - starts[g]! < minOccurrences) continue;
    const rows = rowsByGroup.subarray(starts[g]!, starts[g + 1]!);
    const found = seriesOf(l, rows, newest, minOccurrences);
    if (!found.length) continue;
    const named = found.map((s) => ({ merchant: keys.name(Math.floor(g / nCur)), currency: l.currencyCodeOf(g % nCur), ...s }));
    byGroup.set(g, named);
    series.push(...named);
  }
  if (opts.inflows && byGroup.size) {
    opts.inflows((i) => {
      const k = keys.of(i);
      if (k < 0 || !(l.amountAt(i) > 0)) return;
      for (const s of byGroup.get(groupOf(i)) ?? []) {
        const day = l.dayAt(i);
        if (day >= s.first && day <= addDays(s.last, Math.round(s.medianGap))) {
          s.oneOffs.push({ day, amount: l.amountAt(i), kind: "refund", description: l.descriptionText(i), row: i });
          break;
        }
      }
    });
    for (const list of byGroup.values()) for (const s of list) s.oneOffs.sort((a, b) => a.day - b.day || a.row - b.row);
  }
  return series.sort((a, b) => b.yearlyCost - a.yearlyCost || a.merchant.localeCompare(b.merchant) || a.first - b.first);
}

type Found = Omit<Series, "merchant" | "currency">;

/** The series of one merchant in one currency (rows in date order): the whole, else its amount levels. */
function seriesOf(l: Ledger, rows: Int32Array, newest: number, minOccurrences: number): Found[] {
  const whole = detect(l, rows, newest, minOccurrences, AMOUNT_SPREAD);
  if (whole) return [whole];
  const found: Found[] = [];
  const levels = amountLevels(l, rows);
  if (levels.length === 1) return [];
  for (const level of levels) {
    if (level.length < minOccurrences) continue;
    // A charge hidden among other payments must keep its amount closely: ±10% (a pass, a premium, a rent).
    const s = detect(l, level, newest, minOccurrences, LEVEL_SPREAD);
    if (s) found.push(s);
  }
  return found;
}

/**
 * The rows split by amount, each level in date order: amounts fall into bands a factor
 * LEVEL_STEP wide (on a log scale), and a level is a run of bands that all hold payments, so
 * an empty band (no payment within 25% around there) separates two levels. Linear, no sort: a
 * merchant paid 100'000 times costs a pass over its rows.
 */
function amountLevels(l: Ledger, rows: Int32Array): Int32Array[] {
  const band = new Int32Array(rows.length);
  let lo = Infinity;
  let hi = -Infinity;
  for (let k = 0; k < rows.length; k++) {
    const b = Math.floor(Math.log(Math.max(-l.amountAt(rows[k]!), 0.01)) / LOG_STEP);
    band[k] = b;
    if (b < lo) lo = b;
    if (b > hi) hi = b;
  }
  const used = new Uint8Array(hi - lo + 1);
  for (let k = 0; k < rows.length; k++) used[band[k]! - lo] = 1;
  // Level of each band: runs of used bands.
  const levelOfBand = new Int32Array(used.length);
  let levels = 0;
  for (let b = 0; b < used.length; b++) {
    if (used[b] && (b === 0 || !used[b - 1])) levels++;
    levelOfBand[b] = levels - 1;
  }
  if (levels === 1) return [rows];
  const sizes = new Int32Array(levels);
  for (let k = 0; k < rows.length; k++) sizes[levelOfBand[band[k]! - lo]!]!++;
  const out = Array.from(sizes, (n) => new Int32Array(n));
  const fill = new Int32Array(levels);
  for (let k = 0; k < rows.length; k++) {
    const v = levelOfBand[band[k]! - lo]!;
    out[v]![fill[v]!++] = rows[k]!;
  }
  return out;
}

/** The obligation in these rows (date order), or null when they follow no rhythm. */
function detect(l: Ledger, rows: Int32Array, newest: number, minOccurrences: number, spread: number): Found | null {
  const day = (r: number) => l.dayAt(r);
  const amount = (r: number) => -l.amountAt(r);
  const epoch = epochDays(l);
  const n = rows.length;
  // Clusters: payments at most CLUSTER_DAYS apart (one due date). Counted first, without arrays:
  // most groups (a supermarket, a transit company's tickets) stop at the checks below.
  let count = 1;
  for (let k = 1; k < n; k++) if (epoch[rows[k]!]! - epoch[rows[k - 1]!]! > CLUSTER_DAYS) count++;
  if (count < minOccurrences) return null;
  // A median gap of at least 5 days (the shortest cadence) needs half the gaps ≥ 5, so at most
  // 2·span/5 gaps: a merchant paid more often (a supermarket) is no series.
  if (count - 1 > (2 * (epoch[rows[n - 1]!]! - epoch[rows[0]!]!)) / MIN_GAP) return null;
  const clusters: number[][] = [];
  for (let k = 0; k < n; k++) {
    const r = rows[k]!;
    if (k > 0 && epoch[r]! - epoch[rows[k - 1]!]! <= CLUSTER_DAYS) clusters.at(-1)!.push(r);
    else clusters.push([r]);
  }

  // The parts: the payments a cycle usually holds, largest first, each at its median amount.
  const parts = partsOf(clusters, amount);
  if (!parts) return null;
  const scheduled = clusters.map((c) => c.some((r) => parts.some((m) => near(amount(r), m, ON_SCHEDULE))));
  const regular = clusters.filter((_, k) => scheduled[k]);
  if (regular.length < minOccurrences) return null;
  // Gaps in days between due dates (the rows' precomputed epoch days; a due date is its first payment's day).
  const gapsOf = (starts: number[]) => starts.slice(1).map((d, k) => d - starts[k]!);
  const cadenceOf = (gap: number) => CADENCES.find((c) => gap >= c.min && gap <= c.max);
  // Cycles: a regular cluster less than half a gap after a cycle's start belongs to that cycle (a
  // second charge days later, a settlement mid-month); the rhythm is then checked between cycles.
  const rough = median(gapsOf(regular.map((c) => epoch[c[0]!]!)));
  if (!cadenceOf(rough)) return null;
  const cycles: { start: number; epoch: number; rows: number[] }[] = [];
  for (const c of regular) {
    const last = cycles.at(-1);
    if (last && epoch[c[0]!]! - last.epoch < SAME_CYCLE * rough) last.rows.push(...c);
    else cycles.push({ start: day(c[0]!), epoch: epoch[c[0]!]!, rows: [...c] });
  }
  if (cycles.length < minOccurrences) return null;
  const gaps = gapsOf(cycles.map((c) => c.epoch));
  const medianGap = median(gaps);
  const cadence = cadenceOf(medianGap);
  if (!cadence) return null;
  if (gaps.filter((g) => g >= cadence.min && g <= cadence.max).length < FIT * gaps.length) return null;
  let strays = 0;
  clusters.forEach((c, k) => {
    if (scheduled[k]) return;
    const d = epoch[c[0]!]!;
    let best = cycles[0]!;
    for (const cy of cycles) if (Math.abs(cy.epoch - d) < Math.abs(best.epoch - d)) best = cy;
    // Only inside the series' span (from a gap before the first cycle to a gap after the last); beyond it they are not the series'.
    if (d >= cycles[0]!.epoch - Math.round(medianGap) && d <= cycles.at(-1)!.epoch + Math.round(medianGap)) best.rows.push(...c);
    else strays += c.length;
  });
  // A merchant mostly paid outside the rhythm (three similar shops in a row, then others) has no series.
  if (strays > (1 - FIT) * n) return null;

  // Each cycle's payments to parts: the closest amount to each part's usual one (within ON_SCHEDULE), the rest extra.
  const partRows: number[][] = parts.map(() => []);
  const extras: { row: number; cycle: number }[] = [];
  const lastCycleParts = new Set<number>();
  // The last cycle's due date: its first payment of a part's amount (within the series' spread), by date. A one-off that
  // began the cycle (600 to the landlord 19 days after one rent, 11 before the next) is no due date (uqa6 #1: the next
  // rent was put 20 days after the last one); a risen rent is, though a later payment is closer to the usual amount (a
  // 980 rent on the 1st, a 950 top-up on the 5th: rev-uqa6 #4).
  let lastDue = Infinity;
  for (const r of cycles.at(-1)!.rows) if (day(r) < lastDue && parts.some((m) => near(amount(r), m, spread))) lastDue = day(r);
  cycles.forEach((cy, ci) => {
    const pairs: { r: number; p: number; d: number }[] = [];
    for (const r of cy.rows) parts.forEach((m, p) => pairs.push({ r, p, d: Math.abs(amount(r) - m) / m }));
    pairs.sort((a, b) => a.d - b.d || day(a.r) - day(b.r) || a.r - b.r);
    const taken = new Set<number>();
    const filled = new Set<number>();
    for (const x of pairs) {
      if (taken.has(x.r) || filled.has(x.p) || x.d > ON_SCHEDULE) continue;
      taken.add(x.r);
      filled.add(x.p);
      partRows[x.p]!.push(x.r);
      if (ci === cycles.length - 1) lastCycleParts.add(x.p);
    }
    for (const r of cy.rows) if (!taken.has(r)) extras.push({ row: r, cycle: ci });
  });

  // SPEC §2.1's amount rule per part; a part that fails it (or has one payment) is no part: its payments are one-offs.
  const kept: { rows: number[]; index: number }[] = [];
  partRows.forEach((pr, index) => {
    pr.sort((a, b) => day(a) - day(b) || a - b);
    const m = median(pr.map(amount));
    // A series found in one amount level (a pass among tickets, a premium among claims) must be the level's own charge:
    // either every payment of the level in its span is the series' (a bill that varies with use, a rate-converted
    // subscription), or its amounts repeat from payment to payment (a price run with rises, one odd month). A
    // supermarket's larger baskets (87.35, 95.40, 101.30 a month apart, a 118.90 besides) are neither (uqa3 D4).
    const fits = pr.filter((r) => near(amount(r), m, spread)).length >= FIT * pr.length && (spread === AMOUNT_SPREAD || (extras.length === 0 && strays === 0) || repeating(pr.map(amount)));
    if (pr.length >= 2 && fits) kept.push({ rows: pr, index });
    else if (index === 0) kept.length = 0;
    else for (const r of pr) extras.push({ row: r, cycle: cycles.findIndex((cy) => cy.rows.includes(r)) });
  });
  if (!kept.length || kept[0]!.index !== 0) return null;

  const lastCycle = Number.isFinite(lastDue) ? lastDue : cycles.at(-1)!.start;
  const active = daysBetween(lastCycle, newest) <= ACTIVE_GAPS * medianGap;
  const built = kept.map(({ rows: pr, index }) => partOf(l, pr, newest, medianGap, lastCycleParts.has(index)));
  const counted = built.filter((p) => !active || p.active);
  const current = counted.reduce((t, p) => t + p.current, 0);
  const all = Int32Array.from(built.flatMap((p) => Array.from(p.rows))).sort((a, b) => day(a) - day(b) || a - b);
  const oneOffs = extras.map(({ row, cycle }) => oneOffOf(l, row, cycles[cycle]?.rows ?? [], built));
  return {
    category: built[0]!.category,
    cadence: cadence.name,
    parts: built,
    typical: built.reduce((t, p) => t + p.typical, 0),
    current,
    priceChanges: built.flatMap((p) => p.priceChanges).sort((a, b) => a.day - b.day),
    dearer: built.some((p) => p.dearer),
    oneOffs: oneOffs.sort((a, b) => a.day - b.day || a.row - b.row),
    count: all.length,
    cycles: cycles.length,
    first: day(all[0]!),
    last: day(all[all.length - 1]!),
    lastCycle,
    next: addDays(lastCycle, Math.round(medianGap)),
    medianGap,
    yearlyCost: current * cadence.perYear,
    active,
    rows: all,
  };
}

/** Amounts that repeat: at most one payment in four (at least one) matches neither neighbour's amount within 2%. */
function repeating(amounts: number[]): boolean {
  const lonely = amounts.filter((a, k) => (k === 0 || differs(a, amounts[k - 1]!)) && (k === amounts.length - 1 || differs(a, amounts[k + 1]!))).length;
  return lonely <= Math.max(1, (1 - FIT) * amounts.length);
}

/**
 * The usual parts of a cycle from the clusters (rows): how many payments a cycle usually holds
 * (the most common count; ties: fewer), and each one's median amount, largest first.
 */
function partsOf(clusters: number[][], amount: (r: number) => number): number[] | null {
  const counts = new Int32Array(MAX_PARTS + 2);
  for (const c of clusters) counts[Math.min(c.length, MAX_PARTS + 1)]!++;
  let k = 1;
  for (let n = 2; n <= MAX_PARTS + 1; n++) if (counts[n]! > counts[k]!) k = n;
  if (k > MAX_PARTS) return null;
  if (k === 1) return [median(clusters.filter((c) => c.length === 1).map((c) => amount(c[0]!)))];
  const byRank: number[][] = Array.from({ length: k }, () => []);
  for (const c of clusters) if (c.length === k) c.map(amount).sort((a, b) => b - a).forEach((x, j) => byRank[j]!.push(x));
  return byRank.map(median);
}

function partOf(l: Ledger, rows: number[], newest: number, medianGap: number, inLastCycle: boolean): Part {
  const amounts = rows.map((r) => -l.amountAt(r));
  const categories = new Map<string, number>();
  for (const r of rows) {
    const name = l.categoryName(r);
    categories.set(name, (categories.get(name) ?? 0) + 1);
  }
  const label = l.descriptionText(rows.at(-1)!);
  // The price in force: the first payment's, then each new amount that repeated (the next payment within 2% of it).
  // A payment off the price that did not repeat (one dearer clean) changes nothing.
  const priceChanges: PriceChange[] = [];
  let price = amounts[0]!;
  for (let k = 1; k + 1 < amounts.length; k++) {
    if (differs(amounts[k]!, price) && !differs(amounts[k + 1]!, amounts[k]!)) {
      priceChanges.push({ day: l.dayAt(rows[k]!), from: price, to: amounts[k]!, part: label });
      price = amounts[k]!;
    }
  }
  const current = amounts.at(-1)!;
  // The last payment off the price in force has not repeated yet: no price change (and no dearer) until it does.
  const unconfirmed = amounts.length > 1 && differs(current, price);
  if (!unconfirmed) price = current;
  const last = l.dayAt(rows.at(-1)!);
  return {
    label,
    category: [...categories].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0],
    typical: median(amounts),
    current,
    unconfirmed,
    priceChanges,
    dearer: price > amounts[0]! && differs(price, amounts[0]!),
    count: rows.length,
    first: l.dayAt(rows[0]!),
    last,
    active: daysBetween(last, newest) <= ACTIVE_GAPS * medianGap,
    inLastCycle,
    rows: Int32Array.from(rows),
  };
}

/** What a payment inside a series that is none of its regular ones is. */
function oneOffOf(l: Ledger, row: number, cycle: readonly number[], parts: readonly Part[]): OneOff {
  const amount = -l.amountAt(row);
  const description = l.descriptionText(row);
  const text = foldText(`${description} ${l.merchantName(row) ?? ""}`);
  const repeats = cycle.some((r) => r !== row && !differs(amount, -l.amountAt(r)) && parts.some((p) => p.rows.includes(r)));
  const kind: OneOffKind = LATE_FEE_WORDS.some((w) => w.inFolded(text))
    ? "late fee"
    : SETTLEMENT_WORDS.some((w) => w.inFolded(text))
      ? "settlement"
      : repeats
        ? "possible double charge"
        : "one-off payment";
  return { day: l.dayAt(row), amount, kind, description, row };
}

/**
 * What an active series still owes between `from` and `until` (inclusive yyyymmdd; SPEC §8
 * projection), per part category: the parts not yet paid in a latest cycle that falls in the
 * window, then every cycle due a median gap after the latest one.
 */
export function stillExpected(s: Series, from: number, until: number): { category: string; amount: number; day: number }[] {
  if (!s.active) return [];
  const out: { category: string; amount: number; day: number }[] = [];
  const parts = s.parts.filter((p) => p.active);
  if (s.lastCycle >= from && s.lastCycle <= until) {
    for (const p of parts) if (!p.inLastCycle) out.push({ category: p.category, amount: p.current, day: s.lastCycle });
  }
  const gap = Math.max(1, Math.round(s.medianGap));
  for (let d = addDays(s.lastCycle, gap); d <= until; d = addDays(d, gap)) {
    if (d >= from) for (const p of parts) out.push({ category: p.category, amount: p.current, day: d });
  }
  return out;
}
