/**
 * transaction_id for imported rows (SPEC §10): the bank's reference when the format has one,
 * else "h:" + 16 hex digits of SHA-256 over account|date|amount|currency|normalised text. The
 * text is the row's round-3 description (`idText`), not the round-4 raw_description, so a file
 * imported before round 4 is still recognised (SPEC §10.1). The k-th row with an id already seen
 * in the same file gets "#k" (k ≥ 2): two identical coffees on one day are both kept, and because
 * the numbering restarts in every file, a re-import or an overlapping statement produces the same
 * ids for the same rows. A row whose content hash budget.db holds for another account's row takes that id with its own
 * account after it (ownAccountId).
 */
import type { RowTable } from "./formats/row-table.ts";
import type { ParsedRow } from "./formats/types.ts";

/** Text as compared for identity: case, Unicode forms and runs of spaces don't matter. */
export function normaliseText(text: string): string {
  // NFKC leaves most bank text as it is (ASCII, and Latin-1's accented letters), and skipping it is a third of this
  // function's time; most texts have single spaces between words only, and need no replacing either.
  const lower = (NFKC_CHANGES.test(text) ? text.normalize("NFKC") : text).toLowerCase();
  return UNCLEAN_SPACE.test(lower) ? lower.replace(/\s+/g, " ").trim() : lower;
}

/** White space other than single spaces between words (what the replacing and trimming above change). */
const UNCLEAN_SPACE = /[^\S ]| {2}|^ | $/;

/**
 * The characters NFKC may change: every one outside Latin-1, and the 14 of Latin-1 that it does change (no-break
 * space, ª º ¹ ² ³ ¼ ½ ¾ µ, and the spacing diacritics ¨ ¯ ´ ¸). A text without them is its own NFKC form.
 */
const NFKC_CHANGES = /[^\x00-\x9f\xa1-\xa7\xa9\xab-\xae\xb0\xb1\xb6\xb7\xbb\xbf-\xff]/;

/** The SHA-256 of the last content key hashed (contentId): one buffer for every row, read by the numbering. */
const digest = new Uint8Array(32);
const digestBytes = Buffer.from(digest.buffer);

/** The content hash of a row without a bank reference ("h:" + the first 16 hex digits of the SHA-256; its bytes stay in `digest`). */
function contentId(account: string | null, date: string, amount: number, currency: string, idText: string): string {
  const key = `${account ?? ""}|${date}|${amount.toFixed(2)}|${currency.trim().toUpperCase()}|${normaliseText(idText)}`;
  // Bun's one-shot hasher into a buffer of ours: the same SHA-256, without a hex string of all of it per row.
  Bun.CryptoHasher.hash("sha256", key, digest);
  return `h:${digestBytes.toString("hex", 0, 8)}`;
}

/** The first (`at` 0) or second (4) 32 bits of `digest`. */
const digestWord = (at: number) => ((digest[at]! << 24) | (digest[at + 1]! << 16) | (digest[at + 2]! << 8) | digest[at + 3]!) >>> 0;

/**
 * Numbers repeats: the k-th time an id comes up in a statement it gets "#k" (k ≥ 2). Content-hash ids, which
 * most rows have, are counted by their 64 bits in a table of plain numbers (HashCounts), the others by their text:
 * every id of a half-million-row statement as a string in a Map would be the largest thing its reading keeps.
 */
function numbering(): { id(id: string): string; hashed(id: string): string } {
  const seen = new Map<string, number>();
  const hashes = new HashCounts();
  const numbered = (id: string, k: number) => (k === 1 ? id : `${id}#${k}`);
  return {
    /** Any id (a bank's reference, or one written like a content hash). */
    id(id) {
      let k: number;
      if (id.length === 18 && id.startsWith("h:")) k = hashes.bump(parseInt(id.slice(2, 10), 16), parseInt(id.slice(10), 16));
      else {
        k = (seen.get(id) ?? 0) + 1;
        seen.set(id, k);
      }
      return numbered(id, k);
    },
    /** The id contentId has just made: its 64 bits are in `digest` still. */
    hashed(id) {
      return numbered(id, hashes.bump(digestWord(0), digestWord(4)));
    },
  };
}

/** How often each 64-bit key (two 32-bit halves) came up: an open-addressing table on typed arrays. */
class HashCounts {
  private hi = new Uint32Array(1024);
  private lo = new Uint32Array(1024);
  /** 0: an empty slot. */
  private counts = new Uint32Array(1024);
  private size = 0;

  /** One more sighting of the key; how many there have been. */
  bump(hi: number, lo: number): number {
    if (this.size * 2 >= this.counts.length) this.grow();
    const i = this.slot(hi, lo);
    if (this.counts[i] === 0) {
      this.hi[i] = hi;
      this.lo[i] = lo;
      this.size++;
    }
    return ++this.counts[i]!;
  }

  private slot(hi: number, lo: number): number {
    const mask = this.counts.length - 1;
    let i = (Math.imul(hi, 0x9e3779b1) ^ lo) & mask;
    while (this.counts[i] !== 0 && (this.hi[i] !== hi || this.lo[i] !== lo)) i = (i + 1) & mask;
    return i;
  }

  private grow(): void {
    const { hi, lo, counts } = this;
    this.hi = new Uint32Array(counts.length * 2);
    this.lo = new Uint32Array(counts.length * 2);
    this.counts = new Uint32Array(counts.length * 2);
    for (let i = 0; i < counts.length; i++) {
      if (counts[i] === 0) continue;
      const j = this.slot(hi[i]!, lo[i]!);
      this.hi[j] = hi[i]!;
      this.lo[j] = lo[i]!;
      this.counts[j] = counts[i]!;
    }
  }
}

/**
 * Gives the rows of one statement their transaction_ids, in order (the `#k` numbering runs over the
 * whole statement, also when its rows come in several tables, chunk by chunk); `account` (the
 * statement's) wins over a row's own in the content hash, and a row's id account (ParsedRow.idAccount) over both.
 */
export function transactionIdAssigner(account: string | null): (rows: RowTable, i: number) => string {
  const number = numbering();
  return (rows, i) => {
    const reference = rows.referenceOf(i);
    if (reference !== null) return number.id(reference);
    const idAccount = rows.idAccountOf(i);
    return number.hashed(contentId(idAccount !== undefined ? idAccount : (account ?? rows.accountOf(i)), rows.idDateOf(i), rows.amount(i), rows.currencyOf(i), rows.idTextOf(i)));
  };
}

/** The same for rows as a reader hands them over, one by one. */
export function parsedRowIdAssigner(account: string | null): (r: ParsedRow) => string {
  const number = numbering();
  return (r) => (r.reference !== null ? number.id(r.reference) : number.hashed(contentId(r.idAccount !== undefined ? r.idAccount : (account ?? r.account), r.idDate ?? r.date, r.amount, r.currency, r.idText)));
}

/** Each row's transaction_id. */
export function assignTransactionIds(rows: RowTable, account: string | null): string[] {
  const next = transactionIdAssigner(account);
  const ids = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) ids[i] = next(rows, i);
  return ids;
}

/**
 * The id of a row whose content-hash id budget.db holds for a row of another account (duplicates.ts
 * reidentifyOtherAccounts): that id with the row's own account after it ("h:…@NL44RABO0123459876"). Files whose ids
 * leave the row's account out (an own-account column read since the ids were fixed, a file of several statements) give
 * the same fee booked the same day on two accounts one id; this tells them apart, the same way on every import of the
 * row, and leaves every other id as it was (a file imported before still comes back as duplicates).
 */
export function ownAccountId(id: string, account: string): string {
  return `${id}@${account.replace(/\s+/g, "").toUpperCase()}`;
}

/** Whether `id` is the content-hash id `plain` with an account after it, as ownAccountId writes it. */
export function isOwnAccountIdOf(id: string, plain: string): boolean {
  return bankIdKind(plain) === null && id.startsWith(`${plain}@`);
}

/**
 * Whether a row's account tells its id apart from another account's row's: a content-hash id without an account (or a
 * reused id's date) after it. A bank id, or an id with one, is the same row whatever account reads it.
 */
export function accountTellsApart(id: string): boolean {
  return bankIdKind(id) === null && !id.includes("@");
}

/** A content-hash id with its row's account in it, as ownAccountId writes it (accountTellsApart); any other id as it is. */
export function withOwnAccount(id: string, account: string | null): string {
  return account !== null && accountTellsApart(id) ? ownAccountId(id, account) : id;
}

/** The kind of a bank id ("camt", "ofx", "cc", or "bank" for the UBS transaction number); null for a content hash. */
export function bankIdKind(id: string): string | null {
  if (id.startsWith("h:")) return null;
  const colon = id.indexOf(":");
  if (colon > 0) return id.slice(0, colon);
  return id.startsWith("cc-") ? "cc" : "bank";
}
