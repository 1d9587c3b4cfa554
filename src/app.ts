/**
 * The composition root: the one place where the parts are put together (both databases,
 * the model client, memory, approvals, the chat service), used by the CLI, the server
 * and the tests alike. Layers below know nothing of each other's construction.
 */
import Anthropic from "@anthropic-ai/sdk";
import type { BudgetDb } from "./budget/reader.ts";
import { openBudgetDb } from "./budget/open.ts";
import { ApprovalService } from "./chat/approval-service.ts";
import { closeInterruptedTurns } from "./chat/recovery.ts";
import { ChatService, type ChatSettings } from "./chat/service.ts";
import { budgetDbLocation, dbPath, readSettings, requireApiKey, type BudgetDbLocation, type SettingKey } from "./config.ts";
import { embeddingsFromEnv, type EmbeddingsClient } from "./memory/embeddings.ts";
import { createMemory, type MemoryHooks, type MemoryService } from "./memory/memory.ts";
import { Store } from "./store/store.ts";
import { createInvoker, type ToolInvoker } from "./tools/invoke.ts";
import { ALL_TOOLS, toolsFor, withContext } from "./tools/registry.ts";
import type { Tool } from "./tools/types.ts";

export type AppConfig = ChatSettings & {
  apiKey: string;
  baseUrl?: string;
  budgetDb: BudgetDbLocation;
  chatDb: string;
  readOnly: boolean;
  approvalTimeoutMs: number;
  embeddings?: EmbeddingsClient;
  /**
   * This process owns the app database (the server): at start-up it closes turns a
   * crash interrupted and expires approvals nobody can wait for any more. `ask` beside a
   * running server must not.
   */
  ownsStore: boolean;
};

/** The settings every command that talks to the model takes. */
export const AGENT_SETTINGS = ["db", "notSpending", "chatDb", "model", "maxSteps", "history", "maxTokens", "readOnly", "approvalTimeout"] as const satisfies readonly SettingKey[];

/** The app's configuration from parsed flags and the environment (flags win). */
export function appConfig(flags: Record<string, unknown>, opts: { ownsStore: boolean }, env = process.env): AppConfig {
  const s = readSettings([...AGENT_SETTINGS, "apiKey", "baseUrl"], flags, env);
  return {
    apiKey: requireApiKey(s.apiKey),
    baseUrl: s.baseUrl,
    model: s.model,
    budgetDb: budgetDbLocation(flags, env),
    chatDb: dbPath(s.chatDb),
    maxSteps: s.maxSteps,
    historyMessages: s.history,
    maxTokens: s.maxTokens,
    readOnly: s.readOnly,
    approvalTimeoutMs: s.approvalTimeout * 1000,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    embeddings: embeddingsFromEnv(env),
    ownsStore: opts.ownsStore,
  };
}

export type App = {
  config: AppConfig;
  store: Store;
  budget: BudgetDb;
  chat: ChatService;
  /** Absent when read-only: no tool can change data. */
  approvals?: ApprovalService;
  tools: readonly Tool[];
  /** The one place tool calls run (chat, "Show all", MCP over HTTP). */
  invoker: ToolInvoker;
  close(): Promise<void>;
};

/** What tests replace: the model client (retries), the tool list, memory, the clock. */
export type AppOverrides = {
  client?: Anthropic;
  tools?: readonly Tool[];
  /** null: no long-term memory. */
  memory?: MemoryHooks | null;
  now?: () => Date;
};

/** How long closing waits for running answers to store their state, then for memory summaries to stop. */
const SHUTDOWN_TURNS_MS = 3000;
const SHUTDOWN_MEMORY_MS = 500;

function withDeadline(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([p.then(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() => clearTimeout(timer));
}

export function createApp(config: AppConfig, overrides: AppOverrides = {}): App {
  const budget = openBudgetDb(config.budgetDb);
  const store = Store.open(config.chatDb);
  if (config.ownsStore) {
    closeInterruptedTurns(store);
    store.sessions.deleteExpired();
    // Conversations deleted just before the last stop: their Undo is long gone.
    store.conversations.purgeDeleted();
  }
  const client = overrides.client ?? new Anthropic({ apiKey: config.apiKey, baseURL: config.baseUrl || undefined });
  // Summaries run in the background: a full window must not delay the answer; the memory serves from the next turn.
  const memory: MemoryService | null =
    overrides.memory === undefined ? createMemory({ store, client, model: config.model, embeddings: config.embeddings, background: true }) : null;
  // The tools read the household's budgets from the app database (budget_status, set_budget's preview).
  const tools = withContext(overrides.tools ?? toolsFor({ readOnly: config.readOnly }), { budgets: store.budgets });
  const invoker = createInvoker({ budget, tools, known: ALL_TOOLS });
  const approvals = config.readOnly ? undefined : new ApprovalService({ store, budget, timeoutMs: config.approvalTimeoutMs, now: overrides.now });
  const chat = new ChatService({
    store,
    budget,
    client,
    invoker,
    settings: config,
    memory: overrides.memory ?? memory ?? undefined,
    approvals: approvals && ((turn) => approvals.gate(turn)),
    now: overrides.now,
  });
  if (approvals) {
    // A decision continues its conversation; pending approvals outlive a restart until their time passes.
    approvals.onOutcome((a, outcome) => void chat.approvalSettled(a, outcome));
    if (config.ownsStore) approvals.resume();
  }
  return {
    config,
    store,
    budget,
    chat,
    approvals,
    tools,
    invoker,
    async close() {
      // Bounded: whatever is stuck (a model call, a lock), the process must be able to exit.
      await withDeadline(chat.shutdown(), SHUTDOWN_TURNS_MS);
      // Pending approvals stay pending (the next start arms them again); only their timers go.
      approvals?.stop();
      memory?.stop();
      if (memory) await withDeadline(memory.idle(), SHUTDOWN_MEMORY_MS);
      store.close();
      budget.close();
    },
  };
}
