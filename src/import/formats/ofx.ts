/**
 * OFX / QFX statements, 1.x (SGML: a `KEY:VALUE` header, leaf tags usually left unclosed) and 2.x
 * (XML), in one pass (markup.ts): comments are passed over (a transaction inside one is not read),
 * CDATA is text, character references are decoded.
 *
 * SGML's unclosed tags: a tag followed by text is a leaf; a tag followed by another tag opens an
 * aggregate. An aggregate left open when an outer closing tag comes was an empty leaf: it is
 * marked "dissolved" and its children count as its parent's, in place, without being moved
 * (moving them was quadratic in the nesting). Each STMTTRN is read as soon as it closes, then
 * dropped, so memory holds one transaction at a time. A pending one (STMTTRNP, OFX 2.2's BANKTRANLISTP) is a skipped line.
 *
 * An investment statement (INVSTMTRS) of cash movements only (INVBANKTRAN: a cash management account's) is read as a bank
 * statement; one with securities transactions is refused.
 *
 * A transaction a file lists in two statements of one account (same FITID, date, amount and currency) is read once. An
 * ACCTID the file lists under two banks or account types is two accounts to that merge (neither's transaction a repeat of
 * the other's), though their rows all keep the plain ACCTID, as earlier imports gave them; a note says so.
 *
 * Reconciliation: LEDGERBAL is the closing balance; OFX states no opening one, so the import checks
 * it against the last balance stored for the account (importer.ts), when there is one.
 */
import { ImportInputError } from "../../core/errors.ts";
import { addEntry, checkEntries, named, noEntries, startReading, type EntrySum } from "./balance-run.ts";
import { cleanText } from "./clean.ts";
import { codePointOf, decodeEntities, NAMED, scanMarkup } from "./markup.ts";
import type { StatementReader } from "./reader.ts";
import { isPlaceholderReference, joinTexts, repeatedReferences, repeatedReferencesNote } from "./texts.ts";
import type { ReadOptions, Statement, TransactionFacts } from "./types.ts";
import { DecimalVotes, fileAmounts, isoDate, MINUS_CHARS } from "./values.ts";

type ONode = { name: string; text?: string; children: ONode[]; dissolved?: boolean };

/** The children of a node, a dissolved child's own children following it in place. Iterative: nesting costs no stack. */
function* kids(n: ONode): Generator<ONode> {
  const stack: { list: ONode[]; at: number }[] = [{ list: n.children, at: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.at >= top.list.length) {
      stack.pop();
      continue;
    }
    const c = top.list[top.at++]!;
    yield c;
    if (c.dissolved && c.children.length > 0) stack.push({ list: c.children, at: 0 });
  }
}

function find(n: ONode | undefined, ...names: string[]): ONode | undefined {
  let cur = n;
  for (const name of names) {
    if (!cur) return undefined;
    let found: ONode | undefined;
    for (const c of kids(cur)) {
      if (c.name === name) {
        found = c;
        break;
      }
    }
    cur = found;
  }
  return cur;
}

const value = (n: ONode | undefined, ...names: string[]) => find(n, ...names)?.text;

/** A node's children by name, the first of each, in one walk (a transaction's fields are looked up a dozen times). */
function fields(n: ONode): Map<string, ONode> {
  const out = new Map<string, ONode>();
  for (const c of kids(n)) if (!out.has(c.name)) out.set(c.name, c);
  return out;
}

function ofxDate(raw: string | undefined): string | null {
  const m = raw ? /^(\d{4})(\d{2})(\d{2})/.exec(raw) : null;
  return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/**
 * The file's TRNAMT/BALAMT values read by one decimal mark (values.ts): most write `-1234.56`, some European banks
 * `-1234,56`, some a thousands mark (`1,234.56`); a lone `1,234` is read by the file's other amounts, or refused.
 */
function ofxAmounts(text: string): (raw: string | undefined) => { value: number } | { why: string } {
  const votes = new DecimalVotes();
  for (const m of text.matchAll(/<(?:TRNAMT|BALAMT)>\s*([^<\r\n]*)/gi)) votes.add(m[1]!.trim());
  const read = fileAmounts(votes.result());
  return (raw) => (raw === undefined || raw.trim() === "" ? { why: "is missing" } : read(raw.trim()));
}

/** OFX's transaction types (TRNTYPE) in words. */
const TRANSACTION_TYPE_WORDS: Record<string, string> = {
  CREDIT: "Credit", DEBIT: "Debit", INT: "Interest", DIV: "Dividend", FEE: "Fee", SRVCHG: "Service charge", DEP: "Deposit",
  ATM: "ATM withdrawal", POS: "Point of sale", XFER: "Transfer", CHECK: "Check", PAYMENT: "Payment", CASH: "Cash withdrawal",
  DIRECTDEP: "Direct deposit", DIRECTDEBIT: "Direct debit", REPEATPMT: "Repeating payment", HOLD: "Hold", OTHER: "Other",
};

/**
 * The description of a transaction with neither NAME nor MEMO (the OFX specification's own example statement: a CHECK
 * with its CHECKNUM, an ATM withdrawal): its check number and type in words, not an empty text (QA round 4, pass 18:
 * ofxtools' test statements were imported with empty descriptions). "Check N" only for a check (TRNTYPE CHECK, or none)
 * with a number that is not all zeros: banks fill CHECKNUM on other rows too (review of pass 18: a POS row with
 * CHECKNUM 0 was "Check 0"), which are their type in words.
 */
function typeDescription(type: string | undefined, checkNumber: string | undefined): string {
  const number = checkNumber?.trim() ?? "";
  if ((!type || type === "CHECK") && /[1-9]/.test(number)) return `Check ${number}`;
  return type ? (TRANSACTION_TYPE_WORDS[type] ?? type) : "";
}

const STATEMENT_AGGREGATES = new Set(["STMTRS", "CCSTMTRS"]);
/**
 * An investment statement's transactions that are no cash movement of its own (OFX's INVTRANLIST, beside INVBANKTRAN):
 * trades, income, journal entries, transfers of securities.
 */
const SECURITIES_TRANSACTION = /<(?:BUY(?:DEBT|MF|OPT|OTHER|STOCK)|SELL(?:DEBT|MF|OPT|OTHER|STOCK)|CLOSUREOPT|INCOME|INVEXPENSE|JRNLFUND|JRNLSEC|MARGININTEREST|REINVEST|RETOFCAP|SPLIT|TRANSFER)>/i;
/** What a statement (STMTRS, CCSTMTRS) holds after its transactions: balances, the pending list, marketing text. */
const AFTER_TRANSACTIONS = new Set(["LEDGERBAL", "AVAILBAL", "BALLIST", "BANKTRANLISTP", "MKTGINFO"]);
/**
 * An "&amp;" written before another entity's name: a text escaped twice, as a Canadian bank's QFX writes every one
 * ("TPAY &amp;lt;DEFTPYMT&amp;gt;", "HYDRO &amp;amp; POWER"; qa52's blind pass, from Actual's html-vals.qfx): it is that
 * entity's "&" when the reference names a character (review of r4-qa52: "&amp;#55296;", a surrogate, refused the whole
 * file). A lone "&amp;" ("AT&amp;T") is left to decodeEntities.
 */
const ESCAPED_TWICE = new RegExp(`&amp;(?=(${Object.keys(NAMED).join("|")}|#[0-9]{1,10}|#[xX][0-9a-fA-F]{1,8});)`, "g");
/** A text escaped twice read as escaped once (ESCAPED_TWICE). */
const unescapeTwice = (text: string) => text.replace(ESCAPED_TWICE, (all, ref: string) => (ref[0] !== "#" || codePointOf(ref) !== null ? "&" : all));
/** A booked transaction, and a pending one (BANKTRANLISTP's). */
const TRANSACTIONS = new Set(["STMTTRN", "STMTTRNP"]);

/** A statement's account as its BANKACCTFROM / CCACCTFROM / INVACCTFROM states it (the last two have no BANKID, ACCTTYPE). */
type AccountFrom = { id: string; bank: string; type: string };

/**
 * The ACCTIDs the file lists under two or more banks or account types, with their pairs (`BANKID\u0000ACCTTYPE`): a
 * bank that numbers a member's checking and savings alike, whose rows all go to the one ACCTID (the note says so).
 */
function sharedAccountIds(froms: readonly AccountFrom[]): Map<string, Set<string>> {
  const pairs = new Map<string, Set<string>>();
  for (const f of froms) pairs.set(f.id, (pairs.get(f.id) ?? new Set()).add(`${f.bank}\u0000${f.type}`));
  return new Map([...pairs].filter(([, p]) => p.size > 1));
}

/**
 * What tells a statement's account apart in the merge of a FITID listed again: its ACCTID with its BANKID and ACCTTYPE,
 * so that a checking and a savings account of one number never take each other's transactions for repeats. (The rows
 * keep the plain ACCTID: see statementOf.)
 */
const accountKey = (from: AccountFrom) => `${from.id}\u0000${from.bank}\u0000${from.type}`;

/** A statement's account as written before its transactions (`part`: the file from the statement's start). */
function accountFromText(part: string): AccountFrom {
  const end = part.search(/<(?:BANKTRANLIST|INVTRANLIST|STMTTRN)>/i);
  const head = end < 0 ? part : part.slice(0, end);
  const field = (name: string) => new RegExp(`<${name}>\\s*([^<\\r\\n]*)`, "i").exec(head)?.[1]?.trim() ?? "";
  return { id: field("ACCTID"), bank: field("BANKID"), type: field("ACCTTYPE").toUpperCase() };
}

/**
 * The account + FITID pairs that two or more statements of the file list for the same account (`account\u0000FITID`):
 * a download of one account's overlapping periods lists a transaction in each (aasmith/ofx-parser's banks.ofx: booked
 * twice, QA round 4, pass 22). `parts`: the file split at each statement's start. Read before the one pass, so that
 * only these few are remembered while it reads.
 */
function fitidsInSeveralStatements(parts: readonly string[]): Set<string> {
  const statementsOf = new Map<string, number>();
  for (const part of parts) {
    const account = accountKey(accountFromText(part));
    for (const fitid of new Set(Array.from(part.matchAll(/<FITID>\s*([^<\r\n]*)/gi), (m) => m[1]!.trim()))) {
      if (fitid === "" || isPlaceholderReference(fitid)) continue;
      const key = `${account}\u0000${fitid}`;
      statementsOf.set(key, (statementsOf.get(key) ?? 0) + 1);
    }
  }
  return new Set([...statementsOf].filter(([, n]) => n > 1).map(([key]) => key));
}

/** `index`: the statement's place in the file (1-based). */
type StatementState = { node: ONode; index: number; account: string | null; listedAs: string; currency: string | undefined; booked: EntrySum; known: boolean };

/** A transaction's amount: its sign (any form of minus, or "+") and its first significant digit. */
const TRNAMT_SIGN = new RegExp(`<TRNAMT>\\s*([+${MINUS_CHARS}]?)[\\d.,]*?([1-9])`, "i");

/**
 * Whether every DEBIT/CREDIT transaction of the file that has a nonzero amount states it with the other sign than its
 * type, with at least one of each (read from the text before the one pass, since its rows are given out as they are
 * read). One agreeing is enough to say no: then only the ones that disagree are turned.
 */
function writesTypesInverted(text: string): boolean {
  const turned = { DEBIT: 0, CREDIT: 0 };
  for (const block of text.split(/<STMTTRN>/i).slice(1)) {
    const type = /<TRNTYPE>\s*(\w+)/i.exec(block)?.[1]?.toUpperCase();
    const amount = TRNAMT_SIGN.exec(block);
    if ((type !== "DEBIT" && type !== "CREDIT") || !amount) continue;
    if ((amount[1] !== "" && amount[1] !== "+") !== (type === "CREDIT")) return false;
    turned[type]++;
  }
  // Both kinds turned: a file of unsigned amounts (every DEBIT positive, no CREDIT negative) is no inverted one.
  return turned.DEBIT > 0 && turned.CREDIT > 0;
}

/**
 * What the bank said when it sent an error instead of a statement (a download that failed: `<STATUS><CODE>2000
 * <SEVERITY>ERROR<MESSAGE>…`), as the end of the refusal; "" when it said none. The code is the erring STATUS's own:
 * no other CODE between it and its SEVERITY (the sign-on's CODE 0 before it was named as "error 0").
 */
function bankError(text: string): string {
  const status = /<CODE>\s*(\d+)(?:(?!<CODE>)[^]){0,200}?<SEVERITY>\s*ERROR\b(?:[^]{0,40}?<MESSAGE>\s*([^<\r\n]+))?/i.exec(text);
  return status ? `: the bank answered with error ${status[1]}${status[2] ? ` ("${cleanText(status[2].trim())}")` : ""} instead of a statement; download it again` : "";
}

/** The root element's start tag: "<OFX>", or with blanks before its ">" ("<OFX >"); never OFXHEADER. */
const OFX_ROOT = /<OFX\s*>/i;

function readOfx(text: string, opts: ReadOptions): Statement {
  const { fileName } = opts;
  const flip = opts.flipSigns ? -1 : 1;
  // The root tag as some credit unions write it, "<OFX >" (Navy Federal's OFX 2.2: refused as having no <OFX>).
  const start = text.search(OFX_ROOT);
  if (start < 0) throw new ImportInputError(`${fileName}: no <OFX> element: not an OFX/QFX statement`);
  // A DOCTYPE before <OFX> is refused like one after it.
  const doctype = text.slice(0, start).search(/<!DOCTYPE/i);
  if (doctype >= 0) throw new ImportInputError(`${fileName}: line ${text.slice(0, doctype).split("\n").length}: the file declares a DOCTYPE, which is refused (statements never need one)`);
  const amountOf = ofxAmounts(text);
  // FITIDs as written (SGML's run to the line's end, XML's to the closing tag; some banks' QFX write each value on the
  // line after its tag, "<FITID>\n2130…</FITID>": read after that line break), counted before the one pass. (One
  // written with a character reference is compared as written: it is then taken for unique, as before.)
  // Counted per statement (STMTRS, CCSTMTRS): a file of several accounts may number each one's FITIDs from 1.
  const statementParts = text.split(/<(?:CC|INV)?STMTRS>/i).slice(1);
  const repeated = new Set(
    statementParts.flatMap((part) => [...repeatedReferences(Array.from(part.matchAll(/<FITID>\s*([^<\r\n]*)/gi), (m) => m[1]!.trim()))]),
  );
  // An investment statement (INVSTMTRS) of cash movements only (INVBANKTRAN: a cash management account's checks,
  // deposits and bill payments) is read as a bank statement (ofxparse's fidelity-savings.ofx was refused, QA round 4,
  // pass 22); one with trades, dividends or other securities transactions is refused below, as before. The ACCTIDs
  // shared by two accounts are counted over the statements read.
  const cashOnly = /<INVBANKTRAN>/i.test(text) && !SECURITIES_TRANSACTION.test(text);
  const shared = sharedAccountIds(statementParts.filter((part) => cashOnly || !/<INVACCTFROM>/i.test(part)).map(accountFromText));
  const inSeveralStatements = fitidsInSeveralStatements(statementParts);
  /** Each of those with a date and amount: the transactions it was read at, per statement (by its index). */
  const listedAt = new Map<string, Map<number, number[]>>();
  /** Each of those as first read; and what a later statement lists under it with another date, amount or currency. */
  const firstListed = new Map<string, { statement: number; line: number; said: string; noted: boolean }>();
  const relisted: string[] = [];
  let unidentified = 0;
  const { rows, out, badRows, skipped, reconciliation, accounts } = startReading(opts);
  let statements = 0;
  let ordinal = 0;
  let signTurned = 0;
  const invertedFile = writesTypesInverted(text);
  let untypedTurned = 0;
  const unreadBalances: string[] = [];

  const statementAggregates = cashOnly ? new Set([...STATEMENT_AGGREGATES, "INVSTMTRS"]) : STATEMENT_AGGREGATES;
  const root: ONode = { name: "#root", children: [] };
  const stack: ONode[] = [root];
  const openCount = new Map<string, number>();
  const stmts: StatementState[] = [];
  let pending: ONode | null = null;

  const statementOf = (s: StatementState) => {
    // CURDEF and the account come before the transaction list: read once, at the first transaction.
    if (!s.known) {
      const from = find(s.node, "BANKACCTFROM") ?? find(s.node, "CCACCTFROM") ?? find(s.node, "INVACCTFROM");
      const id = value(from, "ACCTID")?.trim();
      // The rows keep the plain ACCTID as their account and in their ids, as every earlier import of the account gave
      // them (review of the merge: "98765 (CHECKING)" gave a checking account's rows imported before new ids, and they
      // were stored twice once a later download also listed the savings account of that number). Only the merge of a
      // FITID listed again tells the two accounts apart, so that the savings' dividend is not taken for the checking's.
      s.account = id === undefined ? null : id;
      s.listedAs = id === undefined ? "" : accountKey({ id, bank: value(from, "BANKID")?.trim() ?? "", type: value(from, "ACCTTYPE")?.trim().toUpperCase() ?? "" });
      s.currency = value(s.node, "CURDEF")?.trim().toUpperCase();
      s.known = true;
      if (s.account) named(accounts, s.account);
    }
    return s;
  };

  const transaction = (node: ONode) => {
    ordinal++;
    const f = fields(node);
    // The transaction's own fields by name; an aggregate's (PAYEE, CURRENCY) looked up inside it.
    const value = (name: string, inner?: string) => (inner ? find(f.get(name), inner)?.text : f.get(name)?.text);
    const line = ordinal;
    const bad = (reason: string): void => {
      badRows.push({ line, reason });
    };
    const s = stmts.length ? statementOf(stmts[stmts.length - 1]!) : null;
    if (!s) return bad("a STMTTRN outside any bank or card statement (STMTRS / CCSTMTRS)");
    const date = ofxDate(value("DTPOSTED"));
    if (!date) return bad(`DTPOSTED "${value("DTPOSTED") ?? ""}" is not a real date`);
    const read = amountOf(value("TRNAMT"));
    if (!("value" in read)) return bad(`TRNAMT "${value("TRNAMT") ?? ""}" ${read.why}`);
    const amount = read.value;
    // CURRENCY: the amount is in that currency; ORIGCURRENCY only tells what it was converted from.
    const currency = (value("CURRENCY", "CURSYM") ?? s.currency)?.trim().toUpperCase();
    if (!currency || !/^[A-Z]{3}$/.test(currency)) return bad("no currency (CURDEF of the statement or CURRENCY/CURSYM of the transaction)");
    const fitid = value("FITID")?.trim();
    const name = value("NAME") ?? value("PAYEE", "NAME");
    const memo = value("MEMO");
    const facts: TransactionFacts = {};
    if (name) facts.counterparty = cleanText(name);
    if (memo) facts.purpose = cleanText(memo);
    const refnum = value("REFNUM");
    if (refnum) facts.reference = cleanText(refnum);
    const rate = Number(value("CURRENCY", "CURRATE") ?? value("ORIGCURRENCY", "CURRATE"));
    if (Number.isFinite(rate) && rate > 0) facts.exchangeRate = rate;
    const orig = value("ORIGCURRENCY", "CURSYM");
    if (orig) facts.originalCurrency = orig.trim().toUpperCase();
    // TRNTYPE DEBIT / CREDIT is the bank's own direction, as an indicator column is a CSV's: it wins over a sign
    // the amount lacks (files that write TRNAMT as an absolute value) or has the other way round.
    const type = value("TRNTYPE")?.trim().toUpperCase();
    const direction = type === "DEBIT" ? -1 : type === "CREDIT" ? 1 : 0;
    // A file whose every DEBIT and CREDIT is written the other way round (card issuers that write purchases as
    // positive) writes its other types (PAYMENT, FEE, POS…) that way too: they are turned with them.
    const turned = direction !== 0 ? amount !== 0 && Math.sign(amount) !== direction : invertedFile && amount !== 0;
    const signed = flip * (turned ? -amount : amount);
    const listedKey = fitid ? `${s.listedAs}\u0000${fitid}` : "";
    if (inSeveralStatements.has(listedKey)) {
      // The n-th listing in this statement is one an earlier statement lists too when that one lists it n times or more:
      // a bank that writes one FITID for two coffees of the same price on the same day lists both (review of r4-qa22:
      // the second, only in the later statement, was taken for the first listed again and lost).
      // In the same currency: an account's EUR and GBP statements (one ACCTID, CURDEF apart) may number their FITIDs
      // alike (review of r4-qa22: the GBP statement's fee of 3.00 was skipped as the EUR one's).
      const sameKey = `${listedKey}\u0000${date}\u0000${signed}\u0000${currency}`;
      const byStatement = listedAt.get(sameKey) ?? new Map<number, number[]>();
      listedAt.set(sameKey, byStatement);
      const mine = byStatement.get(s.index) ?? [];
      byStatement.set(s.index, mine);
      const n = mine.length;
      const earlier = [...byStatement].find(([index, lines]) => index !== s.index && lines.length > n)?.[1];
      mine.push(line);
      if (earlier) return void skipped.push({ line, reason: `the same transaction as transaction ${earlier[n]} (FITID ${fitid}, same date, amount and currency), listed again in another statement of the account in this file` });
      // Listed again otherwise (45.00 on the 15th, 54.00 on the 16th: a tip added, or another booking): both are booked,
      // and the note names them to check (review of r4-qa22: said nothing).
      const said = `${date}, ${currency} ${signed.toFixed(2)}`;
      const first = firstListed.get(listedKey);
      if (!first) firstListed.set(listedKey, { statement: s.index, line, said, noted: false });
      else if (first.statement !== s.index && first.said !== said && !first.noted) {
        relisted.push(`FITID ${fitid}: transaction ${first.line} (${first.said}) and transaction ${line} (${said})`);
        first.noted = true;
      }
    }
    if (turned && direction !== 0) signTurned++;
    else if (turned) untypedTurned++;
    if (fitid && repeated.has(fitid)) unidentified++;
    // A statement with an empty CURDEF (some Australian banks' exports: each transaction's CURRENCY/CURSYM instead) is
    // in its transactions' currency: its entries are counted, and the file said to state no balance, not passed over.
    s.currency ??= currency;
    if (currency === s.currency) {
      addEntry(s.booked, signed);
    }
    out.add({
      line,
      date,
      amount: signed === 0 ? 0 : signed,
      currency,
      description: joinTexts([name, memo]) || typeDescription(type, value("CHECKNUM")),
      idText: cleanText(name ?? memo ?? ""),
      reference: fitid && !isPlaceholderReference(fitid) && !repeated.has(fitid) ? `ofx:${s.account ?? ""}:${fitid}` : null,
      account: s.account,
      facts,
      named: true,
      ...(s.node.name === "CCSTMTRS" ? { card: true as const } : {}),
    });
  };

  /**
   * A pending transaction (OFX 2.2's BANKTRANLISTP: a card's holds) is not booked: a skipped line with its date and
   * amount (petr-panteleyev/ofx-parser's credit.ofx: its holds were passed over in silence, QA round 4, pass 22).
   */
  const pendingTransaction = (node: ONode) => {
    ordinal++;
    const f = fields(node);
    const said = [ofxDate(f.get("DTTRAN")?.text) ?? ofxDate(f.get("DTPOSTED")?.text), f.get("TRNAMT")?.text?.trim()].filter(Boolean);
    skipped.push({ line: ordinal, reason: `a pending transaction (STMTTRNP${said.map((t) => `, ${t}`).join("")}): not booked yet; it comes with a later statement once booked` });
  };

  const endStatement = (s: StatementState) => {
    statementOf(s);
    const found = find(s.node, "LEDGERBAL");
    // A balance of zero as of no day (Bradesco's and Banco do Brasil's BALAMT 0,00 as of 00000000, QA round 4, pass 22) is
    // a placeholder: taken for a closing balance of 0.00, it "meant" an opening balance the bank never stated. (Bradesco
    // writes a real balance as of 00000000 too: one not zero is read, undated.)
    const asOf = value(found, "DTASOF")?.trim() ?? "";
    const placeholder = found !== undefined && /^0{8}/.test(asOf) && /^[-+]?0*(?:[.,]0*)?$/.test(value(found, "BALAMT")?.trim() ?? "");
    if (placeholder) unreadBalances.push(`the closing balance LEDGERBAL/BALAMT "${value(found, "BALAMT")?.trim() ?? ""}" is dated DTASOF "${asOf}", no day: a placeholder, not checked`);
    const balance = placeholder ? undefined : found;
    const stated = balance ? amountOf(value(balance, "BALAMT")) : null;
    const closing = stated && "value" in stated ? stated.value : null;
    if (stated && "why" in stated && value(balance, "BALAMT")?.trim()) unreadBalances.push(`the closing balance LEDGERBAL/BALAMT "${value(balance, "BALAMT") ?? ""}" ${stated.why}: not checked`);
    const currency = s.currency ?? "";
    if (closing === null && s.booked.n === 0) return;
    reconciliation.push(
      checkEntries(s.booked, {
        account: s.account,
        currency,
        opening: null,
        closing: closing === null ? null : { amount: closing, date: ofxDate(value(balance, "DTASOF")) },
        basis: "LEDGERBAL (the file states no opening balance)",
      }),
    );
    const from = ofxDate(value(s.node, "BANKTRANLIST", "DTSTART"));
    if (from) reconciliation[reconciliation.length - 1]!.periodStart = from;
  };

  /** A node is complete: a transaction is read and dropped, a statement finished. */
  const completed = (n: ONode) => {
    const parent = stack[stack.length - 1]!;
    if (TRANSACTIONS.has(n.name)) {
      if (n.name === "STMTTRN") transaction(n);
      else pendingTransaction(n);
      if (parent.children[parent.children.length - 1] === n) parent.children.pop();
    } else if (statementAggregates.has(n.name)) {
      const s = stmts.pop();
      if (s) endStatement(s);
      if (parent.children[parent.children.length - 1] === n) parent.children.pop();
    }
  };
  const pop = () => {
    const n = stack.pop()!;
    openCount.set(n.name, openCount.get(n.name)! - 1);
    return n;
  };

  /** A closing tag: what is open inside the element is closed with it. */
  const closeUpTo = (name: string) => {
    // The closing tag of a leaf (already complete), or a stray one.
    if (!openCount.get(name)) return;
    for (;;) {
      const n = pop();
      if (n.name === name || TRANSACTIONS.has(n.name) || statementAggregates.has(n.name)) completed(n);
      else n.dissolved = true;
      if (n.name === name) break;
    }
  };

  scanMarkup(
    text,
    {
      open(rawName) {
        const name = rawName.toUpperCase();
        // Transactions never nest: a STMTTRN opening while one is open ends it (banks that leave out </STMTTRN>),
        // so the transactions are read in the file's order. A statement's balances come after its transactions: one
        // opening while a transaction is open ends it too (Mercury's download closes no element: its LEDGERBAL was read
        // as a field of the last transaction and the closing balance lost, QA round 4, pass 22). A pending one (STMTTRNP)
        // likewise: they nested, were listed last first, and the last swallowed the LEDGERBAL (review of r4-qa22).
        if (TRANSACTIONS.has(name) || AFTER_TRANSACTIONS.has(name)) for (const t of TRANSACTIONS) closeUpTo(t);
        const node: ONode = { name, children: [] };
        stack[stack.length - 1]!.children.push(node);
        stack.push(node);
        openCount.set(name, (openCount.get(name) ?? 0) + 1);
        if (statementAggregates.has(name)) {
          statements++;
          stmts.push({ node, index: statements, account: null, listedAs: "", currency: undefined, booked: noEntries(), known: false });
        }
        pending = node;
      },
      text(raw, line, cdata) {
        const t = raw.trim();
        if (t === "") return;
        if (pending && stack[stack.length - 1] === pending && pending.children.length === 0) {
          pending.text = cleanText(cdata ? t : decodeEntities(unescapeTwice(t), () => `${fileName}: line ${line}`));
          pop();
        }
        pending = null;
      },
      close(rawName) {
        pending = null;
        closeUpTo(rawName.toUpperCase());
      },
    },
    { fileName, strict: false, start },
  );
  // What is still open at the end was closed by the end of the file.
  while (stack.length > 1) {
    const n = pop();
    if (TRANSACTIONS.has(n.name) || statementAggregates.has(n.name)) completed(n);
    else n.dissolved = true;
  }
  if (statements === 0) {
    if (/<INVSTMTRS>/i.test(text)) throw new ImportInputError(`${fileName}: this is an investment statement (INVSTMTRS): securities are not read; export the bank or card account`);
    throw new ImportInputError(`${fileName}: the OFX file holds no bank or card statement (STMTRS / CCSTMTRS)${bankError(text)}`);
  }
  const notes = signTurned ? [`${signTurned === 1 ? "1 amount was" : `${signTurned} amounts were`} written with the other sign than their type (DEBIT, CREDIT) says: the type gives the direction`] : [];
  if (untypedTurned) notes.push(`every DEBIT and CREDIT is written with the other sign, so the ${untypedTurned} other ${untypedTurned === 1 ? "transaction was" : "transactions were"} (PAYMENT, FEE …) turned round too`);
  notes.push(...unreadBalances);
  if (relisted.length) notes.push(`a FITID is listed in two statements of the account with another date or amount, so both were booked; check whether the later one corrects the earlier (${relisted.join("; ")})`);
  for (const [id, pairs] of shared) {
    notes.push(`the ACCTID ${id} is listed for ${pairs.size} accounts (other BANKID or ACCTTYPE): their rows are all booked to the account "${id}", none taken for another's; import each account's download on its own to keep them apart`);
  }
  if (unidentified) notes.push(repeatedReferencesNote("FITID", repeated, unidentified));
  return { format: "ofx", accounts, layout: null, account: accounts[0] ?? null, rows, badRows, skipped, reconciliation, dataLines: ordinal, notes, invertedByBalance: false };
}

export const ofxReader: StatementReader = {
  id: "ofx",
  name: "OFX/QFX",
  label: "OFX / QFX 1.x (SGML) and 2.x (XML)",
  recognisedBy: "`OFXHEADER` / `<OFX>`",
  idRule: "`ofx:<account>:<FITID>`",
  extensions: [".ofx", ".qfx"],
  mimeTypes: ["application/x-ofx"],
  identify: (head) => /^\s*OFXHEADER\s*:/.test(head) || /<\?OFX[\s?]/i.test(head) || OFX_ROOT.test(head),
  read: readOfx,
};
