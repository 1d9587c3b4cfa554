/**
 * FNB's (First National Bank, South Africa) CSV download: every line starts with the number of its record (2 the account,
 * 3 the statement's period, 4 its summary, 5 the transactions, 6 the end), texts in single quotes, in Afrikaans or
 * English, and the bookings' dates without their year ("01 Mrt", "25 Apr"), which the period line states:
 *
 *     2,123456789,'MNR J SMIT','TJEKREKENING'
 *     3,'Staatnommer','Vanaf Datum','Tot Datum'
 *     3,75,'28 Februarie 2016','28 Maart 2016'
 *     5,'Nommer','Datum','Beskrywing1','Beskrywing2','Beskrywing3','Bedrag','Saldo','Opgeloopte Koste'
 *     5,1,'01 Mrt',"#Monthly Bank Fee",,"",-500.00,40000.00,
 *     6,'END'
 *
 * Signed amounts with a decimal point, the balance after each booking, oldest first. QA round 4, pass 17
 * (hledger-flow's FNB downloads, run as they are): refused, "cannot tell which columns hold the date, the description".
 * The currency is the one its account and statement lines state (one of FNB's currency codes as a cell of its own);
 * else the account's earlier rows'; else the currency of the country its account type names (FNB Namibia, Botswana,
 * Zambia, Lesotho, Eswatini, Mozambique), said as assumed; else rand, said as assumed (review of stop 46: every
 * download was rand, an FNB Namibia one too). The holder's name is never read for it (review of r4-left: "NAMIBIA TOURS
 * CC" made a rand account's rows Namibian dollars).
 *
 * Each booking is laid out as one record of a table (date with its year, the three descriptions, amount, balance) on its
 * own line, so the CSV reader's one row pipeline reads it — with its balance-column check, line numbers and reasons. It is
 * a CSV (format "csv", layout "fnb-za"): the CSV reader reads it so when isFnbDownload says it is one.
 */
import { ImportInputError } from "../../core/errors.ts";
import type { BankLayout } from "./csv-layout.ts";
import { forEachRecord, quotedCell as cell } from "./delimited.ts";
import { isoDate, nearestYear, type StatementPeriod } from "./values.ts";

/** "Number": the record's number, which every booking has (a line without one is listed, not read). */
const COLUMNS = ["Number", "Date", "Description1", "Description2", "Description3", "Amount", "Balance"] as const;

const LAYOUT: BankLayout = {
  id: "fnb-za",
  bank: "FNB (First National Bank, South Africa)",
  name: "CSV download (Afrikaans or English)",
  header: COLUMNS.slice(1),
  encoding: "windows-1252",
  delimiter: "\t",
  dates: ["YYYY-MM-DD"],
  decimal: ".",
  date: "Date",
  money: { amount: "Amount" },
  homeCurrency: { code: "ZAR", why: "its downloads are in rand unless their account lines name another currency or country", assumed: true },
  balance: "Balance",
  description: { columns: ["Description1", "Description2", "Description3"] },
  account: { preamble: ["Account:"] },
  skip: [{ column: "Number", empty: true, reason: "a transaction line (5) without its number, which every booking has: not read as one" }],
};

/**
 * The countries of FNB's banks outside South Africa (and South Africa itself), as an account type may name them ("FNB
 * NAMIBIA GOLD CHEQUE ACCOUNT"), with their currency's code and name.
 */
const COUNTRY_CURRENCY: readonly { country: RegExp; name: string; code: string; money: string }[] = [
  { country: /\bnamibi(?:an?|ë)(?!\p{L})/iu, name: "Namibia", code: "NAD", money: "Namibian dollars" },
  { country: /\bbotswana\b/i, name: "Botswana", code: "BWP", money: "pula" },
  { country: /\bzambia\b/i, name: "Zambia", code: "ZMW", money: "kwacha" },
  { country: /\blesotho\b/i, name: "Lesotho", code: "LSL", money: "maloti" },
  { country: /\b(?:eswatini|swaziland)\b/i, name: "Eswatini", code: "SZL", money: "emalangeni" },
  { country: /\bmo[cç]ambique\b|\bmozambique\b/i, name: "Mozambique", code: "MZN", money: "meticais" },
  { country: /\bsouth africa\b|\bsuid-afrika\b/i, name: "South Africa", code: "ZAR", money: "rand" },
];
type Country = (typeof COUNTRY_CURRENCY)[number];

/** The currencies of FNB's banks: the only codes a cell of its own may state (a cell "ALL" is an account's name, not leks). */
const FNB_CURRENCIES = new Set(COUNTRY_CURRENCY.map((c) => c.code));

/**
 * What the cells that describe the account or the statement say of its currency: a cell that is one of FNB's currency
 * codes (stated), or an FNB country's name (a guess: a bank may keep an account in another currency than its
 * country's). Never the holder's name, the account line's third cell ("NAMIBIA TOURS CC", "MRS T ZAMBIA" are people
 * and firms, not countries: review of r4-left).
 */
function currencyWords(cells: readonly string[], into: { codes: Set<string>; countries: Set<Country> }): void {
  for (const raw of cells) {
    const v = unquote(raw);
    if (FNB_CURRENCIES.has(v)) into.codes.add(v);
    for (const c of COUNTRY_CURRENCY) if (c.country.test(v)) into.countries.add(c);
  }
}

/** Months in Afrikaans and English, full and as FNB shortens them ("Mrt", "Mei", "Okt", "Des"). */
const MONTHS: Record<string, number> = {
  jan: 1, januarie: 1, january: 1, feb: 2, februarie: 2, february: 2, mrt: 3, mar: 3, maart: 3, march: 3, apr: 4, april: 4,
  mei: 5, may: 5, jun: 6, junie: 6, june: 6, jul: 7, julie: 7, july: 7, aug: 8, augustus: 8, august: 8, sep: 9, sept: 9, september: 9,
  okt: 10, oct: 10, oktober: 10, october: 10, nov: 11, november: 11, des: 12, dec: 12, desember: 12, december: 12,
};

/** "28 Februarie 2016" → [2016, 2, 28]; "01 Mrt" → [null, 3, 1]; null when no date. */
function dayMonthYear(raw: string): [number | null, number, number] | null {
  const m = /^(\d{1,2})\s+([A-Za-z]+)\.?(?:\s+(\d{4}))?$/.exec(raw.trim());
  const month = m ? MONTHS[m[2]!.toLowerCase()] : undefined;
  return m && month ? [m[3] ? Number(m[3]) : null, month, Number(m[1])] : null;
}

const unquote = (v: string) => v.trim().replace(/^'(.*)'$/, "$1");
const HEADER_LINE = /^5,'(?:Nommer|Number)','(?:Datum|Date)'/;

/**
 * The text laid out as a table: the header on the transactions' header line, each booking on its line, the account as a
 * preamble line; and the currencies the lines above the transactions name.
 */
function asTable(text: string, fileName: string): { table: string; named: { codes: Set<string>; countries: Set<Country> } } {
  const lines = text.split(/\r\n|\n|\r/);
  const out = lines.map(() => "");
  const named = { codes: new Set<string>(), countries: new Set<Country>() };
  let period: StatementPeriod | null = null;
  let headerAt = -1;
  forEachRecord(text, ",", (r) => {
    const i = r.line - 1;
    const f = r.fields;
    // The account line's type and later cells (not its number, nor the holder's name), the statement and summary lines.
    if (headerAt < 0 && ["2", "3", "4"].includes(f[0] ?? "")) currencyWords(f.slice(f[0] === "2" ? 3 : 1), named);
    if (f[0] === "2" && i === 0 && f[1]) out[i] = ["Account:", f[1].trim()].map(cell).join("\t");
    if (f[0] === "3" && period === null) {
      const from = dayMonthYear(unquote(f[2] ?? ""));
      const until = dayMonthYear(unquote(f[3] ?? ""));
      if (from?.[0] && until?.[0]) period = { from: from as [number, number, number], until: until as [number, number, number] };
    }
    if (f[0] !== "5") return;
    if (HEADER_LINE.test(lines[i]!.trim())) {
      headerAt = i;
      out[i] = COLUMNS.join("\t");
      return;
    }
    if (headerAt < 0) return;
    // A transaction line without its number is listed with its reason (the layout's skip rule), not dropped unseen.
    if (!/^\d+$/.test(f[1] ?? "")) {
      out[i] = ["", ...f.slice(2, 8).map(unquote)].map(cell).join("\t");
      return;
    }
    // The year the row writes, else the one that puts the day nearest the period (a statement from December into January;
    // a late posting of 30 December on a statement from 15 January: review of stop 46, it was dated a year ahead).
    const day = dayMonthYear(unquote(f[2] ?? ""));
    const p = period as StatementPeriod | null;
    const year = day && p ? (day[0] ?? nearestYear(day[1], day[2], p)) : null;
    const date = day && year ? (isoDate(year, day[1], day[2]) ?? unquote(f[2] ?? "")) : unquote(f[2] ?? "");
    out[i] = [f[1]!, date, unquote(f[3] ?? ""), unquote(f[4] ?? ""), unquote(f[5] ?? ""), (f[6] ?? "").trim(), (f[7] ?? "").trim()].map(cell).join("\t");
  });
  if (headerAt < 0) throw new ImportInputError(`${fileName}: no transactions header ("5,'Nommer','Datum',…" or "5,'Number','Date',…") in an FNB download`);
  if (period === null) throw new ImportInputError(`${fileName}: no statement period ("3,…,'From date','To date'") in an FNB download: its bookings' dates have no year`);
  return { table: out.join("\n"), named };
}

/** Whether a CSV's text is an FNB download (its `2,` account line first, its transactions' header below). */
export const isFnbDownload = (head: string): boolean => /^2,\d+,'/.test(head) && /^5,'(?:Nommer|Number)','(?:Datum|Date)'/m.test(head);

/**
 * An FNB download laid out as a table, with the layout that reads it (the CSV reader reads it so when isFnbDownload says
 * it is one): in the currency `given` by the user, else the one code its lines state; else the currency of the one
 * country its account type names, a guess (after the account's earlier rows, said as assumed); else rand, assumed.
 */
export function fnbTable(text: string, fileName: string, given: { code: string; from: string } | null): { text: string; layout: BankLayout } {
  const { table, named } = asTable(text, fileName);
  const [code] = named.codes.size === 1 ? [...named.codes] : [];
  const [country] = named.codes.size === 0 && named.countries.size === 1 ? [...named.countries] : [];
  const currency = given ? { fixed: given.code, from: given.from } : code ? { fixed: code, from: "the download's account and statement lines" } : null;
  if (currency) return { text: table, layout: { ...LAYOUT, currency } };
  if (!country) return { text: table, layout: LAYOUT };
  const why = `its account line names ${country.name}, whose FNB accounts are in ${country.money}`;
  return { text: table, layout: { ...LAYOUT, homeCurrency: { code: country.code, why, assumed: true, lead: `the file names no currency, only its account's country (${country.name})` } } };
}
