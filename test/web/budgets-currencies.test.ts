/**
 * The Budgets page's rows of categories without a budget, in a household that spends in two
 * currencies (found on the compiled binary: Groceries, CHF 98.35 at Migros and EUR 59.20 at
 * REWE in November, read "Spent CHF 98.35" alone). A row without a budget shows what the
 * category spent in each currency, never one sum, never one currency alone.
 */
import { afterAll, expect, test } from "bun:test";
import { dirname } from "node:path";
import { createFixture, fixtureRow, type Fixture } from "../fixtures/budget-fixture.ts";
import { startWebHarness, webSuite } from "../support/web-harness.ts";

let fx: Fixture;
const h = webSuite(() => {
  fx = createFixture({
    rows: [
      // 2026-09: Groceries CHF 98.35 [1] and EUR 59.20 [2]; Travel EUR 300 [3]; Dining CHF 40 [4].
      fixtureRow(1, "2026-09-05", "MIGROS BERN", -98.35, "Migros", "Groceries", { currency: "CHF" }),
      fixtureRow(2, "2026-09-18", "REWE KONSTANZ", -59.2, "REWE", "Groceries", { currency: "EUR" }),
      fixtureRow(3, "2026-09-20", "DB FERNVERKEHR", -300, "Deutsche Bahn", "Travel", { currency: "EUR" }),
      fixtureRow(4, "2026-09-30", "TIBITS BERN", -40, "Tibits", "Dining", { currency: "CHF" }),
    ],
  });
  return startWebHarness({ dir: dirname(fx.path) });
});
afterAll(() => fx.cleanup());

/** The "Spent" figure of a category's row, its tags dropped. */
async function spentOf(category: string): Promise<string> {
  const page = await (await fetch(`${h.url}/budgets?month=2026-09`)).text();
  const row = new RegExp(`<li class="budget-row[^"]*" id="[^"]+" data-category="${category}">([\\s\\S]*?)</li>`).exec(page);
  expect(row).not.toBeNull();
  const spent = /<dt>Spent<\/dt>\s*<dd>([\s\S]*?)<\/dd>/.exec(row![1]!);
  return spent![1]!.replace(/<[^>]+>/g, "").replace(/&#39;/g, "'");
}

test("a category without a budget spent in two currencies shows both on its row, the row's own currency first", async () => {
  const groceries = await spentOf("Groceries");
  // Which currency leads is the budget's currency rule's; both figures are there, apart.
  expect([groceries === "CHF 98.35 (and EUR 59.20)", groceries === "EUR 59.20 (and CHF 98.35)"]).toContain(true);
  expect(await spentOf("Travel")).toBe("EUR 300.00");
  expect(await spentOf("Dining")).toBe("CHF 40.00");
});
