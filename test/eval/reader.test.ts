import { describe, expect, test } from "bun:test";
import type { ToolOutput } from "../../src/core/events.ts";
import { couldState, readNumbers, statesExactly } from "../../eval/reader.ts";
import { unsupportedFigures, type CallRecord } from "../../src/eval/score.ts";

// The eval's own reader (not the product's figure check): what it reads, and how it grounds.

const read = (text: string) => readNumbers(text).map((n) => [n.text, n.value, n.kind, n.unit, n.loose]);

describe("readNumbers", () => {
  test("amounts in each notation, with the unit of their last digit", () => {
    expect(read("You spent CHF 1'234.50 and $2,000.")).toEqual([
      ["CHF 1'234.50", 1234.5, "money", 0.01, false],
      ["$2,000", 2000, "money", 1, false],
    ]);
    // "1.2k" is 1200 written to the hundred, and a magnitude is never exact.
    expect(read("Rent was 1.2k")).toEqual([["1.2k", 1200, "money", 100, true]]);
    expect(read("a refund of -CHF 12.00")).toEqual([["-CHF 12.00", 12, "money", 0.01, false]]);
  });
  test("percentages and counts; a rounding or bounding word makes a figure loose", () => {
    expect(read("Groceries were 18.6% of spending, 12 percent more")).toEqual([
      ["18.6%", 18.6, "percent", 0.1, false],
      ["12 percent", 12, "percent", 1, false],
    ]);
    expect(read("Migros (839) and 45 payments at Coop")).toEqual([
      ["839", 839, "count", 1, false],
      ["45", 45, "count", 1, false],
    ]);
    expect(read("about CHF 1'200, nearly CHF 30'000")).toEqual([
      ["CHF 1'200", 1200, "money", 1, true],
      ["CHF 30'000", 30000, "money", 1, true],
    ]);
  });
  test("dates, years, times, list numbers and durations are no figures", () => {
    expect(read("On 2025-03-14 at 12:30, in 2025, over 12 months:\n1. Rent\n2. Food")).toEqual([]);
    expect(read("On 14.03.2025 you paid")).toEqual([]);
  });
});

describe("statesExactly and couldState", () => {
  const [exact] = readNumbers("CHF 21'034");
  const [loose] = readNumbers("nearly CHF 30'000");
  test("an exact writing states its value to half its unit, and only that", () => {
    expect(statesExactly(exact!, 21034.49)).toBe(true);
    expect(statesExactly(exact!, 21034.51)).toBe(false);
  });
  test("a loose writing states nothing exactly, and could stand for a value within 10 %", () => {
    // 30'000 ± 3'000: 27'500 fits, 21'034 ("nearly CHF 30k" for 21k) does not.
    expect(statesExactly(loose!, 30000)).toBe(false);
    expect(couldState(loose!, 27500)).toBe(true);
    expect(couldState(loose!, 21034)).toBe(false);
  });
});

describe("unsupportedFigures", () => {
  const output: ToolOutput = {
    summary: "Spending 2025: CHF 21'034.00 over 12 months; Groceries CHF 4'800.00 (18.6%), Dining CHF 1'200.00.",
    charts: [{ type: "bar", title: "By month", data: { labels: ["Jan", "Feb"], datasets: [{ name: "CHF", values: [1900.25, 1650.4] }] } }],
  };
  const calls: CallRecord[] = [{ id: "c1", tool: "spending_breakdown", input: { year: 2025 }, ok: true, output }];

  test("copied, charted, rounded and derived figures are supported", () => {
    // 21'034 / 12 = 1'752.83 a month; 4'800 + 1'200 = 6'000; 1'200 / 4'800 = 25 %.
    const answer =
      "You spent CHF 21'034.00 (about CHF 21k), CHF 1'752.83 a month; groceries and dining CHF 6'000.00, " +
      "dining 25% of groceries; January CHF 1'900.25.";
    expect(unsupportedFigures(answer, "How much did I spend in 2025?", calls)).toEqual([]);
  });
  test("a figure off by a little, a swapped digit or a rounding the wrong way is not; nor are figures of a failed call", () => {
    const answer = "You spent CHF 21'043.00; groceries CHF 4'810.00; nearly CHF 30'000 in all.";
    expect(unsupportedFigures(answer, "How much?", calls)).toEqual(["CHF 21'043.00", "CHF 4'810.00", "CHF 30'000"]);
    const failed: CallRecord[] = [{ ...calls[0]!, ok: false, error: "boom" }];
    expect(unsupportedFigures("You spent CHF 21'034.00.", "How much?", failed)).toEqual(["CHF 21'034.00"]);
  });
  test("numbers of the question are not the answer's", () => {
    expect(unsupportedFigures("Yes, over CHF 500.", "Did I spend over CHF 500 on dining?", calls)).toEqual([]);
  });
});
