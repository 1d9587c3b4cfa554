import { z } from "zod";
import { ToolInputError } from "../core/errors.ts";
import { formatCount } from "../core/format.ts";
import { lazySchema } from "../core/validation.ts";
import type { ReadTool } from "./types.ts";

const schema = lazySchema(() =>
  z.strictObject({
    expression: z
      .string()
      .min(1)
      .max(500)
      .describe('e.g. "pct_change(12034.50, 13780.35)" or "sum(812.40, 1\'204.15) / 2".'),
  }),
);

const FUNCTIONS = "round(x, n), sum(a, b, …), avg(a, b, …), pct_change(from, to)";
const MAX_DEPTH = 40;

/**
 * A small recursive-descent evaluator: numbers (with `'` or `_` grouping: "1'234.50"),
 * + - * / and parentheses, unary minus, and four functions. No eval, no Function: the
 * input is only ever read as these tokens.
 *
 *   expr    := term (("+" | "-") term)*
 *   term    := unary (("*" | "/") unary)*
 *   unary   := ("-" | "+") unary | primary
 *   primary := number | name "(" expr ("," expr)* ")" | "(" expr ")"
 */
export function evaluate(expression: string): number {
  const src = expression;
  let pos = 0;
  let depth = 0;
  const where = () => (pos >= src.length ? "at the end" : `at position ${pos + 1} ("${src.slice(pos, pos + 12)}")`);
  const fail = (what: string): never => {
    throw new ToolInputError(`calculate: ${what} ${where()} in "${src}". Write numbers and + - * / ( ) with ${FUNCTIONS}.`);
  };
  const skip = () => {
    while (pos < src.length && /\s/.test(src[pos]!)) pos++;
  };
  const eat = (c: string): boolean => {
    skip();
    if (src[pos] === c) {
      pos++;
      return true;
    }
    return false;
  };

  const expr = (): number => {
    if (++depth > MAX_DEPTH) fail("the expression nests too deeply");
    let v = term();
    for (;;) {
      if (eat("+")) v += term();
      else if (eat("-")) v -= term();
      else break;
    }
    depth--;
    return v;
  };
  const term = (): number => {
    let v = unary();
    for (;;) {
      if (eat("*")) v *= unary();
      else if (eat("/")) {
        skip();
        const at = pos;
        const d = unary();
        if (d === 0) {
          pos = at;
          fail("division by zero");
        }
        v /= d;
      } else break;
    }
    return v;
  };
  const unary = (): number => {
    if (eat("-")) return -unary();
    if (eat("+")) return unary();
    return primary();
  };
  const primary = (): number => {
    skip();
    if (eat("(")) {
      const v = expr();
      if (!eat(")")) fail('expected ")"');
      return v;
    }
    const num = /^(?:\d[\d'_]*(?:\.\d+)?|\.\d+)/.exec(src.slice(pos));
    if (num) {
      if (/['_]$/.test(num[0].split(".")[0]!)) fail("a number cannot end with a separator");
      pos += num[0].length;
      return Number(num[0].replace(/['_]/g, ""));
    }
    const name = /^[a-z_]+/i.exec(src.slice(pos));
    if (!name) return fail(src[pos] === undefined ? "expected a number" : `unexpected "${src[pos]}"`);
    const at = pos;
    pos += name[0].length;
    if (!eat("(")) {
      pos = at;
      fail(`"${name[0]}" is not a number or a function call`);
    }
    const args = [expr()];
    while (eat(",")) args.push(expr());
    if (!eat(")")) fail('expected "," or ")"');
    return call(name[0].toLowerCase(), args, at);
  };
  const call = (name: string, args: number[], at: number): number => {
    const arity = (n: number) => {
      if (args.length !== n) {
        pos = at;
        fail(`${name} takes ${n} arguments, got ${args.length}`);
      }
    };
    switch (name) {
      case "round": {
        arity(2);
        const [x, n] = args as [number, number];
        if (!Number.isInteger(n) || n < -9 || n > 10) {
          pos = at;
          fail("round(x, n) needs a whole number of decimals n from -9 to 10");
        }
        return roundTo(x, n);
      }
      case "sum":
        return args.reduce((a, b) => a + b, 0);
      case "avg":
        return args.reduce((a, b) => a + b, 0) / args.length;
      case "pct_change": {
        arity(2);
        const [from, to] = args as [number, number];
        if (from === 0) {
          pos = at;
          fail("pct_change from 0 is undefined (division by zero)");
        }
        return ((to - from) / Math.abs(from)) * 100;
      }
      default:
        pos = at;
        return fail(`unknown function "${name}"`);
    }
  };

  const v = expr();
  skip();
  if (pos < src.length) fail(`unexpected "${src[pos]}"`);
  if (!Number.isFinite(v)) throw new ToolInputError(`calculate: the result of "${src}" is too large to show.`);
  return v;
}

/** x rounded to n decimals, half away from zero despite binary floating point (round(1.005, 2) = 1.01). */
function roundTo(x: number, n: number): number {
  const f = 10 ** n;
  const r = (Math.sign(x) * Math.round(Number((Math.abs(x) * f).toPrecision(15)))) / f;
  return r === 0 ? 0 : Number(r.toPrecision(15));
}

/** The result with its integer part grouped (`1'509.129167`): up to 6 decimals, trailing zeros dropped. */
export function formatResult(x: number): string {
  const r = roundTo(x, 6);
  const [int, frac] = Math.abs(r).toFixed(6).replace(/\.?0+$/, "").split(".");
  return `${r < 0 ? "-" : ""}${formatCount(Number(int))}${frac ? `.${frac}` : ""}`;
}

export const calculate: ReadTool<ReturnType<typeof schema>> = {
  name: "calculate",
  label: "Calculating…",
  promptHint: "arithmetic on the tools' figures (sums, differences, averages, shares, % changes): never compute in your head.",
  description:
    "Exact arithmetic on numbers you pass: + - * / ( ), unary minus, round(x, n), sum(…), avg(…), pct_change(from, to) = (to " +
    "− from) ÷ |from| × 100. For every figure no tool returned, from the tools' figures (1234.50 or 1'234.50).",
  risk: "low",
  schema,
  figureKind: "number",
  run(_db, input) {
    const v = evaluate(input.expression);
    const rounded = roundTo(v, 2);
    const exact = formatResult(v);
    const cents = formatResult(rounded);
    return { summary: `Result: ${exact}${cents === exact ? "" : ` (rounded: ${cents})`}.`, charts: [] };
  },
};
