/**
 * A statement's rows, stored by column: a million rows of objects cost ~300 bytes each, by
 * column ~100 (numbers in plain arrays, which the engine keeps unboxed; currencies and accounts
 * as indexes into short tables; a fact column only once some row has that fact). Readers add
 * ParsedRow objects one at a time; `row(i)` gives one back. The same columns cross from the parse
 * worker to the server in chunks (`toChunk`/`appendChunk`), so no side ever holds two copies of a
 * large statement at once (SPEC §13.1: memory per preview ≤ 3× the file + 100 MB).
 */
import { dayToIso, parseDay } from "../../ledger/calendar.ts";
import { Recent } from "./recent.ts";

/** The facts a row carries besides its figures (SPEC §10.1 `transaction_details`); every field optional. */
export type TransactionFacts = {
  counterparty?: string;
  counterpartyIban?: string;
  purpose?: string;
  /** End-to-end id, QR/ESR reference, the bank's transaction number. */
  reference?: string;
  valueDate?: string;
  originalAmount?: number;
  originalCurrency?: string;
  exchangeRate?: number;
  fees?: number;
  /** The running balance after this row, as the file states it. */
  balanceAfter?: number;
};

/**
 * Another row of the same file that a row may repeat, where the reader cannot tell whether the file holds one booking
 * twice or two alike (the same entry in two statements whose balances do not tell): that row's line (the reader's
 * ordinal), day and text, and why. The import offers the row as a possible duplicate of it (SPEC §10.1): the user decides.
 */
export type RepeatOf = { line: number; date: string; description: string; reason: string };

export type ParsedRow = {
  /** The file's line number (CSV), or the XML element's 1-based ordinal (CAMT Ntry, OFX STMTTRN). */
  line: number;
  /** The part of a split CAMT batch (1-based); absent for every other row. */
  part?: number;
  /** Booking date YYYY-MM-DD (UBS files: the pipeline's date, the trade / purchase date). */
  date: string;
  /** Negative = money out. */
  amount: number;
  /** ISO code, trimmed, upper case. */
  currency: string;
  /** What becomes raw_description (SPEC §10.1: counterparty and purpose joined with " · "; UBS: the pipeline's). */
  description: string;
  /**
   * The text the content-hash id (`h:`) is built from: the round-3 description, kept so that a file
   * imported before round 4 is still recognised as imported (SPEC §10.1).
   */
  idText: string;
  /** The date the content-hash id is built from, when not the row's (the date column as read when the ids were fixed). */
  idDate?: string;
  /** The bank's id as transaction_id per SPEC §10, null when the format has none. */
  reference: string | null;
  /** IBAN / card number / OFX account id found in the file (or the override), else null. */
  account: string | null;
  /** The account the content-hash id is built from, when not the row's (a column of the own account read since the ids were fixed: none then). */
  idAccount?: string | null;
  /** UBS card files: the Sector column, for the card-sector rules. */
  sector?: string;
  /**
   * The counterparty fact is the other party's name as the format states it (CAMT Cdtr/Dbtr, MT940's name subfields,
   * OFX NAME): what an unclassified row takes as merchant. A CSV's counterparty column is not (UBS maps its first text
   * column there, "Gutschrift"; a guessed layout may map the holder's own payer column), unless its bank layout says
   * its column is the other party's name (BankLayout.partyNamed: N26's Partner Name, Sparkasse's Beguenstigter).
   */
  named?: true;
  /**
   * The row is a card account's (a card layout, OFX CCSTMTRS, QIF !Type:CCard): money in on it may be the holder paying
   * the card off from another own account (card-payments.ts), no income.
   */
  card?: true;
  /** The row of the same file this one may repeat (RepeatOf); absent for nearly every row. */
  repeats?: RepeatOf;
  facts: TransactionFacts;
};

const FACT_KEYS = [
  "counterparty",
  "counterpartyIban",
  "purpose",
  "reference",
  "valueDate",
  "originalAmount",
  "originalCurrency",
  "exchangeRate",
  "fees",
  "balanceAfter",
] as const satisfies readonly (keyof TransactionFacts)[];
export type FactKey = (typeof FACT_KEYS)[number];

/** Each fact's column in transaction_details. */
export const FACT_COLUMNS: Record<FactKey, string> = {
  counterparty: "counterparty",
  counterpartyIban: "counterparty_iban",
  purpose: "purpose",
  reference: "reference",
  valueDate: "value_date",
  originalAmount: "original_amount",
  originalCurrency: "original_currency",
  exchangeRate: "exchange_rate",
  fees: "fees",
  balanceAfter: "balance_after",
};

/** The columns as plain data: what a chunk is when it crosses to another thread. */
export type RowChunk = {
  line: number[];
  part: number[];
  /** 1: the row's counterparty is a stated name (ParsedRow.named). */
  named: number[];
  /** 1: the row is a card account's (ParsedRow.card). */
  card: number[];
  day: number[];
  amount: number[];
  currency: number[];
  account: number[];
  description: string[];
  /** Absent (a hole) when equal to the description. */
  idText: (string | undefined)[];
  /** Absent (a hole) when equal to the date. */
  idDay: (number | undefined)[];
  /** Absent (a hole) when the account is the row's; else its index in `accounts`. */
  idAccount: (number | undefined)[];
  reference: (string | null)[];
  sector: (string | undefined)[] | null;
  facts: Partial<Record<FactKey, unknown[]>>;
  /** The rows that may repeat another of the file, by their index in the chunk. */
  repeats: [number, RepeatOf][];
  currencies: string[];
  accounts: (string | null)[];
};

/** Whether an object has any key of its own (without making a list of them). */
function hasKeys(o: object): boolean {
  for (const _ in o) return true;
  return false;
}

/** Dates as days (rows repeat their dates: each is converted once). */
const DAYS = new Recent(parseDay);

export class RowTable {
  private line: number[] = [];
  private part: number[] = [];
  private named: number[] = [];
  private card: number[] = [];
  private day: number[] = [];
  private amounts: number[] = [];
  private currency: number[] = [];
  private account: number[] = [];
  private description: string[] = [];
  private idText: (string | undefined)[] = [];
  private idDay: (number | undefined)[] = [];
  private idAccount: (number | undefined)[] = [];
  private reference: (string | null)[] = [];
  private sector: (string | undefined)[] | null = null;
  private facts: Partial<Record<FactKey, unknown[]>> = {};
  /** RepeatOf by row index: few rows have one. */
  private repeats = new Map<number, RepeatOf>();
  private currencies: string[] = [];
  private currencyIndex = new Map<string, number>();
  private accounts: (string | null)[] = [];
  private accountIndex = new Map<string | null, number>();

  get length(): number {
    return this.line.length;
  }

  add(r: ParsedRow): void {
    const i = this.line.length;
    this.line.push(r.line);
    this.part.push(r.part ?? 0);
    this.named.push(r.named ? 1 : 0);
    this.card.push(r.card ? 1 : 0);
    const day = DAYS.get(r.date);
    if (day === null) throw new Error(`row of line ${r.line}: "${r.date}" is not a YYYY-MM-DD date`);
    this.day.push(day);
    this.amounts.push(r.amount);
    this.currency.push(this.indexOf(this.currencyIndex, this.currencies, r.currency, this.currency));
    this.account.push(this.indexOf(this.accountIndex, this.accounts, r.account, this.account));
    this.description.push(r.description);
    this.idText.push(r.idText === r.description ? undefined : r.idText);
    const idDay = r.idDate === undefined ? null : DAYS.get(r.idDate);
    this.idDay.push(idDay === null || idDay === day ? undefined : idDay);
    this.idAccount.push(r.idAccount === undefined || r.idAccount === r.account ? undefined : this.indexOf(this.accountIndex, this.accounts, r.idAccount));
    this.reference.push(r.reference);
    if (r.sector !== undefined) (this.sector ??= new Array(i)).push(r.sector);
    else this.sector?.push(undefined);
    if (r.repeats) this.repeats.set(i, r.repeats);
    // (A row without facts in a table without fact columns, a plain CSV's every row, has nothing to add here.)
    if (!hasKeys(r.facts) && !hasKeys(this.facts)) return;
    for (const k of FACT_KEYS) {
      const v = r.facts[k];
      const col = this.facts[k];
      if (v !== undefined) (this.facts[k] ??= new Array(i)).push(v);
      else col?.push(undefined);
    }
  }

  /** `value`'s index in `list`; `column`: the rows' indexes so far, whose last is usually the answer (one statement, one currency). */
  private indexOf<T>(index: Map<T, number>, list: T[], value: T, column?: readonly number[]): number {
    const previous = column?.[column.length - 1];
    if (previous !== undefined && list[previous] === value) return previous;
    let k = index.get(value);
    if (k === undefined) {
      k = list.length;
      list.push(value);
      index.set(value, k);
    }
    return k;
  }

  row(i: number): ParsedRow {
    const facts: TransactionFacts = {};
    for (const k of FACT_KEYS) {
      const v = this.facts[k]?.[i];
      if (v !== undefined) (facts as Record<string, unknown>)[k] = v;
    }
    const r: ParsedRow = {
      line: this.line[i]!,
      date: this.date(i),
      amount: this.amounts[i]!,
      currency: this.currencies[this.currency[i]!]!,
      description: this.description[i]!,
      idText: this.idText[i] ?? this.description[i]!,
      reference: this.reference[i]!,
      account: this.accounts[this.account[i]!]!,
      facts,
    };
    if (this.part[i]) r.part = this.part[i];
    if (this.idDay[i] !== undefined) r.idDate = dayToIso(this.idDay[i]!);
    if (this.idAccount[i] !== undefined) r.idAccount = this.accounts[this.idAccount[i]!]!;
    if (this.named[i]) r.named = true;
    if (this.card[i]) r.card = true;
    const sector = this.sector?.[i];
    if (sector !== undefined) r.sector = sector;
    const repeats = this.repeats.get(i);
    if (repeats) r.repeats = repeats;
    return r;
  }

  // Single columns, for loops over every row that need one or two fields (ids, sums, duplicates).
  lineOf(i: number): number {
    return this.line[i]!;
  }
  date(i: number): string {
    return dayToIso(this.day[i]!);
  }
  amount(i: number): number {
    return this.amounts[i]!;
  }
  currencyOf(i: number): string {
    return this.currencies[this.currency[i]!]!;
  }
  accountOf(i: number): string | null {
    return this.accounts[this.account[i]!]!;
  }
  descriptionOf(i: number): string {
    return this.description[i]!;
  }
  idTextOf(i: number): string {
    return this.idText[i] ?? this.description[i]!;
  }
  idDateOf(i: number): string {
    return dayToIso(this.idDay[i] ?? this.day[i]!);
  }
  /** The account the content-hash id is built from when not the row's (ParsedRow.idAccount), else undefined. */
  idAccountOf(i: number): string | null | undefined {
    const k = this.idAccount[i];
    return k === undefined ? undefined : this.accounts[k]!;
  }
  referenceOf(i: number): string | null {
    return this.reference[i]!;
  }
  /** Whether the row's counterparty fact is the other party's name as its format states it (ParsedRow.named). */
  namedParty(i: number): boolean {
    return this.named[i] === 1;
  }
  /** Whether the row is a card account's (ParsedRow.card). */
  onCard(i: number): boolean {
    return this.card[i] === 1;
  }
  sectorOf(i: number): string | undefined {
    return this.sector?.[i];
  }
  /** The row of the same file this one may repeat (ParsedRow.repeats), or undefined. */
  repeatsOf(i: number): RepeatOf | undefined {
    return this.repeats.get(i);
  }
  factOf<K extends FactKey>(i: number, key: K): TransactionFacts[K] {
    return this.facts[key]?.[i] as TransactionFacts[K];
  }

  /** The facts some row of the table has (the others are absent from every row), in FACT_KEYS' order. */
  factKeys(): FactKey[] {
    return FACT_KEYS.filter((k) => this.facts[k] !== undefined);
  }

  /** Every amount the other way round (a file whose balance column says its signs are inverted, or --flip-signs). */
  negateAmounts(): void {
    for (let i = 0; i < this.amounts.length; i++) this.amounts[i] = this.amounts[i] === 0 ? 0 : -this.amounts[i]!;
  }

  /** Every row's account replaced (`--account NAME`). */
  setAccount(account: string): void {
    this.accounts = [account];
    this.accountIndex = new Map([[account, 0]]);
    this.account.fill(0);
    // (The account given is every row's id account too, as it was before any column of the own account was read.)
    this.idAccount.fill(undefined);
  }

  toArray(): ParsedRow[] {
    const out: ParsedRow[] = [];
    for (let i = 0; i < this.length; i++) out.push(this.row(i));
    return out;
  }

  /** Rows [from, to) as plain columns (for postMessage); the receiving side appends them with appendChunk. */
  toChunk(from: number, to: number): RowChunk {
    const facts: RowChunk["facts"] = {};
    for (const k of FACT_KEYS) if (this.facts[k]) facts[k] = this.facts[k]!.slice(from, to);
    return {
      line: this.line.slice(from, to),
      part: this.part.slice(from, to),
      named: this.named.slice(from, to),
      card: this.card.slice(from, to),
      day: this.day.slice(from, to),
      amount: this.amounts.slice(from, to),
      currency: this.currency.slice(from, to),
      account: this.account.slice(from, to),
      description: this.description.slice(from, to),
      idText: this.idText.slice(from, to),
      idDay: this.idDay.slice(from, to),
      idAccount: this.idAccount.slice(from, to),
      reference: this.reference.slice(from, to),
      sector: this.sector ? this.sector.slice(from, to) : null,
      facts,
      repeats: [...this.repeats].filter(([i]) => i >= from && i < to).map(([i, r]) => [i - from, r]),
      currencies: this.currencies,
      accounts: this.accounts,
    };
  }

  appendChunk(c: RowChunk): void {
    const start = this.length;
    const cur = c.currencies.map((code) => this.indexOf(this.currencyIndex, this.currencies, code));
    const acc = c.accounts.map((a) => this.indexOf(this.accountIndex, this.accounts, a));
    for (let k = 0; k < c.line.length; k++) {
      this.line.push(c.line[k]!);
      this.part.push(c.part[k]!);
      this.named.push(c.named[k]!);
      this.card.push(c.card[k]!);
      this.day.push(c.day[k]!);
      this.amounts.push(c.amount[k]!);
      this.currency.push(cur[c.currency[k]!]!);
      this.account.push(acc[c.account[k]!]!);
      this.description.push(c.description[k]!);
      this.idText.push(c.idText[k]);
      this.idDay.push(c.idDay[k]);
      this.idAccount.push(c.idAccount[k] === undefined ? undefined : acc[c.idAccount[k]!]);
      this.reference.push(c.reference[k]!);
    }
    for (const [k, r] of c.repeats) this.repeats.set(start + k, r);
    if (c.sector || this.sector) {
      this.sector ??= new Array(start);
      for (let k = 0; k < c.line.length; k++) this.sector.push(c.sector?.[k]);
    }
    for (const key of FACT_KEYS) {
      const from = c.facts[key];
      if (!from && !this.facts[key]) continue;
      const col = (this.facts[key] ??= new Array(start));
      for (let k = 0; k < c.line.length; k++) col.push(from?.[k]);
    }
  }
}
