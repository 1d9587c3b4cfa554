/**
 * OFX / QFX statements, 1.x (SGML: a `KEY:VALUE` header, leaf tags usually left unclosed) and 2.x
 * (XML). One small tag reader serves both: a tag followed by text is a leaf (its closing tag, if
 * any, is skipped); a tag followed by another tag opens an aggregate. An aggregate left unclosed
 * (an empty leaf in SGML) hands its children back to its parent when an outer closing tag comes.
 */
import { ImportInputError } from "../../core/errors.ts";
import { refuseDoctype } from "./decode.ts";
import type { BadRow, ParsedRow, ParsedStatement } from "./types.ts";
import { isoDate } from "./values.ts";

type OfxNode = { name: string; text?: string; children: OfxNode[] };

export function looksLikeOfx(head: string): boolean {
  return /^\s*OFXHEADER\s*:/.test(head) || /<\?OFX[\s?]|<OFX>/i.test(head);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === "#") return String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e.toLowerCase()] ?? all;
  });
}

function readTree(body: string): OfxNode {
  const root: OfxNode = { name: "#root", children: [] };
  const stack: OfxNode[] = [root];
  const tag = /<(\/?)([A-Za-z0-9_.]+)[^>]*>/g;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(body)) !== null) {
    const name = m[2]!.toUpperCase();
    if (m[1] === "/") {
      const at = stack.findLastIndex((n) => n.name === name);
      if (at <= 0) continue; // the closing tag of a leaf, or a stray one
      // Unclosed aggregates above it were empty SGML leaves: their children belong to their parents.
      for (let i = stack.length - 1; i > at; i--) {
        const open = stack[i]!;
        stack[i - 1]!.children.push(...open.children);
        open.children = [];
      }
      stack.length = at;
      continue;
    }
    const next = body.indexOf("<", tag.lastIndex);
    const raw = body.slice(tag.lastIndex, next < 0 ? body.length : next);
    const node: OfxNode = { name, children: [] };
    stack[stack.length - 1]!.children.push(node);
    if (raw.trim() !== "") node.text = decodeEntities(raw.trim());
    else stack.push(node);
  }
  return root;
}

function findAll(n: OfxNode, names: readonly string[], out: OfxNode[] = []): OfxNode[] {
  for (const c of n.children) {
    if (names.includes(c.name)) out.push(c);
    else findAll(c, names, out);
  }
  return out;
}

function child(n: OfxNode | undefined, ...names: string[]): OfxNode | undefined {
  let cur = n;
  for (const name of names) cur = cur?.children.find((c) => c.name === name);
  return cur;
}

const value = (n: OfxNode | undefined, ...names: string[]) => child(n, ...names)?.text;

function ofxDate(raw: string | undefined): string | null {
  const m = raw ? /^(\d{4})(\d{2})(\d{2})/.exec(raw) : null;
  return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

function ofxAmount(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  // Some European banks write a decimal comma in TRNAMT.
  const s = raw.trim().replace(/^\+/, "").replace(/,(\d{1,2})$/, ".$1");
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(s) ? Number(s) : null;
}

export function parseOfx(text: string, fileName: string): ParsedStatement {
  refuseDoctype(text, fileName);
  const start = text.search(/<OFX>/i);
  if (start < 0) throw new ImportInputError(`${fileName}: no <OFX> element: not an OFX/QFX statement`);
  const tree = readTree(text.slice(start));
  const statements = findAll(tree, ["STMTRS", "CCSTMTRS"]);
  if (statements.length === 0) throw new ImportInputError(`${fileName}: the OFX file holds no bank or card statement (STMTRS / CCSTMTRS)`);
  const rows: ParsedRow[] = [];
  const badRows: BadRow[] = [];
  const accounts: string[] = [];
  let ordinal = 0;
  for (const st of statements) {
    const account = value(st, "BANKACCTFROM", "ACCTID") ?? value(st, "CCACCTFROM", "ACCTID") ?? null;
    if (account && !accounts.includes(account)) accounts.push(account);
    const curdef = value(st, "CURDEF")?.toUpperCase();
    for (const tx of findAll(st, ["STMTTRN"])) {
      ordinal++;
      const bad = (reason: string) => badRows.push({ line: ordinal, reason: `STMTTRN ${ordinal}: ${reason}` });
      const date = ofxDate(value(tx, "DTPOSTED"));
      if (!date) {
        bad(`DTPOSTED "${value(tx, "DTPOSTED") ?? ""}" is not a real date`);
        continue;
      }
      const amount = ofxAmount(value(tx, "TRNAMT"));
      if (amount === null) {
        bad(`TRNAMT "${value(tx, "TRNAMT") ?? ""}" is not a number`);
        continue;
      }
      // CURRENCY: the amount is in that currency; ORIGCURRENCY only tells what it was converted from.
      const currency = (value(tx, "CURRENCY", "CURSYM") ?? curdef)?.trim().toUpperCase();
      if (!currency || !/^[A-Z]{3}$/.test(currency)) {
        bad(`no currency (CURDEF of the statement or CURRENCY/CURSYM of the transaction)`);
        continue;
      }
      const fitid = value(tx, "FITID");
      const name = value(tx, "NAME") ?? value(tx, "PAYEE", "NAME");
      rows.push({
        line: ordinal,
        date,
        amount,
        currency,
        description: name ?? value(tx, "MEMO") ?? "",
        reference: fitid ? `ofx:${account ?? ""}:${fitid}` : null,
        account,
      });
    }
  }
  return { format: "ofx", account: accounts[0] ?? null, rows, badRows };
}
