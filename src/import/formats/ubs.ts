/**
 * UBS exports read exactly as the pipeline (budget-analyser csv_parser.rs + db/import.rs) reads
 * them, so a file imported by either program is recognised by the other: same date (the trade /
 * purchase date), sign, raw_description and transaction_id.
 *
 * Account statement: a preamble (`Account number:;…`, `IBAN:;…`) up to the line starting
 * `Trade date;`; an empty trade date (standing orders) takes the previous row's; amount = −|Debit|
 * or +|Credit|; description = Description1; id = `Transaction no.` as is.
 * Card invoice: `sep=;`, then the header; rows without a purchase date (balance brought forward)
 * and `DIRECT DEBIT` rows (the invoice's settlement) are not transactions; id = `cc-` + FNV-1a 64
 * over `purchase date|booking text|debit|credit|booked`, the raw cell texts.
 *
 * The German e-banking export (`Abschlussdatum;…;Belastung;Gutschrift;…;Transaktions-Nr.;
 * Beschreibung1;…`, dates also as DD.MM.YYYY or DD/MM/YYYY) is read the same way; the pipeline
 * itself reads only the English one.
 *
 * Where the pipeline silently books 0 (no debit and no credit, e.g. the detail lines of a
 * collective order) the row is left out, and where it would abort on an unreadable cell the row
 * is a bad row: the caller decides.
 */
import { ImportInputError } from "../../core/errors.ts";
import { splitRecords, type CsvRecord } from "./delimited.ts";
import type { BadRow, ParsedRow, ParsedStatement } from "./types.ts";
import { isoDate } from "./values.ts";

/** First line of a UBS card invoice and its header's tell-tale columns. */
export function isUbsCard(lines: readonly string[]): boolean {
  return /^sep=;/.test((lines[0] ?? "").trim()) && /(^|;)Purchase date(;|$)/.test(lines[1] ?? "") && /(^|;)Booking text(;|$)/.test(lines[1] ?? "");
}

/** The account statement's columns in the English export (the pipeline's) and the German one. */
const ACCOUNT_HEADERS = [
  { trade: "Trade date", currency: "Currency", debit: "Debit", credit: "Credit", id: "Transaction no.", text: "Description1", iban: "IBAN:", number: "Account number:" },
  { trade: "Abschlussdatum", currency: "Währung", debit: "Belastung", credit: "Gutschrift", id: "Transaktions-Nr.", text: "Beschreibung1", iban: "IBAN:", number: "Kontonummer:" },
] as const;

const accountHeaderAt = (lines: readonly string[]) => {
  for (const h of ACCOUNT_HEADERS) {
    const at = lines.findIndex((l) => l.startsWith(`${h.trade};`));
    if (at >= 0) return { at, h };
  }
  return null;
};

/** A UBS account statement: a `Label:;value` preamble and a line starting `Trade date;` (or `Abschlussdatum;`). */
export function isUbsAccount(lines: readonly string[]): boolean {
  const first = lines[0] ?? "";
  return first.includes(":;") && accountHeaderAt(lines) !== null;
}

// The pipeline parses amounts with Rust's f64 parser: plain digits, an optional sign and point.
function plainAmount(raw: string): number | null | "bad" {
  const t = raw.trim();
  if (t === "") return null;
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t) ? Math.abs(Number(t)) : "bad";
}

function amountOf(debit: string, credit: string, names: { debit: string; credit: string }): { amount: number } | { reason: string } | null {
  const d = plainAmount(debit);
  if (d === "bad") return { reason: `${names.debit} "${debit.trim()}" is not a number` };
  if (d !== null) return { amount: d === 0 ? 0 : -d };
  const c = plainAmount(credit);
  if (c === "bad") return { reason: `${names.credit} "${credit.trim()}" is not a number` };
  return c === null ? null : { amount: c };
}

function columns(header: CsvRecord, required: readonly string[], fileName: string, kind: string): Map<string, number> {
  const index = new Map<string, number>();
  header.fields.forEach((name, i) => {
    if (!index.has(name)) index.set(name, i);
  });
  const missing = required.filter((r) => !index.has(r));
  if (missing.length > 0) {
    throw new ImportInputError(
      `${fileName}: line ${header.line}: the UBS ${kind} header lacks ${missing.map((m) => `"${m}"`).join(", ")} (found ${header.fields.filter((f) => f !== "").map((f) => `"${f}"`).join(", ")})`,
    );
  }
  return index;
}

const cell = (r: CsvRecord, i: number | undefined) => (i === undefined ? "" : (r.fields[i] ?? ""));

export function parseUbsAccount(text: string, fileName: string): ParsedStatement {
  const lines = text.split(/\r\n|\n|\r/);
  const found = accountHeaderAt(lines);
  if (!found) throw new ImportInputError(`${fileName}: no header line starting "Trade date;" (a UBS account statement has one after its preamble)`);
  const { at: headerAt, h } = found;
  let account: string | null = null;
  for (const l of lines.slice(0, headerAt)) {
    const [label, value] = l.split(";");
    if (label === h.iban && value?.trim()) account = value.replace(/\s+/g, "");
    else if (label === h.number && value?.trim() && account === null) account = value.trim();
  }
  const records = splitRecords(lines.slice(headerAt).join("\n"), ";", headerAt + 1);
  const [header, ...data] = records;
  const col = columns(header!, [h.trade, h.currency, h.debit, h.credit, h.id, h.text], fileName, "account statement");
  const rows: ParsedRow[] = [];
  const badRows: BadRow[] = [];
  let lastDate: string | null = null;
  for (const r of data) {
    const rawDate = cell(r, col.get(h.trade)).trim();
    let date: string | null;
    if (rawDate === "") {
      date = lastDate;
      if (date === null) {
        badRows.push({ line: r.line, reason: `empty ${h.trade} and no earlier row to take it from` });
        continue;
      }
    } else {
      date = ubsDate(rawDate);
      if (date === null) {
        badRows.push({ line: r.line, reason: `${h.trade} "${rawDate}" is not a real date (YYYY-MM-DD)` });
        continue;
      }
      lastDate = date;
    }
    const amount = amountOf(cell(r, col.get(h.debit)), cell(r, col.get(h.credit)), h);
    if (amount === null) continue;
    if ("reason" in amount) {
      badRows.push({ line: r.line, reason: amount.reason });
      continue;
    }
    const currency = cell(r, col.get(h.currency)).trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) {
      badRows.push({ line: r.line, reason: `${h.currency} "${currency}" is not a three-letter code` });
      continue;
    }
    const reference = cell(r, col.get(h.id));
    rows.push({ line: r.line, date, amount: amount.amount, currency, description: cell(r, col.get(h.text)), reference: reference === "" ? null : reference, account });
  }
  return { format: "ubs-account", account, rows, badRows };
}

/** FNV-1a 64 over the UTF-8 bytes, as 16 hex digits; two 32-bit halves keep it exact without BigInt. */
const utf8 = new TextEncoder();

export function fnv1a64Hex(text: string): string {
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (const byte of utf8.encode(text)) {
    lo ^= byte;
    lo >>>= 0;
    // (hi·2³² + lo) · (2⁴⁰ + 0x1b3) mod 2⁶⁴
    const low = lo * 0x1b3;
    const carry = Math.floor(low / 0x100000000);
    hi = (hi * 0x1b3 + ((lo << 8) >>> 0) + carry) % 0x100000000;
    lo = low % 0x100000000;
  }
  return hi.toString(16).padStart(8, "0") + lo.toString(16).padStart(8, "0");
}

export function parseUbsCard(text: string, fileName: string): ParsedStatement {
  const nl = text.search(/\r\n|\n|\r/);
  if (nl < 0 || !/^sep=;/.test(text.slice(0, nl).trim())) throw new ImportInputError(`${fileName}: line 1: a UBS card invoice starts with "sep=;"`);
  // The pipeline reads line by line and rejoins with "\n": a line break inside a quoted cell is "\n" there too.
  const rest = text.slice(nl).replace(/^(\r\n|\n|\r)/, "").replace(/\r\n/g, "\n");
  const [header, ...data] = splitRecords(rest, ";", 2);
  if (!header) throw new ImportInputError(`${fileName}: line 2: the UBS card invoice has no header line`);
  const col = columns(header, ["Purchase date", "Booking text", "Currency", "Debit", "Credit", "Booked"], fileName, "card invoice");
  const rows: ParsedRow[] = [];
  const badRows: BadRow[] = [];
  const cards = new Set<string>();
  let cardAccount: string | null = null;
  for (const r of data) {
    const purchase = cell(r, col.get("Purchase date"));
    const text = cell(r, col.get("Booking text"));
    if (purchase.trim() === "" || text.includes("DIRECT DEBIT")) continue;
    const date = dmy(purchase);
    if (date === null) {
      badRows.push({ line: r.line, reason: `Purchase date "${purchase.trim()}" is not a real DD.MM.YYYY date` });
      continue;
    }
    const booked = cell(r, col.get("Booked"));
    if (booked.trim() !== "" && dmy(booked) === null) {
      badRows.push({ line: r.line, reason: `Booked "${booked.trim()}" is not a real DD.MM.YYYY date` });
      continue;
    }
    const debit = cell(r, col.get("Debit"));
    const credit = cell(r, col.get("Credit"));
    const amount = amountOf(debit, credit, { debit: "Debit", credit: "Credit" });
    if (amount === null) continue;
    if ("reason" in amount) {
      badRows.push({ line: r.line, reason: amount.reason });
      continue;
    }
    const currency = cell(r, col.get("Currency")).trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) {
      badRows.push({ line: r.line, reason: `Currency "${currency}" is not a three-letter code` });
      continue;
    }
    const card = cell(r, col.get("Card number")).trim() || null;
    if (card) cards.add(card);
    cardAccount ??= cell(r, col.get("Account number")).trim() || null;
    const row: ParsedRow = {
      line: r.line,
      date,
      amount: amount.amount,
      currency,
      description: text,
      reference: `cc-${fnv1a64Hex([purchase, text, debit, credit, booked].join("|"))}`,
      account: card ?? cardAccount,
    };
    if (col.has("Sector")) row.sector = cell(r, col.get("Sector")).trim();
    rows.push(row);
  }
  // One card: its number; a partner card on the same invoice: the card account both belong to.
  const account = cards.size === 1 ? [...cards][0]! : cardAccount;
  return { format: "ubs-card", account, rows, badRows };
}

/** The English export writes ISO dates (all the pipeline accepts); German ones also day-first ones. */
function ubsDate(raw: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(raw);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(raw);
  return dayFirst ? isoDate(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])) : null;
}

function dmy(raw: string): string | null {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(raw.trim());
  return m ? isoDate(Number(m[3]), Number(m[2]), Number(m[1])) : null;
}
