/**
 * The one place a tool call runs. The agent loop, the MCP server, `budget-chat tool` and
 * a table's "Show all" all call `invoke`, so a call is validated, timed, gated, worded
 * and recorded the same way whoever makes it:
 *
 *   unknown name → error naming the tools the caller offers
 *   a write tool without an approval gate → error: it runs only in the chat, after approval
 *   invalid input → error with zod's message on one line and how to go on
 *   write tool → the approval gate (the user decides later; the caller ends its turn waiting)
 *   read tool → waits while an import holds budget.db (never blocking the process), runs
 *   a ToolInputError → its own instructive message; anything else → "<tool> failed: …"
 *
 * Hooks run after each call: `onRecord` (every call, ok or not: the audit entry) and
 * `onOutput` (every read result: what else wants to see results, e.g. the figures of a turn).
 */
import type { z } from "zod";
import type { BudgetDb } from "../ledger/reader.ts";
import { ToolInputError } from "../core/errors.ts";
import type { ApprovalPreview, ToolOutput } from "../core/events.ts";
import { oneLineError } from "../core/validation.ts";
import type { ReadTool, Tool, ToolContext, WriteTool } from "./types.ts";

/**
 * A high-risk call waiting for the user. The server computed `preview` from the stored
 * arguments. Nobody waits on it: the turn that asked ends `waiting`, and the decision
 * (made any time before `expiresAt`, also after a restart) starts a continuation turn.
 */
export type PendingApproval = {
  id: string;
  preview: ApprovalPreview;
  expiresAt: string;
};

/** How high-risk tools reach the user. Without a gate a write tool is refused. */
export type ApprovalGate = {
  request(call: { tool: Tool; input: unknown; toolUseId: string }): Promise<PendingApproval>;
};

/** What the audit log keeps of one call. */
export type ToolCallRecord = { tool: string; input: unknown; ok: boolean; error?: string; durationMs: number };

export type ToolCall = { id: string; name: string; input: unknown };

export type InvokeHooks = {
  /** Every call, when its outcome is known (for a write tool: when `settle` is called). */
  onRecord?(record: ToolCallRecord): void;
  /** Every read tool's result. */
  onOutput?(call: ToolCall, output: ToolOutput): void;
};

export type InvokeResult =
  | { kind: "output"; tool: ReadTool; input: unknown; output: ToolOutput }
  | {
      kind: "approval";
      tool: WriteTool;
      input: unknown;
      pending: PendingApproval;
      /** Records the call (ok: the card was put to the user; its decision is audited by the approval service). */
      settle(outcome: { ok: true } | { ok: false; error: string }): void;
    }
  /** `badCall`: the name or input was at fault (the caller can correct it), not the tool or the data. */
  | { kind: "error"; error: string; input: unknown; badCall: boolean };

export type InvokeOptions = {
  /** How write tools reach the user; without it they are refused. */
  approvals?: ApprovalGate;
  hooks?: InvokeHooks;
};

export type ToolInvoker = {
  /** The tools this invoker offers (what the caller lists to the model or client). */
  readonly tools: readonly Tool[];
  invoke(call: ToolCall, opts?: InvokeOptions): Promise<InvokeResult>;
};

/**
 * An invoker over `tools` on `budget`. `known` are every tool of the product, so that a
 * write tool a caller does not offer is explained rather than called unknown.
 */
export function createInvoker(deps: { budget: BudgetDb; tools: readonly Tool[]; ctx?: ToolContext; known?: readonly Tool[] }): ToolInvoker {
  // deps.budget is read only when a tool runs: a caller may open the database then, not before (`budget-chat tool` with
  // an unknown name, in an empty directory, made the demo data only to refuse the name).
  const { tools, ctx } = deps;
  const readNames = () => tools.filter((t) => t.risk === "low").map((t) => t.name).join(", ");

  return {
    tools,
    async invoke(call, opts = {}) {
      const started = performance.now();
      const hooks = opts.hooks ?? {};
      const record = (input: unknown, outcome: { ok: true } | { ok: false; error: string }) =>
        hooks.onRecord?.({ tool: call.name, input, ...outcome, durationMs: performance.now() - started });
      const fail = (error: string, input: unknown = call.input, badCall = true): InvokeResult => {
        record(input, { ok: false, error });
        return { kind: "error", error, input, badCall };
      };

      const tool = tools.find((t) => t.name === call.name);
      const writeTool = (tool ?? deps.known?.find((t) => t.name === call.name))?.risk === "high";
      if (writeTool && !opts.approvals) {
        return fail(
          `${call.name} changes data, so it is not available here: it runs only in the chat, after the user approves it on a card (never when the server is read-only). Tools that only read: ${readNames()}.`,
        );
      }
      if (!tool) return fail(`Unknown tool "${call.name}". Available tools: ${tools.map((t) => t.name).join(", ")}.`);
      const parsed = parseToolInput(tool.schema(), call.input ?? {});
      if (!parsed.success) return fail(`Invalid input for ${tool.name}: ${oneLineError(parsed.error)}. Fix the arguments and call the tool again.`);
      const input = parsed.data;
      // The database is read here, outside the tool's own try: a lazy caller opens it now, and one that cannot be opened
      // is the caller's error ("budget database not found"), not a failure of the tool.
      const budget = tool.risk === "high" ? null : deps.budget;
      try {
        if (tool.risk === "high") {
          const pending = await opts.approvals!.request({ tool, input, toolUseId: call.id });
          return { kind: "approval", tool, input, pending, settle: (outcome) => record(input, outcome) };
        }
        // An import may hold budget.db: wait for it without freezing the server (BudgetDbLocked becomes the error).
        await budget!.whenReadable();
        const output = tool.run(budget!, input, ctx);
        record(input, { ok: true });
        hooks.onOutput?.(call, output);
        return { kind: "output", tool, input, output };
      } catch (err) {
        if (err instanceof ToolInputError) return fail(err.message, input);
        return fail(`${tool.name} failed: ${(err as Error)?.message ?? String(err)}`, input, false);
      }
    },
  };
}

/**
 * A tool call's input, checked and with its defaults filled in: what `schema.safeParse(input)` gives.
 *
 * The commonest call, `{}` (no arguments), is answered from the schema's own answer to `{}`, made once
 * per schema: zod's parse of an object costs tens of microseconds once many different schemas are in use
 * (the tools' 17), about half of what list_transactions `{}` otherwise takes. The answer is the same: the
 * data is a fresh copy each time (its values are copied, so a caller that changes it changes only its own),
 * and when zod refuses `{}` (a required argument), zod answers every time, with its own error.
 */
export function parseToolInput<S extends z.ZodType>(schema: S, input: unknown): z.ZodSafeParseResult<z.output<S>> {
  if (isEmptyPlainObject(input)) {
    let empty = emptyInputs.get(schema);
    if (empty === undefined) emptyInputs.set(schema, (empty = emptyAnswer(schema)));
    if (empty !== null) return { success: true, data: empty.copy() as z.output<S> };
  }
  return schema.safeParse(input);
}

/** Per schema: a copier of its answer to `{}`, or null where zod refuses `{}`. */
const emptyInputs = new WeakMap<z.ZodType, { copy: () => unknown } | null>();

function emptyAnswer(schema: z.ZodType): { copy: () => unknown } | null {
  const parsed = schema.safeParse({});
  if (!parsed.success) return null;
  const data = parsed.data;
  // Defaults of plain values (the usual case) need only a new object; an array or object default, a deep copy.
  const flat = data !== null && typeof data === "object" && Object.getPrototypeOf(data) === Object.prototype && Object.values(data).every((v) => v === null || typeof v !== "object");
  return { copy: flat ? () => ({ ...(data as object) }) : () => structuredClone(data) };
}

function isEmptyPlainObject(value: unknown): boolean {
  if (value === null || typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const _ in value) return false;
  return true;
}
