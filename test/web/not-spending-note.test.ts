/**
 * The Categories page when the not-spending list the user gave (NOT_SPENDING, --not-spending) names no category: a visible
 * note naming it and the close category ("did you mean Transfers?"), and the page works; adding the category removes the note.
 * Review of uqa3 D10: the fix refused to start the server instead.
 */
import { expect, test } from "bun:test";
import { startWebHarness, webSuite } from "../support/web-harness.ts";

const h = webSuite(() => startWebHarness({ noModel: true, readOnly: false, notSpending: ["Transfer", "Investments", "Sparen"] }));

test("the note names the unknown names and the close category; after adding Sparen only the typo is left", async () => {
  const page = await (await fetch(`${h.url}/categories`)).text();
  expect(page).toContain(
    '<p class="notice" role="note" id="not-spending-note">--not-spending (NOT_SPENDING) names &quot;Transfer&quot; (did you mean Transfers?), &quot;Sparen&quot;, which are no category of the budget database: only the categories it names are not spending, every other one counts as spending.</p>',
  );
  const add = await fetch(`${h.url}/api/categories`, {
    method: "POST",
    headers: { Origin: h.url, "content-type": "application/json" },
    body: JSON.stringify({ action: "add", name: "Sparen", description: "Money put aside" }),
  });
  expect(add.status).toBe(200);
  const again = await (await fetch(`${h.url}/categories`)).text();
  expect(again).toContain("names &quot;Transfer&quot; (did you mean Transfers?), which is no category of the budget database");
});
