/**
 * QIF (Quicken Interchange Format), the export of Quicken, Moneydance, GnuCash, many US and some German banks:
 * `!Type:Bank`, `!Type:CCard`, `!Type:Cash`, `!Type:Oth A`/`Oth L` sections of records, one field per line by its
 * first letter (`D` date, `T`/`U` amount, `P` payee, `M` memo, `N` number, `L` category, `C` cleared, `A` address,
 * `S`/`E`/`$` a split), `^` ending a record; an `!Account` block names the account of the records after it (a file
 * of all accounts has one per account). Amounts are the account's side: negative is money out (also on a card). Lists that are no transactions (`!Type:Cat`, `!Type:Class`,
 * `!Type:Memorized`, `!Option`) are passed over; an investment account (`!Type:Invst`) is refused.
 *
 * Dates come in many notations, decided for the whole file (two passes over the lines, nothing held): `M/D'YY`
 * (Quicken's years from 2000, also `M'D'YY`), `M/D/YY`, `MM/DD/YYYY`, `D/M/YYYY`, `DD.MM.YY`, `YYYY-MM-DD` (also `YYYY/MM/DD`, `YYYY.MM.DD`), `YYYYMMDD`, with
 * spaces as padding (`7/ 9/98`), also month-first with dots (`12.31.2025`, `1.5'26`). Whatever the mark, a first part
 * above 12 makes the file day-first and a second part above 12 month-first (as the CSV reader votes); a file where none
 * decides is read day-first when its amounts have a decimal comma or its dates dots (`03.11.25`), else month-first
 * (Quicken's own), and says so.
 * Two-digit years after a slash: 1950–2049. The decimal mark likewise (`1,234.56` or `1.234,56`); a file that mixes
 * them has each amount read by the mark it shows, and one that shows none the file settles (`1,234`) is a bad row.
 *
 * QIF names no currency but in a sign or code its amounts may carry ("T-£42.18"): that one, else the account's (its
 * earlier rows), its IBAN's country, the data's main currency (with no data yet: US dollars for month-first dates),
 * decided per account, and the preview says which.
 * An "Opening Balance" or "Starting Balance" record (payee) that is its account's first record (YNAB's), or whose
 * category is its own account (`L[Account]`, Quicken's), states a balance, not a payment: skipped with its amount, as is a
 * voided one (payee `**VOID**…`). No ids: the content hash.
 */
import { ImportInputError } from "../../core/errors.ts";
import { cleanText } from "./clean.ts";
import { cellsCurrency, ibanCurrency } from "./csv.ts";
import { MONTH_FIRST_DOLLARS, type FileCurrency } from "./csv-rows.ts";
import { IBAN_CELL } from "./csv-words.ts";
import { forEachLine } from "./delimited.ts";
import type { StatementReader } from "./reader.ts";
import { cents, reconcile } from "./reconcile.ts";
import { RowTable } from "./row-table.ts";
import { joinTexts, oneLine } from "./texts.ts";
import type { BadRow, ReadOptions, SkippedLine, Statement, TransactionFacts } from "./types.ts";
import { asciiMinus, DecimalVotes, fileAmounts, isoDate, type DateOrder, type Decimal } from "./values.ts";

const TRANSACTION_TYPES = new Set(["bank", "ccard", "cash", "oth a", "oth l"]);

type QifDate = { a: number; b: number; year: string; apostrophe: boolean; dots: boolean; iso: boolean };

/** A date's parts, or null. Spaces inside are padding for zeros (Quicken's "1/ 2' 5" is 1/02'05). */
function dateParts(raw: string): QifDate | null {
  const s = raw.trim().replace(/\s/g, "0");
  // Year first: ISO, also with slashes, dots or apostrophes ("2026/01/05", "2026.01.05", "2026'01'05": GnuCash reads them
  // all; they were refused as no real date, QA round 4, pass 18), and without marks as GnuCash reads it ("20260105").
  const iso = /^(\d{4})([-/.'])(\d{1,2})\2(\d{1,2})$/.exec(s) ?? /^((?:19|20)\d{2})()(\d{2})(\d{2})$/.exec(s);
  if (iso) return { a: Number(iso[3]), b: Number(iso[4]), year: iso[1]!, apostrophe: false, dots: false, iso: true };
  const m = /^(\d{1,2})([/.'-])(\d{1,2})([/.'-])(\d{2}|\d{4})$/.exec(s) ?? /^(\d{1,2})([/.'-])(\d{1,2})(')(\d)$/.exec(s);
  if (!m) return null;
  return { a: Number(m[1]), b: Number(m[3]), year: m[5]!, apostrophe: m[4] === "'", dots: m[2] === ".", iso: false };
}

function toIso(d: QifDate, order: DateOrder): string | null {
  const y = d.year.length === 4 ? Number(d.year) : d.apostrophe ? 2000 + Number(d.year) : Number(d.year) < 50 ? 2000 + Number(d.year) : 1900 + Number(d.year);
  if (d.iso) return isoDate(y, d.a, d.b);
  return order === "DMY" ? isoDate(y, d.b, d.a) : isoDate(y, d.a, d.b);
}

/** A record and the account it is listed under (the last `!Account` block before it; a file of all accounts has many). */
/** `investment`: a record of an investment account (!Type:Invst), which is no payment of a bank or card account. */
/** `card`: a record of a card account (!Type:CCard). */
type QifRecord = { line: number; fields: Map<string, string[]>; account: string | null; investment: boolean; card: boolean };

/** Every record of the transaction sections, in order; `visit` gets each as it ends. Returns the accounts named. */
function forEachRecord(text: string, visit: (r: QifRecord) => void): { accounts: string[]; lists: string[]; investmentAt: number } {
  let section: string | null = null;
  let inAccount = false;
  /** Between !Option:AutoSwitch and !Clear:AutoSwitch, the records after !Account are a list of accounts (Quicken's). */
  let accountList = false;
  /** The entries of the list being read (since its `!Account`). */
  let listed: (string | null)[] = [];
  let account: string | null = null;
  const accounts: string[] = [];
  const lists: string[] = [];
  let fields = new Map<string, string[]>();
  let first = 0;
  let investmentAt = 0;
  const record = () => {
    // The accounts named are those holding records (a header with none, or a list's entry, names no row's account).
    if (account && !accounts.includes(account)) accounts.push(account);
    visit({ line: first, fields, account, investment: section === "invst", card: section === "ccard" });
  };
  forEachLine(text, (line, lineNo) => {
    // A comment line ("# …", quiffen's test files), wherever it stands: no field is coded "#" (review of r4-qa22: one
    // after the last record was read as a record without date, and the file refused).
    if (line.trim() === "" || line.startsWith("#")) return;
    if (line.startsWith("!")) {
      const head = line.slice(1).trim().toLowerCase();
      if (head === "account") {
        inAccount = true;
        listed = [];
        return;
      }
      // A list not cleared yet of exactly one account that goes on with a transaction section is that section's header.
      // A list of several says not which of them the section is (review of r4-qa30: it was booked to the last one, on
      // r4-final's base to the first, and a file imported there came back as new rows of the other account), nor does
      // one that goes on with a list of categories, classes…: the section keeps the account before the list (none in such
      // a file: the user's, else the account its rows were imported under before).
      const type = head.startsWith("type:") ? head.slice(5).trim() : null;
      const transactions = type !== null && (TRANSACTION_TYPES.has(type) || type === "invst");
      if (inAccount && accountList && transactions && listed.length === 1) account = listed[0] ?? account;
      inAccount = false;
      if (head === "option:autoswitch") accountList = true;
      if (head === "clear:autoswitch") accountList = false;
      if (type !== null) {
        if (type === "invst") investmentAt ||= lineNo;
        section = transactions ? type : null;
        const named = line.slice(1).trim().slice(5).trim();
        if (!section && !lists.includes(named)) lists.push(named);
      }
      // !Option, !Clear: switches, not data.
      fields = new Map();
      return;
    }
    if (line.startsWith("^")) {
      if (inAccount) {
        // A list's entry names an account, not the one the records that follow belong to; every entry up to the next
        // "!" line is one (Nerdbank.Qif's test input: the second was read as a record of the bank section before it).
        const name = fields.get("N")?.[0]?.trim() || null;
        if (accountList) listed.push(name);
        else {
          inAccount = false;
          account = name ?? account;
        }
      } else if (section && fields.size > 0) record();
      fields = new Map();
      return;
    }
    if (fields.size === 0) first = lineNo;
    const code = line[0]!;
    fields.set(code, [...(fields.get(code) ?? []), line.slice(1)]);
  });
  // A last record without its "^".
  if (section && !inAccount && fields.size > 0) record();
  return { accounts, lists, investmentAt };
}

/**
 * The description of a record with neither payee, memo nor category (Actual's and qifparse's test files: imported with an
 * empty one, QA round 4, pass 22): its split's categories, its check number, else the register column its amount stands
 * in, as Quicken shows it (Payment / Deposit; a card's Charge / Credit).
 */
function unnamedDescription(r: QifRecord, amount: number): string {
  const splits = (r.fields.get("S") ?? []).map((c) => cleanText(c.trim())).filter(Boolean);
  if (splits.length) return [...new Set(splits)].join(", ");
  const number = r.fields.get("N")?.[0]?.trim() ?? "";
  if (/^\d+$/.test(number)) return `Check ${number}`;
  if (r.card) return amount < 0 ? "Charge" : "Credit";
  return amount < 0 ? "Payment" : "Deposit";
}

/** An amount's shape, its digits as 0 ("T-£42.18" → "-£00.00"): the few a file's currency signs and codes come in. */
const amountShape = (amount: string) => amount.trim().replace(/\d/g, "0");

/** A row's currency and whether its amount named it (a sign or code) rather than the account or the data. */
type QifCurrency = FileCurrency & { signed: boolean };
/** An account's currency (`whole`), or, when its amounts name several, each amount shape's own (`perRow`). */
type AccountCurrency = { whole: QifCurrency; perRow: Map<string, QifCurrency> | null };

/**
 * An account's currency: the one its amounts' signs or codes name ("T-£42.18"), else SPEC §10.1's chain: its earlier rows'
 * (stored), its IBAN's country (an account named by its IBAN), the data's main currency; when the data has none yet,
 * US dollars, said to be assumed, if a date shows the file month-first (`monthFirst`: 07/15/2026; qa36: such a file was
 * taken as budget-chat's default francs where the same rows as a CSV were dollars), else budget-chat's default. A sign
 * several currencies write ("$") only after the account's earlier rows, and said so. Amounts naming several currencies in
 * one account ("£" and "€"; review of r4-qa22: all were taken as francs, "QIF names none") are each in the one they name,
 * and those naming none in what an account without signs would be in.
 */
function accountCurrency(account: string | null, shapes: ReadonlySet<string> | undefined, opts: ReadOptions, monthFirst: boolean): AccountCurrency {
  const stored = account ? opts.accountCurrencies?.[account] : undefined;
  const fallback = opts.fallbackCurrency;
  const unsigned: QifCurrency = {
    ...((stored && { code: stored, from: `the account ${account}'s earlier rows` }) ||
      // Only an account named by a real IBAN: "SE22 Stockholm trip" opens like one and is no Swedish account (review of r4-impl8).
      (account !== null && IBAN_CELL.test(account.trim()) ? ibanCurrency(account.trim()) : null) ||
      (fallback && !fallback.noData && fallback) ||
      (monthFirst && MONTH_FIRST_DOLLARS) ||
      fallback || { code: "CHF", from: "budget-chat's default" }),
    signed: false,
  };
  if (!shapes?.size) return { whole: unsigned, perRow: null };
  const signs = cellsCurrency(shapes, [], opts.fallbackCurrency);
  if (signs) return { whole: signs.assumed && stored ? unsigned : { ...signs, signed: true }, perRow: null };
  const perRow = new Map<string, QifCurrency>();
  for (const shape of shapes) {
    const own = cellsCurrency([shape], [], opts.fallbackCurrency);
    if (own) perRow.set(shape, own.assumed && stored ? unsigned : { ...own, signed: true });
  }
  return { whole: unsigned, perRow };
}

/** What each currency was taken from, for how many rows (of which accounts, when the file has several). */
function currencyNotes(used: readonly { currency: QifCurrency; rows: number; accounts: ReadonlySet<string | null> }[]): string[] {
  return used.map(({ currency, rows, accounts }) => {
    const of = used.length === 1 ? "every row" : `${rows} ${rows === 1 ? "row" : "rows"}${[...accounts].some(Boolean) ? ` of ${[...accounts].map((a) => a ?? "no account").join(", ")}` : ""}`;
    if (currency.lead) return `${currency.lead}: ${of === "every row" ? "every row was" : `${of} ${rows === 1 ? "was" : "were"}`} taken as ${currency.code} (${currency.from})`;
    return `the currency ${currency.code} (from ${currency.from}) for ${of}${currency.signed ? "" : " (QIF names none)"}`;
  });
}

function readQif(text: string, opts: ReadOptions): Statement {
  const { fileName } = opts;
  // First pass: the file's date order and decimal mark.
  let dmy = 0;
  let mdy = 0;
  let firstDmy = 0;
  let firstMdy = 0;
  let dotted = 0;
  const decimals = new DecimalVotes();
  /** Per account as listed (null: before any !Account block): the shapes of its amounts written with a currency. */
  const markedAmounts = new Map<string | null, Set<string>>();
  let payments = 0;
  const { accounts: named, lists, investmentAt } = forEachRecord(text, (r) => {
    if (r.investment) return;
    payments++;
    const d = dateParts(r.fields.get("D")?.[0] ?? "");
    if (d && !d.iso) {
      if (d.dots && !d.apostrophe) dotted++;
      if (d.a > 12) (dmy++, (firstDmy ||= r.line));
      else if (d.b > 12) (mdy++, (firstMdy ||= r.line));
    }
    const amount = (r.fields.get("T") ?? r.fields.get("U"))?.[0]?.trim() ?? "";
    decimals.add(amount);
    // An amount written with its currency ("T-£42.18"): its shape kept (digits as 0), a few for the whole file.
    if (/[^\d\s.,+\-()]/.test(asciiMinus(amount))) markedAmounts.set(r.account, (markedAmounts.get(r.account) ?? new Set()).add(amountShape(amount)));
  });
  if (dmy > 0 && mdy > 0) {
    throw new ImportInputError(`${fileName}: line ${Math.max(firstDmy, firstMdy)}: the dates are day-first in some records (line ${firstDmy}) and month-first in others (line ${firstMdy}); the file cannot be read unambiguously`);
  }
  // A file of investment accounts only is refused; in Quicken's export of all accounts, their records are skipped.
  if (investmentAt && payments === 0) throw new ImportInputError(`${fileName}: line ${investmentAt}: an investment account (!Type:Invst) is not read; export the bank or card account`);
  const dg = decimals.result();
  const amountOf = fileAmounts(dg);
  const decimal: Decimal | null = "decimal" in dg ? dg.decimal : null;
  // No date decides: Quicken's month-first, but day-first beside decimal commas (no country writes 1.234,56 month-first)
  // and for dates with dots (Europe's 03.11.25; a month-first file with dots shows a day above 12 soon enough).
  const dayFirstBy = decimal === "," ? "the decimal comma of the amounts is written" : dotted > 0 ? "dates with dots are written in Europe" : null;
  const order: DateOrder = dmy > 0 ? "DMY" : mdy > 0 ? "MDY" : dayFirstBy ? "DMY" : "MDY";
  const override = opts.accountOverride?.trim() || null;
  // The statement's account when the file names one (or the user did); rows keep the one they are listed under.
  const account = override ?? (named.length === 1 ? named[0]! : null);
  // Each account's currency on its own: a file of all accounts may hold a franc account beside a UK card (review of
  // r4-qa22: the card's £ signs were applied to the franc account's rows, over its stored francs).
  const rowAccountOf = (listed: string | null) => override ?? listed ?? account;
  const marksOf = new Map<string | null, Set<string>>();
  for (const [listed, shapes] of markedAmounts) {
    const key = rowAccountOf(listed);
    marksOf.set(key, new Set([...(marksOf.get(key) ?? []), ...shapes]));
  }
  const currencies = new Map<string | null, AccountCurrency>();
  const currencyOf = (rowAccount: string | null, rawAmount: string): QifCurrency => {
    let decided = currencies.get(rowAccount);
    if (!decided) currencies.set(rowAccount, (decided = accountCurrency(rowAccount, marksOf.get(rowAccount), opts, mdy > 0)));
    if (!decided.perRow) return decided.whole;
    return decided.perRow.get(amountShape(rawAmount)) ?? decided.whole;
  };

  const flip = opts.flipSigns ? -1 : 1;
  const rows = new RowTable();
  const out = opts.sink ?? rows;
  const badRows: BadRow[] = [];
  const skipped: SkippedLine[] = [];
  let dataLines = 0;
  const perAccount = new Map<string, { account: string | null; currency: string; entries: number; cents: number }>();
  /** Rows per currency and where it came from, for the notes. */
  const used = new Map<string, { currency: QifCurrency; rows: number; accounts: Set<string | null> }>();
  let ambiguous = false;
  /** The accounts a record was read for so far: an account's first record may state its starting balance. */
  const recordsOf = new Set<string | null>();
  forEachRecord(text, (r) => {
    dataLines++;
    const line = r.line;
    if (r.investment) return void skipped.push({ line, reason: "a record of an investment account (!Type:Invst): securities are not read, only bank and card accounts" });
    const get = (c: string) => r.fields.get(c)?.[0]?.trim() ?? "";
    const payee = cleanText(oneLine(get("P")));
    const category = get("L");
    const owner = rowAccountOf(r.account);
    const firstOfAccount = !recordsOf.has(owner);
    recordsOf.add(owner);
    // Quicken writes an account's opening balance as its first record, payee "Opening Balance", category the account
    // itself (L[Checking]); YNAB as payee "Starting Balance" with its money to budget ("Income:Available this month"; it
    // was booked as income, QA round 4, pass 22). Only the account's first record, or one naming the account itself, is
    // one: later such payees are payments (review of r4-qa22: a transfer of 500.00 with payee "Opening Balance" was lost).
    const balanceWord = /^(opening|starting) balance$/i.exec(payee)?.[1]?.toLowerCase();
    if (balanceWord && (firstOfAccount || (owner !== null && category === `[${owner}]`))) {
      const stated = get("T") || get("U");
      return void skipped.push({ line, reason: `the account's ${balanceWord} balance${stated ? ` of ${stated}` : ""} (payee ${payee}${category ? `, category ${category}` : ""}): a balance, not a payment` });
    }
    // Quicken voids a payment by writing **VOID** before its payee (and 0.00 as its amount), and keeps it as a record.
    if (payee.startsWith("**VOID**")) {
      const amount = get("T") || get("U");
      const stated = amount && !/^[-+]?0*([.,]0*)?$/.test(amount) ? `, amount ${amount}` : "";
      return void skipped.push({ line, reason: `a voided transaction (payee ${payee}${stated}): it moved no money` });
    }
    const rawDate = get("D");
    if (!rawDate) return void badRows.push({ line, reason: "no date (D)" });
    const d = dateParts(rawDate);
    const date = d ? toIso(d, order) : null;
    if (!date) return void badRows.push({ line, reason: `date D "${rawDate}" is not a real date` });
    if (d && !d.iso && d.a <= 12 && d.b <= 12 && dmy === 0 && mdy === 0) ambiguous = true;
    const rawAmount = get("T") || get("U");
    if (!rawAmount) return void badRows.push({ line, reason: "no amount (T)" });
    const read = amountOf(rawAmount);
    if (!("value" in read)) return void badRows.push({ line, reason: `amount T "${rawAmount}" ${read.why}` });
    const amount = read.value;
    const memo = cleanText(oneLine(get("M")));
    const facts: TransactionFacts = {};
    if (payee) facts.counterparty = payee;
    if (memo) facts.purpose = memo;
    const number = get("N");
    if (number) facts.reference = cleanText(number);
    // The text a record was identified by before one without payee, memo and category had a description of its own.
    const idText = joinTexts([payee, memo]) || cleanText(category);
    const signed = flip * amount;
    const description = idText || unnamedDescription(r, signed);
    const rowAccount = override ?? r.account;
    const currency = currencyOf(owner, rawAmount);
    const usedKey = `${currency.code}\u0000${currency.from}`;
    const use = used.get(usedKey) ?? { currency, rows: 0, accounts: new Set() };
    use.rows++;
    use.accounts.add(owner);
    used.set(usedKey, use);
    const sumsKey = `${rowAccount ?? ""}\u0000${currency.code}`;
    const sums = perAccount.get(sumsKey) ?? { account: rowAccount, currency: currency.code, entries: 0, cents: 0 };
    sums.entries++;
    sums.cents += cents(signed);
    perAccount.set(sumsKey, sums);
    out.add({ line, date, amount: signed === 0 ? 0 : signed, currency: currency.code, description, idText, reference: null, account: rowAccount, facts, ...(r.card ? { card: true as const } : {}) });
  });
  if (dataLines === 0 && lists.length === 0) throw new ImportInputError(`${fileName}: the QIF file holds no transactions (no !Type:Bank, CCard, Cash or Oth section with records)`);
  const notes = currencyNotes([...used.values()]);
  // A file with no row says what an unsigned account would be in, as before.
  if (used.size === 0) notes.push(currencyNotes([{ currency: currencyOf(account, ""), rows: 0, accounts: new Set([account]) }])[0]!);
  if (ambiguous) {
    const why = order === "DMY" ? `day-first, as ${dayFirstBy}` : "month-first, as Quicken writes them";
    notes.push(`every date fits both day-first and month-first: read ${why} (use the statement's own dates to check)`);
  }
  if ("conflict" in dg) notes.push("the amounts are written with both decimal marks (1,234.56 and 1.234,56): each read by the mark it shows");
  if (lists.length) notes.push(`lists that are no transactions (${lists.map((l) => `!Type:${l}`).join(", ")}) were passed over`);
  const reconciliation = [...perAccount.values()].map((t) => reconcile({ account: t.account, currency: t.currency, opening: null, closing: null, entries: t.entries, entriesCents: t.cents, basis: "QIF states no balances" }));
  return { format: "qif", accounts: named, layout: null, account, rows, badRows, skipped, reconciliation, dataLines, notes, invertedByBalance: false };
}

export const qifReader: StatementReader = {
  id: "qif",
  name: "QIF (Quicken)",
  label: "QIF (`!Type:Bank`, `!Type:CCard`, `Cash`, `Oth A`/`Oth L`)",
  recognisedBy: "its `!Type:` (or `!Account`, `!Option`) line",
  idRule: "`h:` + SHA-256 of account, date, amount, currency, text",
  extensions: [".qif"],
  mimeTypes: ["application/qif", "application/x-qif"],
  // Comment lines ("# …") before the first "!" line are passed over (quiffen's test files start with them; QA round 4, pass 22).
  identify: (head) => /^(?:#[^\r\n]*[\r\n]+\s*)*!(type:|account|option:|clear:)/i.test(head),
  read: readQif,
};
