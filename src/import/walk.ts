/**
 * A statement read without holding its rows (SPEC §13.1: memory per preview ≤ 3× the file + 100 MB;
 * a 1M-row CSV from the command line within 500 MB). Two readings of the text:
 *   1. `readFacts`: what the file says as a whole — refusals, bad rows, skipped lines, the balances'
 *      verdict (also whether every sign was the wrong way round), money out and in — with the rows
 *      counted and summed as they go by, not kept;
 *   2. `walkRows`: the rows again, a chunk at a time, each chunk's transaction ids, its duplicates and
 *      possible duplicates against budget.db, and the class of each new row that needs no model
 *      (merchant cache, card rules), handed to the caller and then let go.
 * The command line's streamed import writes what the walk hands it (importer.ts); the web's preview
 * (preview.ts, in the parse worker) keeps one status byte per row and the first rows to show; the
 * web's commit reads the rows to insert once more.
 */
import type { Database } from "bun:sqlite";
import { pipelineMerchantKey } from "../ledger/pipeline.ts";
import { cacheEntries, cardPaymentCategory, cardPaymentClass, classifyWithoutModel, hasCachedMerchants, userRuleClasses, userRulesOf, type Classified } from "./classify.ts";
import { existingIds, fileMatch, possibleDuplicates, reidentifyOtherAccounts, reidentifyReusedIds, type ExistingMatch, type SeenIds, type SignTurns } from "./duplicates.ts";
import { parseText, type ParseOptions, type ParsedRow, type Reconciliation, type RowSink, type Statement } from "./formats/index.ts";
import { reconcile } from "./formats/reconcile.ts";
import { RowTable } from "./formats/row-table.ts";
import { transactionIdAssigner } from "./ids.ts";
import { accountBalancesBefore, hasAccountColumn } from "./target.ts";

/** Money out and money in of one currency, with their row counts: a wrong sign is seen at a glance. */
export type CurrencyTotals = { currency: string; out: number; outRows: number; in: number; inRows: number };

/** Rows per chunk of a walk. */
export const WALK_CHUNK_ROWS = 20_000;
/** Rows between two full collections of a reading's garbage (see collectNowAndThen); the parse worker asks for fewer. */
let collectEveryRows = 20_000;

/**
 * A walk over a large file makes garbage row by row faster than the engine collects it on its own:
 * left alone, a million rows peak at several hundred MB of garbage (the rows' objects outlive the
 * young generation: a chunk is thousands of rows). A full collection every so many rows keeps the peak
 * near what is kept plus those rows' garbage, for about a tenth more time.
 */
export function collectNowAndThen(rows: number, chunk: number): void {
  if (Math.floor(rows / collectEveryRows) > Math.floor((rows - chunk) / collectEveryRows)) Bun.gc(true);
}

/**
 * Collections four times as often, for this thread (the parse worker: SPEC §13.1's memory per preview). A CSV row's
 * reading makes about 3.5 KB of garbage (a 49 MB file: the worker's RSS climbed 60–80 MB between two collections
 * 20,000 rows apart); 5,000 rows apart, its peak is ≈ 60 MB lower. The command line keeps the longer interval: its
 * files are read once, and its time is measured against a floor (bench/import.ts).
 */
export function collectOften(): void {
  collectEveryRows = 5_000;
}

/** The smallest unit a total is counted in: ten-thousandths (ISO 4217's most minor unit, four places). */
const MINOR_UNITS = 10_000;
type Tally = { out: number; outRows: number; in: number; inRows: number };

/** Money out and money in per currency, with their row counts, summed in MINOR_UNITS. */
export class CurrencyTally {
  private readonly by = new Map<string, Tally>();

  count(currency: string, amount: number): void {
    const t = this.by.get(currency) ?? { out: 0, outRows: 0, in: 0, inRows: 0 };
    // In ten-thousandths, ISO 4217's smallest unit (CLF; the dinars' 0.015 are three places), exact sums as integers;
    // the side by the amount's own sign (review of pass 20: −0.005 was counted in cents, rounded to 0, as money in).
    const units = Math.round(Math.abs(amount) * MINOR_UNITS);
    if (amount < 0) {
      t.out += units;
      t.outRows++;
    } else {
      t.in += units;
      t.inRows++;
    }
    this.by.set(currency, t);
  }

  /** `inverted`: every amount counted was the wrong way round (a balance column's verdict after they went by). */
  result(inverted: boolean): CurrencyTotals[] {
    return [...this.by]
      .map(([currency, t]) => ({ currency, out: t.out / MINOR_UNITS, outRows: t.outRows, in: t.in / MINOR_UNITS, inRows: t.inRows }))
      .map((t) => (inverted ? { currency: t.currency, out: t.in, outRows: t.inRows, in: t.out, inRows: t.outRows } : t))
      .sort((x, y) => y.outRows + y.inRows - (x.outRows + x.inRows));
  }
}

/** Counts and sums the rows a reader passes on, per currency (the rows themselves are not kept). */
class TotalsSink extends CurrencyTally {
  rows = 0;

  add(r: ParsedRow): void {
    this.rows++;
    collectNowAndThen(this.rows, 1);
    this.count(r.currency, r.amount);
  }
}

/** A statement's facts without its rows: what the reader said, money out and in, how many rows. */
export type StatementFacts = Omit<Statement, "rows"> & { totals: CurrencyTotals[]; rowCount: number };

/** The first reading: the statement's facts, its rows counted and summed as they go by. */
export function readFacts(text: string, opts: ParseOptions): StatementFacts {
  const totals = new TotalsSink();
  const { rows: _none, ...s } = parseText(text, { ...opts, sink: totals });
  return { ...s, totals: totals.result(s.invertedByBalance), rowCount: totals.rows };
}

/** Whether a second reading must turn every sign: the user's flip, unless the balance column already asked for it. */
export function flipForWalk(opts: ParseOptions, facts: Pick<StatementFacts, "invertedByBalance">): boolean {
  // The first reading knew the balance column's verdict; the next applies it from the first row.
  return (opts.flipSigns === true) !== facts.invertedByBalance;
}

/** Per row of a walked chunk: 0 new, 1 already in budget.db, 2 possibly another source's booking of it. */
export type WalkStatus = 0 | 1 | 2;

/** One chunk of a walk: its rows, their ids and status, a possible duplicate's match, a new row's class without the model (null: none). */
export type WalkedChunk = {
  rows: RowTable;
  /** The index of the chunk's first row in the statement. */
  offset: number;
  ids: string[];
  status: WalkStatus[];
  matches: (ExistingMatch | null)[];
  classes: (Classified | null)[];
};

/** What a walk takes besides the rows: see chunkWalker. `notSpending`: the not-spending categories as configured (SPEC §1). */
export type WalkOptions = { seen?: SeenIds; batch?: string | null; chunkRows?: number; sha256?: string; turns?: SignTurns; notSpending: readonly string[] };

/**
 * Walks the rows a reader hands over, a chunk at a time: each chunk's ids (content hashes with the statement's
 * `account`, else each row's own), duplicates (ids in budget.db, or in `seen`: files read earlier in the same
 * run), possible duplicates (not against `batch`, the import being written) and the classes the user's rules, a card's
 * payments (into the transfer category of `o.notSpending`), the merchant cache and, for a card's rows (those with a card
 * sector), the card rules give. `db` null: no budget.db yet (every row is new). `flush` hands over the last chunk.
 */
export function chunkWalker(account: string | null, db: Database | null, o: WalkOptions, onChunk: (c: WalkedChunk) => void): RowSink & { flush(): void } {
  const nextId = transactionIdAssigner(account);
  const hasAccount = db !== null && hasAccountColumn(db);
  const cached = hasCachedMerchants(db);
  const rules = userRulesOf(db);
  const transfers = cardPaymentCategory(db, o.notSpending);
  const size = o.chunkRows ?? WALK_CHUNK_ROWS;
  let offset = 0;
  let chunk = new RowTable();
  const flush = () => {
    const n = chunk.length;
    if (n === 0) return;
    const ids = Array.from({ length: n }, (_, i) => nextId(chunk, i));
    const there = db ? existingIds(db, ids) : new Set<string>();
    const reused = db ? reidentifyReusedIds(db, chunk, ids, there, o.sha256) : new Map<number, ExistingMatch>();
    const movedFrom = db ? reidentifyOtherAccounts(db, chunk, ids, there) : undefined;
    if (o.seen) for (let i = 0; i < n; i++) if (o.seen.has(ids[i]!, chunk.accountOf(i))) there.add(ids[i]!);
    const status = new Array<WalkStatus>(n).fill(0);
    const matches = new Array<ExistingMatch | null>(n).fill(null);
    const classes = new Array<Classified | null>(n).fill(null);
    const fresh: number[] = [];
    for (let i = 0; i < n; i++) {
      if (there.has(ids[i]!)) status[i] = 1;
      else fresh.push(i);
    }
    // The rows this import wrote in its earlier chunks are its own, not another source's bookings.
    const found = db && fresh.length ? possibleDuplicates(db, { rows: chunk, indexes: fresh, ids, sha256: o.sha256, otherAccountIds: new Set(movedFrom?.values()) }, hasAccount, there, o.batch ?? null) : [];
    const keys = cached ? fresh.map((i) => pipelineMerchantKey(chunk.descriptionOf(i))) : [];
    const cache = cached ? cacheEntries(db, new Set(keys)) : new Map();
    // The user's rules first (SPEC §14): per row, before the cache and the card rules.
    const ruled = userRuleClasses(db, chunk, fresh, rules);
    fresh.forEach((i, k) => {
      const m = found[k] ?? reused.get(i) ?? fileMatch(chunk, i);
      if (m) {
        status[i] = 2;
        matches[i] = m;
      }
      // Then a card's payments (card-payments.ts), per row, before the cache (unless the user filed the text) and the card rules.
      const byRule = ruled.get(i) ?? cardPaymentClass(db, chunk, i, transfers);
      if (byRule) {
        classes[i] = byRule;
        return;
      }
      // Only a card invoice's rows carry a card sector: the card rules are theirs.
      const sector = chunk.sectorOf(i);
      if (cached || sector !== undefined) classes[i] = classifyWithoutModel({ description: chunk.descriptionOf(i), amount: chunk.amount(i), currency: chunk.currencyOf(i), sector }, keys[k], cache, sector !== undefined);
    });
    // Rows of this same file stored before with the other sign (its reading changed since): held, and gathered for the note.
    if (db && o.turns) o.turns.hold(db, chunk, status, ids, o.sha256, o.batch ?? null, (i, m) => (matches[i] = m));
    if (o.seen) for (let i = 0; i < n; i++) o.seen.add(ids[i]!, chunk.accountOf(i));
    onChunk({ rows: chunk, offset, ids, status, matches, classes });
    offset += n;
    chunk = new RowTable();
  };
  return {
    add(r) {
      // A line's rows (a camt batch's parts, −30 paid and +30 back) stay in one chunk, up to four times its size: turnedSigns
      // tells them from another reading of one another by the chunk's ids (review of impl7: split at a boundary, the
      // unchanged file's parts were said "stored before with the opposite sign", and a part not stored yet was held).
      if (chunk.length >= size && (chunk.length >= 4 * size || chunk.lineOf(chunk.length - 1) !== r.line)) flush();
      chunk.add(r);
      collectNowAndThen(offset + chunk.length, 1);
    },
    flush,
  };
}

/** The second reading: the rows again (signs as `flipForWalk` says), walked chunk by chunk (chunkWalker). */
export function walkRows(
  text: string,
  opts: ParseOptions,
  facts: Pick<StatementFacts, "account" | "invertedByBalance">,
  db: Database | null,
  o: WalkOptions,
  onChunk: (c: WalkedChunk) => void,
): void {
  const walker = chunkWalker(facts.account, db, o, onChunk);
  parseText(text, { ...opts, flipSigns: flipForWalk(opts, facts), sink: walker });
  walker.flush();
}

/**
 * Both readings in one, where one is enough: the facts, and the rows walked as they go by with the ids a row's
 * own account gives. That is the walk `walkRows` would make unless the balance column turned every sign round, or
 * the statement's account is not every row's own (`walked` false then: the caller walks the rows again).
 */
export function readAndWalk(text: string, opts: ParseOptions, db: Database | null, o: WalkOptions & { sha256: string }, onChunk: (c: WalkedChunk) => void): { facts: StatementFacts; walked: boolean } {
  // The tally counts and sums; the walker collects the garbage, chunk by chunk.
  const totals = new CurrencyTally();
  let count = 0;
  const walker = chunkWalker(null, db, o, onChunk);
  let accounts: "none" | "one" | "several" = "none";
  let first: string | null = null;
  const { rows: _none, ...s } = parseText(text, {
    ...opts,
    sink: {
      add(r) {
        if (accounts === "none") [accounts, first] = ["one", r.account];
        else if (accounts === "one" && r.account !== first) accounts = "several";
        count++;
        totals.count(r.currency, r.amount);
        walker.add(r);
      },
    },
  });
  walker.flush();
  const facts = { ...s, totals: totals.result(s.invertedByBalance), rowCount: count };
  const sameAccount = s.account === null || accounts === "none" || (accounts === "one" && first === s.account);
  return { facts, walked: !s.invertedByBalance && sameAccount };
}

/** Each row's account, currency, date and amount, handed to `visit` (a RowTable's loop, or a statement read again). */
export type RowVisitor = (visit: (account: string | null, currency: string, date: string, amount: number) => void) => void;

/** A possible duplicate as a balance check sees it: where it stands and its amount. */
export type HeldRow = { account: string | null; currency: string; line: number; amount: number };

/**
 * The possible duplicates each balance check counted: a statement's by its lines where the file says them, else by
 * account and currency when one check is the account's. Checks without any keep what they are.
 */
export function withHeld(recs: readonly Reconciliation[], rows: Iterable<HeldRow>): Reconciliation[] {
  const held = new Map<Reconciliation, { entries: number; cents: number }>();
  for (const row of rows) {
    const theirs = recs.filter((r) => r.account === row.account && r.currency === row.currency);
    const r = theirs.find((c) => c.lines && row.line >= c.lines.first && row.line <= c.lines.last) ?? (theirs.length === 1 && !theirs[0]!.lines ? theirs[0] : undefined);
    if (!r) continue;
    const h = held.get(r) ?? { entries: 0, cents: 0 };
    h.entries++;
    h.cents += Math.round(row.amount * 100);
    held.set(r, h);
  }
  if (!held.size) return [...recs];
  return recs.map((r) => {
    const h = held.get(r);
    return h ? { ...r, held: { entries: h.entries, total: h.cents / 100 } } : r;
  });
}

/** Row `i` of a table as a balance check sees it (withHeld). */
export const heldRow = (rows: RowTable, i: number): HeldRow => ({ account: rows.accountOf(i), currency: rows.currencyOf(i), line: rows.lineOf(i), amount: rows.amount(i) });

/**
 * A statement that states a closing balance but no opening one (OFX LEDGERBAL) is checked against
 * the last balance budget.db holds for its account and currency from before the statement's first
 * day: that balance + the statement's entries after it = the closing balance.
 */
export function withStoredOpenings(db: Database | null, recs: Reconciliation[], eachRow: RowVisitor): Reconciliation[] {
  if (!db || !recs.some((r) => r.status === "none" && r.closing !== null && r.opening === null && r.account)) return recs;
  const key = (account: string | null, currency: string) => `${account ?? ""}\u0000${currency}`;
  const firstDay = new Map<string, string>();
  eachRow((account, currency, date) => {
    const k = key(account, currency);
    const d = firstDay.get(k);
    if (d === undefined || date < d) firstDay.set(k, date);
  });
  const stored = new Map<Reconciliation, { date: string; balance: number; sourceFile: string }>();
  for (const r of recs) {
    if (r.status !== "none" || r.closing === null || r.opening !== null || !r.account) continue;
    const rowsFirst = firstDay.get(key(r.account, r.currency));
    const first = r.periodStart && (!rowsFirst || r.periodStart < rowsFirst) ? r.periodStart : (rowsFirst ?? null);
    const s = first ? accountBalancesBefore(db, r.account, r.currency, first) : null;
    if (s) stored.set(r, s);
  }
  if (stored.size === 0) return recs;
  const sums = new Map<Reconciliation, { n: number; cents: number }>();
  eachRow((account, currency, date, amount) => {
    for (const [r, s] of stored) {
      if (account !== r.account || currency !== r.currency || date <= s.date || (r.closingDate !== null && date > r.closingDate)) continue;
      const t = sums.get(r) ?? { n: 0, cents: 0 };
      t.n++;
      t.cents += Math.round(amount * 100);
      sums.set(r, t);
    }
  });
  return recs.map((r) => {
    const s = stored.get(r);
    if (!s) return r;
    const t = sums.get(r) ?? { n: 0, cents: 0 };
    return {
      ...reconcile({ account: r.account, currency: r.currency, opening: { amount: s.balance, date: s.date }, closing: { amount: r.closing!, date: r.closingDate }, entries: t.n, entriesCents: t.cents, basis: `LEDGERBAL against the balance stored from ${s.sourceFile}` }),
      ...(r.periodStart ? { periodStart: r.periodStart } : {}),
    };
  });
}

/** A RowTable's rows for withStoredOpenings. */
export function rowsOf(rows: RowTable): RowVisitor {
  return (visit) => {
    for (let i = 0; i < rows.length; i++) visit(rows.accountOf(i), rows.currencyOf(i), rows.date(i), rows.amount(i));
  };
}
