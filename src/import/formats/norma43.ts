/**
 * Norma 43 (AEB / CSB "Cuaderno 43"), the account statement every Spanish bank downloads as a text file of 80-character
 * records (QA round 4, qa24: an ERP's test statement was refused as "unknown format"):
 *
 *     11 bank(4) branch(4) account(10) from YYMMDD, to YYMMDD, D/H (1 debit, 2 credit), opening balance (14, cents),
 *        currency (ISO 4217 number, 978 = EUR), information mode (1), holder (26), free (3)
 *     22 free(4) branch(4) operation date, value date (YYMMDD), common concept (2), own concept (3), D/H, amount (14,
 *        cents), document number (10), reference 1 (12), reference 2 (16)
 *     23 concept line of the movement above: code (2), two texts of 38
 *     24 the movement's amount in another currency: code (2), currency (3), amount (14)
 *     33 end of the account: bank, branch, account, debits (count 5, total 14), credits (count 5, total 14), D/H, closing
 *        balance (14), currency (3)
 *     88 end of file: 18 nines, the number of records (6)
 *
 * A movement (22) is a row, its concept lines (23) its text; each account's opening (11) plus its movements is checked
 * against its closing balance (33).
 */
import { addEntry, type BalanceRun, closeRun, cutRun, named, openRun, startReading } from "./balance-run.ts";
import { cleanText } from "./clean.ts";
import { CURRENCY_BY_NUMBER as CURRENCIES } from "./currency-numbers.ts";
import { fixedRecords } from "./fixed-records.ts";
import type { StatementReader } from "./reader.ts";
import { cents } from "./reconcile.ts";
import type { ParsedRow } from "./row-table.ts";
import { joinCutPieces } from "./texts.ts";
import type { ReadOptions, Statement } from "./types.ts";
import { isoDate } from "./values.ts";

/** The common concepts (concepto común), the movement's text when no concept line gives one. */
const CONCEPTS: Record<string, string> = {
  "01": "Talones - reintegros", "02": "Abonarés - entregas - ingresos", "03": "Domiciliados - recibos - letras - pagos por su cuenta",
  "04": "Giros - transferencias - traspasos - cheques", "05": "Amortización préstamos, créditos, etc.", "06": "Remesas efectos",
  "07": "Suscripciones - div. pasivos - canjes", "08": "Div. cupones - prima junta - amortizaciones", "09": "Operaciones de bolsa y/o compra/venta valores",
  "10": "Cheques gasolina", "11": "Cajero automático", "12": "Tarjetas de crédito - tarjetas débito", "13": "Operaciones extranjero",
  "14": "Devoluciones e impagados", "15": "Nóminas - seguros sociales", "16": "Timbres - corretaje - póliza", "17": "Intereses - comisiones - custodia - gastos e impuestos",
  "98": "Anulaciones - correcciones asiento", "99": "Varios",
};

/** A concept line's two texts are this wide. */
const CONCEPT_WIDTH = 38;

/** YYMMDD as a day (years 70–99 are the 1900s). */
function day(raw: string): string | null {
  if (!/^\d{6}$/.test(raw)) return null;
  const yy = Number(raw.slice(0, 2));
  return isoDate(yy < 70 ? 2000 + yy : 1900 + yy, Number(raw.slice(2, 4)), Number(raw.slice(4, 6)));
}

/** A D/H mark and 14 digits of cents as a signed amount: 1 (debe) is money out, 2 (haber) money in; null otherwise. */
function signed(mark: string, digits: string): number | null {
  if (!/^\d{14}$/.test(digits) || (mark !== "1" && mark !== "2")) return null;
  const v = Number(digits) / 100;
  return mark === "1" ? -v : v;
}

/** Movements (22) of one side (debe or haber) as the file wrote them: their number and total in cents. */
type Side = { n: number; cents: number };

type Account = BalanceRun & {
  /** Bank, branch and account as the 11 wrote them (20 digits), and its currency number: the 33 must repeat both. */
  key: string;
  currencyNumber: string;
  until: string | null;
  debits: Side;
  credits: Side;
  /** 22 lines whose D/H mark or amount could not be read: the 33's counts cannot be checked side by side then. */
  unread: number;
};

/** Money in cents as the figure a person reads ("1'234.50"). */
const shown = (c: number) => (c / 100).toFixed(2);

/**
 * An account's end (33) against what was read of it: the same bank, branch and account and the same currency as its
 * header (11), and as many debits and credits, of the same totals, as its movements (22). Anything else is a file cut
 * or joined wrongly: refused, naming the line and both figures.
 */
function checkEnd(r: string, acc: Account): string | null {
  const problems: string[] = [];
  if (r.slice(2, 20) !== acc.key) problems.push(`names the account ${r.slice(2, 6)} ${r.slice(6, 10)} ${r.slice(10, 20)}, its header (11, line ${acc.line}) ${acc.key.slice(0, 4)} ${acc.key.slice(4, 8)} ${acc.key.slice(8)}`);
  if (r.slice(73, 76) !== acc.currencyNumber) problems.push(`has the currency number "${r.slice(73, 76)}", its header (11, line ${acc.line}) "${acc.currencyNumber}"`);
  const counts = [r.slice(20, 25), r.slice(25, 39), r.slice(39, 44), r.slice(44, 58)];
  if (!counts.every((c) => /^\d+$/.test(c))) problems.push(`has no debit and credit counts and totals (5 and 14 digits each): "${r.slice(20, 58)}"`);
  else {
    const [nd, td, nh, th] = counts.map(Number) as [number, number, number, number];
    if (acc.unread > 0) {
      if (nd + nh !== acc.debits.n + acc.credits.n + acc.unread) problems.push(`counts ${nd + nh} movements, the file has ${acc.debits.n + acc.credits.n + acc.unread}`);
    } else {
      if (nd !== acc.debits.n) problems.push(`counts ${nd} debits, the file has ${acc.debits.n}`);
      if (td !== acc.debits.cents) problems.push(`totals the debits ${shown(td)}, the file's add up to ${shown(acc.debits.cents)}`);
      if (nh !== acc.credits.n) problems.push(`counts ${nh} credits, the file has ${acc.credits.n}`);
      if (th !== acc.credits.cents) problems.push(`totals the credits ${shown(th)}, the file's add up to ${shown(acc.credits.cents)}`);
    }
  }
  return problems.length > 0 ? `the account's end (33) ${problems.join("; ")}: movements are missing or the file is not whole` : null;
}

/** A record is this long. */
const RECORD = 80;

function readNorma43(text: string, opts: ReadOptions): Statement {
  const { rows, out, badRows, skipped, reconciliation, notes, accounts, fail } = startReading(opts);
  let dataLines = 0;
  let lastLine = 0;
  let ended = false;
  let records = 0;
  let first: string | null = null;
  let current: Account | null = null;
  /** The last movement, held while concept (23) and currency (24) lines may follow it. */
  let held: ParsedRow | null = null;
  let texts: string[] = [];
  /** The line of the last movement (22) that is a bad row, while its concept and currency lines may follow it. */
  let unreadMovement: number | null = null;
  const flush = () => {
    if (!held) return;
    // The concept texts are one text cut into fields of 38 characters, mid-word where the width falls ("…DNH*MICHA" + "EL SCOTT").
    const said = cleanText(joinCutPieces(texts, (piece) => piece.length === CONCEPT_WIDTH));
    held.description = said || held.description;
    held.idText = held.description;
    if (said) held.facts.purpose = said;
    out.add(held);
    held = null;
    texts = [];
  };
  fixedRecords(text, RECORD, fail).forEach(([line, raw]) => {
    const r = raw.replace(/\s+$/, "");
    if (r === "") return;
    const code = r.slice(0, 2);
    records++;
    lastLine = line;
    if (code !== "22" && code !== "23" && code !== "24") flush();
    if (code !== "23" && code !== "24") unreadMovement = null;
    if (code === "11") {
      if (current) fail(line, "an account's header (11) before the end (33) of the account above it");
      const currency = CURRENCIES[r.slice(47, 50)] ?? fail(line, `currency number "${r.slice(47, 50)}" is not one this reader knows`);
      const opening = signed(r.slice(32, 33), r.slice(33, 47)) ?? fail(line, "the opening balance is not a D/H mark and 14 digits");
      // (One account given for every row, --account, is applied and checked by parseText.)
      const account = `${r.slice(2, 6)} ${r.slice(6, 10)} ${r.slice(10, 20)}`;
      first ??= account;
      named(accounts, account);
      current = openRun(
        { account, currency, opening: { amount: opening, date: day(r.slice(20, 26)) }, line },
        { key: r.slice(2, 20), currencyNumber: r.slice(47, 50), until: day(r.slice(26, 32)), debits: { n: 0, cents: 0 }, credits: { n: 0, cents: 0 }, unread: 0 },
      );
    } else if (code === "22") {
      flush();
      if (!current) fail(line, "a movement (22) before any account header (11)");
      const acc = current!;
      dataLines++;
      const date = day(r.slice(10, 16));
      const amount = signed(r.slice(27, 28), r.slice(28, 42));
      if (amount === null) acc.unread++;
      else {
        const side = amount < 0 ? acc.debits : acc.credits;
        side.n++;
        side.cents += Math.abs(cents(amount));
      }
      const bad = !date
        ? `operation date "${r.slice(10, 16)}" is not a real date (YYMMDD)`
        : amount === null ? `the amount "${r.slice(27, 42)}" is not a D/H mark (1 or 2) and 14 digits` : null;
      if (bad || !date || amount === null) {
        badRows.push({ line, reason: bad ?? "" });
        unreadMovement = line;
        return;
      }
      // The user's flip (--flip-signs) turns the row and the balance check's entries, not the end record's counts by D/H mark.
      const flipped = opts.flipSigns ? -amount : amount;
      addEntry(acc, flipped);
      const valueDate = day(r.slice(16, 22));
      const concept = CONCEPTS[r.slice(22, 24)] ?? `Concepto ${r.slice(22, 24)}`;
      held = { line, date, amount: flipped === 0 ? 0 : flipped, currency: acc.currency, description: concept, idText: concept, reference: null, account: acc.account, facts: valueDate ? { valueDate } : {} };
    } else if ((code === "23" || code === "24") && unreadMovement !== null && !held) {
      // The lines of a movement that is a bad row go with it.
      dataLines++;
      skipped.push({ line, reason: `a ${code === "23" ? "concept" : "currency"} line of the movement on line ${unreadMovement}, which is a bad row` });
    } else if (code === "23") {
      if (!held) fail(line, "a concept line (23) with no movement (22) above it");
      texts.push(r.slice(4, 4 + CONCEPT_WIDTH), r.slice(4 + CONCEPT_WIDTH, 4 + 2 * CONCEPT_WIDTH));
    } else if (code === "24") {
      if (!held) fail(line, "a currency line (24) with no movement (22) above it");
      const currency = CURRENCIES[r.slice(4, 7)];
      const amount = /^\d{14}$/.test(r.slice(7, 21)) ? Number(r.slice(7, 21)) / 100 : null;
      if (currency && amount !== null) Object.assign(held!.facts, { originalCurrency: currency, originalAmount: Math.sign(held!.amount) * amount });
    } else if (code === "33") {
      if (!current) fail(line, "an account's end (33) with no header (11)");
      const acc = current!;
      const closing = signed(r.slice(58, 59), r.slice(59, 73)) ?? fail(line, "the closing balance is not a D/H mark and 14 digits");
      const wrong = checkEnd(r, acc);
      if (wrong) fail(line, wrong);
      reconciliation.push(closeRun(acc, { amount: closing, date: acc.until }, "opening (11) + movements (22) = closing (33)"));
      current = null;
    } else if (code === "88") {
      ended = true;
      // Banks count the 88 record itself, or not: a count that is neither is said, not refused (each account's 33 is the check).
      const said = Number(r.slice(20, 26));
      const before = records - 1;
      if (/^\d{6}$/.test(r.slice(20, 26)) && said !== before && said !== before + 1) {
        notes.push(`the end of file (88, line ${line}) counts ${said} records; the file has ${before} before it`);
      }
    } else fail(line, `"${code}" is no Norma 43 record (11, 22, 23, 24, 33 or 88)`);
  });
  flush();
  if (current) {
    const acc = current as Account;
    const note = `the account ${acc.account} (from line ${acc.line}) has no end record (33): the file stops at line ${lastLine}, movements after it could be missing, and its closing balance is not checked`;
    reconciliation.push(cutRun(acc, notes, note, "opening (11) + movements (22); the account's end (33) is missing"));
  }
  else if (!ended && first !== null) notes.push(`the file has no end record (88): it stops at line ${lastLine}, and accounts after it could be missing`);
  return { format: "norma43", accounts, layout: null, account: first, rows, badRows, skipped, reconciliation, dataLines, notes, invertedByBalance: false };
}

export const norma43Reader: StatementReader = {
  id: "norma43",
  name: "a Norma 43 (AEB/CSB 43) statement",
  label: "Norma 43 (AEB / CSB \"Cuaderno 43\", Spain: records 11, 22, 23, 24, 33, 88)",
  recognisedBy: "its first record `11` (bank, branch, account, period, D/H, opening balance, currency number)",
  idRule: "`h:` + SHA-256 of account, date, amount, currency, text",
  extensions: [".n43", ".aeb", ".csb", ".txt"],
  mimeTypes: ["text/plain"],
  identify: (head) => /^11\d{30}[12]\d{17}/.test(head),
  read: readNorma43,
};
