import type { z } from "zod";
import type { ApprovalPreview, ChartSpec, ToolOutput } from "../core/events.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import type { BudgetWriter } from "../ledger/write-path.ts";
import type { Store } from "../store/store.ts";
import type { BudgetSource } from "../budgets/budgets.ts";

/**
 * What every tool declares about itself. The registry, the system prompt's tool guide,
 * the JSON schemas sent to the model, the labels the UI shows and a tool's affordances
 * (its rows' link, follow-up questions, CLI hint) are all derived from this, so nothing
 * else names a tool.
 */
type ToolMeta<S extends z.ZodType> = {
  name: string;
  /** What the user sees while it runs: "Analysing spending by category…". */
  label: string;
  /** The system prompt's line on when to use it. */
  promptHint: string;
  /** What the model reads about it (with the JSON schema of `schema`). */
  description: string;
  /**
   * Its input's zod schema, built at its first use and kept (core/validation.ts `lazySchema`): building the
   * tools' schemas is most of loading the tool registry, and a start-up needs none of them.
   */
  schema: () => S;
  /**
   * How the figure check (SPEC §11) reads the numbers of its result: as written (money,
   * percentages, counts: the default), or `number`, bare numbers an answer may write as any
   * of them (a calculation's result is an amount, a share or a count as the answer uses it).
   */
  figureKind?: "number";
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
   * budgets, from the app database). Whoever runs tools supplies it: the invoker passes
   * the context it was made with (createApp's, the CLI's `tool` command's, the MCP
   * server's). A tool that needs it fails without it.
   */
  run(db: BudgetDb, input: z.output<S>, ctx?: ToolContext): ToolOutput;
  /**
   * "See these transactions" under its chart or table: the Transactions page's address for
   * exactly the rows behind this call (src/transactions/link.ts), or null (or no function)
   * when the page's filters cannot select exactly those.
   */
  rowsLink?(input: z.output<S>): string | null;
  /**
   * Questions to offer under an answer that used this call, from what it showed (no model
   * call): `chart` is one of its charts, or null for a call that drew none (asked only when
   * no chart of the answer invited a question); `asked` are the tools the answer used, so a
   * question another call already answered is not offered again.
   */
  followUps?(chart: ChartSpec | null, input: z.output<S>, asked: ReadonlySet<string>): string[];
};

/**
 * What read tools may read besides the budget database. Nothing of HTTP, sessions or the
 * model. `now` is the clock (tests inject one): "today" decides the month in progress and
 * whether a period lies after the data's end. Absent: the system clock. `contributions`:
 * the household's contributing counterparties (absent: none). `accountNames`: the names the
 * household gave its accounts (absent: none; accounts are then named by their numbers).
 */
export type ToolContext = { budgets: BudgetSource; contributions?: ContributionSource; accountNames?: AccountNameSource; now?: () => Date };

/** The names the household gave its accounts on the Settings page, by account (an IBAN, a card number). The app database's `store.accountNames` fits. */
export type AccountNameSource = { all(): ReadonlyMap<string, string> };

/**
 * The counterparties whose money in the household counts as income (SPEC §1, household
 * contributions: a partner paying into a joint account), as the user named them; rows match
 * on merchant or description, folded like search. The app database's `store.contributions` fits.
 */
export type ContributionSource = { counterparties(): string[] };

/** A tool that changes data: it only ever runs through an approval the user gives. */
export type WriteTool<S extends z.ZodType = z.ZodType, A = any> = ToolMeta<S> & {
  risk: "high";
  approval: ApprovalPolicy<z.output<S>, A>;
  /** `budget-chat tool` does not run a write tool: how to make this change from the command line instead. */
  cliHint?: string;
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
   * `execute` needs, and the card's preview. `ctx` as for ReadTool.run: the approval
   * service passes the one createApp gave it.
   */
  prepare(db: BudgetDb, input: I, ctx?: ToolContext): { input: unknown; args: A; preview: ApprovalPreview };
  /** Throws WriteConflictError (nothing written) when the data no longer match the preview. */
  execute(ctx: WriteContext, args: A, record: (change: Change) => void): Change | Promise<Change>;
  /** Returns the message for the user; throws WriteConflictError when undoing would overwrite later changes. */
  undo(ctx: WriteContext, args: A, change: { before: unknown; after: unknown }, record: (message: string) => void): string | Promise<string>;
};
