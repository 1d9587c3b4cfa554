import { describe, expect, test } from "bun:test";
import { detectFormat, IMPORT_FORMATS, ImportInputError } from "../../../src/import/formats/index.ts";
import { fixture, read, utf8 } from "./support.ts";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const PDF = utf8("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n");

const refusal = (bytes: Uint8Array, format?: (typeof IMPORT_FORMATS)[number]) => {
  try {
    read(bytes, { fileName: "upload.bin", format });
  } catch (e) {
    expect(e).toBeInstanceOf(ImportInputError);
    return (e as Error).message;
  }
  throw new Error("expected a refusal");
};

describe("files that are no statement", () => {
  test("a PNG, a PDF, an empty file, an HTML page, prose: refused with what they are; not detected as any format", () => {
    expect(refusal(PNG)).toBe("upload.bin: this is a PNG image, not a bank statement");
    expect(refusal(PDF)).toBe("upload.bin: this is a PDF document (a PDF statement is not read: export the statement as CSV, camt.053 XML, MT940 or OFX instead), not a bank statement");
    expect(refusal(new Uint8Array(0))).toBe("upload.bin: the file is empty");
    expect(refusal(utf8(" \n\r\n"))).toBe("upload.bin: the file is empty");
    expect(refusal(utf8("<!DOCTYPE html>\n<html><head><title>E-Banking</title></head><body>Login</body></html>"))).toBe(
      "upload.bin: this is an HTML page (a saved web page?), not a bank statement export",
    );
    // A bank's "Excel" export that is a web page, an XML declaration first (OTP Bank's .xls; qa28: "this XML (root element
    // <html>) is no camt.052/053/054 statement").
    const excelPage = '<?xml version="1.0" encoding="iso-8859-2"?>\n<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN">\n<html xmlns:x="urn:schemas-microsoft-com:office:excel" lang="hu">\n<head><meta name="ProgId" content="Excel.Sheet" /></head>\n<body><table><tr><td>2026.03.02</td><td>-1 200</td></tr></table></body></html>\n';
    expect(refusal(utf8(excelPage))).toBe(
      "upload.bin: this is a web page written as an Excel .xls file (a table in HTML), not a bank statement export (export the statement as CSV, camt.053 XML, MT940 or OFX instead)",
    );
    expect(refusal(utf8('<?xml version="1.0"?>\n<html><body>Login</body></html>'))).toBe("upload.bin: this is an HTML page (a saved web page?), not a bank statement export");
    expect(refusal(utf8("Dear customer,\nyour statement is attached.\n"))).toBe(
      "upload.bin: unknown format: expected OFX/QFX, camt.052/053/054 XML, MT940/MT942 (SWIFT), QIF (Quicken), a Norma 43 (AEB/CSB 43) statement, a CFONB 120 statement, a GPC (ABO) statement, a CODA statement, a BAI2 balance report, a Santander UK text statement (TXT), a UBS card invoice CSV, a UBS account statement CSV or a CSV with a header row",
    );
    // A Norma 43 (AEB/CSB 43) statement of a Spanish bank, fixed-width records "11", "22", "23", "33", "88": taken by its own
    // reader (norma43.ts), never read as a CSV for the comma and the semicolon of its concept (QA round 4, pass 23: "unknown
    // format").
    const norma43 = [
      `11210004180200051332260201260228200000000120000978${"3"}${"M.GARCIA".padEnd(26)}   `,
      ["22", "    ", "0418", "260203", "260203", "12", "000", "1", "00000000006420", "0000000000", "000000000001", " ".repeat(16)].join(""),
      `2301${"COMPRA TARJ. MERCADONA, VALENCIA; 1".padEnd(38)}${" ".repeat(38)}`,
      // (Some banks fill the record's four free places: SeQura's files.)
      ["22", "0007", "0418", "260205", "260205", "02", "000", "2", "00000000280000", "0000000000", "000000000002", " ".repeat(16)].join(""),
      `3321000418020005133200001000000000064200000000000000000021000000001135800978    `,
      `88999999999999999999000005${" ".repeat(54)}`,
    ].join("\r\n");
    expect(norma43.split("\r\n").map((l) => l.length)).toEqual([80, 80, 80, 80, 80, 80]);
    expect(detectFormat(utf8(norma43))).toBe("norma43");
    // A ZIP is unpacked before a reader sees it (zip.ts); one that reaches a reader was inside another archive.
    expect(refusal(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0]))).toBe("upload.bin: this is a ZIP archive inside an archive (unpack it and import its files), not a bank statement");
    for (const bytes of [PNG, PDF, new Uint8Array(0), utf8("<html><body>x</body></html>"), utf8("just words")]) expect(detectFormat(bytes)).toBeNull();
  });

  test("the format is never taken from the file name, and a forced format that does not fit is refused", () => {
    const csv = utf8("Date;Text;Amount;Currency\n2025-01-02;A;-1.00;CHF\n");
    expect(read(csv, { fileName: "statement.xml" }).format).toBe("csv");
    expect(refusal(csv, "camt")).toBe("upload.bin: the file is a CSV with a header row, not the format chosen (camt.052/053/054 XML)");
    expect(refusal(csv, "ofx")).toBe("upload.bin: the file is a CSV with a header row, not the format chosen (OFX/QFX)");
    // A CSV read as another bank's CSV: that reader says what it misses.
    expect(refusal(csv, "ubs-account")).toBe('upload.bin: no header line starting "Trade date;" (a UBS account statement has one after its preamble)');
    expect(refusal(csv, "ubs-card")).toBe('upload.bin: line 1: a UBS card invoice starts with "sep=;"');
    // A camt.053 read as a CSV imported nothing, exit 0 ("0 data lines"); a CSV read as MT940 was "an MT940 file with no
    // :61: lines", an MT940 file read as QIF "the QIF file holds no transactions".
    const camt = utf8('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt><Stmt><Ntry/></Stmt></BkToCstmrStmt></Document>');
    expect(refusal(camt, "csv")).toBe("upload.bin: the file is camt.052/053/054 XML, not the format chosen (a CSV with a header row)");
    expect(refusal(csv, "mt940")).toBe("upload.bin: the file is a CSV with a header row, not the format chosen (MT940/MT942 (SWIFT))");
    expect(refusal(utf8(":20:X\n:25:CH1\n:28C:1\n:60F:C250101CHF1,00\n:62F:C250101CHF1,00\n-\n"), "qif")).toBe("upload.bin: the file is MT940/MT942 (SWIFT), not the format chosen (QIF (Quicken))");
  });

  test("a CSV that starts with sep=; but is no UBS card invoice is read as a plain CSV", () => {
    const bytes = utf8("sep=;\nDate;Text;Amount;Currency\n2025-01-02;A;-1.00;CHF\n");
    expect(detectFormat(bytes)).toBe("csv");
  });
});

describe("one account given for every row (--account) and a file of several accounts", () => {
  // A file that names two accounts would have them merged into the one given: refused in every format that can hold
  // several, naming them (norma43.test.ts for Norma 43). A file of one account takes the name.
  const camt = (iban: string, amount: string) =>
    `<Stmt><Id>S-${iban}</Id><Acct><Id><IBAN>${iban}</IBAN></Id></Acct><Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-06-02</Dt></BookgDt><AddtlNtryInf>Kiosk</AddtlNtryInf></Ntry></Stmt>`;
  const doc = (...statements: string[]) => utf8(`<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt>${statements.join("")}</BkToCstmrStmt></Document>`);
  const given = (bytes: Uint8Array) => {
    try {
      return read(bytes, { fileName: "f", accountOverride: "Joint" }).rows.map((r) => r.account);
    } catch (e) {
      return (e as Error).message;
    }
  };
  const why = (accounts: string) => `f: the file holds 2 accounts (${accounts}), and the account "Joint" given for every row would put them all into one; nothing was imported: import it without naming an account, and each account's rows go to its own account`;

  test("camt, MT940/MT942, QIF: refused naming the accounts; one account: taken", () => {
    expect(given(doc(camt("DE89370400440532013000", "12.00"), camt("DE12500105170648489890", "4.20")))).toBe(why("DE89370400440532013000, DE12500105170648489890"));
    expect(given(doc(camt("DE89370400440532013000", "12.00")))).toEqual(["Joint"]);
    const mt = ":20:A\n:25:DE89370400440532013000\n:60F:C250601EUR100,00\n:61:2506020602D12,00NMSCNONREF\n:86:Kiosk\n:62F:C250602EUR88,00\n-\n";
    expect(given(utf8(mt + mt.replace("DE89370400440532013000", "DE12500105170648489890")))).toBe(why("DE89370400440532013000, DE12500105170648489890"));
    expect(given(utf8(mt))).toEqual(["Joint"]);
    const qif = "!Account\nNChecking\nTBank\n^\n!Type:Bank\nD01/15/2025\nT-100.00\nPGrocer\n^\n!Account\nNVisa\nTCCard\n^\n!Type:CCard\nD01/16/2025\nT-20.00\nPCafe\n^\n";
    expect(given(utf8(qif))).toBe(why("Checking, Visa"));
  });

  test("a file of one account booked to another name given for it says so, its number masked; the same account written otherwise says nothing (uqa5)", () => {
    const notes = (bytes: Uint8Array, accountOverride: string) => read(bytes, { fileName: "f", accountOverride }).notes;
    const one = doc(camt("DE89370400440532013000", "12.00"));
    expect(notes(one, "Joint")).toEqual(["the file names the account ending in 3000: its rows are booked to “Joint”, the account given for them"]);
    expect(notes(one, "DE89 3704 0044 0532 0130 00")).toEqual([]);
    expect(notes(utf8(":20:A\n:25:DE89370400440532013000\n:60F:C250601EUR100,00\n:61:2506020602D12,00NMSCNONREF\n:86:Kiosk\n:62F:C250602EUR88,00\n-\n"), "Joint")).toEqual([
      "the file names the account ending in 3000: its rows are booked to “Joint”, the account given for them",
    ]);
  });

  test("a CSV bank layout naming its one account (DKB's account line), booked to another name, says so too; the number shown by its last 4 digits only, however written (uqa5fix)", () => {
    const notes = (bytes: Uint8Array, accountOverride: string) => read(bytes, { fileName: "f", accountOverride }).notes.filter((n) => n.startsWith("the file names"));
    expect(notes(fixture("dkb.csv"), "Joint")).toEqual(["the file names the account ending in 7890: its rows are booked to “Joint”, the account given for them"]);
    expect(notes(fixture("dkb.csv"), "DE00120300001234567890")).toEqual([]);
    const mt = (account: string) => utf8(`:20:A\n:25:${account}\n:60F:C250601EUR100,00\n:61:2506020602D12,00NMSCNONREF\n:86:Kiosk\n:62F:C250602EUR88,00\n-\n`);
    expect(notes(mt("50070010/0123456789"), "Joint")).toEqual(["the file names the account ending in 6789: its rows are booked to “Joint”, the account given for them"]);
    expect(notes(mt("44410077"), "Joint")).toEqual(["the file names the account ending in 0077: its rows are booked to “Joint”, the account given for them"]);
  });

  test("a CSV whose rows name their accounts (Mint's \"Account Name\"): refused naming them; one account: taken (review of pass 27)", () => {
    const mint = (rows: string) => utf8(`"Date","Description","Original Description","Amount","Transaction Type","Category","Account Name","Labels","Notes"\n${rows}`);
    const two = '"3/14/2023","Cafe","CAFE 12","4.50","debit","Coffee","Everyday Checking","",""\n"3/15/2023","Cafe","CAFE 12","4.50","debit","Coffee","Rewards Visa","",""\n';
    expect(given(mint(two))).toBe(why("Everyday Checking, Rewards Visa"));
    expect(given(mint('"3/14/2023","Cafe","CAFE 12","4.50","debit","Coffee","Everyday Checking","",""\n"3/15/2023","Bakery","BAKERY 3","2.10","debit","Food","Everyday Checking","",""\n'))).toEqual(["Joint", "Joint"]);
  });

  test("one account written two ways (with its currency after it, its IBAN and its bank code and number) is one account: taken", () => {
    // (Review of r4-impleft: a file joined from an old and a new export was refused as two accounts.)
    const mt = (account: string) => `:20:A\n:25:${account}\n:60F:C250601EUR100,00\n:61:2506020602D12,00NMSCNONREF\n:86:Kiosk\n:62F:C250602EUR88,00\n-\n`;
    expect(given(utf8(mt("37040044/0532013000") + mt("37040044/0532013000EUR")))).toEqual(["Joint", "Joint"]);
    expect(given(utf8(mt("37040044/0532013000") + mt("DE89370400440532013000")))).toEqual(["Joint", "Joint"]);
    expect(given(utf8(mt("DE89 3704 0044 0532 0130 00") + mt("532013000")))).toEqual(["Joint", "Joint"]);
    const othr = camt("DE89370400440532013000", "4.20").replace("<IBAN>DE89370400440532013000</IBAN>", "<Othr><Id>0532013000</Id></Othr>");
    expect(given(doc(camt("DE89370400440532013000", "12.00"), othr))).toEqual(["Joint", "Joint"]);
    // Truly two: another number at the same bank, another bank with the same number, another IBAN's number.
    expect(given(utf8(mt("37040044/0532013000") + mt("37040044/0532013001EUR")))).toBe(why("37040044/0532013000, 37040044/0532013001EUR"));
    expect(given(utf8(mt("37040044/0532013000") + mt("DE12500105170532013000")))).toBe(why("37040044/0532013000, DE12500105170532013000"));
    expect(given(doc(camt("DE12500105170648489890", "12.00"), othr))).toBe(why("DE12500105170648489890, 0532013000"));
  });
});
