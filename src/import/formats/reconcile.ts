/**
 * Balances a statement states, checked against its entries (SPEC §10.1). Money is summed in
 * cents (integers), so a thousand entries never drift by a rounding error.
 *
 * - `reconcile`: opening + entries = closing (CAMT OPBD/PRCD and CLBD, OFX LEDGERBAL against a
 *   stored opening, later MT940 :60F:/:62F:).
 * - `checkBalanceColumn`: a CSV's running balance, row by row: balance after − balance before =
 *   amount, in the file's order or its reverse (newest first). A file whose every row agrees only
 *   with its signs turned round is "inverted" (the caller corrects it and says so); any other
 *   disagreement names the first line that disagrees.
 */
import { formatMoney } from "../../core/format.ts";
import { dayToIso, parseDay } from "../../ledger/calendar.ts";
import type { Reconciliation } from "./types.ts";

export const cents = (amount: number) => Math.round(amount * 100);
const fromCents = (c: number) => c / 100;

export type StatedBalance = { amount: number; date: string | null };

export function reconcile(p: {
  account: string | null;
  currency: string;
  opening: StatedBalance | null;
  closing: StatedBalance | null;
  entries: number;
  entriesCents: number;
  basis: string;
}): Reconciliation {
  const base = {
    account: p.account,
    currency: p.currency,
    opening: p.opening?.amount ?? null,
    openingDate: p.opening?.date ?? null,
    closing: p.closing?.amount ?? null,
    closingDate: p.closing?.date ?? null,
    entries: p.entries,
    entriesTotal: fromCents(p.entriesCents),
    basis: p.basis,
  };
  if (!p.opening || !p.closing) return { ...base, difference: null, status: "none" };
  const diff = cents(p.opening.amount) + p.entriesCents - cents(p.closing.amount);
  return { ...base, difference: fromCents(diff), status: diff === 0 ? "ok" : "off" };
}

/**
 * A balance-column chain (one account and currency), in file order: each row's line, day, amount and, when the
 * row states one, the balance after it. Kept by column, numbers only: a 50 MB statement's chain is half a
 * million rows, which as objects (and their day strings) would be most of what a reading of it keeps alive.
 */
export class BalanceChain {
  private lines = new Int32Array(1024);
  private days = new Int32Array(1024);
  private amounts = new Float64Array(1024);
  /** NaN: the row states no balance. */
  private balances = new Float64Array(1024);
  private n = 0;

  get length(): number {
    return this.n;
  }

  push(line: number, date: string, amountCents: number, balanceCents: number | null): void {
    if (this.n === this.lines.length) this.grow();
    this.lines[this.n] = line;
    this.days[this.n] = parseDay(date) ?? 0;
    this.amounts[this.n] = amountCents;
    this.balances[this.n] = balanceCents ?? Number.NaN;
    this.n++;
  }

  private grow(): void {
    const twice = <T extends Int32Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(a.length * 2);
      b.set(a);
      return b;
    };
    this.lines = twice(this.lines, (n) => new Int32Array(n));
    this.days = twice(this.days, (n) => new Int32Array(n));
    this.amounts = twice(this.amounts, (n) => new Float64Array(n));
    this.balances = twice(this.balances, (n) => new Float64Array(n));
  }

  line(i: number): number {
    return this.lines[i]!;
  }
  date(i: number): string {
    return dayToIso(this.days[i]!);
  }
  amountCents(i: number): number {
    return this.amounts[i]!;
  }
  balanceCents(i: number): number | null {
    const b = this.balances[i]!;
    return Number.isNaN(b) ? null : b;
  }
  /** The rows that state their balance, in order. */
  statedRows(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.n; i++) if (!Number.isNaN(this.balances[i]!)) out.push(i);
    return out;
  }
}

/**
 * The first line, in the statement's time order (`order`: the file's, or its reverse when newest first), whose stated
 * balance is lower than the one stated on the row before it by just its amount; null when none is. A file whose every
 * amount reads as money in has money out there. (A fall by another amount is a balance's typo, no row's side: three
 * salaries beside balances 3000, 6000, 5990 were said to hold money out; review of r4-leadbal.)
 */
export function firstFall(chain: BalanceChain, order: "forward" | "reverse"): number | null {
  const step = order === "forward" ? 1 : -1;
  for (let k = order === "forward" ? 1 : chain.length - 2; k >= 0 && k < chain.length; k += step) {
    const before = chain.balanceCents(k - step);
    const after = chain.balanceCents(k);
    if (before !== null && after !== null && before - after === Math.abs(chain.amountCents(k))) return chain.line(k);
  }
  return null;
}

export type ChainCheck = {
  /** File order oldest first ("forward") or newest first ("reverse"). */
  order: "forward" | "reverse";
  /** Every row agrees only with its sign turned round. */
  inverted: boolean;
  /** The first row (file order) whose stated balance disagrees, with by how much (stated − expected), or null. */
  disagreement: { line: number; differenceCents: number } | null;
  /** What the check covers: the rows between the first and the last stated balance. */
  opening: StatedBalance;
  closing: StatedBalance;
  entries: number;
  entriesCents: number;
  /** Rows outside that span (before the first or after the last stated balance). */
  uncovered: number;
  /** The balance column states each day's closing balance on every row of the day, and was checked day by day (dayEnds). */
  byDay?: true;
};

/** `byDay`: the balances read as each day's closing one (dayEnds). */
type Hypothesis = { order: "forward" | "reverse"; sign: 1 | -1; byDay?: true };

/** Whether rows `i` and `j` (one after the other in the file) both state one balance on one day: the rows of a day that share its closing balance. */
const sameDayEnd = (rows: BalanceChain, i: number, j: number): boolean => j >= 0 && j < rows.length && rows.balanceCents(j) !== null && rows.balanceCents(j) === rows.balanceCents(i) && rows.date(j) === rows.date(i);

/**
 * The stated rows that close their day when a bank writes each day's closing balance on every row of the day (rows of
 * one day, one after the other, stating one balance: r4-signs3, such a file was refused as "off by" its day's first
 * amount): of each such run, the day's last booking (the run's last row oldest first, its first newest first); every
 * other stated row as it is. Null when no two rows share their day's balance so.
 */
function dayEnds(rows: BalanceChain, stated: readonly number[], order: "forward" | "reverse"): number[] | null {
  const later = order === "forward" ? 1 : -1;
  const kept = stated.filter((i) => !sameDayEnd(rows, i, i + later));
  return kept.length < stated.length ? kept : null;
}

/** The first and last row (file order) of the run of rows around `i` that share its day's closing balance (dayEnds). */
function dayRun(rows: BalanceChain, i: number): [number, number] {
  let lo = i;
  let hi = i;
  while (sameDayEnd(rows, i, lo - 1)) lo--;
  while (sameDayEnd(rows, i, hi + 1)) hi++;
  return [lo, hi];
}

/**
 * Check one chain (one account and currency). Null when fewer than two rows state a balance:
 * then there is nothing to check. `allowInverted` false (the user flipped the signs): an inverted
 * file is reported as disagreeing, not corrected behind the user's back.
 */
export function checkBalanceColumn(rows: BalanceChain, allowInverted: boolean): ChainCheck | null {
  const stated = rows.statedRows();
  if (stated.length < 2) return null;
  // prefix[k] = the sum of the amounts of rows 0..k-1.
  const prefix = new Array<number>(rows.length + 1);
  prefix[0] = 0;
  for (let i = 0; i < rows.length; i++) prefix[i + 1] = prefix[i]! + rows.amountCents(i);
  const byDay = { forward: dayEnds(rows, stated, "forward"), reverse: dayEnds(rows, stated, "reverse") };
  const statedFor = (h: Hypothesis) => (h.byDay ? byDay[h.order]! : stated);
  const test = (h: Hypothesis) => {
    let mismatches = 0;
    let first: { line: number; differenceCents: number } | null = null;
    const kept = statedFor(h);
    for (let k = 1; k < kept.length; k++) {
      const i = kept[k - 1]!;
      const j = kept[k]!;
      const bi = rows.balanceCents(i)!;
      const bj = rows.balanceCents(j)!;
      // forward: b_j = b_i + amounts of rows i+1..j;  reverse (newest first): b_i = b_j + amounts of rows i..j-1.
      const stateDiff = h.order === "forward" ? bj - (bi + h.sign * (prefix[j + 1]! - prefix[i + 1]!)) : bi - (bj + h.sign * (prefix[j]! - prefix[i]!));
      if (stateDiff !== 0) {
        mismatches++;
        first ??= { line: rows.line(h.order === "forward" ? j : i), differenceCents: stateDiff };
      }
    }
    return { mismatches, first };
  };
  // The order the dates run in is tried first, in both ways the check can go: a chain can fit both orders (+50 then
  // −50), and only the dates' order gives the statement's opening and closing; with no fit, the dates' order with
  // the fewest disagreements names the first one (a newest-first file measured top-down states a wrong difference).
  const datesOrder = rows.date(stated[0]!) > rows.date(stated[stated.length - 1]!) ? "reverse" : "forward";
  const otherOrder = datesOrder === "forward" ? "reverse" : "forward";
  const hypotheses: Hypothesis[] = [
    { order: datesOrder, sign: 1 },
    { order: otherOrder, sign: 1 },
    { order: datesOrder, sign: -1 },
    { order: otherOrder, sign: -1 },
  ];
  // Each day's closing balance on every row of the day, read only when no row-by-row reading holds (below: the first exact
  // one), and only in the dates' order: read the other way, each day's *opening* balance would close it, backwards in time
  // (review of r4-signs3: such a file had every sign turned, its closing before its opening, exit 0).
  if (byDay.forward || byDay.reverse) hypotheses.push(...hypotheses.filter((h) => h.order === datesOrder && byDay[h.order] !== null && byDay[h.order]!.length >= 2).map((h) => ({ ...h, byDay: true as const })));
  const results = hypotheses.map((h) => ({ h, ...test(h) }));
  // Turned round only when the caller allows it (it counts the file's steps of the balance: csv-rows.ts). Not allowed,
  // a chain that agrees only turned round disagrees, with its line.
  const exact = results.find((r) => r.mismatches === 0 && (r.h.sign === 1 || allowInverted));
  // (A stable sort: on a tie the dates' order, listed first, stays first.)
  const best = exact ?? results.filter((r) => r.h.sign === 1).sort((a, b) => a.mismatches - b.mismatches)[0]!;
  const { order, sign } = best.h;
  const inverted = exact !== undefined && sign === -1;
  const kept = statedFor(best.h);
  const oldest = order === "forward" ? kept[0]! : kept[kept.length - 1]!;
  const newest = order === "forward" ? kept[kept.length - 1]! : kept[0]!;
  // Read by day, the first day's balance closes all its rows: the opening is before them.
  const [firstLo, firstHi] = best.h.byDay ? dayRun(rows, oldest) : [oldest, oldest];
  const lo = Math.min(firstLo, newest);
  const hi = Math.max(firstHi, newest);
  const amountSign = inverted ? -1 : 1;
  const entriesCents = amountSign * (prefix[hi + 1]! - prefix[lo]!);
  return {
    order,
    inverted,
    disagreement: exact ? null : best.first,
    opening: { amount: fromCents(rows.balanceCents(oldest)! - amountSign * (prefix[firstHi + 1]! - prefix[firstLo]!)), date: rows.date(oldest) },
    closing: { amount: fromCents(rows.balanceCents(newest)!), date: rows.date(newest) },
    entries: hi - lo + 1,
    entriesCents,
    uncovered: rows.length - (hi - lo + 1),
    ...(best.h.byDay ? { byDay: true as const } : {}),
  };
}

/**
 * A statement read with the user's flip of every sign, held against the same file read without it (`plain`, null when
 * it could not be read so): each check that is off flipped and ok as written is marked (`flipContradicts`), and the
 * notes say it plainly — the file's own balances agree with its signs, the flip contradicts them (QA of round 4: a flipped
 * file was refused only as "does not reconcile: off by …", as if the file were at fault). Neither reading is advised: an
 * account's balances say the flip is wrong, a card's that are the amount owed (100 owed + purchases written +25 and +40
 * = 165 owed) say it is right (review of impl7: "import it without flipping" booked a card's purchases as money in). The
 * notes name no flag: the flip came from the command line, the page's tick or a saved layout alike. A check that holds both ways
 * (its entries sum to zero) cannot confirm the flip, and says so. Returns the flipped reading's reconciliations.
 */
export function judgeFlip(flipped: Reconciliation[], plain: readonly Reconciliation[] | null, notes: string[]): Reconciliation[] {
  const same = plain !== null && plain.length === flipped.length && plain.every((p, i) => p.account === flipped[i]!.account && p.currency === flipped[i]!.currency);
  const who = (r: Reconciliation) => (r.account ? `${r.account} ${r.currency}` : r.currency);
  return flipped.map((r, i) => {
    if (r.status === "ok" && r.entries > 0 && cents(r.entriesTotal) === 0) {
      notes.push(`${who(r)}: the signs were flipped, and the file's balances cannot confirm it: its entries add up to zero either way`);
      return r;
    }
    const asWritten = same ? plain[i]! : null;
    if (r.status !== "off" || asWritten?.status !== "ok") return r;
    notes.push(
      `${who(r)}: the signs were flipped, and flipped, the amounts contradict the balances the file states, which agree with them as written (opening ${formatMoney(asWritten.opening!, r.currency)} + ${asWritten.entries} ${asWritten.entries === 1 ? "entry" : "entries"} = closing ${formatMoney(asWritten.closing!, r.currency)}): if these are an account's balances, the flip is wrong; if they are the amount owed on a card, it is right`,
    );
    return { ...r, flipContradicts: true };
  });
}
