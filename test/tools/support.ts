/**
 * Shared set-up for the tool tests on the fixture (test/fixtures/budget-fixture.ts):
 * the strict and loose fixture opened as BudgetDb, the 7'300-row demo database (seed 7, built
 * once per test process), a runner that validates the input through the tool's zod schema
 * exactly as the agent loop and the CLI do, and money helpers built from the product's one
 * formatter (so expected substrings are written the way SPEC §1 says money is written).
 */
import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { BudgetDb } from "../../src/ledger/reader.ts";
import { ToolInputError } from "../../src/core/errors.ts";
import type { ChartSpec, ToolOutput } from "../../src/core/events.ts";
import type { z } from "zod";
import { formatMoney, round2 } from "../../src/core/format.ts";
import type { BudgetEntry } from "../../src/budgets/budgets.ts";
import type { ReadTool, Tool, ToolContext } from "../../src/tools/types.ts";
import { toolInputSchema } from "../../src/tools/registry.ts";
import { createFixture } from "../fixtures/budget-fixture.ts";

export type Fixtures = {
  /** The strict fixture (pipeline DDL). */
  db: BudgetDb;
  path: string;
  /** The loose variant (NULL merchant/category/confidence, extra column). */
  loose: BudgetDb;
  loosePath: string;
};

/** Opens both fixture variants for one test file and closes/removes them after it. */
export function fixtures(): Fixtures {
  const fx = createFixture();
  const lx = createFixture({ loose: true });
  afterAll(() => {
    fx.cleanup();
    lx.cleanup();
  });
  return { db: fx.db, path: fx.path, loose: lx.db, loosePath: lx.path };
}

/** The IBAN account of the extended fixture (rent and salary). */
export { IBAN as IBAN_ACCOUNT } from "../fixtures/budget-fixture.ts";

/** The extended variant (round 3: 2026 with accounts, hygiene cases, a gap month), opened for one test file. */
export function extended(): { db: BudgetDb; path: string } {
  const fx = createFixture({ extended: true });
  afterAll(() => fx.cleanup());
  return { db: fx.db, path: fx.path };
}

/** A tool context whose clock says it is noon (local time) on that day, with these budgets. */
export function on(day: string, budgets: BudgetEntry[] = []): ToolContext {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return { budgets: { list: () => budgets }, now: () => new Date(y, m - 1, d, 12) };
}

let demo: { dir: string; path: string } | null = null;

/** The demo database (writeDemoDb seed 7, 7'300 rows), written once per process. */
export function demoPath(): string {
  if (!demo) {
    const dir = mkdtempSync(join(tmpdir(), "tools-demo-"));
    const path = join(dir, "demo.db");
    writeDemoDb({ out: path, seed: 7 });
    demo = { dir, path };
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
  return demo.path;
}

/** The demo database opened for one test file (closed after it). */
export function demoDb(): { db: BudgetDb; path: string } {
  const path = demoPath();
  const db = BudgetDb.open(path);
  afterAll(() => db.close());
  return { db, path };
}

/** Runs a read tool the way the loop does: schema first (defaults applied), then run. */
export function run<S extends z.ZodType>(tool: ReadTool<S>, db: BudgetDb, input: unknown, ctx?: ToolContext): ToolOutput {
  return tool.run(db, tool.schema().parse(input), ctx);
}

/** The period, currency and account arguments of the read tools (SPEC §2), in their schemas' order. */
export const PERIOD_PROPS = ["year", "month", "from", "to", "currency", "account"];

/** A tool's JSON schema as the model gets it (toolInputSchema): its property names in order, and what is required. */
export function schemaOf(tool: Tool): { names: string[]; required: string[] | undefined } {
  const s = toolInputSchema(tool);
  return { names: Object.keys(s.properties ?? {}), required: s.required as string[] | undefined };
}

/** One property of a tool's JSON schema. */
export function schemaProperty(tool: Tool, name: string): unknown {
  return toolInputSchema(tool).properties?.[name];
}

/** A tool's "see these transactions" link for an input as the model sends it (validated first, as the UI does); null for none. */
export function rowsLinkOf<S extends z.ZodType>(tool: ReadTool<S>, input: unknown): string | null {
  return tool.rowsLink?.(tool.schema().parse(input)) ?? null;
}

/** A tool's follow-up questions under a chart of a call (null: the call drew none), when the answer used the tools `asked`. */
export function followUpsOf<S extends z.ZodType>(tool: ReadTool<S>, chart: ChartSpec | null, input: unknown, asked: string[] = [tool.name]): string[] {
  return tool.followUps?.(chart, tool.schema().parse(input), new Set(asked)) ?? [];
}

/** A one-series chart of these labels and values (what follow-up questions read). */
export function chartOf(values: Record<string, number>): ChartSpec {
  return { type: "bar", title: "", data: { labels: Object.keys(values), datasets: [{ name: "", values: Object.values(values) }] } };
}

/** The ToolInputError a call throws (fails the test when it throws something else or nothing). */
export function inputError(fn: () => unknown): ToolInputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ToolInputError) return e;
    throw new Error(`expected a ToolInputError, got ${(e as Error)?.name}: ${(e as Error)?.message}`);
  }
  throw new Error("expected a ToolInputError, nothing was thrown");
}

/** Whether the schema rejects the input (zod), without running the tool. */
export function schemaRejects(tool: ReadTool, input: unknown): boolean {
  return !tool.schema().safeParse(input).success;
}

/** Money as every summary writes it: "CHF 3'398.58". */
export const money = formatMoney;
/** Rounded to cents the way the tools present money. */
export const cents = round2;
export const centsAll = (xs: readonly number[]) => xs.map((x) => round2(x));

export const MONTHS_2025 = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, "0")}`);
export const MONTHS_2024 = MONTHS_2025.map((m) => m.replace("2025", "2024"));
/** Coverage of the fixture: 2024-01 … 2025-12. */
export const MONTHS_ALL = [...MONTHS_2024, ...MONTHS_2025];
