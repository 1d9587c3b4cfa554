/**
 * How old the data is (issue 24): the last day with a transaction and when the last
 * import ran (import_log.imported_at), for the chat header and the Transactions page, so
 * data that ended weeks ago is never read as current.
 */
import type { BudgetDb } from "../ledger/reader.ts";
import { formatDate } from "../core/format.ts";

export type DataAge = {
  /** "YYYY-MM-DD" of the newest transaction, null when there are none. */
  lastDate: string | null;
  /** imported_at of the newest import_log row (as stored), null when none is recorded. */
  lastImport: string | null;
  /** The built-in demo data: nobody imported it, so there is no "last import" to speak of. */
  demo?: boolean;
};

export function dataAge(db: BudgetDb): DataAge {
  // From the overview: a page never waits on another program's lock, nor for the ledger, for them.
  const { lastDate, lastImport } = db.overview();
  return { lastDate, lastImport, ...(db.demo ? { demo: true } : {}) };
}

/**
 * "data up to 31 Oct 2026 · last import 3 days ago" (days counted between calendar days
 * in UTC); "no transactions yet" and "no imports recorded" where there is nothing; for
 * the demo data only how far it goes.
 */
export function dataAgeText(age: DataAge, now: Date): string {
  const data = age.lastDate === null ? "no transactions yet" : `data up to ${formatDate(age.lastDate)}`;
  if (age.demo) return data;
  const at = age.lastImport === null ? Number.NaN : Date.parse(age.lastImport);
  if (Number.isNaN(at)) return `${data} · no imports recorded`;
  const day = (t: number) => Math.floor(t / 86_400_000);
  const days = day(now.getTime()) - day(at);
  const ago = days <= 0 ? "today" : days === 1 ? "yesterday" : `${days} days ago`;
  return `${data} · last import ${ago}`;
}
