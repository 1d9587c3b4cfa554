/**
 * The Rules page's quality section in headless Chromium under the app's CSP (SPEC §14, issue 35
 * item 5): the check of the classification against the rows set by hand, and "Classify unsure
 * rows again" through the write path with its Undo. axe finds no serious or critical problem.
 * Skipped only without Chromium outside CI.
 *
 * The rows (written here) and the fake model's answers (by description), so every figure is known
 * by hand:
 *   set by hand (source manual)        the model answers
 *   1 SHOP ALPHA    Groceries          Groceries 0.90   right, sure
 *   2 SHOP BRAVO    Dining             dining    0.80   right (letter case aside), sure
 *   3 SHOP CHARLIE  Transport          Transport 0.50   right, unsure
 *   4 SHOP DELTA    Shopping  -13.50   Groceries 0.95   wrong, sure: the one confident miss
 *   5 SHOP ECHO     Groceries          Dining    0.40   wrong, unsure
 * → accuracy 3 of 5 = 60.0%; at or above 0.70: ALPHA, BRAVO, DELTA, 2 of 3 right = 66.7%; below
 *   0.70: 2 of 5 = 40.0%.
 *   classified by the model, unsure (below 0.70)
 *   6 KIOSK FOXTROT Other     0.40     Dining    0.90   surer, another category: moves
 *   7 BAKERY GOLF   Groceries 0.50     Groceries 0.80   surer, same category: only surer
 *   8 GARAGE HOTEL  Transport 0.60     Shopping  0.55   less sure: stays
 *   9 MIGROS INDIA  Groceries 0.95     (not asked: sure already)
 * → "Classified 3 unsure transactions again (below 0.70): 1 to another category, 1 only surer; 1
 *   stay as they were." Each request costs 1'000 input and 100 output tokens (the fake's usage); the
 *   harness's model has no price, so tokens only.
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { CLASSIFY_TOOL } from "../../src/import/classify.ts";
import { fixtureRow } from "../fixtures/budget-fixture.ts";
import { axe, fixtureHarnessSuite, SKIP_BROWSER } from "./browser-helpers.ts";

const hand = (id: number, description: string, merchant: string, category: string, amount = -10 - id) =>
  fixtureRow(id, `2025-03-0${id}`, description, amount, merchant, category, { source: "manual", confidence: 1 });
const model = (id: number, description: string, merchant: string, category: string, confidence: number) =>
  fixtureRow(id, `2025-04-0${id - 5}`, description, -id, merchant, category, { confidence });
const ROWS = [
  hand(1, "SHOP ALPHA", "Shop Alpha", "Groceries"),
  hand(2, "SHOP BRAVO", "Shop Bravo", "Dining"),
  hand(3, "SHOP CHARLIE", "Shop Charlie", "Transport"),
  hand(4, "SHOP DELTA", "Shop Delta", "Shopping", -13.5),
  hand(5, "SHOP ECHO", "Shop Echo", "Groceries"),
  model(6, "KIOSK FOXTROT", "Kiosk Foxtrot", "Other", 0.4),
  model(7, "BAKERY GOLF", "Bakery Golf", "Groceries", 0.5),
  model(8, "GARAGE HOTEL", "Garage Hotel", "Transport", 0.6),
  model(9, "MIGROS INDIA", "Migros India", "Groceries", 0.95),
];
const ANSWERS: Record<string, { category: string; confidence: number }> = {
  "SHOP ALPHA": { category: "Groceries", confidence: 0.9 },
  "SHOP BRAVO": { category: "dining", confidence: 0.8 },
  "SHOP CHARLIE": { category: "Transport", confidence: 0.5 },
  "SHOP DELTA": { category: "Groceries", confidence: 0.95 },
  "SHOP ECHO": { category: "Dining", confidence: 0.4 },
  "KIOSK FOXTROT": { category: "Dining", confidence: 0.9 },
  "BAKERY GOLF": { category: "Groceries", confidence: 0.8 },
  "GARAGE HOTEL": { category: "Shopping", confidence: 0.55 },
};

describe.skipIf(SKIP_BROWSER)("the Rules page's quality section in headless Chromium", () => {
  const { suite, on } = fixtureHarnessSuite({ rows: ROWS });

  const classes = () => {
    const db = new Database(on.fx.path, { readonly: true });
    try {
      return db.query("SELECT id, category, confidence, source FROM transactions ORDER BY id").all() as { id: number; category: string; confidence: number; source: string }[];
    } finally {
      db.close();
    }
  };

  test("the check's figures on the hand-set rows, then 'Classify unsure rows again': the surer answers written, Undo puts them back", async () => {
    // The fake model as the classifier: the answer of ANSWERS for each description it is asked about.
    const asked: string[][] = [];
    on.h.fake.setHandler((body) => {
      const items = JSON.parse(String(body.messages![0].content).split("\n")[1]!) as { id: string; description: string }[];
      asked.push(items.map((it) => it.description));
      const results = items.flatMap((it) => (ANSWERS[it.description] ? [{ id: it.id, merchant_name: it.description, ...ANSWERS[it.description] }] : []));
      return { kind: "message", content: [{ type: "tool_use", name: CLASSIFY_TOOL, input: { results } }], usage: { input_tokens: 1000, output_tokens: 100 } };
    });
    const before = classes();
    const { tp, page } = await suite.open();
    await page.goto(`${on.h.url}/rules`);
    const section = page.locator("#quality");
    // Before anything runs, the cost of each: 5 merchants in one request (output estimate 20 + 5 × 40 = 220 tokens; the
    // input's depends on the prompt's length), and the three unsure rows 6–8.
    expect(await section.getByRole("button", { name: "Check against 5 hand-set rows" }).count()).toBe(1);
    expect(await section.locator(".quality-check .cost").innerText()).toMatch(/^1 model request for 5 merchants \(about [\d']+ input and 220 output tokens\)$/);
    expect(await section.locator(".reclassify p").innerText()).toStartWith("3 rows were classified with a confidence below 0.70. Classifying them again takes 1 model request for 3 merchants");
    expect(await axe(page)).toEqual([]);

    await section.getByRole("button", { name: "Check against 5 hand-set rows" }).click();
    const figures = section.locator("#quality-result .quality-facts");
    await figures.waitFor();
    expect(await figures.innerText()).toBe(
      ["Accuracy", "60.0% (3 of 5 rows as you set them)", "At or above 0.70 confidence", "66.7% right (2 of 3)", "Below 0.70", "40.0% of the rows (2)"].join("\n"),
    );
    const misses = section.locator("#quality-result table.quality-misses tbody tr");
    expect(await misses.count()).toBe(1);
    expect(await misses.locator("td").allInnerTexts()).toEqual(["2025-03-04", "Shop Delta\nSHOP DELTA", "CHF -13.50", "Shopping", "Groceries (0.95)"]);
    expect(await section.locator("#quality-result").innerText()).toContain("Cost: 1 model request: 1'000 input and 100 output tokens.");
    // The check asked about the five hand-set rows only, and wrote nothing.
    expect(asked).toEqual([["SHOP ALPHA", "SHOP BRAVO", "SHOP CHARLIE", "SHOP DELTA", "SHOP ECHO"]]);
    expect(classes()).toEqual(before);
    expect(await axe(page)).toEqual([]);

    await section.getByRole("button", { name: "Classify unsure rows again" }).click();
    const toast = page.locator("#toast .toast-message", {
      hasText: "Classified 3 unsure transactions again (below 0.70): 1 to another category, 1 only surer; 1 stay as they were. Cost: 1 model request: 1'000 input and 100 output tokens.",
    });
    await toast.waitFor();
    expect(asked[1]).toEqual(["KIOSK FOXTROT", "BAKERY GOLF", "GARAGE HOTEL"]);
    // Through the write path: rows 6 and 7 take the surer answers; 8 (less sure) and the rest are as they were.
    const after = classes();
    expect(after.filter((r) => r.id === 6 || r.id === 7)).toEqual([
      { id: 6, category: "Dining", confidence: 0.9, source: "llm" },
      { id: 7, category: "Groceries", confidence: 0.8, source: "llm" },
    ]);
    expect(after.filter((r) => r.id !== 6 && r.id !== 7)).toEqual(before.filter((r) => r.id !== 6 && r.id !== 7));
    const write = on.h.store.audit.list({ kind: "write", limit: 1 })[0]!;
    expect(write.detail).toMatchObject({ change: "reclassify", via: "page", asked: 3, recategorised: 1, surer: 1, model_calls: 1 });

    await page.locator("#toast").getByRole("button", { name: "Undo" }).click();
    await page.locator("#toast .toast-message", { hasText: "Undone: 2 transactions are classified as before the second try." }).waitFor();
    expect(classes()).toEqual(before);
    tp.expectClean();
  });
});
