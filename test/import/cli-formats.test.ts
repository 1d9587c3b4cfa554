/**
 * Every format and every bank layout through `budget-chat import FILE --json` with no flag that names a format, a
 * layout or a column (issue 32): each fixture's --json summary says what fixtures.test.ts worked out by hand for it.
 * A ZIP of statements imports each file in it as a file of its own; files that are no statement a reader takes
 * exit 2 naming the file and what it is.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FileSummary } from "../../src/cli/import.ts";
import { runCli } from "../support/cli-process.ts";
import { BANK_EXPECTED } from "./formats/bank-fixtures.ts";
import { FORMAT_EXPECTED } from "./formats/format-fixtures.ts";
import { makeZip } from "./formats/support.ts";
import { allRows, databasesPerTest } from "./support.ts";

const fixtures = join(import.meta.dir, "..", "fixtures", "import");
const files = databasesPerTest();
const cli = (args: string[]) => runCli([...args, "--db", files.db, "--chat-db", files.chatDb], { home: files.dir });
/**
 * The fixtures are worked out with francs as the data's main currency; this run's database has no data yet. A QIF file
 * whose dates are month-first then takes US dollars (said so), not budget-chat's default francs (qa36).
 */
const WITHOUT_DATA: Record<string, string> = Object.fromEntries(["qif-us-bank.qif", "qif-void.qif", "qif-no-payee.qif", "qif-comment-lines.qif"].map((n) => [n, "USD"]));


describe("every format and bank layout, with no flag", () => {
  for (const [group, expected] of [["formats", FORMAT_EXPECTED], ["bank layouts", BANK_EXPECTED]] as const) {
    test(`the ${group}' fixtures: --json says what each file holds`, async () => {
      const names = Object.keys(expected);
      // One run for all (a dry run: nothing written). --skip-bad-rows and --accept-unreconciled only because some
      // fixtures have a bad row or balances that are off on purpose; no flag says what a file is.
      const out = await cli(["import", ...names.map((n) => join(fixtures, n)), "--json", "--dry-run", "--no-classify", "--skip-bad-rows", "--accept-unreconciled"]);
      expect([out.code, out.stderr]).toEqual([0, ""]);
      const summaries = JSON.parse(out.stdout).files as FileSummary[];
      expect(summaries.map((f) => f.file)).toEqual(names);
      summaries.forEach((f, k) => {
        const e = expected[names[k]!]!;
        expect([f.file, f.format, f.layout, f.account, f.data_lines, f.rows]).toEqual([f.file, e.format, e.layout, e.account, e.dataLines, e.rows.length]);
        // A row an earlier file of this run holds already counts as its duplicate (the dry run remembers what it would add).
        expect([f.file, f.inserted + f.duplicates + f.possible_duplicates]).toEqual([f.file, e.rows.length]);
        expect([f.file, f.bad_rows, f.skipped]).toEqual([f.file, e.bad ?? [], e.skipped ?? []]);
        expect([f.file, f.totals]).toEqual([f.file, e.totals.map((t) => ({ currency: WITHOUT_DATA[f.file] ?? t.currency, out: t.out, out_rows: t.outRows, in: t.in, in_rows: t.inRows }))]);
        expect([f.file, f.reconciliation.map((r) => ({ currency: r.currency, status: r.status, opening: r.opening, closing: r.closing, entries: r.entries, difference: r.difference }))]).toEqual([
          f.file,
          e.reconciliation.map(({ line: _line, ...r }) => ({ ...r, currency: WITHOUT_DATA[f.file] ?? r.currency })),
        ]);
      });
    });
  }

  test("a ZIP of statements: each file in it is an import of its own, named after the archive and its folder", async () => {
    const zip = join(files.dir, "april.zip");
    writeFileSync(
      zip,
      makeZip([
        { name: "camt/" },
        { name: "camt/camt054-qr-collective.xml", data: readFileSync(join(fixtures, "camt054-qr-collective.xml")), deflate: true },
        { name: "mt940-postfinance.sta", data: readFileSync(join(fixtures, "mt940-postfinance.sta")), deflate: true },
      ]),
    );
    const out = await cli(["import", zip, "--json", "--no-classify"]);
    expect([out.code, out.stderr]).toEqual([0, ""]);
    const summaries = JSON.parse(out.stdout).files as FileSummary[];
    // 4 rows of the notification (a collective credit's 3 parts and a credit), 2 of the MT940 statement.
    expect(summaries.map((f) => [f.file, f.format, f.inserted, f.batch?.startsWith(`${f.file}@`)])).toEqual([
      ["april.zip/camt/camt054-qr-collective.xml", "camt", 4, true],
      ["april.zip/mt940-postfinance.sta", "mt940", 2, true],
    ]);
    expect(allRows(files.db).length).toBe(6);
  });

  test("files that are no statement exit 2 naming the file and what it is; nothing is written", async () => {
    const FORMATS = "OFX/QFX, camt.052/053/054 XML, MT940/MT942 (SWIFT), QIF (Quicken), a Norma 43 (AEB/CSB 43) statement, a CFONB 120 statement, a GPC (ABO) statement, a CODA statement, a BAI2 balance report, a Santander UK text statement (TXT), a UBS card invoice CSV, a UBS account statement CSV or a CSV with a header row";
    const write = (name: string, data: string | Uint8Array) => {
      const path = join(files.dir, name);
      writeFileSync(path, data);
      return path;
    };
    const cases: [string, string][] = [
      [write("statement.pdf", "%PDF-1.7\n1 0 obj\n"), "statement.pdf: this is a PDF document (a PDF statement is not read: export the statement as CSV, camt.053 XML, MT940 or OFX instead), not a bank statement"],
      [write("konto.xlsx", makeZip([{ name: "[Content_Types].xml", data: "<Types/>" }, { name: "xl/workbook.xml", data: "<workbook/>" }])), "konto.xlsx: this is an Excel .xlsx workbook, not a bank statement export (export the statement as CSV, camt.053 XML, MT940 or OFX)"],
      [write("export.json", '{"transactions": [{"amount": -5}]}'), "export.json: this is a JSON export, not a statement format this reads: expected OFX/QFX, camt.052/053/054 XML, MT940/MT942 (SWIFT), QIF (Quicken), a Norma 43 (AEB/CSB 43) statement, a CFONB 120 statement, a GPC (ABO) statement, a CODA statement, a BAI2 balance report, a Santander UK text statement (TXT), a UBS card invoice CSV, a UBS account statement CSV or a CSV with a header row"],
      [write("order.xml", '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>'), "order.xml: this is an ISO 20022 pain.001 payment order, not a statement: expected OFX/QFX, camt.052/053/054 XML, MT940/MT942 (SWIFT), QIF (Quicken), a Norma 43 (AEB/CSB 43) statement, a CFONB 120 statement, a GPC (ABO) statement, a CODA statement, a BAI2 balance report, a Santander UK text statement (TXT), a UBS card invoice CSV, a UBS account statement CSV or a CSV with a header row"],
      // An empty root element after a DOCTYPE (QA of stop 46: "root element <?>").
      [write("doctype.xml", '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "b">]>\n<Document/>\n'), "doctype.xml: this XML (root element <Document>) is no camt.052/053/054 statement: expected OFX/QFX, camt.052/053/054 XML, MT940/MT942 (SWIFT), QIF (Quicken), a Norma 43 (AEB/CSB 43) statement, a CFONB 120 statement, a GPC (ABO) statement, a CODA statement, a BAI2 balance report, a Santander UK text statement (TXT), a UBS card invoice CSV, a UBS account statement CSV or a CSV with a header row"],
      [write("bank.xml", "<bank-statement><entry/></bank-statement>"), "bank.xml: this XML (root element <bank-statement>) is no camt.052/053/054 statement: expected OFX/QFX, camt.052/053/054 XML, MT940/MT942 (SWIFT), QIF (Quicken), a Norma 43 (AEB/CSB 43) statement, a CFONB 120 statement, a GPC (ABO) statement, a CODA statement, a BAI2 balance report, a Santander UK text statement (TXT), a UBS card invoice CSV, a UBS account statement CSV or a CSV with a header row"],
      // A Russian 1C exchange file, named (QA round 4, qa24: "unknown format"). (A Belgian CODA file, refused here
      // then, is read: its fixtures are among the formats' above.)
      [write("kl_to_1c.txt", "1CClientBankExchange\r\nВерсияФормата=1.03\r\nКодировка=Windows\r\nСекцияРасчСчет\r\nКонецРасчСчет\r\nКонецФайла\r\n"), `kl_to_1c.txt: this is a 1C client-bank exchange file (1CClientBankExchange), which is not read (download the statement as MT940 or CSV instead): expected ${FORMATS}`],
      [write("balances.sta", ":20:X\n:25:CH5209000000123456789\n:60F:C250301CHF100,00\n:62F:C250331CHF100,00\n-\n"), "balances.sta: this is an MT940 file with no :61: lines (no bookings to import)"],
    ];
    for (const [path, message] of cases) {
      const out = await cli(["import", path, "--no-classify"]);
      expect([out.code, out.stderr]).toEqual([2, `budget-chat: import: ${message}\n`]);
    }
    // Not even the budget database was made.
    expect(existsSync(files.db)).toBe(false);
  });

  const PDF_REASON = "this is a PDF document (a PDF statement is not read: export the statement as CSV, camt.053 XML, MT940 or OFX instead), not a bank statement";

  test("a ZIP with a PDF beside its statements (QA: refused whole): the statements are imported, the PDF listed as not read with its reason, exit 0", async () => {
    const zip = join(files.dir, "mai.zip");
    writeFileSync(
      zip,
      makeZip([
        { name: "mt940-postfinance.sta", data: readFileSync(join(fixtures, "mt940-postfinance.sta")), deflate: true },
        { name: "auszug-mai.pdf", data: "%PDF-1.7\n1 0 obj\n" },
        { name: "liesmich.txt", data: "Ihre Kontoauszüge als camt und PDF.\n" },
      ]),
    );
    const out = await cli(["import", zip, "--json", "--no-classify"]);
    expect([out.code, out.stderr]).toEqual([0, ""]);
    const result = JSON.parse(out.stdout) as { files: FileSummary[]; not_read: { file: string; reason: string }[] };
    // The MT940 statement's 2 rows (format-fixtures.ts).
    expect(result.files.map((f) => [f.file, f.format, f.inserted])).toEqual([["mai.zip/mt940-postfinance.sta", "mt940", 2]]);
    expect(result.not_read).toEqual([
      { file: "mai.zip/auszug-mai.pdf", reason: PDF_REASON },
      { file: "mai.zip/liesmich.txt", reason: "unknown format: expected OFX/QFX, camt.052/053/054 XML, MT940/MT942 (SWIFT), QIF (Quicken), a Norma 43 (AEB/CSB 43) statement, a CFONB 120 statement, a GPC (ABO) statement, a CODA statement, a BAI2 balance report, a Santander UK text statement (TXT), a UBS card invoice CSV, a UBS account statement CSV or a CSV with a header row" },
    ]);
    expect(allRows(files.db).length).toBe(2);
    // The table says it too.
    const again = await cli(["import", zip, "--no-classify", "--dry-run"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Not read (no statements; the other files were read):\n  mai.zip/auszug-mai.pdf: ${PDF_REASON}\n`);
  });

  test("a ZIP with nothing but a PDF: exit 2, naming it; nothing written", async () => {
    const zip = join(files.dir, "nur-pdf.zip");
    writeFileSync(zip, makeZip([{ name: "auszug.pdf", data: "%PDF-1.7\n" }]));
    const out = await cli(["import", zip, "--no-classify"]);
    expect([out.code, out.stderr]).toEqual([2, `budget-chat: import: nur-pdf.zip/auszug.pdf: ${PDF_REASON}; no file in it is a statement, nothing was imported\n`]);
    expect(existsSync(files.db)).toBe(false);
  });

  test("CSV column flags for a file that is no CSV (QA: silently ignored): exit 2 naming them, nothing written", async () => {
    const cases: [string[], string][] = [
      [["camt053-reconciles.xml", "--date-column", "Datum"], "camt053-reconciles.xml: the file is camt.052/053/054 XML, not a CSV: --date-column is an option for CSV files only and cannot apply to it; import it without that option"],
      [["statement-v1.ofx", "--amount-column", "Betrag", "--decimal", ","], "statement-v1.ofx: the file is OFX/QFX, not a CSV: --amount-column, --decimal are options for CSV files only and cannot apply to it; import it without those options"],
      [["mt940-ing-nl.sta", "--currency", "EUR"], "mt940-ing-nl.sta: the file is MT940/MT942 (SWIFT), not a CSV: --currency is an option for CSV files only and cannot apply to it; import it without that option"],
      [["qif-us-bank.qif", "--date-format", "MM/DD/YYYY"], "qif-us-bank.qif: the file is QIF (Quicken), not a CSV: --date-format is an option for CSV files only and cannot apply to it; import it without that option"],
    ];
    for (const [[name, ...flags], message] of cases) {
      const out = await cli(["import", join(fixtures, name!), ...flags, "--no-classify"]);
      expect([out.code, out.stderr]).toEqual([2, `budget-chat: import: ${message}\n`]);
    }
    expect(existsSync(files.db)).toBe(false);
  });

  test("a UBS statement whose stated opening and closing balance do not add up with its rows (QA: 'states no balances'): exit 2 naming the difference; with --accept-unreconciled imported, the table saying why", async () => {
    // ubs-account-fr-2026.csv's rows (−1'808.00, −7.90; an empty balance column) with 2'000.00 and 200.00 stated: 15.90 off.
    const path = join(files.dir, "juin.csv");
    writeFileSync(path, readFileSync(join(fixtures, "ubs-account-fr-2026.csv"), "utf8").replace("Solde initial:;;", "Solde initial:;2000.00;").replace("Solde final:;;", "Solde final:;200.00;"));
    const refused = await cli(["import", path, "--no-classify"]);
    expect([refused.code, refused.stderr]).toEqual([2, "budget-chat: import: juin.csv: CH440024024011122201B CHF does not reconcile: off by CHF 15.90; nothing was imported (--accept-unreconciled, or the tick on the page, imports it anyway)\n"]);
    expect(existsSync(files.db)).toBe(false);
    const accepted = await cli(["import", path, "--no-classify", "--accept-unreconciled"]);
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).toContain("juin.csv: CH440024024011122201B CHF: does not reconcile: off by CHF 15.90\n");
    expect(accepted.stdout).toContain("juin.csv: note: the statement's opening balance CHF 2'000.00 + its 2 rows (CHF -1'815.90) make CHF 184.10, but it states a closing balance of CHF 200.00\n");
    expect(allRows(files.db).length).toBe(2);
  });
});
