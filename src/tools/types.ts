import type { z } from "zod";
import type { ApprovalPreview, ToolOutput } from "../core/events.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import type { BudgetWriter } from "../ledger/write-path.ts";
import type { Store } from "../store/store.ts";
import type { BudgetSource } from "../budgets/budgets.ts";

/**
 * What every tool declares about itself. The registry, the system prompt's tool guide,
 * the JSON schemas sent to the model and the labels the UI shows are all derived from
 * this, so nothing else names a tool.
 */
type ToolMeta<S extends z.ZodType> = {
  name: string;
  /** What the user sees while it runs: "Analysing spending by category…". */
  label: string;
  /** The system prompt's line on when to use it. */
  promptHint: string;
  /** What the model reads about it (with the JSON schema of `schema`). */
  description: string;
  schema: S;
};

/**
 * A read tool. Tools know nothing of HTTP or the model: they take validated input and a
 * budget database and return a ToolOutput. A failure the model can correct (unknown
 * category, month without year) is thrown as a ToolInputError whose message tells it how.
 */
export type ReadTool<S extends z.ZodType = z.ZodType> = ToolMeta<S> & {
  risk: "low";
  /**
   * `ctx` carries what a tool reads besides the budget database (the household's
   * budgets, from the app database). Whoever runs tools supplies it: createApp binds it
   * into the tools it hands the agent loop (registry.ts withContext), the CLI's `tool`
   * command and the MCP server pass it. A tool that needs it fails without it.
   */
  run(db: BudgetDb, input: z.output<S>, ctx?: ToolContext): ToolOutput;
};

/**
 * What read tools may read besides the budget database. Nothing of HTTP, sessions or the
 * model. `now` is the clock (tests inject one): "today" decides the month in progress and
 * whether a period lies after the data's end. Absent: the system clock.
 */
export type ToolContext = { budgets: BudgetSource; now?: () => Date };

/** A tool that changes data: it only ever runs through an approval the user gives. */
export type WriteTool<S extends z.ZodType = z.ZodType, A = any> = ToolMeta<S> & {
  risk: "high";
  approval: ApprovalPolicy<z.output<S>, A>;
};

export type Tool = ReadTool<any> | WriteTool<any, any>;

/** What an approved change may touch. */
export type WriteContext = {
  budget: BudgetDb;
  /** The one write path to budget.db. */
  writer: BudgetWriter;
  store: Store;
  now: () => Date;
  /** Who decided (the approval's user). */
  userId?: string;
};

/** What a carried-out change reports: for the model and the card, for undo, and for the audit. */
export type Change = {
  /** Tells the model (and the card) what happened. */
  message: string;
  /** What was there before and what is there now, in the tool's own terms (kept for undo). */
  before: unknown;
  after: unknown;
  /** Figures for the stored result, the JSON API and the audit entry (no secrets). */
  detail: Record<string, unknown>;
};

/**
 * How a high-risk tool goes through an approval (SPEC §3.3): the approval service calls
 * `prepare` when the model asks, stores `args` and `preview`, and after the user
 * approves calls `execute` with exactly the stored args, once. `record` must be called
 * inside the change's own transaction (for budget.db: from the write's `settle`); if it
 * throws, the change must roll back. For a change to the app database the service records
 * the write right there; for a change to budget.db (through `ctx.writer`) it hands it to the
 * two-phase write path, which records it once budget.db has committed. `undo` puts back
 * what `execute` changed. A change to budget.db is async (it waits its turn for the file).
 */
export type ApprovalPolicy<I, A> = {
  /**
   * The exact effect, computed on the server (ToolInputError when nothing sensible would
   * happen): the input in canonical form (shown in the audit and the JSON API), what
   * `execute` needs, and the card's preview. `ctx` as for ReadTool.run: bound by createApp
   * (registry.ts withContext) into the tool the loop hands the approval service.
   */
  prepare(db: BudgetDb, input: I, ctx?: ToolContext): { input: unknown; args: A; preview: ApprovalPreview };
  /** Throws WriteConflictError (nothing written) when the data no longer match the preview. */
  execute(ctx: WriteContext, args: A, record: (change: Change) => void): Change | Promise<Change>;
  /** Returns the message for the user; throws WriteConflictError when undoing would overwrite later changes. */
  undo(ctx: WriteContext, args: A, change: { before: unknown; after: unknown }, record: (message: string) => void): string | Promise<string>;
};
