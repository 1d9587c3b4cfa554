/**
 * Which rows of a statement budget.db already holds (SPEC §10).
 *
 * - Duplicate: the same `transaction_id` is already there (a re-import, an overlapping
 *   later statement). Looked up through the column's UNIQUE index.
 * - Possible duplicate: no shared id, but an existing row with the same amount and
 *   currency, a date within ±3 days, the same account when both rows know theirs, and a
 *   shared word of at least 4 letters (the same payment imported before from another
 *   source, say by the pipeline from a UBS CSV and now from a CAMT file).
 *
 * Both are found with one pass each, not a query per row, so a statement checks quickly
 * against a million-row database: the ids in chunks through the index, the candidates in
 * one query restricted to the statement's date span and amounts.
 */
import type { Database } from "bun:sqlite";
import { addDays, dayToIso, daysBetween, parseDay } from "../budget/calendar.ts";

/** How far apart two bookings of one payment may be (banks book card payments days later). */
export const POSSIBLE_DUPLICATE_DAYS = 3;
const MIN_WORD_LETTERS = 4;
const ID_CHUNK = 5000;

/** The ids among `ids` that budget.db already holds. */
export function existingIds(db: Database, ids: readonly string[]): Set<string> {
  const found = new Set<string>();
  const q = db.query("SELECT transaction_id AS id FROM transactions WHERE transaction_id IN (SELECT value FROM json_each(?))");
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    for (const r of q.all(JSON.stringify(ids.slice(i, i + ID_CHUNK))) as { id: string }[]) found.add(r.id);
  }
  return found;
}

/** What a possible-duplicate check needs of a new row. */
export type CandidateRow = { date: string; amount: number; currency: string; description: string; account: string | null };

/** An existing row that a new one may repeat. */
export type ExistingMatch = { id: number; date: string; description: string; transactionId: string };

/**
 * For each row (same order), the existing row it possibly duplicates, or null.
 * `hasAccount`: whether budget.db has the `account` column yet. `fileIds`: the ids of the
 * statement's own rows; an existing row with one of them is this statement's row imported
 * before (a duplicate itself), not another source's booking of the same payment.
 */
export function possibleDuplicates(db: Database, rows: readonly CandidateRow[], hasAccount: boolean, fileIds: ReadonlySet<string>): (ExistingMatch | null)[] {
  const out: (ExistingMatch | null)[] = rows.map(() => null);
  const days = rows.map((r) => parseDay(r.date));
  const valid = days.filter((d): d is number => d !== null);
  if (valid.length === 0) return out;
  let first = valid[0]!;
  let last = first;
  for (const d of valid) {
    if (d < first) first = d;
    if (d > last) last = d;
  }
  const cents = [...new Set(rows.map((r) => Math.round(r.amount * 100)))];
  type Existing = { id: number; date: string; description: string; transactionId: string; account: string | null; day: number; words: Set<string> };
  const byKey = new Map<string, Existing[]>();
  const q = db.query(
    `SELECT id, date, raw_description AS description, transaction_id AS transactionId, ${hasAccount ? "account" : "NULL AS account"},
            CAST(round(amount * 100) AS INTEGER) AS cents, upper(trim(currency)) AS currency
     FROM transactions
     WHERE date >= ? AND date < ? AND CAST(round(amount * 100) AS INTEGER) IN (SELECT value FROM json_each(?))`,
  );
  // `date < day after` keeps rows whose date carries a time part.
  const from = dayToIso(addDays(first, -POSSIBLE_DUPLICATE_DAYS));
  const to = dayToIso(addDays(last, POSSIBLE_DUPLICATE_DAYS + 1));
  for (const r of q.iterate(from, to, JSON.stringify(cents)) as Iterable<Omit<Existing, "day" | "words"> & { cents: number; currency: string }>) {
    const day = parseDay(r.date);
    if (day === null || fileIds.has(r.transactionId)) continue;
    const key = `${r.cents}|${r.currency}`;
    const list = byKey.get(key) ?? [];
    list.push({ id: r.id, date: r.date, description: r.description, transactionId: r.transactionId, account: r.account, day, words: words(r.description) });
    byKey.set(key, list);
  }
  if (byKey.size === 0) return out;
  rows.forEach((row, i) => {
    const day = days[i];
    if (day === null || day === undefined) return;
    const candidates = byKey.get(`${Math.round(row.amount * 100)}|${row.currency}`);
    if (!candidates) return;
    const mine = words(row.description);
    const hit = candidates.find(
      (c) =>
        Math.abs(daysBetween(c.day, day)) <= POSSIBLE_DUPLICATE_DAYS &&
        (row.account === null || c.account === null || row.account === c.account) &&
        [...mine].some((w) => c.words.has(w)),
    );
    if (hit) out[i] = { id: hit.id, date: hit.date, description: hit.description, transactionId: hit.transactionId };
  });
  return out;
}

/**
 * The words of a description that can tell two payments to the same party apart from
 * chance: letters only, accents folded, lower case, at least 4 letters ("Zürich" and
 * "ZUERICH" are not made equal, but "Coop" and "COOP-1234" share "coop").
 */
export function words(text: string): Set<string> {
  const folded = text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
  return new Set(folded.split(/[^\p{L}]+/u).filter((w) => w.length >= MIN_WORD_LETTERS));
}
