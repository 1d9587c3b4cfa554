/**
 * BCA's (Bank Central Asia, Indonesia) "Mutasi Rekening" CSV from KlikBCA: a preamble of one-cell "label : value" lines,
 * the table, and a footer of one-cell lines stating the period's balances and turnovers:
 *
 *     Informasi Rekening - Mutasi Rekening
 *     No. rekening : 0123456789
 *     Periode : 01/12/2025 - 31/12/2025
 *     Kode Mata Uang : IDR
 *     Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo
 *     '02/12,"TRSF E-BANKING DB …",'0000,"250,000.00",DB,"4,750,000.00"
 *     PEND,"BIAYA ADM",'0000,"15,000.00",DB,"4,735,000.00"
 *     "Saldo Awal : 5,000,000.00"
 *     "Saldo Akhir : 4,735,000.00"
 *
 * The bookings' dates have no year ('02/12: day and month, with Excel's text mark): the year is the period's, the one
 * that puts the day inside it (a period from December into January dates its January rows in the next year); without a
 * period line the file is refused, saying so. The fifth column, unnamed, says DB (money out) or CR (money in); amounts
 * with a decimal point. "PEND" where the date goes: a booking BCA has not dated yet (pending), skipped with its line —
 * the bank's balance column already counts it, so a booked row after it is off by its amount, and says so. The footer's
 * "Saldo Awal", "Saldo Akhir", "Mutasi Debet" and "Mutasi Kredit" count the pending bookings too: taken out of them,
 * they are compared with the rows, so a file missing a row is off, not "ok" (bookedFooter).
 * qa35's blind pass: refused, "cannot tell which columns hold the date".
 *
 * Laid out as a table first (each line kept on its line), then read by the CSV reader with this layout, as FNB's
 * download (fnb-za.ts): format "csv", layout "bca-id".
 */
import { ImportInputError } from "../../core/errors.ts";
import type { BankLayout } from "./csv-layout.ts";
import { forEachRecord, quotedCell as cell } from "./delimited.ts";
import type { StatedBalances } from "./csv-rows.ts";
import { guessDecimal, isoDate, nearestYear, parseAmount, type StatementPeriod } from "./values.ts";

const COLUMNS = ["Tanggal Transaksi", "Keterangan", "Cabang", "Jumlah", "DB/CR", "Saldo"] as const;

/** The word BCA writes where a pending booking's date goes. */
export const BCA_PENDING = "PEND";

const LAYOUT: BankLayout = {
  id: "bca-id",
  bank: "BCA (Bank Central Asia, Indonesia)",
  name: "Mutasi Rekening (KlikBCA CSV)",
  header: COLUMNS,
  encoding: "utf-8",
  delimiter: ",",
  dates: ["YYYY-MM-DD"],
  decimal: ".",
  date: "Tanggal Transaksi",
  money: { amount: "Jumlah", indicator: "DB/CR" },
  balance: "Saldo",
  description: { columns: ["Keterangan"] },
  account: { preamble: ["No. rekening"] },
  homeCurrency: { code: "IDR", why: "BCA's accounts are in rupiah unless the statement's \"Kode Mata Uang\" names another currency", assumed: true },
  skip: [{ column: "Tanggal Transaksi", equals: [BCA_PENDING.toLowerCase()], reason: `pending ("${BCA_PENDING}" where its date goes): not dated by BCA yet; a later statement lists it with its date` }],
};

const LABELLED = /^([^:]+?)\s*:\s*(.*)$/;
/** The footer's labels (lower case) of what the statement states: its balances and its money out and in, pending bookings counted. */
const FOOTER: Readonly<Record<string, "opening" | "closing" | "debits" | "credits">> = { "saldo awal": "opening", "saldo akhir": "closing", "mutasi debet": "debits", "mutasi kredit": "credits" };
/** Excel's text mark before a cell BCA writes as text ('02/12, '0000). */
const unmarked = (v: string) => v.trim().replace(/^'/, "");

/**
 * A footer's amount in the notation it shows: "7,250,000.00", or "7.250.000,00" with comma decimals (read as no number
 * before, the footer's check silently did not happen). One that shows none (a lone group, "7,250") is read as the table.
 */
function footerAmount(value: string): number | null {
  const guess = guessDecimal([value]);
  return parseAmount(value, "decimal" in guess ? guess.decimal : ".");
}

/** Whether a CSV's text is a BCA "Mutasi Rekening" (its title line, and its table's header below). */
export const isBcaMutasi = (head: string): boolean => /^\uFEFF?"?Informasi Rekening - Mutasi Rekening/i.test(head) && /^Tanggal Transaksi,Keterangan,Cabang,Jumlah,/im.test(head);

/**
 * A BCA "Mutasi Rekening" laid out as a table, with the layout that reads it: each booking's date with its year, the
 * preamble's and footer's "label : value" lines as two cells (the account, the balances), in the currency `given` by the
 * user, else the one "Kode Mata Uang" states, else rupiah, assumed.
 */
export function bcaTable(text: string, fileName: string, given: { code: string; from: string } | null): { text: string; layout: BankLayout; stated: Partial<StatedBalances> } {
  const out = text.split(/\r\n|\n|\r/);
  const footer: Partial<Record<"opening" | "closing" | "debits" | "credits", number>> = {};
  /** The pending bookings' money out and in (the footer counts them; the rows read do not). */
  const pending = { debits: 0, credits: 0 };
  let period: StatementPeriod | null = null;
  let code: string | null = null;
  let headerAt = -1;
  forEachRecord(text, ",", (r) => {
    const i = r.line - 1;
    const f = r.fields;
    const labelled = f.filter((v) => v.trim() !== "").length === 1 ? LABELLED.exec(f.find((v) => v.trim() !== "")!.trim()) : null;
    if (labelled) {
      const [, label, value] = labelled as unknown as [string, string, string];
      out[i] = [label, value].map(cell).join(",");
      const p = /^(\d{2})\/(\d{2})\/(\d{4})\s*-\s*(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
      if (headerAt < 0 && /^periode$/i.test(label) && p) period = { from: [Number(p[3]), Number(p[2]), Number(p[1])], until: [Number(p[6]), Number(p[5]), Number(p[4])] };
      if (headerAt < 0 && /^kode mata uang$/i.test(label) && /^[A-Z]{3}$/.test(value)) code = value;
      const said = headerAt >= 0 ? FOOTER[label.toLowerCase()] : undefined;
      const amount = said ? footerAmount(value) : null;
      if (said && amount !== null) footer[said] = amount;
      return;
    }
    if (headerAt < 0) {
      if (f[0]?.trim() === COLUMNS[0]) {
        headerAt = i;
        out[i] = COLUMNS.map(cell).join(",");
      }
      return;
    }
    if (unmarked(f[0] ?? "").toUpperCase() === BCA_PENDING) {
      const amount = parseAmount(unmarked(f[3] ?? ""), ".");
      const side = unmarked(f[4] ?? "").toUpperCase();
      if (amount !== null && (side === "DB" || side === "CR")) pending[side === "DB" ? "debits" : "credits"] += Math.abs(amount);
    }
    const day = /^(\d{1,2})\/(\d{1,2})$/.exec(unmarked(f[0] ?? ""));
    const p = period as StatementPeriod | null;
    const date = day && p ? (isoDate(nearestYear(Number(day[2]), Number(day[1]), p), Number(day[2]), Number(day[1])) ?? unmarked(f[0]!)) : unmarked(f[0] ?? "");
    out[i] = [date, ...f.slice(1).map(unmarked)].map(cell).join(",");
  });
  if (period === null) throw new ImportInputError(`${fileName}: no statement period ("Periode : dd/mm/yyyy - dd/mm/yyyy") in a BCA Mutasi Rekening: its bookings' dates ("dd/mm") have no year`);
  const currency = given ? { fixed: given.code, from: given.from } : code ? { fixed: code, from: 'the statement\'s "Kode Mata Uang"' } : null;
  return { text: out.join("\n"), layout: currency ? { ...LAYOUT, currency } : LAYOUT, stated: bookedFooter(footer, pending) };
}

/**
 * The footer's balances and turnovers as the booked rows should make them: the pending bookings, which the footer counts
 * and the rows read skip, taken out (a closing balance after a pending debit is that much higher without it). Compared
 * with the rows as any statement's stated balances and totals are (csv-rows.ts), so a file missing a row is off.
 */
function bookedFooter(footer: Partial<Record<"opening" | "closing" | "debits" | "credits", number>>, pending: { debits: number; credits: number }): Partial<StatedBalances> {
  const round = (n: number) => Math.round(n * 100) / 100;
  const stated: Partial<StatedBalances> = {};
  if (footer.opening !== undefined) stated.opening = footer.opening;
  if (footer.closing !== undefined) stated.closing = round(footer.closing + pending.debits - pending.credits);
  if (footer.debits !== undefined) stated.debits = round(Math.abs(footer.debits) - pending.debits);
  if (footer.credits !== undefined) stated.credits = round(Math.abs(footer.credits) - pending.credits);
  // The closing balance the footer states is the one with them: a failed check names it too (it named only the balance
  // without them, a figure the file does not show).
  if (footer.closing !== undefined && pending.debits + pending.credits > 0) stated.pending = round(pending.credits - pending.debits);
  return stated;
}
