import { describe, expect, test } from "bun:test";
import { ToolInputError } from "../../src/core/errors.ts";
import { calculate, evaluate } from "../../src/tools/calculate.ts";
import { createTurnFigures } from "../../src/figures/turn.ts";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import { schemaOf } from "./support.ts";

// calculate reads no data.
const NO_DB = {} as BudgetDb;
const run = (expression: string) => calculate.run(NO_DB, calculate.schema().parse({ expression }));
const error = (expression: string): string => {
  try {
    evaluate(expression);
  } catch (e) {
    expect(e).toBeInstanceOf(ToolInputError);
    return (e as Error).message;
  }
  throw new Error(`no error for ${expression}`);
};

describe("calculate: the evaluator", () => {
  test("precedence, parentheses, unary minus", () => {
    expect(evaluate("1 + 2 * 3")).toBe(7);
    expect(evaluate("(1 + 2) * 3")).toBe(9);
    expect(evaluate("-2 - -3")).toBe(1);
    expect(evaluate("-(4 - 10) / 3")).toBe(2);
    expect(evaluate("10 - 4 - 3")).toBe(3);
    expect(evaluate("12 / 4 / 3")).toBe(1);
  });

  test("numbers as the tools write them", () => {
    expect(evaluate("1'234.50 + 765.50")).toBe(2000);
    expect(evaluate(".5 * 4")).toBe(2);
  });

  test("functions", () => {
    expect(evaluate("round(18109.55 / 12, 2)")).toBe(1509.13);
    expect(evaluate("round(1.005, 2)")).toBe(1.01);
    expect(evaluate("round(-2.5, 0)")).toBe(-3);
    expect(evaluate("round(1234.5, -2)")).toBe(1200);
    expect(evaluate("sum(7431.20, 1234.50, 865.30)")).toBe(9531);
    expect(evaluate("avg(10, 20, 60)")).toBe(30);
    expect(evaluate("pct_change(6500, 7431.20)")).toBeCloseTo(14.326153846, 8);
    expect(evaluate("pct_change(-200, -100)")).toBe(50);
    expect(evaluate("SUM(1, 2)")).toBe(3);
  });

  test("bad input is an instructive ToolInputError", () => {
    expect(error("10 / (5 - 5)")).toBe(
      'calculate: division by zero at position 6 ("(5 - 5)") in "10 / (5 - 5)". Write numbers and + - * / ( ) with round(x, n), sum(a, b, …), avg(a, b, …), pct_change(from, to).',
    );
    expect(error("pct_change(0, 5)")).toStartWith("calculate: pct_change from 0 is undefined (division by zero) at position 1");
    expect(error("2 +")).toStartWith('calculate: expected a number at the end in "2 +"');
    expect(error("2 * (3 + 4")).toStartWith('calculate: expected ")" at the end');
    expect(error("2 ^ 3")).toStartWith('calculate: unexpected "^" at position 3');
    expect(error("process.exit(1)")).toStartWith('calculate: "process" is not a number or a function call at position 1');
    expect(error("max(1, 2)")).toStartWith('calculate: unknown function "max" at position 1');
    expect(error("round(1.5)")).toStartWith("calculate: round takes 2 arguments, got 1");
    expect(error("round(1.5, 0.5)")).toStartWith("calculate: round(x, n) needs a whole number of decimals n from -9 to 10");
    expect(error("1'")).toStartWith("calculate: a number cannot end with a separator");
    expect(error("(".repeat(60) + "1" + ")".repeat(60))).toStartWith("calculate: the expression nests too deeply");
  });
});

describe("calculate: the tool", () => {
  test("the summary states the result, and the rounded result when it differs", () => {
    expect(run("18109.55 / 12")).toEqual({ summary: "Result: 1'509.129167 (rounded: 1'509.13).", charts: [] });
    expect(run("7431.20 + 1234.50")).toEqual({ summary: "Result: 8'665.7.", charts: [] });
    expect(run("2 - 5")).toEqual({ summary: "Result: -3.", charts: [] });
  });

  test("the result is a figure of the turn, a bare number (its figureKind), and only the result: not the numbers passed", () => {
    expect(calculate.figureKind).toBe("number");
    const figures = createTurnFigures({ vocabulary: { categoryNames: [], merchants: [], accounts: [] }, periods: () => [], figureKind: () => calculate.figureKind });
    figures.record({ id: "toolu_5", name: "calculate", input: { expression: "18109.55 / 12" } }, run("18109.55 / 12"));
    expect(figures.figures.map((f) => [f.value, f.kind])).toEqual([
      [1509.129167, "number"],
      [1509.13, "number"],
    ]);
    expect(figures.check("About CHF 1'509.13 a month, 18'109.55 in all.", "").map((f) => f.status)).toEqual(["grounded", "ungrounded"]);
  });

  test("the schema refuses an empty or missing expression", () => {
    expect(calculate.schema().safeParse({}).success).toBe(false);
    expect(calculate.schema().safeParse({ expression: "" }).success).toBe(false);
  });
});

describe("calculate's schema", () => {
  test("the JSON schema sent to the model: its properties, what is required", () => {
    expect(schemaOf(calculate)).toEqual({ names: ["expression"], required: ["expression"] });
    // It shows nothing but its result: its description promises no chart.
    expect(calculate.description).not.toMatch(/The UI (draws|shows)/);
  });
});
