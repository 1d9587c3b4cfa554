/**
 * A transaction as list_transactions writes it: its table cells (with what a purchase abroad
 * was paid in another currency) and the line the summary echoes to the model
 * (`2025-03-14 CHF -84.50 (paid EUR -88.00) Migros "MIGROS ZUERICH" [Groceries]`).
 *
 * Why the lines are kept: a list is asked again and again for the same newest rows, and
 * writing the echoed lines (dates, de-CH money, the quoted description) was the largest
 * part of `list_transactions {}` (bench/tool-latency.ts: the call was 2.7× SQLite selecting
 * the same page). A line depends only on its version of the data, so it is written once per
 * ledger (a new version is a new ledger) and kept beside it, at most LINES_KEPT of them, so
 * listing a million rows page after page does not hold them all (likewise each day's
 * `YYYY-MM-DD`). A database without transaction_details has no purchase abroad: no row is
 * looked up there.
 */
import { formatMoney, quote } from "../../core/format.ts";
import { dayToIso } from "../../ledger/calendar.ts";
import type { TransactionDetail } from "../../ledger/details.ts";
import type { Ledger } from "../../ledger/ledger.ts";
import type { BudgetDb } from "../../ledger/reader.ts";
import { UNKNOWN_MERCHANT } from "../../ledger/schema.ts";
import { foreignAmount } from "./foreign.ts";

/** Ten pages of the longest list (limit 500): plenty for the rows a conversation lists again. */
const LINES_KEPT = 5000;

const kept = new WeakMap<Ledger, RowTexts>();

/** The rows of one ledger (one version of the data) written out; the summary's lines kept once written. */
export class RowTexts {
  private readonly lines = new Map<number, string>();
  /** `YYYY-MM-DD` by yyyymmdd: a page's rows share a few days. */
  private readonly dates = new Map<number, string>();

  private constructor(
    private readonly l: Ledger,
    private readonly details: Map<number, TransactionDetail>,
  ) {}

  /** `l` is the ledger `db` just gave: its details are read with it, once per version. */
  static of(db: BudgetDb, l: Ledger): RowTexts {
    let t = kept.get(l);
    if (!t) kept.set(l, (t = new RowTexts(l, db.details())));
    return t;
  }

  /** What row i was paid in another currency (`EUR -88.00`), or null for a purchase in the booked currency. */
  paid(i: number): string | null {
    if (!this.details.size) return null;
    const f = foreignAmount(this.l, i, this.details.get(this.l.idAt(i)));
    if (!f) return null;
    return f.amount === null ? `in ${f.currency}, amount not stated` : formatMoney(f.amount, f.currency);
  }

  /** Whether any of `rows` was paid in another currency (its table then has a "Paid in" column). */
  anyPaid(rows: readonly number[]): boolean {
    if (!this.details.size) return false;
    for (const i of rows) if (this.paid(i) !== null) return true;
    return false;
  }

  /** Row i's cells as a table shows them: date, amount, currency (`withCurrency`), paid in (`withPaid`), merchant, description, category. */
  cells(i: number, withCurrency: boolean, withPaid: boolean): (string | number | null)[] {
    const l = this.l;
    const date = this.date(l.dayAt(i));
    const merchant = l.merchantName(i) ?? UNKNOWN_MERCHANT;
    // The usual table (one currency, nothing paid abroad) as one literal: no array grown cell by cell.
    if (!withCurrency && !withPaid) return [date, l.amountAt(i), merchant, l.descriptionText(i), l.categoryName(i)];
    const cells: (string | number | null)[] = [date, l.amountAt(i)];
    if (withCurrency) cells.push(l.currencyCode(i));
    if (withPaid) cells.push(this.paid(i));
    cells.push(merchant, l.descriptionText(i), l.categoryName(i));
    return cells;
  }

  private date(day: number): string {
    let iso = this.dates.get(day);
    if (iso === undefined) {
      if (this.dates.size >= LINES_KEPT) this.dates.clear();
      this.dates.set(day, (iso = dayToIso(day)));
    }
    return iso;
  }

  /** Row i as the summary echoes it. */
  line(i: number): string {
    const had = this.lines.get(i);
    if (had !== undefined) return had;
    const l = this.l;
    const paid = this.paid(i);
    const line =
      `${this.date(l.dayAt(i))} ${formatMoney(l.amountAt(i), l.currencyCode(i))}${paid ? ` (paid ${paid})` : ""} ` +
      `${l.merchantName(i) ?? UNKNOWN_MERCHANT} ${quote(l.descriptionText(i), 40)} [${l.categoryName(i)}]`;
    if (this.lines.size >= LINES_KEPT) this.lines.clear();
    this.lines.set(i, line);
    return line;
  }
}
