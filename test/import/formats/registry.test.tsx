/**
 * One list of readers (SPEC §10.1, issue 31 item 1): everything that names formats is derived
 * from it — the CLI's --format choices and help, the page's format list and file picker, the
 * "unknown format" error, the README's tables (generated, checked here) — and every reader and
 * every bank layout is recognised from content.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { IMPORT_HELP } from "../../../src/cli/import.ts";
import { detectFormat, parseStatement } from "../../../src/import/formats/index.ts";
import { LAYOUTS } from "../../../src/import/formats/layouts/index.ts";
import { ACCEPTED_FILES, formatTableMarkdown, IMPORT_FORMATS, READERS } from "../../../src/import/formats/registry.ts";
import { escapeHtml } from "../../../src/core/html.ts";
import { toHtml } from "../../../src/web/sse-renderer.ts";
import { ImportFile } from "../../../views/ImportFile.tsx";
import { ImportForm } from "../../../views/ImportForm.tsx";
import { BANK_EXPECTED } from "./bank-fixtures.ts";
import { fixture } from "./support.ts";
import { runCli } from "../../support/cli-process.ts";

describe("the reader list", () => {
  test("--format choices, the help, the page's format list and file picker come from it", () => {
    expect(IMPORT_FORMATS).toEqual(["ofx", "camt", "mt940", "qif", "norma43", "cfonb", "gpc", "coda", "bai2", "santander-uk-txt", "ubs-card", "ubs-account", "csv"]);
    expect(IMPORT_HELP).toContain(`--format F                   auto|${IMPORT_FORMATS.join("|")} (default auto)`);
    const form = toHtml(<ImportForm />);
    expect(form).toContain(`accept="${ACCEPTED_FILES}"`);
    // Each dropped file's own format choice lists every reader by its label.
    const settings = { account: "", format: "auto", flipSigns: false, columnsChosen: false, layout: null };
    const file = toHtml(<ImportFile v={{ id: "f1", file: "a.csv", version: 1, what: null, account: null, settings, mapping: null, problem: { message: "?", needsColumns: false } }} />);
    for (const r of READERS) expect(file).toContain(`<option value="${r.id}">${escapeHtml(r.label.replace(/`/g, ""))}</option>`);
    for (const ext of [".xml", ".csv", ".ofx", ".qfx", ".053", ".sta", ".qif", ".zip"]) expect(ACCEPTED_FILES.split(",")).toContain(ext);
  });

  test("the top-level --help names every format of the list and ZIPs (QA D18: it named CAMT, UBS CSV, CSV and OFX only)", async () => {
    const help = await runCli(["--help"], { home: tmpdir() });
    expect(help.stdout).toContain(
      "  budget-chat import FILE...   import bank statements into your budget database:\n" +
        "                               OFX/QFX, camt.052/053/054 XML, MT940/MT942 (SWIFT), QIF (Quicken), Norma 43 (AEB/CSB 43) statement, CFONB 120 statement, GPC (ABO) statement, CODA statement, BAI2 balance report, Santander UK text statement (TXT), UBS card invoice CSV, UBS account statement CSV, any bank's CSV, a ZIP of them\n",
    );
  });

  test("the README's format and layout tables are the generated ones", () => {
    const readme = readFileSync(join(import.meta.dir, "../../../README.md"), "utf8");
    const m = /<!-- formats:start[^>]*-->\n([\s\S]*?)\n<!-- formats:end -->/.exec(readme);
    // On a mismatch, paste formatTableMarkdown() (src/import/formats/registry.ts) between the markers.
    expect(m?.[1]).toBe(formatTableMarkdown());
    for (const l of LAYOUTS) expect(m![1]).toContain(`\`${l.id}\``);
  });

  test("each reader is the one chosen for its fixtures, from content alone", () => {
    const cases: [string, string][] = [
      ["statement-v1.ofx", "ofx"],
      ["card-v2.qfx", "ofx"],
      ["statement-cdata.ofx", "ofx"],
      ["camt053-v02.xml", "camt"],
      ["camt053-v08.xml", "camt"],
      ["camt053-reconciles.xml", "camt"],
      ["ubs-card-cp1252.csv", "ubs-card"],
      ["ubs-account-cp1252.csv", "ubs-account"],
      ["ubs-account-it-cp1252.csv", "ubs-account"],
      ["fr-debit-credit-cp1252.csv", "csv"],
      ["ing-nl-indicator.csv", "csv"],
      ["camt054-qr-collective.xml", "camt"],
      ["mt940-postfinance.sta", "mt940"],
      ["mt940-ing-nl.sta", "mt940"],
      ["mt940-deutsche-bank.sta", "mt940"],
      ["mt940-rabobank.sta", "mt940"],
      ["mt940-abnamro.sta", "mt940"],
      ["qif-us-bank.qif", "qif"],
      ["qif-de-ccard.qif", "qif"],
      ["coda-be.cod", "coda"],
      ["coda-be-two-statements.cod", "coda"],
      ["coda-be-structured.cod", "coda"],
    ];
    for (const [name, format] of cases) expect([name, detectFormat(fixture(name))]).toEqual([name, format]);
  });
});

describe("every bank layout is recognised by its header, from content alone", () => {
  // Each layout's own fixture(s) (bank-fixtures.ts; two of round 4's format fixtures are a bank's export too), read in
  // full with their expectations in fixtures.test.ts; here: every layout has one, and its file is chosen for it without a flag.
  const byLayout = new Map<string, string[]>([["ubs-card-en", ["ubs-card-cp1252.csv"]], ["fr-debit-credit", ["fr-debit-credit-cp1252.csv"]]]);
  for (const [name, e] of Object.entries(BANK_EXPECTED)) if (e.layout) byLayout.set(e.layout, [...(byLayout.get(e.layout) ?? []), name]);

  test("a fixture for every layout", () => {
    expect(LAYOUTS.map((l) => l.id).filter((id) => !byLayout.has(id))).toEqual([]);
  });

  for (const layout of LAYOUTS) {
    test(`${layout.id} (${layout.encoding})`, () => {
      for (const name of byLayout.get(layout.id) ?? []) {
        const bytes = fixture(name);
        // Written as the bank writes it: windows-1252 is no valid UTF-8 (umlauts), a BOM where the bank puts one.
        const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
        if (layout.encoding === "utf-8-bom" && !name.includes("-2022")) expect([name, bom]).toEqual([name, true]);
        if (layout.encoding === "windows-1252" || layout.encoding === "shift_jis") expect([name, bom, new TextDecoder("utf-8", { fatal: false }).decode(bytes).includes("\uFFFD")]).toEqual([name, false, true]);
        const s = parseStatement(bytes, { fileName: name, fallbackCurrency: { code: "XXX", from: "x" } });
        expect([name, detectFormat(bytes), s.format, s.layout]).toEqual([name, layout.format ?? "csv", layout.format ?? "csv", layout.id]);
      }
    });
  }
});
