/**
 * BAI2 (the cash-management balance report of US and Canadian banks): comma-separated records, each ended by "/", an
 * "88" record continuing the one above it (qa36's blind pass: moov-io/bai2's sample was refused as a CSV whose columns
 * could not be told, which SPEC §10.1 rules out for a file that is no CSV):
 *
 *     01 file header · 02 group header: …, as-of date (YYMMDD, field 5), time, currency (field 7)
 *     03 account: number, currency, then summaries of four fields each (type code, amount, count, funds type): 010 the
 *        opening ledger balance, 015 the closing one
 *     16 transaction: type code (100–399 money in, 400–699 money out), amount (cents, no sign), funds type and its
 *        fields (V: value date and time; S: three amounts; D: a count and that many day/amount pairs), bank reference,
 *        customer reference, and the text (the rest of the record, commas and all)
 *     49 account trailer · 98 group trailer · 99 file trailer
 *
 * A transaction (16) is a row dated by its group's as-of date; each account's opening ledger balance plus its
 * transactions is checked against its closing one when the 03 states both.
 */
import { ImportInputError } from "../../core/errors.ts";
import { cleanText } from "./clean.ts";
import type { StatementReader } from "./reader.ts";
import { cents, reconcile } from "./reconcile.ts";
import { RowTable } from "./row-table.ts";
import type { BadRow, ReadOptions, Reconciliation, Statement } from "./types.ts";
import { isoDate } from "./values.ts";

/** Currencies written without decimals: their amounts are whole units, every other's in hundredths. */
const NO_DECIMALS = new Set(["JPY", "KRW", "CLP", "ISK", "VND", "XAF", "XOF", "HUF"]);

/** YYMMDD as a day, or null. */
function day(raw: string | undefined): string | null {
  if (!raw || !/^\d{6}$/.test(raw)) return null;
  return isoDate(2000 + Number(raw.slice(0, 2)), Number(raw.slice(2, 4)), Number(raw.slice(4, 6)));
}

/** An amount field (digits, maybe a sign) in the currency's units, or null. */
function units(raw: string | undefined, currency: string): number | null {
  if (!raw || !/^[+-]?\d+$/.test(raw.trim())) return null;
  return Number(raw.trim()) / (NO_DECIMALS.has(currency) ? 1 : 100);
}

/**
 * The logical records: each with its 88 continuations, the "/" ends taken off, and the line it starts on; `continues`
 * holds the indexes of the fields an 88 record begins (a text carried on there goes on after a space, not a comma).
 */
function recordsOf(text: string): { line: number; fields: string[]; continues: Set<number> }[] {
  const out: { line: number; fields: string[]; continues: Set<number> }[] = [];
  text.split(/\r\n|\n|\r/).forEach((raw, i) => {
    const body = raw.trim().replace(/\/$/, "");
    if (body === "") return;
    const fields = body.split(",");
    const last = out[out.length - 1];
    if (fields[0] === "88" && last) {
      last.continues.add(last.fields.length);
      last.fields.push(...fields.slice(1));
    } else out.push({ line: i + 1, fields, continues: new Set() });
  });
  return out;
}

/** How many fields follow a funds type before the references (V: date and time; S: three amounts; D: a count and its pairs). */
function fundsFields(fields: readonly string[], at: number): number {
  const type = (fields[at] ?? "").trim().toUpperCase();
  if (type === "V") return 2;
  if (type === "S") return 3;
  if (type === "D") return 1 + 2 * (Number(fields[at + 1]) || 0);
  return 0;
}

type Open = { account: string; currency: string; opening: number | null; closing: number | null; n: number; cents: number; line: number };

function readBai2(text: string, opts: ReadOptions): Statement {
  const { fileName } = opts;
  const rows = new RowTable();
  const out = opts.sink ?? rows;
  const badRows: BadRow[] = [];
  const reconciliation: Reconciliation[] = [];
  const notes: string[] = [];
  const accounts: string[] = [];
  let dataLines = 0;
  let asOf: string | null = null;
  let groupCurrency = "";
  let assumed = 0;
  let current: Open | null = null;
  const fail = (line: number, why: string): never => {
    throw new ImportInputError(`${fileName}: line ${line}: ${why}`);
  };
  const close = () => {
    if (!current) return;
    const acc = current;
    reconciliation.push(reconcile({
      account: acc.account,
      currency: acc.currency,
      opening: acc.opening === null ? null : { amount: acc.opening, date: asOf },
      closing: acc.closing === null || acc.opening === null ? null : { amount: acc.closing, date: asOf },
      entries: acc.n,
      entriesCents: acc.cents,
      basis: "opening ledger (010) + transactions (16) = closing ledger (015)",
    }));
    current = null;
  };
  for (const { line, fields, continues } of recordsOf(text)) {
    const code = fields[0]!.trim();
    if (code === "01" || code === "99") continue;
    if (code === "02") {
      close();
      asOf = day(fields[4]) ?? fail(line, `the group's as-of date "${fields[4] ?? ""}" is not YYMMDD`);
      groupCurrency = (fields[6] ?? "").trim();
    } else if (code === "03") {
      close();
      let currency = (fields[2] ?? "").trim() || groupCurrency;
      if (!/^[A-Z]{3}$/.test(currency)) {
        currency = "USD";
        assumed++;
      }
      const account = (fields[1] ?? "").trim() || fail(line, "the account record (03) names no account");
      if (!accounts.includes(account)) accounts.push(account);
      // Summaries: type code, amount, item count, funds type and the funds type's own fields (V: date and time…).
      const summary = (type: string) => {
        for (let i = 3; i + 1 < fields.length; i += 4 + fundsFields(fields, i + 3)) if (fields[i]!.trim() === type) return units(fields[i + 1], currency);
        return null;
      };
      current = { account, currency, opening: summary("010"), closing: summary("015"), n: 0, cents: 0, line };
    } else if (code === "16") {
      if (!current) fail(line, "a transaction (16) before any account record (03)");
      const acc = current!;
      dataLines++;
      const type = Number(fields[1]);
      const side = type >= 100 && type < 400 ? 1 : type >= 400 && type < 700 ? -1 : 0;
      const amount = units(fields[2], acc.currency);
      if (side === 0 || amount === null || !asOf) {
        badRows.push({ line, reason: side === 0 ? `type code "${fields[1] ?? ""}" is neither a credit (100–399) nor a debit (400–699)` : `the amount "${fields[2] ?? ""}" is no number of cents` });
        continue;
      }
      const funds = 3 + 1 + fundsFields(fields, 3);
      const valueDate = (fields[3] ?? "").trim().toUpperCase() === "V" ? day(fields[4]) : null;
      const bankRef = (fields[funds] ?? "").trim();
      const customerRef = (fields[funds + 1] ?? "").trim();
      const textOf = fields.slice(funds + 2).map((f, k) => (k > 0 ? (continues.has(funds + 2 + k) ? " " : ",") : "") + f).join("");
      // A text padded to its field's width ("RETURNED CHEQUE     /") ends where its words do.
      const said = cleanText(textOf.trim()) || customerRef || bankRef || `BAI type ${fields[1]}`;
      const signed = side * Math.abs(amount);
      acc.n++;
      acc.cents += cents(signed);
      out.add({
        line, date: asOf, amount: signed, currency: acc.currency, description: said, idText: said, reference: null, account: acc.account,
        facts: { ...(valueDate ? { valueDate } : {}), ...(bankRef || customerRef ? { reference: bankRef || customerRef } : {}) },
      });
    } else if (code === "49") close();
    else if (code === "98") close();
    else fail(line, `"${code}" is no BAI2 record (01, 02, 03, 16, 49, 88, 98 or 99)`);
  }
  close();
  if (assumed > 0) notes.push(`the file names no currency for ${assumed === 1 ? "its account" : `${assumed} accounts`}: taken as USD (BAI2 is the US banks' report)`);
  return { format: "bai2", accounts, layout: null, account: accounts[0] ?? null, rows, badRows, skipped: [], reconciliation, dataLines, notes, invertedByBalance: false };
}

export const bai2Reader: StatementReader = {
  id: "bai2",
  name: "a BAI2 balance report",
  label: "BAI2 (cash-management balance report, US and Canada: records 01, 02, 03, 16, 88, 49, 98, 99)",
  recognisedBy: "its first record `01,` … ending in `/`, then a `02,` group header",
  idRule: "`h:` + SHA-256 of account, date, amount, currency, text",
  extensions: [".bai", ".bai2", ".txt"],
  mimeTypes: ["text/plain"],
  identify: (head) => /^01,[^\n]*\/\s*[\r\n]+\s*02,/.test(head),
  read: readBai2,
};
