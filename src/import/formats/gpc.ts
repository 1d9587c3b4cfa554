/**
 * GPC ("ABO", the "KM" format), the fixed-width account statement Czech and Slovak banks download (Fio, Komerční banka,
 * Česká spořitelna, ČSOB): records of 128 characters (qa49's blind pass: Fio's GPC file, k3a/ago's test statement, was
 * refused as "unknown format"). Positions below are 1-based, as the banks' descriptions write them.
 *
 *     074 statement header: own account (16, 4–19), its name (20), the old balance's date (DDMMYY, 40–45), old balance
 *         (14, in hundredths, 46–59) and its sign (60), new balance (61–74) and sign (75), debit and credit turnovers
 *         (76–105), the statement's number (3), its date (DDMMYY, 109–114)
 *     075 item: own account (4–19), the other account (20–35), the bank's id of the item (13, 36–48), amount (12, in
 *         hundredths, 49–60), accounting code (61: 1 debit, 2 credit, 4 storno of a debit, 5 storno of a credit),
 *         variable symbol (10), "00", the other bank's code (4), constant symbol (4), specific symbol (10), value date
 *         (DDMMYY, 92–97), the other party's name or the item's text (20, 98–117), "0", currency (ISO number with a leading
 *         0, 119–122: 0203 = CZK), booking date (DDMMYY, 123–128)
 *     078, 079 the messages for the payee (AV fields, two of 35 each) of the item above
 *     076 a bank's own supplementary record: not read (skipped with its reason)
 *
 * An item (075) is a row, its 078/079 messages its purpose; each header's old balance plus its items is checked against
 * its new balance. A storno takes back a booking: of a debit, money back in; of a credit, money out.
 */
import { addEntry, type BalanceRun, closeRun, named, openRun, startReading } from "./balance-run.ts";
import { cleanText } from "./clean.ts";
import { CURRENCY_BY_NUMBER } from "./currency-numbers.ts";
import { ddmmyy as day, fixedRecords } from "./fixed-records.ts";
import type { StatementReader } from "./reader.ts";
import type { StatedBalance } from "./reconcile.ts";
import type { ParsedRow } from "./row-table.ts";
import type { ReadOptions, Statement } from "./types.ts";

/** A record is this long. */
const RECORD = 128;

/** The accounting code's sign: debit and the storno of a credit take money out, credit and the storno of a debit bring it in. */
const SIGN: Record<string, 1 | -1> = { "1": -1, "2": 1, "4": 1, "5": -1 };

/** A Czech or Slovak account number as written at home: prefix-number, leading zeros gone (16 digits: prefix 6, number 10). */
function accountOf(digits: string): string {
  const [prefix, number] = [digits.slice(0, 6).replace(/^0+/, ""), digits.slice(6).replace(/^0+/, "")];
  return prefix ? `${prefix}-${number}` : number;
}

/** A balance of the header: 14 digits in hundredths and its sign, or null. */
function balanceOf(digits: string, sign: string): number | null {
  if (!/^\d{14}$/.test(digits) || !/^[+-]$/.test(sign)) return null;
  return ((sign === "-" ? -1 : 1) * Number(digits)) / 100;
}

/** A statement (074): its account as written (16 digits, which its items repeat) and its new balance; its currency is its items' ("" before the first). */
type Open = BalanceRun & { digits: string; closing: StatedBalance };

function readGpc(text: string, opts: ReadOptions): Statement {
  const { rows, out, badRows, skipped, reconciliation, accounts, fail } = startReading(opts);
  let dataLines = 0;
  let current: Open | null = null;
  let held: ParsedRow | null = null;
  let messages: string[] = [];
  const flush = () => {
    if (!held) return;
    const purpose = cleanText(messages.join(" "));
    const party = held.facts.counterparty ?? "";
    held.description = [party, purpose].filter((t) => t !== "").join(" · ") || "Platba";
    held.idText = held.description;
    if (purpose) held.facts.purpose = purpose;
    out.add(held);
    held = null;
    messages = [];
  };
  const close = () => {
    if (!current) return;
    // A header without items names no currency: its balances are checked in none (nothing to book either way).
    reconciliation.push(closeRun(current, current.closing, "old balance + items (075) = new balance (074)"));
    current = null;
  };
  fixedRecords(text, RECORD, fail).forEach(([line, raw]) => {
    const r = raw.replace(/\s+$/, "").padEnd(RECORD, " ");
    if (r.trim() === "") return;
    const code = r.slice(0, 3);
    // A 076 (the item's other details) comes between its 075 and its messages: it ends no item (review of r4-qa49).
    if (code !== "076" && code !== "078" && code !== "079") flush();
    if (code === "074") {
      close();
      const opening = balanceOf(r.slice(45, 59), r.slice(59, 60)) ?? fail(line, `the old balance "${r.slice(45, 60)}" is not 14 digits and a sign`);
      const closing = balanceOf(r.slice(60, 74), r.slice(74, 75)) ?? fail(line, `the new balance "${r.slice(60, 75)}" is not 14 digits and a sign`);
      const digits = r.slice(3, 19);
      const account = accountOf(digits);
      named(accounts, account);
      current = openRun({ account, currency: "", opening: { amount: opening, date: day(r.slice(39, 45)) }, line }, { digits, closing: { amount: closing, date: day(r.slice(108, 114)) } });
    } else if (code === "075") {
      if (!current) fail(line, "an item (075) before any statement header (074)");
      const acc = current!;
      if (r.slice(3, 19) !== acc.digits) fail(line, `the item names the account ${accountOf(r.slice(3, 19))}, its header (074, line ${acc.line}) ${acc.account}`);
      dataLines++;
      const currency = CURRENCY_BY_NUMBER[r.slice(119, 122)] ?? fail(line, `currency number "${r.slice(118, 122)}" is not one this reader knows`);
      if (acc.currency && currency !== acc.currency) fail(line, `the item is in ${currency}, the statement's items before it (header line ${acc.line}) in ${acc.currency}`);
      acc.currency = currency;
      const date = day(r.slice(122, 128));
      const sign = SIGN[r.slice(60, 61)];
      if (!date || !/^\d{12}$/.test(r.slice(48, 60)) || !sign) {
        const why = !date
          ? `booking date "${r.slice(122, 128)}" is not a real date (DDMMYY)`
          : !sign
            ? `accounting code "${r.slice(60, 61)}" is none of 1 (debit), 2 (credit), 4 (storno of a debit), 5 (storno of a credit)`
            : `the amount "${r.slice(48, 60)}" is not 12 digits`;
        badRows.push({ line, reason: why });
        return;
      }
      const amount = (sign * Number(r.slice(48, 60))) / 100;
      addEntry(acc, amount);
      const party = cleanText(r.slice(97, 117).trim());
      // The variable and specific symbols are numbers (zeros ahead are padding); the constant symbol is a 4-digit code ("0308").
      const symbols = ([["VS", r.slice(61, 71).replace(/^0+/, "")], ["KS", r.slice(77, 81)], ["SS", r.slice(81, 91).replace(/^0+/, "")]] as const)
        .filter(([, v]) => /[1-9]/.test(v))
        .map(([k, v]) => `${k} ${v}`);
      const id = r.slice(35, 48).replace(/^0+/, "");
      const reference = [id, ...symbols].filter((t) => t !== "").join(" · ");
      const valueDate = day(r.slice(91, 97));
      held = {
        line, date, amount, currency, description: party, idText: party, reference: null, account: acc.account,
        facts: { ...(party ? { counterparty: party } : {}), ...(reference ? { reference } : {}), ...(valueDate ? { valueDate } : {}) },
      };
    } else if (code === "078" || code === "079") {
      // Messages of an item that is a bad row (or of none) add nothing to a row.
      if (!held) return;
      for (const part of [r.slice(3, 38), r.slice(38, 73)]) if (part.trim() !== "") messages.push(part.trim());
    } else if (code === "076") {
      dataLines++;
      skipped.push({ line, reason: "a bank's supplementary record (076) of the item above: not read, its amount is the item's" });
    } else fail(line, `"${code}" is no GPC record (074, 075, 076, 078 or 079)`);
  });
  flush();
  close();
  return { format: "gpc", accounts, layout: null, account: accounts[0] ?? null, rows, badRows, skipped, reconciliation, dataLines, notes: [], invertedByBalance: false };
}

export const gpcReader: StatementReader = {
  id: "gpc",
  name: "a GPC (ABO) statement",
  label: "GPC / ABO (Czech and Slovak banks: records 074, 075, 078, 079)",
  recognisedBy: "its first record `074` (account, name, old balance's date, old and new balance with their signs)",
  idRule: "`h:` + SHA-256 of account, date, amount, currency, text",
  extensions: [".gpc", ".abo", ".txt"],
  mimeTypes: ["text/plain"],
  identify: (head) => /^074\d{16}.{20}\d{6}\d{14}[+-]\d{14}[+-]/.test(head),
  read: readGpc,
};
