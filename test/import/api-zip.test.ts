/**
 * A ZIP of statements on the web (SPEC §10.1): POST /api/imports answers with a preview per file in it, each
 * committed on its own, and lists its files that are no statements; the page previews each file; an archive that is no
 * ZIP of statements is a 400 naming it. Also the import QA pass's other fixes as the API shows them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "bun:test";
import { webSuite } from "../support/web-harness.ts";
import { makeZip } from "./formats/support.ts";

const h = webSuite();
const fixture = (name: string) => readFileSync(join(import.meta.dir, "..", "fixtures", "import", name));

function post(path: string, name: string, content: Uint8Array) {
  const form = new FormData();
  form.append("file", new File([content as BlobPart], name));
  return fetch(`${h.url}${path}`, { method: "POST", body: form });
}

const ZIP = makeZip([
  { name: "2025/mt940-rabobank.sta", data: fixture("mt940-rabobank.sta"), deflate: true },
  { name: "2025/neon.csv", data: fixture("neon.csv") },
]);

describe("a ZIP of statements on the web", () => {
  test("the API previews each file in it; each preview commits on its own", async () => {
    const res = await post("/api/imports", "2025.zip", ZIP);
    expect(res.status).toBe(200);
    const { files } = (await res.json()) as { files: { id: string; format: string; layout: string | null; rows: number; new: number }[] };
    // The Rabobank statement's one booking; neon's three rows (fixtures.test.ts).
    expect(files.map((p) => [p.format, p.layout, p.rows, p.new])).toEqual([["mt940", null, 1, 1], ["csv", "neon", 3, 3]]);
    const commit = await fetch(`${h.url}/api/imports/${files[1]!.id}/commit`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    const done = (await commit.json()) as { batch: string; inserted: number };
    expect([commit.status, done.inserted, done.batch.startsWith("2025.zip/2025/neon.csv@")]).toEqual([200, 3, true]);
  });

  test("the page shows a preview per file; an office document packed as a ZIP is a 400 naming it", async () => {
    const page = await post("/import/preview", "2025.zip", ZIP);
    const html = await page.text();
    expect([page.status, html.includes("2025.zip/2025/mt940-rabobank.sta"), html.includes("2025.zip/2025/neon.csv")]).toEqual([200, true, true]);
    const xlsx = await post("/api/imports", "konto.xlsx", makeZip([{ name: "[Content_Types].xml", data: "<Types/>" }, { name: "xl/workbook.xml", data: "<w/>" }]));
    expect([xlsx.status, (await xlsx.json()).error]).toEqual([400, "konto.xlsx: this is an Excel .xlsx workbook, not a bank statement export (export the statement as CSV, camt.053 XML, MT940 or OFX)"]);
  });

  const PDF_REASON = "this is a PDF document (a PDF statement is not read: export the statement as CSV, camt.053 XML, MT940 or OFX instead), not a bank statement";
  const WITH_PDF = makeZip([
    { name: "2025/neon.csv", data: fixture("neon.csv") },
    { name: "2025/auszug.pdf", data: "%PDF-1.7\n1 0 obj\n" },
  ]);

  test("a ZIP with a PDF beside a statement (QA: a 400 for the whole archive): the API previews the statement and lists the PDF as not read; the page shows both", async () => {
    const res = await post("/api/imports", "2025.zip", WITH_PDF);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { files: { format: string; layout: string | null; rows: number }[]; not_read: { file: string; reason: string }[] };
    // neon's three rows (fixtures.test.ts).
    expect(body.files.map((p) => [p.format, p.layout, p.rows])).toEqual([["csv", "neon", 3]]);
    expect(body.not_read).toEqual([{ file: "2025.zip/2025/auszug.pdf", reason: PDF_REASON }]);
    const page = await post("/import/preview", "2025.zip", WITH_PDF);
    const html = await page.text();
    expect([page.status, html.includes("2025.zip/2025/neon.csv"), html.includes("2025.zip/2025/auszug.pdf: this is a PDF document")]).toEqual([200, true, true]);
  });

  test("Import all of that ZIP imports the statement and says the PDF was not read and why (QA: \"choose its columns first\", as if a PDF were a CSV)", async () => {
    // Rabobank's statement (its one booking: fixtures.test.ts; never committed by the other tests of this suite) beside a PDF.
    const zip = makeZip([{ name: "2025/mt940-rabobank.sta", data: fixture("mt940-rabobank.sta") }, { name: "2025/auszug.pdf", data: "%PDF-1.7\n1 0 obj\n" }]);
    const html = await (await post("/import/preview", "2025.zip", zip)).text();
    const group = /name="group" value="([^"]+)"/.exec(html)![1]!;
    const files = [...html.matchAll(/name="file" value="([^"]+)"/g)].map((m) => m[1]!);
    // The form lists both files of the drop: the statement's preview and the PDF's reason.
    expect(files).toHaveLength(2);
    const form = new URLSearchParams([["group", group], ...files.map((f) => ["file", f])]);
    const res = await fetch(`${h.url}/import/all`, { method: "POST", body: form });
    const words = /<p class="notice import-all-result"[^>]*>([^<]*)<\/p>/.exec(await res.text())![1]!.replaceAll("&#39;", "'");
    // The PDF with the reader's own reason.
    expect(words).toBe(`Imported 1 transaction from 1 file. Not imported: 2025.zip/2025/auszug.pdf (${PDF_REASON}).`);
  });

  test("a ZIP of nothing but a PDF is a 400 naming it", async () => {
    const res = await post("/api/imports", "pdf.zip", makeZip([{ name: "auszug.pdf", data: "%PDF-1.7\n" }]));
    expect([res.status, (await res.json()).error]).toEqual([400, `pdf.zip/auszug.pdf: ${PDF_REASON}; no file in it is a statement, nothing was imported`]);
  });

});

describe("the import QA pass's fixes through the API", () => {
  test("CSV column fields for a file that is no CSV (QA: silently ignored) are a 400 naming them", async () => {
    const form = new FormData();
    form.append("file", new File([fixture("camt053-reconciles.xml") as BlobPart], "camt.xml"));
    form.append("date-column", "Datum");
    const res = await fetch(`${h.url}/api/imports`, { method: "POST", body: form });
    expect([res.status, (await res.json()).error]).toEqual([400, "camt.xml: the file is camt.052/053/054 XML, not a CSV: --date-column is an option for CSV files only and cannot apply to it; import it without that option"]);
  });

  test("the API's preview: a UBS statement's stated balances checked, a card payment without a purchase date booked on its booking date, a Raiffeisen continued line in its booking (QA)", async () => {
    const ubs = new TextDecoder().decode(fixture("ubs-account-fr-2026.csv")).replace("Solde initial:;;", "Solde initial:;2000.00;").replace("Solde final:;;", "Solde final:;184.10;");
    const u = (await (await post("/api/imports", "juin.csv", new TextEncoder().encode(ubs))).json()) as { reconciliation: { status: string; opening: number; closing: number; entries: number; difference: number }[] };
    // 2'000.00 − 1'808.00 − 7.90 = 184.10.
    expect(u.reconciliation.map((r) => [r.status, r.opening, r.closing, r.entries, r.difference])).toEqual([["ok", 2000, 184.1, 2, 0]]);
    const card =
      "sep=;\nAccount number;Card number;Account/Cardholder;Purchase date;Booking text;Sector;Amount;Original currency;Rate;Currency;Debit;Credit;Booked\n" +
      "5412 7700 3301;;;;Balance brought forward;;;;;CHF;412.30;;\n" +
      "5412 7700 3301;;;;BANK TRANSFER;;;;;CHF;;412.30;20.03.2025\n";
    const c = (await (await post("/api/imports", "card.csv", new TextEncoder().encode(card))).json()) as { preview: { line: number; date: string; amount: number; description: string }[]; skipped: { line: number; reason: string }[] };
    expect(c.preview.map((r) => [r.line, r.date, r.amount, r.description])).toEqual([[4, "2025-03-20", 412.3, "BANK TRANSFER"]]);
    expect(c.skipped).toEqual([{ line: 3, reason: "no purchase date: the balance brought forward from the last invoice" }]);
    const r = (await (await post("/api/imports", "raiffeisen.csv", fixture("raiffeisen.csv"))).json()) as { data_lines: number; skipped: unknown[]; preview: { line: number; description: string }[] };
    expect([r.data_lines, r.skipped, r.preview.find((p) => p.line === 3)?.description]).toEqual([3, [], "Gutschrift MUSTER MAX, ZÜRICH · Rückzahlung Abendessen · Fortsetzung des Textes auf nächster Zeile"]);
  });
});
