/**
 * Any bank's CSV: the delimiter (; , tab |), the header row after a preamble, and the role of each
 * column from its header words in English, German, French and Italian, checked against what the
 * column holds (a "Valuta" column of dates is a value date, one of codes a currency). Amounts come
 * from one signed column, a debit and a credit column, or an amount and a debit/credit indicator.
 * Dates and decimal marks are decided from the whole column. What cannot be decided is asked for:
 * the error names the columns found and the flags that settle it. A mapping overrides every guess.
 */
import { ImportInputError, NeedsColumnMapping } from "../../core/errors.ts";
import { splitRecords, type CsvRecord } from "./delimited.ts";
import type { BadRow, CsvMapping, ParsedRow, ParsedStatement } from "./types.ts";
import { guessDateOrder, guessDecimal, looksLikeDate, ORDER_OF_FORMAT, parseAmount, parseDate, type DateOrder, type Decimal } from "./values.ts";

const DELIMITERS = [";", ",", "\t", "|"] as const;

/** Lower case, accents off, letters and digits apart ("Beschreibung1" → "beschreibung 1", "Débit" → "debit"). */
export function normaliseHeader(h: string): string {
  return h
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/([a-z])(\d)/g, "$1 $2")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

type Role = "date" | "amount" | "debit" | "credit" | "currency" | "indicator" | "payee" | "payer" | "party" | "text" | "memo";

// Header words per role, best first (one tier per string array). A header matches when it equals
// a phrase or contains it as whole words.
const WORDS: Record<Role, string[][]> = {
  date: [
    ["booking date", "buchungsdatum", "buchungstag", "buchung", "completed date", "date comptable", "date de comptabilisation", "data contabile", "data di registrazione", "posting date", "posted date", "date posted"],
    ["date", "datum", "data", "transaction date", "transaktionsdatum", "trade date", "abschlussdatum", "purchase date", "einkaufsdatum", "date operation", "data operazione", "fecha"],
    ["value date", "valuta", "valutadatum", "wertstellung", "date valeur", "date de valeur", "data valuta"],
  ],
  amount: [
    ["amount", "betrag", "montant", "importo", "umsatz", "transaction amount", "sum", "summe", "value"],
    ["individual amount", "einzelbetrag", "originalbetrag", "ursprungsbetrag"],
  ],
  debit: [["debit", "debits", "belastung", "belastungen", "lastschrift", "soll", "addebito", "addebiti", "uscite", "withdrawal", "withdrawals", "paid out", "money out", "ausgang", "ausgaben", "debit amount", "sortie", "sorties"]],
  credit: [["credit", "credits", "gutschrift", "gutschriften", "haben", "accredito", "accrediti", "entrate", "deposit", "deposits", "paid in", "money in", "eingang", "einnahmen", "credit amount", "entree", "entrees"]],
  currency: [["currency", "wahrung", "waehrung", "whrg", "devise", "valuta", "divisa", "ccy", "curr", "currency code", "monnaie"]],
  indicator: [["debit credit", "credit debit", "soll haben", "s h", "d c", "dr cr", "cr dr", "debit credit indicator", "soll haben kennzeichen", "cdtdbtind", "type", "typ", "art", "sign", "indicator", "dare avere", "sens", "segno", "direction", "richtung", "dc", "cd", "sh"]],
  payee: [["payee", "payee name", "beneficiary", "empfanger", "empfaenger", "zahlungsempfanger", "zahlungsempfaenger", "zahlungsempfanger in", "beguenstigter", "creditor", "beneficiaire", "beneficiario", "destinataire"]],
  payer: [["payer", "zahlungspflichtiger", "zahlungspflichtige", "zahlungspflichtige r", "auftraggeber", "remitter", "debtor", "donneur d ordre", "ordinante"]],
  party: [["counterparty", "counterparty name", "merchant", "merchant name", "name", "auftraggeber empfanger", "auftraggeber empfaenger", "beguenstigter zahlungspflichtiger", "gegenpartei", "contrepartie", "controparte"]],
  text: [["description", "booking text", "buchungstext", "text", "beschreibung", "libelle", "descrizione", "details", "bezeichnung", "transaction details", "narrative", "designation", "description 1", "beschreibung 1"]],
  memo: [["verwendungszweck", "memo", "purpose", "mitteilung", "communication", "reference", "referenz", "motif", "causale", "note", "notes", "remarks", "zahlungszweck"]],
};

const NEVER_MONEY = /\b(balance|saldo|solde|kontostand|rate|kurs|cours|cambio|fx)\b/;
// The currency of an original or foreign amount is not the currency the amount column is in.
const NOT_THE_CURRENCY = /\b(foreign|original|orig|fremdwahrung|exchange|originale|origine)\b/;

/** The tier (0 best) at which a header matches a role, or null. */
function tier(header: string, role: Role): number | null {
  if (header === "") return null;
  if ((role === "amount" || role === "debit" || role === "credit") && (NEVER_MONEY.test(header) || NOT_THE_CURRENCY.test(header))) return null;
  if (role === "currency" && NOT_THE_CURRENCY.test(header)) return null;
  const padded = ` ${header} `;
  const tiers = WORDS[role];
  for (let t = 0; t < tiers.length; t++) if (tiers[t]!.includes(header)) return t;
  for (let t = 0; t < tiers.length; t++) if (tiers[t]!.some((w) => padded.includes(` ${w} `))) return t + 0.5;
  return null;
}

const INDICATOR: Record<string, 1 | -1> = {
  s: -1, h: 1, d: -1, c: 1, dr: -1, cr: 1, db: -1, debit: -1, credit: 1, soll: -1, haben: 1, dbit: -1, crdt: 1,
  belastung: -1, gutschrift: 1, lastschrift: -1, dare: -1, avere: 1, addebito: -1, accredito: 1, out: -1, in: 1,
};

const indicatorSign = (raw: string): 1 | -1 | undefined => (raw.length <= 16 ? INDICATOR[normaliseHeader(raw)] : undefined);

const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

const isCurrencyCode = (raw: string) => /^[A-Za-z]{3}$/.test(raw.trim());

type Column = { index: number; name: string; norm: string; values: string[] };

// A column's role is judged on its first filled values: enough to tell, cheap on a large file.
const SAMPLE = 500;

function share(values: readonly string[], test: (v: string) => boolean): number {
  let filled = 0;
  let passed = 0;
  for (const v of values) {
    if (v.trim() === "") continue;
    filled++;
    if (test(v)) passed++;
    if (filled === SAMPLE) break;
  }
  return filled === 0 ? 0 : passed / filled;
}

const looksLikeAmount = (v: string) => parseAmount(v, ".") !== null || parseAmount(v, ",") !== null;

/** Does the column's content fit the role? (Empty columns fit nothing that must be read.) */
function fits(col: Column, role: Role): boolean {
  switch (role) {
    case "date":
      return share(col.values, looksLikeDate) >= 0.5;
    case "amount":
      return share(col.values, looksLikeAmount) >= 0.5;
    case "debit":
    case "credit":
      // A statement without any income has an empty credit column, and that is still the column.
      return col.values.every((v) => v.trim() === "") || share(col.values, looksLikeAmount) >= 0.5;
    case "currency":
      return share(col.values, isCurrencyCode) >= 0.8;
    case "indicator":
      return share(col.values, (v) => indicatorSign(v) !== undefined) === 1;
    default:
      return share(col.values, (v) => looksLikeAmount(v) || looksLikeDate(v)) < 0.8;
  }
}

/** Columns fitting a role, best tier first, then left to right. */
function candidates(cols: readonly Column[], role: Role, taken: ReadonlySet<number>): Column[] {
  // An indicator column speaks for itself (every value S/H, D/C, Debit/Credit…) whatever its header.
  const headerTier = (c: Column) => tier(c.norm, role) ?? (role === "indicator" && c.values.some((v) => v.trim() !== "") ? 9 : null);
  return cols
    .map((c) => ({ c, t: taken.has(c.index) ? null : headerTier(c) }))
    .filter((x): x is { c: Column; t: number } => x.t !== null && fits(x.c, role))
    .sort((a, b) => a.t - b.t || a.c.index - b.c.index)
    .map((x) => x.c);
}

type Layout = {
  date: Column;
  amount: { kind: "signed"; col: Column } | { kind: "split"; debit: Column; credit: Column } | { kind: "indicator"; col: Column; indicator: Column };
  /** Description columns in order of preference, by direction (money out / money in). */
  textOut: Column[];
  textIn: Column[];
  currency: Column | null;
};

function headerHits(fields: readonly string[]): number {
  const norms = fields.map(normaliseHeader);
  const roles: Role[] = ["date", "amount", "debit", "credit", "currency", "payee", "party", "text", "memo"];
  return roles.filter((r) => norms.some((h) => tier(h, r) !== null)).length;
}

type Table = { delimiter: string; records: CsvRecord[]; headerAt: number };

/**
 * The delimiter and header row: the header is the first row naming at least two roles (a date and
 * an amount, say) — or, with a mapping, the row holding the mapped date column. Among delimiters,
 * a found header wins, then the most rows of one width.
 */
function findTable(text: string, mapping: CsvMapping | undefined, fileName: string): Table {
  const lines = text.split(/\r\n|\n|\r/, 2);
  const sep = /^sep=(.)\s*$/.exec(lines[0] ?? "");
  const body = sep ? text.slice(text.search(/\r\n|\n|\r/)).replace(/^(\r\n|\n|\r)/, "") : text;
  const firstLine = sep ? 2 : 1;
  const delimiters = sep ? [sep[1]!] : DELIMITERS;
  const wanted = mapping?.dateColumn?.trim();
  // Delimiters are tried on the head only; the whole file is split once, with the winner.
  const cut = body.length > 65536 ? body.lastIndexOf("\n", 65536) : -1;
  const head = cut > 0 ? body.slice(0, cut) : body;
  let best: (Table & { score: number }) | null = null;
  for (const delimiter of delimiters) {
    const records = splitRecords(head, delimiter, firstLine);
    const probe = records.slice(0, 60);
    let headerAt = probe.findIndex((r) => r.fields.length >= 2 && (wanted ? r.fields.some((f) => f.trim() === wanted) : headerHits(r.fields) >= 2));
    const widths = new Map<number, number>();
    for (const r of probe) if (r.fields.length >= 2) widths.set(r.fields.length, (widths.get(r.fields.length) ?? 0) + 1);
    const [width, rowsOfWidth] = [...widths].sort((a, b) => b[1] * b[0] - a[1] * a[0])[0] ?? [0, 0];
    const found = headerAt >= 0;
    if (!found) headerAt = probe.findIndex((r) => r.fields.length === width);
    const score = (found ? 1e9 : 0) + rowsOfWidth * width;
    if (headerAt >= 0 && (!best || score > best.score)) best = { delimiter, records, headerAt, score };
  }
  if (!best) throw new ImportInputError(`${fileName}: no table found: expected a header row and rows separated by ; , tab or |`);
  return head === body ? best : { ...best, records: splitRecords(body, best.delimiter, firstLine) };
}

function columnByName(cols: readonly Column[], name: string, flag: string, fileName: string): Column {
  const want = name.trim();
  const col = cols.find((c) => c.name.trim() === want) ?? cols.find((c) => c.name.trim().toLowerCase() === want.toLowerCase());
  if (!col) throw new NeedsColumnMapping(`${fileName}: ${flag} "${name}" is not a column; the columns are ${listColumns(cols)}`);
  return col;
}

const listColumns = (cols: readonly Column[]) => cols.filter((c) => c.name.trim() !== "").map((c) => `"${c.name.trim()}"`).join(", ");

function guessFailure(fileName: string, line: number, cols: readonly Column[], missing: readonly string[]): NeedsColumnMapping {
  return new NeedsColumnMapping(
    `${fileName}: line ${line}: cannot tell which columns hold ${missing.join(", ")}; found columns ${listColumns(cols)}. ` +
      "Name them with --date-column, --amount-column (or --debit-column and --credit-column), --description-column, " +
      "--currency-column or --currency, and if needed --date-format and --decimal",
  );
}

function layout(cols: Column[], mapping: CsvMapping, fileName: string, headerLine: number): Layout {
  const taken = new Set<number>();
  const missing: string[] = [];
  const take = (c: Column | undefined) => {
    if (c) taken.add(c.index);
    return c;
  };
  const date = take(mapping.dateColumn ? columnByName(cols, mapping.dateColumn, "--date-column", fileName) : candidates(cols, "date", taken)[0]);
  if (!date) missing.push("the date");

  // An indicator column (S/H, D/C, …) gives the sign to an amount column written without one.
  const indicator = candidates(cols, "indicator", taken)[0];
  const signedOrIndicated = (col: Column): Layout["amount"] => {
    const hasSign = col.values.some((v) => (parseAmount(v, ".") ?? parseAmount(v, ",") ?? 0) < 0);
    return indicator && indicator !== col && !hasSign ? { kind: "indicator", col, indicator } : { kind: "signed", col };
  };
  let amount: Layout["amount"] | undefined;
  if (mapping.amountColumn) amount = signedOrIndicated(columnByName(cols, mapping.amountColumn, "--amount-column", fileName));
  else if (mapping.debitColumn || mapping.creditColumn) {
    if (!mapping.debitColumn || !mapping.creditColumn) throw new NeedsColumnMapping(`${fileName}: --debit-column and --credit-column go together`);
    amount = { kind: "split", debit: columnByName(cols, mapping.debitColumn, "--debit-column", fileName), credit: columnByName(cols, mapping.creditColumn, "--credit-column", fileName) };
  } else {
    const without = new Set(taken);
    if (indicator) without.add(indicator.index);
    const best = candidates(cols, "amount", without)[0];
    const debit = candidates(cols, "debit", without)[0];
    const credit = candidates(cols, "credit", without).find((c) => c !== debit);
    // A main amount column wins; a pair of debit/credit columns beats a secondary one ("Individual amount").
    if (best && (tier(best.norm, "amount")! < 1 || !(debit && credit))) amount = signedOrIndicated(best);
    else if (debit && credit) amount = { kind: "split", debit, credit };
  }
  if (amount) for (const c of amount.kind === "split" ? [amount.debit, amount.credit] : amount.kind === "indicator" ? [amount.col, amount.indicator] : [amount.col]) taken.add(c.index);
  if (!amount) missing.push("the amount (one signed column, or a debit and a credit column)");

  const currency = take(mapping.currencyColumn ? columnByName(cols, mapping.currencyColumn, "--currency-column", fileName) : mapping.currency ? undefined : candidates(cols, "currency", taken)[0]) ?? null;

  let textOut: Column[];
  let textIn: Column[];
  if (mapping.descriptionColumn) textOut = textIn = [columnByName(cols, mapping.descriptionColumn, "--description-column", fileName)];
  else {
    const by = (role: Role) => candidates(cols, role, taken);
    const [payee, payer, party, text, memo] = [by("payee"), by("payer"), by("party"), by("text"), by("memo")];
    if (payee.length > 0 && payer.length > 0) {
      // Both sides named (DKB-like): the other party is the payee of money out, the payer of money in.
      textOut = [...payee, ...party, ...text, ...memo, ...payer];
      textIn = [...payer, ...party, ...text, ...memo, ...payee];
    } else textOut = textIn = [...payee, ...payer, ...party, ...text, ...memo]; // one column names the other party either way (N26 "Payee")
  }
  if (textOut.length === 0) missing.push("the description");
  if (missing.length > 0 || !date || !amount) throw guessFailure(fileName, headerLine, cols, missing);
  return { date, amount, textOut, textIn, currency };
}

/** A currency named in a money column's header ("Betrag (EUR)", "Amount CHF", "Betrag (€)"). */
function headerCurrency(l: Layout): string | null {
  const cols = l.amount.kind === "split" ? [l.amount.debit, l.amount.credit] : [l.amount.col];
  for (const c of cols) {
    const m = /\(([A-Z]{3})\)|\b(?:in\s+)?([A-Z]{3})$/.exec(c.name.trim()) ?? (/€/.test(c.name) ? ["", "EUR"] : /£/.test(c.name) ? ["", "GBP"] : null);
    const code = m?.[1] ?? m?.[2];
    if (code && CURRENCIES.has(code)) return code;
  }
  return null;
}

/** Preamble facts: an IBAN, and a currency after a label such as "Currency:" or "Valued in:". */
function preamble(records: readonly CsvRecord[]): { account: string | null; currency: string | null } {
  let account: string | null = null;
  let currency: string | null = null;
  for (const r of records) {
    const cells = r.fields.map((f) => f.trim()).filter((f) => f !== "");
    for (let i = 0; i < cells.length; i++) {
      const iban = /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30})\b/.exec(cells[i]!);
      if (!account && iban) account = iban[1]!.replace(/\s+/g, "");
      const label = normaliseHeader(cells[i]!);
      const next = cells[i + 1];
      if (!currency && next && isCurrencyCode(next) && (tier(label, "currency") !== null || label === "valued in")) currency = next.toUpperCase();
    }
  }
  return { account, currency };
}

export function parseCsv(text: string, fileName: string, mapping: CsvMapping = {}): ParsedStatement {
  const table = findTable(text, mapping, fileName);
  const header = table.records[table.headerAt]!;
  const data = table.records.slice(table.headerAt + 1).filter((r) => r.fields.some((f) => f.trim() !== ""));
  const pre = preamble(table.records.slice(0, table.headerAt));
  // A header and nothing under it is an export of a quiet period, not a puzzle about columns.
  if (data.length === 0) return { format: "csv", account: pre.account, rows: [], badRows: [] };
  const cols: Column[] = header.fields.map((name, index) => ({ index, name, norm: normaliseHeader(name), values: data.map((r) => r.fields[index] ?? "") }));
  const l = layout(cols, mapping, fileName, header.line);

  // --currency wins; else the currency column, with the file's own (header, preamble) for its empty cells.
  const fileCurrency = headerCurrency(l) ?? pre.currency;
  const fixedCurrency = mapping.currency?.trim().toUpperCase() || (l.currency ? null : fileCurrency);
  if (!l.currency && !fixedCurrency) {
    throw new NeedsColumnMapping(`${fileName}: no currency column and no currency named in the file; set --currency CODE (or --currency-column H); columns: ${listColumns(cols)}`);
  }
  if (fixedCurrency && !/^[A-Z]{3}$/.test(fixedCurrency)) throw new ImportInputError(`${fileName}: --currency "${fixedCurrency}" is not a three-letter ISO code`);

  let order: DateOrder;
  if (mapping.dateFormat) order = ORDER_OF_FORMAT[mapping.dateFormat];
  else {
    const g = guessDateOrder(l.date.values);
    if ("order" in g) order = g.order;
    else {
      const why = "ambiguous" in g ? "every date fits both day-first and month-first" : "conflict" in g ? "some dates are day-first and others month-first" : "no value looks like a date";
      throw new NeedsColumnMapping(`${fileName}: line ${header.line}: cannot tell the date format of column "${l.date.name.trim()}" (${why}); set --date-format YYYY-MM-DD, DD.MM.YYYY, DD/MM/YYYY or MM/DD/YYYY`);
    }
  }

  const moneyCols = l.amount.kind === "split" ? [l.amount.debit, l.amount.credit] : [l.amount.col];
  let decimal: Decimal;
  if (mapping.decimal) decimal = mapping.decimal;
  else {
    const g = guessDecimal(moneyCols.flatMap((c) => c.values));
    if ("decimal" in g) decimal = g.decimal;
    else {
      const why = "ambiguous" in g ? "every amount reads as a whole number with thousands or as a decimal" : "some amounts use a decimal point and others a decimal comma";
      throw new NeedsColumnMapping(`${fileName}: cannot tell the decimal mark of ${moneyCols.map((c) => `"${c.name.trim()}"`).join(" and ")} (${why}); set --decimal . or --decimal ,`);
    }
  }

  const rows: ParsedRow[] = [];
  const badRows: BadRow[] = [];
  for (const r of data) {
    const cell = (c: Column) => r.fields[c.index] ?? "";
    const bad = (reason: string) => badRows.push({ line: r.line, reason });
    const money = (c: Column): number | null | "bad" => (cell(c).trim() === "" ? null : (parseAmount(cell(c), decimal) ?? "bad"));

    let amount: number;
    if (l.amount.kind === "split") {
      const d = money(l.amount.debit);
      const c = money(l.amount.credit);
      if (d === "bad" || c === "bad") {
        const col = d === "bad" ? l.amount.debit : l.amount.credit;
        bad(`${col.name.trim()} "${cell(col).trim()}" is not an amount`);
        continue;
      }
      if (d === null && c === null) continue; // no money moved: a note or balance line
      amount = Math.abs(c ?? 0) - Math.abs(d ?? 0);
    } else {
      const a = money(l.amount.col);
      if (a === "bad") {
        bad(`${l.amount.col.name.trim()} "${cell(l.amount.col).trim()}" is not an amount`);
        continue;
      }
      if (a === null) continue;
      amount = a;
      if (l.amount.kind === "indicator") {
        const sign = indicatorSign(cell(l.amount.indicator));
        if (sign === undefined) {
          bad(`${l.amount.indicator.name.trim()} "${cell(l.amount.indicator).trim()}" is neither debit nor credit`);
          continue;
        }
        amount = sign * Math.abs(a);
      }
    }

    const rawDate = cell(l.date).trim();
    if (rawDate === "") {
      bad(`no date in "${l.date.name.trim()}"`);
      continue;
    }
    const date = parseDate(rawDate, order);
    if (!date) {
      bad(`${l.date.name.trim()} "${rawDate}" is not a real date`);
      continue;
    }

    const currency = l.currency ? cell(l.currency).trim().toUpperCase() || fileCurrency || "" : fixedCurrency!;
    if (!/^[A-Z]{3}$/.test(currency)) {
      bad(`currency "${currency}" is not a three-letter code`);
      continue;
    }
    const texts = amount < 0 ? l.textOut : l.textIn;
    // A line break inside a quoted cell is layout, not content.
    let description = "";
    for (const c of texts) {
      const v = cell(c);
      description = (v.includes("\n") || v.includes("\r") ? v.replace(/\s*[\r\n]+\s*/g, " ") : v).trim();
      if (description !== "") break;
    }
    rows.push({ line: r.line, date, amount: amount === 0 ? 0 : amount, currency, description, reference: null, account: pre.account });
  }
  return { format: "csv", account: pre.account, rows, badRows };
}

/** Content looks like a delimited table (format detection): several lines of at least two fields. */
export function looksLikeCsv(text: string): boolean {
  const head = text.slice(0, 16384);
  return DELIMITERS.some((d) => splitRecords(head, d).filter((r) => r.fields.length >= 2).length >= 2);
}
