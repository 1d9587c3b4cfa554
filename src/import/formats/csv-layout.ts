/**
 * A bank's CSV layout, as data (SPEC §10.1 "Bank layouts need no flags"): what one bank's export
 * looks like — the header that identifies it, encoding, delimiter, date and decimal notation, how
 * its amounts carry their sign, its currency, the columns that describe a payment, its balance
 * column. One small file per layout in `layouts/`, listed in `layouts/index.ts`; the CSV readers
 * (csv.ts) recognise a file by its header and read it with csv-rows.ts. A file of no known layout
 * has its columns guessed from their header words (csv-guess.ts), which yields the same resolved
 * shape (`ColumnPlan`), as the user's column mapping does.
 */
import { ImportInputError } from "../../core/errors.ts";
import type { AppExport } from "./app-exports.ts";
import { columnName, headerTier, normaliseHeader, notTheCurrency } from "./csv-words.ts";
import type { CsvRecord } from "./delimited.ts";
import type { DateOrder, Decimal } from "./values.ts";

/**
 * A column by its header; several spellings when the bank's exports differ ("N° de transaction" or "No de
 * transaction"). Compared with case, accents, spacing and punctuation aside (csv-words.ts's normaliseHeader), so a
 * re-saved or re-quoted export still matches. `{CCY}` stands for the currency code some banks put in a money
 * column's header ("Gutschrift in {CCY}", "Belastung {CCY}", "Saldo ({CCY})"): any three letters.
 */
export type ColumnName = string | readonly string[];

const spellings = (c: ColumnName): readonly string[] => (typeof c === "string" ? [c] : c);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const namePatterns = new Map<string, (norm: string) => boolean>();

/** Whether a header cell (normalised) is this spelling. */
function isNamed(spelling: string, norm: string): boolean {
  let test = namePatterns.get(spelling);
  if (!test) {
    if (!spelling.includes("{CCY}")) {
      const want = normaliseHeader(spelling);
      test = (n) => n === want;
    } else {
      const [before, after] = spelling.split("{CCY}").map((part) => normaliseHeader(part!));
      const re = new RegExp(`^${[before ? escapeRegExp(before!) : "", "[a-z]{3}", after ? escapeRegExp(after!) : ""].filter((x) => x !== "").join(" ")}$`);
      test = (n) => re.test(n);
    }
    namePatterns.set(spelling, test);
  }
  return test(norm);
}

/** The date notations layouts are written in, and the order of day, month and year each means. */
export const LAYOUT_DATE_ORDER = {
  "YYYY-MM-DD": "YMD",
  "YYYY-MM-DD HH:MM:SS": "YMD",
  YYYYMMDD: "YMD",
  "YYYY/MM/DD": "YMD",
  "DD.MM.YYYY": "DMY",
  "DD.MM.YY": "DMY",
  "DD.MM.YYYY HH:MM": "DMY",
  "DD/MM/YYYY": "DMY",
  "DD/MM/YY": "DMY",
  "DD-MM-YYYY": "DMY",
  "MM/DD/YYYY": "MDY",
} as const satisfies Record<string, DateOrder>;
export type LayoutDate = keyof typeof LAYOUT_DATE_ORDER;

/** How a layout's amounts say which way the money went. */
export type MoneyColumns =
  /** Two columns, one filled per row; either may be written with or without a minus. */
  | { debit: ColumnName; credit: ColumnName }
  /** One amount column, signed as written, or given its sign by an indicator column (which wins over any sign in the cell). */
  | { amount: ColumnName; indicator?: ColumnName }
  /**
   * One signed amount column per currency (RBC: `CAD$` and `USD$`), one filled per row: the row's currency is its
   * filled column's (a row with both filled books both, one row each).
   */
  | { byCurrency: readonly { column: ColumnName; currency: string }[] }
  /**
   * A transfer per line, from a source to a target, and a column saying which side is the account holder's (Wise's
   * transaction history: OUT books the source amount and its fee as money out, in the source currency; IN the target
   * amount as money in, in the target currency; NEUTRAL, a conversion between the holder's own balances, both, one row
   * each). `neutral` names the direction's words that mean "both sides are the holder's".
   */
  | { direction: ColumnName; out: string; in: string; neutral: string; source: SideColumns; target: SideColumns };

/** One side of a transfer: its amount, its currency and the fee charged on it (in the fee's own currency). */
export type SideColumns = { amount: ColumnName; currency: ColumnName; fee?: ColumnName; feeCurrency?: ColumnName };

/**
 * A skip rule: a line whose column is empty (and `emptyToo` as well), holds a text, or is one of some words (case aside)
 * is no transaction of its own.
 */
export type SkipRule = {
  column: ColumnName;
  empty?: true;
  emptyToo?: ColumnName;
  contains?: string;
  /** …the cell's start, lower-cased (Nordea's "Reservation …"). */
  startsWith?: string;
  equals?: readonly string[];
  /** …and only when another column is one of some words too (Wise: REFUNDED on an OUT transfer). */
  and?: { column: ColumnName; equals: readonly string[] };
  reason: string;
  /** The line states the statement's opening or closing balance (its amount and side): checked against the rows. */
  balance?: "opening" | "closing";
};

export type BankLayout = {
  /** Stable id ("ubs-account-en"): the `layout` of `--json` and of the preview. */
  id: string;
  /** The bank, as people call it ("UBS"). */
  bank: string;
  /** What export this is ("account statement, English"). */
  name: string;
  /** The reader it belongs to (`--format`); the generic "csv" reader when absent. */
  format?: "ubs-account" | "ubs-card";
  /** The header row's cells that identify the layout, each exactly as written (other columns may be there too). */
  header: readonly ColumnName[];
  /** Header cells this bank's export never has: a header with one of them is another bank's, however many cells it shares. */
  notWith?: readonly ColumnName[];
  /**
   * What the sampled rows must show besides the header (a header of common words, Nubank card's `date,title,amount`, is
   * as much another bank's): given a column's sampled cells by name, whether they are this bank's; else the generic reader
   * reads the file.
   */
  evidence?: (cells: (column: string) => readonly string[]) => boolean;
  /** What the bank writes the file in (decoding itself is decided from the bytes; documented and tested per layout). */
  encoding: "utf-8" | "utf-8-bom" | "windows-1252" | "shift_jis";
  delimiter: ";" | "," | "\t" | "|";
  /** The notations of its date columns (several when the bank mixes them, tried in order). */
  dates: readonly LayoutDate[];
  /** Its dates' times are UTC clock times: a row is booked on its day in this time zone (IANA; pytr's "Europe/Berlin"). */
  utcTimesIn?: string;
  /** The decimal mark; "per file" when the bank writes both (BancaStato: `20.000,00` in one account, `1’333.85` in another). */
  decimal: Decimal | "per file";
  /** The column a row is dated by (the booking date, or the pipeline's trade date for UBS). */
  date: ColumnName;
  /** An empty date takes the previous row's (UBS: standing orders). */
  emptyDateTakesPrevious?: boolean;
  /** The column that dates a row whose date cell is empty (UBS card: a payment or fee without a purchase date, by its booking date). */
  dateWhenEmpty?: ColumnName;
  valueDate?: ColumnName;
  money: MoneyColumns;
  /** Card exports that write purchases positive and payments to the card negative: turned to money out / in. */
  purchasesPositive?: boolean;
  /** A card account's export (a credit card's statement, whatever its signs): its rows are the card's (ParsedRow.card). */
  card?: true;
  /**
   * Split columns that each carry their own currency (Yuh: an exchange debits CHF and credits USD on one line): a
   * line with both filled in two currencies is two rows, one per leg (parts 1 and 2).
   */
  sideCurrencies?: { debit: ColumnName; credit: ColumnName };
  /** The fee is a column of its own and not in the amount (Revolut: the balance moves by Amount − Fee): the row books both. */
  feeNotInAmount?: boolean;
  /**
   * The currency column, with the layout's currency for its empty cells; or one currency for every row (a bank's
   * layout: for every row without a currency of its own, when the file has a column headed with a currency word after
   * all, "Billing Currency" too). Absent: a column headed with a currency word ("Devise", "Währung", "Currency"…) when the
   * file has one, else the file's own (its header, preamble, IBAN country), else the data's main currency.
   */
  currency?: { column: ColumnName; fallback?: string } | { fixed: string; from?: string };
  /**
   * The account's currency when nothing in the file tells it (Bank Norwegian: the rows not converted tell it, but a
   * file whose every purchase was abroad has none), with why: after the file's own, the account's earlier rows and its
   * IBAN country, before the data's main currency. `assumed`: a guess all the same (FNB's rand), whose note says how to
   * set another; `lead`: what its note says the file names instead (FNB: its account's country). `from` of a fixed
   * currency: where it came from when not the layout (FNB: the download's lines, the user).
   */
  homeCurrency?: { code: string; why: string; assumed?: true; lead?: string };
  /** A running balance after each row: checks every row's sign and amount (SPEC §10.1). */
  balance?: ColumnName;
  /**
   * The pocket a row's balance is the balance of (Revolut's Product: Current, Savings, Deposit each run a balance of their
   * own in one currency): one balance chain per pocket, their openings and closings added up for the statement's.
   */
  balancePocket?: ColumnName;
  /** The bank's transaction id → transaction_id; or (UBS card) a hash of raw cells, as the pipeline makes it. */
  reference?: ColumnName | HashedReference;
  /** A reference that is no unique id of the booking (a payment slip's, a batch's): kept as a fact only. */
  referenceFact?: ColumnName;
  /**
   * raw_description: these columns joined with " · " without repeats; `asIs`: the first column's
   * text exactly as written (UBS: the pipeline's own raw_description).
   */
  description: { columns: readonly ColumnName[]; asIs?: boolean };
  /**
   * A text column made of parts (Credit Suisse: sub-lines padded with spaces, each ended by a comma): split there, the
   * parts joined with " · " like any other texts.
   */
  textParts?: RegExp;
  /** The other party by direction (DKB: the payee of money out, the payer of money in): first in the description. */
  party?: { out: ColumnName; in: ColumnName };
  /** Facts for transaction_details. */
  counterparty?: ColumnName;
  /**
   * The counterparty column is the other party's name on every row that fills it, as CAMT's Cdtr/Dbtr (N26's "Partner
   * Name"): its rows take it as their merchant when nothing classified them (classify.ts plainMerchant, ParsedRow.named).
   * Absent: the column may hold a booking kind ("Gutschrift") or the holder's own name, and the description is the merchant.
   */
  partyNamed?: true;
  purpose?: readonly ColumnName[];
  counterpartyIban?: ColumnName;
  originalAmount?: ColumnName;
  originalCurrency?: ColumnName;
  exchangeRate?: ColumnName;
  fees?: ColumnName;
  /** A batch's detail line: this column filled and the amount columns empty (its amount is in the batch's own line). */
  detailAmount?: ColumnName;
  /** UBS card: the card-sector column the card rules read. */
  sector?: ColumnName;
  /**
   * Balances and period the preamble states, by their labels (UBS: `Opening balance:;7908.77;`, `From:;2026-01-01;`):
   * opening + the rows = closing is checked (SPEC §10.1 reconciliation). An empty value states nothing.
   */
  statedBalances?: { opening: readonly string[]; closing: readonly string[]; from: readonly string[]; until: readonly string[] };
  /**
   * The account: preamble labels (the value in the cell after the label), tried in order; or row columns, tried in order.
   * `notInIds`: columns of the holder's accounts read since the export was read by guessed columns, its rows then of no
   * account (Morgan Stanley's): their ids keep the statement's (none but a preamble's), or the one given for them
   * (ColumnPlan.accountNotInIds "none").
   */
  account?: { preamble?: readonly string[]; columns?: readonly ColumnName[]; notInIds?: true };
  /**
   * The columns the content-hash id's text was taken from when the export was read by guessed columns (the first filled
   * one, as csv-guess.ts's round-3 text): a month imported then comes back as duplicates, not as possible ones.
   */
  idText?: readonly ColumnName[];
  /**
   * Only those of the `idText` columns the generic reader took as text in this file (csv-guess.ts's round-3 text: a column
   * whose cells are mostly numbers or dates was none): ANZ NZ's References are mostly numbers in some months, and a row
   * with no Details then had no text in its id (review of r4-qa50: two such rows came back as possible duplicates).
   */
  idTextAsGuessed?: true;
  /** Other date columns that must hold real dates (a row where one does not is a bad row). */
  checkDates?: readonly ColumnName[];
  /** Lines that are no transaction of their own, with the reason the preview shows (a rule whose column the file lacks is left out). */
  skip?: readonly SkipRule[];
  /**
   * A line with text only (no date, no amount, no account) continues the text of the booking above it (Raiffeisen): its
   * text is appended to that booking's description, and the line is part of that booking, not a data line of its own.
   */
  continuationLines?: true;
  /**
   * Section titles written as lines of one cell (Schwab's older export: "Pending Transactions", then "Posted
   * Transactions"): the lines under a title with a reason are skipped with that reason, up to the next title.
   */
  sections?: readonly { title: string; skip?: string }[];
  /** A user's layout: every amount the other way round (the mapping screen's "Flip signs"), before the user's own override. */
  flipSigns?: boolean;
  /**
   * A user's layout: the account named on the Import page when it was saved. The page names it for a later file read
   * with the layout that names no account of its own, in the file's Account field, where the user sees and may change it.
   */
  savedAccount?: string;
};

/** Column indexes, per direction where the other party's column depends on it (payee for money out, payer for money in). */
export type ByDirection = { out: readonly number[]; in: readonly number[] };

/** A skip rule with its columns found in the file. */
export type SkipRuleOfPlan = { column: number; empty?: true; emptyToo?: number; contains?: string; startsWith?: string; equals?: readonly string[]; and?: { column: number; equals: readonly string[] }; reason: string; balance?: "opening" | "closing" };

/** A layout resolved against one file's header: what csv-rows.ts reads with. */
export type ColumnPlan = {
  /** The layout's id, "guessed" (from header words) or "mapping" (the user's columns). */
  layout: string;
  /** Guessed, some columns told by what they hold rather than by header words (the file's note says which): the Import page opens its mapping screen to check them. */
  byContent?: true;
  format: string;
  names: readonly string[];
  date: number;
  emptyDateTakesPrevious: boolean;
  dateWhenEmpty: number | null;
  dateOrders: readonly DateOrder[];
  /** A Japanese file's dates may be written in era years ("R03.03.01": csv-columns.ts, eraDatesIn). */
  eraDates?: true;
  /** The layout's time zone for dates written with a UTC time (BankLayout.utcTimesIn). */
  utcTimesIn?: string;
  valueDate: number | null;
  money:
    | { kind: "split"; debit: number; credit: number }
    | { kind: "signed"; amount: number }
    /** `blank`: the sign of a row whose indicator cell is empty, in a column that marks one side only (UK cards' "CR"). */
    /** `app`: its kinds are a money app's, "Expense" and "Income" (csv-signs.ts appKindMarks; 1Money's "Transfer" skipped by csv-skips.ts appTransferSkip). */
    /** `words`: its kinds are those of the app whose export the header is (app-exports.ts), read in their words only. */
    | { kind: "indicator"; amount: number; indicator: number; blank?: 1 | -1; letters?: true; numbers?: true; kinds?: true; dashes?: true; app?: true; words?: AppExport }
    | { kind: "byCurrency"; columns: readonly { column: number; currency: string }[] }
    | { kind: "direction"; direction: number; out: string; in: string; neutral: string; source: ResolvedSide; target: ResolvedSide };
  purchasesPositive: boolean;
  /** The amount column marks its credits only ("2,310.00 CR" beside "45.20"): its unmarked amounts are money out (csv-signs.ts creditsMarkedOnly). */
  unmarkedOut?: true;
  /** The layout is a card's export (BankLayout.card); see onCard. */
  card?: true;
  /** A column of the rows' kinds whose refund rows are money in whatever their written sign (Curve writes them positive, as its purchases), or null. */
  refundKind: number | null;
  /** Split columns with a currency each (BankLayout.sideCurrencies), or null. */
  sideCurrencies: { debit: number; credit: number } | null;
  feeNotInAmount: boolean;
  decimal: Decimal;
  currency: number | null;
  /** For rows without a currency cell: the currency and where it came from ("the layout", "the IBAN's country", …). */
  defaultCurrency: { code: string; from: string } | null;
  /** BankLayout.homeCurrency, with where it came from: the file's currency when nothing in the file names one. */
  homeCurrency?: { code: string; from: string; assumed?: true; lead?: string };
  balance: number | null;
  /**
   * A column of Dr/Cr marks beside the balance that say the balance's own side (Kotak's second "Dr / Cr": "7,549.00" "DR"
   * is an overdrawn −7'549.00), or absent: the balance cell's own sign.
   */
  balanceSide?: number | null;
  /**
   * The balance column is the amount owed on a card or a loan (owedBalance, csv-signs.ts): read turned round, with the
   * statement's own balance lines, so the amounts are checked as against an account's balance.
   */
  balanceOwed?: true;
  /** BankLayout.balancePocket's column; absent or null: one balance chain per account and currency. */
  balancePocket?: number | null;
  reference: { column: number } | { fnv1a64: readonly number[]; prefix: string } | null;
  description: ByDirection;
  descriptionAsIs: boolean;
  textParts: RegExp | null;
  /** The round-3 description's columns (the content-hash id's input), or null: the description itself. */
  idText: ByDirection | null;
  /** The description's columns as read when the ids were fixed (the content-hash id's input when idText is null), when later words changed it. */
  idDescription?: ByDirection;
  /** A kinds column in the description that is no booking text of the row's own (kindColumn): a row with only its kind is a balance line when its word says so. */
  kindText?: readonly number[];
  /** The date's column as read when the ids were fixed (the content-hash id's date), when a later word moved it. */
  idDate?: number;
  counterparty: ByDirection;
  /** BankLayout.partyNamed: a filled counterparty cell is the other party's name. */
  partyNamed?: true;
  /**
   * The holder's own name in a payee and payer column pair (Venmo's "To" and "From"): a row whose party column by its
   * direction holds it names the other party in the other column (a Venmo charge: From is who charged, To who paid).
   */
  holder?: { name: string; payee: number; payer: number };
  purpose: readonly number[];
  referenceFact: number | null;
  counterpartyIban: number | null;
  originalAmount: number | null;
  originalCurrency: number | null;
  exchangeRate: number | null;
  fees: number | null;
  detailAmount: number | null;
  sector: number | null;
  accountColumns: readonly number[];
  /**
   * The account column is read since the ids were fixed (csv-guess.ts oneOwnAccountColumn): the content-hash id is built
   * with the account the rows had then, the statement's (its preamble's, or none), or the one given for every row;
   * "none": the same, for a column of several accounts (BankLayout.account.notInIds, a money app's), whose rows imported
   * before under one name given for them all are found as possible duplicates (duplicates.ts, the refusal in parseText).
   */
  accountNotInIds?: true | "none";
  checkDates: readonly { column: number; orders: readonly DateOrder[] }[];
  skip: readonly SkipRuleOfPlan[];
  continuationLines: boolean;
  /** Section titles (normalised) → the reason the lines under them are skipped, or null when they are read. */
  sections: ReadonlyMap<string, string | null>;
};

/** The columns that hold a plan's amounts (not its indicator). */
/** A transfer's side in a file: column indexes (no fee column: null). */
export type ResolvedSide = { amount: number; currency: number; fee: number | null; feeCurrency: number | null };

/**
 * Whether a plan's rows are a card account's: its layout is a card's export, or the file writes its purchases positive,
 * a convention only card exports have (a layout's, or one csv-signs.ts told from the file).
 */
export function onCard(plan: Pick<ColumnPlan, "card" | "purchasesPositive">): boolean {
  return plan.card === true || plan.purchasesPositive;
}

export function moneyCells(m: ColumnPlan["money"]): number[] {
  if (m.kind === "direction") return [m.source.amount, m.target.amount];
  return m.kind === "split" ? [m.debit, m.credit] : m.kind === "byCurrency" ? m.columns.map((c) => c.column) : [m.amount];
}

type HashedReference = { fnv1a64: readonly ColumnName[]; prefix: string };
const isHashed = (r: NonNullable<BankLayout["reference"]>): r is HashedReference => typeof r === "object" && !Array.isArray(r);

const both = (cols: readonly number[]): ByDirection => ({ out: cols, in: cols });

/** The bank of a user's saved layout (user-layouts.ts), not a bank's own. */
export const YOUR_LAYOUT = "your layout";

/**
 * The column a header names the currency with, by its exact word ("Devise", "Währung", …), among the columns the layout
 * does not read otherwise, or null. With `withinHeader`,
 * a header that holds the word among others ("Billing Currency") too, but not a foreign or original amount's.
 */
function currencyColumnByWords(header: CsvRecord, used: ReadonlySet<number>, withinHeader = false): number | null {
  const norms = header.fields.map(normaliseHeader);
  const i = norms.findIndex((norm, k) => {
    if (used.has(k)) return false;
    const tier = headerTier(norm, "currency");
    return tier === 0 || (withinHeader && tier !== null && !notTheCurrency(norm, norms) && !ownAmountsCurrency(norm, norms, used));
  });
  return i < 0 ? null : i;
}

/**
 * A currency column named after an amount column the layout does not read as the money ("Transaction Currency" beside
 * "Transaction Amount", where the billed amount is the money): that amount's currency, not the row's (review of stop 46:
 * a Tesco card's pounds were booked as euros).
 */
function ownAmountsCurrency(norm: string, norms: readonly string[], read: ReadonlySet<number>): boolean {
  const stem = norm.replace(/\b(currency|ccy|wahrung|devise|valuta|moneda)\b/, "").trim();
  return stem !== "" && norms.some((n, k) => !read.has(k) && n !== norm && n.startsWith(stem) && /\b(amount|betrag|montant|importo|importe|bedrag)\b/.test(n));
}

/** A header cell is short: a longer cell (a data row's text, a 50 MB purpose) is no header and is not normalised. */
const HEADER_CELL_CHARS = 200;

/** A row's cells as header names are compared (normaliseHeader), once for every layout that is tried on the row. */
export const headerCells = (fields: readonly string[]): string[] => fields.map((f) => (f.length > HEADER_CELL_CHARS ? "" : normaliseHeader(f)));

/** Does this header row (its cells through headerCells) carry the layout's identifying cells? */
export function headerMatches(layout: BankLayout, cells: readonly string[]): boolean {
  const has = (h: ColumnName) => spellings(h).some((name) => cells.some((cell) => cell !== "" && isNamed(name, cell)));
  return layout.header.every(has) && !(layout.notWith ?? []).some(has);
}

/**
 * Does this header row (its cells through headerCells) hold a user's saved layout's header exactly: its names, in its
 * order, none more (a blank cell named by its place, "column 3", as its layout was made)? A saved layout is found by that alone (issue 32): its roles were chosen for
 * those very columns, and a file of the same names in another order, or with one more, may hold other things under
 * them. Such a file is shown on the mapping screen, prefilled (csv.ts, SavedLayoutDiffers), never read unasked.
 */
export function headerIs(layout: BankLayout, cells: readonly string[]): boolean {
  const names = layout.header.slice(0, namedLength(layout.header.map((h) => spellings(h)[0]!)));
  return namedLength(cells) === names.length && names.every((h, i) => spellings(h).some((name) => isNamed(name, cells[i]!)));
}

/**
 * How many of a header's cells come before the blank ones at its end (named by their place, "column N"): a delimiter at
 * the end of every line, which a bank or a spreadsheet adds or drops between two exports, is no column of its own (review
 * of r4-layouts: a saved layout's own bank's next file, its lines ending in ";", was refused). A role on such a column
 * is still looked for by its name, so a file without it is refused naming it.
 */
function namedLength(cells: readonly string[]): number {
  let n = cells.length;
  while (n > 0 && normaliseHeader(cells[n - 1]!) === normaliseHeader(columnName(n - 1))) n--;
  return n;
}

/**
 * The layout's columns as indexes in this header. The columns a row cannot be read without (the
 * header's, the date, the money, the currency, the id, the description, the skip rules') must be
 * there, else the file is refused naming them; the others (balance, value date, facts, accounts)
 * are read when present.
 */
export function resolveLayout(layout: BankLayout, header: CsvRecord, fileName: string): ColumnPlan {
  const norms = headerCells(header.fields);
  const missing = new Set<string>();
  // The first column of that name, for the first spelling found (a duplicated header name reads its first column).
  const find = (c: ColumnName) => {
    for (const name of spellings(c)) {
      const i = norms.findIndex((n) => isNamed(name, n));
      if (i >= 0) return i;
    }
    return undefined;
  };
  const col = (c: ColumnName) => {
    const i = find(c);
    if (i === undefined) missing.add(spellings(c).join('" or "'));
    return i ?? -1;
  };
  const opt = (c: ColumnName | undefined) => (c === undefined ? null : (find(c) ?? null));
  // The bank's id column is required when it identifies the layout, else read when the file has it (the content hash when not).
  const identifying = new Set(layout.header.flatMap((h) => spellings(h)));
  const idColumn = (c: ColumnName) => (spellings(c).some((name) => identifying.has(name)) ? col(c) : opt(c));
  const idCol = layout.reference !== undefined && !isHashed(layout.reference) ? idColumn(layout.reference) : null;
  const orders = [...new Set(layout.dates.map((f) => LAYOUT_DATE_ORDER[f]))];
  const m = layout.money;
  const side = (c: SideColumns): ResolvedSide => ({ amount: col(c.amount), currency: col(c.currency), fee: opt(c.fee), feeCurrency: opt(c.feeCurrency) });
  const money: ColumnPlan["money"] =
    "direction" in m
      ? { kind: "direction", direction: col(m.direction), out: m.out, in: m.in, neutral: m.neutral, source: side(m.source), target: side(m.target) }
      : "debit" in m
      ? { kind: "split", debit: col(m.debit), credit: col(m.credit) }
      : "byCurrency" in m
        ? { kind: "byCurrency", columns: m.byCurrency.map((c) => ({ column: col(c.column), currency: c.currency })) }
        : m.indicator
        ? { kind: "indicator", amount: col(m.amount), indicator: col(m.indicator) }
        : { kind: "signed", amount: col(m.amount) };
  // The description's columns as far as the file has them (at least one).
  const description = layout.description.columns.map(opt).filter((i): i is number => i !== null);
  if (description.length === 0) missing.add(spellings(layout.description.columns[0]!).join('" or "'));
  const party = layout.party ? { out: opt(layout.party.out), in: opt(layout.party.in) } : null;
  const byDirection = (cols: readonly number[]): ByDirection =>
    party ? { out: [...(party.out === null ? [] : [party.out]), ...cols], in: [...(party.in === null ? [] : [party.in]), ...cols] } : both(cols);
  // A currency column named twice (ING: "Saldo;Währung;Betrag;Währung"): the one after the amount is the amount's (QA
  // round 16, beancount-ing's test of a USD balance beside a EUR amount: the −500.00 EUR was booked as USD).
  const amountsCurrency = (c: ColumnName) => {
    const first = col(c);
    const amount = money.kind === "signed" || money.kind === "indicator" ? money.amount : -1;
    if (first < 0 || amount < first) return first;
    const after = norms.findIndex((n, i) => i > amount && spellings(c).some((name) => isNamed(name, n)));
    return after >= 0 ? after : first;
  };
  const whose = layout.bank === YOUR_LAYOUT ? YOUR_LAYOUT : `the ${layout.bank} layout`;
  // The columns read otherwise, none of them the currency column ("Valuta" is a currency in Italian and a value date in
  // German; a column the layout names as the purchase's own currency is never the row's: Bank Norwegian's "Currency").
  // The original amount is read too: a header naming its currency (Up's "Subtotal (Transaction Currency)") holds amounts,
  // not the row's currency (qa44: every row of an Up export was a bad row, "-4.50 is not a three-letter code").
  const readColumns = new Set([opt(layout.valueDate), opt(layout.date), opt(layout.balance), opt(layout.originalAmount), opt(layout.originalCurrency), ...moneyCells(money), ...(money.kind === "indicator" ? [money.indicator] : []), ...description].filter((i): i is number => i !== null));
  const plan: ColumnPlan = {
    layout: layout.id,
    format: layout.format ?? "csv",
    names: header.fields.map((f) => f.trim()),
    date: col(layout.date),
    emptyDateTakesPrevious: layout.emptyDateTakesPrevious === true,
    dateWhenEmpty: opt(layout.dateWhenEmpty),
    dateOrders: orders,
    ...(layout.utcTimesIn ? { utcTimesIn: layout.utcTimesIn } : {}),
    valueDate: opt(layout.valueDate),
    money,
    purchasesPositive: layout.purchasesPositive === true,
    ...(layout.card ? { card: true as const } : {}),
    refundKind: null,
    sideCurrencies: layout.sideCurrencies ? { debit: col(layout.sideCurrencies.debit), credit: col(layout.sideCurrencies.credit) } : null,
    feeNotInAmount: layout.feeNotInAmount === true,
    // "per file": decided from the file's amounts by the reader (csv.ts), "." until then.
    decimal: layout.decimal === "per file" ? "." : layout.decimal,
    // A bank's layout of one currency still reads the currency column a file has ("Currency", Tesco's "Billing Currency":
    // review of pass 18, a Lloyds or Tesco card's euros were booked as pounds); its currency is then for a row without
    // one. A user's layout keeps the user's choice (a currency for every row, the column ignored).
    currency:
      layout.currency && "column" in layout.currency
        ? amountsCurrency(layout.currency.column)
        : layout.currency && layout.bank === YOUR_LAYOUT
          ? null
          : currencyColumnByWords(header, readColumns, layout.currency !== undefined),
    defaultCurrency: !layout.currency
      ? null
      : "fixed" in layout.currency
        ? { code: layout.currency.fixed, from: layout.currency.from ?? whose }
        : layout.currency.fallback
          ? { code: layout.currency.fallback, from: whose }
          : null,
    ...(layout.homeCurrency
      ? {
          homeCurrency: {
            code: layout.homeCurrency.code,
            from: `${whose}: ${layout.homeCurrency.why}`,
            ...(layout.homeCurrency.assumed ? { assumed: true as const } : {}),
            ...(layout.homeCurrency.lead ? { lead: layout.homeCurrency.lead } : {}),
          },
        }
      : {}),
    balance: opt(layout.balance),
    balancePocket: opt(layout.balancePocket),
    reference:
      layout.reference === undefined
        ? null
        : isHashed(layout.reference)
          ? { fnv1a64: layout.reference.fnv1a64.map(col), prefix: layout.reference.prefix }
          : idCol === null
            ? null
            : { column: idCol },
    description: byDirection(description),
    descriptionAsIs: layout.description.asIs === true,
    textParts: layout.textParts ?? null,
    idText: layout.idText ? both(layout.idText.map(opt).filter((i): i is number => i !== null)) : null,
    counterparty: byDirection([opt(layout.counterparty)].filter((i): i is number => i !== null)),
    ...(layout.partyNamed ? { partyNamed: true as const } : {}),
    purpose: (layout.purpose ?? []).map(opt).filter((i): i is number => i !== null),
    referenceFact: idCol ?? opt(layout.referenceFact),
    counterpartyIban: opt(layout.counterpartyIban),
    originalAmount: opt(layout.originalAmount),
    originalCurrency: opt(layout.originalCurrency),
    exchangeRate: opt(layout.exchangeRate),
    fees: opt(layout.fees),
    detailAmount: opt(layout.detailAmount),
    sector: opt(layout.sector),
    accountColumns: (layout.account?.columns ?? []).map(opt).filter((i): i is number => i !== null),
    ...(layout.account?.notInIds ? { accountNotInIds: "none" as const } : {}),
    checkDates: (layout.checkDates ?? []).map(opt).filter((i): i is number => i !== null).map((column) => ({ column, orders })),
    skip: (layout.skip ?? []).flatMap((s) => {
      const column = opt(s.column);
      const emptyToo = s.emptyToo === undefined ? undefined : opt(s.emptyToo);
      const and = s.and === undefined ? undefined : { column: col(s.and.column), equals: s.and.equals };
      return column === null || emptyToo === null ? [] : [{ ...s, column, emptyToo, and }];
    }),
    continuationLines: layout.continuationLines === true,
    sections: new Map((layout.sections ?? []).map((x) => [normaliseHeader(x.title), x.skip ?? null])),
  };
  if (missing.size > 0) {
    const found = header.fields.filter((f) => f.trim() !== "").map((f) => `"${f.trim()}"`).join(", ");
    throw new ImportInputError(
      `${fileName}: line ${header.line}: the ${layout.bank} ${layout.name} header lacks ${[...missing].map((x) => `"${x}"`).join(", ")} (found ${found})`,
    );
  }
  return plan;
}

/** The reason a line is skipped by one of the layout's skip rules (its cells), or null. */
export function skipRuleReason(plan: ColumnPlan, fields: readonly string[]): string | null {
  return skipRuleOf(plan, fields)?.reason ?? null;
}

/** The first skip rule a line meets, or null. */
export function skipRuleOf(plan: ColumnPlan, fields: readonly string[]): SkipRuleOfPlan | null {
  for (const rule of plan.skip) {
    const v = fields[rule.column] ?? "";
    if (rule.and && !rule.and.equals.includes((fields[rule.and.column] ?? "").trim().toLowerCase())) continue;
    if ((rule.empty && v.trim() === "" && (rule.emptyToo === undefined || (fields[rule.emptyToo] ?? "").trim() === "")) || (rule.contains !== undefined && v.includes(rule.contains)) || (rule.startsWith !== undefined && v.trim().toLowerCase().startsWith(rule.startsWith)) || (rule.equals && rule.equals.includes(v.trim().toLowerCase()))) return rule;
  }
  return null;
}
