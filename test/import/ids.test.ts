import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { parseStatement, type ParsedRow } from "../../src/import/formats/index.ts";
import { RowTable } from "../../src/import/formats/row-table.ts";
import { assignTransactionIds as idsOf } from "../../src/import/ids.ts";
import { utf8 } from "./formats/support.ts";

const row = (over: Partial<ParsedRow>): ParsedRow => {
  const r: ParsedRow = { line: 2, date: "2025-02-01", amount: -3.2, currency: "CHF", description: "Café Crème", idText: "Café Crème", reference: null, account: null, facts: {}, ...over };
  return over.description !== undefined && over.idText === undefined ? { ...r, idText: over.description } : r;
};
const assignTransactionIds = (rows: ParsedRow[], account: string | null) => {
  const t = new RowTable();
  for (const r of rows) t.add(r);
  return idsOf(t, account);
};
const sha = (s: string) => `h:${createHash("sha256").update(s).digest("hex").slice(0, 16)}`;

describe("assignTransactionIds", () => {
  test("a bank reference is the id as it is", () => {
    expect(assignTransactionIds([row({ reference: "camt:0001234" }), row({ reference: "3325087TI1234567" })], null)).toEqual(["camt:0001234", "3325087TI1234567"]);
  });

  test("without one: h: + 16 hex of SHA-256 over account|date|amount|currency|normalised text", () => {
    expect(assignTransactionIds([row({ description: "  CAFÉ   Crème " })], "CH4431999123000889012")).toEqual([sha("CH4431999123000889012|2025-02-01|-3.20|CHF|café crème")]);
    expect(assignTransactionIds([row({ account: "DE89370400440532013000" })], null)).toEqual([sha("DE89370400440532013000|2025-02-01|-3.20|CHF|café crème")]);
    expect(assignTransactionIds([row({})], null)).toEqual([sha("|2025-02-01|-3.20|CHF|café crème")]);
    // Plain ASCII text (no Unicode normalisation needed), NFKC folding a no-break space and fullwidth letters, currency trimmed
    expect(assignTransactionIds([row({ description: " COOP-1234\tBERN  ", currency: " chf" })], null)).toEqual([sha("|2025-02-01|-3.20|CHF|coop-1234 bern")]);
    expect(assignTransactionIds([row({ description: "COOP\u00a0ＰＲＯＮＴＯ" })], null)).toEqual([sha("|2025-02-01|-3.20|CHF|coop pronto")]);
  });

  test("the text hashed is the round-3 description (idText), not the round-4 raw_description", () => {
    expect(assignTransactionIds([row({ description: "Café Crème · Kaffee und Gipfeli", idText: "Café Crème" })], null)).toEqual([sha("|2025-02-01|-3.20|CHF|café crème")]);
  });

  test("the k-th identical id within a file gets #k, for content ids and references alike", () => {
    const base = sha("|2025-02-01|-3.20|CHF|café crème");
    expect(assignTransactionIds([row({}), row({ line: 3 }), row({ line: 4, amount: -3.3 }), row({ line: 5 })], null)).toEqual([
      base, `${base}#2`, sha("|2025-02-01|-3.30|CHF|café crème"), `${base}#3`,
    ]);
    expect(assignTransactionIds([row({ reference: "T1" }), row({ reference: "T1" })], null)).toEqual(["T1", "T1#2"]);
  });

  test("overlapping statements give the shared rows the same ids", () => {
    const header = "Date,Description,Amount,Currency\n";
    const jan = header + "2025-01-30,Coop,-12.00,CHF\n2025-01-31,Kiosk,-2.50,CHF\n2025-01-31,Kiosk,-2.50,CHF\n2025-02-01,Migros,-40.10,CHF\n";
    const feb = header + "2025-01-31,Kiosk,-2.50,CHF\n2025-01-31,Kiosk,-2.50,CHF\n2025-02-01,Migros,-40.10,CHF\n2025-02-02,SBB,-5.80,CHF\n";
    const ids = (text: string) => {
      const s = parseStatement(utf8(text), { fileName: "x.csv" });
      return idsOf(s.rows, s.account);
    };
    const a = ids(jan);
    const b = ids(feb);
    expect(b.slice(0, 3)).toEqual(a.slice(1, 4));
    expect(a[2]).toBe(`${a[1]}#2`);
    expect(new Set([...a, ...b]).size).toBe(5);
  });

  test("repeats are numbered across many rows (the content-hash counts grow as the rows come): the k-th same row gets #k, a bank reference as well", () => {
    // 3,000 different rows, then the first and the 2,999th again, then the first a third time: its ids are #2 and #3.
    const rows = Array.from({ length: 3000 }, (_, i) => row({ amount: -(i + 1), description: `Shop ${i}` }));
    const ids = assignTransactionIds([...rows, rows[0]!, rows[2998]!, rows[0]!, row({ reference: "R1" }), row({ reference: "R1" })], null);
    expect(new Set(ids.slice(0, 3000)).size).toBe(3000);
    expect(ids.slice(3000)).toEqual([`${ids[0]}#2`, `${ids[2998]}#2`, `${ids[0]}#3`, "R1", "R1#2"]);
    expect(ids[0]).toBe(sha("|2025-02-01|-1.00|CHF|shop 0"));
  });
});
