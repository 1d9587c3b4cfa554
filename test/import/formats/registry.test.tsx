/**
 * One list of readers (SPEC §10.1, issue 31 item 1): everything that names formats is derived
 * from it — the CLI's --format choices and help, the page's format list and file picker, the
 * "unknown format" error, the README's tables (generated, checked here) — and every reader and
 * every bank layout is recognised from content.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { IMPORT_HELP } from "../../../src/cli/import.ts";
import { detectFormat, parseStatement } from "../../../src/import/formats/index.ts";
import { LAYOUTS } from "../../../src/import/formats/layouts/index.ts";
import { ACCEPTED_FILES, formatTableMarkdown, IMPORT_FORMATS, READERS } from "../../../src/import/formats/registry.ts";
import { escapeHtml } from "../../../src/core/html.ts";
import { toHtml } from "../../../src/web/sse-renderer.ts";
import { ImportFile } from "../../../views/ImportFile.tsx";
import { ImportForm } from "../../../views/ImportForm.tsx";
import { fixture, utf8 } from "./support.ts";

describe("the reader list", () => {
  test("--format choices, the help, the page's format list and file picker come from it", () => {
    expect(IMPORT_FORMATS).toEqual(["ofx", "camt", "ubs-card", "ubs-account", "csv"]);
    expect(IMPORT_HELP).toContain(`--format F                   auto|${IMPORT_FORMATS.join("|")} (default auto)`);
    const form = toHtml(<ImportForm />);
    expect(form).toContain(`accept="${ACCEPTED_FILES}"`);
    // Each dropped file's own format choice lists every reader by its label.
    const settings = { account: "", format: "auto", flipSigns: false, columnsChosen: false, layout: null };
    const file = toHtml(<ImportFile v={{ id: "f1", file: "a.csv", version: 1, what: null, account: null, settings, mapping: null, problem: { message: "?", needsColumns: false } }} />);
    for (const r of READERS) expect(file).toContain(`<option value="${r.id}">${escapeHtml(r.label.replace(/`/g, ""))}</option>`);
    for (const ext of [".xml", ".csv", ".ofx", ".qfx", ".053"]) expect(ACCEPTED_FILES.split(",")).toContain(ext);
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
    ];
    for (const [name, format] of cases) expect([name, detectFormat(fixture(name))]).toEqual([name, format]);
  });
});

describe("every bank layout is recognised by its header, in its encoding", () => {
  const cp1252 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
  // One minimal file per layout: its header (every identifying cell, as written) and one row. Each layout has a full
  // fixture or reader test besides (fixtures.test.ts, ubs.test.ts).
  const files: Record<string, string> = {
    "ubs-account-en": "IBAN:;CH93 0023 5235 1234 5601 X;\nTrade date;Trade time;Booking date;Value date;Currency;Debit;Credit;Individual amount;Balance;Transaction no.;Description1;Description2;Description3;Footnotes;\n2025-03-28;;2025-03-28;2025-03-28;CHF;-1.00;;;;T1;Kiosk;;;;\n",
    "ubs-account-de": "IBAN:;CH93 0023 5235 1234 5601 X;\nAbschlussdatum;Abschlusszeit;Buchungsdatum;Valutadatum;Währung;Belastung;Gutschrift;Einzelbetrag;Saldo;Transaktions-Nr.;Beschreibung1;Beschreibung2;Beschreibung3;Fussnoten;\n28.03.2025;;;;CHF;-1.00;;;;T1;Kiosk;;;;\n",
    "ubs-account-fr": "IBAN:;CH93 0023 5235 1234 5601 X;\nDate de transaction;Heure de transaction;Date de comptabilisation;Date de valeur;Monnaie;Débit;Crédit;Sous-montant;Solde;No de transaction;Description1;Description2;Description3;Notes de bas de page;\n2025-03-28;;;;CHF;-1.00;;;;T1;Kiosque;;;;\n",
    "ubs-account-it": "IBAN:;CH93 0023 5235 1234 5601 X;\nData dell'operazione;Ora dell'operazione;Data di contabilizzazione;Data di valuta;Moneta;Addebito;Accredito;Importo singolo;Saldo;N. di transazione;Descrizione1;Descrizione2;Descrizione3;Note a piè di pagina;\n2025-03-28;;;;CHF;-1.00;;;;T1;Chiosco;;;;\n",
    "ubs-card-en": "sep=;\nAccount number;Card number;Account/Cardholder;Purchase date;Booking text;Sector;Amount;Original currency;Rate;Currency;Debit;Credit;Booked\n1;2;A;28.03.2025;Kiosk;;1.00;CHF;;CHF;1.00;;29.03.2025\n",
    "fr-debit-credit": "Date;Libellé;Montant débité;Montant crédité;Solde\n28/03/2025;Kiosque;1,00;;99,00\n",
  };

  test("a file for every layout", () => {
    expect(Object.keys(files).sort()).toEqual(LAYOUTS.map((l) => l.id).sort());
  });

  for (const layout of LAYOUTS) {
    test(`${layout.id} (${layout.encoding})`, () => {
      const text = files[layout.id]!;
      const bytes = layout.encoding === "windows-1252" ? cp1252(text) : utf8(text);
      const s = parseStatement(bytes, { fileName: `${layout.id}.csv`, fallbackCurrency: { code: "CHF", from: "x" } });
      expect([s.format, s.layout]).toEqual([layout.format ?? "csv", layout.id]);
      expect(s.rows.toArray().map((r) => r.amount)).toEqual([-1]);
    });
  }
});
