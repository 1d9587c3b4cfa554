/** The import views: the first-run choice on an empty demo chat, untrusted text escaped in the preview. */
import { describe, expect, test } from "bun:test";
import { ChatPage } from "../../views/ChatPage.tsx";
import { ImportColumns } from "../../views/ImportColumns.tsx";
import { ImportFile } from "../../views/ImportFile.tsx";
import { ImportList } from "../../views/ImportList.tsx";
import { ImportPreview } from "../../views/ImportPreview.tsx";
import { ImportSummary, type ImportSummaryRow } from "../../views/ImportSummary.tsx";
import { renderPage } from "../../views/Layout.tsx";
import { toHtml } from "../../src/web/sse-renderer.ts";
import { balancesOf } from "../../src/web/routes/imports.tsx";
import { formatMoney } from "../../src/core/format.ts";

describe("import views", () => {
  test("an empty chat on demo data offers importing your statements next to the demo's questions; real data does not", async () => {
    const base = { maxMessageBytes: 8192, conversations: [], conversation: null, turns: [], currency: "CHF" };
    const demo = await renderPage(ChatPage({ ...base, demo: { firstDate: "2023-01-01", lastDate: "2025-12-31", transactions: 7300 } }));
    expect(demo).toContain('<a class="button primary" href="/import">Import your bank statements</a>');
    expect(demo).toContain("or try the demo data with one of the questions below.");
    expect(demo.indexOf('id="first-run"')).toBeLessThan(demo.indexOf('id="starters"'));
    const real = await renderPage(ChatPage(base));
    expect(real).not.toContain('id="first-run"');
  });

  const preview = {
    id: "p2", file: "mai.xml", what: "CAMT.053", account: "CH93 … 2957", data_lines: 7, rows: 6, new: 6, duplicates: 0, possible_duplicates: 0,
    bad_rows: [], skipped: [{ line: 5, reason: "pending (Sts PDNG), not booked yet" }],
    totals: [{ currency: "CHF", out: 1596.3, out_rows: 4, in: 5400.45, in_rows: 2 }],
    notes: ["entry 3 is one row"], preview: [], shown: 0, willImport: 6, newMerchants: 0, model: true, estimate: null, reconciliationLines: [],
  };
  const settings = { account: "", format: "auto", flipSigns: false, columnsChosen: false, layout: null };

  test("descriptions, merchants, reasons, the file name and the account from a statement are text, never markup", () => {
    const evil = '<img src=x onerror="alert(1)">';
    const html = toHtml(
      <ImportFile
        v={{
          id: "p1",
          file: `${evil}.csv`,
          version: 1,
          what: evil,
          account: evil,
          settings: { ...settings, account: evil },
          mapping: { header: [evil], rows: [[evil]], delimiter: ";", roles: ["payee"], dateFormat: null, decimal: null, flipSigns: false, purchasesPositive: false, currency: null, savedAs: null, byContent: false },
          preview: {
            ...preview,
            file: `${evil}.csv`,
            bad_rows: [{ line: 3, reason: evil }],
            notes: [evil],
            preview: [{ line: 2, date: "2026-01-01", amount: -5, currency: "CHF", description: evil, merchant: evil, category: "Other", source: "llm", status: "new", transaction_id: "h:1" }],
            shown: 1,
            willImport: 1,
          },
        }}
      />,
    );
    expect(html).not.toContain("<img");
    // File name (heading, legend, two region labels), what, account (line and field), column (name, label), first row, reason, note, description, merchant.
    expect(html.split("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;").length - 1).toBe(14);
    expect(html).toContain("CHF -5.00");
    expect(html).toContain("Import 1 transaction</button>");
  });

  test("the preview states what each data line became, money out and in per currency, the balance check, and asks for a tick when it does not reconcile", () => {
    const ok = { account: "CH93", currency: "CHF", opening: 1200, openingDate: "2025-05-01", closing: 5004.15, closingDate: "2025-05-31", entries: 5, entriesTotal: 3804.15, difference: 0, status: "ok" as const, basis: "x" };
    const html = toHtml(<ImportPreview preview={{ ...preview, reconciliationLines: [ok] }} version={3} />);
    expect(html).toContain('<input type="hidden" name="version" value="3"/>');
    expect(html).toContain("7 data lines: 6 new, 0 already imported, 0 possible duplicates, 0 bad rows, 1 skipped.");
    expect(html).toContain('<td>CHF</td><td class="num">CHF 1&#39;596.30</td><td class="num">4</td><td class="num">CHF 5&#39;400.45</td><td class="num">2</td>');
    expect(html).toContain('<li class="reconciliation-ok">CH93 CHF: balance checked ✓ (opening CHF 1&#39;200.00 + 5 entries = closing CHF 5&#39;004.15)</li>');
    expect(html).toContain('<tr class="status-skipped"><td data-label="Why">pending (Sts PDNG), not booked yet</td><td class="num" data-label="Line">5</td><td data-label="Status">skipped</td>');
    expect(html).not.toContain("accept-unreconciled");
    const off = toHtml(<ImportPreview preview={{ ...preview, reconciliationLines: [{ ...ok, closing: 5021.45, difference: -17.3, status: "off" }] }} version={1} />);
    expect(off).toContain('<li class="reconciliation-off">CH93 CHF: does not reconcile: off by CHF 17.30</li>');
    expect(off).toContain('<input type="checkbox" name="accept-unreconciled" value="on" required=""/> Import although the balances do not add up');
  });

  test("a possible duplicate of a row imported in another currency names that currency (review of stop 46)", () => {
    const row = { line: 2, date: "2026-03-02", amount: -8.4, currency: "EUR", description: "CB BOULANGERIE PAUL", merchant: null, category: null, source: null, status: "possible_duplicate" as const, transaction_id: "h:2" };
    const html = toHtml(<ImportPreview preview={{ ...preview, preview: [{ ...row, match: { date: "2026-03-02", description: "CB BOULANGERIE PAUL", currency: "CHF" } }], shown: 1 }} version={1} />);
    expect(html).toContain("possible duplicate of 2 Mar 2026 in CHF “CB BOULANGERIE PAUL”: import anyway");
    const same = toHtml(<ImportPreview preview={{ ...preview, preview: [{ ...row, match: { date: "2026-03-02", description: "CB BOULANGERIE PAUL" } }], shown: 1 }} version={1} />);
    expect(same).toContain("possible duplicate of 2 Mar 2026 “CB BOULANGERIE PAUL”: import anyway");
  });

  test("new merchants: what classifying them at import will take, or that there is no model to ask", () => {
    const withModel = toHtml(<ImportPreview preview={{ ...preview, newMerchants: 12, estimate: "about 4'100 tokens in 1 request, estimated USD 0.02" }} version={1} />);
    expect(withModel).toContain('<p class="import-merchants">12 new merchants: the model classifies them when you import (about 4&#39;100 tokens in 1 request, estimated USD 0.02).</p>');
    const without = toHtml(<ImportPreview preview={{ ...preview, newMerchants: 1, model: false }} version={1} />);
    expect(without).toContain("1 new merchant: without a model it is imported as Uncategorised; add a model to classify it later.");
  });

  test("several files: the hint to name columns only when a file waits for its columns, not for a PDF in a ZIP", () => {
    const row = (id: string, problem: string | null, waitsForColumns = false, result: string | null = null): ImportSummaryRow => ({
      id, file: `${id}.xml`, version: 1, what: null, account: null, problem, result, waitsForColumns, waitsForTick: false, new: problem || result ? 0 : 4, duplicates: 0, possible: 0, badOrSkipped: 0, badRows: 0, totals: [],
      balances: { status: "none", words: "none stated" }, willImport: problem || result ? 0 : 4,
    });
    const hint = "name its columns below";
    const pdf = toHtml(<ImportSummary group="g1" rows={[row("camt", null), row("stmt", "stmt.pdf: this is a PDF document")]} />);
    expect(pdf).not.toContain(hint);
    expect(pdf).toContain("Import all (4 transactions from 1 file)");
    expect(toHtml(<ImportSummary group="g2" rows={[row("camt", null), row("odd", "choose its columns first", true)]} />)).toContain(hint);
    // A file imported by "Import all" says so as its result, not as a "Problem" in the error colour (it did).
    const after = toHtml(<ImportSummary group="g3" rows={[row("pf", null, false, "imported 3 transactions"), row("off", null)]} />);
    expect(after).toContain('<td data-label="Result" colspan="8">imported 3 transactions</td>');
    expect(after).not.toContain("Problem");
    expect(after).not.toContain("status-bad");
    expect(after).toContain("Import all (4 transactions from 1 file)");
    // Every file imported (uqa6 #5): no "Import all (0 transactions from 0 files)" left under the results.
    const done = toHtml(<ImportSummary group="g4" rows={[row("jan", null, false, "imported 10 transactions"), row("feb", null, false, "imported 12 transactions")]} />);
    expect(done).toContain('<td data-label="Result" colspan="8">imported 12 transactions</td>');
    expect(done).not.toContain("Import all");
    expect(done).not.toContain('type="submit"');
  });

  test("several files with nothing to import: what is so, in place of a disabled \"Import all (0 transactions from 0 files)\"", () => {
    const row = (id: string, o: Partial<ImportSummaryRow> = {}): ImportSummaryRow => ({
      id, file: `${id}.xml`, version: 1, what: null, account: null, problem: null, result: null, waitsForColumns: false, waitsForTick: false, new: 0, duplicates: 3, possible: 0, badOrSkipped: 0, badRows: 0, totals: [],
      balances: { status: "none", words: "none stated" }, willImport: 0, ...o,
    });
    const said = (rows: ImportSummaryRow[]) => {
      const html = toHtml(<ImportSummary group="g" rows={rows} />);
      expect(html).not.toContain("Import all (");
      expect(html).not.toContain("disabled");
      return /<p class="import-all-none" role="status">([^<]*)<\/p>/.exec(html)![1]!.replaceAll("&#39;", "'");
    };
    expect(said([row("a", { result: "imported 3 transactions" }), row("b", { result: "imported 2 transactions" })])).toBe("Nothing left to import: every file of this drop is imported.");
    expect(said([row("a", { result: "imported 3 transactions" }), row("b", { problem: "b.pdf: this is a PDF document" })])).toBe("Nothing left to import: the files of this drop that could be read are imported.");
    expect(said([row("a", { problem: "a.pdf: this is a PDF document" })])).toBe("Nothing to import yet: no file of this drop can be read as it stands.");
    expect(said([row("a"), row("b", { result: "imported 2 transactions" })])).toBe(
      "Nothing new to import: every row of the files left is already imported or in another file of this drop (a possible duplicate is imported from its own file's preview, once ticked there).",
    );
    // Exports of a period with no bookings (no rows at all): not said to be imported already (review of impl6).
    expect(said([row("a", { duplicates: 0 }), row("b", { duplicates: 0 })])).toBe("Nothing to import: the files left hold no bookings (a period with none).");
    expect(said([row("a", { duplicates: 0 }), row("b")])).toBe(
      "Nothing new to import: every row of the files left is already imported or in another file of this drop (a possible duplicate is imported from its own file's preview, once ticked there).",
    );
    expect(said([row("a", { waitsForTick: true, new: 2, willImport: 2, badRows: 1 })])).toBe("Nothing to import with the others yet: tick a file's box above to import it too.");
  });

  test("past imports in people's words: days and times, who, the account's name; no batch id shown; Undo asks first", () => {
    const record = {
      batch: "mai.xml@2026-11-26T14:05:00+00:00", file: "mai.xml", format: "camt", account: "CH9300762011623852957", rows: 43, firstDate: "2026-05-01", lastDate: "2026-05-31",
      importedAt: "2026-11-26T14:05:00+00:00", importedBy: "local", importedVia: "page" as const, undoneAt: null, undoneBy: null, undoneVia: null, userId: "local", dbPath: null, reconciliation: null,
    };
    const html = toHtml(<ImportList imports={[record]} account={(a) => (a === record.account ? "Household" : a)} />);
    expect(html).toContain('<td data-label="Account">Household</td>');
    expect(html).toContain('<td data-label="Days">1 May 2026 – 31 May 2026</td>');
    expect(html).toContain('<time class="local-datetime" datetime="2026-11-26T14:05:00+00:00">');
    expect(html).toContain("by you");
    expect(html).toContain('data-confirm="Undo the import of mai.xml? Its 43 transactions are removed from your data."');
    // The batch id only where nobody reads it by accident: the form's value and the file cell's title.
    expect(html.split(record.batch).length - 1).toBe(3);
    expect(html).not.toContain("local<");
    // An import through the API says so; one from the terminal names the command line.
    const viaApi = toHtml(<ImportList imports={[{ ...record, importedVia: "api" }, { ...record, batch: "b@2", importedBy: "cli", importedVia: "cli" }]} account={(a) => a} />);
    expect(viaApi).toContain("by you through the API");
    expect(viaApi).toContain("by the command line");
  });
});

describe("the mapping screen's title (uqa5)", () => {
  test("open or closed it is “Change columns”, the name the currency note sends the user to", () => {
    const view = { header: ["Date", "Montant"], rows: [["20/11/2026", "91,51"]], delimiter: ",", roles: ["date", "amount"], dateFormat: null, decimal: ",", flipSigns: false, purchasesPositive: false, currency: null, savedAs: null, byContent: false } as const;
    const summary = (open: boolean) => /<summary>([^<]*)<\/summary>/.exec(toHtml(<ImportColumns id="f1" view={{ ...view, header: [...view.header], rows: [[...view.rows[0]]], roles: [...view.roles] }} open={open} chosen={false} />))?.[1];
    expect([summary(true), summary(false)]).toEqual(["Change columns: what each one holds", "Change columns"]);
  });
});

describe("the combined preview's balance cell (uqa4 F4)", () => {
  type Reconciliation = Parameters<typeof balancesOf>[0]["reconciliation"];
  const of = (...items: Partial<Reconciliation[number]>[]) => balancesOf({ reconciliation: items as Reconciliation });
  test("an OFX whose LEDGERBAL is its only balance: a closing stated and not checked, not \"none stated\"", () => {
    expect(of({ currency: "USD", status: "none", opening: null, closing: 7874, difference: null })).toEqual({ status: "none", words: "closing only, not checked" });
  });
  test("checked, off and none stated as before", () => {
    expect(of({ currency: "EUR", status: "ok", opening: 2400, closing: 4166.54, difference: 0 })).toEqual({ status: "ok", words: "checked ✓" });
    expect(of({ currency: "CHF", status: "off", opening: 100, closing: 200, difference: -17.3 })).toEqual({ status: "off", words: `off by ${formatMoney(17.3, "CHF")}` });
    expect(of({ currency: "CHF", status: "none", opening: null, closing: null, difference: null })).toEqual({ status: "none", words: "none stated" });
  });
  test("an opening balance alone is stated too, not \"none stated\" (review of uqa4 F4-a: a Swedbank EE file's GBP lines)", () => {
    expect(of({ currency: "GBP", status: "none", opening: 20, closing: null, difference: null })).toEqual({ status: "none", words: "opening only, not checked" });
  });
  test("one currency checked and another not: said per currency, not \"checked ✓\" for the whole file (review of uqa4 F4-b: revolut.csv)", () => {
    const chf = { currency: "CHF", status: "ok" as const, opening: 575.46, closing: 635.06, difference: 0 };
    const eur = { currency: "EUR", status: "none" as const, opening: null, closing: null, difference: null };
    expect(of(chf, eur)).toEqual({ status: "none", words: "CHF checked ✓; EUR none stated" });
    // An amount off names its currency already; a balance stated alone says which.
    const gbp = { currency: "GBP", status: "none" as const, opening: 20, closing: null, difference: null };
    const usd = { currency: "USD", status: "off" as const, opening: 500, closing: 380, difference: 120 };
    expect(of({ ...chf, currency: "EUR" }, gbp, usd)).toEqual({ status: "off", words: `EUR checked ✓; GBP opening only, not checked; off by ${formatMoney(120, "USD")}` });
    // Every currency alike: said once.
    expect(of(chf, { ...chf, currency: "USD" })).toEqual({ status: "ok", words: "checked ✓" });
    expect(of(eur, { ...eur, currency: "GBP" })).toEqual({ status: "none", words: "none stated" });
  });
  test("statements of one currency that fare differently (an MT942 with an MT940): counted per kind", () => {
    const none = { currency: "EUR", status: "none" as const, opening: null, closing: null, difference: null };
    const ok = { currency: "EUR", status: "ok" as const, opening: 1500, closing: 3557.1, difference: 0 };
    expect(of(none, ok, none, none)).toEqual({ status: "none", words: "none stated (3 statements), checked ✓ (1 statement)" });
  });
});
