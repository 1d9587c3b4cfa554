/**
 * ISO 20022 cash-management statements: camt.053 (statement), .052 (account report) and .054
 * (debit/credit notification), versions .001.02 to .001.08. Namespaces are dropped so one reader
 * serves every version; the differences that matter are handled where they occur: `<Sts>BOOK</Sts>`
 * (.02–.04) vs `<Sts><Cd>BOOK</Cd></Sts>` (.08), a party's name in `Cdtr/Nm` vs `Cdtr/Pty/Nm` (.08),
 * a batch part's amount in `TxDtls/Amt` (.04+) or `TxDtls/AmtDtls/TxAmt/Amt`.
 *
 * fast-xml-parser with `parseTagValue: false`: it would otherwise turn `<AcctSvcrRef>0001234`
 * into 1234 and amounts into floats. A DOCTYPE is refused before the parser runs (decode.ts).
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { ImportInputError } from "../../core/errors.ts";
import { refuseDoctype } from "./decode.ts";
import type { BadRow, ParsedRow, ParsedStatement } from "./types.ts";
import { isoDate } from "./values.ts";

type Node = Record<string, unknown>;

const ARRAYS = new Set(["Stmt", "Rpt", "Ntfctn", "Ntry", "NtryDtls", "TxDtls", "Ustrd", "AddtlTxInf", "AddtlNtryInf"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

/** Looks for the camt namespace or a camt root near the start (format detection, no parsing). */
export function looksLikeCamt(head: string): boolean {
  return /urn:iso:std:iso:20022:tech:xsd:camt\.05[234]/.test(head) || /<([\w-]+:)?BkToCstmr(Stmt|AcctRpt|DbtCdtNtfctn)[\s>]/.test(head);
}

const node = (v: unknown): Node | undefined => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Node) : undefined);
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(node).filter((n): n is Node => n !== undefined) : node(v) ? [node(v)!] : []);

/** The text of an element: a plain string, or the `#text` of one with attributes. */
function text(v: unknown): string | undefined {
  if (typeof v === "string") return v.trim();
  const n = node(v);
  const t = n?.["#text"];
  return typeof t === "string" ? t.trim() : undefined;
}

function path(n: Node | undefined, ...keys: string[]): unknown {
  let cur: unknown = n;
  for (const k of keys) {
    cur = node(Array.isArray(cur) ? cur[0] : cur)?.[k];
    if (cur === undefined) return undefined;
  }
  return cur;
}

const textAt = (n: Node | undefined, ...keys: string[]) => {
  const v = path(n, ...keys);
  return text(Array.isArray(v) ? v[0] : v) || undefined;
};

type Money = { value: string; currency: string };

function money(v: unknown): Money | undefined {
  const n = node(v);
  const value = text(v);
  const currency = n?.["@Ccy"];
  return value !== undefined && typeof currency === "string" ? { value, currency: currency.trim().toUpperCase() } : undefined;
}

/** A party's name in every version: `Nm` (.02–.07) or `Pty/Nm` (.08). */
function partyName(party: unknown): string | undefined {
  return textAt(node(party), "Nm") ?? textAt(node(party), "Pty", "Nm");
}

function joinTexts(v: unknown): string | undefined {
  const parts = (Array.isArray(v) ? v : [v]).map(text).filter((t): t is string => !!t);
  return parts.length > 0 ? parts.join(" ") : undefined;
}

function description(tx: Node | undefined, entry: Node, negative: boolean, preferEntryInfo: boolean): string {
  const parties = node(path(tx, "RltdPties"));
  const name = negative ? partyName(parties?.Cdtr) : partyName(parties?.Dbtr);
  const entryInfo = joinTexts(entry.AddtlNtryInf);
  const candidates = preferEntryInfo
    ? [entryInfo, name, joinTexts(tx?.AddtlTxInf), joinTexts(path(tx, "RmtInf", "Ustrd"))]
    : [name, joinTexts(tx?.AddtlTxInf), entryInfo, joinTexts(path(tx, "RmtInf", "Ustrd"))];
  return candidates.find((c) => c !== undefined && c !== "") ?? "";
}

function bookingDate(entry: Node): string | null {
  const raw = textAt(entry, "BookgDt", "Dt") ?? textAt(entry, "BookgDt", "DtTm");
  const m = raw ? /^(\d{4})-(\d{2})-(\d{2})/.exec(raw) : null;
  return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

function signOf(indicator: string | undefined): 1 | -1 | null {
  return indicator === "CRDT" ? 1 : indicator === "DBIT" ? -1 : null;
}

function amountOf(m: Money): number | null {
  return /^\d+(\.\d+)?$/.test(m.value) ? Number(m.value) : null;
}

function partAmount(tx: Node): Money | undefined {
  return money(tx.Amt) ?? money(path(tx, "AmtDtls", "TxAmt", "Amt"));
}

export function parseCamt(xml: string, fileName: string): ParsedStatement {
  refuseDoctype(xml, fileName);
  // Blank lines before the XML declaration are common and harmless, but the validator refuses them.
  const start = Math.max(0, xml.search(/\S/));
  const body = xml.slice(start);
  const valid = XMLValidator.validate(body);
  if (valid !== true) {
    const line = valid.err.line + (xml.slice(0, start).match(/\n/g)?.length ?? 0);
    throw new ImportInputError(`${fileName}: line ${line}: the XML is not well-formed (${valid.err.msg}); is the file complete?`);
  }
  const doc = node(node(parser.parse(body))?.Document);
  const message = node(doc?.BkToCstmrStmt) ?? node(doc?.BkToCstmrAcctRpt) ?? node(doc?.BkToCstmrDbtCdtNtfctn);
  if (!message) throw new ImportInputError(`${fileName}: not a camt.053/.052/.054 document (expected Document/BkToCstmrStmt, BkToCstmrAcctRpt or BkToCstmrDbtCdtNtfctn)`);
  const statements = [...list(message.Stmt), ...list(message.Rpt), ...list(message.Ntfctn)];
  const rows: ParsedRow[] = [];
  const badRows: BadRow[] = [];
  const accounts: string[] = [];
  let ordinal = 0;
  for (const stmt of statements) {
    const iban = textAt(stmt, "Acct", "Id", "IBAN") ?? textAt(stmt, "Acct", "Id", "Othr", "Id");
    const account = iban ? iban.replace(/\s+/g, "") : null;
    if (account && !accounts.includes(account)) accounts.push(account);
    for (const entry of list(stmt.Ntry)) {
      ordinal++;
      const status = textAt(entry, "Sts", "Cd") ?? textAt(entry, "Sts");
      if (status !== undefined && status !== "BOOK") continue; // pending (PDNG) or information only (INFO)
      const bad = (reason: string) => badRows.push({ line: ordinal, reason: `entry ${ordinal}: ${reason}` });
      const date = bookingDate(entry);
      if (!date) {
        bad("no real booking date (BookgDt/Dt or DtTm)");
        continue;
      }
      const sign = signOf(textAt(entry, "CdtDbtInd"));
      if (sign === null) {
        bad(`CdtDbtInd "${textAt(entry, "CdtDbtInd") ?? ""}" is neither CRDT nor DBIT`);
        continue;
      }
      const total = money(entry.Amt);
      const totalValue = total ? amountOf(total) : null;
      if (!total || totalValue === null) {
        bad(`amount "${text(entry.Amt) ?? ""}" is not a positive decimal with a currency (Amt Ccy="…")`);
        continue;
      }
      const ref = textAt(entry, "AcctSvcrRef") ?? textAt(entry, "NtryRef");
      const txs = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
      const isBatch = txs.length >= 2 && txs.every((t) => partAmount(t) !== undefined);
      if (!isBatch) {
        rows.push({
          line: ordinal,
          date,
          amount: sign * totalValue,
          currency: total.currency,
          description: description(txs[0], entry, sign < 0, txs.length > 1),
          reference: ref ? `camt:${ref}` : null,
          account,
        });
        continue;
      }
      txs.forEach((tx, i) => {
        const part = partAmount(tx)!;
        const value = amountOf(part);
        const partSign = signOf(textAt(tx, "CdtDbtInd")) ?? sign;
        if (value === null) {
          bad(`part ${i + 1}: amount "${part.value}" is not a positive decimal`);
          return;
        }
        rows.push({
          line: ordinal,
          date,
          amount: partSign * value,
          currency: part.currency,
          description: description(tx, entry, partSign < 0, false),
          reference: ref ? `camt:${ref}:${i + 1}` : null,
          account,
        });
      });
    }
  }
  return { format: "camt", account: accounts[0] ?? null, rows, badRows };
}
