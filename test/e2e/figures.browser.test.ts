/**
 * Checked figures in headless Chromium under the app's CSP (issues 22, 34): an answer with one
 * grounded, one derived and one ungrounded figure shows three marks; each mark's source
 * shows on keyboard focus, on hover and on tap; the ungrounded one is marked in text, not
 * by colour alone; the per-answer line appears; a reload shows the same marks; axe finds
 * no serious or critical violation. A figure said of another year shows "found as" its
 * source, like one not found; the repair round's correction shows as "1 corrected" with a
 * "Checked:" note; a figure's "See the rows" link opens the Transactions page with the rows
 * that sum to it, a derived sum's with exactly the rows of its terms, a difference's one link per
 * part. Skipped only without Chromium outside CI.
 */
import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { formatCount, formatMoney, round2 } from "../../src/core/format.ts";
import { spendingByCategory } from "../../src/tools/spending_by_category.ts";
import type { WebHarness } from "../support/web-harness.ts";
import { startWebHarness } from "../support/web-harness.ts";
import { ask, axe, sharedHarnessSuite, SKIP_BROWSER, squash, turnId, waitForStatus } from "./browser-helpers.ts";

describe.skipIf(SKIP_BROWSER)("checked figures in headless Chromium", () => {
  let h: WebHarness;
  const suite = sharedHarnessSuite(async () => (h = await startWebHarness()));

  test("marks, the source on focus, hover and tap, the ungrounded flag, the line, the same after a reload, axe", async () => {
    const chart = spendingByCategory.run(h.budget, { year: 2025 }).charts[0]!;
    const value = (label: string) => chart.data.datasets[0]!.values[chart.data.labels.indexOf(label)]!;
    const groceries = formatMoney(value("Groceries"), "CHF");
    const dining = formatMoney(value("Dining"), "CHF");
    const both = formatMoney(round2(value("Groceries") + value("Dining")), "CHF");
    h.fake.enqueue(
      { kind: "message", content: [{ type: "tool_use", id: "toolu_f", name: "spending_by_category", input: { year: 2025 } }] },
      { kind: "message", content: [{ type: "text", text: `Groceries cost **${groceries}** in 2025.\n\nWith dining that is ${both}; hobbies took CHF 2'718.28.` }], chunkDelayMs: 1 },
      // The repair round (SPEC §11.1) asks about the figure not found; the model confirms or corrects nothing.
      { kind: "message", content: [{ type: "tool_use", id: "toolu_r", name: "figure_check", input: { figures: [] } }] },
    );
    const { tp, page } = await suite.open();
    let answered = "";
    await page.goto(`${h.url}/`);
    await ask(page, "What did groceries and dining cost in 2025?");
    const id = await turnId(page);
    answered = id;
    await waitForStatus(page, id, "done");
    const marks = page.locator(`#answer-${id} [data-figure]`);
    await page.locator(`#answer-${id} [data-figure="ungrounded"]`).waitFor();
    const shown = async () =>
      marks.evaluateAll((els) => els.map((el) => [el.getAttribute("data-figure"), el.firstChild?.textContent, el.getAttribute("tabindex"), el.querySelector(".fig-note")?.textContent]));
    const expected = [
      // Shown twice by the tool (its summary and its chart): both are sources, each with what it is about; the link to its rows.
      [
        "grounded",
        groceries,
        "0",
        `spending_by_category · summary · Groceries (2025 · Groceries · CHF): ${groceries}; ` +
          `spending_by_category · Spending by category, 2025 (CHF) · Groceries (2025 · Groceries · CHF): ${groceries} See the rows`,
      ],
      // A sum of two categories: the link to both categories' rows together (their total is the sum).
      [
        "derived",
        both,
        "0",
        `${dining} + ${groceries} (sum) · spending_by_category · summary · Dining (2025 · Dining · CHF): ${dining}; spending_by_category · summary · Groceries (2025 · Groceries · CHF): ${groceries} See the rows`,
      ],
      ["ungrounded", "CHF 2'718.28", "0", "CHF 2'718.28: not found in the data of this answer"],
    ];
    expect(await shown()).toEqual(expected);
    expect(await page.locator(`#notices-${id} .figures-line`).innerText()).toBe("? 3 figures checked · 1 not found");

    // Notes are hidden until asked for: keyboard focus (Tab reaches each mark), then hover.
    const note = (status: string) => page.locator(`#answer-${id} [data-figure="${status}"] .fig-note`);
    expect(await note("grounded").isVisible()).toBe(false);
    await page.locator(`#answer-${id} [data-figure="grounded"]`).focus();
    expect(await note("grounded").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-figure"))).toBe("grounded");
    // Tab reaches the note's link to the rows (the note stays open while it has focus), then the next mark.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => [document.activeElement?.className, document.activeElement?.textContent])).toEqual(["fig-rows", "See the rows"]);
    expect(await note("grounded").isVisible()).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-figure"))).toBe("derived");
    expect(await note("derived").isVisible()).toBe(true);
    expect(await note("grounded").isVisible()).toBe(false);
    // The mark is described by its note (screen readers read the source).
    const described = await page.locator(`#answer-${id} [data-figure="derived"]`).getAttribute("aria-describedby");
    expect(await page.locator(`#${described}`).innerText()).toBe(expected[1]![3]!);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.locator(`#answer-${id} [data-figure="ungrounded"]`).hover();
    expect(await note("ungrounded").isVisible()).toBe(true);

    // Not by colour alone: a "?" after the number and a wavy underline.
    const flag = await page.locator(`#answer-${id} [data-figure="ungrounded"]`).evaluate((el) => {
      const after = getComputedStyle(el, "::after");
      return [after.content, getComputedStyle(el).textDecorationStyle];
    });
    expect(flag).toEqual(['"?"', "wavy"]);
    expect(await axe(page)).toEqual([]);
    await tp.screenshot("figures-desktop", { fullPage: false });
    tp.expectClean();

    // A reload replays the stored turn: the same marks.
    await page.reload();
    await page.locator(`#answer-${id} [data-figure="ungrounded"]`).waitFor();
    expect(await shown()).toEqual(expected);

    // A phone: tapping a mark shows its source.
    const context = await suite.browser().newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    try {
      const page = await context.newPage();
      await page.goto(`${h.url}/`);
      await page.goto(`${h.url}/conversations/${encodeURIComponent(h.store.turns.get(answered)!.conversationId)}`);
      const mark = page.locator('[data-figure="ungrounded"]');
      await mark.waitFor();
      expect(await mark.locator(".fig-note").isVisible()).toBe(false);
      await mark.tap();
      expect(await mark.locator(".fig-note").isVisible()).toBe(true);
      expect(await mark.locator(".fig-note").innerText()).toBe("CHF 2'718.28: not found in the data of this answer");
      // The note stays on the screen: at its foot, inside both edges.
      const box = (await mark.locator(".fig-note").boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axe(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
  test("a figure said of another year shows what it was found as; the repair round's correction; a figure's rows", async () => {
    const chart = spendingByCategory.run(h.budget, { year: 2025 }).charts[0]!;
    const value = (label: string) => chart.data.datasets[0]!.values[chart.data.labels.indexOf(label)]!;
    const groceries = formatMoney(value("Groceries"), "CHF");
    // Dining's 2025 figure written as 2024's: found, but about another year (mismatched).
    const dining = formatMoney(value("Dining"), "CHF");
    const transport = formatMoney(value("Transport"), "CHF");
    h.fake.enqueue(
      { kind: "message", content: [{ type: "tool_use", id: "toolu_g", name: "spending_by_category", input: { year: 2025 } }] },
      {
        kind: "message",
        content: [{ type: "text", text: `Groceries cost ${groceries} in 2025.\n\nIn 2024 dining cost ${dining}.\n\nTransport took CHF 2'718.28 in 2025.` }],
        chunkDelayMs: 1,
      },
      // The repair round lists the mismatched figure (1) and the one not found (2); the model corrects the second only.
      {
        kind: "message",
        content: [{ type: "tool_use", id: "toolu_r2", name: "figure_check", input: { figures: [{ n: 2, verdict: "correct", corrected: transport, reason: "Transport 2025" }] } }],
      },
    );
    const { tp, page } = await suite.open();
    await page.goto(`${h.url}/`);
    await ask(page, "What did groceries, dining and transport cost?");
    const id = await turnId(page);
    await waitForStatus(page, id, "done");
    const mark = (status: string) => page.locator(`#answer-${id} [data-figure="${status}"]`);
    await mark("corrected").waitFor();

    // The mismatched figure: its note says what it was said of and what it was found as; flagged like one not found.
    expect(await mark("mismatched").locator(".fig-note").textContent()).toBe(
      `${dining} (said of 2024 · Dining): found as spending_by_category · summary · Dining (2025 · Dining · CHF): ${dining}; ` +
        `spending_by_category · Spending by category, 2025 (CHF) · Dining (2025 · Dining · CHF): ${dining}`,
    );
    const flag = (status: string) =>
      mark(status).evaluate((el) => [getComputedStyle(el, "::after").content, getComputedStyle(el).textDecorationStyle]);
    expect(await flag("mismatched")).toEqual(['"?"', "wavy"]);
    // The corrected one: its note, the line and the Checked note under the answer; the answer's text is as streamed.
    expect(await mark("corrected").locator(".fig-note").textContent()).toBe(
      `CHF 2'718.28: corrected to ${transport} (Transport 2025) · spending_by_category · summary · Transport (2025 · Transport · CHF): ${transport}; ` +
        `spending_by_category · Spending by category, 2025 (CHF) · Transport (2025 · Transport · CHF): ${transport} See the rows`,
    );
    expect(await page.locator(`#notices-${id} .figures-line`).innerText()).toBe("? 3 figures checked · 1 corrected · 1 not found");
    expect(await page.locator(`#notices-${id} .figures-checked`).innerText()).toBe(`Checked:\nCHF 2'718.28 → ${transport} (Transport 2025)`);
    expect(await page.locator(`#answer-${id}`).innerText()).toContain("Transport took CHF 2'718.28 in 2025.");
    expect(await axe(page)).toEqual([]);
    await mark("mismatched").hover();
    await tp.screenshot("figures-repaired", { fullPage: false });

    // A reload shows the same (the repair is stored with the turn).
    await page.reload();
    await mark("corrected").waitFor();
    expect(await page.locator(`#notices-${id} .figures-line`).innerText()).toBe("? 3 figures checked · 1 corrected · 1 not found");
    expect(await mark("mismatched").count()).toBe(1);

    // The grounded figure's link: the Transactions page with the call's filters, whose rows sum to it.
    await mark("grounded").focus();
    await mark("grounded").getByRole("link", { name: "See the rows" }).click();
    await page.waitForURL(`${h.url}/transactions?category=Groceries&currency=CHF&from=2025-01-01&to=2025-12-31`);
    expect(await page.locator(".tx-total").innerText()).toBe(`CHF: money out ${groceries}, money in CHF 0.00, net ${formatMoney(-value("Groceries"), "CHF")}`);
    // Each row says where it came from (no transaction_details here: its import batch).
    expect(await page.locator("#tx-results tbody tr .tx-origin").first().innerText()).toMatch(/^import /);
    tp.expectClean();
  }, 60_000);
  test("a derived sum's link opens the Transactions page with exactly the rows of its terms; a difference links each part", async () => {
    const chart = spendingByCategory.run(h.budget, { year: 2025 }).charts[0]!;
    const value = (label: string) => chart.data.datasets[0]!.values[chart.data.labels.indexOf(label)]!;
    const [transport, dining, shopping] = ["Transport", "Dining", "Shopping"].map(value);
    // Three terms of the tool's list, written as their sum; then Transport less Dining.
    const sum = formatMoney(round2(transport! + dining! + shopping!), "CHF");
    const less = formatMoney(round2(transport! - dining!), "CHF");
    h.fake.enqueue(
      { kind: "message", content: [{ type: "tool_use", id: "toolu_s", name: "spending_by_category", input: { year: 2025 } }] },
      { kind: "message", content: [{ type: "text", text: `Transport, dining and shopping took ${sum} in 2025.\n\nTransport cost ${less} more than dining.` }], chunkDelayMs: 1 },
    );
    const { tp, page } = await suite.open();
    await page.goto(`${h.url}/`);
    await ask(page, "What did transport, dining and shopping cost in 2025?");
    const id = await turnId(page);
    await waitForStatus(page, id, "done");
    const marks = page.locator(`#answer-${id} [data-figure="derived"]`);
    await marks.nth(1).waitFor();
    expect(await marks.evaluateAll((els) => els.map((el) => el.firstChild?.textContent))).toEqual([sum, less]);
    // The difference: one link per part (in the order of its sources), named by what it is about.
    const parts = marks.nth(1).locator(".fig-rows-terms");
    expect(await parts.textContent()).toBe("Rows of each part: 2025 · Dining · CHF, 2025 · Transport · CHF");
    expect(await parts.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/transactions?category=Dining&currency=CHF&from=2025-01-01&to=2025-12-31",
      "/transactions?category=Transport&currency=CHF&from=2025-01-01&to=2025-12-31",
    ]);

    // The sum: its link opens the rows of the three categories together.
    await marks.nth(0).focus();
    await marks.nth(0).getByRole("link", { name: "See the rows" }).click();
    // The terms in the order of the tool's list (largest first): what they share (the year, CHF) once, each category its own set.
    await page.waitForURL(`${h.url}/transactions?currency=CHF&from=2025-01-01&to=2025-12-31&any=category%3DShopping&any=category%3DDining&any=category%3DTransport`);
    expect(squash(await page.locator(".tx-any").innerText())).toBe("Only the rows of any of: Shopping; Dining; Transport. Show all rows");
    // Their money out is the sum the answer wrote (the tool's spending: money out less refunds, none here).
    expect(await page.locator(".tx-total").innerText()).toBe(`CHF: money out ${sum}, money in CHF 0.00, net ${formatMoney(-round2(transport! + dining! + shopping!), "CHF")}`);
    // Exactly the rows budget.db holds for them, read here with SQL of its own: as many, and (the CSV of the same filters) the same ids.
    const db = new Database(h.budget.path, { readonly: true });
    const expected = (() => {
      try {
        return db
          .query(
            "SELECT id, amount FROM transactions WHERE lower(trim(category)) IN ('transport', 'dining', 'shopping') AND upper(trim(currency)) = 'CHF' AND substr(date, 1, 10) BETWEEN '2025-01-01' AND '2025-12-31' ORDER BY id",
          )
          .all() as { id: number; amount: number }[];
      } finally {
        db.close();
      }
    })();
    expect(formatMoney(-round2(expected.reduce((s, r) => s + r.amount, 0)), "CHF")).toBe(sum);
    expect(await page.locator("#tx-totals p").first().locator("strong").innerText()).toBe(formatCount(expected.length));
    const csv = await (await page.request.get(`${h.url}${await page.locator("#tx-totals a[download]").getAttribute("href")}`)).text();
    const ids = csv.trim().split("\r\n").slice(1).map((line) => Number(line.split(",")[0]));
    expect(ids.sort((a, b) => a - b)).toEqual(expected.map((r) => r.id));
    // Each row on the page is one of the three categories.
    const shown = await page.locator("#tx-results tbody td.category").allInnerTexts();
    expect(shown.length).toBe(Math.min(50, expected.length));
    expect(shown.filter((c) => !["Transport", "Dining", "Shopping"].includes(c.trim()))).toEqual([]);
    expect(await axe(page)).toEqual([]);
    // "Show all rows" drops the parts, keeps the rest.
    await page.getByRole("link", { name: "Show all rows" }).click();
    await page.waitForURL(`${h.url}/transactions?currency=CHF&from=2025-01-01&to=2025-12-31`);
    tp.expectClean();
  }, 60_000);
});
