/**
 * A change from a page that is refused (Rules, Categories, an undo): a page saying so for a plain form post, the
 * toast's error for htmx (src/web/refused-change.tsx, one answer for the three routes), on the demo data.
 */
import { describe, expect, test } from "bun:test";
import { browserHeaders, startTrustHarness } from "../trust/support.ts";
import { webSuite } from "../support/web-harness.ts";

const h = webSuite(() => startTrustHarness());

const post = (path: string, fields: Record<string, string>, htmx: boolean) =>
  fetch(`${h.url}${path}`, {
    method: "POST",
    // browserHeaders says htmx; a plain form post is the same without HX-Request.
    headers: { ...Object.fromEntries(Object.entries(browserHeaders(h)).filter(([k]) => htmx || k !== "HX-Request")), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

const cases: { what: string; path: string; fields: Record<string, string>; status: number; title: string; said: string }[] = [
  { what: "a rule for a category that does not exist", path: "/rules", fields: { field: "text", match: "contains", pattern: "TWINT", category: "Kids" }, status: 400, title: "Not changed", said: "Unknown category &quot;Kids&quot;" },
  { what: "a category change of no known action", path: "/categories", fields: { action: "explode", name: "Groceries" }, status: 400, title: "Not changed", said: "Invalid" },
  { what: "the undo of an edit that does not exist", path: "/edits/987654/undo", fields: {}, status: 404, title: "Not undone", said: "No " },
];

describe("a refused change from a page", () => {
  for (const c of cases) {
    test(`${c.what}: a page titled "${c.title}" with the status for a plain post, an error toast for htmx`, async () => {
      const plain = await post(c.path, c.fields, false);
      expect(plain.status).toBe(c.status);
      const page = await plain.text();
      expect(page).toContain(c.title);
      expect(page).toContain(c.said);
      const swapped = await post(c.path, c.fields, true);
      expect(swapped.status).toBe(200);
      const toast = await swapped.text();
      expect(toast).toStartWith('<div class="toast toast-error"><span class="toast-message">');
      expect(toast).toContain(c.said);
      expect(toast).not.toContain(c.title);
    });
  }
});
