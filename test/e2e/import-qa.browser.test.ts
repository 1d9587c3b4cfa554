/**
 * The Import page after an independent QA pass on the binary (round 4): a CSV whose columns nothing recognised
 * imports only after the user confirms the roles proposed for it; bad rows are left out only when ticked; Import
 * clicked while the file is previewed again says that the preview changed; one file's import updates the list of
 * past imports and ends the demo banner; "Import all" counts only what it will import; a file with nothing new
 * offers no "Import 0 transactions"; a model that classifies nothing is not said to have classified.
 * Skipped only without Chromium outside CI.
 */
import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CLASSIFY_TOOL } from "../../src/import/classify.ts";
import type { WebHarness } from "../support/web-harness.ts";
import { startWebHarness } from "../support/web-harness.ts";
import { browserSuite, sharedHarnessSuite, SKIP_BROWSER, squash } from "./browser-helpers.ts";

const fixtures = join(import.meta.dir, "../fixtures/import");

/** The fake model: every merchant its description's first word, in Other (or no result at all with `none`). */
function classify(h: WebHarness, none = false) {
  h.fake.setHandler((body) => {
    const items = JSON.parse(String(body.messages![0].content).split("\n")[1]!) as { id: string; description: string }[];
    return {
      kind: "message",
      usage: { input_tokens: 1000, output_tokens: 200 },
      content: [{ type: "tool_use", name: CLASSIFY_TOOL, input: { results: none ? [] : items.map((it) => ({ id: it.id, merchant_name: it.description.split(" ")[0], category: "Other", confidence: 0.9 })) } }],
    };
  });
}

const csvFile = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

describe.skipIf(SKIP_BROWSER)("Import page after QA (round 4)", () => {
  let h: WebHarness;
  const suite = sharedHarnessSuite(async () => (h = await startWebHarness({ settings: { model: "claude-opus-4-5" } })));
  const rowsOf = (sql: string) => {
    const db = new Database(h.budget.path, { readonly: true });
    try {
      return db.query(sql).all() as Record<string, unknown>[];
    } finally {
      db.close();
    }
  };

  test("D2: a CSV whose columns nothing recognised is not imported with one click on a guess: the roles must be confirmed, an ignored column of amounts is named", async () => {
    classify(h);
    const { tp, page } = await suite.open();
    await page.goto(`${h.url}/import`);
    // QA's odd7.csv: two columns of amounts with no header word; the guess took A1 as a signed amount and ignored A2
    // (the 4'200 salary), so one click stored the purchases as income.
    const odd7 = "Datum;Partei;Memo;A1;A2\n03.09.2026;Coop Pronto;snacks;12.50;0.00\n04.09.2026;Employer AG;salary;0.00;4200.00\n05.09.2026;SBB;ticket;56.00;0.00\n";
    await page.setInputFiles("#import-file", csvFile("odd7.csv", odd7));
    const file = page.locator(".import-file").first();
    await file.locator(".import-columns[open]").waitFor();
    const role = (column: string) => file.getByLabel(`What column “${column}” holds`);
    // The proposal is previewed (to check it), but there is no Import of it: the page asks to confirm the columns first,
    // and names the column of amounts it would ignore.
    await file.locator(".import-found").waitFor();
    expect(await file.locator(".import-commit").isDisabled()).toBe(true);
    expect(squash(await file.locator(".import-commit").innerText())).toBe("Check the columns first");
    expect(squash(await file.locator(".import-confirm-columns").innerText())).toContain("These columns are a guess: check what each one holds, then confirm.");
    expect(squash(await file.locator(".import-confirm-columns").innerText())).toContain("“A2” holds amounts and is ignored.");
    // A commit sent anyway (no page script, a stale page) is refused: nothing written.
    const id = (await file.getAttribute("id"))!.replace(/^file-/, "");
    const forced = await page.evaluate(async (id) => {
      const form = document.querySelector(".import-review") as HTMLFormElement;
      const r = await fetch(`/import/${id}/commit`, { method: "POST", body: new URLSearchParams(new FormData(form) as never) });
      return { status: r.status, text: await r.text() };
    }, id);
    expect(forced.status).toBe(400);
    expect(forced.text).toContain("check what each column holds and confirm it first");
    expect(rowsOf("SELECT count(*) AS n FROM transactions WHERE date LIKE '2026-09-0%' AND raw_description LIKE '%snacks%'")).toEqual([{ n: 0 }]);
    // Changing the account is not a choice of columns: still no Import.
    await file.getByLabel("Account", { exact: true }).fill("Konto 7");
    await file.getByLabel("Account", { exact: true }).press("Tab");
    await page.waitForFunction(() => (document.querySelector(".import-file input[name=version]") as HTMLInputElement | null)?.value === "2");
    expect(await file.locator(".import-commit").isDisabled()).toBe(true);

    // The user says what the columns hold: A1 money out, A2 money in, Partei the payee.
    await role("Partei").selectOption("payee");
    await role("A1").selectOption("debit");
    await role("A2").selectOption("credit");
    // 12.50 + 56.00 out, 4'200.00 in.
    await page.waitForFunction(() => document.querySelector(".import-totals tbody td:nth-child(4)")?.textContent === "CHF 4'200.00");
    expect(await file.locator(".import-confirm-columns").count()).toBe(0);
    await file.getByRole("button", { name: "Import 3 transactions" }).click();
    await page.locator(".import-result").waitFor();
    expect(rowsOf("SELECT amount, raw_description AS d, account FROM transactions WHERE date LIKE '2026-09-0%' AND account = 'Konto 7' ORDER BY date")).toEqual([
      { amount: -12.5, d: "Coop Pronto · snacks", account: "Konto 7" },
      { amount: 4200, d: "Employer AG · salary", account: "Konto 7" },
      { amount: -56, d: "SBB · ticket", account: "Konto 7" },
    ]);
    // The one refused import is the one response the browser logs.
    expect(tp.problems.filter((p) => !/status of 400 \(Bad Request\).*\/commit\)$/.test(p))).toEqual([]);
  }, 60_000);

  test("D2: the proposal confirmed as it is (“Use these columns”, the ignored column of amounts said beforehand) is the user’s choice: Import is offered then", async () => {
    classify(h);
    const { page } = await suite.open();
    await page.goto(`${h.url}/import`);
    const odd1 = "When;Who;Memo;X1;X2\n03.04.2036;Coop Pronto;snacks;12.50;0.00\n04.04.2036;Employer AG;salary;0.00;4200.00\n";
    await page.setInputFiles("#import-file", csvFile("odd1.csv", odd1));
    const file = page.locator(".import-file").first();
    await file.locator(".import-confirm-columns").waitFor();
    expect(await file.locator(".import-commit").isDisabled()).toBe(true);
    await file.getByRole("button", { name: "Use these columns" }).click();
    await file.getByRole("button", { name: /^Import \d transactions?$/ }).waitFor();
    expect(await file.locator(".import-confirm-columns").count()).toBe(0);
  }, 60_000);
});
