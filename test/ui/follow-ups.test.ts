/**
 * A turn's affordances from its tools (src/ui/turn-model.ts readCall, src/ui/follow-ups.ts):
 * the UI asks each call's own tool (rowsLink, followUps) with the call's input as the tool
 * reads it. What each tool offers is tested in its own suite (test/tools/<tool>.test.ts);
 * here, how the answer puts them together.
 */
import { describe, expect, test } from "bun:test";
import type { AgentEvent, ChartSpec } from "../../src/core/events.ts";
import { followUpQuestions } from "../../src/ui/follow-ups.ts";
import { buildTurnModel, type ChartBlock } from "../../src/ui/turn-model.ts";

const chart = (values: Record<string, number>): ChartSpec => ({ type: "bar", title: "", data: { labels: Object.keys(values), datasets: [{ name: "", values: Object.values(values) }] } });
const call = (id: string, tool: string, input: unknown, drawn?: ChartSpec): AgentEvent[] => [
  { type: "tool_started", id, tool, input },
  { type: "tool_finished", id, tool, summary: "" },
  ...(drawn ? [{ type: "chart" as const, toolId: id, chart: drawn }] : []),
];

describe("a turn's follow-up questions", () => {
  test("each chart's tool in the answer's order, without repeats, at most three", () => {
    const m = buildTurnModel([
      ...call("a", "spending_by_category", { year: 2025 }, chart({ Dining: -90, Groceries: -300 })),
      // A second chart of the same call asks the same questions: they are offered once.
      { type: "chart", toolId: "a", chart: chart({ Dining: -90, Groceries: -300 }) },
      ...call("b", "income_vs_spending", { year: 2025 }, chart({ "2025-01": 1 })),
    ]);
    // spending_by_category offers two (merchants and trend of Groceries, the largest); income_vs_spending's
    // "biggest categories" is left out: spending_by_category answered it in this turn.
    expect(followUpQuestions(m)).toEqual(["Which merchants do I spend most at for Groceries in 2025?", "How did my Groceries spending develop month by month in 2025?"]);
    const many = buildTurnModel([...call("t", "monthly_trend", { year: 2025 }, chart({ x: 1 })), ...call("s", "search_transactions", { search: "sbb" }, chart({ x: 1 }))]);
    // monthly_trend's two, then search_transactions' one: three.
    expect(followUpQuestions(many)).toEqual(["What were my biggest spending categories in 2025?", "How does 2025 compare with 2024?", "List these transactions"]);
  });

  test("a call without a chart is asked only when no chart invited a question; unknown tools and refused inputs offer nothing", () => {
    expect(followUpQuestions(buildTurnModel(call("l", "list_transactions", { search: "coop" })))).toEqual(["What are my biggest spending categories this year?"]);
    const withChart = buildTurnModel([...call("l", "list_transactions", {}), ...call("s", "search_transactions", { search: "sbb" }, chart({ x: 1 }))]);
    // search_transactions' "List these transactions" is not offered either: list_transactions ran in this turn.
    expect(followUpQuestions(withChart)).toEqual(["What are my biggest spending categories this year?"]);
    expect(followUpQuestions(buildTurnModel(call("x", "no_such_tool", {}, chart({ A: 1 }))))).toEqual([]);
    // An input the tool would refuse (month 13) is not guessed at.
    expect(followUpQuestions(buildTurnModel(call("m", "monthly_trend", { year: 2025, month: 13 }, chart({ A: 1 }))))).toEqual([]);
  });

  test("a chart or table carries its tool's link to the rows behind it, with the call's input as the tool reads it", () => {
    const m = buildTurnModel([
      ...call("a", "merchant_breakdown", { category: "Dining", year: 2024 }, chart({ A: 1 })),
      ...call("b", "spending_by_category", { year: 2024 }, chart({ A: 1 })),
      // list_transactions' default sort (date) is filled in: the link is the page's default order.
      ...call("c", "list_transactions", { search: "coop" }),
      { type: "table", toolId: "c", table: { title: "", columns: [], kinds: [], rows: [], totalRows: 0 } },
    ]);
    const links = m.blocks.filter((b): b is ChartBlock => b.kind === "chart" || b.kind === "table").map((b) => b.transactions ?? null);
    expect(links).toEqual(["/transactions?category=Dining&from=2024-01-01&to=2024-12-31", null, "/transactions?q=coop"]);
  });
});
