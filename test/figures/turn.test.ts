import { describe, expect, test } from "bun:test";
import type { AgentEvent } from "../../src/core/events.ts";
import { formatMoney, round2 } from "../../src/core/format.ts";
import { spendingByCategory } from "../../src/tools/spending_by_category.ts";
import { harnessPerTest, type Harness } from "../support/agent-harness.ts";
import { UsagePage } from "../../views/UsagePage.tsx";
import { createTurnFigures } from "../../src/figures/turn.ts";
import { callPeriods } from "../../src/tools/query/period.ts";
import { createFixture } from "../fixtures/budget-fixture.ts";

const suite = harnessPerTest();
let h: Harness;

const figuresOf = (events: AgentEvent[]) => events.filter((e): e is Extract<AgentEvent, { type: "figures" }> => e.type === "figures");

describe("the figures of a turn, through the agent loop and the invoker's hook", () => {
  test("one grounded, one derived, one ungrounded; the question's number is not a figure; stored for replay; counted in the audit", async () => {
    h = await suite.start();
    // The figures the tool will show (its own result on the harness data).
    const chart = spendingByCategory.run(h.budget, { year: 2025 }).charts[0]!;
    const value = (label: string) => chart.data.datasets[0]!.values[chart.data.labels.indexOf(label)]!;
    const groceries = value("Groceries");
    const dining = value("Dining");
    const both = formatMoney(round2(groceries + dining), "CHF");
    const answer = `Groceries cost ${formatMoney(groceries, "CHF")} in 2025, well over your CHF 500 guess; with dining, ${both}. Hobbies took CHF 2'718.28.`;
    suite.fake.enqueue(
      { kind: "message", content: [{ type: "tool_use", id: "toolu_a", name: "spending_by_category", input: { year: 2025 } }] },
      { kind: "message", content: [{ type: "text", text: answer }] },
    );
    const { events, turn } = await h.ask("Did I spend more than CHF 500 on groceries in 2025?");

    const [checked, ...more] = figuresOf(events);
    expect(more).toEqual([]);
    // Then the repair round (one figure not found): the fake's default reply ("OK") is no figure check, so nothing changes.
    expect(events.at(-3)).toBe(checked!);
    expect(events.at(-2)).toEqual({ type: "repair", figures: checked!.figures, asked: 1, error: "the model's reply was not a figure check" });
    expect(checked!.figures.map((f) => [f.text, f.status, f.operation ?? null, answer.slice(f.start, f.end)])).toEqual([
      [formatMoney(groceries, "CHF"), "grounded", null, formatMoney(groceries, "CHF")],
      [both, "derived", "sum", both],
      ["CHF 2'718.28", "ungrounded", null, "CHF 2'718.28"],
    ]);
    // The grounded figure names the tool, its call and where it stood (the summary and the chart).
    expect(checked!.figures[0]!.sources.map((s) => [s.tool, s.callId, s.where])).toEqual([
      ["spending_by_category", "toolu_a", "summary · Groceries"],
      ["spending_by_category", "toolu_a", "Spending by category, 2025 (CHF) · Groceries"],
    ]);
    expect(checked!.figures[1]!.sources.map((s) => s.value).sort()).toEqual([dining, groceries].sort());

    // Replayed after a restart: the same figures event, from the app database.
    expect(figuresOf(h.store.turns.events(turn.id))).toEqual([checked!]);
    // The repair request asked about the one figure not found, with the tool it must answer through.
    const repairRequest = suite.fake.requests.at(-1)!.body as { tool_choice?: unknown; messages: { content: { type: string; text?: string }[] }[] };
    expect(repairRequest.tool_choice).toEqual({ type: "tool", name: "figure_check" });
    expect(repairRequest.messages.at(-1)!.content[0]!.text).toContain(`1. "CHF 2'718.28" — CHF 2'718.28: not found in the data of this answer`);
    // The turn's audit entry counts them.
    const audit = h.store.audit.list({ kind: "turn" }).find((e) => (e.detail as { turnId?: string }).turnId === turn.id)!;
    expect((audit.detail as { figures: unknown }).figures).toEqual({ checked: 3, grounded: 1, derived: 1, mismatched: 0, ungrounded: 1 });
    // The usage page's share of figures not found per model: 1 of 3.
    const model = (audit.detail as { model: string }).model;
    expect(h.store.usage.figuresByModel()).toEqual([{ model, answers: 1, checked: 3, ungrounded: 1 }]);
    const page = String(await UsagePage({ rows: [], totalCost: "$0.00", figures: h.store.usage.figuresByModel() }));
    expect(page).toContain(`<td>${model}</td><td class="num">1</td><td class="num">3</td><td class="num">1</td><td class="num">33.3%</td>`);
  });

  test("a monthly average over the months the data covers is derived: 2026 has data up to October, so a year total ÷ 10", async () => {
    h = await suite.start();
    // The demo data ends 2026-10-31 (the harness's today is 2026-11-22): 2026 covers 10 months, not 12.
    expect(h.budget.ledger().lastDay).toBe(20261031);
    const chart = spendingByCategory.run(h.budget, { year: 2026 }).charts[0]!;
    const groceries = chart.data.datasets[0]!.values[chart.data.labels.indexOf("Groceries")]!;
    const perMonth = formatMoney(round2(groceries / 10), "CHF");
    suite.fake.enqueue(
      { kind: "message", content: [{ type: "tool_use", id: "toolu_m", name: "spending_by_category", input: { year: 2026 } }] },
      { kind: "message", content: [{ type: "text", text: `Groceries come to about ${perMonth} a month this year.` }] },
    );
    const { events } = await h.ask("What do groceries cost me a month this year?");
    expect(figuresOf(events)[0]!.figures.map((f) => [f.text, f.status, f.operation ?? null, f.months ?? null])).toEqual([[perMonth, "derived", "monthly_average", 10]]);
  });

  test("a divisor comes only from a period the call names: CHF 2'200 ÷ 34 months is not an average of a call without one", () => {
    const fx = createFixture({ extended: true });
    try {
      // The extended fixture's data: 2024-01-05 … 2026-10-12, 34 months; 2026 covers January to October, 10.
      const ledger = fx.db.ledger();
      const figures = createTurnFigures({ vocabulary: ledger, periods: (input) => callPeriods(input, ledger), figureKind: () => undefined });
      const output = { summary: "Housing: spent CHF 2'200.00.", charts: [] };
      figures.record({ id: "toolu_s", name: "budget_status", input: {} }, output);
      // 2'200 ÷ 34 = 64.71; 2'200 ÷ 10 = 220
      const statuses = () => figures.check("That is CHF 64.71 or CHF 220.00 a month.", "").map((f) => [f.text, f.status]);
      expect(statuses()).toEqual([
        ["CHF 64.71", "ungrounded"],
        ["CHF 220.00", "ungrounded"],
      ]);
      figures.record({ id: "toolu_y", name: "spending_by_category", input: { year: 2026 } }, output);
      expect(statuses()).toEqual([
        ["CHF 64.71", "ungrounded"],
        ["CHF 220.00", "derived"],
      ]);
    } finally {
      fx.cleanup();
    }
  });

  test("a calculate result is a figure of the turn", async () => {
    h = await suite.start();
    suite.fake.enqueue(
      { kind: "message", content: [{ type: "tool_use", id: "toolu_c", name: "calculate", input: { expression: "pct_change(6500, 7431.20)" } }] },
      { kind: "message", content: [{ type: "text", text: "That is a rise of 14.33%." }] },
    );
    const { events } = await h.ask("By how much did it rise?");
    expect(events.find((e) => e.type === "tool_finished")).toMatchObject({ summary: "Result: 14.326154 (rounded: 14.33)." });
    expect(figuresOf(events)[0]!.figures.map((f) => [f.text, f.status, f.sources.map((s) => `${s.tool}/${s.callId}`)])).toEqual([
      ["14.33%", "grounded", ["calculate/toolu_c", "calculate/toolu_c"]],
    ]);
  });
});
