/**
 * Which rows of a statement budget.db already holds (SPEC §10).
 *
 * - Duplicate: the same `transaction_id` is already there (a re-import, an overlapping
 *   later statement), or a camt booking under its other id (the entry as one row, or split
 *   into its parts: a camt.053 and the camt.054 that details it). Looked up through the
 *   column's UNIQUE index. A content-hash id there on a row of another account is not this
 *   row: it takes its own account's id (reidentifyOtherAccounts).
 * - Possible duplicate: no shared id, but an existing row with the same amount and
 *   currency, a date within ±3 days, the same account when both rows know theirs, and a
 *   shared word of at least 4 letters (the same payment imported before from another
 *   source, say by the pipeline from a UBS CSV and now from a CAMT file).
 *
 * - Never a possible duplicate: two rows that carry bank ids of the same kind (two camt entries,
 *   two OFX FITIDs): the bank says they are two payments.
 * - In another currency, a possible duplicate only when the existing row was read from the same file (its
 *   transaction_details checksum): a file whose currency was assumed (the main currency, with a note) and read
 *   again once a layout names its own would otherwise add every row a second time in the new currency. Never
 *   for a row of another file, even one whose content id is this row's in its currency: an account held in
 *   two currencies books the same fee on the same day in each, and budget.db does not record whether an
 *   earlier row's currency was assumed or stated, so that match would hold back real bookings.
 *
 * - Possible duplicate within the file: a row its reader marks as possibly repeating another row of the file (the same
 *   entry in two statements whose balances do not tell: ParsedRow.repeats), when budget.db holds neither: offered, listed
 *   and counted as any other possible duplicate (fileMatch).
 *
 * Both are found with one pass each, not a query per row (a caller with many rows asks in slices,
 * so that a server's event loop runs between them), so a statement checks quickly
 * against a million-row database: the ids in chunks through the index, the candidates in
 * one query restricted to the statement's date span and amounts.
 */
import type { Database, Statement } from "bun:sqlite";
import { addDays, dayToIso, daysBetween, parseDay } from "../ledger/calendar.ts";
import type { RowTable } from "./formats/row-table.ts";
import { formatMoney } from "../core/format.ts";
import { oneAccount, sameAccountNumber, twoAccountNumbers } from "./formats/accounts.ts";
import { accountTellsApart, bankIdKind, isOwnAccountIdOf, ownAccountId, withOwnAccount } from "./ids.ts";
import { hasAccountColumn } from "./target.ts";

/** How far apart two bookings of one payment may be (banks book card payments days later). */
export const POSSIBLE_DUPLICATE_DAYS = 3;
const MIN_WORD_LETTERS = 4;
const ID_CHUNK = 5000;

/**
 * The other id one camt booking has when it was imported from another file: a camt.053 entry booked as one row
 * (`camt:R`) and the same entry split into its parts by a camt.054 notification or a statement with details
 * (`camt:R:1`, `camt:R:2`, …; a split always has a part 1). Null for any other id.
 */
export function sameBookingId(id: string): string | null {
  if (!id.startsWith("camt:")) return null;
  const part = /^(camt:.+):\d+$/.exec(id);
  return part ? part[1]! : `${id}:1`;
}

/**
 * The ids of rows read earlier in one run (a dry run's files, the files of a drop imported before), each with the
 * accounts of the rows that had it. A row's id counts as seen when a row of its account had it (an IBAN and its BBAN
 * alike: anotherAccount), or a row of no account, or when it has none itself: budget.db's rule (reidentifyOtherAccounts),
 * so that a dry run and "Import all" count as the import does. (Keyed by the id with the account as written, one
 * account's IBAN and BBAN exports did not meet: review of r4-acctid.) A bank id, or an id with an account or date in it
 * already, is one row whatever account it is read with.
 */
export class SeenIds {
  private readonly accounts = new Map<string, (string | null)[]>();

  /** Whether a row of `account` with `id`, or its camt booking under its other id, was seen. */
  has(id: string, account: string | null): boolean {
    return this.seenAs(id, account) || this.seenAs(sameBookingId(id), account);
  }

  add(id: string, account: string | null): void {
    const own = accountTellsApart(id) ? account : null;
    const accounts = this.accounts.get(id);
    if (!accounts) this.accounts.set(id, [own]);
    else if (!accounts.includes(own)) accounts.push(own);
  }

  /** A copy, to count a file against without adding its rows. */
  copy(): SeenIds {
    const copy = new SeenIds();
    for (const [id, accounts] of this.accounts) copy.accounts.set(id, [...accounts]);
    return copy;
  }

  private seenAs(id: string | null, account: string | null): boolean {
    const accounts = id === null ? undefined : this.accounts.get(id);
    return accounts !== undefined && accounts.some((seen) => !anotherAccount(seen, account));
  }
}

/**
 * How many of each file's new rows are new once the files before it are imported: files dropped together are each
 * previewed against budget.db alone, so a booking in two of them (overlapping statements, a camt.054 and its camt.053)
 * is new in both and imported once. `newRows` are a file's new rows, all of them when `complete` (else it counts
 * as its preview said); `claimed` holds the rows imported already (it is added to).
 */
export function newOnceEach(files: readonly { newRows: readonly NewRow[]; complete: boolean; new: number }[], claimed: SeenIds): number[] {
  return files.map((f) => {
    const n = f.complete ? f.newRows.filter((r) => !claimed.has(r.id, r.account)).length : f.new;
    for (const r of f.newRows) claimed.add(r.id, r.account);
    return n;
  });
}

/** A new row of a preview: its id, and its account (null: none said). */
export type NewRow = { id: string; account: string | null };

/** The rows a query of one JSON list of transaction ids (`json_each(?)`) gives for `ids`, asked ID_CHUNK ids at a time. */
function byIds<T>(q: Statement, ids: readonly string[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) out.push(...(q.all(JSON.stringify(ids.slice(i, i + ID_CHUNK))) as T[]));
  return out;
}

/** The ids among `ids` that budget.db already holds, itself or (a camt booking) under its other id. */
export function existingIds(db: Database, ids: readonly string[]): Set<string> {
  const q = db.query("SELECT transaction_id AS id FROM transactions WHERE transaction_id IN (SELECT value FROM json_each(?))");
  const lookUp = (list: readonly string[]) => new Set(byIds<{ id: string }>(q, list).map((r) => r.id));
  const found = lookUp(ids);
  const others = new Map<string, string[]>();
  for (const id of ids) {
    const other = found.has(id) ? null : sameBookingId(id);
    if (other !== null) others.set(other, [...(others.get(other) ?? []), id]);
  }
  if (others.size) for (const other of lookUp([...others.keys()])) for (const id of others.get(other)!) found.add(id);
  return found;
}

/**
 * Whether a row of account `own` is another account's than a stored row of account `stored` (either unknown: not said).
 * Two labels with one account number are one account renamed (review of r4-acctid: a renamed Morgan Stanley account's
 * re-export was stored a second time under its own-account ids, exit 0).
 */
export function anotherAccount(stored: string | null | undefined, own: string | null): boolean {
  return stored != null && stored.trim() !== "" && own !== null && !oneAccount(stored, own) && !sameAccountNumber(stored, own);
}

/**
 * Content-hash ids that budget.db holds for a row of another account. A file whose ids leave the row's account out (an
 * own-account column read since the ids were fixed: Rabobank's, Belfius's, Morgan Stanley's; a file of several statements,
 * hashed with the first one's account) gives the same booking on two accounts (the monthly fee, the same day, amount and
 * text) one id: the second account's was taken for a duplicate of the first's, never stored, exit 0. Such a row takes its
 * own account's id (ownAccountId), the same on every import of it; a stored row of its own account, or of none (imported
 * before round 4, when these columns were not read), is still its duplicate. `ids` and `there` are updated in place;
 * returned: by row index, the id the row had (the other account's row, which is no copy of it: possibleDuplicates).
 */
export function reidentifyOtherAccounts(db: Database, rows: RowTable, ids: string[], there: Set<string>): Map<number, string> {
  const moved = new Map<number, string>();
  if (!hasAccountColumn(db)) return moved;
  const hashed: number[] = [];
  for (let i = 0; i < ids.length; i++) if (there.has(ids[i]!) && bankIdKind(ids[i]!) === null && rows.accountOf(i) !== null) hashed.push(i);
  const q = db.query("SELECT transaction_id AS id, account FROM transactions WHERE transaction_id IN (SELECT value FROM json_each(?)) AND account IS NOT NULL");
  const stored = new Map(byIds<{ id: string; account: string }>(q, hashed.map((i) => ids[i]!)).map((r) => [r.id, r.account]));
  for (const i of hashed) {
    const own = rows.accountOf(i)!;
    if (!anotherAccount(stored.get(ids[i]!), own)) continue;
    moved.set(i, ids[i]!);
    there.delete(ids[i]!);
    ids[i] = ownAccountId(ids[i]!, own);
  }
  if (moved.size) for (const id of existingIds(db, [...moved.keys()].map((i) => ids[i]!))) there.add(id);
  takeStoredOwnAccountIds(db, rows, ids, there);
  return moved;
}

/**
 * Rows whose plain content-hash id budget.db does not hold, but their own-account id it does: the row stored under it
 * when another account's row held the plain id, since undone (review of r4-acctid: B's fee, re-imported after A's
 * import was undone, was new and held back as a possible duplicate of its own stored row; ticked, stored twice). Such a
 * row takes that id, and is its duplicate. `ids` and `there` are updated in place.
 */
function takeStoredOwnAccountIds(db: Database, rows: RowTable, ids: string[], there: Set<string>): void {
  const ownIds = new Map<number, string>();
  for (let i = 0; i < ids.length; i++) {
    const own = withOwnAccount(ids[i]!, rows.accountOf(i));
    if (own !== ids[i] && !there.has(ids[i]!)) ownIds.set(i, own);
  }
  if (ownIds.size === 0) return;
  const stored = existingIds(db, [...ownIds.values()]);
  for (const [i, own] of ownIds) {
    if (!stored.has(own)) continue;
    ids[i] = own;
    there.add(own);
  }
}

/**
 * Whether two bank ids are one reference of the bank under one account written two ways: ids that carry their account as
 * the file wrote it (OFX's `ofx:<account>:<FITID>`) and agree after it, their accounts one (oneAccount) but not alike.
 */
function oneReference(stored: string, storedAccount: string | null, id: string, account: string | null): boolean {
  if (storedAccount === null || account === null || storedAccount === account || !oneAccount(storedAccount, account)) return false;
  const afterAccount = (x: string, written: string) => (x.startsWith(`ofx:${written}:`) ? x.slice(`ofx:${written}:`.length) : null);
  const reference = afterAccount(stored, storedAccount);
  return reference !== null && reference === afterAccount(id, account);
}

/** How budget.db stores an already imported row: its merchant and category (either may be NULL). */
export type StoredClass = { merchant: string | null; category: string | null };

/**
 * How budget.db stores the rows of `ids` (rows it holds: a preview's duplicates, shown with their stored merchant and
 * category, uqa7 #10), by transaction id: one query for them all (ID_CHUNK ids at a time). An id it does not hold under
 * that id is not in the map.
 */
export function storedClasses(db: Database, ids: readonly string[]): Map<string, StoredClass> {
  const q = db.query("SELECT transaction_id AS id, merchant_name AS merchant, category FROM transactions WHERE transaction_id IN (SELECT value FROM json_each(?))");
  return new Map(byIds<StoredClass & { id: string }>(q, ids).map(({ id, ...c }) => [id, c]));
}

/**
 * Bank ids that budget.db holds for another transaction: a bank that reuses its ids (an OFX FITID given again, months
 * later, to another payment of the account) made the new payment a "duplicate" of the old one, lost (review of stop 47).
 * A row whose id is there (`there`, as existingIds found it) under another amount or currency, or more than
 * POSSIBLE_DUPLICATE_DAYS days apart, is looked at again:
 * - the stored row was read from this same file (`sha256`, its transaction_details checksum): the same booking read
 *   again another way (--flip-signs, another date format): it stays a duplicate;
 * - the stored row's text is like this one's (similarTexts): the bank may have corrected the booking under its id (a
 *   tip added when the card payment was posted, the date moved): a possible duplicate of the stored row, listed and
 *   imported only when the user says so (review of r4-left8: both amounts of one meal were stored, exit 0);
 * - else (the rent under the café's FITID) another transaction.
 * The latter two get the id `<id>@<date>:<cents>` (the same on every import of it: a re-import finds it there). Two
 * downloads of one account that overlap give the same transaction the same id, date and amount: it stays a duplicate.
 * `ids` and `there` are updated in place; returned: the possible duplicates, by row index, with the row each may repeat.
 */
export function reidentifyReusedIds(db: Database, rows: RowTable, ids: string[], there: Set<string>, sha256?: string | null, indexes: Iterable<number> = ids.keys()): Map<number, ExistingMatch> {
  const possible = new Map<number, ExistingMatch>();
  const banked: number[] = [];
  for (const i of indexes) if (there.has(ids[i]!) && bankIdKind(ids[i]!) !== null) banked.push(i);
  if (banked.length === 0) return possible;
  const details = db.query("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'transaction_details'").get() !== null;
  const q = db.query(
    `SELECT id AS rowId, transaction_id AS id, date, raw_description AS description, CAST(round(amount * 100) AS INTEGER) AS cents, upper(trim(currency)) AS currency,
            ${details ? "(SELECT source_sha256 FROM transaction_details d WHERE d.transaction_id = transactions.transaction_id)" : "NULL"} AS sha256
     FROM transactions WHERE transaction_id IN (SELECT value FROM json_each(?))`,
  );
  type Stored = { rowId: number; id: string; date: string; description: string; cents: number; currency: string; sha256: string | null };
  const stored = new Map(byIds<Stored>(q, banked.map((i) => ids[i]!)).map((r) => [r.id, r]));
  const changed: number[] = [];
  for (const i of banked) {
    const old = stored.get(ids[i]!);
    // Found under its other camt id only (an entry and its parts): no row of this id to compare.
    if (!old) continue;
    const cents = Math.round(rows.amount(i) * 100);
    const [a, b] = [parseDay(old.date.slice(0, 10)), parseDay(rows.date(i))];
    const near = a !== null && b !== null && Math.abs(daysBetween(a, b)) <= POSSIBLE_DUPLICATE_DAYS;
    if (old.cents === cents && old.currency === rows.currencyOf(i).trim().toUpperCase() && near) continue;
    if (sha256 != null && old.sha256 === sha256) continue;
    const bareId = ids[i]!;
    ids[i] = `${bareId}@${rows.date(i)}:${cents}`;
    changed.push(i);
    if (similarTexts(textWords(rows.descriptionOf(i)), textWords(old.description))) {
      possible.set(i, { id: old.rowId, date: old.date, description: old.description, transactionId: bareId, ...(rows.currencyOf(i) !== old.currency ? { currency: old.currency } : {}) });
    }
  }
  if (changed.length) for (const id of existingIds(db, changed.map((i) => ids[i]!))) there.add(id);
  for (const i of possible.keys()) if (there.has(ids[i]!)) possible.delete(i);
  return possible;
}

/**
 * An existing row that a new one may repeat; `currency` only when it is not the new row's (a file read before in another).
 * A row of the same file (its reader could not tell one booking written twice from two alike: ParsedRow.repeats) has
 * no id in budget.db: `inFile` names its line and why, `id` and `transactionId` are null.
 */
export type ExistingMatch = { id: number | null; date: string; description: string; transactionId: string | null; currency?: string; inFile?: { line: number; reason: string } };

/** The row of the same file that row `i` may repeat, as a possible duplicate's match (ParsedRow.repeats), or null. */
export function fileMatch(rows: RowTable, i: number): ExistingMatch | null {
  const r = rows.repeatsOf(i);
  return r ? { id: null, date: r.date, description: r.description, transactionId: null, inFile: { line: r.line, reason: r.reason } } : null;
}

/**
 * The new rows a possible-duplicate check looks at: a statement's rows (by index) with their transaction ids, and the
 * SHA-256 of their file (an existing row read from the same file matches in any currency).
 */
export type Candidates = {
  rows: RowTable;
  indexes: readonly number[];
  ids: readonly string[];
  sha256?: string | null;
  /** Ids of stored rows that rows of the statement had and that are another account's (reidentifyOtherAccounts). */
  otherAccountIds?: ReadonlySet<string>;
};

/**
 * For each candidate (same order as `indexes`), the existing row it possibly duplicates, or null.
 * `hasAccount`: whether budget.db has the `account` column yet. `fileIds`: the ids of the
 * statement's own rows; an existing row with one of them is this statement's row imported
 * before (a duplicate itself), not another source's booking of the same payment. Two rows that
 * both carry a bank id of the same kind (camt, ofx, card, UBS transaction number) are two payments
 * whatever their amounts: a statement split into two files makes no possible duplicates.
 * `ownBatch`: the import being written (a streamed one writes as it checks): its own rows are no other source's.
 */
export function possibleDuplicates(db: Database, c: Candidates, hasAccount: boolean, fileIds: ReadonlySet<string>, ownBatch: string | null = null): (ExistingMatch | null)[] {
  const { rows, indexes } = c;
  const out: (ExistingMatch | null)[] = new Array(indexes.length).fill(null);
  const days = new Array<number | null>(indexes.length);
  // The new rows by amount in cents: an existing row is looked at only when its amount is among them.
  const byCents = new Map<number, number[]>();
  let first = Infinity;
  let last = -Infinity;
  for (let k = 0; k < indexes.length; k++) {
    const row = indexes[k]!;
    const day = (days[k] = parseDay(rows.date(row)));
    if (day === null) continue;
    if (day < first) first = day;
    if (day > last) last = day;
    const key = Math.round(rows.amount(row) * 100);
    const list = byCents.get(key);
    if (list) list.push(k);
    else byCents.set(key, [k]);
  }
  if (byCents.size === 0) return out;
  const mine: (TextWords | undefined)[] = [];
  // One pass over the statement's date span (±3 days), only rows with one of its amounts; `date < day after`
  // keeps rows whose date carries a time part.
  const details = db.query("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'transaction_details'").get() !== null;
  const q = db.query(
    `SELECT id, date, raw_description AS description, transaction_id AS transactionId, ${hasAccount ? "account" : "NULL AS account"},
            CAST(round(amount * 100) AS INTEGER) AS cents, upper(trim(currency)) AS currency,
            ${details ? "(SELECT source_sha256 FROM transaction_details d WHERE d.transaction_id = transactions.transaction_id)" : "NULL"} AS sha256
     FROM transactions
     WHERE date >= ? AND date < ? AND CAST(round(amount * 100) AS INTEGER) IN (SELECT value FROM json_each(?)) AND import_batch IS NOT ?`,
  );
  const from = dayToIso(addDays(first, -POSSIBLE_DUPLICATE_DAYS));
  const to = dayToIso(addDays(last, POSSIBLE_DUPLICATE_DAYS + 1));
  type Existing = { id: number; date: string; description: string; transactionId: string; account: string | null; cents: number; currency: string; sha256: string | null };
  for (const e of q.iterate(from, to, JSON.stringify([...byCents.keys()]), ownBatch) as Iterable<Existing>) {
    const ks = byCents.get(e.cents);
    if (!ks || fileIds.has(e.transactionId)) continue;
    const day = parseDay(e.date);
    if (day === null) continue;
    const theirKind = bankIdKind(e.transactionId);
    const sameFile = c.sha256 != null && e.sha256 === c.sha256;
    let theirs: TextWords | undefined;
    for (const k of ks) {
      const i = indexes[k]!;
      if (out[k] || Math.abs(daysBetween(day, days[k]!)) > POSSIBLE_DUPLICATE_DAYS) continue;
      if (rows.currencyOf(i) !== e.currency && !sameFile) continue;
      // The row itself, added by another import after the ids were looked up (two imports of one file at once): it is
      // a duplicate, which the write's INSERT OR IGNORE finds and counts so, never "another source's booking".
      if (e.transactionId === c.ids[i]) continue;
      // Another account's row is no copy of this one; unless the row's account was read since its id was fixed (its id's
      // account another: an app's or Morgan Stanley's export of several accounts, ColumnPlan.accountNotInIds): imported
      // before under one name given for every row, its copy is under that name (review of r4-msacct: stored twice, exit 0).
      // A stored row whose id a row of this file had (otherAccountIds), or whose id is this row's with its account after
      // it (ownAccountId: stored when the plain id was another account's row's), is another account's surely when both
      // are account numbers (not a name given for every row, which may be this row's account). One account written
      // another way (its IBAN and its domestic number, a card masked otherwise) is this row's account: as written, each
      // booking of the second export was stored again (stored twice, exit 0).
      const account = rows.accountOf(i);
      const sharesThisRowsId = c.otherAccountIds?.has(e.transactionId) === true || isOwnAccountIdOf(e.transactionId, c.ids[i]!);
      if (account !== null && e.account !== null && anotherAccount(e.account, account) && (rows.idAccountOf(i) === undefined || (sharesThisRowsId && twoAccountNumbers(account, e.account)))) continue;
      // Two bank ids of one kind are two payments; but not one reference of the bank under the account written two ways
      // (an OFX FITID downloaded with the card's whole number, then masked): the same payment.
      if (theirKind !== null && theirKind === bankIdKind(c.ids[i]!) && !oneReference(e.transactionId, e.account, c.ids[i]!, account)) continue;
      // Words only for rows this close: most candidates never get here.
      theirs ??= textWords(e.description);
      const own = (mine[k] ??= textWords(rows.descriptionOf(i)));
      if (similarTexts(own, theirs)) {
        out[k] = { id: e.id, date: e.date, description: e.description, transactionId: e.transactionId, ...(rows.currencyOf(i) !== e.currency ? { currency: e.currency } : {}) };
      }
    }
  }
  return out;
}

/**
 * The letter words of a description: letters only, accents folded, lower case ("Zürich" and "ZUERICH" are not made
 * equal, but "Coop" and "COOP-1234" share "coop").
 */
const letterWords = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w !== "");

/** A description's words of at least 4 letters (those can tell two payments to the same party apart from chance), and all its words. */
type TextWords = { long: Set<string>; all: Set<string> };

function textWords(text: string): TextWords {
  const all = letterWords(text);
  return { long: new Set(all.filter((w) => w.length >= MIN_WORD_LETTERS)), all: new Set(all) };
}

/**
 * Similar texts: a shared word of at least 4 letters; or, for a text that has no such word ("SBB", "SBB CFF FFS",
 * "H & M"), every one of its words among the other's. Without the second rule a payment to a short-named payee,
 * imported again after its id changed (an older reader's content hash), was added a second time: "SBB" and
 * "SBB CFF FFS" share no word of 4 letters.
 */
function similarTexts(a: TextWords, b: TextWords): boolean {
  for (const w of a.long) if (b.long.has(w)) return true;
  const within = (short: TextWords, other: TextWords) => short.long.size === 0 && short.all.size > 0 && [...short.all].every((w) => other.all.has(w));
  return within(a, b) || within(b, a);
}

/**
 * Rows of this very file (its transaction_details checksum) stored by an earlier import at the same line and day with
 * the same amount the other way round: the file was read otherwise then (an upgrade changed a sign rule, e.g. a money
 * app's "Expense" rows booked as money in), so its content ids differ now and the corrected row would be added beside
 * the wrong one unsaid. By row index: the stored row, its amount and import. The stored rows are never changed here
 * (budget.db is written by the user's acts only): the caller holds the new row back and says so (SignTurns). `ids`: the
 * rows' ids as read now (a stored row under another row's id is that row); `ownBatch`: the import being written.
 */
export function turnedSigns(db: Database, rows: RowTable, indexes: readonly number[], ids: readonly string[], sha256: string | null | undefined, ownBatch: string | null = null): Map<number, ExistingMatch & { amount: number; batch: string }> {
  const found = new Map<number, ExistingMatch & { amount: number; batch: string }>();
  if (!sha256 || indexes.length === 0 || db.query("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'transaction_details'").get() === null) return found;
  // By line, day, amount the other way round and currency: every row with that key (a batch's parts alike share one).
  const wanted = new Map<string, number[]>();
  let first = "9999-12-31";
  let last = "0000-01-01";
  for (const i of indexes) {
    const cents = Math.round(rows.amount(i) * 100);
    if (cents === 0) continue;
    const date = rows.date(i);
    if (date < first) first = date;
    if (date > last) last = date;
    const key = `${rows.lineOf(i)}|${date}|${-cents}|${rows.currencyOf(i).trim().toUpperCase()}`;
    wanted.set(key, [...(wanted.get(key) ?? []), i]);
  }
  if (wanted.size === 0) return found;
  const own = new Set(ids);
  const q = db.query(
    `SELECT t.id, substr(t.date, 1, 10) AS date, t.raw_description AS description, t.transaction_id AS transactionId, t.amount, CAST(round(t.amount * 100) AS INTEGER) AS cents,
            upper(trim(t.currency)) AS currency, t.import_batch AS batch, d.source_line AS line
     FROM transactions t JOIN transaction_details d ON d.transaction_id = t.transaction_id
     WHERE t.date >= ? AND t.date < ? AND d.source_sha256 = ? AND CAST(round(t.amount * 100) AS INTEGER) IN (SELECT value FROM json_each(?)) AND t.import_batch IS NOT ?`,
  );
  const negated = JSON.stringify([...new Set([...wanted.keys()].map((k) => Number(k.split("|")[2])))]);
  type Stored = { id: number; date: string; description: string; transactionId: string; amount: number; cents: number; currency: string; batch: string; line: number };
  for (const s of q.iterate(first, dayToIso(addDays(parseDay(last)!, 1)), sha256, negated, ownBatch) as Iterable<Stored>) {
    // Another row of the file as it reads now (a batch's parts share their entry's line: +50 and −50 in one entry) is no
    // other reading of this one; under this row's own id (a bank's), it is. Each stored row is the other reading of one
    // row only: two parts alike, stored turned, are two rows held (one held and its twin added beside its stored one was a
    // silent double), its own id's row first.
    const candidates = (wanted.get(`${s.line}|${s.date}|${s.cents}|${s.currency}`) ?? []).filter((j) => !found.has(j));
    const i = candidates.find((j) => s.transactionId === ids[j]) ?? (own.has(s.transactionId) ? undefined : candidates[0]);
    if (i === undefined) continue;
    found.set(i, { id: s.id, date: s.date, description: s.description, transactionId: s.transactionId, amount: s.amount, batch: s.batch });
  }
  return found;
}

/** The rows of a file stored before with the other sign (turnedSigns), gathered over its chunks, and the note that names them. */
export class SignTurns {
  private readonly rows: { line: number; date: string; amount: number; stored: number; currency: string; held: boolean }[] = [];
  private readonly batches = new Set<string>();

  /**
   * The rows of `rows` stored before with the other sign (turnedSigns) among those not held already: a new one (status 0)
   * held as a possible duplicate of the stored row (status 2, `match`), a duplicate left one; each gathered for the note.
   */
  hold(db: Database, rows: RowTable, status: { [i: number]: number; readonly length: number }, ids: readonly string[], sha256: string | null | undefined, batch: string | null, match: (i: number, m: ExistingMatch) => void): void {
    const open = Array.from({ length: status.length }, (_, i) => i).filter((i) => status[i] !== 2);
    for (const [i, m] of turnedSigns(db, rows, open, ids, sha256, batch)) {
      const held = status[i] === 0;
      if (held) {
        status[i] = 2;
        match(i, m);
      }
      this.add(rows, i, m, held);
    }
  }

  private add(rows: RowTable, i: number, stored: { amount: number; batch: string }, held: boolean): void {
    this.rows.push({ line: rows.lineOf(i), date: rows.date(i), amount: rows.amount(i), stored: stored.amount, currency: rows.currencyOf(i), held });
    this.batches.add(stored.batch);
  }

  /** The note, or null when there is none; `place` names a row's line as its format does. */
  note(place: (line: number) => string): string | null {
    const n = this.rows.length;
    if (n === 0) return null;
    const named = this.rows.slice(0, 10).map((r) => `${place(r.line)} ${r.date} ${formatMoney(r.amount, r.currency)} (stored ${formatMoney(r.stored, r.currency)})`);
    const more = n > named.length ? `, and ${n - named.length} more` : "";
    const one = n === 1;
    const imports = [...this.batches].map((b) => `"${b}"`).join(", ");
    const held = this.rows.some((r) => r.held) ? ` ${one ? "It is held as a possible duplicate" : "They are held as possible duplicates"}, not added beside the stored ${one ? "row" : "rows"} unless you import ${one ? "it" : "them"} too.` : "";
    return `${one ? "a row" : `${n} rows`} of this file ${one ? "was" : "were"} stored before with the opposite sign, by an earlier import of this same file (${imports}): ${named.join("; ")}${more}. The file is read differently now, and the stored ${one ? "row keeps its" : "rows keep their"} sign.${held} To store ${one ? "it" : "them"} as read now, undo that import and import the file again`;
  }
}
