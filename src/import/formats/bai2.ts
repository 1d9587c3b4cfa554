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
 * A transaction (16) is a row dated by its group's as-of date, its amount in its currency's ISO 4217 decimals; each
 * account's opening ledger balance plus its transactions is checked against its closing one when the 03 states both and
 * its trailer (49) is there. A file cut short (no 49, 98 or 99) is read with notes saying what is missing. A group marked
 * deletion (2) or test only (4) books no money: its transactions are skipped lines naming the status (a file may mix
 * such a group with real ones, so the real ones are still read). An 890 (non-monetary information) is a skipped line.
 */
import { plural } from "../../core/format.ts";
import { addEntry, type BalanceRun, closeRun, named, openRun, startReading } from "./balance-run.ts";
import { cleanText } from "./clean.ts";
import type { StatementReader } from "./reader.ts";
import type { ReadOptions, Statement } from "./types.ts";
import { isoDate, minorUnits } from "./values.ts";

/** A group's status (02, field 4) whose transactions are no money booked: a test, or the removal of data sent before. */
const NOT_BOOKED: Record<string, string> = { "2": "deletion (2): it takes back data sent before", "4": "test only (4)" };

/** The names of common detail type codes, for a transaction that carries no text. */
const TYPE_NAMES: Record<string, string> = {
  "115": "Lockbox deposit", "142": "ACH credit", "165": "Preauthorized ACH credit", "175": "Check deposit", "195": "Incoming wire",
  "275": "ZBA credit", "301": "Commercial deposit", "399": "Miscellaneous credit", "451": "ACH debit", "455": "Preauthorized ACH debit",
  "475": "Check paid", "495": "Outgoing wire", "575": "ZBA debit", "698": "Miscellaneous fees", "699": "Miscellaneous debit",
};

/** YYMMDD as a day, or null. */
function day(raw: string | undefined): string | null {
  if (!raw || !/^\d{6}$/.test(raw)) return null;
  return isoDate(2000 + Number(raw.slice(0, 2)), Number(raw.slice(2, 4)), Number(raw.slice(4, 6)));
}

/** An amount field (digits, maybe a sign) in the currency's units (its ISO 4217 decimals implied: KWD 3, JPY 0), or null. */
function units(raw: string | undefined, currency: string): number | null {
  if (!raw || !/^[+-]?\d+$/.test(raw.trim())) return null;
  return Number(raw.trim()) / 10 ** minorUnits(currency);
}

/** A file header (01): sender, receiver, creation date (YYMMDD). */
const FILE_HEADER = String.raw`01,[^,\n\r/]*,[^,\n\r/]*,\d{6},`;

/**
 * Where a line holds several records (a US bank's BTRS in moov-io/bai2's sample3.txt, padded records packed several to
 * a line: "01,…,2/   02,…/"; qa52's blind pass, refused as a CSV): a record's "/" end, spaces, and the next record in
 * its own shape. A "/" inside a text ("INV 2026/118") is followed by no space; "NOTE 5/ 03, SERIES B" has a record's
 * code after its "/ " but not its shape (review of r4-qa52: split there, the rows after it were booked on an account
 * "SERIES B"). An 88's text can be anything: "VISA/   88, BATCH" splits, as the bank's own continuation does.
 */
const PACKED = new RegExp(String.raw`(?<=/)\s+(?=${[
  FILE_HEADER,
  String.raw`02,[^,]*,[^,]*,\d,\d{6},`, // receiver, originator, group status, as-of date
  String.raw`03,[^,/\s][^,/]*,[A-Z]{0,3},\d{3},`, // account number, currency, a summary's type code
  String.raw`16,\d{3},[+-]?\d*,`, // type code, amount
  String.raw`49,[+-]?\d+,\d+/`, // account trailer: control total, record count
  "88,",
  String.raw`9[89],[+-]?\d+,\d+,\d+/`, // group and file trailers: control total, count, record count
].join("|")})`);

/**
 * A BAI2 file's start: its 01 record ended by "/" at the end of its line, then the 02; or, packed on one line, a 01 of
 * the file header's shape (review of r4-qa52: a CSV's first line "01,2026/03/02,…" holds a "/02," too).
 */
const STARTS = new RegExp(String.raw`^(?:01,[^\n]*/\s*[\r\n]+|${FILE_HEADER}\d{0,4},[^\n\r/]*/)\s*02,`);

/**
 * The logical records: each with its 88 continuations, the "/" ends taken off, and the line it starts on; `continues`
 * holds the indexes of the fields an 88 record begins (a text carried on there goes on after a space, not a comma).
 */
function recordsOf(text: string): { line: number; fields: string[]; continues: Set<number> }[] {
  const out: { line: number; fields: string[]; continues: Set<number> }[] = [];
  // The record before did not end with its "/" on its line.
  let unended = false;
  text.split(/\r\n|\n|\r/).forEach((physical, i) => {
    for (const raw of physical.split(PACKED)) {
      const body = raw.trim().replace(/\/$/, "");
      if (body === "") continue;
      const fields = body.split(",");
      const last = out[out.length - 1];
      const wasUnended = unended;
      unended = !raw.trim().endsWith("/");
      // The same bank's record cut in two with no 88 ("…1111111111" then "111111111111111 /"): a line that ends the
      // record with its "/" and starts with no record code, after a record with no "/" end, is the rest of that
      // record's text. (Goldman Sachs's reports end no record after the 02 with "/": there a mistyped record,
      // "16:475,…" or "88:EREF…", is refused, not joined to the text above it and its booking lost; review of r4-qa52.)
      if (wasUnended && !unended && last && !/^\d{2}(\D|$)/.test(body)) last.fields[last.fields.length - 1] += ` ${body}`;
      else if (fields[0] === "88" && last) {
        last.continues.add(last.fields.length);
        last.fields.push(...fields.slice(1));
      } else out.push({ line: i + 1, fields, continues: new Set() });
    }
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

/** An account (03): its closing ledger balance (015), its credits and debits read, and the item counts its summaries state. */
type Open = BalanceRun & { closing: number | null; credits: number; debits: number; statedItems: string };

function readBai2(text: string, opts: ReadOptions): Statement {
  const { rows, out, badRows, skipped, reconciliation, notes, accounts, fail } = startReading(opts);
  let dataLines = 0;
  let asOf: string | null = null;
  let groupCurrency = "";
  let assumed = 0;
  let current: Open | null = null;
  // The group's status when its transactions are not booked (NOT_BOOKED), and whether a group or the file is still open.
  let notBooked: string | null = null;
  let groupLine: number | null = null;
  let fileEnded = false;
  // An account ends at its trailer (49), or without one when the file is cut short: then its
  // balance is not checked (transactions after the cut could be missing) and a note says so.
  const close = (trailer = false) => {
    if (!current) return;
    const acc = current;
    current = null;
    if (notBooked) return;
    // (The 49's record count is not checked: published samples count otherwise, Informatica's 4 for 7 records.)
    if (!trailer)
      notes.push(`the account ${acc.account} (from line ${acc.line}) has no account trailer (49): the file stops before it, transactions after it could be missing, and its balance is not checked${acc.statedItems ? ` (its account record states ${acc.statedItems}; the file has ${acc.credits} and ${acc.debits})` : ""}`);
    reconciliation.push(closeRun(
      acc,
      acc.closing === null || acc.opening === null || !trailer ? null : { amount: acc.closing, date: asOf },
      trailer ? "opening ledger (010) + transactions (16) = closing ledger (015)" : "opening ledger (010) + transactions (16); the account trailer (49) is missing",
    ));
  };
  for (const { line, fields, continues } of recordsOf(text)) {
    const code = fields[0]!.trim();
    if (code === "01") continue;
    if (code === "99") {
      close();
      fileEnded = true;
    } else if (code === "02") {
      close();
      asOf = day(fields[4]) ?? fail(line, `the group's as-of date "${fields[4] ?? ""}" is not YYMMDD`);
      groupCurrency = (fields[6] ?? "").trim();
      groupLine = line;
      const status = (fields[3] ?? "").trim();
      notBooked = NOT_BOOKED[status] ?? null;
      if (status === "3") notes.push(`the group from line ${line} is marked a correction (3) of data sent before: its transactions are imported as written, check them against the earlier report`);
    } else if (code === "03") {
      close();
      if (!asOf) fail(line, "an account record (03) outside a group (no group header 02 before it), which gives the date of its transactions");
      let currency = (fields[2] ?? "").trim() || groupCurrency;
      if (!/^[A-Z]{3}$/.test(currency)) {
        currency = "USD";
        assumed++;
      }
      const account = (fields[1] ?? "").trim() || fail(line, "the account record (03) names no account");
      if (!notBooked) named(accounts, account);
      // Summaries: type code, amount, item count, funds type and the funds type's own fields (V: date and time…).
      const at = (type: string) => {
        for (let i = 3; i + 1 < fields.length; i += 4 + fundsFields(fields, i + 3)) if (fields[i]!.trim() === type) return i;
        return -1;
      };
      const summary = (type: string) => (at(type) < 0 ? null : units(fields[at(type) + 1], currency));
      // The item counts of the total credits (100) and debits (400), when stated: named when the file is cut short.
      const items = (type: string, what: string) => (at(type) < 0 || !/^\d+$/.test((fields[at(type) + 2] ?? "").trim()) ? null : `${plural(Number(fields[at(type) + 2]), what)} (${type})`);
      const stated = [items("100", "credit"), items("400", "debit")];
      // (Its balances are as of the group's date: a group's accounts close before its trailer or the next group.)
      const opening = summary("010");
      current = openRun(
        { account, currency, opening: opening === null ? null : { amount: opening, date: asOf }, line },
        { closing: summary("015"), credits: 0, debits: 0, statedItems: stated[0] && stated[1] ? stated.join(" and ") : stated[0] ?? stated[1] ?? "" },
      );
    } else if (code === "16") {
      if (!current) fail(line, "a transaction (16) before any account record (03)");
      const acc = current!;
      dataLines++;
      if (notBooked) {
        skipped.push({ line, reason: `its group (line ${groupLine}) is marked ${notBooked}: no money booked` });
        continue;
      }
      const typeCode = (fields[1] ?? "").trim();
      if (typeCode === "890") {
        skipped.push({ line, reason: "non-monetary information (890)" });
        continue;
      }
      const type = Number(typeCode);
      const side = type >= 100 && type < 400 ? 1 : type >= 400 && type < 700 ? -1 : 0;
      const amount = units(fields[2], acc.currency);
      if (side === 0 || amount === null || !asOf) {
        const why = type >= 900 && type < 1000 ? `type code "${typeCode}" is one the bank defines (900–999): whether it is money in or out is not known` : `type code "${typeCode}" is neither a credit (100–399) nor a debit (400–699)`;
        badRows.push({ line, reason: side === 0 ? why : `the amount "${fields[2] ?? ""}" is no number of ${minorUnits(acc.currency) === 0 ? "units" : "minor units"} of ${acc.currency}` });
        continue;
      }
      const funds = 3 + 1 + fundsFields(fields, 3);
      const valueDate = (fields[3] ?? "").trim().toUpperCase() === "V" ? day(fields[4]) : null;
      const bankRef = (fields[funds] ?? "").trim();
      const customerRef = (fields[funds + 1] ?? "").trim();
      const textOf = fields.slice(funds + 2).map((f, k) => (k > 0 ? (continues.has(funds + 2 + k) ? " " : ",") : "") + f).join("");
      // A text padded to its field's width ("RETURNED CHEQUE     /") ends where its words do.
      const said = cleanText(textOf.trim()) || customerRef || bankRef || (TYPE_NAMES[typeCode] ? `${TYPE_NAMES[typeCode]} (BAI ${typeCode})` : `BAI type ${typeCode}`);
      const signed = side * Math.abs(amount);
      if (side > 0) acc.credits++;
      else acc.debits++;
      addEntry(acc, signed);
      out.add({
        line, date: asOf, amount: signed, currency: acc.currency, description: said, idText: said, reference: null, account: acc.account,
        facts: { ...(valueDate ? { valueDate } : {}), ...(bankRef || customerRef ? { reference: bankRef || customerRef } : {}) },
      });
    } else if (code === "49") close(true);
    else if (code === "98") {
      close();
      groupLine = null;
      asOf = null;
    }
    else fail(line, `"${code}" is no BAI2 record (01, 02, 03, 16, 49, 88, 98 or 99)`);
  }
  close();
  if (!fileEnded) notes.push(`the file has no ${groupLine !== null ? "group trailer (98) nor " : ""}file trailer (99): it stops before its end, and transactions after the cut could be missing`);
  if (assumed > 0) notes.push(`the file names no currency for ${assumed === 1 ? "its account" : `${assumed} accounts`}: taken as USD (BAI2 is the US banks' report)`);
  return { format: "bai2", accounts, layout: null, account: accounts[0] ?? null, rows, badRows, skipped, reconciliation, dataLines, notes, invertedByBalance: false };
}

export const bai2Reader: StatementReader = {
  id: "bai2",
  name: "a BAI2 balance report",
  label: "BAI2 (cash-management balance report, US and Canada: records 01, 02, 03, 16, 88, 49, 98, 99)",
  recognisedBy: "its first record `01,` … ending in `/`, then a `02,` group header",
  idRule: "`h:` + SHA-256 of account, date, amount, currency, text",
  extensions: [".bai", ".bai2", ".txt"],
  mimeTypes: ["text/plain"],
  identify: (head) => STARTS.test(head),
  read: readBai2,
};
