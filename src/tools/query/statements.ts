/**
 * Checked statement balances (SPEC §10.1, account_balances in budget.db): each account's last
 * verified balance, and the missing statements between two imports — a statement whose opening
 * differs from the previous statement's closing. A month that a missing statement touches is
 * not an empty month (SPEC §1 counts those as 0): its bookings were never imported, so the
 * figures tools mark it "statement missing" and leave it out of month averages, highs and lows.
 */
import { addDays, monthKey, monthLabel, parseDay } from "../../ledger/calendar.ts";
import type { Ledger } from "../../ledger/ledger.ts";
import type { BudgetDb } from "../../ledger/reader.ts";
import { NO_ACCOUNT } from "../../ledger/schema.ts";
import { formatMoney, joinAnd } from "../../core/format.ts";
import { cents } from "../../import/formats/reconcile.ts";
import { resolveAccount } from "./scope.ts";

export type Balance = { account: string | null; currency: string; date: string; balance: number; sourceFile: string; openingDate: string | null; openingBalance: number | null };
/** The latest balance of an account and currency; without an account, also the other files whose statements named none (`unchained`, oldest first). */
export type LatestBalance = Balance & { unchained?: string[] };
/** A missing statement: after the statement that closed on `from`, before the one that opens on `to` (unknown: closes on `until`). */
export type Gap = { account: string | null; currency: string; from: string; to: string | null; until: string; closing: number; opening: number };
/** A statement that opens before the previous one of its account closed: `file` opens on `opens`, `previous` closed on `closes`. */
export type Overlap = { account: string; currency: string; file: string; opens: string; opening: number; previous: string; closes: string; closing: number };

export const gapPhrase = (g: Gap) =>
  `between ${g.from} and ${g.to ?? "the next statement"} (closing ${formatMoney(g.closing, g.currency)}, then opening ${formatMoney(g.opening, g.currency)}: ${formatMoney(g.opening - g.closing, g.currency)} of bookings not imported)`;

const sameStatement = (a: Balance, b: Balance) =>
  a.date === b.date && a.openingDate === b.openingDate && cents(a.balance) === cents(b.balance) && (a.openingBalance === null ? b.openingBalance === null : b.openingBalance !== null && cents(a.openingBalance) === cents(b.openingBalance));

/**
 * The balances imports checked: the latest per account and currency, and each place where a
 * statement's opening differs from the previous statement's closing, which means a statement in
 * between was never imported (only for a named account). Statements that name no account give one
 * balance per currency, the latest: nothing stored tells them apart, and one that does not continue
 * the previous may be another account's, follow a missing statement or re-export overlapping months
 * (rev-uqa6 #1). None without the table.
 */
export function verifiedBalances(db: BudgetDb, input: { account?: string; currency?: string }): { latest: LatestBalance[]; gaps: Gap[]; overlaps: Overlap[] } {
  if (!db.hasTable("account_balances")) return { latest: [], gaps: [], overlaps: [] };
  const rows = db.all<Balance>(
    `SELECT account, upper(trim(currency)) AS currency, date, balance, source_file AS sourceFile, opening_date AS openingDate, opening_balance AS openingBalance
     FROM account_balances ORDER BY account, currency, date, rowid`,
  );
  const wanted = (b: Balance) => (!input.account || b.account === input.account) && (!input.currency || b.currency === input.currency.trim().toUpperCase());
  const latest: LatestBalance[] = [];
  const gaps: Gap[] = [];
  const overlaps: Overlap[] = [];
  let prev: Balance | null = null;
  /** The files of the statements without an account before `prev`, of its currency. */
  let unchained: string[] = [];
  const close = (b: Balance) => latest.push(b.account === null ? { ...b, unchained: unchained.filter((f) => f !== b.sourceFile) } : b);
  for (const b of rows.filter(wanted)) {
    const same = prev !== null && prev.account === b.account && prev.currency === b.currency;
    // The previous statement imported again (a bank's file repeating its last month: MT940 files cut at month ends) is
    // no overlap: its balances chain as the first time (uqa4 F3).
    if (same && sameStatement(prev!, b)) continue;
    // Statements that name no account (a CSV without an IBAN) may be different banks' accounts:
    // one's closing is no evidence about the next one's opening.
    if (same && b.account !== null && b.openingBalance !== null && cents(b.openingBalance) !== cents(prev!.balance)) {
      // A statement that opens on or before the day the previous one closed overlaps it: their balances differ by the
      // bookings of the days both cover, which says nothing about a statement missing (it read "between 2026-09-08
      // and 2026-09-01").
      if (b.openingDate !== null && b.openingDate <= prev!.date) {
        overlaps.push({ account: b.account, currency: b.currency, file: b.sourceFile, opens: b.openingDate, opening: b.openingBalance, previous: prev!.sourceFile, closes: prev!.date, closing: prev!.balance });
      } else {
        gaps.push({ account: b.account, currency: b.currency, from: prev!.date, to: b.openingDate, until: b.date, closing: prev!.balance, opening: b.openingBalance });
      }
    }
    if (!same && prev) close(prev);
    if (!same) unchained = [];
    if (same && b.account === null && !unchained.includes(prev!.sourceFile)) unchained.push(prev!.sourceFile);
    prev = b;
  }
  if (prev) close(prev);
  return { latest, gaps, overlaps };
}

/**
 * The months (year*12 + month-1) whose bookings a missing statement lacks: those lying entirely after `from` and before
 * `to` (or `until`). A balance's dates may be booking dates, not the statement's period (a balance-column CSV stores its
 * first and last booking), and account_balances does not say which: an edge month holds bookings of an imported
 * statement and may be whole, so it is not marked (a February closing on its last booking, the 25th, was marked and
 * left out of the average; review of uleft). data_coverage names every gap, edge days included.
 */
function monthsOf(g: Gap): number[] {
  const closed = parseDay(g.from.slice(0, 10));
  const end = parseDay((g.to ?? g.until).slice(0, 10));
  if (closed === null || end === null) return [];
  const first = monthKey(addDays(closed, 1)) + (monthKey(addDays(closed, 1)) === monthKey(closed) ? 1 : 0);
  const last = monthKey(addDays(end, -1)) - (monthKey(addDays(end, -1)) === monthKey(end) ? 1 : 0);
  const out: number[] = [];
  for (let m = first; m <= last; m++) out.push(m);
  return out;
}

/** Per currency code, the months of `months` that a missing statement touches, each with its gaps. */
export type MissingMonths = Map<string, Map<number, Gap[]>>;

/** The missing statements' months among `months`, for the tool's account and currency arguments. */
export function missingMonths(db: BudgetDb, l: Ledger, input: { account?: string; currency?: string }, months: readonly number[]): MissingMonths {
  const out: MissingMonths = new Map();
  const k = resolveAccount(l, input.account);
  const account = k === undefined ? undefined : (l.accountNameOf(k) ?? undefined);
  const wanted = new Set(months);
  for (const g of verifiedBalances(db, { account, currency: input.currency }).gaps) {
    for (const m of monthsOf(g)) {
      if (!wanted.has(m)) continue;
      const per = out.get(g.currency) ?? new Map<number, Gap[]>();
      per.set(m, [...(per.get(m) ?? []), g]);
      out.set(g.currency, per);
    }
  }
  return out;
}

/** The labels of the months a missing statement touches, ascending. */
export function missingLabels(missing: Map<number, Gap[]> | undefined): string[] {
  return [...(missing?.keys() ?? [])].sort((a, b) => a - b).map(monthLabel);
}

/** A chart title's note: "; 2026-09: statement missing", "" when none. */
export function missingNote(missing: Map<number, Gap[]> | undefined): string {
  return missing?.size ? `; ${missingLabels(missing).join(", ")}: statement missing` : "";
}

/**
 * "2026-09 has a statement missing: CH56… CHF between 2026-08-31 and 2026-10-01 (closing …, then opening …:
 * CHF 3'793.70 of bookings not imported).", the months in order; "" when none.
 */
export function missingSentence(missing: Map<number, Gap[]> | undefined): string {
  if (!missing?.size) return "";
  const months = [...missing].sort((a, b) => a[0] - b[0]);
  const seen = new Set<Gap>();
  const gaps = months.flatMap(([, gs]) => gs).filter((g) => !seen.has(g) && seen.add(g));
  const labels = missingLabels(missing);
  return `${joinAnd(labels)} ${labels.length > 1 ? "have" : "has"} a statement missing: ${gaps.map((g) => `${g.account ?? NO_ACCOUNT} ${g.currency} ${gapPhrase(g)}`).join("; ")}.`;
}
