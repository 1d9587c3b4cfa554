/**
 * ISO 20022 cash-management statements: camt.053 (statement), .052 (account report) and .054
 * (debit/credit notification), versions .001.01 to .001.11, read entry by entry in one pass
 * (markup.ts). Namespace prefixes are dropped so one reader serves every version; the
 * differences that matter are handled where they occur: `<Sts>BOOK</Sts>` (.02–.04) vs
 * `<Sts><Cd>BOOK</Cd></Sts>` (.08), a party's name in `Cdtr/Nm` vs `Cdtr/Pty/Nm` (.08), a batch
 * part's amount in `TxDtls/Amt` (.04+) or `TxDtls/AmtDtls/TxAmt/Amt`.
 *
 * SPEC §10.1: an entry is split into its `TxDtls` only when the parts, in the entry's currency,
 * add up to the entry's amount with its sign; otherwise it is one row with the entry's amount and
 * the parts' texts, and a note says why. An entry without `BookgDt` takes its `ValDt`. Each
 * statement's opening (`OPBD`, else `PRCD`) + booked entries = closing (`CLBD`), per currency.
 */
import { ImportInputError } from "../../core/errors.ts";
import { formatMoney } from "../../core/format.ts";
import { addEntry, checkEntries, named, noEntries, startReading, type EntrySum } from "./balance-run.ts";
import { cleanText } from "./clean.ts";
import { attribute, captureElements, child, childrenNamed, textAt, textOf, type XNode } from "./markup.ts";
import { HOLD_LIMIT, type StatementReader } from "./reader.ts";
import { cents, type StatedBalance } from "./reconcile.ts";
import { isPlaceholderReference, joinCutPieces, joinTexts, repeatedReferences, repeatedReferencesNote } from "./texts.ts";
import type { ParsedRow, ReadOptions, Reconciliation, Statement, TransactionFacts } from "./types.ts";
import { isoDate } from "./values.ts";

// Version .001.01 (2008, still sent by some Nordic banks) names its message with a "V01" suffix.
const MESSAGES = new Set(["BkToCstmrStmt", "BkToCstmrAcctRpt", "BkToCstmrDbtCdtNtfctn", "BkToCstmrStmtV01", "BkToCstmrAcctRptV01", "BkToCstmrDbtCdtNtfctnV01"]);
const STATEMENTS = new Set(["Stmt", "Rpt", "Ntfctn"]);
const CAPTURED = new Set(["Id", "FrToDt", "Acct", "Bal", "Ntry"]);

type Money = { value: number; currency: string };

/** An amount element: a positive decimal with its `Ccy` attribute, or null. */
function money(n: XNode | undefined): Money | null {
  const raw = textOf(n);
  const currency = n ? attribute(n.attrs, "Ccy") : undefined;
  if (!raw || !currency || !/^\d+(\.\d+)?$/.test(raw)) return null;
  return { value: Number(raw), currency: currency.trim().toUpperCase() };
}

function signOf(indicator: string | undefined): 1 | -1 | null {
  return indicator === "CRDT" ? 1 : indicator === "DBIT" ? -1 : null;
}

function dateOf(n: XNode | undefined): string | null {
  const raw = textAt(n, "Dt") ?? textAt(n, "DtTm");
  const m = raw ? /^(\d{4})-(\d{2})-(\d{2})/.exec(raw) : null;
  return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** A booked entry's status as banks write it besides ISO's BOOK: "BOOKED", "Booked" (SEB's camt.052 Sts/Prtry; review of pass 12: skipped as not booked). */
const BOOKED = /^book(ed)?$/i;

/**
 * An entry's status and where it is written: the code in `Sts` (.02–.07) or `Sts/Cd` (.08 on), both "Sts" in a
 * reason, or the proprietary one of the choice, `Sts/Prtry`, read as a code ("BOOK", "PDNG", "INFO") where it is one
 * (BOOKED and Booked read as BOOK). Undefined: none is written.
 */
function entryStatus(e: XNode): { code: string; where: string } | undefined {
  for (const [where, text] of [["Sts", textAt(e, "Sts", "Cd")], ["Sts/Prtry", textAt(e, "Sts", "Prtry")], ["Sts", textAt(e, "Sts")]] as const) {
    if (text !== undefined) return { code: BOOKED.test(text.trim()) ? "BOOK" : text.trim().toUpperCase(), where };
  }
  return undefined;
}

/** What the user calls each kind of camt message's statement element. */
const STATEMENT_WORDS: Record<string, string> = { Stmt: "statement", Rpt: "report", Ntfctn: "notification" };

/** A party's name in every version: `Nm` (.02–.07) or `Pty/Nm` (.08). */
const partyName = (party: XNode | undefined) => textAt(party, "Nm") ?? textAt(party, "Pty", "Nm");

const texts = (nodes: XNode[]) => nodes.map(textOf).filter((t): t is string => t !== undefined);

/** The round-3 description (the input of content-hash ids, SPEC §10.1): kept as it was. */
function round3Description(tx: XNode | undefined, entry: XNode, negative: boolean, preferEntryInfo: boolean): string {
  const parties = child(tx, "RltdPties");
  const name = partyName(child(parties, negative ? "Cdtr" : "Dbtr"));
  const join = (nodes: XNode[]) => (texts(nodes).length ? texts(nodes).join(" ") : undefined);
  const entryInfo = join(childrenNamed(entry, "AddtlNtryInf"));
  const candidates = preferEntryInfo
    ? [entryInfo, name, join(childrenNamed(tx, "AddtlTxInf")), join(childrenNamed(child(tx, "RmtInf"), "Ustrd"))]
    : [name, join(childrenNamed(tx, "AddtlTxInf")), entryInfo, join(childrenNamed(child(tx, "RmtInf"), "Ustrd"))];
  return cleanText(candidates.find((c) => c !== undefined && c !== "") ?? "");
}

/**
 * The roles the other party may stand in, first choice first: the creditor of money out, the debtor of money in.
 * A reversal (`RvslInd`) keeps the parties of the booking it undoes, so its roles are the other way round; banks
 * that swap them for the reversal name only the other role, which is then the one present.
 */
function otherRoles(negative: boolean, reversal: boolean): ["Cdtr" | "Dbtr", ...("Cdtr" | "Dbtr")[]] {
  if (!reversal) return [negative ? "Cdtr" : "Dbtr"];
  return negative ? ["Dbtr", "Cdtr"] : ["Cdtr", "Dbtr"];
}

/**
 * The other party (`Cdtr`/`Dbtr`, else its ultimate one, else the name of its account, `CdtrAcct/Nm` or `DbtrAcct/Nm`,
 * where Raiffeisenbank CZ writes the payer or payee of most domestic payments and no party) and the role it was found in.
 */
function otherParty(tx: XNode | undefined, negative: boolean, reversal: boolean): { party: XNode; role: "Cdtr" | "Dbtr" } | null {
  const parties = child(tx, "RltdPties");
  const roles = otherRoles(negative, reversal);
  // Every role's party first, its account's name only then: a reversal's roles may be swapped and its holder's own
  // account named (DbtrAcct/Nm), while the other party stands as a party (review of r4-qa37: the holder was taken).
  for (const named of [(role: "Cdtr" | "Dbtr") => [child(parties, role), child(parties, `Ultmt${role}`)], (role: "Cdtr" | "Dbtr") => [child(parties, `${role}Acct`)]]) {
    for (const role of roles) {
      const party = named(role).find((p) => partyName(p));
      if (party) return { party, role };
    }
  }
  return null;
}

/** The widths banks cut a long purpose at: 35 (a SWIFT line; 4 × 35 = 140, Ustrd's maximum, which is one too) and 27 (a German DTAUS/MT940 purpose line). */
const PIECE_WIDTHS = new Set([27, 35, 70, 105, 140]);

/**
 * Repeated `Ustrd` pieces as one text (texts.ts joinCutPieces): a piece of a width banks cut at, with no whitespace
 * at the cut, was cut inside a word ("…Vertragsko" + "nto 4711" → "Vertragskonto 4711"); any other — shorter, or with
 * the space of a cut on a word boundary still at its end or at the next one's start — ended a line of the text
 * ("Parkuhr" + "Zone 3" → "Parkuhr Zone 3"). A bank that trims its pieces and cut just before a space glues two
 * words; that is the rarer case (a cut lands on a space about one time in six).
 */
const joinUstrd = (pieces: XNode[]) => joinCutPieces(pieces.map((p) => p.text), (piece) => PIECE_WIDTHS.has(piece.length));

/**
 * PostFinance's processing flags in `Strd/AddtlRmtInf` of QR and ESR credits ("?REJECT?0", "?ERROR?000": the reference
 * was read, no error): no words of the payer; they stood in the description of every such credit. A flag that is not
 * zero ("?REJECT?1", "?ERROR?103") says something went wrong with the payment: it stays.
 */
const PROCESSING_FLAG = /^\s*\?(?:REJECT|ERROR)\?0+\s*$/;

/**
 * The payment's purpose: `RmtInf/Ustrd` (one purpose, however many pieces the bank cut it into: joinUstrd), and the
 * message a structured remittance carries in `Strd/AddtlRmtInf` (a Swiss QR bill's "additional information"). A piece
 * that is a placeholder ("NOTPROVIDED", as SEPA's empty references are written) says nothing.
 */
function purposeOf(tx: XNode | undefined): string {
  const remittance = child(tx, "RmtInf");
  const structured = childrenNamed(remittance, "Strd").flatMap((s) => texts(childrenNamed(s, "AddtlRmtInf"))).filter((t) => !PROCESSING_FLAG.test(t));
  const pieces = childrenNamed(remittance, "Ustrd").filter((p) => !isPlaceholderReference(p.text));
  return [joinUstrd(pieces), ...structured].filter((t) => t !== "" && !isPlaceholderReference(t)).join(" ");
}

/**
 * A returned payment's reason (`RtrInf`: its ISO code, `Rsn/Cd` or `Rsn/Prtry`, and the bank's words, `AddtlInf`):
 * "returned (AC04: Konto saldiert)". A return often names no party and no purpose (PostFinance's returned transfers in
 * libeufin's samples): its row had no description at all.
 */
function returnText(tx: XNode | undefined, said: string[]): string | undefined {
  const info = child(tx, "RtrInf");
  if (!info) return undefined;
  // Words the description holds already (a German bank's "RUECKLASTSCHRIFT Sonstige Gruende" in Ustrd too) are not repeated.
  const words = texts(childrenNamed(info, "AddtlInf")).filter((t) => t.trim() && !said.some((s) => s.includes(t.trim())));
  const reason = [textAt(info, "Rsn", "Cd") ?? textAt(info, "Rsn", "Prtry"), ...words].filter((t) => !!t?.trim());
  return reason.length ? `returned (${reason.join(": ")})` : "returned";
}

/** A reference that is a check-digit number for the payee's books: a QR or ESR reference (digits), an RF creditor reference. */
const BARE_REFERENCE = /^(?:[\d ]+|RF\d{2}[A-Z0-9 ]+)$/i;

/**
 * The creditor's reference, when it is all the payment says of what it pays and it says something to a reader: a
 * Czech payment's variable symbol, "VS:1101", names the invoice. A typed one (`Tp`: a QR bill's QRR, SCOR) or a bare
 * number (a QR/ESR reference, RF…) is for the payee's books: kept with the row's facts, not said.
 */
function saidReference(tx: XNode | undefined): string | undefined {
  const info = child(tx, "RmtInf", "Strd", "CdtrRefInf");
  const reference = textAt(info, "Ref")?.trim();
  return reference && !child(info, "Tp") && !BARE_REFERENCE.test(reference) && !isPlaceholderReference(reference) ? reference : undefined;
}

/**
 * What one TxDtls says, in SPEC §10.1's order: the other party, then the purpose, then `AddtlTxInf`, then a return's
 * reason. A payment of which neither it nor its entry (`entrySays`: AddtlNtryInf) has words says what it pays by its
 * reference (saidReference): the row had the payer's name alone, or nothing (Raiffeisenbank CZ, qa37).
 */
function txTexts(tx: XNode | undefined, negative: boolean, reversal: boolean, entrySays: boolean): string[] {
  const party = otherParty(tx, negative, reversal)?.party;
  const words = [purposeOf(tx), ...texts(childrenNamed(tx, "AddtlTxInf"))].filter((t) => !!t.trim());
  const reference = words.length || entrySays ? undefined : saidReference(tx);
  if (reference) words.push(reference);
  const said = [partyName(party), ...words].filter((t): t is string => !!t);
  return [...said, returnText(tx, said)].filter((t): t is string => !!t);
}

/** `tx`: the part the row is, or the entry's one part; undefined for a row of a whole entry of several parts. */
function txFacts(tx: XNode | undefined, negative: boolean, reversal: boolean, entry: XNode, entryCurrency: string): TransactionFacts {
  const f: TransactionFacts = {};
  const parties = child(tx, "RltdPties");
  const other = otherParty(tx, negative, reversal);
  const counterparty = partyName(other?.party);
  if (counterparty) f.counterparty = cleanText(counterparty);
  const iban = textAt(parties, `${other?.role ?? otherRoles(negative, reversal)[0]}Acct`, "Id", "IBAN");
  if (iban) f.counterpartyIban = iban.replace(/\s+/g, "");
  const purpose = purposeOf(tx);
  if (purpose) f.purpose = cleanText(purpose);
  const e2e = textAt(tx, "Refs", "EndToEndId");
  const creditorRef = textAt(tx, "RmtInf", "Strd", "CdtrRefInf", "Ref");
  const reference = creditorRef ?? (e2e && !isPlaceholderReference(e2e) ? e2e : undefined);
  if (reference) f.reference = cleanText(reference);
  const valueDate = dateOf(child(entry, "ValDt"));
  if (valueDate) f.valueDate = valueDate;
  // Some banks (Credit Suisse) state the exchange once, on the entry (Ntry/AmtDtls), not on its one TxDtls; an entry
  // of several parts states there the whole's, which is no part's.
  // (A row that is the whole entry of several parts takes the entry's: they are the row's.)
  const parts = childrenNamed(entry, "NtryDtls").reduce((n, d) => n + childrenNamed(d, "TxDtls").length, 0);
  const entryOwn = parts <= 1 || tx === undefined;
  const details = child(tx, "AmtDtls") ?? (entryOwn ? child(entry, "AmtDtls") : undefined);
  // What was paid abroad: the instructed amount, else the part's own amount (TxDtls/Amt, .04+), else the transaction
  // amount — the first of them in another currency than the entry's. A zero one is none (a part's `<Amt Ccy="SEK">0</Amt>`
  // beside an entry of EUR 8.85 was stored as its original amount: SEK 0.00).
  const instructed = [money(child(details, "InstdAmt", "Amt")), money(child(tx, "Amt")), money(child(details, "TxAmt", "Amt"))].find(
    (m) => m && m.currency !== entryCurrency && m.value > 0,
  );
  if (instructed) {
    f.originalAmount = instructed.value;
    f.originalCurrency = instructed.currency;
  }
  for (const kind of ["InstdAmt", "TxAmt", "CntrValAmt"]) {
    const rate = textAt(details, kind, "CcyXchg", "XchgRate");
    if (rate && Number.isFinite(Number(rate))) {
      f.exchangeRate = Number(rate);
      break;
    }
  }
  const charges = child(tx, "Chrgs") ?? (entryOwn ? child(entry, "Chrgs") : undefined);
  const total = money(child(charges, "TtlChrgsAndTaxAmt"));
  const records = childrenNamed(charges, "Rcrd").map((r) => money(child(r, "Amt")));
  const fees = total ? total.value : records.every((m) => m) && records.length ? records.reduce((s, m) => s + m!.value, 0) : undefined;
  if (fees !== undefined) f.fees = fees;
  return f;
}

/** A batch part's amount in the entry's currency: `TxDtls/Amt` (.04+), else `AmtDtls/TxAmt/Amt`. */
function partMoney(tx: XNode, currency: string): Money | null {
  const candidates = [money(child(tx, "Amt")), money(child(tx, "AmtDtls", "TxAmt", "Amt"))];
  return candidates.find((m) => m?.currency === currency) ?? null;
}

const hasOwnAmount = (tx: XNode) => child(tx, "Amt") !== undefined || child(tx, "AmtDtls", "TxAmt", "Amt") !== undefined;

/** An entry's own references as written (made once: entryReferences reads every entry of the file). */
const ACCT_SVCR_REF = /<(?:[\w-]+:)?AcctSvcrRef>\s*([^<]*?)\s*<\//;
const NTRY_REF = /<(?:[\w-]+:)?NtryRef>\s*([^<]*?)\s*<\//;

/**
 * Each entry's own reference as it is written (AcctSvcrRef, else NtryRef; a TxDtls' Refs/AcctSvcrRef, inside
 * NtryDtls, is no entry's), read from the text before the one pass: whether a reference repeats is known before the
 * first row under it is given out. An entry written the same again (its statement repeated in the file) gives its
 * reference once: the reference still names one booking, which the repeat does not book again.
 */
function* entryReferences(xml: string): Generator<string> {
  const entryAt = /<(?:[\w-]+:)?Ntry[\s>]/g;
  const head = /<(?:[\w-]+:)?(?:NtryDtls|AddtlNtryInf)[\s>]|<\/(?:[\w-]+:)?Ntry>/g;
  const entryEnd = /<\/(?:[\w-]+:)?Ntry>/g;
  const given = new Set<string>();
  for (let m = entryAt.exec(xml); m; m = entryAt.exec(xml)) {
    head.lastIndex = m.index;
    const end = head.exec(xml)?.index ?? xml.length;
    const segment = xml.slice(m.index, end);
    const ref = [ACCT_SVCR_REF.exec(segment)?.[1], NTRY_REF.exec(segment)?.[1]].find((r) => r && !isPlaceholderReference(r));
    if (!ref) continue;
    entryEnd.lastIndex = end;
    const whole = xml.slice(m.index, entryEnd.exec(xml)?.index ?? xml.length).replace(/\s+/g, " ");
    const key = `${ref}\u0000${Bun.hash(whole).toString(36)}`;
    if (given.has(key)) continue;
    given.add(key);
    yield ref;
  }
}

type StatementState = {
  account: string | null;
  opening: Map<string, StatedBalance & { code: string }>;
  closing: Map<string, StatedBalance>;
  /** Interim booked balances (ITBD, camt.052's) by currency, in file order: the report's balances when it states no OPBD/PRCD or CLBD. */
  interim: Map<string, (StatedBalance & { at: string })[]>;
  /** Booked entries by currency: their count and sum in cents. */
  sums: Map<string, EntrySum>;
  /** Its `Id` and period (`FrToDt`) as written, for the note on a repeat. */
  id: string | null;
  period: string | null;
  /** Its first entry's ordinal, and its rows held to its end (a repeat of an earlier statement is no more bookings). */
  firstEntry: number;
  held: ParsedRow[];
  /** More rows than HOLD_LIMIT: they went out as read (a repeat of such a statement refuses the file). */
  streamed: boolean;
  /** What it says, but its Id and creation time (a resent copy may change them): its period, account, balances, entries. */
  written: Bun.CryptoHasher;
  /** Its booked entries, by ordinal: their account and what they say (the whole Ntry as written), as a key. */
  entryKeys: Map<number, string>;
};

/** An element as written (name, attributes, text, children in order), as one text; iterative: nesting costs no stack. */
function nodeText(node: XNode): string {
  const parts: string[] = [];
  const todo: (XNode | string)[] = [node];
  while (todo.length) {
    const n = todo.pop()!;
    if (typeof n === "string") {
      parts.push(n);
      continue;
    }
    parts.push(`<${n.name} ${n.attrs.trim()}>${n.text.trim()}`);
    todo.push(`</${n.name}>`);
    for (let i = n.children.length - 1; i >= 0; i--) todo.push(n.children[i]!);
  }
  return parts.join("");
}

/**
 * A statement's opening and closing balance per currency. A camt.052 intraday report may state its balances as ITBD
 * only: the last (latest) is the closing one when there is no CLBD, and with two or more, the first (earliest) is the
 * opening one when there is no OPBD/PRCD.
 */
function statementBalances(st: StatementState): { currency: string; opening: (StatedBalance & { code: string }) | null; closing: StatedBalance | null; closingCode: string }[] {
  const currencies = new Set([...st.sums.keys(), ...st.opening.keys(), ...st.closing.keys()]);
  return [...currencies, ...[...st.interim.keys()].filter((c) => !currencies.has(c))].map((currency) => {
    const interim = [...(st.interim.get(currency) ?? [])].sort((a, b) => a.at.localeCompare(b.at));
    const opening = st.opening.get(currency) ?? (interim.length >= 2 ? { amount: interim[0]!.amount, date: interim[0]!.date, code: "ITBD" } : null);
    const closingCode = st.closing.has(currency) ? "CLBD" : "ITBD";
    const closing = st.closing.get(currency) ?? (interim.length ? { amount: interim[interim.length - 1]!.amount, date: interim[interim.length - 1]!.date } : null);
    return { currency, opening, closing, closingCode };
  });
}

/**
 * A statement's account and its opening and closing balance per currency; the statement of its account read just
 * before it (its number), and whether it continues that one (see continues).
 */
type StatementEnds = { account: string | null; balances: Map<string, { opening: number | null; closing: number | null }>; previous: number | null; chained: boolean };

/**
 * Whether a later statement's balances show it repeats an earlier one's bookings (a cumulative intraday report): the
 * same account, and in a currency of both, the same opening balance that is not the earlier one's closing (a later
 * report that opens at the earlier one's closing continues it).
 */
function cumulative(earlier: StatementEnds, later: StatementEnds): boolean {
  if (earlier.account !== later.account) return false;
  for (const [currency, l] of later.balances) {
    const e = earlier.balances.get(currency);
    if (!e || e.opening === null || l.opening === null) continue;
    if (cents(e.opening) === cents(l.opening) && (e.closing === null || cents(e.closing) !== cents(l.opening))) return true;
  }
  return false;
}

/**
 * Whether a later statement's balances show its entries are its own: it opens at the earlier one's closing (the next
 * page, the next day) and its own balances check with them, in a currency of both.
 */
function continues(earlier: StatementEnds, later: StatementEnds, checked: readonly Reconciliation[]): boolean {
  if (earlier.account !== later.account) return false;
  for (const [currency, l] of later.balances) {
    const e = earlier.balances.get(currency);
    if (!e || e.closing === null || l.opening === null || cents(e.closing) !== cents(l.opening)) continue;
    if (checked.some((r) => r.currency === currency && r.status === "ok")) return true;
  }
  return false;
}

/**
 * Whether the statements of one account from the earlier one to the later one each continue the one before (pages or
 * days that chain, every balance checking): an entry of the later one written alike is its own, as a next page's is.
 */
function chainedFrom(ends: readonly StatementEnds[], earlier: number, later: number): boolean {
  let at: number | null = later;
  while (at !== null && at > earlier) {
    const s: StatementEnds = ends[at]!;
    if (!s.chained) return false;
    at = s.previous;
  }
  return at === earlier;
}

/** An entry a statement booked: its ordinal, its statement's number, and its rows' days and texts (a split batch's parts in order). */
type BookedEntry = { line: number; statement: number; rows: { date: string; description: string }[] };

function readCamt(xml: string, opts: ReadOptions): Statement {
  const { fileName } = opts;
  const flip = opts.flipSigns ? -1 : 1;
  const { rows, out, badRows, skipped, notes, reconciliation, accounts } = startReading(opts);
  let dataLines = 0;
  let ordinal = 0;
  let messageSeen = false;
  /** How deep the Document element sits: 0 alone, 1 or 2 inside an envelope; -1 before it is seen. */
  let doc = -1;
  let statements = 0;
  let st: StatementState | null = null;
  /**
   * Each statement's hash (statementHash) with its first and last entry: a later one written the same is the statement
   * again (a bank export that repeats it): its entries are skipped, booked once (review of stop 47: booked twice).
   */
  const seen = new Map<string, { first: number; last: number; id: string | null }>();
  /**
   * The entries booked by the statements read so far, by account and what they say (the whole Ntry as written), in file
   * order: the same entry in a later statement of the file (camt.052 intraday reports that repeat the day's bookings,
   * then the new ones) is that booking again (review of stop 47: booked once per report), each taken once.
   */
  const booked = new Map<string, BookedEntry[]>();
  /** Each statement read so far (by its number, from 0): its account and its opening and closing balance per currency. */
  const ends: StatementEnds[] = [];

  /** The statement's held rows but those of the lines `reasonOf` names a reason for: each such line one skipped line. */
  const skipHeld = (s: StatementState, reasonOf: (line: number) => string | null): ParsedRow[] => {
    const kept: ParsedRow[] = [];
    const done = new Set<number>();
    for (const row of s.held) {
      const reason = reasonOf(row.line);
      if (reason === null) kept.push(row);
      // A split batch counted its parts as data lines: its repeat is one skipped line.
      else if (done.has(row.line)) dataLines--;
      else {
        done.add(row.line);
        skipped.push({ line: row.line, reason });
      }
    }
    return kept;
  };
  const repeated = repeatedReferences(entryReferences(xml));
  let unidentified = 0;
  let bookedEntries = 0;
  let statementName = "Stmt";
  /** Entries not booked, by kind ("pending", "information only", "status FUTR"): a file of nothing else says so. */
  const unbooked = new Map<string, number>();

  const balance = (bal: XNode) => {
    // .001.01 writes the type as Tp/Cd, later versions as Tp/CdOrPrtry/Cd.
    const code = textAt(bal, "Tp", "CdOrPrtry", "Cd") ?? textAt(bal, "Tp", "Cd");
    const m = money(child(bal, "Amt"));
    // A zero balance is stated without its indicator by some banks; it needs none.
    const sign = signOf(textAt(bal, "CdtDbtInd")) ?? (m?.value === 0 ? 1 : null);
    if (st && code && ["OPBD", "PRCD", "CLBD", "ITBD"].includes(code) && (!m || !sign)) {
      notes.push(`the balance ${code} (${textAt(bal, "Amt") ?? "no amount"} ${textAt(bal, "CdtDbtInd") ?? "no CdtDbtInd"}) is not an amount with CRDT/DBIT: not checked`);
    }
    if (!st || !m || !sign || !code) return;
    const stated = { amount: sign * m.value, date: dateOf(child(bal, "Dt")) };
    // OPBD is the opening balance; PRCD (the previous statement's closing) stands in when there is none.
    if (code === "OPBD" || (code === "PRCD" && st.opening.get(m.currency)?.code !== "OPBD")) st.opening.set(m.currency, { ...stated, code });
    else if (code === "CLBD") st.closing.set(m.currency, stated);
    else if (code === "ITBD") {
      // Intraday balances of one day are told apart by their time (Dt/DtTm as written).
      const at = textAt(bal, "Dt", "DtTm") ?? textAt(bal, "Dt", "Dt") ?? "";
      st.interim.set(m.currency, [...(st.interim.get(m.currency) ?? []), { ...stated, at }]);
    }
  };

  /** A row of the statement being read: held to its end (up to HOLD_LIMIT), else given out as read. */
  const emit = (row: ParsedRow) => {
    if (st!.streamed) return void out.add(row);
    st!.held.push(row);
    if (st!.held.length > HOLD_LIMIT) {
      for (const held of st!.held) out.add(held);
      st!.held = [];
      st!.streamed = true;
    }
  };

  const entry = (e: XNode) => {
    ordinal++;
    dataLines++;
    const line = ordinal;
    const bad = (reason: string): void => {
      badRows.push({ line, reason });
    };
    const status = entryStatus(e);
    if (status && status.code !== "BOOK") {
      const { code, where } = status;
      const kind = code === "PDNG" ? "pending" : code === "INFO" ? "information only" : `status ${code}`;
      unbooked.set(kind, (unbooked.get(kind) ?? 0) + 1);
      const what = code === "PDNG" ? `pending (${where} PDNG), not booked yet` : code === "INFO" ? `information only (${where} INFO), not a booking` : `status ${code} (${where}), not booked`;
      skipped.push({ line, reason: what });
      return;
    }
    bookedEntries++;
    // A BookgDt that is there but no real date is a bad row: its ValDt may be days off (it was taken in silence).
    const booked = child(e, "BookgDt");
    if (booked && !dateOf(booked)) return bad(`BookgDt "${textAt(booked, "Dt") ?? textAt(booked, "DtTm") ?? ""}" is not a real date`);
    const date = dateOf(booked) ?? dateOf(child(e, "ValDt"));
    if (!date) return bad("no real booking date (BookgDt, else ValDt)");
    const sign = signOf(textAt(e, "CdtDbtInd"));
    if (sign === null) return bad(`CdtDbtInd "${textAt(e, "CdtDbtInd") ?? ""}" is neither CRDT nor DBIT`);
    const total = money(child(e, "Amt"));
    if (!total) return bad(`amount "${textAt(e, "Amt") ?? ""}" is not a positive decimal with a currency (Amt Ccy="…")`);
    const account = st?.account ?? null;
    // German banks' camt.052 writes AcctSvcrRef NONREF on every entry: no id (the content hash), else each such
    // entry of a later file would be taken for a duplicate of the first file's.
    const written = [textAt(e, "AcctSvcrRef"), textAt(e, "NtryRef")].find((r) => r && !isPlaceholderReference(r));
    const ref = written && repeated.has(written.trim()) ? undefined : written;
    st!.entryKeys.set(line, `${account ?? ""}\u0000${Bun.hash(nodeText(e)).toString(36)}`);
    if (written && !ref) unidentified++;
    const txs = childrenNamed(e, "NtryDtls").flatMap((d) => childrenNamed(d, "TxDtls"));
    const entryInfo = texts(childrenNamed(e, "AddtlNtryInf"));
    const negative = sign < 0;
    const reversal = textAt(e, "RvslInd")?.trim().toLowerCase() === "true";
    const sum = st!.sums.get(total.currency) ?? noEntries();
    addEntry(sum, total.value, flip * sign);
    st!.sums.set(total.currency, sum);

    let parts: { tx: XNode; amount: number }[] | null = null;
    if (txs.length >= 2 && txs.every(hasOwnAmount)) {
      const inCurrency = txs.map((tx) => ({ tx, m: partMoney(tx, total.currency), sign: signOf(textAt(tx, "CdtDbtInd")) ?? sign }));
      const partsCents = inCurrency.reduce((s, p) => s + (p.m ? p.sign * cents(p.m.value) : 0), 0);
      if (inCurrency.every((p) => p.m) && partsCents === sign * cents(total.value)) parts = inCurrency.map((p) => ({ tx: p.tx, amount: p.sign * p.m!.value }));
      else {
        const why = inCurrency.every((p) => p.m)
          ? `its ${txs.length} parts add up to ${formatMoney(partsCents / 100, total.currency)}, not the entry's ${formatMoney(sign * total.value, total.currency)}`
          : `not every part states its amount in the entry's currency ${total.currency}`;
        notes.push(`entry ${line} is one row, not split into its parts: ${why}`);
      }
    } else if (txs.length >= 2) {
      // A batch whose parts name their parties but not their amounts (camt.053 "with details", amounts in a camt.054).
      const stated = txs.filter(hasOwnAmount).length;
      notes.push(`entry ${line} is one row, not split into its parts: ${stated === 0 ? `its ${txs.length} parts state no amounts of their own` : `only ${stated} of its ${txs.length} parts ${stated === 1 ? "states" : "state"} an amount`}`);
    }
    if (parts) {
      dataLines += parts.length - 1;
      parts.forEach((p, i) => {
        const partNegative = p.amount < 0;
        const row: ParsedRow = {
          line,
          part: i + 1,
          date,
          amount: flip * p.amount,
          currency: total.currency,
          description: joinTexts([...txTexts(p.tx, partNegative, reversal, entryInfo.length > 0), ...entryInfo]),
          idText: round3Description(p.tx, e, partNegative, false),
          reference: ref ? `camt:${ref}:${i + 1}` : null,
          account,
          facts: txFacts(p.tx, partNegative, reversal, e, total.currency),
          named: true,
        };
        emit(row);
      });
      return;
    }
    emit({
      line,
      date,
      amount: flip * sign * total.value,
      currency: total.currency,
      description: joinTexts([...txs.flatMap((tx) => txTexts(tx, negative, reversal, entryInfo.length > 0)), ...entryInfo]),
      idText: round3Description(txs[0], e, negative, txs.length > 1),
      reference: ref ? `camt:${ref}` : null,
      account,
      // One part's party, reference and amounts are no facts of a row that is several parts (its text names them all).
      facts: txFacts(txs.length > 1 ? undefined : txs[0], negative, reversal, e, total.currency),
      named: true,
    });
  };

  /**
   * A statement that is an earlier one's again (every element but its Id and creation time written the same): each of
   * its entries is a skipped line naming the entry it repeats (a split batch's parts are one line again), its balances
   * are not checked twice; true. A repeat of a statement read as it goes cannot be left out: the file is refused.
   */
  const repeatOfEarlier = (s: StatementState): boolean => {
    const written = s.written.digest("hex");
    const first = seen.get(written);
    const last = ordinal;
    // Written alike is a repeat only when something but the entries tells: its balances, or its period under the same
    // Id. Two camt.054 notifications (no period, no balances) of one payment each, or two reports under other Ids
    // without balances, are two bookings as far as the file can tell (review of r4-left8: the second was dropped).
    const balanced = s.opening.size > 0 || s.closing.size > 0 || s.interim.size > 0;
    if (first && (balanced || (s.period !== null && s.id === first.id))) {
      // (the repeat: below)
    } else {
      if (!first) seen.set(written, { first: s.firstEntry, last, id: s.id });
      return false;
    }
    const what = `the ${STATEMENT_WORDS[statementName]}${s.id ? ` "${s.id}"` : ""}${s.account ? ` of ${s.account}` : ""}${s.period ? ` (${s.period})` : ""}`;
    if (s.streamed) {
      throw new ImportInputError(
        `${fileName}: entry ${s.firstEntry}: ${what} of entries ${first.first}–${first.last} again, with more than ${HOLD_LIMIT.toLocaleString("en-US")} entries, read as they go: its repeat cannot be left out, so nothing was imported: remove the second copy from the file and import it again`,
      );
    }
    skipHeld(s, (line) => `entry ${first.first + line - s.firstEntry} again: ${what} is in the file twice (the same account, period, balances and entries), booked once`);
    if (last >= s.firstEntry) notes.push(`${what} is in the file twice: its second copy (entries ${s.firstEntry}–${last}) is counted once, not booked again`);
    return true;
  };

  const endStatement = () => {
    if (!st) return;
    if (repeatOfEarlier(st)) {
      st = null;
      return;
    }
    const balances = statementBalances(st);
    const number = ends.length;
    // (Its entries' ordinals, in file order: where a possible duplicate among them is told of its balance check.)
    const ordinals = [...st.entryKeys.keys()];
    const lines = ordinals.length ? { first: ordinals[0]!, last: ordinals[ordinals.length - 1]! } : null;
    const checked = balances.map(({ currency, opening, closing, closingCode }) => {
      const sum = st!.sums.get(currency) ?? noEntries();
      const r = checkEntries(sum, {
        account: st!.account,
        currency,
        opening,
        closing,
        basis: `${opening?.code ?? "OPBD"} + booked entries = ${closing ? closingCode : "CLBD"}`,
      });
      return lines ? { ...r, lines } : r;
    });
    const previous = ends.findLastIndex((e) => e.account === st!.account);
    const mine: StatementEnds = {
      account: st.account,
      balances: new Map(balances.map((b) => [b.currency, { opening: b.opening?.amount ?? null, closing: b.closing?.amount ?? null }])),
      previous: previous < 0 ? null : previous,
      chained: false,
    };
    mine.chained = previous >= 0 && continues(ends[previous]!, mine, checked);
    ends.push(mine);
    const again = new Map<number, number>();
    const alike: number[] = [];
    const maybe = new Map<number, BookedEntry>();
    const taken = new Map<string, number>();
    // (Against earlier statements only: two entries written alike in one statement are its own two.) An entry's
    // reference is unique within its statement only (pages, reports count 1, 2, 3 afresh), and one without a reference
    // is what it says: written alike in an earlier statement (each earlier one taken once), it is that booking again
    // when the balances show this statement repeats the earlier one's bookings (the same opening balance, not the
    // earlier one's closing: a cumulative report); its own when they show it continues the earlier one (it opens at its
    // closing and checks with it, or through the pages between: each opens at the one before's closing and checks; review
    // of r4-impleft: a third page's entry was held back), booked with a note (review of r4-left8: pages' entries "1" were dropped, exit 0);
    // else the file cannot tell, and it is offered as a possible duplicate of the earlier one: the user decides.
    for (const [line, key] of st.entryKeys) {
      const k = taken.get(key) ?? 0;
      const first = booked.get(key)?.[k];
      if (first === undefined) continue;
      taken.set(key, k + 1);
      if (cumulative(ends[first.statement]!, ends[number]!)) again.set(line, first.line);
      // (Rows given out as read, or an earlier entry's, cannot be marked: booked with the note.)
      else if (chainedFrom(ends, first.statement, number) || st.streamed || first.rows.length === 0) alike.push(line);
      else maybe.set(line, first);
    }
    const word = STATEMENT_WORDS[statementName];
    if (alike.length) {
      notes.push(
        `${alike.length === 1 ? "entry" : "entries"} ${alike.join(", ")} of the ${word}${st.id ? ` "${st.id}"` : ""} ${alike.length === 1 ? "is" : "are"} written as an entry of an earlier ${word} of the file, whose balances do not show a repeat: booked as ${alike.length === 1 ? "its own booking" : "their own bookings"}; check them`,
      );
    }
    if (again.size && st.streamed) {
      throw new ImportInputError(
        `${fileName}: entry ${[...again.keys()][0]}: the ${word}'s entries repeat entries of an earlier ${word} of the file, and with more than ${HOLD_LIMIT.toLocaleString("en-US")} entries it is read as it goes: the repeats cannot be left out, so nothing was imported`,
      );
    }
    const kept = skipHeld(st, (line) => (again.has(line) ? `entry ${again.get(line)} again: the same booking (its reference, account, amount, dates and texts) in an earlier ${word} of this file, booked there, not twice` : null));
    const own = new Map<number, BookedEntry>();
    for (const row of kept) {
      const entry = own.get(row.line) ?? { line: row.line, statement: number, rows: [] };
      entry.rows.push({ date: row.date, description: row.description });
      own.set(row.line, entry);
      const first = maybe.get(row.line);
      const of = first?.rows[(row.part ?? 1) - 1] ?? first?.rows[0];
      const reason = `written as entry ${first?.line} of an earlier ${word} of the file, whose balances do not tell whether it is that booking again`;
      out.add(first && of ? { ...row, repeats: { line: first.line, date: of.date, description: of.description, reason } } : row);
    }
    // The entries booked here (a repeat is not booked again) stand for a later statement's alike ones.
    for (const [line, key] of st.entryKeys) {
      const entry = own.get(line) ?? (st.streamed ? { line, statement: number, rows: [] } : undefined);
      if (!entry) continue;
      const list = booked.get(key);
      if (list) list.push(entry);
      else booked.set(key, [entry]);
    }
    if (again.size) notes.push(`${again.size} ${again.size === 1 ? "entry" : "entries"} of the ${word}${st.id ? ` "${st.id}"` : ""} repeat entries of an earlier ${word} of the file (as intraday reports repeat the day's bookings): counted once`);
    reconciliation.push(...checked);
    st = null;
  };

  captureElements(xml, {
    fileName,
    strict: true,
    capture: (name, path) => doc >= 0 && path.length === doc + 3 && STATEMENTS.has(path[doc + 2]!) && CAPTURED.has(name),
    enter(name, path) {
      // The Document alone, or inside an envelope with its business application header (SWIFT MX / ISO 20022's
      // BizMsgEnvlp, a bank's RequestPayload: AppHdr, then Document): it was refused as "not a camt document".
      if (name === "Document" && doc < 0 && path.length <= 2) doc = path.length;
      if (path.length === doc + 1 && path[doc] === "Document" && MESSAGES.has(name)) messageSeen = true;
      if (path.length === doc + 2 && messageSeen && STATEMENTS.has(name)) {
        statements++;
        statementName = name;
        st = {
          account: null,
          opening: new Map(),
          closing: new Map(),
          interim: new Map(),
          sums: new Map(),
          id: null,
          period: null,
          firstEntry: ordinal + 1,
          held: [],
          streamed: false,
          written: new Bun.CryptoHasher("sha256"),
          entryKeys: new Map(),
        };
      }
    },
    leave(name, path) {
      if (doc >= 0 && path.length === doc + 2 && STATEMENTS.has(name)) endStatement();
    },
    done(node) {
      if (!st) return;
      if (node.name === "Id") return void (st.id = textOf(node) ?? null);
      st.written.update(nodeText(node));
      if (node.name === "FrToDt") {
        const from = textAt(node, "FrDtTm")?.slice(0, 10) ?? textAt(node, "FrDt");
        const to = textAt(node, "ToDtTm")?.slice(0, 10) ?? textAt(node, "ToDt");
        st.period = from && to ? `${from} to ${to}` : null;
      } else if (node.name === "Acct") {
        // .001.01 writes an account that is no IBAN as Id/PrtryAcct/Id; later versions as Id/Othr/Id.
        const iban = textAt(node, "Id", "IBAN") ?? textAt(node, "Id", "Othr", "Id") ?? textAt(node, "Id", "PrtryAcct", "Id");
        st.account = iban ? iban.replace(/\s+/g, "") : null;
        if (st.account) named(accounts, st.account);
      } else if (node.name === "Bal") balance(node);
      else entry(node);
    },
  });
  if (!messageSeen) {
    throw new ImportInputError(`${fileName}: not a camt.053/.052/.054 document (expected Document/BkToCstmrStmt, BkToCstmrAcctRpt or BkToCstmrDbtCdtNtfctn)`);
  }
  // A message with no statement at all is no statement of a day without bookings (that one states its balances).
  if (statements === 0) throw new ImportInputError(`${fileName}: this camt message holds no statement, report or notification (Stmt, Rpt, Ntfctn): nothing to import`);
  if (unidentified) notes.push(repeatedReferencesNote("AcctSvcrRef/NtryRef", repeated, unidentified));
  if (bookedEntries === 0 && unbooked.size > 0) {
    const kinds = [...unbooked].map(([kind, n]) => `${n} ${kind}`).join(", ");
    notes.push(`no entry of the ${STATEMENT_WORDS[statementName]} is booked (${kinds}): nothing is imported from it; its bookings come with a later statement`);
  }
  return { format: "camt", accounts, layout: null, account: accounts[0] ?? null, rows, badRows, skipped, reconciliation, dataLines, notes, invertedByBalance: false };
}

export const camtReader: StatementReader = {
  id: "camt",
  name: "camt.052/053/054 XML",
  label: "CAMT.053 / .052 / .054 (`camt.053.001.01`–`.11`)",
  recognisedBy: "the XML's `BkToCstmrStmt`/`Ntry`",
  idRule: "`camt:<AcctSvcrRef>` (a batch entry whose parts add up: one row per `TxDtls`, `:<n>`)",
  extensions: [".xml", ".053", ".052", ".054"],
  mimeTypes: ["application/xml", "text/xml"],
  identify: (head) =>
    head.startsWith("<") && (/urn:iso:std:iso:20022:tech:xsd:camt\.05[234]/.test(head) || /<([\w-]+:)?BkToCstmr(Stmt|AcctRpt|DbtCdtNtfctn)(V01)?[\s>]/.test(head)),
  read: readCamt,
};
