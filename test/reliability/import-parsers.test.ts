/**
 * Issue 29's parser half, the review's cases kept small in size and equal in shape (their time
 * is measured in bench/import-parse.ts, never here): deep nesting in OFX and camt, a character
 * reference to no character, unclosed comments and tags, a single giant CSV cell, control
 * characters from references — each read or refused with the file's name and the line, exit 2 on
 * the command line and 400 on the web (the web reads in the parse worker), never exit 1, never a
 * bare parser message; stored text clean (SPEC §13.1).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseStatement } from "../../src/import/formats/index.ts";
import { runCli } from "../support/cli-process.ts";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";
import { allRows, tempDir } from "../import/support.ts";

const DEPTH = 2_000;
const ofx = (inside: string) =>
  `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>CHF\n<BANKACCTFROM><ACCTID>1\n</BANKACCTFROM><BANKTRANLIST>\n${inside}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
const trn = (name: string) => `<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20250603\n<TRNAMT>-1.00\n<FITID>F1\n<NAME>${name}\n</STMTTRN>`;
const camt = (entry: string) =>
  `<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt><Stmt><Acct><Id><IBAN>CH9300762011623852957</IBAN></Id></Acct>\n${entry}\n</Stmt></BkToCstmrStmt></Document>\n`;
const ntry = (inside: string) => `<Ntry><Amt Ccy="CHF">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-06-02</Dt></BookgDt><AcctSvcrRef>R1</AcctSvcrRef>${inside}</Ntry>`;

/** The review's bad files, in the shapes that stalled or crashed round 3, each with the exact refusal. */
const REFUSED: [string, string, string][] = [
  ["ref.ofx", ofx(trn("A&#99999999;B")), 'ref.ofx: line 12: "&#99999999;" refers to no character'],
  ["ref.xml", camt(ntry("<AddtlNtryInf>A&#x110000;</AddtlNtryInf>")), 'ref.xml: line 3: "&#x110000;" refers to no character'],
  ["deep-unclosed.xml", camt(ntry("<X>".repeat(DEPTH))), `deep-unclosed.xml: line 3: the XML is not well-formed (</Ntry> where </X> (opened on line 3) was expected); is the file complete?`],
  ["comment.ofx", ofx(`<!-- never closed ${trn("A")}`), "comment.ofx: line 7: the file is not well-formed (a comment <!-- is never closed); is the file complete?"],
  ["cut.xml", camt(ntry("")).slice(0, 200), "cut.xml: line 3: the XML is not well-formed (a tag is never closed with >); is the file complete?"],
  ["ends-early.xml", camt(ntry("")).slice(0, 190), "ends-early.xml: line 3: the XML is not well-formed (it ends inside <Amt>, opened on line 3); is the file complete?"],
  ["doctype.ofx", `OFXHEADER:100\n\n<!DOCTYPE OFX>\n${ofx(trn("A"))}`, "doctype.ofx: line 3: the file declares a DOCTYPE, which is refused (statements never need one)"],
];

describe("the parsers on the review's files (small, same shape)", () => {
  test("OFX nested 2,000 deep inside a transaction, and as a chain of stray closing tags: read, one pass", () => {
    const nested = ofx(trn(`Kiosk${"<X>".repeat(DEPTH)}`));
    expect(parseStatement(new TextEncoder().encode(nested), { fileName: "deep.ofx" }).rows.toArray().map((r) => [r.amount, r.description])).toEqual([[-1, "Kiosk"]]);
    const stray = ofx(`${trn("Kiosk")}${"</NOPE>".repeat(DEPTH)}`);
    expect(parseStatement(new TextEncoder().encode(stray), { fileName: "stray.ofx" }).rows.length).toBe(1);
  });

  test("camt nested 2,000 deep (well-formed) is read; the entry's own text is kept", () => {
    const deep = camt(ntry(`<AddtlNtryInf>Tief</AddtlNtryInf>${"<X>".repeat(DEPTH)}${"</X>".repeat(DEPTH)}`));
    expect(parseStatement(new TextEncoder().encode(deep), { fileName: "deep.xml" }).rows.toArray().map((r) => [r.amount, r.description])).toEqual([[-1, "Tief"]]);
  });

  for (const [name, text, message] of REFUSED) {
    test(`${name}: refused naming the file and the line`, () => {
      expect(() => parseStatement(new TextEncoder().encode(text), { fileName: name })).toThrow(message);
    });
  }
});

describe("stored text is clean (SPEC §13.1)", () => {
  test("NUL, ESC, C1 and a right-to-left override from character references are removed; M&#252;ller is Müller", () => {
    const s = parseStatement(new TextEncoder().encode(camt(ntry("<AddtlNtryInf>M&#252;ller&#0;&#27;&#x9b;&#x202E;AG</AddtlNtryInf>"))), { fileName: "c.xml" });
    expect(s.rows.toArray().map((r) => r.description)).toEqual(["MüllerAG"]);
  });

  test("a single CSV cell of 400,000 characters (the review's 40 MB, same shape) becomes 1,000 characters with …", () => {
    const csv = `Date;Amount;Currency;Description\n2025-06-02;-1.00;CHF;"${"x".repeat(400_000)}"\n`;
    const [row] = parseStatement(new TextEncoder().encode(csv), { fileName: "wide.csv" }).rows.toArray();
    expect(row!.description).toBe(`${"x".repeat(999)}…`);
    expect(row!.idText.length).toBe(1000);
  });
});

describe("exit 2 on the command line, 400 on the web, never a bare parser message", () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    tmp = tempDir();
  });
  afterEach(() => tmp.cleanup());

  test("the CLI: each bad file exits 2 with its one-line refusal, and nothing is written", async () => {
    for (const [name, text, message] of REFUSED) {
      const path = join(tmp.dir, name);
      writeFileSync(path, text);
      const out = await runCli(["import", path, "--db", join(tmp.dir, "budget.db"), "--chat-db", join(tmp.dir, "chat.db")], { home: tmp.dir });
      expect([name, out.code, out.stderr]).toEqual([name, 2, `budget-chat: import: ${message}\n`]);
    }
    expect(() => allRows(join(tmp.dir, "budget.db"))).toThrow();
  });

  describe("the web", () => {
    let h: WebHarness;
    beforeAll(async () => {
      h = await startWebHarness();
    });
    afterAll(async () => h.close());

    test("each bad file is a 400 with its refusal, read in the parse worker; the server goes on answering", async () => {
      for (const [name, text, message] of REFUSED) {
        const form = new FormData();
        form.append("file", new File([text], name));
        const res = await fetch(`${h.url}/api/imports`, { method: "POST", body: form });
        expect([name, res.status, (await res.json()).error]).toEqual([name, 400, message]);
      }
      expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
    });
  });
});
