/**
 * The CSV readers: UBS account statements, UBS card invoices, and any bank's CSV. All three find
 * the table (a `sep=` line, the delimiter, the header row after a preamble), recognise a known bank
 * layout by its header (layouts/), or — the generic reader only — guess the columns from their
 * header words; then csv-rows.ts reads every line. A large file is walked record by record, never
 * held as a list of records.
 */
import { ISO_CURRENCIES, isoCurrencyOf, PREFIXED_SIGN_CURRENCY, SIGN_CURRENCY } from "../../core/validation.ts";
import { ImportInputError, NeedsColumnMapping } from "../../core/errors.ts";
import { columnsOf, fits, listColumns, looksLikeAmount } from "./csv-columns.ts";
import { ACCOUNT_NUMBER, guessColumns, headerHits, headerlessMapping, OWN_ACCOUNT_HEADERS } from "./csv-guess.ts";
import { cardLayoutDecides, headerlessSignsInDoubt, kindSaysPurchasesPositive, unmarkedInDoubt, writesPurchasesPositive } from "./csv-signs.ts";
import { headerCells, headerIs, headerMatches, moneyCells, resolveLayout, skipRuleReason, YOUR_LAYOUT, type BankLayout, type ByDirection, type ColumnPlan } from "./csv-layout.ts";
import { columnName, headerTier, IBAN_CELL, normaliseHeader, noteLine, statedBalanceKind, statedTurnoverKind, summaryHeaderNames, TOTAL_LINE } from "./csv-words.ts";
import { HEADER_SCRIPT_CURRENCY, japaneseCell, WHOLE_NUMBER_CURRENCIES, WORLD_IBAN_CURRENCY } from "./csv-words-world.ts";
import { MONTH_FIRST_DOLLARS, NO_BOOKINGS_NOTE, readRows, repeatsHeader, unguarded, type FileCurrency, type StatedBalances, type TableSource } from "./csv-rows.ts";
import { looksLikeLabelledRecords } from "./decode.ts";
import { forEachRecord, type CsvRecord } from "./delimited.ts";
import { LAYOUTS } from "./layouts/index.ts";
import type { StatementReader } from "./reader.ts";
import { bcaTable, isBcaMutasi } from "./bca-id.ts";
import { fnbTable, isFnbDownload } from "./fnb-za.ts";
import { RowTable } from "./row-table.ts";
import type { CsvMapping, FallbackCurrency, ReadOptions, Statement } from "./types.ts";
import { asciiMinus, currencyInAmount, DateVotes, DecimalVotes, looksLikeDate, ORDER_OF_FORMAT, parseAmount, parseDate, type DateOrder, type Decimal } from "./values.ts";

// "~": HDFC Bank's statement downloads (issue 31, the last stop's leftover: refused, its cells run together).
const DELIMITERS = [";", ",", "\t", "|", "~"] as const;
/** How far a header row is looked for: preambles are short (60 records, 64 KB, but never fewer than 3 records: a header may be long). */
const PROBE_RECORDS = 60;
const PROBE_CHARS = 65536;
const PROBE_AT_LEAST = 3;
/** Data records whose values decide a guessed column's role. */
const SAMPLE_RECORDS = 500;

/** A preamble label of the account's balance, and a balance written with its currency before or after it. */
// (DBS's "Available Balance:" and "Ledger Balance:", "3,435.80 SGD", too: QA round 4, pass 12.)
const BALANCE_LABEL = /^(?:(?:available|ledger|current) )?(saldo|solde|balance|kontostand)\b/;
const STATED_BALANCE = /^(?:([A-Z]{3})\s*-?[\d'’.,]*\d|-?[\d'’.,]*\d\s*([A-Z]{3}))$/;
const isCurrencyCode = (raw: string) => /^[A-Za-z]{3}$/.test(raw.trim());
/**
 * A preamble's currency as a code: "All" (a filter's "Currency: All", review of qa24) is the word, not Albania's lek;
 * only ALL in capitals is the code.
 */
const preambleCode = (raw: string) => isCurrencyCode(raw) && (raw.trim() === "ALL" || raw.trim().toLowerCase() !== "all");
/**
 * A preamble's balance label that names its currency in brackets: La Banque Postale's `Solde (EUROS) ;1234,56` (its
 * older exports add `Solde (FRANCS)`, the same balance in francs, which names no currency of today), "Saldo (CHF)".
 */
const BALANCE_IN_LABEL = /^(?:solde|saldo|balance|kontostand)\s*\(\s*([a-z]{3,5})\s*\)$/i;
const currencyInBalanceLabel = (label: string): string | null => {
  const word = BALANCE_IN_LABEL.exec(label)?.[1]?.toUpperCase();
  if (word === "EURO" || word === "EUROS") return "EUR";
  return word && ISO_CURRENCIES.has(word) ? word : null;
};

/** A preamble cell that names the statement's account (normalised): its currency may follow in brackets. */
const ACCOUNT_WITH_CURRENCY = /\b(account|konto|compte|conto|conta|rekening|cuenta|checking|savings|girokonto|sparkonto)\b/;

/** A preamble label of the account's number (normalised): "Konto-Nr.", "Kontonummer", "Account No.", "N° de compte", "IBAN". */
const ACCOUNT_NUMBER_LABEL = new RegExp(`${ACCOUNT_WITH_CURRENCY.source}|\\b(?:kontonummer|kontonr|rekeningnummer|iban)\\b`);

/** The currency of an account by its IBAN's country (SPEC §10.1: a CSV without a currency column). */
const IBAN_CURRENCY: Record<string, string> = {
  CH: "CHF", LI: "CHF", GB: "GBP", SE: "SEK", DK: "DKK", NO: "NOK", PL: "PLN", CZ: "CZK", HU: "HUF",
  ...Object.fromEntries(["AT", "BE", "CY", "DE", "EE", "ES", "FI", "FR", "GR", "HR", "IE", "IT", "LT", "LU", "LV", "MC", "MT", "NL", "PT", "SI", "SK", "SM", "AD"].map((c) => [c, "EUR"])),
  ...WORLD_IBAN_CURRENCY,
};

/** The currency an account's IBAN's country keeps, said so; null when the account is no IBAN or its country unknown. */
export function ibanCurrency(account: string | null, country = /^([A-Z]{2})\d{2}/.exec(account ?? "")?.[1] ?? null): FileCurrency | null {
  const code = country ? IBAN_CURRENCY[country] : undefined;
  return code ? { code, from: `the IBAN's country (${country})` } : null;
}

/**
 * The country of the one IBAN a column of the statement's own account holds on every sampled row, or null: a file of no
 * currency column still says its currency through it (QA round 4: Belfius's "Devies" unread, its euros were stored as
 * francs). Its rows keep no account of it (the content-hash id of a row stays as round 3 made it).
 */
function ownIbanCountry(header: CsvRecord, sample: readonly CsvRecord[], headerless: boolean): string | null {
  for (let c = 0; c < header.fields.length; c++) {
    // A file without a header (Triodos) names no column: one IBAN on every row of a column is the statement's own.
    if (!headerless && !OWN_ACCOUNT_HEADERS.has(normaliseHeader(header.fields[c]!))) continue;
    // (Written in a spreadsheet's guard apostrophes too: Targobank's "'DE67…'".)
    const filled = sample.map((r) => unguarded(r.fields[c] ?? "").trim().replace(/\s+/g, "")).filter((v) => v !== "");
    const values = new Set(filled);
    const [only] = values;
    // One IBAN on two rows at least: one row alone does not tell the statement's account from a payee's. With no header,
    // on every row: a payee's IBAN on the two rent rows of an otherwise empty column is not the account's (review of
    // r4-qa25, F2: a euro account's rows were all stored in pounds, exit 0).
    const everyRow = !headerless || filled.length === sample.length;
    if (everyRow && filled.length >= 2 && values.size === 1 && IBAN_CELL.test(only!)) return only!.slice(0, 2);
  }
  return null;
}

type Table = {
  delimiter: string;
  header: CsvRecord;
  preamble: CsvRecord[];
  bodyStart: number;
  bodyLine: number;
  layout: BankLayout | null;
  /** No header row: the first record is data (Wells Fargo's download); `header` holds names made up for its columns. */
  headerless: boolean;
  /** A headerless file's lines above its rows that are the account's (its number, a day, its balance): skipped, said so. */
  accountLines: CsvRecord[];
};

/**
 * The delimiter and the header row: a known layout's header wins, then the row holding the
 * mapping's date column, then the first row naming at least two roles (a date and an amount, say);
 * among delimiters, a found header wins, then the most rows of one width.
 */
function findTable(text: string, layouts: readonly BankLayout[], wanted: string | undefined, fileName: string, saved: ReadonlySet<BankLayout> = new Set()): Table {
  const nl = text.search(/\r\n|\n|\r/);
  const sep = /^sep=(.)\s*$/.exec(nl < 0 ? text : text.slice(0, nl));
  const start = sep ? nl + (text.startsWith("\r\n", nl) ? 2 : 1) : 0;
  const firstLine = sep ? 2 : 1;
  let best: (Table & { score: number }) | null = null;
  for (const delimiter of sep ? [sep[1]!] : DELIMITERS) {
    const probe: { r: CsvRecord; end: number }[] = [];
    forEachRecord(text, delimiter, (r, end) => {
      probe.push({ r, end });
      return probe.length < PROBE_RECORDS && (end - start < PROBE_CHARS || probe.length < PROBE_AT_LEAST);
    }, start, firstLine);
    // A Japanese file's era dates ("R03.03.01") are dates of its rows, and only there (csv-columns.ts, eraDatesIn).
    const eras = probe.some(({ r }) => r.fields.some(japaneseCell));
    const looksLikeData = (fields: readonly string[]) => looksLikeDataIn(fields, eras);
    let layout: BankLayout | null = null;
    let at = probe.findIndex(({ r }) => {
      const cells = headerCells(r.fields);
      // A saved layout names a blank header cell by its place ("column 3"), as the mapping screen showed it (tableHeader).
      const named = saved.size ? headerCells(tableHeader(r, false, null).fields) : cells;
      return (layout = layouts.find((l) => (saved.has(l) ? headerIs(l, named) : headerMatches(l, cells))) ?? null) !== null;
    });
    // A row of data is no header, whatever words its text holds (CommBank's "… Value Date: 21/01/2026" named two roles:
    // its first booking was taken for the header and the file refused; QA round 4, pass 9).
    // Nor is a row with a cell that starts with a date: under the wrong delimiter a booking's cells run together
    // ("01.07.2013;"ELBA-INTERNET … Empfänger: … Verwendungszweck: …";01.07.2013;-175" split at the comma of "-175,16"),
    // and their words made a header of an Austrian Raiffeisen file's fifth booking (QA round 4, pass 18: refused).
    // Nor is a row with a cell of another delimiter's holding tab-separated data (a date and an amount): a tab-separated
    // booking split at its decimal commas (ABN AMRO's TAB export whose first booking says "Naam: … Omschrijving: …"; QA
    // round 21: refused). A stray tab in a header cell ("Omschrijving\t") leaves the header one (review of QA round 21: refused).
    const found = at >= 0 || (at = headerAmong(probe.map(({ r }) => r), looksLikeData, (r) => r.fields.length >= 2 && (wanted ? r.fields.some((f) => f.trim() === wanted) : headerHits(r.fields) >= 2 && !looksLikeData(r.fields) && !r.fields.some(startsWithDate) && (delimiter === "\t" || !r.fields.some((f) => f.includes("\t") && looksLikeData(f.split("\t").map((p) => p.trim()))))))) >= 0;
    const widths = new Map<number, number>();
    for (const { r } of probe) if (r.fields.length >= 2) widths.set(r.fields.length, (widths.get(r.fields.length) ?? 0) + 1);
    const [width, rowsOfWidth] = [...widths].sort((a, b) => b[1] * b[0] - a[1] * a[0])[0] ?? [0, 0];
    if (!found) at = probe.findIndex(({ r }) => r.fields.length === width);
    // No header, and the rows of the common width are data: so are the data rows above them of another width (reckon's
    // ING file: its first booking has two cells more; QA round 4, run as it is: it and the second booking, taken for a
    // preamble and a header, were lost with exit 0). The rows are read from the first.
    // A line above the rows is the account's line, no booking, only when it says so: a cell the rows below never hold in
    // that column, the account's masked number or IBAN, and its date in another column than theirs (BNP Paribas:
    // "Compte de chèques;…;****1234;18/03/2022;;2 412,35", the account, the day and its balance, over rows dated in their
    // first column; QA round 4, pass 23: read as the first row, refused). Any other line of data above the rows is a
    // booking (review of pass 23: a booking with a blank booking date on top was taken for the account's line and lost
    // with exit 0). The account's line is skipped with its reason (readCsv), never dropped unsaid.
    const dateAt = (fields: readonly string[]) => fields.findIndex((f) => looksLikeDate(f, eras));
    const dataBelow = (i: number) => probe.slice(i + 1).filter(({ r }) => r.fields.length >= 2 && looksLikeData(r.fields)).map(({ r }) => r.fields);
    const accountLine = (i: number) => {
      const fields = probe[i]!.r.fields;
      const below = dataBelow(i);
      return looksLikeData(fields) && below.length > 0 && below.every((b) => dateAt(b) === dateAt(below[0]!) && dateAt(b) !== dateAt(fields)) &&
        fields.some((f, c) => ACCOUNT_NUMBER_CELL.test(f.trim()) && below.every((b) => !ACCOUNT_NUMBER_CELL.test((b[c] ?? "").trim())));
    };
    const bookingAbove = (i: number) => probe[i]!.r.fields.length >= 2 && looksLikeData(probe[i]!.r.fields) && !accountLine(i);
    // (The account's line over one booking is the wider of the two: the rows are the lines below it.)
    if (!found && at === 0 && accountLine(0)) at = probe.findIndex(({ r }, i) => i > 0 && r.fields.length >= 2 && looksLikeData(r.fields));
    if (!found && at > 0 && looksLikeData(probe[at]!.r.fields)) {
      const first = probe.findIndex((_, i) => bookingAbove(i));
      if (first >= 0 && first < at && probe.slice(first, at).every((_, k) => bookingAbove(first + k))) at = first;
    }
    const score = (layout ? 2e9 : found ? 1e9 : 0) + rowsOfWidth * width;
    if (at >= 0 && (!best || score > best.score)) {
      const header = probe[at]!;
      // No header found and the first row is data (a date and an amount in it): every row is data, from the first.
      // (One record alone, a booking, is a headerless file of one row: taken for a header, it was lost.)
      const headerless = !found && probe.length >= 1 && looksLikeData(header.r.fields) && (at === 0 || !probe.slice(0, at).some((_, i) => bookingAbove(i)));
      best = {
        delimiter,
        header: tableHeader(header.r, headerless, layout),
        preamble: probe.slice(0, at).map((p) => p.r),
        bodyStart: headerless ? (at === 0 ? start : probe[at - 1]!.end) : header.end,
        bodyLine: headerless ? header.r.line : header.r.line + 1,
        layout,
        headerless,
        accountLines: headerless ? probe.slice(0, at).filter((_, i) => accountLine(i)).map((p) => p.r) : [],
        score,
      };
    }
  }
  if (!best) throw new ImportInputError(`${fileName}: no table found: expected a header row and rows separated by ; , tab or |`);
  return best;
}

/**
 * The table's header: "column 1", "column 2" … for a file with none (its first line is data, the header is the line
 * above it). A header's blank cells are named "column N" by their place too: `"Date",,,` over date, text, blank,
 * amount (an Australian download in buckybox's tests; QA round 4, pass 26: refused, its blank columns all one name "")
 * and `Date,Description,,` over a signed amount and a balance (review of pass 26: refused, and `--amount-column` could
 * name neither); so they are told apart by what they hold, can be named, and no note calls a column "". A bank
 * layout's header is kept as written: a layout names its columns so, a blank one too (Swedbank's row type, "").
 */
function tableHeader(r: CsvRecord, headerless: boolean, layout: BankLayout | null): CsvRecord {
  if (headerless) return { line: r.line - 1, fields: r.fields.map((_, i) => columnName(i)) };
  if ((layout && layout.bank !== YOUR_LAYOUT) || !r.fields.some((f) => f.trim() === "")) return r;
  return { ...r, fields: r.fields.map((f, i) => (f.trim() === "" ? columnName(i) : f)) };
}

/**
 * A cell that is a whole date, maybe with a time, alone or before another delimiter's next cell ("01.07.2013;…" read
 * under the wrong delimiter, "2026-01-05 14:02"): no header cell. A date followed by words is a header's ("31.12.2025
 * Saldo": review of pass 18, the guard passed over such a header and took a preamble line for it).
 */
const startsWithDate = (f: string) => /^\s*"?(?:\d{1,2}[./-]\d{1,2}[./-]\d{4}|\d{4}[./-]\d{1,2}[./-]\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?(?:[:.,]\d+)?(?:\s?[AaPp]\.?[Mm]\.?)?)?\s*"?(?:$|[;,\t|])/.test(f);

/**
 * The record that is the header among those that may be: the first, unless no booking follows it before the next, which
 * names as many roles or more (Belfius's export filters written as one row of their names, "Boekingsdatum vanaf;
 * Boekingsdatum tot en met; Bedrag vanaf; …", over rows of ";;;;", name a date and an amount too; QA round 21, a Belfius
 * export from a peer's test: that row was taken for the header and the file refused). A booking dated by a word right
 * under the header (comdirect's "offen") names fewer roles than the header: the header stays.
 */
function headerAmong(records: readonly CsvRecord[], looksLikeData: (fields: readonly string[]) => boolean, mayBeHeader: (r: CsvRecord) => boolean): number {
  let at = records.findIndex(mayBeHeader);
  if (at < 0) return -1;
  // (Read on from the header only until a booking: a file's first header is read as before, record by record.)
  for (let j = at + 1; j < records.length; j++) {
    const r = records[j]!;
    if (looksLikeData(r.fields)) return at;
    if (!mayBeHeader(r)) continue;
    if (headerHits(r.fields) < headerHits(records[at]!.fields)) return at;
    at = j;
  }
  return at;
}

/** A cell that is an account's number: masked as statements print it ("****4821", "XXXX 1234") or an IBAN. */
const ACCOUNT_NUMBER_CELL = new RegExp(`^[*Xx•]{2,}[ *Xx•-]*\\d{2,}$|${IBAN_CELL.source}`);

/** A record holding a date and an amount in cells of their own: a data row, no header (`eras`: a Japanese file's era dates are dates). */
const looksLikeDataIn = (fields: readonly string[], eras: boolean) => fields.some((f) => looksLikeDate(f, eras)) && fields.some((f) => !looksLikeDate(f, eras) && /\d/.test(f) && looksLikeAmount(f));
const looksLikeData = (fields: readonly string[]) => looksLikeDataIn(fields, false);

/**
 * Preamble facts: an IBAN (or a layout's account label), a currency after a label such as "Currency:" or "Valued in:",
 * and the balances and period a layout's preamble states (statedBalances).
 */
function preamble(
  records: readonly CsvRecord[],
  layout: BankLayout | null,
): { account: string | null; currency: string | null; stated: StatedBalances; statedCells: StatedCells } {
  /** A balance stated by a label of its own ("Neuer Kontostand";"3.242,33 EUR": comdirect), read once the decimal mark is known. */
  const statedCells: StatedCells = {};
  let account: string | null = null;
  let currency: string | null = null;
  const stated: StatedBalances = { opening: null, closing: null, from: null, until: null };
  const statedLabels = layout?.statedBalances;
  const labels = layout?.account?.preamble ?? [];
  let labelRank = labels.length;
  for (const r of records) {
    // PostFinance writes preamble values as Excel formulas: ="01.07.2023", "=CHF".
    const cells = r.fields.map((f) => f.trim().replace(/^="?(.*?)"?$/, "$1"));
    const label = cells[0] ?? "";
    if (statedLabels && cells[1]) {
      for (const key of ["opening", "closing"] as const) if (statedLabels[key].includes(label)) stated[key] = parseAmount(cells[1], ".");
      for (const key of ["from", "until"] as const) if (statedLabels[key].includes(label)) stated[key] = parseDate(cells[1], "YMD");
    }
    // (Or its two filled cells wherever they stand: Skandiabanken's "UTGÅENDE SALDO 31.01.2014" in its fifth cell, the
    // amount in its seventh; Caisse d'Epargne's "Solde en fin de période;;;;655,25;".)
    const pair = cells.filter((c) => c !== "");
    const [balanceLabel, balanceValue] = cells[1] || pair.length !== 2 ? [label, cells[1]] : [pair[0]!, pair[1]];
    // Only a figure: on a line of labels over their figures the next cell is the next label (Mercado Pago's
    // "INITIAL_BALANCE;CREDITS;…" gave the opening "CREDITS", and the figure under the label was never read; review of qa35:
    // a file cut at its first row passed), left to balancesUnderLabels.
    const kind = balanceValue && looksLikeAmount(balanceValue) ? statedBalanceKind(normaliseHeader(balanceLabel)) : null;
    if (kind) statedCells[kind] = balanceValue!;
    // The balance stated above the table, in the currency its label names: the balance after the rows below it (the
    // account's balance when the file was made, its rows the latest bookings).
    const labelled = cells[1] ? currencyInBalanceLabel(label) : null;
    if (labelled) {
      currency ??= labelled;
      statedCells.closing ??= cells[1];
    }
    const rank = labels.indexOf(label);
    if (rank >= 0 && rank < labelRank && cells[1]) {
      labelRank = rank;
      account = /^[A-Z]{2}\d{2}[A-Z0-9 ]+$/.test(cells[1]) ? cells[1].replace(/\s+/g, "") : cells[1];
    }
    const filled = cells.filter((c) => c !== "");
    for (let i = 0; i < filled.length; i++) {
      const iban = /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30})\b/.exec(filled[i]!);
      if (labels.length === 0 && !account && iban) account = iban[1]!.replace(/\s+/g, "");
      const norm = normaliseHeader(filled[i]!);
      const next = filled[i + 1];
      if (!currency && next && preambleCode(next) && (headerTier(norm, "currency") !== null || norm === "valued in" || norm === "bewertet in" || norm === "evaluation en" || norm === "valutazione in")) {
        currency = next.toUpperCase();
      }
      // The label and its code in one cell: Caisse d'Epargne's "Devise : EUR" (QA round 4, qa24: its euros were taken as the
      // data's francs, "the file names no currency anywhere").
      const inCell = /^([^:]+):\s*([A-Za-z]{3})$/.exec(filled[i]!.trim());
      if (!currency && inCell && headerTier(normaliseHeader(inCell[1]!), "currency") === 0 && preambleCode(inCell[2]!) && ISO_CURRENCIES.has(inCell[2]!.toUpperCase())) {
        currency = inCell[2]!.toUpperCase();
      }
      // The account named with its currency in brackets ("# Account: NL12 3456 — Checking (EUR)", "Konto: Girokonto (EUR)";
      // QA round 4, pass 17: the euros were taken as the data's francs, "the file names no currency anywhere").
      const bracketed = ACCOUNT_WITH_CURRENCY.exec(norm) ? /\(\s*([A-Z]{3})\s*\)/.exec(filled[i]!)?.[1] : undefined;
      if (!currency && bracketed && ISO_CURRENCIES.has(bracketed)) currency = bracketed;
      // The account number beside its label with the account's currency after it ("Konto-Nr.;330217/06 EUR": Cornèr
      // Bank; QA round 4, pass 20: its euros were taken as the data's francs, "the file names no currency anywhere").
      // Only under an account's label: a rate, a limit or a price is written so too ("Kurs;1.0825 EUR" over a Swiss IBAN;
      // review of pass 20: its francs were booked as euros).
      // Or in the cell after the number ("Conta ;0000012345678;EUR": Caixa Geral de Depósitos; qa41's blind pass: its euros
      // were taken as the data's francs, "the file names no currency anywhere").
      const beside = filled[i + 2];
      const numbered = next && ACCOUNT_NUMBER_LABEL.test(norm)
        ? (/^\d[\d./ -]*\d\s+([A-Z]{3})$/.exec(next)?.[1] ?? (beside && /^\d[\d./ -]*\d$/.test(next) && /^[A-Z]{3}$/.test(beside) ? beside : undefined))
        : undefined;
      if (!currency && numbered && ISO_CURRENCIES.has(numbered)) currency = numbered;
      // A stated balance with its currency: "Saldo,18'367.58 CHF" (Credit Suisse), "Saldo: CHF 30920.51" (Valiant, Migros Bank).
      const stated = BALANCE_LABEL.test(norm) ? (STATED_BALANCE.exec(filled[i]!.replace(/^[^:]*:\s*/, "")) ?? (next ? STATED_BALANCE.exec(next) : null)) : null;
      const code = stated?.[1] ?? stated?.[2];
      if (!currency && code && ISO_CURRENCIES.has(code)) currency = code;
      // An Indian bank's branch code, the IFSC, under its label ("IFS (Indian Financial System) Code :,SBIN0021197": State
      // Bank of India's preamble; qa35's blind pass: its rupees were stored as the data's main currency): the account's INR.
      if (!currency && next && /\bifsc?\b|indian financial system/.test(norm) && /^[A-Z]{4}0[A-Z0-9]{6}$/.test(next.trim())) currency = "INR";
    }
  }
  for (const [kind, cell] of Object.entries(balancesUnderLabels(records)) as [keyof StatedCells, string][]) statedCells[kind] ??= cell;
  return { account, currency, stated, statedCells };
}

/** The cells of what a preamble states: its opening and closing balance, and the money in and out it totals. */
type StatedCells = Partial<Record<"opening" | "closing" | "credits" | "debits", string>>;

/**
 * Balances stated as a small table of their own above the rows: a line of labels over a line of their figures (Mercado
 * Pago's account statement, "INITIAL_BALANCE;CREDITS;DEBITS;FINAL_BALANCE" over "1.090,40;125.752,95;-123.027,63;3.815,72";
 * qa35's blind pass: unread, a cut file's rows were checked only against themselves and passed). Each opening or closing
 * label's figure is the one under it; a line of labels must hold no figure, the line under it figures in every filled cell.
 * The money in and out such a table totals beside its balances (CREDITS, DEBITS) is read too, to check the rows by.
 */
function balancesUnderLabels(records: readonly CsvRecord[]): StatedCells {
  const out: StatedCells = {};
  for (let k = 0; k + 1 < records.length; k++) {
    const labels = records[k]!.fields.map((f) => f.trim());
    const figures = records[k + 1]!.fields.map((f) => f.trim());
    const kinds = labels.map((l) => statedBalanceKind(normaliseHeader(l)));
    if (!kinds.some((kind) => kind !== null) || labels.some((l) => /\d/.test(l)) || figures.length !== labels.length) continue;
    if (!figures.every((f, i) => (f === "") === (labels[i] === "") && (f === "" || looksLikeAmount(f)))) continue;
    kinds.forEach((kind, i) => {
      const k = kind ?? statedTurnoverKind(normaliseHeader(labels[i]!));
      if (k) out[k] ??= figures[i]!;
    });
  }
  return out;
}

/**
 * Own accounts as one country's banks write them, so its currency: a UK sort code and account number ("20-32-06
 * 13152170", Barclays' "Account" column; NatWest's "'600000-12345678", with Excel's text mark in front), a New Zealand
 * bank, branch, account and suffix ("38-9000-0123456-00", Kiwibank). QA round 4, pass 9: NatWest's and Kiwibank's
 * exports were stored in the data's main currency.
 */
const ACCOUNT_CELL_CURRENCY: { cell: RegExp; code: string; what: string }[] = [
  { cell: /^'?(?:\d{2}-\d{2}-\d{2}\s+|\d{6}-)\d{8}$/, code: "GBP", what: "a UK sort code and account number" },
  { cell: /^'?\d{2}-\d{4}-\d{7}-\d{2,3}$/, code: "NZD", what: "a New Zealand bank account number" },
];

/** The currency a column of the statement's own account says by its accounts' country, on every sampled row. */
function accountColumnCurrency(header: CsvRecord, sample: readonly CsvRecord[]): { code: string; from: string } | null {
  for (let c = 0; c < header.fields.length; c++) {
    if (!OWN_ACCOUNT_HEADERS.has(normaliseHeader(header.fields[c]!))) continue;
    const filled = sample.map((r) => (r.fields[c] ?? "").trim()).filter((v) => v !== "");
    const country = filled.length > 0 ? ACCOUNT_CELL_CURRENCY.find((a) => filled.every((v) => a.cell.test(v))) : undefined;
    if (country) return { code: country.code, from: `the column "${header.fields[c]!.trim()}" (${country.what})` };
  }
  return null;
}

/**
 * Header words only one country's banks write, so its currency (QA round 4, fifth pass: a Lloyds or Danske export
 * named no currency and was stored in the data's main one): the UK's "Sort Code", the Danish "Beløb", the Norwegian
 * "Beløp", DNB's "Uttak fra konto"/"Innskudd på konto" and SpareBank 1's "Inn", the Swedish "Belopp" (as normaliseHeader writes them).
 */
const HEADER_WORD_CURRENCY: Record<string, { code: string; word: string }> = {
  "sort code": { code: "GBP", word: "Sort Code, a UK bank's" },
  belob: { code: "DKK", word: "Beløb, a Danish bank's" },
  belop: { code: "NOK", word: "Beløp, a Norwegian bank's" },
  belopp: { code: "SEK", word: "Belopp, a Swedish bank's" },
  "uttak fra konto": { code: "NOK", word: "Uttak fra konto, a Norwegian bank's" },
  "innskudd pa konto": { code: "NOK", word: "Innskudd på konto, a Norwegian bank's" },
  // SpareBank 1's "Inn"/"Ut" (Swedish writes "In", Danish "Ind").
  inn: { code: "NOK", word: "Inn, a Norwegian bank's" },
  // Banco do Brasil's ledger date (QA round 4, reckon's test file of its export run as it is: its month-first dates made
  // its reais US dollars).
  "data do balancete": { code: "BRL", word: "Data do Balancete, a Brazilian bank's" },
};

function headerWordCurrency(header: CsvRecord): { code: string; from: string } | null {
  for (const h of header.fields) {
    const hit = HEADER_WORD_CURRENCY[normaliseHeader(h)];
    if (hit) return { code: hit.code, from: `the column "${h.trim()}" (${hit.word} word)` };
  }
  return null;
}

/**
 * The currency of the country a header's script or words are most written in: a guess (Hong Kong's and Macau's banks
 * write 餘額 as Taiwan's do; review of pass 12: stored as TWD with nothing said), so it is marked assumed and the note
 * says which was taken and how to set another.
 */
function headerScriptCurrency(header: CsvRecord): FileCurrency | null {
  const line = header.fields.join(" ");
  const script = HEADER_SCRIPT_CURRENCY.find((s) => s.test.test(line));
  return script ? { code: script.code, from: `the header, written in ${script.what}`, assumed: true, lead: "the file names no currency, only the language of its header" } : null;
}

/**
 * The account's currency told by the purchases' own (Bank Norwegian: "Currency Amount" in "Currency", beside the
 * account's "Amount"): a row whose own amount is its amount was not converted, so its own currency is the account's.
 * Every such sampled row must say the same currency; none, or two: nothing is told.
 */
function unconvertedCurrency(plan: ColumnPlan, sample: readonly CsvRecord[]): FileCurrency | null {
  const { originalAmount, originalCurrency, money } = plan;
  if (originalAmount === null || originalCurrency === null || (money.kind !== "signed" && money.kind !== "indicator")) return null;
  const codes = new Set<string>();
  for (const r of sample) {
    const own = parseAmount(r.fields[originalAmount] ?? "", plan.decimal);
    const amount = parseAmount(r.fields[money.amount] ?? "", plan.decimal);
    const code = (r.fields[originalCurrency] ?? "").trim().toUpperCase();
    if (own === null || amount === null || own === 0 || Math.abs(own) !== Math.abs(amount) || !ISO_CURRENCIES.has(code)) continue;
    codes.add(code);
  }
  if (codes.size !== 1) return null;
  const code = [...codes][0]!;
  return { code, from: `the column "${plan.names[originalCurrency]}" of the rows not converted ("${plan.names[originalAmount]}" = "${plan.names[money.amount]}")` };
}

/**
 * Signs and words in a money column's header that name one currency. 人民币 ("renminbi"): China Merchants Bank's card
 * export heads its amount "人民币金额", the amount in yuan.
 */
const HEADER_SIGNS: readonly (readonly [RegExp, string])[] = [[/€|\beuro[sa]?\b/i, "EUR"], [/£/, "GBP"], [/人民币/, "CNY"]];

/**
 * A dollar or real written with its country in a header, not after a letter: Itaú's "valor (R$)" (qa49: the rows were
 * taken as CHF, exit 0), "Amount (S$)". A bare "$" names no one currency (dollarHeader).
 */
const HEADER_PREFIXED_DOLLAR = new RegExp(`(?<![A-Za-z])(${Object.keys(PREFIXED_SIGN_CURRENCY).filter((k) => k.endsWith("$")).map((k) => k.replace("$", "\\$")).join("|")})`);

/**
 * The currency a money column's header names ("Betrag (EUR)", "Amount CHF", "Betrag (€)", French banks' "Débit euros", OP's
 * "Määrä EUROA", HEADER_SIGNS), with that column's header; the balance column's too ("Saldo CHF" beside
 * "Belastung"/"Gutschrift": QA round 4, pass 15, the file was said to name no currency). Not Fidelity's "Amount ($)".
 */
function headerCurrencyColumn(plan: ColumnPlan, withBalance = true): { code: string; column: string } | null {
  const cols = [...moneyCells(plan.money), ...(plan.balance === null || !withBalance ? [] : [plan.balance])];
  for (const c of cols) {
    const name = plan.names[c] ?? "";
    const match = /\(\s*([A-Z]{3})\s*\)|\b(?:in\s+)?([A-Z]{3})$/.exec(name) ?? ((sign) => sign && ["", sign[1]])(HEADER_SIGNS.find(([re]) => re.test(name))) ?? ((dollar) => dollar && ["", PREFIXED_SIGN_CURRENCY[dollar[1]!]])(HEADER_PREFIXED_DOLLAR.exec(name));
    const code = match?.[1] ?? match?.[2];
    if (code && ISO_CURRENCIES.has(code)) return { code, column: name };
  }
  return null;
}

/**
 * A currency column beside an amount whose header names the account's currency, where some rows name another: the
 * currency each purchase was paid in, not the amount's. China Merchants Bank's card export writes "人民币金额" (the amount
 * in yuan) beside "交易币种" (RMB, or USD on a purchase abroad; QA round 4, qa29's blind pass: a USD purchase's yuan
 * were stored as dollars, exit 0). The column is then read as the original currency; the rows take the header's.
 * Decided over every row of the file, not the sample's (review of r4-qa29: a purchase abroad after the 500th row was
 * booked in its own currency, its yuan as dollars). Only the amount's header counts, not the balance's ("Balance (EUR)"
 * beside "Amount": the currency column is the amount's own). Never over the user's own currency column (--currency-column,
 * a saved layout's): the user said what it holds.
 */
function currencyPaidInBesideNamedAmount(plan: ColumnPlan, cells: (column: number) => readonly string[]): { plan: ColumnPlan; note: string } | null {
  if (plan.currency === null || plan.originalCurrency !== null) return null;
  const named = headerCurrencyColumn(plan, false);
  if (!named) return null;
  const column = plan.currency;
  const others = new Set(cells(column).map((cell) => isoCurrencyOf(cell)).filter((c) => c !== "" && c !== named.code));
  if (others.size === 0) return null;
  return {
    plan: { ...plan, currency: null, originalCurrency: column },
    note: `"${plan.names[column]!.trim()}" names ${[...others].join(", ")} on some rows beside "${named.column.trim()}", an amount in ${named.code}: read as the currency each of those was paid in; every amount is in ${named.code}`,
  };
}

/**
 * The money column whose header has a bare "$" ("Amount ($)", Fidelity's), or null: dollars, but whose? US, Canadian,
 * Australian… A guess, after the account's own currency and its IBAN's, read as a "$" in the amounts is
 * (ambiguousSignCurrency: the data's main currency when it is written "$" too; reviews of r4-qa13 and of its fixes: a
 * CAD account's or a CAD user's file was stored as USD).
 */
function dollarHeader(plan: ColumnPlan): string | null {
  const c = moneyCells(plan.money).find((c) => /\(\$\)/.test(plan.names[c] ?? ""));
  return c === undefined ? null : (plan.names[c] ?? null);
}

const SIGN_IN_CELL = /(?:R|S|HK|NT|A|C|NZ|US|MX)\$|[$€£₩₸₴₽₪₹₱฿₺]|(?<![A-Za-z])RM(?=\s*\d)|(?<=\d\s*)[円원]$/;

/** Currencies written with a bare "$": a data's main currency among them is the likeliest reading of a "$" file. */
const DOLLAR_SIGN_CURRENCIES = new Set(["USD", "CAD", "AUD", "NZD", "MXN", "ARS", "CLP", "COP", "UYU", "DOP", "SGD", "HKD", "TWD"]);
/** Every currency a "$" may stand for (the dollars and pesos above, the real, and the Caribbean's, Pacific's and Africa's dollars): what no guess may contradict. */
const WRITTEN_WITH_DOLLAR = new Set([...DOLLAR_SIGN_CURRENCIES, "BRL", "JMD", "TTD", "BBD", "BSD", "BZD", "BND", "FJD", "GYD", "KYD", "XCD", "NAD", "LRD", "SRD", "SBD", "BMD", "TOP", "WST", "CUP"]);
/** Header words of German, French, Italian, Dutch, Spanish and Portuguese exports that no English one writes ("Datum", "Buchungstext", "Montant", "Importo"…). */
const NOT_ENGLISH_HEADER = /(?:^| )(?:datum|buchung\w*|buchungstext|betrag|belastung\w*|gutschrift\w*|valuta\w*|auftragsdatum|saldo|kontostand|verwendungszweck|montant|libelle|solde|importo|descrizione|bedrag|omschrijving|fecha|importe|descripcion|movimiento|valor|descricao|lancamento)(?: |$)/;
/** A header in Spanish: its "C$" is Nicaragua's córdoba rather than a Canadian dollar. */
const SPANISH_HEADER = /[áéíóúñ]|\b(fecha|descripcion|monto|importe|cargo|abono|deposito|retiro)/i;

/**
 * The currency of a sign several currencies write: "$" (US dollars, but pesos, Canadian and Australian dollars and
 * more: review of pass 12, an Ecuadorian export in US dollars was stored in the data's main currency, Banorte's pesos as
 * dollars) and "C$" (Canadian dollars or Nicaraguan córdobas). Never taken silently: marked assumed, the note names the
 * currency taken and how to set another. "$": the data's main currency when it is one written so, else US dollars.
 */
function ambiguousSignCurrency(sign: string, names: readonly string[], main: { code: string } | undefined, whose = "the amounts'"): FileCurrency {
  if (sign === "C$") {
    const code = names.some((n) => SPANISH_HEADER.test(n)) ? "NIO" : "CAD";
    return { code, from: `${whose} C$ sign, read as ${code === "NIO" ? "córdobas under a Spanish header" : "Canadian dollars"}`, assumed: true, lead: `${whose} C$ sign names no one currency (Canadian dollars, Nicaraguan córdobas)`, writtenAs: C_DOLLAR_SIGN_CURRENCIES };
  }
  const mine = main && DOLLAR_SIGN_CURRENCIES.has(main.code) ? main.code : null;
  return { code: mine ?? "USD", from: `${whose} $ sign, read as ${mine ? "the main currency of your data" : "US dollars"}`, assumed: true, lead: `${whose} $ sign names no one currency (dollars, pesos…)`, writtenAs: WRITTEN_WITH_DOLLAR };
}
const C_DOLLAR_SIGN_CURRENCIES: ReadonlySet<string> = new Set(["CAD", "NIO"]);
const AMBIGUOUS_SIGNS = new Set(["$", "C$"]);

/**
 * The currency the sampled amount cells are written with ("-$1,234.56", "-10,80 €", "2.000,00 EUR"), when they
 * all agree; null when none carries one or two disagree. The amount reader drops these marks, so without this a
 * file of dollars in CHF data was read as francs.
 */
function amountsCurrency(plan: ColumnPlan, sample: readonly CsvRecord[], main?: { code: string }): FileCurrency | null {
  const cols = moneyCells(plan.money);
  return cellsCurrency(sample.flatMap((r) => cols.map((c) => r.fields[c] ?? "")), plan.names, main);
}

/**
 * The currency amount cells are written with, when they all agree (amountsCurrency); also a QIF's amounts ("T-£42.18":
 * QA round 4, pass 22). `names`: the file's column names, if any (a Spanish header's C$).
 */
export function cellsCurrency(cells: Iterable<string>, names: readonly string[], main?: { code: string }): FileCurrency | null {
  let found: { code: string; mark: string } | null = null;
  for (const raw of cells) {
    const cell = raw.trim();
    const sign = SIGN_IN_CELL.exec(cell)?.[0];
    const mark = sign ?? currencyInAmount(cell);
    if (!mark) continue;
    // An ambiguous sign is compared as itself: "$" beside "US$" is two currencies, or one the file does not settle.
    const iso = sign ? (AMBIGUOUS_SIGNS.has(sign) ? sign : (SIGN_CURRENCY[sign] ?? PREFIXED_SIGN_CURRENCY[sign]!)) : mark;
    if (found && found.code !== iso) return null;
    found ??= { code: iso, mark };
  }
  if (found && AMBIGUOUS_SIGNS.has(found.mark)) return ambiguousSignCurrency(found.mark, names, main);
  return found && { code: found.code, from: `the amounts' ${found.mark}${/^[A-Z]{3}$/.test(found.mark) ? " code" : " sign"}` };
}

/**
 * The one currency of the countries of every IBAN and SEPA creditor id in the rows, when most rows name one (1822direkt's
 * payees' "DE21…" and creditor ids "DE77ZZZ…"; SEPA payments are in euros), and those countries. They are the other parties' accounts, not
 * the statement's: where they bank says nothing certain of this account's currency (see payeesGuess).
 */
function rowIbanCurrency(header: CsvRecord, sample: readonly CsvRecord[]): { code: string; countries: string } | null {
  const countries = new Set<string>();
  // Rows, not cells: one direct debit's IBAN and creditor id are one row of the file (review of pass 20: a Swiss file of
  // ten TWINT payments and one Dutch direct debit was booked in euros, every row).
  let rows = 0;
  for (const r of sample) {
    let named = false;
    for (let c = 0; c < r.fields.length; c++) {
      // An IBAN is at most 34 characters, 42 written in groups: a longer cell (a 51 MB description) is none.
      const cell = r.fields[c]!;
      const country = cell.length <= 48 ? /^([A-Z]{2})\d{2}(?:ZZZ[A-Z0-9]{1,28}|[A-Z0-9]{11,30})$/.exec(cell.trim().replace(/\s+/g, ""))?.[1] : undefined;
      // A column of the statement's own account is told by ownIbanCountry alone (two IBANs there say nothing).
      if (!country || OWN_ACCOUNT_HEADERS.has(normaliseHeader(header.fields[c] ?? ""))) continue;
      named = true;
      countries.add(country);
    }
    if (named) rows++;
  }
  const codes = new Set([...countries].map((c) => IBAN_CURRENCY[c]));
  const [code] = codes;
  // Most rows name one, two rows at least: a few payments abroad say nothing of the account.
  if (rows < 2 || rows * 2 <= sample.length || codes.size !== 1 || !code) return null;
  return { code, countries: [...countries].sort().join(", ") };
}

/**
 * The other parties' currency taken for the file's, a guess said so, only where nothing contradicts it (review of pass
 * 20: a Swiss account paying German and Luxembourg IBANs was booked in euros over the data's francs, exit 0): the data
 * has no currency of its own yet (budget-chat's default says nothing of the file, as the data's main currency does),
 * and the amounts are written with a decimal comma, as the banks of the euro area and of most IBAN countries write
 * them (Swiss and British banks write a point). German exports naming no currency (1822direkt's, Deutsche Bank's 2024)
 * imported into a new database were stored as budget-chat's default francs (QA round 4, pass 20).
 */
function payeesGuess(payees: { code: string; countries: string } | null, plan: ColumnPlan, fallback: FallbackCurrency | undefined): FileCurrency | null {
  if (!payees || (fallback && !fallback.noData) || plan.decimal !== ",") return null;
  return { code: payees.code, from: `the IBANs and creditor ids in its rows, all of ${payees.countries}`, assumed: true, lead: "the file names no currency, only the countries of the accounts its rows name" };
}

/** The data's main currency (or budget-chat's default) for a file naming none; saying what the other parties' IBANs suggested instead, if anything. */
function fallbackOf(fallback: FallbackCurrency, payees: { code: string; countries: string } | null, rupees: { lead: string } | null): FileCurrency {
  const { code, from } = fallback;
  if (!payees || payees.code === code) return { code, from, assumed: true, ...(rupees ? { lead: `${rupees.lead}, which names no one currency (rupees of India, Pakistan, Sri Lanka, Nepal…)` } : {}) };
  return { code, from, assumed: true, lead: `the file names no currency; its rows name other parties' accounts in ${payees.countries} (${payees.code}), which say where they bank, not this account's currency` };
}

/**
 * Where the file writes "Rs", or null: a money column's header ("Amount(in Rs)", ICICI Bank's card export), else its
 * amounts ("Rs. 1,180.00"). Rupees, but whose? India's, Pakistan's, Sri Lanka's, Nepal's… Not taken for one; the note
 * says so, not that the file names no currency (review of pass 26; the amounts' "Rs." were no amount, the file refused).
 */
function rupeeMark(plan: ColumnPlan, sample: readonly CsvRecord[]): { where: string; lead: string } | null {
  const cols = moneyCells(plan.money);
  const c = cols.find((c) => /(?:^|[^a-z])rs\.?(?:$|[^a-z])/i.test(plan.names[c] ?? ""));
  if (c !== undefined) {
    const where = `the column "${plan.names[c]?.trim() ?? ""}"`;
    return { where, lead: `${where} writes Rs` };
  }
  const cell = sample.flatMap((r) => cols.map((c) => (r.fields[c] ?? "").trim())).find((v) => /^[-(]?\s*Rs\.?\s*\d/.test(v));
  return cell === undefined ? null : { where: `the amounts' "${cell}"`, lead: `its amounts are written with Rs ("${cell}")` };
}

/**
 * A sampled money or balance cell grouped in lakhs and crores ("1,18,043.75"), or null: South Asia's notation, whose banks
 * (India's, Pakistan's, Bangladesh's, Nepal's, Sri Lanka's) all write the day first (qa47's blind pass: an HDFC statement
 * whose days were all 12 or less was refused). No other grouping writes two digits between commas.
 */
function lakhGrouped(plan: ColumnPlan, sample: readonly CsvRecord[]): string | null {
  const cols = [...moneyCells(plan.money), ...(plan.balance === null ? [] : [plan.balance])];
  const cells = sample.flatMap((r) => cols.map((c) => (r.fields[c] ?? "").trim()));
  // (A cell grouped in thousands past them, "105,000.00", says the lakh cell is no notation of the file's.)
  if (cells.some((v) => /\d{3},\d{3}/.test(v))) return null;
  return cells.find((v) => /^[-+]?\d{1,2}(?:,\d\d)+,\d{3}(?:\.\d+)?$/.test(v)) ?? null;
}

/**
 * Francs when the sampled money cells group thousands with an apostrophe (1'234.50): Switzerland's and Liechtenstein's
 * notation, which no other country's banks write (QA round 4, fifth pass: a BCV or cantonal bank's export was stored in
 * the data's main currency, right only when that was francs).
 */
function apostropheThousands(plan: ColumnPlan, sample: readonly CsvRecord[]): { code: string; from: string } | null {
  const cols = [...moneyCells(plan.money), ...(plan.balance === null ? [] : [plan.balance])];
  for (const r of sample) for (const c of cols) if (/\d['’]\d{3}(?!\d)/.test(r.fields[c] ?? "")) return { code: "CHF", from: "the amounts' ' thousands mark, Switzerland's notation" };
  return null;
}

/** The decimal mark of a layout that writes both ("per file"): voted over the sampled money cells; "." when they do not decide. */
function decimalOfSample(plan: ColumnPlan, sample: readonly CsvRecord[], fileName: string): Decimal {
  const votes = new DecimalVotes();
  const cols = [...moneyCells(plan.money), ...(plan.balance === null ? [] : [plan.balance])];
  for (const r of sample) for (const c of cols) votes.add(r.fields[c] ?? "");
  const g = votes.result();
  // Every amount reads both ways ("1.500" in a German pytr export of whole euros): refused as the generic reader refuses
  // it, not read as 1.50 (review of r4-qa51).
  if ("ambiguous" in g) throw new NeedsColumnMapping(`${fileName}: cannot tell the decimal mark of ${cols.map((c) => `"${plan.names[c]}"`).join(" and ")} (every amount reads as a whole number with thousands or as a decimal); set --decimal . or --decimal ,`);
  return "decimal" in g ? g.decimal : ".";
}

/**
 * Whether a guessed file writes a booking's text over several lines, the lines after the first holding text in the
 * description's columns only, no date and no amount (OCBC's ",,NTUC FAIRPRICE SINGAPORE SG,,", ING Romania's ",,,Nr. card:
 * ****1234,,,"; QA round 4, pass 12: skipped as note lines, the merchant lost): half the sampled bookings at least
 * followed by such a line (a salary's credit may have none), two of them at least, none before the first booking, none a
 * total or balance line. Their text then goes on the booking above them. A file where few bookings have one writes notes
 * there: they stay note lines, skipped with their reason (review of pass 12: glued onto the booking above). A line of text only with text outside the description's
 * columns says the file writes notes so, not wrapped text: no continuing. The statement's notes (noteLine: ",,Transactions
 * below are pending,,", a closing disclaimer) neither count nor stop it: the reader skips them with their reason (review
 * of r4-qa13). The one detector of wrapped text (r4-qa13's second one, wrapsText, is folded in here).
 * Columns that no sampled booking line fills, filled on the text lines beside the description's, are text of those lines
 * too (BNP Paribas Fortis's and Fintro's card export: the merchant under "Details" on the line after the booking, with
 * "Wisselkoers##1,0512300" and "Gerelateerde kost##+0,32" beside it; QA round 21: skipped as note lines, every booking
 * left without a description): the columns returned, to be read as the description's; null when the file does not
 * continue text, or when such a column is money (a fees column, a cell that is an amount).
 */
function continuesText(plan: ColumnPlan, sample: readonly CsvRecord[]): number[] | null {
  const money = [...moneyCells(plan.money), ...(plan.balance === null ? [] : [plan.balance])];
  const texts = new Set([...plan.description.out, ...plan.description.in].filter((i): i is number => typeof i === "number"));
  const empty = (f: readonly string[], c: number) => (f[c] ?? "").trim() === "";
  const textOnly = (f: readonly string[]) => empty(f, plan.date) && money.every((c) => empty(f, c)) && f.some((_, c) => !empty(f, c));
  const onBookings = new Set(sample.flatMap((r) => (empty(r.fields, plan.date) ? [] : r.fields.flatMap((_, c) => (empty(r.fields, c) ? [] : [c])))));
  // Money is never text: a fees column, or a cell that is an amount, filled on a line of its own, is a line the reader
  // lists as skipped, not words for the booking above (review of QA round 21: a "Fees" or "Bank charge" column's −5.00 on
  // the line after each payment abroad was joined into its description, the fees gone from the skipped lines).
  const moneyOfItsOwn = new Set([plan.fees, plan.detailAmount, plan.originalAmount].filter((c): c is number => c !== null));
  const extra = new Set<number>();
  let lines = 0;
  let bookings = 0;
  let continued = 0;
  let previous: "booking" | "text" | "other" = "other";
  // A line whose words write an amount ("Interest paid 3.21", "Overdraft fee 5.00 charged") may be money the reader did
  // not book: under fewer than half the bookings it stays a skipped line the user sees (review of r4-qa42, #2).
  let amountInText = false;
  for (let i = 0; i < sample.length; i++) {
    const f = sample[i]!.fields;
    const filled = f.flatMap((_, c) => (empty(f, c) ? [] : [c]));
    if (!textOnly(f)) {
      previous = empty(f, plan.date) ? "other" : "booking";
      if (previous === "booking") bookings++;
      continue;
    }
    const outside = filled.filter((c) => !texts.has(c));
    if (outside.some((c) => onBookings.has(c) || moneyOfItsOwn.has(c) || looksLikeAmount(f[c]!)) || (outside.length > 0 && outside.length === filled.length)) return null;
    const said = normaliseHeader(filled.map((c) => f[c]).join(" "));
    if (noteLine(said)) continue;
    if (bookings === 0 || previous === "other" || TOTAL_LINE.test(said)) return null;
    if (previous === "booking") continued++;
    if (filled.some((c) => WRITTEN_AMOUNT.test(f[c]!))) amountInText = true;
    previous = "text";
    lines++;
    for (const c of outside) extra.add(c);
  }
  // Under half the bookings or more; or each line alone right under a booking of its own, under a quarter of them or more
  // (Trust Merchant Bank's download, DR Congo: a card payment's terminal or a transfer's address under 72 of its 153
  // bookings; qa42's blind pass: skipped as "a balance, total or note line", their text lost).
  return lines >= 2 && (continued * 2 >= bookings || (continued === lines && continued * 4 >= bookings && !amountInText)) ? [...extra] : null;
}

/** An amount written inside words: digits, a decimal mark and two decimals ("3.21", "5,00"). */
const WRITTEN_AMOUNT = /\d[.,]\d{2}(?!\d)/;

/** The first filled account cell of the sampled rows (a layout's account column), or null. */
function firstAccountCell(plan: ColumnPlan, sample: readonly CsvRecord[]): string | null {
  for (const r of sample) for (const c of plan.accountColumns) {
    const v = (r.fields[c] ?? "").trim();
    if (v) return v.replace(/\s+/g, "");
  }
  return null;
}

/** Every date order, for a date that reads in none of them. */
const EVERY_ORDER: readonly DateOrder[] = ["YMD", "DMY", "MDY"];

/**
 * Whether the sampled rows read with the layout's own date notations and decimal mark (nine in ten at least). A date or
 * amount that reads in no notation at all ("2026110", an empty amount) is a bad row, no sign of another notation: not
 * judged (uqa9, finding 9: an ING file of three rows, one date cut short, was read as unknown columns, its account lost).
 */
function layoutFits(plan: ColumnPlan, sample: readonly CsvRecord[]): boolean {
  const moneyCols = moneyCells(plan.money);
  let filled = 0;
  let read = 0;
  for (const r of sample) {
    // Only lines with money are judged: a footer or note line ("Disclaimer:", a bank's sentence), or one the layout
    // skips (a pending booking with a word for its date), says nothing here.
    const money = moneyCols.map((c) => (r.fields[c] ?? "").trim()).filter((v) => v !== "");
    const date = (r.fields[plan.date] ?? "").trim();
    // …and a column total where the date goes ("Total Spalte") is no date to judge either.
    if (money.length === 0 || TOTAL_LINE.test(normaliseHeader(date)) || skipRuleReason(plan, r.fields)) continue;
    if (date !== "" && EVERY_ORDER.some((o) => parseDate(date, o) !== null)) {
      filled++;
      if (plan.dateOrders.some((o) => parseDate(date, o) !== null)) read++;
    }
    for (const v of money) {
      if (parseAmount(v, ".") === null && parseAmount(v, ",") === null) continue;
      filled++;
      if (parseAmount(v, plan.decimal) !== null) read++;
    }
  }
  return filled === 0 || read / filled >= 0.9;
}

/** How a date order reads in a note. */
const ORDER_WORDS: Record<DateOrder, string> = { YMD: "year first", DMY: "day-first", MDY: "month-first" };

/**
 * The file's other columns of dates (a started and a completed date, a value date beside the booking date): a file writes
 * all its dates in one notation, so where one column's dates all fit both orders another's may tell it (QA round 4, pass
 * 15: Revolut's export re-saved by a spreadsheet, "2/4/2026 17:59", was refused although its other column had "2/25/2026").
 */
function siblingDateColumns(date: number, width: number, sample: readonly CsvRecord[], eras = false): number[] {
  const out: number[] = [];
  for (let c = 0; c < width; c++) {
    if (c === date) continue;
    const cells = sample.map((r) => (r.fields[c] ?? "").trim()).filter((v) => v !== "");
    if (cells.length > 0 && cells.filter((v) => looksLikeDate(v, eras)).length / cells.length >= 0.8) out.push(c);
  }
  return out;
}

/**
 * Headers of a date that follows a row's own by days: its posting, value or transaction date. Not any second date: a
 * "Next Payment Date" a month on put dates that fit both orders a day apart read day-first, in a US dollar file (review
 * of QA round 21: 01/05 read as 1 May, exit 0). Apple Card's "Clearing Date" too (qa33: its export of days all 12 or
 * less was refused, "cannot tell the date format").
 */
const NEAR_DATE_HEADER = /\b(post|posted|posting|trans|transaction|transaktion|value|valuta|valutadatum|wertstellung|booking|booked|buchung|buchungstag|buchungsdatum|boekdatum|boekingsdatum|settlement|settled|processed|purchase|operation|clearing|cleared)\b/;

/** Currencies whose country writes the month first: dates that fit both orders are never read day-first in them. */
const MONTH_FIRST_CURRENCIES = new Set(["USD"]);

/** The most days a purchase's posting follows it by (a weekend and a holiday, a slow merchant). */
const NEAR_DAYS = 7;

/**
 * The order that puts a row's two dates days apart (a purchase and its posting: Discover's "Trans. Date" 03/05 and "Post
 * Date" 03/06) where the other order puts some of them a month or more apart, with the sibling column's name; null when
 * that does not tell (QA round 21, a Discover export of one week of March: refused, "cannot tell the date format").
 */
function nearDatesOrder(date: number, siblings: readonly number[], names: readonly string[], sample: readonly CsvRecord[]): { order: DateOrder; sibling: number } | null {
  const days = (a: string, b: string, order: DateOrder) => {
    const [x, y] = [parseDate(a, order), parseDate(b, order)];
    return x && y ? Math.abs(Date.parse(x) - Date.parse(y)) / 86_400_000 : Number.POSITIVE_INFINITY;
  };
  for (const sibling of siblings) {
    if (!NEAR_DATE_HEADER.test(normaliseHeader(names[sibling] ?? ""))) continue;
    const pairs = sample.map((r) => [(r.fields[date] ?? "").trim(), (r.fields[sibling] ?? "").trim()] as const).filter(([a, b]) => a !== "" && b !== "");
    const near = (order: DateOrder) => pairs.length >= 2 && pairs.every(([a, b]) => days(a, b, order) <= NEAR_DAYS);
    const [dayFirst, monthFirst] = [near("DMY"), near("MDY")];
    if (dayFirst !== monthFirst) return { order: dayFirst ? "DMY" : "MDY", sibling };
  }
  return null;
}

/** US time zones as a statement writes them beside its times (PayPal's "TimeZone": PST, EDT…). */
const US_TIME_ZONES = new Set(["PST", "PDT", "MST", "MDT", "CST", "CDT", "EST", "EDT", "AKST", "AKDT", "HST"]);

/**
 * The header of a time-zone column whose every sampled cell is a US time zone, or null: a US account's export writes its
 * dates month-first (QA round 4, pass 15: PayPal's US export, "02/03/2026" … "02/06/2026", was refused).
 */
function usTimeZone(plan: ColumnPlan, sample: readonly CsvRecord[]): string | null {
  const c = plan.names.findIndex((n) => ["timezone", "time zone", "zeitzone", "fuseau horaire"].includes(normaliseHeader(n)));
  if (c < 0) return null;
  const cells = sample.map((r) => (r.fields[c] ?? "").trim()).filter((v) => v !== "");
  return cells.length > 0 && cells.every((v) => US_TIME_ZONES.has(v.toUpperCase())) ? plan.names[c]! : null;
}

/**
 * Currencies of countries whose banks write the day first ("10/08/2024" is 10 August): not the US dollar, nor Canada's and
 * the Philippines' (month-first there too); year-first countries' dates are never ambiguous this way.
 */
const DAY_FIRST_CURRENCIES = new Set([
  "GBP", "EUR", "CHF", "AUD", "NZD", "INR", "ZAR", "SGD", "HKD", "MYR", "IDR", "THB", "NOK", "SEK", "DKK", "ISK", "PLN", "CZK", "RON", "BGN",
  "RSD", "TRY", "ILS", "RUB", "UAH", "BRL", "MXN", "ARS", "CLP", "COP", "PEN", "NGN", "KES", "EGP", "AED", "SAR", "PKR", "BDT", "LKR", "VND",
]);

/**
 * The currency of the file's rows when its currency column names one on every sampled row, or a money column's header or
 * a header word names it ("Sort Code": GBP), and that currency's country writes the day first (QA round 4, pass 17:
 * Monzo's file with "Currency" GBP, Lloyds' with "Sort Code", whose one date fits both orders, were refused), or null.
 */
function dayFirstCurrency(plan: ColumnPlan, sample: readonly CsvRecord[], header: CsvRecord): string | null {
  const code = statedCurrency(plan, sample, header);
  return code !== null && DAY_FIRST_CURRENCIES.has(code) ? code : null;
}

/** The one currency a file states by its currency column, or by a header word, or by its own account's country; else null. */
function statedCurrency(plan: ColumnPlan, sample: readonly CsvRecord[], header: CsvRecord): string | null {
  const codes = plan.currency === null ? new Set<string>() : new Set(sample.map((r) => (r.fields[plan.currency!] ?? "").trim().toUpperCase()));
  // (The statement's own account says it too: a UK sort code in Barclays's "Account", NatWest's "Account Number"; QA round
  // 21: refused, "cannot tell the date format", when every date fit both orders.)
  return plan.currency !== null ? (codes.size === 1 ? [...codes][0]! : null) : (headerCurrencyColumn(plan)?.code ?? headerWordCurrency(header)?.code ?? accountColumnCurrency(header, sample)?.code ?? null);
}

/**
 * A known layout's file whose dates or amounts are not written as the bank writes them (an export re-saved by a
 * spreadsheet: "2/4/2026 17:59" where Revolut writes "2026-02-04 17:59:03", "2590,73" where Chase writes "2590.73"): its
 * dates voted over the sample's date columns, its decimal mark over its amounts; the layout's plan with those, when the
 * sample decides the dates, else null.
 */
function redatedLayout(layout: BankLayout, plan: ColumnPlan, width: number, sample: readonly CsvRecord[]): { plan: ColumnPlan; note: string } | null {
  // A short header of common words (Date, Transaction, Name, Memo, Amount) is shared by other banks, whose own notation
  // tells them apart (Tangerine's and US Bank's): only a header of the bank's own, six columns or more, is that bank's
  // whatever its dates look like.
  if (layout.header.length < 6) return null;
  const votes = new DateVotes();
  for (const r of sample) for (const c of [plan.date, ...siblingDateColumns(plan.date, width, sample)]) votes.add(r.fields[c] ?? "");
  const g = votes.result();
  if (!("order" in g)) return null;
  // …and its decimal mark, when a spreadsheet wrote the amounts in its own ("-39,9" where Revolut writes "-39.90").
  const amounts = new DecimalVotes();
  for (const r of sample) for (const c of [...moneyCells(plan.money), ...(plan.balance === null ? [] : [plan.balance])]) amounts.add(r.fields[c] ?? "");
  const d = amounts.result();
  const decimal = "decimal" in d ? d.decimal : plan.decimal;
  if (plan.dateOrders.includes(g.order) && decimal === plan.decimal) return null;
  const what = [...(plan.dateOrders.includes(g.order) ? [] : [`dates ${ORDER_WORDS[g.order]}`]), ...(decimal === plan.decimal ? [] : [`a decimal ${decimal === "," ? "comma" : "point"}`])].join(" and ");
  const note = `the file is not written as this bank's export writes it (saved again by a spreadsheet?): read with ${what}, as the file's own values tell`;
  return { plan: { ...plan, dateOrders: [g.order], decimal }, note };
}

/**
 * The date order and decimal mark of a guessed file: voted over the sampled rows, and when they do
 * not decide (every date fits both orders, every amount reads both ways), over every value of the
 * columns (one more walk over the text). A later value that contradicts what the sample decided
 * is no silent misreading: it does not read, and its row is a bad row naming it.
 */
function vote(
  text: string,
  table: Table,
  sample: readonly CsvRecord[],
  plan: ColumnPlan & { decimalKnown: boolean },
  opts: ReadOptions,
): { dateOrders: DateOrder[]; decimal: Decimal; dateNote: string | null; decimalNote: string | null } {
  const mapping = opts.mapping ?? {};
  const dates = new DateVotes(plan.eraDates);
  const siblingDates = new DateVotes(plan.eraDates);
  const decimals = new DecimalVotes();
  const moneyCols = moneyCells(plan.money);
  if (plan.balance !== null) moneyCols.push(plan.balance);
  const siblings = mapping.dateFormat ? [] : siblingDateColumns(plan.date, plan.names.length, sample, plan.eraDates).filter((c) => !moneyCols.includes(c));
  const add = (r: CsvRecord) => {
    if (!mapping.dateFormat) dates.add(r.fields[plan.date] ?? "");
    for (const c of siblings) siblingDates.add(r.fields[c] ?? "");
    if (!plan.decimalKnown) for (const c of moneyCols) decimals.add(r.fields[c] ?? "");
  };
  for (const r of sample) add(r);
  const decided = (mapping.dateFormat || dates.settled()) && (plan.decimalKnown || !("ambiguous" in decimals.result()));
  if (!decided && sample.length >= SAMPLE_RECORDS) {
    let seen = 0;
    forEachRecord(text, table.delimiter, (r) => {
      // The sample was counted already.
      if (++seen > sample.length) add(r);
      // A walk over a large file makes garbage record by record; collected as it goes, it never piles up (SPEC §10.1).
      if (seen % 50_000 === 0) Bun.gc(true);
    }, table.bodyStart, table.bodyLine);
  }
  let decimal = plan.decimal;
  let decimalNote: string | null = null;
  if (!plan.decimalKnown) {
    const g = decimals.result();
    // Amounts that read both ways in a currency without decimals, which the header names (its words or its script).
    const whole = "ambiguous" in g ? (headerCurrencyColumn(plan)?.code ?? amountsCurrency(plan, sample, opts.fallbackCurrency)?.code ?? headerWordCurrency(table.header)?.code ?? headerScriptCurrency(table.header)?.code) : undefined;
    const grouped = whole && WHOLE_NUMBER_CURRENCIES.has(whole) ? decimals.groupedWholeNumbers() : null;
    if (grouped) {
      decimal = grouped;
      decimalNote = `every amount reads both as a whole number with thousands and as a decimal: read as whole numbers, as ${whole} amounts are written without decimals`;
    } else if (!("decimal" in g)) {
      const why = "ambiguous" in g ? "every amount reads as a whole number with thousands or as a decimal" : "some amounts use a decimal point and others a decimal comma";
      throw new NeedsColumnMapping(`${opts.fileName}: cannot tell the decimal mark of ${moneyCells(plan.money).map((c) => `"${plan.names[c]}"`).join(" and ")} (${why}); set --decimal . or --decimal ,`);
    } else decimal = g.decimal;
  }
  let dateOrders: DateOrder[];
  let dateNote: string | null = null;
  if (mapping.dateFormat) dateOrders = [ORDER_OF_FORMAT[mapping.dateFormat]];
  else {
    const g = dates.result();
    const sibling = siblingDates.result();
    const zone = "ambiguous" in g ? usTimeZone(plan, sample) : null;
    const dayFirst = "ambiguous" in g ? dayFirstCurrency(plan, sample, table.header) : null;
    // Rupees ("Amount(in Rs)"): India's, Pakistan's, Sri Lanka's and Nepal's banks all write the day first (QA round 4,
    // qa29's blind pass: ICICI Bank's card export of one day's purchases, "01/03/2023", was refused). After what the file's
    // own two date columns show (review of r4-qa29: "Rs" names no one country; a posting date a day after each row's
    // transaction date read month-first was overruled, every date a month off).
    const unstated = "ambiguous" in g && !dayFirst && statedCurrency(plan, sample, table.header) === null;
    const rupees = unstated ? rupeeMark(plan, sample) : null;
    const lakhs = unstated && !rupees ? lakhGrouped(plan, sample) : null;
    // The language of the header, where only day-first countries' banks write it (every script of HEADER_SCRIPT_CURRENCY
    // whose currency is day-first: Hebrew, Greek, Thai, Ukrainian, Norwegian, Romanian, Icelandic; qa35's blind pass, an
    // Israeli bank's export and a Cal card statement of days all 12 or less were refused). The language decides, not a
    // currency the file states: Israel's banks write the day first in a dollar account too (review of qa35).
    const script = "ambiguous" in g && !dayFirst && !rupees ? headerScriptCurrency(table.header) : null;
    const scriptDayFirst = script && DAY_FIRST_CURRENCIES.has(script.code) ? script : null;
    const nearest = "ambiguous" in g && !("order" in sibling) ? nearDatesOrder(plan.date, siblings, plan.names, sample) : null;
    // (Never against the currency's own order: a dollar file's dates are month-first; day-first ones were decided above.)
    const near = nearest && !(nearest.order === "DMY" && MONTH_FIRST_CURRENCIES.has(statedCurrency(plan, sample, table.header) ?? "")) ? nearest : null;
    if ("ambiguous" in g && "order" in sibling) {
      dateOrders = [sibling.order];
      dateNote = `every date of column "${plan.names[plan.date]}" fits both day-first and month-first: read ${ORDER_WORDS[sibling.order]}, as the file's other dates are written`;
    } else if (zone) {
      dateOrders = ["MDY"];
      dateNote = `every date fits both day-first and month-first: read month-first, as the column "${zone}" says the times are a US time zone's`;
    } else if ("ambiguous" in g && decimal === ",") {
      // Dates that read both ways in a file of decimal commas (1.234,56): every country that writes so puts the day first.
      dateOrders = ["DMY"];
      dateNote = "every date fits both day-first and month-first: read day-first, as the decimal comma of the amounts is written (check the statement's own dates)";
    } else if (dayFirst) {
      dateOrders = ["DMY"];
      dateNote = `every date fits both day-first and month-first: read day-first, as banks write the dates of ${dayFirst} accounts (check the statement's own dates)`;
    } else if (near) {
      dateOrders = [near.order];
      dateNote = `every date fits both day-first and month-first: read ${ORDER_WORDS[near.order]}, as then each row's "${plan.names[near.sibling]}" lies days from its "${plan.names[plan.date]}", not months`;
    } else if (rupees) {
      dateOrders = ["DMY"];
      dateNote = `every date fits both day-first and month-first: read day-first, as banks write the dates of rupee accounts (${rupees.where}; check the statement's own dates)`;
    } else if (lakhs) {
      dateOrders = ["DMY"];
      dateNote = `every date fits both day-first and month-first: read day-first, as banks write them where amounts are grouped in lakhs ("${lakhs}"; check the statement's own dates)`;
    } else if (scriptDayFirst) {
      dateOrders = ["DMY"];
      dateNote = `every date fits both day-first and month-first: read day-first, as banks write them where the header's language is written (${scriptDayFirst.from}; check the statement's own dates)`;
    } else if (!("order" in g)) {
      const why = "ambiguous" in g ? "every date fits both day-first and month-first" : "conflict" in g ? "some dates are day-first and others month-first" : "no value looks like a date";
      throw new NeedsColumnMapping(
        `${opts.fileName}: line ${table.header.line}: cannot tell the date format of column "${plan.names[plan.date]}" (${why}); set --date-format YYYY-MM-DD, DD.MM.YYYY, DD/MM/YYYY or MM/DD/YYYY`,
      );
    } else dateOrders = [g.order];
  }
  return { dateOrders, decimal, dateNote, decimalNote };
}

/**
 * A file with a saved layout's header names, in another order or with more columns: its columns are shown on the mapping
 * screen with the layout's roles by their names (`plan`), to be checked, never read with them unasked (issue 32).
 */
export class SavedLayoutDiffers extends NeedsColumnMapping {
  override name = "SavedLayoutDiffers";
  constructor(message: string, readonly plan: ColumnPlan) {
    super(message);
  }
}

/** Refuses (SavedLayoutDiffers) a table no saved layout was found for whose header holds the names of one of them. */
function nearlySaved(saved: readonly BankLayout[], table: Table, fileName: string): void {
  if (table.headerless || (table.layout && saved.includes(table.layout))) return;
  const cells = headerCells(table.header.fields);
  const layout = saved.find((l) => headerMatches(l, cells));
  if (!layout) return;
  const known = new Set(headerCells(layout.header.flat()));
  const more = table.header.fields.filter((f, i) => cells[i] !== "" && !known.has(cells[i]!)).map((f) => f.trim());
  const how = more.length ? `with ${more.length === 1 ? "a column" : "columns"} it does not have (${more.map((n) => `"${n}"`).join(", ")})` : "in another order";
  throw new SavedLayoutDiffers(
    `${fileName}: its header has the columns of your saved layout "${layout.name}" ${how}; a saved layout reads a file of its very header only: name its columns (--date-column …), or read it with the layout, its columns found by their names (--mapping "${layout.name}")`,
    resolveLayout(layout, table.header, fileName),
  );
}

export function readCsv(text: string, opts: ReadOptions, layouts: readonly BankLayout[], guess: boolean, noTable: (fileName: string) => string, stated: Partial<StatedBalances> = {}): Statement {
  const { fileName } = opts;
  let table: Table;
  try {
    // The user's saved layouts are found by their exact header (headerIs); one named (--mapping NAME, the page's) reads by names.
    table = findTable(text, layouts, opts.mapping?.dateColumn?.trim(), fileName, new Set(opts.layout ? [] : opts.userLayouts));
  } catch (e) {
    if (!guess) throw new ImportInputError(noTable(fileName));
    throw e;
  }
  if (!table.layout && opts.layout) table = { ...table, layout: opts.layout }; // the user's layout: resolveLayout names what the header lacks
  if (!table.layout && !guess) {
    // The layout's reader was asked for (or recognised the file by its first column): say what its header lacks.
    const candidate = layouts.find((l) => table.header.fields.some((f) => f.trim() === [l.date].flat()[0])) ?? null;
    if (!candidate) throw new ImportInputError(noTable(fileName));
    table = { ...table, layout: candidate };
  }
  const pre = preamble(table.preamble, table.layout);
  const src: TableSource = {
    text,
    delimiter: table.delimiter,
    header: table.header,
    bodyStart: table.bodyStart,
    bodyLine: table.bodyLine,
    account: pre.account,
    fileCurrency: null,
    stated: { ...pre.stated, ...stated, currency: pre.currency },
  };
  // Every line of the table (but blank ones and the header written again: two exports joined, whose "Transaction Type" is
  // no debit mark), as the file has them: continued text (";REWE MARKT BERN" under a wide header) and the date and
  // decimal votes are told by these.
  // Nor a summary table's lines, its title above it either (HDFC's "STATEMENT SUMMARY :-,,,,,,", then "Opening
  // Balance,,,,Dr Count,Cr Count,Closing Bal" and its figures; qa47: the title's empty cell under "Closing Balance" made
  // it a column stating the closing balance, the file went unchecked): read as readRows reads them, up to a blank line
  // or, after its first line of figures, a dated one.
  const lines: CsvRecord[] = [];
  let summary: "header" | "figures" | null = null;
  const textOnly = (r: CsvRecord | undefined) => r !== undefined && r.fields.filter((f) => f.trim() !== "").length === 1 && !r.fields.some((f) => /\d/.test(f));
  forEachRecord(text, table.delimiter, (r) => {
    const filled = r.fields.some((f) => f.trim() !== "");
    if (filled && repeatsHeader(r.fields, table.header)) return lines.length < SAMPLE_RECORDS;
    if (!filled || summaryHeaderNames(r.fields, table.header.fields) !== null) {
      if (filled && textOnly(lines.at(-1))) lines.pop();
      summary = filled ? "header" : null;
    } else if (summary === "header") summary = "figures";
    else if (summary === "figures" && r.fields.some((f) => looksLikeDate(f.trim()))) summary = null;
    if (filled && summary === null) lines.push(r);
    return lines.length < SAMPLE_RECORDS;
  }, table.bodyStart, table.bodyLine);
  // The rows the columns are told by leave out a wide table's lines of text only with less than half its cells: a
  // footer's disclaimer (Fidelity's, seven lines under three bookings) made the date column look like no date column
  // (QA round 4, pass 18: refused). They are still read, and skipped with their reason (or continue the booking above).
  // A short line with a date or an amount is a booking that leaves out its empty trailing cells, and is kept (review of
  // pass 18: such bookings under a full-width Total line were refused, or their month-first dates left undecided).
  const noteOnly = (r: CsvRecord) => table.header.fields.length >= 6 && r.fields.length * 2 < table.header.fields.length && !r.fields.some((f) => looksLikeDate(f) || (/\d/.test(f) && looksLikeAmount(f)));
  const rows = lines.filter((r) => !noteOnly(r));
  const sample = rows.length > 0 ? rows : lines;
  // A currency alone (--currency, the page's file field) keeps a bank's layout: the rows are read as the layout reads them,
  // in that currency where no cell names one (review of r4-left: Bank Norwegian with --currency SEK became a generic CSV,
  // other descriptions and ids). Any column, date or decimal setting is the user's own reading of the columns.
  const given = onlyCurrency(opts.mapping, fileName);
  if (!opts.layout && (!opts.mapping || given)) nearlySaved(opts.userLayouts ?? [], table, fileName);
  let plan: ColumnPlan | null = table.layout && (!opts.mapping || given) ? resolveLayout(table.layout, table.header, fileName) : null;
  if (plan && given) plan = { ...plan, defaultCurrency: { code: given, from: "--currency" } };
  if (plan && table.layout?.decimal === "per file") plan = { ...plan, decimal: decimalOfSample(plan, sample, fileName) };
  if (plan?.idText && table.layout?.idTextAsGuessed) {
    const cols = columnsOf(table.header, sample);
    const asText = (i: number) => fits(cols[i]!, "text");
    plan = { ...plan, idText: { out: plan.idText.out.filter(asText), in: plan.idText.in.filter(asText) } };
  }
  // A user's layout saved from a card's export (purchases positive, not flipped) decides the sign rule only of a file of
  // its own columns whose amounts are all positive, none of them money an account receives (cardLayoutDecides): another file of its header keeps
  // the layout's other choices (currency, dates, roles) and takes the sign rule its own rows tell, as with no layout saved
  // (review of r4-webqa: an account's export of that header had every sign turned; review of r4-cardlayout: dropping the
  // whole layout lost its currency and date format for the card's own months with a payment in them).
  if (plan && table.layout?.bank === YOUR_LAYOUT && plan.purchasesPositive && !table.layout.flipSigns && plan.money.kind === "signed") {
    const cols = columnsOf(table.header, sample);
    const amount = plan.money.amount;
    const own = table.header.fields.filter((h) => h.trim() !== "").length === table.layout.header.length;
    if (!own || !cardLayoutDecides(cols[amount]!.values, plan.description.out.map((i) => cols[i]!.values))) {
      const balance = plan.balance === null ? undefined : cols[plan.balance];
      plan = { ...plan, purchasesPositive: writesPurchasesPositive(cols, amount, plan.description.out, undefined, balance, plan.balanceOwed === true, false, fileName, sample.map((r) => r.line)) };
    }
  }
  // A file with a known layout's header but another notation (a decimal point where the bank writes a comma) is another
  // bank's: the generic reader guesses its columns instead of refusing every row.
  // …nor one whose rows do not show what the layout's do (a plain date,title,amount file is no Nubank card).
  if (plan && !opts.layout && table.layout?.evidence && !table.layout.evidence((name) => sample.map((r) => r.fields[table.header.fields.findIndex((f) => f.trim().toLowerCase() === name.toLowerCase())] ?? ""))) plan = null;
  // What the reader chose where the file does not say (a date order, the sides of a headerless file's two amounts).
  const guessNotes: string[] = [];
  if (plan && guess && !opts.layout && !layoutFits(plan, sample)) {
    // …unless only its dates are written otherwise (a spreadsheet saved it again): the bank's columns, with the file's dates.
    const redated = table.layout && redatedLayout(table.layout, plan, table.header.fields.length, sample);
    if (redated && layoutFits(redated.plan, sample)) {
      plan = redated.plan;
      guessNotes.push(redated.note);
    } else plan = null;
  }
  // (A bank's layout only: a user's saved layout keeps the signs the user chose, "Flip signs" among them.)
  if (plan && table.layout && LAYOUTS.includes(table.layout) && plan.money.kind === "signed" && !plan.purchasesPositive && kindSaysPurchasesPositive(table.header, sample, plan.money.amount)) plan = { ...plan, purchasesPositive: true };
  if (!plan) {
    // A header and nothing under it is an export of a quiet period, not a puzzle about columns.
    if (sample.length === 0) return { format: "csv", layout: null, account: pre.account, rows: new RowTable(), badRows: [], skipped: [], reconciliation: [], dataLines: 0, notes: [NO_BOOKINGS_NOTE], invertedByBalance: false };
    const fixed = opts.mapping?.currency?.trim().toUpperCase();
    if (fixed !== undefined && !/^[A-Z]{3}$/.test(fixed)) throw new ImportInputError(`${fileName}: --currency "${fixed}" is not a three-letter ISO code`);
    // A file without a header row: its columns told by what they hold (refused when that does not tell them).
    const told = table.headerless && !opts.mapping ? headerlessMapping(table.header, sample, fileName) : null;
    const mapping = told?.mapping ?? opts.mapping ?? {};
    const guessed = { ...guessColumns(table.header, sample, mapping, fileName, opts.flipSigns === true), ...(told ? { layout: "guessed", description: { out: told.texts, in: told.texts }, ...(told.balance !== null ? { balance: told.balance } : {}), ...(told.account !== null ? { accountColumns: [told.account] } : {}) } : {}) };
    // A headerless file's one column of positive amounts beside an empty one is in doubt (headerlessSignsInDoubt), --currency
    // given or not; not once the user named the amount column or flipped the signs: that answers it.
    if (table.headerless && guessed.balance === null && guessed.money.kind === "signed" && !guessed.purchasesPositive && !opts.flipSigns && !opts.mapping?.amountColumn) {
      headerlessSignsInDoubt(sample, guessed.money.amount, table.header.fields, fileName);
    }
    const voted = vote(text, table, lines, guessed, opts);
    const { contentNote, ...columns } = guessed;
    for (const note of [voted.dateNote, voted.decimalNote, told?.note, contentNote, oneSidedNote(columns, table.header, sample), kindsNote(columns)]) if (note) guessNotes.push(note);
    plan = { ...columns, dateOrders: voted.dateOrders, decimal: voted.decimal };
    const continuedIn = continuesText(plan, lines);
    const withContinued = (d: ByDirection): ByDirection => ({ out: [...d.out, ...continuedIn!], in: [...d.in, ...continuedIn!] });
    if (continuedIn) plan = { ...plan, continuationLines: true, description: withContinued(plan.description), ...(plan.idDescription ? { idDescription: withContinued(plan.idDescription) } : {}) };
  }
  refuseAmountsInCents(plan, sample, fileName);
  // (Every row's cell, not the sample's alone: forEachRecord reads the rest of the file only when the rule may apply.)
  const everyCell = (column: number): string[] => {
    if (lines.length < SAMPLE_RECORDS) return sample.map((r) => r.fields[column] ?? "");
    const cells: string[] = [];
    forEachRecord(text, table.delimiter, (r) => {
      if (!repeatsHeader(r.fields, table.header)) cells.push(r.fields[column] ?? "");
      return true;
    }, table.bodyStart, table.bodyLine);
    return cells;
  };
  const userColumn = opts.mapping?.currencyColumn !== undefined || (table.layout !== null && !LAYOUTS.includes(table.layout) && plan.layout === table.layout.id);
  const paidIn = userColumn ? null : currencyPaidInBesideNamedAmount(plan, everyCell);
  if (paidIn) {
    plan = paidIn.plan;
    guessNotes.push(paidIn.note);
  }
  // A currency column whose every code is none of ISO 4217 (BananaAccounting's test files of Swiss and German exports
  // scramble them: "INE", "SET"; QA round 4, pass 20: every row was booked in "INE"; a crypto wallet's "BTC"): refused,
  // never booked so, saying how to go on. (Beside real codes, each such row is a bad row: csv-rows.ts.) Other names of
  // a currency are its code ("RMB" is CNY).
  if (plan.currency !== null) {
    const codes = new Set(sample.map((r) => isoCurrencyOf(r.fields[plan!.currency!] ?? "")).filter((v) => v !== ""));
    if (codes.size > 0 && [...codes].every((c) => /^[A-Z]{3}$/.test(c) && !ISO_CURRENCIES.has(c))) {
      throw new ImportInputError(
        `${fileName}: the column "${plan.names[plan.currency]!.trim()}" holds ${[...codes].map((c) => `"${c}"`).join(", ")}, no currency code of ISO 4217 (budget-chat books money in those, not crypto assets or made-up codes): nothing was imported; if every amount is in one currency, set the currency of every row (--currency CODE) and import the file again`,
      );
    }
  }
  // A bank's layout of one currency read over a currency column the file has (resolveLayout): say which currency won.
  const layoutCurrency = table.layout?.currency && "fixed" in table.layout.currency ? table.layout.currency.fixed : null;
  if (table.layout && (layoutCurrency || given) && plan.layout === table.layout.id && plan.currency !== null) {
    const fillIn = given ? `${given} (from --currency)` : `the ${table.layout.bank} layout's ${layoutCurrency}`;
    guessNotes.push(`each row's currency is read from the column "${plan.names[plan.currency]}"; ${fillIn} only where that cell is empty`);
  }
  // The statement's account: the override, its preamble's, else the first row's account column (Raiffeisen's IBAN column).
  const account = opts.accountOverride?.trim() || pre.account || firstAccountCell(plan, sample);
  const appAccounts = table.headerless ? null : appAccountsNote(plan, everyCell, account);
  if (appAccounts) guessNotes.push(appAccounts);
  const stored = account ? opts.accountCurrencies?.[account] : undefined;
  const iban = /^([A-Z]{2})\d{2}/.exec(account ?? "")?.[1] ?? ownIbanCountry(table.header, sample, table.headerless);
  const signs = amountsCurrency(plan, sample, opts.fallbackCurrency);
  const payees = table.headerless ? null : rowIbanCurrency(table.header, sample);
  const own: FileCurrency | null =
    ((named) => named && { code: named.code, from: `the column "${named.column}"` })(headerCurrencyColumn(plan)) ||
    (pre.currency && { code: pre.currency, from: "the file's preamble" }) ||
    (plan.currency === null && unconvertedCurrency(plan, sample)) ||
    (signs && !signs.assumed && signs) ||
    null;
  // Rows that name their own accounts (Mint's "Account Name") in a file that names no currency: each takes its account's
  // stored currency before what is told or guessed below for the file (csv-rows.ts).
  if (!own && plan.accountColumns.length > 0 && !opts.accountOverride?.trim()) src.accountCurrencies = opts.accountCurrencies;
  // The account's earlier rows: a currency the user stated once (review of r4-probe2), no guess a "$" overrides.
  const storedTold: FileCurrency | null = stored ? { code: stored, from: `the account ${account}'s earlier rows` } : null;
  const told: FileCurrency | null =
    own ||
    storedTold ||
    ibanCurrency(account, iban) ||
    plan.homeCurrency ||
    ((column) => column && ambiguousSignCurrency("$", plan.names, opts.fallbackCurrency, `the column "${column}"'s`))(dollarHeader(plan)) ||
    (!table.headerless && (headerWordCurrency(table.header) ?? accountColumnCurrency(table.header, sample))) ||
    apostropheThousands(plan, sample) ||
    payeesGuess(payees, plan, opts.fallbackCurrency) ||
    // Guesses from here on, each said so in the notes: the header's language, then a sign several currencies write.
    (!table.headerless && headerScriptCurrency(table.header)) ||
    signs ||
    // Month-first dates (01/17/2026) are the United States' notation: a US account's export that names no currency
    // was stored in the data's main currency, its dollars as francs (QA round 4, fifth pass).
    // A guess all the same (Canadian banks write their dates so too: TD's headerless export was stored as US dollars): the
    // note says it was assumed and how to set the account's own (QA round 4, pass 9).
    // Not under a header in another language than English (review of stop 47: a Swiss bank's German export with
    // month-first dates, BLKB's, was stored as US dollars): what the dates' order says of the country, its words gainsay.
    (plan.dateOrders.length === 1 && plan.dateOrders[0] === "MDY" && !plan.names.some((n) => NOT_ENGLISH_HEADER.test(normaliseHeader(n))) && MONTH_FIRST_DOLLARS) ||
    (opts.fallbackCurrency && fallbackOf(opts.fallbackCurrency, payees, rupeeMark(plan, sample))) ||
    null;
  // Amounts written with "$" are in no currency that is not written so, whatever the account's IBAN country or the
  // header's language says (probe2 of issue 31: a German IBAN's "$1,234.56" were booked as euros, a Swedish header's as
  // kronor, exit 0): their sign's reading, said so, wins over such a guess; what the file itself states (`own`) stays.
  const file = told && told !== own && told !== storedTold && signs?.writtenAs && !signs.writtenAs.has(told.code) ? signs : told;
  if (plan.currency === null && !plan.defaultCurrency && !file) {
    throw new NeedsColumnMapping(`${fileName}: no currency column and no currency named in the file; set --currency CODE (or --currency-column H); columns: ${listColumns(plan.names.map((name) => ({ name })))}`);
  }
  src.fileCurrency = file;
  // A layout's own preamble balances win; else a balance the preamble states under a label of its own.
  const statedByLayout = src.stated!.opening !== null || src.stated!.closing !== null;
  for (const kind of ["opening", "closing", "credits", "debits"] as const) {
    const cellText = pre.statedCells[kind];
    if (!statedByLayout && cellText) src.stated![kind] = parseAmount(cellText, plan.decimal);
  }
  // A user's layout may say every sign is the other way round; the user's own "Flip signs" turns them again.
  const flipSigns = (opts.flipSigns === true) !== (table.layout?.flipSigns === true && plan.layout === table.layout.id);
  const read = readRows(src, plan, { fileName, flipSigns, sink: opts.sink });
  // The account's line above a headerless file's rows: a data line of the file, skipped with its reason.
  const accountSkips = table.accountLines.map((r) => ({ line: r.line, reason: `the account's line (${[...new Set(r.fields.map((f) => f.trim()).filter((f) => f !== ""))].join(", ")}), no booking of its own; its balance is not checked` }));
  return { ...read, skipped: [...accountSkips, ...read.skipped], dataLines: read.dataLines + accountSkips.length, notes: [...guessNotes, ...read.notes], columns: plan };
}

/** Headers a money app names each row's own account under (Spendee's "Wallet", Monarch's and Money Lover's "Account", Mobills' "Conta"), normalised. */
const APP_ACCOUNT_HEADERS: ReadonlySet<string> = new Set(["account", "wallet", "konto", "compte", "conto", "cuenta", "conta", "carteira"]);

/**
 * A money app's export of several of its accounts, one column naming each row's ("Wallet": Girokonto, Bargeld), read as one
 * statement (the rows name no account, so a bank's statement of the same bookings finds them: review of qa33): said so,
 * naming them, as a transfer between two of them is here with both its legs (qa33: nine apps' exports, nothing said).
 * Only for columns guessed from header words: not for a column of account numbers (other parties' IBANs, a ledger's
 * "6640 Travel"), nor under a bank's or app's layout, which knows its column (Mint's "Account Name" the rows' accounts,
 * Cash App's "Account" the payment's funding source).
 */
function appAccountsNote(plan: ColumnPlan, everyCell: (column: number) => string[], account: string | null): string | null {
  if (plan.accountColumns.length > 0 || plan.layout !== "guessed") return null;
  const column = plan.names.findIndex((n) => APP_ACCOUNT_HEADERS.has(normaliseHeader(n)));
  if (column < 0) return null;
  const named = [...new Set(everyCell(column).map((v) => v.trim()).filter((v) => v !== ""))];
  if (named.length < 2 || named.every((v) => ACCOUNT_NUMBER.test(v))) return null;
  const listed = named.length > 5 ? `${named.slice(0, 5).join(", ")} and ${named.length - 5} more` : named.join(", ");
  return `the column "${plan.names[column]!.trim()}" names ${named.length} accounts (${listed}): every row was imported ${account ? `under the account ${account}` : "under no account"}, as one statement, so a transfer between two of them is here as both its legs (out of one, into the other)`;
}

/** A money column headed as holding cents, or another currency's hundredth ("Amount (cents)", "amountInCents", "Betrag in Cent"). */
const CENTS_HEADER = /(?:^| )(?:cents?|centimes?|rappen|pence|minor units?)(?: |$)/;

/**
 * Amounts written in cents (whole numbers, a hundredth of the currency each): read as they are, every one was 100 times
 * too large, exit 0 (review of stop 47: Kontist's transactions as its API gives them, "amount": -4590 for −45.90 EUR).
 * Refused, saying why: a money column headed as cents; or Kontist's API fields (bookingDate, valutaDate, amount: its
 * amounts are in cents, its times in UTC) with every sampled amount a whole number. Kontist's own CSV export (German
 * headers, "Betrag" with a decimal comma) is read like any other.
 */
function refuseAmountsInCents(plan: ColumnPlan, sample: readonly CsvRecord[], fileName: string): void {
  const money = moneyCells(plan.money);
  const named = money.map((c) => plan.names[c]!).find((name) => CENTS_HEADER.test(normaliseHeader(name)));
  const go = "nothing was imported: budget-chat reads amounts in the currency's units (45.90, not 4590); export the statement with its amounts so, or as CAMT, MT940 or OFX, and import that";
  if (named) throw new ImportInputError(`${fileName}: the column "${named.trim()}" holds amounts in cents; ${go}`);
  const names = new Set(plan.names.map((n) => n.trim()));
  const whole = (c: number) => sample.every((r) => /^\s*[-+]?\d+\s*$/.test(asciiMinus(r.fields[c] ?? "")) || (r.fields[c] ?? "").trim() === "");
  if (["bookingDate", "valutaDate", "amount"].every((n) => names.has(n)) && money.length > 0 && money.every(whole)) {
    throw new ImportInputError(`${fileName}: these are Kontist's transactions as its API gives them (bookingDate, valutaDate, amount), whose amounts are in cents and times in UTC; ${go}`);
  }
}

/**
 * What the reader assumed of a column that marks money in only (the John Lewis card's "CR"): its empty cells are money out.
 * Beside amounts that carry their own signs elsewhere and no balance column (which decides: csv-guess.ts marksOrSigns),
 * it names the unmarked rows written positive, whose side the file does not tell (csv-signs.ts unmarkedInDoubt; review of
 * r4-memo: a Memo's "credit" made a salary money out, and only "check the preview's rows" said so).
 */
function oneSidedNote(plan: ColumnPlan, header: CsvRecord, sample: readonly CsvRecord[]): string | null {
  const m = plan.money;
  if (m.kind !== "indicator" || m.blank === undefined) return null;
  const name = plan.names[m.indicator]?.trim() || columnName(m.indicator);
  const said = `"${name}" marks only money in: the rows where it is empty were read as money out`;
  const cols = columnsOf(header, sample);
  const doubt = plan.balance === null ? unmarkedInDoubt(cols[m.indicator]!, cols[m.amount]!).map((r) => `line ${sample[r]!.line} (${cols[m.amount]!.values[r]!.trim()})`) : [];
  if (doubt.length === 0) return `${said}; check the preview's rows`;
  const named = doubt.length > 3 ? `${doubt.slice(0, 3).join(", ")} and ${doubt.length - 3} more` : doubt.join(", ");
  const one = doubt.length === 1;
  return `${said}, ${named} too, though written positive beside other rows written with a minus (by ${one ? "its" : "their"} own sign, money in); no balance column tells which is right: check ${one ? "it" : "them"} in the preview`;
}

/** What the reader read the signs from when a column of row kinds gave them (csv-signs.ts kindMarks). */
function kindsNote(plan: ColumnPlan): string | null {
  if (plan.money.kind !== "indicator" || !(plan.money.kinds || plan.money.words)) return null;
  const name = plan.names[plan.money.indicator]?.trim() || columnName(plan.money.indicator);
  if (plan.money.words) return `the amounts carry no sign: "${name}" gave them, read as an export of ${plan.money.words.app} writes its kinds: ${plan.money.words.says}`;
  if (plan.money.app) return `the amounts carry no sign: "${name}" gave them, its expenses as money out, its incomes as money in`;
  return `the amounts carry no sign: "${name}" gave them, a card statement's purchases, interest and fees as money out, its payments, returns and credits as money in`;
}

const layoutsOf = (format: string) => LAYOUTS.filter((l) => (l.format ?? "csv") === format);
const dateColumnOf = (l: BankLayout) => [l.date].flat()[0]!;

/** The first lines of the file, for identification. */
const firstLines = (head: string, n: number) => head.split(/\r\n|\n|\r/, n);

export const ubsAccountReader: StatementReader = {
  id: "ubs-account",
  name: "a UBS account statement CSV",
  label: "UBS account statement CSV",
  recognisedBy: "its `Trade date;…` header after the preamble (also German, French and Italian)",
  idRule: "the statement's `Transaction no.` (as the pipeline)",
  extensions: [".csv"],
  mimeTypes: ["text/csv"],
  identify: (head) => {
    const lines = firstLines(head, 60);
    return (lines[0] ?? "").includes(":;") && layoutsOf("ubs-account").some((l) => lines.some((line) => line.startsWith(`${dateColumnOf(l)};`)));
  },
  read: (text, opts) =>
    readCsv(text, opts, layoutsOf("ubs-account"), false, (f) => `${f}: no header line starting "Trade date;" (a UBS account statement has one after its preamble)`),
};

export const ubsCardReader: StatementReader = {
  id: "ubs-card",
  name: "a UBS card invoice CSV",
  label: "UBS credit-card invoice CSV",
  recognisedBy: "its `sep=;` line and card columns",
  idRule: "`cc-` + FNV-1a 64 of the row (as the pipeline)",
  extensions: [".csv"],
  mimeTypes: ["text/csv"],
  identify: (head) => {
    const [first, second] = firstLines(head, 2);
    const cells = headerCells((second ?? "").split(";"));
    return /^sep=;/.test((first ?? "").trim()) && layoutsOf("ubs-card").some((l) => headerMatches(l, cells));
  },
  read: (text, opts) => {
    const nl = text.search(/\r\n|\n|\r/);
    if (nl < 0 || !/^sep=;/.test(text.slice(0, nl).trim())) throw new ImportInputError(`${opts.fileName}: line 1: a UBS card invoice starts with "sep=;"`);
    return readCsv(text, opts, layoutsOf("ubs-card"), false, (f) => `${f}: line 2: the UBS card invoice has no header line`);
  },
};

/**
 * Content looks like a delimited table (format detection): several lines of at least two fields (the head holds two lines,
 * however long), or one that is a header row or a booking.
 */
export function looksLikeCsv(head: string): boolean {
  // A statement of "Label: value" records is no table, though a comma in its texts looks like one.
  if (looksLikeLabelledRecords(head)) return false;
  return DELIMITERS.some((d) => {
    let rows = 0;
    let named = false;
    forEachRecord(head, d, (r) => {
      if (r.fields.length >= 2) rows++;
      // A header row alone (an export of a period with no bookings) is a table too: its cells name a date and money. So is
      // one booking of a headerless download (Triodos's, Wells Fargo's of one day): a date, an amount and a third cell.
      if (rows === 1 && r.fields.length >= 2 && r.fields.length <= 500) {
        named = headerHits(r.fields) >= 2 || (r.fields.length >= 3 && looksLikeData(r.fields) && !statesBalance(r.fields));
      }
      return rows < 2;
    });
    return rows >= 2 || (rows === 1 && named);
  });
}

/**
 * A line that states a balance ("31.01.2026;Kontostand;1.234,56", "…,1234.56,Available"): alone, no booking (review of
 * stop 46). A cell that is such a label, not a payment's text that holds the word ("TOTAL WINE AND MORE", "AUTOPAY
 * BALANCE PAYMENT").
 */
function statesBalance(fields: readonly string[]): boolean {
  return fields.some((f) => {
    const n = normaliseHeader(f);
    return BALANCE_CELL.test(n) || statedBalanceKind(n) !== null;
  });
}
const BALANCE_CELL = /^(?:(?:available|current|account|closing|opening|ending|booked|ledger) )?(?:balance|saldo|solde|kontostand|total|summe|available)$/;

/**
 * The currency of a mapping that sets nothing else (--currency CODE alone), checked; null when the mapping sets
 * anything else or no currency.
 */
function onlyCurrency(mapping: CsvMapping | undefined, fileName: string): string | null {
  if (!mapping?.currency || Object.entries(mapping).some(([k, v]) => k !== "currency" && v !== undefined && v !== "")) return null;
  const code = mapping.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) throw new ImportInputError(`${fileName}: --currency "${code}" is not a three-letter ISO code`);
  return code;
}

/**
 * Exports a bank lays out so that no header row reads them (FNB's download, fnb-za.ts; BCA's Mutasi Rekening, bca-id.ts):
 * laid out as a table first, each line on its line, then read as any layout's CSV.
 */
const LAID_OUT: readonly { is: (head: string) => boolean; what: string; table: (text: string, fileName: string, given: { code: string; from: string } | null) => { text: string; layout: BankLayout; stated?: Partial<StatedBalances> } }[] = [
  { is: isFnbDownload, what: "an FNB download", table: fnbTable },
  { is: isBcaMutasi, what: "a BCA Mutasi Rekening", table: bcaTable },
];

/**
 * A laid-out export, recognised whatever the user's settings (review of stop 46: any of them sent FNB's to the generic
 * reader): the currency is taken; the column, date and decimal ones, which its own layout decides, are refused by name
 * rather than ignored.
 */
function readLaidOut(text: string, opts: ReadOptions, export_: (typeof LAID_OUT)[number]): Statement {
  const { mapping, ...rest } = opts;
  const { currency, ...others } = mapping ?? {};
  const set = Object.entries(others).filter(([, v]) => v !== undefined && v !== "").map(([k]) => k.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`));
  if (set.length > 0) {
    const list = set.length === 1 ? set[0] : `${set.slice(0, -1).join(", ")} and ${set[set.length - 1]}`;
    throw new ImportInputError(`${opts.fileName}: ${export_.what} is read by its own layout; the ${list} setting${set.length === 1 ? " does" : "s do"} not apply to it (only a currency does)`);
  }
  const code = onlyCurrency(currency === undefined ? undefined : { currency }, opts.fileName);
  const laid = export_.table(text, opts.fileName, code ? { code, from: "--currency" } : null);
  return readCsv(laid.text, rest, [laid.layout], false, (f) => `${f}: no transactions in ${export_.what}`, laid.stated);
}

export const csvReader: StatementReader = {
  id: "csv",
  name: "a CSV with a header row",
  label: "Any bank's CSV",
  recognisedBy: "a known bank layout's header (see below), else a header row (English, German, French, Italian, Dutch, Spanish words)",
  idRule: "the layout's transaction id, else `h:` + SHA-256 of account, date, amount, currency, text",
  extensions: [".csv", ".txt", ".tsv"],
  mimeTypes: ["text/csv", "text/plain"],
  identify: looksLikeCsv,
  read: (text, opts) => {
    const laidOut = opts.layout ? undefined : LAID_OUT.find((l) => l.is(text.slice(0, 4096)));
    return laidOut ? readLaidOut(text, opts, laidOut) : readCsv(text, opts, opts.layout ? [opts.layout] : [...(opts.userLayouts ?? []), ...LAYOUTS], true, (f) => `${f}: no table found`);
  },
};

/**
 * A CSV's header and first records as they are (the Import page's mapping screen shows them), found as the reader
 * finds them: after a `sep=` line or a preamble, with the delimiter most rows agree on.
 */
export function csvHead(text: string, fileName: string, records: number): { delimiter: string; header: CsvRecord; rows: CsvRecord[] } {
  const table = findTable(text, LAYOUTS, undefined, fileName);
  const rows: CsvRecord[] = [];
  forEachRecord(text, table.delimiter, (r) => {
    if (r.fields.some((f) => f.trim() !== "")) rows.push(r);
    return rows.length < records;
  }, table.bodyStart, table.bodyLine);
  return { delimiter: table.delimiter, header: table.header, rows };
}
