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
import { headerTier, normaliseHeader } from "./csv-words.ts";
import type { CsvRecord } from "./delimited.ts";
import type { DateFormat } from "./types.ts";
import { ORDER_OF_FORMAT, type DateOrder, type Decimal } from "./values.ts";

/** A column by its header, exactly as written; several spellings when the bank's exports differ ("N° de transaction" or "No de transaction"). */
export type ColumnName = string | readonly string[];

const spellings = (c: ColumnName): readonly string[] => (typeof c === "string" ? [c] : c);

/** How a layout's amounts say which way the money went. */
export type MoneyColumns =
  /** Two columns, one filled per row; either may be written with or without a minus. */
  | { debit: ColumnName; credit: ColumnName }
  /** One amount column, signed as written, or given its sign by an indicator column (which wins over any sign in the cell). */
  | { amount: ColumnName; indicator?: ColumnName };

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
  /** What the bank writes the file in (decoding itself is decided from the bytes; documented and tested per layout). */
  encoding: "utf-8" | "windows-1252";
  delimiter: ";" | "," | "\t" | "|";
  /** The notations of its date columns (several when the bank mixes them, tried in order). */
  dates: readonly DateFormat[];
  decimal: Decimal;
  /** The column a row is dated by (the booking date, or the pipeline's trade date for UBS). */
  date: ColumnName;
  /** An empty date takes the previous row's (UBS: standing orders). */
  emptyDateTakesPrevious?: boolean;
  valueDate?: ColumnName;
  money: MoneyColumns;
  /** Card exports that write purchases positive and payments to the card negative: turned to money out / in. */
  purchasesPositive?: boolean;
  /**
   * The currency column, with the layout's currency for its empty cells; or one currency for every row. Absent: a
   * column headed with a currency word ("Devise", "Währung", "Currency"…) when the file has one, else the file's own
   * (its header, preamble, IBAN country), else the data's main currency.
   */
  currency?: { column: ColumnName; fallback?: string } | { fixed: string };
  /** A running balance after each row: checks every row's sign and amount (SPEC §10.1). */
  balance?: ColumnName;
  /** The bank's transaction id → transaction_id; or (UBS card) a hash of raw cells, as the pipeline makes it. */
  reference?: ColumnName | HashedReference;
  /**
   * raw_description: these columns joined with " · " without repeats; `asIs`: the first column's
   * text exactly as written (UBS: the pipeline's own raw_description).
   */
  description: { columns: readonly ColumnName[]; asIs?: boolean };
  /** Facts for transaction_details. */
  counterparty?: ColumnName;
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
  /** The account: preamble labels (the value in the cell after the label), tried in order; or row columns, tried in order. */
  account?: { preamble?: readonly string[]; columns?: readonly ColumnName[] };
  /** Other date columns that must hold real dates (a row where one does not is a bad row). */
  checkDates?: readonly ColumnName[];
  /** Lines that are no transaction of their own, with the reason the preview shows. */
  skip?: readonly { column: ColumnName; empty?: true; contains?: string; reason: string }[];
  /** A user's layout: every amount the other way round (the mapping screen's "Flip signs"), before the user's own override. */
  flipSigns?: boolean;
};

/** Column indexes, per direction where the other party's column depends on it (payee for money out, payer for money in). */
export type ByDirection = { out: readonly number[]; in: readonly number[] };

/** A layout resolved against one file's header: what csv-rows.ts reads with. */
export type ColumnPlan = {
  /** The layout's id, "guessed" (from header words) or "mapping" (the user's columns). */
  layout: string;
  format: string;
  names: readonly string[];
  date: number;
  emptyDateTakesPrevious: boolean;
  dateOrders: readonly DateOrder[];
  valueDate: number | null;
  money: { kind: "split"; debit: number; credit: number } | { kind: "signed"; amount: number } | { kind: "indicator"; amount: number; indicator: number };
  purchasesPositive: boolean;
  decimal: Decimal;
  currency: number | null;
  /** For rows without a currency cell: the currency and where it came from ("the layout", "the IBAN's country", …). */
  defaultCurrency: { code: string; from: string } | null;
  balance: number | null;
  reference: { column: number } | { fnv1a64: readonly number[]; prefix: string } | null;
  description: ByDirection;
  descriptionAsIs: boolean;
  /** The round-3 description's columns (the content-hash id's input), or null: the description itself. */
  idText: ByDirection | null;
  counterparty: ByDirection;
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
  checkDates: readonly { column: number; orders: readonly DateOrder[] }[];
  skip: readonly { column: number; empty?: true; contains?: string; reason: string }[];
};

type HashedReference = { fnv1a64: readonly ColumnName[]; prefix: string };
const isHashed = (r: NonNullable<BankLayout["reference"]>): r is HashedReference => typeof r === "object" && !Array.isArray(r);

const both = (cols: readonly number[]): ByDirection => ({ out: cols, in: cols });

/** The column a header names the currency with, by its exact word ("Devise", "Währung", …), or null. */
function currencyColumnByWords(header: CsvRecord): number | null {
  const i = header.fields.findIndex((f) => headerTier(normaliseHeader(f), "currency") === 0);
  return i < 0 ? null : i;
}

/** Does this header row carry the layout's identifying cells? */
export function headerMatches(layout: BankLayout, fields: readonly string[]): boolean {
  const cells = new Set(fields.map((f) => f.trim()));
  return layout.header.every((h) => spellings(h).some((name) => cells.has(name)));
}

/**
 * The layout's columns as indexes in this header. The columns a row cannot be read without (the
 * header's, the date, the money, the currency, the id, the description, the skip rules') must be
 * there, else the file is refused naming them; the others (balance, value date, facts, accounts)
 * are read when present.
 */
export function resolveLayout(layout: BankLayout, header: CsvRecord, fileName: string): ColumnPlan {
  const index = new Map<string, number>();
  header.fields.forEach((name, i) => {
    const key = name.trim();
    if (!index.has(key)) index.set(key, i);
  });
  const missing = new Set<string>();
  const find = (c: ColumnName) => spellings(c).map((name) => index.get(name)).find((i) => i !== undefined);
  const col = (c: ColumnName) => {
    const i = find(c);
    if (i === undefined) missing.add(spellings(c).join('" or "'));
    return i ?? -1;
  };
  const opt = (c: ColumnName | undefined) => (c === undefined ? null : (find(c) ?? null));
  const orders = layout.dates.map((f) => ORDER_OF_FORMAT[f]);
  const m = layout.money;
  const money: ColumnPlan["money"] =
    "debit" in m
      ? { kind: "split", debit: col(m.debit), credit: col(m.credit) }
      : m.indicator
        ? { kind: "indicator", amount: col(m.amount), indicator: col(m.indicator) }
        : { kind: "signed", amount: col(m.amount) };
  const description = layout.description.columns.map(col);
  const plan: ColumnPlan = {
    layout: layout.id,
    format: layout.format ?? "csv",
    names: header.fields.map((f) => f.trim()),
    date: col(layout.date),
    emptyDateTakesPrevious: layout.emptyDateTakesPrevious === true,
    dateOrders: orders,
    valueDate: opt(layout.valueDate),
    money,
    purchasesPositive: layout.purchasesPositive === true,
    decimal: layout.decimal,
    currency: layout.currency && "column" in layout.currency ? col(layout.currency.column) : layout.currency ? null : currencyColumnByWords(header),
    defaultCurrency: !layout.currency
      ? null
      : "fixed" in layout.currency
        ? { code: layout.currency.fixed, from: `the ${layout.bank} layout` }
        : layout.currency.fallback
          ? { code: layout.currency.fallback, from: `the ${layout.bank} layout` }
          : null,
    balance: opt(layout.balance),
    reference:
      layout.reference === undefined
        ? null
        : isHashed(layout.reference)
          ? { fnv1a64: layout.reference.fnv1a64.map(col), prefix: layout.reference.prefix }
          : { column: col(layout.reference) },
    description: both(description),
    descriptionAsIs: layout.description.asIs === true,
    idText: null,
    counterparty: both([opt(layout.counterparty)].filter((i): i is number => i !== null)),
    purpose: (layout.purpose ?? []).map(opt).filter((i): i is number => i !== null),
    referenceFact: layout.reference !== undefined && !isHashed(layout.reference) ? col(layout.reference) : null,
    counterpartyIban: opt(layout.counterpartyIban),
    originalAmount: opt(layout.originalAmount),
    originalCurrency: opt(layout.originalCurrency),
    exchangeRate: opt(layout.exchangeRate),
    fees: opt(layout.fees),
    detailAmount: opt(layout.detailAmount),
    sector: opt(layout.sector),
    accountColumns: (layout.account?.columns ?? []).map(opt).filter((i): i is number => i !== null),
    checkDates: (layout.checkDates ?? []).map(opt).filter((i): i is number => i !== null).map((column) => ({ column, orders })),
    skip: (layout.skip ?? []).map((s) => ({ ...s, column: col(s.column) })),
  };
  if (missing.size > 0) {
    const found = header.fields.filter((f) => f.trim() !== "").map((f) => `"${f.trim()}"`).join(", ");
    throw new ImportInputError(
      `${fileName}: line ${header.line}: the ${layout.bank} ${layout.name} header lacks ${[...missing].map((x) => `"${x}"`).join(", ")} (found ${found})`,
    );
  }
  return plan;
}
