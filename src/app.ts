/**
 * The composition root: the one place where the parts are put together (both databases,
 * the write path, the model client, memory, approvals, the chat service). `createApp` is
 * the whole app (the server, `ask`, `eval`, the tests); `openLocal` the databases, the
 * write path and the importer alone, for every other CLI command that opens them. Layers
 * below know nothing of each other's construction.
 */
import type Anthropic from "@anthropic-ai/sdk";
import { relative, resolve } from "node:path";
import type { BudgetDb } from "./ledger/reader.ts";
import { DEMO_DB_PATH, openBudgetDb } from "./ledger/open.ts";
import { lenientUsageFetch, type Fetch } from "./agent/lenient-usage.ts";
import { sdk } from "./agent/sdk.ts";
import { ApprovalService } from "./chat/approval-service.ts";
import { closeInterruptedTurns } from "./chat/recovery.ts";
import { ChatService, type ChatSettings } from "./chat/service.ts";
import { budgetDbLocation, chatDbPath, dbPath, readSettings, requireApiKey, SETTINGS, type BudgetDbLocation, type SettingKey } from "./config.ts";
import { holdServerLease, type ServerLease } from "./ledger/backup.ts";
import { budgetWriterFor, type BudgetWriter } from "./ledger/write-path.ts";
import { reconcileBudgetWrites, watchLeftoverWrites } from "./ledger/write-recovery.ts";
import { embeddingsFromEnv, type EmbeddingsClient } from "./memory/embeddings.ts";
import { createMemory, type MemoryHooks, type MemoryService } from "./memory/memory.ts";
import { ModelClassifier } from "./import/classify.ts";
import { Importer } from "./import/importer.ts";
import { checkImportTarget } from "./import/target.ts";
import { Store } from "./store/store.ts";
import { cannotSaveMessage, storageProblem, UsageError } from "./core/errors.ts";
import { createInvoker, type ToolInvoker } from "./tools/invoke.ts";
import { ALL_TOOLS, toolsFor } from "./tools/registry.ts";
import type { Tool, ToolContext } from "./tools/types.ts";

export type AppConfig = ChatSettings & {
  /** null: no model (`serve --no-model`): every page works, questions are refused, imports classify without it. */
  apiKey: string | null;
  baseUrl?: string;
  budgetDb: BudgetDbLocation;
  chatDb: string;
  readOnly: boolean;
  approvalTimeoutMs: number;
  /** Daily snapshots of budget.db kept before it is changed (0: none; default 7). */
  keepBackups?: number;
  embeddings?: EmbeddingsClient;
  /**
   * This process owns the app database (the server): at start-up it settles leftover
   * budget.db writes, closes the turns a crash interrupted (expiring the approvals they
   * asked for) and arms the pending approvals again. `ask` beside a running server must not.
   */
  ownsStore: boolean;
};

/** The settings every command that talks to the model takes. */
export const AGENT_SETTINGS = ["db", "notSpending", "chatDb", "model", "maxSteps", "history", "maxTokens", "readOnly", "approvalTimeout", "keepBackups", "noRepair"] as const satisfies readonly SettingKey[];

/** The app's configuration from parsed flags and the environment (flags win). */
export function appConfig(flags: Record<string, unknown>, opts: { ownsStore: boolean }, env = process.env): AppConfig {
  const s = readSettings([...AGENT_SETTINGS, "apiKey", "baseUrl", "noModel"], flags, env);
  return {
    // --no-model means no model even when a key is set: nothing is sent anywhere.
    apiKey: s.noModel ? null : requireApiKey(s.apiKey),
    baseUrl: s.baseUrl,
    model: s.model,
    budgetDb: budgetDbLocation(flags, env),
    chatDb: dbPath(s.chatDb),
    maxSteps: s.maxSteps,
    historyMessages: s.history,
    maxTokens: s.maxTokens,
    repair: !s.noRepair,
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
  /** null: no model, as `serve --no-model`. */
  client?: Anthropic | null;
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
  let client: Anthropic | undefined;
  // The SDK is loaded at the first model call, not at start-up (it is a large part of the bundle's load time):
  // this stands in for the client and makes it when first used.
  const made = () => (client ??= newClient(config));
  return new Proxy({} as Anthropic, { get: (_target, key) => Reflect.get(made(), key) });
}

function newClient(config: { apiKey: string; baseUrl?: string; maxRetries?: number; fetch?: Fetch }): Anthropic {
  const Anthropic = sdk();
  const inner = config.fetch ?? fetch;
  return new Anthropic({
    apiKey: config.apiKey,
    baseURL: config.baseUrl || undefined,
    // No OpenTelemetry spans: nothing here registers a tracer, and making no-op spans costs every model call.
    openTelemetry: false,
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
  const client = overrides.client !== undefined ? overrides.client : config.apiKey === null ? null : modelClient({ ...config, apiKey: config.apiKey });
  // Summaries run in the background: a full window must not delay the answer; the memory serves from the next turn.
  const memory: MemoryService | null =
    overrides.memory === undefined && client ? createMemory({ store, client, model: config.model, embeddings: config.embeddings, background: true }) : null;
  // What the tools read besides budget.db, from the app database: the household's budgets (a budget's status, a
  // new budget's preview), its contributions (income_vs_spending) and its account names (propose_rule).
  const toolContext: ToolContext = { budgets: store.budgets, contributions: store.contributions, accountNames: store.accountNames, now: overrides.now };
  const tools = overrides.tools ?? toolsFor({ readOnly: config.readOnly });
  const invoker = createInvoker({ budget, tools, ctx: toolContext, known: ALL_TOOLS });
  const approvals = config.readOnly
    ? undefined
    : new ApprovalService({ store, budget, writer, tools, toolContext, timeoutMs: config.approvalTimeoutMs, now: overrides.now });
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
  // Without a model: merchant cache and card rules, the rest waits as Uncategorised (as `import` without a key).
  const importer = importerFor(config.budgetDb.path, config.budgetDb.notSpending, store, keepBackups, client ? new ModelClassifier(client, config.model) : null, writing);
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

/**
 * Imports write the configured database (never the demo one), through the same journaled path as every writer; the
 * server's in the budget write worker, the command line's on its own thread (`writesOnThisThread`).
 */
function importerFor(
  target: string,
  notSpending: readonly string[],
  store: Store,
  keepBackups: number,
  model: ModelClassifier | null,
  writing: { now?: () => Date; busyTimeoutMs?: number } = {},
  writesOnThisThread = false,
): Importer {
  return new Importer({ target, notSpending, store, writer: budgetWriterFor(target, store, keepBackups, writing), model, now: writing.now, writesOnThisThread });
}

/** The databases as a CLI command without the chat uses them; each is opened on first use. */
export type Local = {
  /** budget.db as configured (the demo data while there is none yet). */
  readonly budget: BudgetDb;
  /** The app database (chat.db). */
  readonly store: Store;
  /** The one write path to budget.db (it follows the demo data's switch to the real database, as the server's does). */
  readonly writer: BudgetWriter;
  /** Bank statements into the configured budget.db (never the demo one; a ConfigError for it), classified by the model when `model` was asked for and a key is set. */
  readonly importer: Importer;
  close(): void;
};

/**
 * The composition for every CLI command that opens the databases but runs no chat (`tool`,
 * `mcp`, `budgets`, `categories`, `accounts`, `import`, `imports`, `classify`). `writes`: the command
 * changes budget.db, so it first settles the write intents a killed writer left (as the
 * server does at start-up): then the journal, the imports list and the audit tell the truth.
 * `model`: the importer may classify with the model, when an API key is set.
 */
export function openLocal(flags: Record<string, unknown>, opts: { writes?: boolean; model?: boolean } = {}): Local {
  const location = budgetDbLocation(flags);
  const keepBackups = () => readSettings(["keepBackups"], flags).keepBackups;
  let budget: BudgetDb | null = null;
  let store: Store | null = null;
  let writer: BudgetWriter | null = null;
  let importer: Importer | null = null;
  const local: Local = {
    get budget() {
      return (budget ??= openBudgetDb(location));
    },
    get store() {
      return (store ??= Store.open(chatDbPath(flags)));
    },
    get writer() {
      // A command's change to the demo data (a rule, a category) would be gone with it once the first import makes the
      // real database (uqa3: a rule added before the first import was "Added", then missing): refused, nothing written.
      if (!writer && local.budget.demo) {
        throw new UsageError(
          `there is no budget database of your own yet (${relative(process.cwd(), location.path) || location.path}), only the demo data (${DEMO_DB_PATH}): a change made to it ` +
            "would not be in your data. Import your statements first (budget-chat import FILE), then make the change.",
        );
      }
      return (writer ??= budgetWriterFor(() => local.budget.path, local.store, keepBackups()));
    },
    get importer() {
      if (!importer) {
        checkImportTarget(location.path);
        importer = importerFor(location.path, location.notSpending, local.store, keepBackups(), opts.model ? classifierFrom(flags) : null, {}, true);
      }
      return importer;
    },
    close() {
      store?.close();
      budget?.close();
    },
  };
  if (opts.writes) {
    try {
      reconcileBudgetWrites(local.store);
    } catch (e) {
      local.close();
      throw e;
    }
  }
  return local;
}

/** Runs `fn` on the databases (openLocal) and closes them after, whatever happens. */
export async function withLocal<T>(flags: Record<string, unknown>, fn: (local: Local) => T | Promise<T>, opts: { writes?: boolean; model?: boolean } = {}): Promise<T> {
  const local = openLocal(flags, opts);
  try {
    return await fn(local);
  } finally {
    local.close();
  }
}

/** The model as a classifier when an API key is set (the flags or the environment), else null. */
function classifierFrom(flags: Record<string, unknown>): ModelClassifier | null {
  const s = readSettings(["apiKey", "baseUrl", "model"], flags);
  if (!s.apiKey?.trim()) return null;
  return new ModelClassifier(modelClient({ apiKey: s.apiKey.trim(), baseUrl: s.baseUrl }), s.model);
}
