/**
 * The eval's question set: each question names the tools that can answer it with their key
 * arguments, and the figures a correct answer must contain as oracle specs. The figures are
 * computed at run time by the independent oracle (eval/oracle.ts) over the database the eval
 * runs on, so `--db` works on any database with the same categories and merchants.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import defaultSet from "../../eval/questions.json" with { type: "json" };
import { Oracle, type ExpectedFigure, type FigureSpec } from "../../eval/oracle.ts";
import { ConfigError, UsageError } from "../core/errors.ts";
import type { Tool } from "../tools/types.ts";

const YearMonth = z.strictObject({ year: z.number().int(), month: z.number().int().min(1).max(12).optional() });
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const FromTo = z.strictObject({ from: Day, to: Day });
const Period = z.union([YearMonth, FromTo]);
const common = { currency: z.string().optional() };

const Figure = z.discriminatedUnion("figure", [
  z.strictObject({ figure: z.enum(["spending", "monthly_average", "count"]), period: Period, category: z.string().optional(), ...common }),
  z.strictObject({ figure: z.enum(["share", "flow"]), period: Period, category: z.string(), ...common }),
  z.strictObject({ figure: z.enum(["income", "net", "savings_rate"]), period: Period, ...common }),
  z.strictObject({ figure: z.literal("merchant_spending"), period: Period, merchant: z.string(), category: z.string().optional(), ...common }),
  z.strictObject({ figure: z.enum(["search_out", "search_count"]), period: Period, search: z.string(), ...common }),
  z.strictObject({ figure: z.enum(["change", "pct_change"]), a: Period, b: Period, category: z.string().optional(), merchant: z.string().optional(), ...common }),
  z.strictObject({ figure: z.literal("weekday_spending"), period: Period, weekday: z.number().int().min(1).max(7), category: z.string().optional(), ...common }),
  z.strictObject({ figure: z.enum(["median_payment", "daily_average"]), period: Period, category: z.string().optional(), ...common }),
  z.strictObject({ figure: z.literal("largest_payment"), period: Period, category: z.string(), ...common }),
  z.strictObject({ figure: z.enum(["rows", "months_with_data"]), period: Period.optional(), ...common }),
  z.strictObject({ figure: z.literal("review_count"), ...common }),
  z.strictObject({ figure: z.literal("new_merchant_count"), period: Period, ...common }),
  z.strictObject({ figure: z.literal("last_payment"), merchant: z.string(), ...common }),
]);

const Question = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "ids are lower-case words joined by '-'"),
  question: z.string().min(1),
  /** Acceptable tools → the key arguments a right call passes (a subset of its input). */
  tools: z.record(z.string(), z.record(z.string(), z.unknown())).refine((t) => Object.keys(t).length > 0, "at least one acceptable tool"),
  figures: z.array(Figure).min(1),
});

const QuestionSet = z.strictObject({
  /** The date the agent is told it is: questions name their periods, so the answers do not move with the clock. */
  today: Day,
  questions: z.array(Question).min(1),
});

export type EvalQuestion = z.infer<typeof Question>;
export type QuestionSet = z.infer<typeof QuestionSet>;
/** A question with the figures its answer must contain, computed for the database at hand. */
export type PreparedQuestion = EvalQuestion & { expected: ExpectedFigure[] };

/** The question set from a file, or the one in the repository (embedded in the binary). */
export function loadQuestionSet(path: string | undefined, tools: readonly Tool[]): QuestionSet {
  let raw: unknown = defaultSet;
  const where = path ?? "eval/questions.json";
  if (path !== undefined) {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (e) {
      throw new UsageError(`--questions: cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    try {
      raw = JSON.parse(text);
    } catch (e) {
      throw new UsageError(`--questions: ${path} is not valid JSON: ${(e as Error).message}`);
    }
  }
  const parsed = QuestionSet.safeParse(raw);
  if (!parsed.success) throw new UsageError(`--questions: ${where}: ${z.prettifyError(parsed.error).split("\n").join(" ")}`);
  const names = new Set(tools.map((t) => t.name));
  const ids = new Set<string>();
  for (const q of parsed.data.questions) {
    if (ids.has(q.id)) throw new UsageError(`--questions: ${where}: the id "${q.id}" is used twice`);
    ids.add(q.id);
    for (const name of Object.keys(q.tools)) {
      if (!names.has(name)) throw new UsageError(`--questions: ${where}: question "${q.id}" names the unknown tool "${name}" (tools: ${[...names].join(", ")})`);
    }
  }
  return parsed.data;
}

/** Every question with its expected figures from the oracle over `dbPath`. */
export function prepareQuestions(set: QuestionSet, dbPath: string, notSpending: readonly string[]): PreparedQuestion[] {
  const oracle = new Oracle(dbPath, { notSpending });
  try {
    return set.questions.map((q) => {
      try {
        return { ...q, expected: q.figures.map((f) => oracle.figure(f as FigureSpec)) };
      } catch (e) {
        throw new ConfigError(`question "${q.id}": ${(e as Error).message}`);
      }
    });
  } finally {
    oracle.close();
  }
}
