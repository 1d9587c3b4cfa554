import { describe, expect, test } from "bun:test";
import { checkAnswer } from "../../src/figures/check.ts";
import type { TurnFigure } from "../../src/figures/types.ts";

const fig = (where: string, value: number, text: string, tool = "spending_by_category", callId = "toolu_1"): TurnFigure => ({ tool, callId, where, value, text });

// What spending_by_category, list_transactions and compare_periods showed in the turn:
// their summaries (what the model read), a chart value and a table cell (what only the user sees).
const FIGURES: TurnFigure[] = [
  fig("summary · total", 18434.5, "CHF 18'434.50"),
  fig("summary · total · transactions", 312, "312"),
  fig("summary · Groceries", 7431.2, "CHF 7'431.20"),
  fig("summary · Dining", 1234.5, "CHF 1'234.50"),
  fig("summary · Transport", 865.3, "CHF 865.30"),
  fig("summary · Groceries", 40.3, "40.3%"),
  fig("Spending by category, 2025 (CHF) · Fees", 321.11, "CHF 321.11"),
  fig("table Transactions · row 3 · Amount", -12, "CHF -12.00", "list_transactions", "toolu_2"),
  fig("summary · 2024 · Groceries", 6500, "CHF 6'500.00", "compare_periods", "toolu_3"),
];

/** answer → [text, status] of each figure. */
const statuses = (answer: string, question = "", opts: { periodMonths?: number[] } = {}) =>
  checkAnswer(answer, question, FIGURES, opts).map((f) => [f.text, f.status]);

describe("checkAnswer: grounded", () => {
  test("equal at the precision written, in every writing", () => {
    expect(statuses("Groceries CHF 7'431.20, 7'431.2, 7,431.20, 7.431,20, CHF 7431")).toEqual([
      ["CHF 7'431.20", "grounded"],
      ["7'431.2", "grounded"],
      ["7,431.20", "grounded"],
      ["7.431,20", "grounded"],
      ["CHF 7431", "grounded"],
    ]);
  });

  test("rounding by the writing: 1.2k and about CHF 1'200 for 1'234.50; CHF 1.2 million is nothing here", () => {
    expect(statuses("Dining 1.2k, about CHF 1'200, roughly CHF 1'230, ~CHF 1'000, CHF 1.2 million")).toEqual([
      ["1.2k", "grounded"],
      ["CHF 1'200", "grounded"],
      ["CHF 1'230", "grounded"],
      ["CHF 1'000", "grounded"],
      ["CHF 1.2 million", "ungrounded"],
    ]);
  });

  test("without a rounding word, a rounded amount is not the figure", () => {
    expect(statuses("Dining CHF 1'200")).toEqual([["CHF 1'200", "ungrounded"]]);
  });

  test("the source is the figure it equals", () => {
    const [f] = checkAnswer("Groceries: CHF 7'431.20.", "", FIGURES);
    expect(f).toEqual({
      text: "CHF 7'431.20",
      value: 7431.2,
      start: 11,
      end: 23,
      status: "grounded",
      sources: [{ tool: "spending_by_category", callId: "toolu_1", where: "summary · Groceries", value: 7431.2, text: "CHF 7'431.20" }],
    });
  });

  test("negative amounts match by magnitude (a row's CHF -12.00 is 'CHF 12.00 spent')", () => {
    expect(statuses("-CHF 12.00, CHF -12.00, CHF 12.00")).toEqual([
      ["-CHF 12.00", "grounded"],
      ["CHF -12.00", "grounded"],
      ["CHF 12.00", "grounded"],
    ]);
  });

  test("percentages and counts", () => {
    expect(statuses("40.3% of 312 transactions, about 40%, 40.30%")).toEqual([
      ["40.3%", "grounded"],
      ["312", "grounded"],
      ["40%", "grounded"],
      ["40.30%", "grounded"],
    ]);
  });

  test("bounding words", () => {
    expect(statuses("over 300 transactions, almost CHF 7'500, more than CHF 7'500")).toEqual([
      ["300", "grounded"],
      ["CHF 7'500", "grounded"],
      ["CHF 7'500", "ungrounded"],
    ]);
  });

  test("another currency is not the figure", () => {
    expect(statuses("EUR 7'431.20")).toEqual([["EUR 7'431.20", "ungrounded"]]);
  });
});

describe("checkAnswer: not figures", () => {
  test("a year, a month and a date do not count", () => {
    expect(statuses("In 2025 (2025-03, March 2025, 14.03.2025) Groceries cost CHF 7'431.20.")).toEqual([["CHF 7'431.20", "grounded"]]);
  });

  test("a number from the question is not a figure of the answer", () => {
    expect(statuses("Yes: CHF 7'431.20 is well above your CHF 500 limit.", "Did I spend more than CHF 500 on groceries?")).toEqual([["CHF 7'431.20", "grounded"]]);
    expect(statuses("Yes: CHF 7'431.20 is well above your CHF 500 limit.", "Did I spend more than 500 on groceries?")).toEqual([["CHF 7'431.20", "grounded"]]);
  });
});

describe("checkAnswer: derived", () => {
  test("sum of two figures", () => {
    // 7'431.20 + 1'234.50 = 8'665.70
    const [f] = checkAnswer("Groceries and dining: CHF 8'665.70.", "", FIGURES);
    expect([f!.status, f!.operation, f!.sources.map((s) => s.text)]).toEqual(["derived", "sum", ["CHF 1'234.50", "CHF 7'431.20"]]);
  });

  test("difference of two figures", () => {
    // 7'431.20 − 6'500.00 = 931.20
    const [f] = checkAnswer("CHF 931.20 more than in 2024.", "", FIGURES);
    expect([f!.status, f!.operation, f!.sources.map((s) => s.text)]).toEqual(["derived", "difference", ["CHF 7'431.20", "CHF 6'500.00"]]);
  });

  test("ratio as a percentage (a share)", () => {
    // 1'234.50 ÷ 18'434.50 = 6.6967…% → "6.7%"
    const [f] = checkAnswer("Dining was 6.7% of spending.", "", FIGURES);
    expect([f!.status, f!.operation, f!.sources.map((s) => s.text)]).toEqual(["derived", "ratio", ["CHF 1'234.50", "CHF 18'434.50"]]);
  });

  test("ratio as a number", () => {
    // 7'431.20 ÷ 1'234.50 = 6.0196… → "6.0 times"
    const [f] = checkAnswer("Groceries cost 6.0 times as much as dining.", "", FIGURES);
    expect([f!.status, f!.operation, f!.sources.map((s) => s.text)]).toEqual(["derived", "ratio", ["CHF 7'431.20", "CHF 1'234.50"]]);
  });

  test("percentage change from one figure to another", () => {
    // (7'431.20 − 6'500.00) ÷ 6'500.00 = 14.326…% → "14.3%"
    const [f] = checkAnswer("Groceries rose 14.3% from 2024.", "", FIGURES);
    expect([f!.status, f!.operation, f!.sources.map((s) => s.text)]).toEqual(["derived", "percent_change", ["CHF 6'500.00", "CHF 7'431.20"]]);
  });

  test("monthly average over the period's months", () => {
    // 7'431.20 ÷ 12 = 619.2666… → "CHF 619.27"; without the period's months it is not derivable.
    const [f] = checkAnswer("That is CHF 619.27 a month.", "", FIGURES, { periodMonths: [12] });
    expect([f!.status, f!.operation, f!.months, f!.sources.map((s) => s.text)]).toEqual(["derived", "monthly_average", 12, ["CHF 7'431.20"]]);
    expect(statuses("That is CHF 619.27 a month.")).toEqual([["CHF 619.27", "ungrounded"]]);
  });

  test("only numbers the model read (the summaries) are operands: a chart's or a table's value grounds, but derives nothing", () => {
    // 7'431.20 + 321.11 (a chart value) = 7'752.31; 7'431.20 + 12.00 (a table cell) = 7'443.20.
    expect(statuses("Fees CHF 321.11; with groceries CHF 7'752.31 or CHF 7'443.20.")).toEqual([
      ["CHF 321.11", "grounded"],
      ["CHF 7'752.31", "ungrounded"],
      ["CHF 7'443.20", "ungrounded"],
    ]);
  });

  test("a small count is derived from counts only, never from amounts", () => {
    // 1'234.50 − 865.30 = 369.20 is an amount: "369 transactions" is not derived from it; "CHF 369" is.
    expect(statuses("369 transactions, CHF 369")).toEqual([
      ["369", "ungrounded"],
      ["CHF 369", "derived"],
    ]);
    // 312 + 312 is no pair of distinct figures either; 624 stays ungrounded.
    expect(statuses("624 transactions")).toEqual([["624", "ungrounded"]]);
  });

  test("a calculate result grounds the figure written from it, as an amount or a percentage", () => {
    const figures = [...FIGURES, fig("summary · Result", 14.326153846, "14.326154", "calculate", "toolu_9")];
    expect(checkAnswer("Up 14.33%.", "", figures).map((f) => [f.status, f.sources[0]?.tool])).toEqual([["grounded", "calculate"]]);
  });
});

describe("checkAnswer: ungrounded", () => {
  test("near miss at cents: CHF 7'431.30 against 7'431.20", () => {
    expect(checkAnswer("Groceries: CHF 7'431.30.", "", FIGURES)).toEqual([
      { text: "CHF 7'431.30", value: 7431.3, start: 11, end: 23, status: "ungrounded", sources: [] },
    ]);
  });

  test("an invented figure", () => {
    expect(statuses("You also spent CHF 2'718.28 on hobbies.")).toEqual([["CHF 2'718.28", "ungrounded"]]);
  });

  test("an answer without figures", () => {
    expect(checkAnswer("Nothing to report for that period.", "", FIGURES)).toEqual([]);
  });
});
