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
          account: evil,
          rows: 1,
          new: 1,
          duplicates: 0,
          possible_duplicates: 0,
          bad_rows: [{ line: 3, reason: evil }],
          preview: [{ line: 2, date: "2026-01-01", amount: -5, currency: "CHF", description: evil, merchant: evil, category: "Other", source: "llm", status: "new", transaction_id: "h:1" }],
          shown: 1,
          willImport: 1,
          modelError: null,
        }}
      />,
    );
    expect(html).not.toContain("<img");
    expect(html.split("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;").length - 1).toBe(5);
    expect(html).toContain("CHF -5.00");
    expect(html).toContain("Import 1 transaction</button>");
  });
});
