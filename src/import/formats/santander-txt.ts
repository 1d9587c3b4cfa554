/**
 * Santander UK's "Text file (TXT)" download: no table but blocks of labelled lines, after a header naming the period and
 * the masked account (the labels padded with non-breaking spaces in the real files):
 *
 *     From: 01/01/2026 to 31/01/2026
 *
 *     Account: XXXX XXXX XXXX 1234
 *
 *     Date: 02/01/2026
 *     Description: CARD PAYMENT TO TESCO STORES 2345,45.00 GBP, RATE 1.00/GBP ON 31-12-2025
 *     Amount: -45.00
 *     Balance: 1955.00
 *
 * Dates `DD/MM/YYYY`, signed amounts with a decimal point (some downloads add the currency code), the balance after each
 * booking, newest first. QA round 4, blind pass: such a file was taken for a CSV and refused with a message about columns.
 *
 * Each block is laid out as one record of a table (date, description, amount, currency, balance) on its `Date:` line, so
 * the CSV reader's one row pipeline reads it — with its balance-column check, its line numbers and its reasons — and
 * nothing about signs or balances is written twice. Santander UK's accounts are in pounds: a block whose amount names no
 * currency is GBP (the account's own earlier rows do not apply: the download is of one UK account).
 */
import { ImportInputError } from "../../core/errors.ts";
import type { BankLayout } from "./csv-layout.ts";
import { readCsv } from "./csv.ts";
import { quotedCell as cell } from "./delimited.ts";
import type { StatementReader } from "./reader.ts";

const HEADER = /^From:\s*\d{2}\/\d{2}\/\d{4}\s+to\s+\d{2}\/\d{2}\/\d{4}\s*$/;
const FIELD = /^(Date|Description|Amount|Balance|Account):\s*(.*)$/;
const COLUMNS = ["Date", "Description", "Amount", "Currency", "Balance"] as const;

const LAYOUT: BankLayout = {
  id: "santander-uk-txt",
  bank: "Santander UK",
  name: "text file (TXT)",
  header: [...COLUMNS],
  encoding: "windows-1252",
  delimiter: "\t",
  dates: ["DD/MM/YYYY"],
  decimal: ".",
  date: "Date",
  money: { amount: "Amount" },
  currency: { column: "Currency", fallback: "GBP" },
  balance: "Balance",
  description: { columns: ["Description"] },
  account: { preamble: ["Account:"] },
};

/**
 * The text laid out as a table whose records stand on their blocks' `Date:` lines (every other line left empty), its
 * header on the `Account:` line, and the account as a preamble line (`Account:` and its value) on the `From:` line.
 */
function asTable(text: string, fileName: string): string {
  const lines = text.split(/\r\n|\n|\r/);
  const out = lines.map(() => "");
  let account: string | null = null;
  let headerAt = -1;
  let accountAt = -1;
  let block: { at: number; fields: Map<string, string> } | null = null;
  const flush = () => {
    if (!block) return;
    const f = block.fields;
    // "-45.00 GBP": the amount and the code it names, if any.
    const amount = /^(.*?)(?:\s+([A-Z]{3}))?$/.exec(f.get("Amount") ?? "")!;
    const balance = /^(.*?)(?:\s+[A-Z]{3})?$/.exec(f.get("Balance") ?? "")!;
    out[block.at] = [f.get("Date") ?? "", f.get("Description") ?? "", amount[1] ?? "", amount[2] ?? "", balance[1] ?? ""].map(cell).join("\t");
    block = null;
  };
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (headerAt < 0 && HEADER.test(line)) headerAt = i;
    const m = FIELD.exec(line);
    if (!m) return;
    const [, label, value] = m as unknown as [string, string, string];
    if (label === "Account") {
      if (account === null) (account = value.trim().replace(/\s+/g, " ") || null), (accountAt = i);
      return;
    }
    if (label === "Date") {
      flush();
      block = { at: i, fields: new Map() };
    }
    block?.fields.set(label, value.trim());
  });
  flush();
  if (headerAt < 0) throw new ImportInputError(`${fileName}: line 1: a Santander UK text statement starts with "From: DD/MM/YYYY to DD/MM/YYYY"`);
  if (account !== null && accountAt > headerAt && !out.slice(headerAt, accountAt).some((l) => l !== "")) {
    out[headerAt] = ["Account:", account].map(cell).join("\t");
    out[accountAt] = COLUMNS.join("\t");
  } else out[headerAt] = COLUMNS.join("\t");
  return out.join("\n");
}

export const santanderTxtReader: StatementReader = {
  id: "santander-uk-txt",
  name: "a Santander UK text statement (TXT)",
  label: "Santander UK text statement (TXT: `Date:`/`Description:`/`Amount:`/`Balance:` blocks)",
  recognisedBy: "its `From: DD/MM/YYYY to DD/MM/YYYY` line and its `Date:` blocks",
  idRule: "`h:` + SHA-256 of account, date, amount, currency, text",
  extensions: [".txt"],
  mimeTypes: ["text/plain"],
  identify: (head) => HEADER.test(head.split(/\r\n|\n|\r/, 1)[0]!.trim()) && /^\s*Date:/m.test(head),
  read: (text, opts) => {
    const read = readCsv(asTable(text, opts.fileName), opts, [LAYOUT], false, (f) => `${f}: no "Date:" block found`);
    return { ...read, format: "santander-uk-txt" };
  },
};
