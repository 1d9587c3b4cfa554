/**
 * CFONB 120 ("relevé de compte 120 caractères"), the account statement French banks download as a text file of
 * 120-character records (qa36's blind pass: pennylane-hq/cfonb's example statement was refused as "unknown format"):
 *
 *     01 old balance: bank (5), internal code (4), branch (5), currency (3, ISO), decimals (1), account (11), date
 *        (DDMMYY, 35–40), amount (14, 91–104)
 *     04 operation: bank, internal operation code, branch, currency, decimals, account, interbank operation code (2),
 *        booking date (35–40), reject code (2), value date (43–48), label (31, 49–79), entry number, amount (91–104),
 *        reference (16)
 *     05 complement of the operation above: a qualifier (3, 46–48: LIB a label, NPY the payer's name, NBE the
 *        beneficiary's, REF a reference, RCN the client's reference (35) and the purpose, MMO the amount in its original
 *        currency (code, decimals, 14 digits) and the exchange rate (decimals, 11 digits), FEE a fee (as MMO's amount)…)
 *        and its text (70, 49–118)
 *     07 new balance: as 01
 *
 * An amount is 14 digits, the last one written as a letter that also carries the sign ("{" and A–I: +0 to +9, "}" and
 * J–R: −0 to −9), with the record's number of decimals. An operation (04) is a row, its complements (05) its text; each
 * statement's old balance (01) plus its operations is checked against its new balance (07).
 */
import { addEntry, type BalanceRun, closeRun, cutRun, named, openRun, startReading } from "./balance-run.ts";
import { cleanText } from "./clean.ts";
import { ddmmyy as day, fixedRecords } from "./fixed-records.ts";
import type { StatementReader } from "./reader.ts";
import type { ParsedRow } from "./row-table.ts";
import type { ReadOptions, Statement } from "./types.ts";

/** A record is this long. */
const RECORD = 120;

/** The last digit's letter: its digit and the amount's sign. */
const LAST_DIGIT: Record<string, [number, 1 | -1]> = Object.fromEntries([
  ...[..."{ABCDEFGHI"].map((c, i) => [c, [i, 1]] as const),
  ...[..."}JKLMNOPQR"].map((c, i) => [c, [i, -1]] as const),
]);

/** 14 characters of amount and the record's number of decimals as a signed amount, or null. */
function amountOf(field: string, decimals: string): number | null {
  const last = LAST_DIGIT[field.slice(-1)];
  if (!/^\d{13}$/.test(field.slice(0, 13)) || !last || !/^\d$/.test(decimals)) return null;
  const [digit, sign] = last;
  return (sign * Number(field.slice(0, 13) + String(digit))) / 10 ** Number(decimals);
}

/** The complement qualifiers whose text names the other party: the payer of money in, the beneficiary of money out. */
const PAYER = new Set(["NPY", "NPO"]);
const BENEFICIARY = new Set(["NBE", "NBU"]);
/** Qualifiers whose text is more of the operation's label. */
const LABEL = new Set(["LIB", "LCC", "LC2", "LCS"]);

/** A statement (01): the account number as its records repeat it (11 characters). */
type Open = BalanceRun & { number: string };

function readCfonb(text: string, opts: ReadOptions): Statement {
  const { rows, out, badRows, reconciliation, notes, accounts, fail } = startReading(opts);
  let dataLines = 0;
  let current: Open | null = null;
  let held: ParsedRow | null = null;
  let label = "";
  let labels: string[] = [];
  /** What the RCN complements add to the purpose: no part of the id's text (it was read before they were). */
  let purposes: string[] = [];
  let references: string[] = [];
  let party = "";
  const flush = () => {
    if (!held) return;
    const withParty = (purpose: string) => [party, purpose].filter((t) => t !== "").join(" · ") || "Opération";
    const purpose = cleanText([label, ...labels, ...purposes].join(" "));
    held.description = withParty(purpose);
    held.idText = withParty(cleanText([label, ...labels].join(" ")));
    if (party) held.facts.counterparty = party;
    if (purpose) held.facts.purpose = purpose;
    const reference = [...new Set([held.facts.reference ?? "", ...references].filter((t) => t !== ""))].join(" · ");
    if (reference) held.facts.reference = reference;
    out.add(held);
    held = null;
    labels = [];
    purposes = [];
    references = [];
    party = "";
  };
  fixedRecords(text, RECORD, fail).forEach(([line, raw]) => {
    const r = raw.replace(/\s+$/, "").padEnd(RECORD, " ");
    if (r.trim() === "") return;
    const code = r.slice(0, 2);
    if (code !== "05") flush();
    const number = r.slice(21, 32);
    if (code === "01") {
      if (current) fail(line, `an old balance (01) before the new balance (07) of the statement from line ${current.line}`);
      const opening = amountOf(r.slice(90, 104), r.slice(19, 20)) ?? fail(line, `the old balance "${r.slice(90, 104)}" is not 13 digits and a sign letter`);
      const currency = /^[A-Z]{3}$/.test(r.slice(16, 19)) ? r.slice(16, 19) : fail(line, `the currency "${r.slice(16, 19)}" is no ISO code`);
      const account = `${r.slice(2, 7)} ${r.slice(11, 16)} ${number}`;
      named(accounts, account);
      current = openRun({ account, currency, opening: { amount: opening, date: day(r.slice(34, 40)) }, line }, { number });
    } else if (code === "04") {
      if (!current) fail(line, "an operation (04) before any old balance (01)");
      const acc = current!;
      if (number !== acc.number) fail(line, `the operation names the account ${number.trim()}, its statement (01, line ${acc.line}) ${acc.number.trim()}`);
      dataLines++;
      const date = day(r.slice(34, 40));
      const amount = amountOf(r.slice(90, 104), r.slice(19, 20));
      if (!date || amount === null) {
        badRows.push({ line, reason: !date ? `booking date "${r.slice(34, 40)}" is not a real date (DDMMYY)` : `the amount "${r.slice(90, 104)}" is not 13 digits and a sign letter` });
        return;
      }
      if (r.slice(16, 19) !== acc.currency) fail(line, `the operation is in ${r.slice(16, 19)}, its statement (01, line ${acc.line}) in ${acc.currency}`);
      addEntry(acc, amount);
      const valueDate = day(r.slice(42, 48));
      const reference = r.slice(104, 120).trim();
      label = r.slice(48, 79).trim();
      held = { line, date, amount, currency: acc.currency, description: label, idText: label, reference: null, account: acc.account, facts: { ...(valueDate ? { valueDate } : {}), ...(reference ? { reference } : {}) } };
    } else if (code === "05") {
      // A complement of an operation that is a bad row (or of none) adds nothing to a row.
      if (!held) return;
      const qualifier = r.slice(45, 48);
      const detail = r.slice(48, 118);
      const said = detail.trim();
      if (said === "") return;
      if ((held.amount < 0 ? BENEFICIARY : PAYER).has(qualifier)) party ||= said;
      else if (LABEL.has(qualifier)) labels.push(said);
      else if (qualifier === "REF") references.push(cleanText(said));
      else if (qualifier === "RCN") {
        // The client's reference (35) and the purpose of the payment after it.
        const [reference, purpose] = [cleanText(detail.slice(0, 35).trim()), cleanText(detail.slice(35).trim())];
        if (reference) references.push(reference);
        if (purpose) purposes.push(purpose);
      } else if (qualifier === "MMO" || qualifier === "FEE") {
        // An amount in a currency: its code (3), decimals (1), 14 digits; MMO's exchange rate after it, its decimals (1)
        // and 11 digits. Not read when not so written (nothing guessed).
        const [code, decimals, digits] = [detail.slice(0, 3), detail.slice(3, 4), detail.slice(4, 18)];
        if (!/^[A-Z]{3}$/.test(code) || !/^\d$/.test(decimals) || !/^\d{14}$/.test(digits)) return;
        const value = Number(digits) / 10 ** Number(decimals);
        if (qualifier === "FEE") held.facts.fees = value;
        else {
          held.facts.originalAmount = value;
          held.facts.originalCurrency = code;
          const [rateDecimals, rate] = [detail.slice(18, 19), detail.slice(19, 30).trim()];
          if (/^\d$/.test(rateDecimals) && /^\d+$/.test(rate) && Number(rate) > 0) held.facts.exchangeRate = Number(rate) / 10 ** Number(rateDecimals);
        }
      }
    } else if (code === "07") {
      if (!current) fail(line, "a new balance (07) with no old balance (01)");
      const acc = current!;
      if (number !== acc.number) fail(line, `the new balance names the account ${number.trim()}, its statement (01, line ${acc.line}) ${acc.number.trim()}`);
      const closing = amountOf(r.slice(90, 104), r.slice(19, 20)) ?? fail(line, `the new balance "${r.slice(90, 104)}" is not 13 digits and a sign letter`);
      reconciliation.push(closeRun(acc, { amount: closing, date: day(r.slice(34, 40)) }, "old balance (01) + operations (04) = new balance (07)"));
      current = null;
    } else fail(line, `"${code}" is no CFONB 120 record (01, 04, 05 or 07)`);
  });
  flush();
  if (current) {
    const acc = current as Open;
    const note = `the statement of ${acc.account} (from line ${acc.line}) has no new balance (07): the file stops before it, operations after it could be missing, and its balance is not checked`;
    reconciliation.push(cutRun(acc, notes, note, "old balance (01) + operations (04); the new balance (07) is missing"));
  }
  return { format: "cfonb", accounts, layout: null, account: accounts[0] ?? null, rows, badRows, skipped: [], reconciliation, dataLines, notes, invertedByBalance: false };
}

export const cfonbReader: StatementReader = {
  id: "cfonb",
  name: "a CFONB 120 statement",
  label: "CFONB 120 (relevé de compte, France: records 01, 04, 05, 07)",
  recognisedBy: "its first record `01` (bank, branch, currency, decimals, account, date, old balance)",
  idRule: "`h:` + SHA-256 of account, date, amount, currency, text",
  extensions: [".cfonb", ".txt", ".dat"],
  mimeTypes: ["text/plain"],
  identify: (head) => /^01\d{5}.{4}\d{5}[A-Z]{3}\d.{12}.{2}\d{6}.{50}\d{13}[{}A-R]/.test(head),
  read: readCfonb,
};
