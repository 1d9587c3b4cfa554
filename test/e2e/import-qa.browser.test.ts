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
import { sharedHarnessSuite, SKIP_BROWSER, squash } from "./browser-helpers.ts";

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
    // Each change previews the file again (its version goes up): one change at a time, as a person makes them.
    const version = () => file.locator("input[name=version]").inputValue();
    for (const [column, chosen] of [["Partei", "payee"], ["A1", "debit"], ["A2", "credit"]] as const) {
      const before = await version();
      await role(column).selectOption(chosen);
      await page.waitForFunction((v) => (document.querySelector(".import-file input[name=version]") as HTMLInputElement | null)?.value !== v, before);
    }
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

  test("D7: a file with bad rows lists them, and its other rows import only with the tick “Import without the bad rows”", async () => {
    classify(h);
    const { tp, page } = await suite.open();
    await page.goto(`${h.url}/import`);
    // QA's badrow.csv: lines 3 ("abc"), 4 (30 February) and 5 (no amount) are bad; lines 2 and 6 import.
    const csv = "Date,Description,Amount,Currency\n2038-03-01,Shop A,-10.00,CHF\n2038-03-02,Shop B,abc,CHF\n2038-02-30,Shop C,-12.00,CHF\n2038-03-04,Shop D,,CHF\n2038-03-05,Shop E,-14.00,CHF\n";
    await page.setInputFiles("#import-file", csvFile("badrow.csv", csv));
    const file = page.locator(".import-file").first();
    await file.locator(".import-found").waitFor();
    expect(await file.locator(".import-rows tr.status-bad td[data-label=Line]").allInnerTexts()).toEqual(["3", "4", "5"]);
    const imported = () => rowsOf("SELECT count(*) AS n FROM transactions WHERE date LIKE '2038-03-%'")[0]!.n;
    await file.getByRole("button", { name: "Import 2 transactions" }).click();
    // The browser keeps the form (the tick is required): nothing was sent, nothing imported.
    expect(await file.locator("input[name=skip-bad-rows]").evaluate((i) => (i as HTMLInputElement).validity.valueMissing)).toBe(true);
    expect(imported()).toBe(0);
    await file.getByLabel("Import without the 3 bad rows").check();
    await file.getByRole("button", { name: "Import 2 transactions" }).click();
    await page.getByText("Imported 2 transactions from badrow.csv.").waitFor();
    expect(imported()).toBe(2);
    tp.expectClean();
  }, 60_000);

  test("D10: “Import all” counts only the files it will import, says which wait for their tick, and follows the ticks", async () => {
    classify(h);
    const { tp, page } = await suite.open();
    await page.goto(`${h.url}/import`);
    const files = ["camt053-off.xml", "mt940-zkb.sta", "reverse-bad-balance.csv"].map((name) => ({ name, mimeType: "application/octet-stream", buffer: readFileSync(join(fixtures, name)) }));
    await page.setInputFiles("#import-file", files);
    await page.locator(".import-summary").waitFor();
    const cells = await page.locator(".import-summary tbody tr").evaluateAll((rows) => rows.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, " ").trim()));
    // SEK 17.30 off, CHF 50.00 off: two statements wait for their tick; the MT940 statement's 2 rows are what Import all
    // imports (it said 7 from 3 files and imported 2 from 1).
    expect(cells).toEqual([
      "camt053-off.xml SE45 … 7466 2 0 0 0 SEK 200'000.00 SEK 1'000.00 off by SEK 17.30 import anyway",
      "mt940-zkb.sta CH44 … 4567 2 0 0 0 CHF 165.30 CHF 0.00 checked ✓",
      "reverse-bad-balance.csv 3 0 0 0 CHF 130.00 CHF 0.00 off by CHF 50.00 import anyway",
    ]);
    const summary = page.locator(".import-summary");
    await summary.getByRole("button", { name: "Import all (2 transactions from 1 file)" }).waitFor();
    expect(squash(await summary.locator(".import-all-waiting").innerText())).toBe("2 files wait for their tick (import anyway, or import without the bad rows) and are not counted.");
    // The camt statement ticked: its 2 rows are counted too.
    await summary.locator("tr", { hasText: "camt053-off.xml" }).getByLabel("import anyway").check();
    await summary.getByRole("button", { name: "Import all (4 transactions from 2 files)" }).waitFor();
    expect(squash(await summary.locator(".import-all-waiting").innerText())).toBe("1 file waits for its tick (import anyway, or import without the bad rows) and is not counted.");
    expect(await summary.locator("tr", { hasText: "camt053-off.xml" }).getByLabel("import anyway").isChecked()).toBe(true);
    await summary.getByRole("button", { name: "Import all (4 transactions from 2 files)" }).click();
    await page.locator(".import-all-result").waitFor();
    expect(squash(await page.locator(".import-all-result").innerText())).toBe("Imported 4 transactions from 2 files. Not imported: reverse-bad-balance.csv (its balances do not add up: tick “import anyway”).");
    tp.expectClean();
  }, 60_000);

  test("D8: Import clicked right after typing an account previews the file again and says so: the preview changed, nothing imported", async () => {
    classify(h);
    const { tp, page } = await suite.open();
    await page.goto(`${h.url}/import`);
    await page.setInputFiles("#import-file", csvFile("typed.csv", "Date,Amount,Currency,Description\n2039-02-01,-20.00,CHF,Velo Shop Zug\n"));
    const file = page.locator(".import-file").first();
    await file.locator(".import-found").waitFor();
    await file.getByLabel("Account", { exact: true }).fill("Joint account");
    await file.getByRole("button", { name: "Import 1 transaction" }).click();
    await file.getByText("The preview changed; check it and import again.").waitFor();
    expect(await file.locator("input[name=version]").inputValue()).toBe("2");
    expect(squash(await file.locator(".import-what").innerText())).toEndWith("account Joint account");
    expect(rowsOf("SELECT count(*) AS n FROM transactions WHERE date LIKE '2039-02-%'")).toEqual([{ n: 0 }]);
    await file.getByRole("button", { name: "Import 1 transaction" }).click();
    await page.locator(".import-result").waitFor();
    expect(rowsOf("SELECT account FROM transactions WHERE date LIKE '2039-02-%'")).toEqual([{ account: "Joint account" }]);
    tp.expectClean();
  }, 60_000);

  test("D16: a file with nothing new offers no “Import 0 transactions”; a model that classifies nothing is not said to have classified", async () => {
    classify(h, true);
    const { tp, page } = await suite.open();
    await page.goto(`${h.url}/import`);
    const csv = "Date,Amount,Currency,Description\n2039-04-01,-11.00,CHF,Qalm Bakery\n2039-04-02,-12.00,CHF,Vrix Kiosk\n2039-04-03,-13.00,CHF,Zomb Shop\n";
    await page.setInputFiles("#import-file", csvFile("none.csv", csv));
    await page.getByRole("button", { name: "Import 3 transactions" }).click();
    await page.locator(".import-result").waitFor();
    // The model answered with no result: 3 rows not classified, and the page says the model classified none of the 3.
    expect(squash(await page.locator(".import-result p").first().innerText())).toBe("Imported 3 transactions from none.csv. Categories: 3 not classified.");
    expect(squash(await page.locator(".import-classification").innerText())).toBe("The model was asked about 3 new merchants (1'200 tokens, estimated USD 0.01) and classified none of them.");

    // The same file again: every row is already imported: nothing to import, said so, and no button to press.
    await page.goto(`${h.url}/import`);
    await page.setInputFiles("#import-file", csvFile("none.csv", csv));
    await page.locator(".import-found").waitFor();
    const button = page.locator(".import-commit");
    expect([squash(await button.innerText()), await button.isDisabled()]).toEqual(["Nothing new to import", true]);

    // Only possible duplicates (the same amounts two days later, the same words): Import counts the ticked ones, and
    // pressed with none ticked it says so and imports nothing.
    await page.goto(`${h.url}/import`);
    const later = "Date,Amount,Currency,Description\n2039-04-03,-11.00,CHF,Qalm Bakery Bern\n2039-04-04,-12.00,CHF,Vrix Kiosk Bern\n";
    await page.setInputFiles("#import-file", csvFile("later.csv", later));
    await page.locator(".import-found").waitFor();
    expect(squash(await page.locator(".import-found").innerText())).toBe("2 data lines: 0 new, 0 already imported, 2 possible duplicates, 0 bad rows, 0 skipped.");
    expect(squash(await button.innerText())).toBe("Import the ticked possible duplicates");
    await button.click();
    await page.getByText("Nothing was imported: nothing in this file is new; tick a possible duplicate to import it anyway.").waitFor();
    expect(rowsOf("SELECT count(*) AS n FROM transactions WHERE date LIKE '2039-04-%'")).toEqual([{ n: 3 }]);
    await page.locator(".import-rows").getByLabel(/Qalm Bakery/).check();
    await button.click();
    await page.getByText("Imported 1 transaction from later.csv.").waitFor();
    expect(rowsOf("SELECT count(*) AS n FROM transactions WHERE date LIKE '2039-04-%'")).toEqual([{ n: 4 }]);
    expect(tp.problems.filter((p) => !/status of 400 \(Bad Request\).*\/commit\)$/.test(p))).toEqual([]);
  }, 60_000);
});

describe.skipIf(SKIP_BROWSER)("Import page on the demo data (QA D9)", () => {
  let h: WebHarness;
  const suite = sharedHarnessSuite(async () => (h = await startWebHarness({ demo: true })));

  test("one file's import lists it under Past imports and ends the demo banner at once, without a reload", async () => {
    classify(h);
    const { tp, page } = await suite.open();
    await page.goto(`${h.url}/import`);
    await page.getByText("You are looking at demo data.").waitFor();
    expect(await page.locator("#import-list tbody tr").count()).toBe(0);
    await page.setInputFiles("#import-file", csvFile("first.csv", "Date,Amount,Currency,Description\n2026-10-01,-20.00,CHF,Velo Shop Zug\n"));
    await page.getByRole("button", { name: "Import 1 transaction" }).click();
    await page.locator(".import-result").waitFor();
    await page.locator("#import-list tbody tr").first().waitFor();
    expect(await page.locator("#import-list tbody tr td[data-label=File]").allInnerTexts()).toEqual(["first.csv"]);
    expect(await page.getByText("You are looking at demo data.").count()).toBe(0);
    tp.expectClean();
  }, 60_000);
});
