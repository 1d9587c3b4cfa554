/** The import views: the first-run choice on an empty demo chat, untrusted text escaped in the preview. */
import { describe, expect, test } from "bun:test";
import { ChatPage } from "../../views/ChatPage.tsx";
import { ImportPreview } from "../../views/ImportPreview.tsx";
import { renderPage } from "../../views/Layout.tsx";
import { toHtml } from "../../src/web/sse-renderer.ts";

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

  test("descriptions, merchants and the file name from a statement are text, never markup", () => {
    const evil = '<img src=x onerror="alert(1)">';
    const html = toHtml(
      <ImportPreview
        preview={{
          id: "p1",
          file: `${evil}.csv`,
          format: "csv",
          layout: null,
          account: evil,
          data_lines: 3,
          rows: 1,
          new: 1,
          duplicates: 0,
          possible_duplicates: 0,
          bad_rows: [{ line: 3, reason: evil }],
          skipped: [{ line: 4, reason: evil }],
          totals: [{ currency: "CHF", out: 5, out_rows: 1, in: 0, in_rows: 0 }],
          reconciliationLines: [],
          notes: [evil],
          preview: [{ line: 2, date: "2026-01-01", amount: -5, currency: "CHF", description: evil, merchant: evil, category: "Other", source: "llm", status: "new", transaction_id: "h:1" }],
          shown: 1,
          willImport: 1,
          modelError: null,
        }}
      />,
    );
    expect(html).not.toContain("<img");
    expect(html.split("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;").length - 1).toBe(7);
    expect(html).toContain("CHF -5.00");
    expect(html).toContain("Import 1 transaction</button>");
  });

  test("the preview states what each data line became, money out and in per currency, the balance check, and asks for a tick when it does not reconcile", () => {
    const base = {
      id: "p2", file: "mai.xml", format: "camt", layout: null, account: "CH93", data_lines: 7, rows: 6, new: 6, duplicates: 0, possible_duplicates: 0,
      bad_rows: [], skipped: [{ line: 5, reason: "pending (Sts PDNG), not booked yet" }],
      totals: [{ currency: "CHF", out: 1596.3, out_rows: 4, in: 5400.45, in_rows: 2 }],
      notes: ["entry 3 is one row"], preview: [], shown: 0, willImport: 6, modelError: null,
    };
    const ok = { account: "CH93", currency: "CHF", opening: 1200, openingDate: "2025-05-01", closing: 5004.15, closingDate: "2025-05-31", entries: 5, entriesTotal: 3804.15, difference: 0, status: "ok" as const, basis: "x" };
    const html = toHtml(<ImportPreview preview={{ ...base, reconciliationLines: [ok] }} />);
    expect(html).toContain("mai.xml</strong>: camt, account CH93 — 7 data lines: 6 new, 0 already imported, 0 possible duplicates, 0 bad rows, 1 skipped.");
    expect(html).toContain('<td>CHF</td><td class="num">CHF 1&#39;596.30</td><td class="num">4</td><td class="num">CHF 5&#39;400.45</td><td class="num">2</td>');
    expect(html).toContain('<li class="reconciliation-ok">CH93 CHF: balance checked ✓ (opening CHF 1&#39;200.00 + 5 entries = closing CHF 5&#39;004.15)</li>');
    expect(html).toContain('<tr class="status-skipped"><td class="num">5</td><td>skipped</td><td colspan="6">pending (Sts PDNG), not booked yet</td></tr>');
    expect(html).not.toContain("accept-unreconciled");
    const off = toHtml(<ImportPreview preview={{ ...base, reconciliationLines: [{ ...ok, closing: 5021.45, difference: -17.3, status: "off" }] }} />);
    expect(off).toContain('<li class="reconciliation-off">CH93 CHF: does not reconcile: off by CHF 17.30</li>');
    expect(off).toContain('<input type="checkbox" name="accept-unreconciled" value="on" required=""/> Import although the balances do not add up');
  });
});
