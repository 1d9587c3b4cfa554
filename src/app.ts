/**
 * The composition root: the one place where the parts are put together (both databases,
 * the model client, memory, approvals, the chat service), used by the CLI, the server
 * and the tests alike. Layers below know nothing of each other's construction.
 */
import Anthropic from "@anthropic-ai/sdk";
import { resolve } from "node:path";
import type { BudgetDb } from "./ledger/reader.ts";
import { openBudgetDb } from "./ledger/open.ts";
import { lenientUsageFetch, type Fetch } from "./agent/lenient-usage.ts";
import { ApprovalService } from "./chat/approval-service.ts";
import { closeInterruptedTurns } from "./chat/recovery.ts";
import { ChatService, type ChatSettings } from "./chat/service.ts";
import { budgetDbLocation, dbPath, readSettings, requireApiKey, SETTINGS, type BudgetDbLocation, type SettingKey } from "./config.ts";
import { holdServerLease, type ServerLease } from "./ledger/backup.ts";
import { budgetWriterFor, reconcileBudgetWrites, watchLeftoverWrites, type BudgetWriter } from "./ledger/write-path.ts";
import { embeddingsFromEnv, type EmbeddingsClient } from "./memory/embeddings.ts";
import { createMemory, type MemoryHooks, type MemoryService } from "./memory/memory.ts";
import { ModelClassifier } from "./import/classify.ts";
import { Importer } from "./import/importer.ts";
import { Store } from "./store/store.ts";
import { cannotSaveMessage, storageProblem } from "./core/errors.ts";
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
  /** Daily snapshots of budget.db kept before it is changed (0: none; default 7). */
  keepBackups?: number;
  embeddings?: EmbeddingsClient;
  /**
   * This process owns the app database (the server): at start-up it closes turns a
   * crash interrupted and expires approvals nobody can wait for any more. `ask` beside a
   * running server must not.
   */
  ownsStore: boolean;
};

/** The settings every command that talks to the model takes. */
export const AGENT_SETTINGS = ["db", "notSpending", "chatDb", "model", "maxSteps", "history", "maxTokens", "readOnly", "approvalTimeout", "keepBackups"] as const satisfies readonly SettingKey[];

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
    keepBackups: s.keepBackups,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    embeddings: embeddingsFromEnv(env),
    ownsStore: opts.ownsStore,
  };
}

export type App = {
  config: AppConfig;
  store: Store;
  budget: BudgetDb;
  /** The one write path to budget.db (every writer: approvals, import, edits, categories). */
  writer: BudgetWriter;
  chat: ChatService;
  /** Absent when read-only: no tool can change data. */
  approvals?: ApprovalService;
  tools: readonly Tool[];
  /** The one place tool calls run (chat, "Show all", MCP over HTTP). */
  invoker: ToolInvoker;
  /** Bank statements into the configured budget database (never the demo one), classified by the model. */
  importer: Importer;
  close(): Promise<void>;
};

/** What tests replace: the model client (retries), the tool list, memory, the clock. */
export type AppOverrides = {
  client?: Anthropic;
  tools?: readonly Tool[];
  /** null: no long-term memory. */
  memory?: MemoryHooks | null;
  now?: () => Date;
  /** How long a write waits for budget.db's lock and COMMIT (default 5 s): the busy-database tests wait less. */
  budgetBusyTimeoutMs?: number;
};

/** How long closing waits for running answers to store their state, then for memory summaries to stop. */
const SHUTDOWN_TURNS_MS = 3000;
const SHUTDOWN_MEMORY_MS = 500;

type ServerLeases = { release(): void };

/**
 * The server's leases (src/ledger/backup.ts) follow the database it serves: on demo data
 * also the real database's path (the first import creates it, and the server switches to
 * it at once), and once switched only that one. So `restore` refuses while any server
 * serves, or is about to serve, the file.
 */
function serverLeases(budget: BudgetDb, configured: string): ServerLeases {
  const held = new Map<string, ServerLease | null>();
  const hold = (path: string) => {
    if (!held.get(resolve(path))) held.set(resolve(path), holdServerLease(path));
  };
  hold(budget.path);
  if (budget.demo) hold(configured);
  budget.onSwitch((served) => {
    hold(served);
    for (const [path, lease] of held) {
      if (path === resolve(served)) continue;
      lease?.release();
      held.delete(path);
    }
  });
  return {
    release() {
      for (const lease of held.values()) lease?.release();
      held.clear();
    },
  };
}

function withDeadline(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([p.then(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() => clearTimeout(timer));
}

/**
 * The model client. An endpoint other than Anthropic's (ANTHROPIC_BASE_URL: Ollama, llama.cpp's
 * server, a proxy) may leave usage out of its stream: its responses get an all-zero usage there.
 */
export function modelClient(config: { apiKey: string; baseUrl?: string; maxRetries?: number; fetch?: Fetch }): Anthropic {
  const inner = config.fetch ?? fetch;
  return new Anthropic({
    apiKey: config.apiKey,
    baseURL: config.baseUrl || undefined,
    ...(config.baseUrl ? { fetch: lenientUsageFetch(inner) } : config.fetch ? { fetch: config.fetch } : {}),
    ...(config.maxRetries !== undefined ? { maxRetries: config.maxRetries } : {}),
  });
}

export function createApp(config: AppConfig, overrides: AppOverrides = {}): App {
  const budget = openBudgetDb(config.budgetDb);
  const store = Store.open(config.chatDb);
  const keepBackups = config.keepBackups ?? SETTINGS.keepBackups.default;
  // The one write path to budget.db (journaled in chat.db, a snapshot before the first write of a day), asked for
  // the path at each write: demo data gives way to the real database once an import creates it.
  const writing = { now: overrides.now, busyTimeoutMs: overrides.budgetBusyTimeoutMs };
  const writer = budgetWriterFor(() => budget.path, store, keepBackups, writing);
  let leases: ServerLeases | null = null;
  let leftovers: { stop(): void } | null = null;
  if (config.ownsStore) {
    // `budget-chat restore` refuses while this is held (released at close, or by the system when the process dies).
    leases = serverLeases(budget, config.budgetDb.path);
    try {
      // First settle the writes a crash left between budget.db's commit and chat.db's: then the approvals they belong to tell the truth.
      reconcileBudgetWrites(store);
      closeInterruptedTurns(store);
      store.sessions.deleteExpired();
      // Conversations deleted just before the last stop: their Undo is long gone.
      store.conversations.purgeDeleted();
    } catch (err) {
      // A chat.db that cannot be written (full disk, read-only file) still serves pages: recovery waits for the next start.
      const problem = storageProblem(err);
      if (!problem) throw err;
      store.cannotSave = problem;
      console.error(`${cannotSaveMessage(problem)}; start-up recovery is left for the next start. Pages still work; nothing new can be stored.`);
    }
    // And from now on, the writes any other process leaves unsettled (a CLI import killed midway), within seconds.
    leftovers = watchLeftoverWrites(store);
  }
  const client = overrides.client ?? modelClient(config);
  // Summaries run in the background: a full window must not delay the answer; the memory serves from the next turn.
  const memory: MemoryService | null =
    overrides.memory === undefined ? createMemory({ store, client, model: config.model, embeddings: config.embeddings, background: true }) : null;
  // The tools read the household's budgets from the app database (budget_status, set_budget's preview).
  const tools = withContext(overrides.tools ?? toolsFor({ readOnly: config.readOnly }), { budgets: store.budgets, now: overrides.now });
  const invoker = createInvoker({ budget, tools, known: ALL_TOOLS });
  const approvals = config.readOnly ? undefined : new ApprovalService({ store, budget, writer, timeoutMs: config.approvalTimeoutMs, now: overrides.now });
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
  // Imports write the configured database (never the demo one), through the same journaled path.
  const importer = new Importer({
    target: config.budgetDb.path,
    store,
    writer: budgetWriterFor(config.budgetDb.path, store, keepBackups, writing),
    model: new ModelClassifier(client, config.model),
    now: overrides.now,
  });
  if (approvals) {
    // A decision continues its conversation; pending approvals outlive a restart until their time passes.
    approvals.onOutcome((a, outcome) => void chat.approvalSettled(a, outcome));
    if (config.ownsStore && !store.cannotSave) approvals.resume();
  }
  return {
    config,
    store,
    budget,
    writer,
    chat,
    approvals,
    tools,
    invoker,
    importer,
    async close() {
      // Bounded: whatever is stuck (a model call, a lock), the process must be able to exit.
      await withDeadline(chat.shutdown(), SHUTDOWN_TURNS_MS);
      // Pending approvals stay pending (the next start arms them again); only their timers go.
      approvals?.stop();
      leftovers?.stop();
      memory?.stop();
      if (memory) await withDeadline(memory.idle(), SHUTDOWN_MEMORY_MS);
      store.close();
      budget.close();
      leases?.release();
    },
  };
}
