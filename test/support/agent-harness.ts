import Anthropic from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp, type App } from "../../src/app.ts";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import type { RunningTurn } from "../../src/chat/running-turn.ts";
import type { ChatService, ChatSettings } from "../../src/chat/service.ts";
import type { AgentEvent } from "../../src/core/events.ts";
import type { MemoryHooks } from "../../src/memory/memory.ts";
import type { Store } from "../../src/store/store.ts";
import type { Tool } from "../../src/tools/types.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";

export const FIXED_NOW = new Date("2026-11-22T09:30:00Z");

export type Harness = {
  fake: FakeAnthropic;
  /** The app as createApp builds it (the same composition the server, ask and eval use). */
  app: App;
  budget: BudgetDb;
  store: Store;
  chat: ChatService;
  dir: string;
  /** Ask and collect every event until the turn ends. */
  ask(question: string, conversationId?: string): Promise<{ turn: RunningTurn; events: AgentEvent[] }>;
  close(): Promise<void>;
};

export type HarnessOptions = {
  settings?: Partial<ChatSettings>;
  tools?: readonly Tool[];
  /** Default true (no approvals, no write tool): the trust tests turn it off. */
  readOnly?: boolean;
  approvalTimeoutMs?: number;
  memory?: MemoryHooks;
  /** Reuse databases (restart tests). */
  dir?: string;
  fake?: FakeAnthropic;
  maxRetries?: number;
  /** The model client (default: the SDK pointed at the fake). */
  client?: Anthropic;
  /** A not-spending list as the user gives it (NOT_SPENDING): its names are checked (default: the built-in list). */
  notSpending?: string[];
  /** No model at all, as `serve --no-model`. */
  noModel?: boolean;
  /** A first run: no budget database configured or found, so the built-in demo data (written to `dir`/data/). */
  demo?: boolean;
  /** How long a budget.db write waits for its lock and COMMIT (default 5 s; the busy-database tests wait less). */
  budgetBusyTimeoutMs?: number;
};

/** createApp on a copy of the demo database and a file app database, talking to the fake API through the real SDK. */
export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const fake = opts.fake ?? (await startFakeAnthropic());
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), "bc-agent-"));
  const budgetPath = join(dir, "budget.db");
  if (!opts.dir && !opts.demo) writeDemoDb({ out: budgetPath, seed: 7 });
  // The demo data's place is relative to the working directory (data/demo-budget.db): the harness's own, while the app opens.
  const cwd = process.cwd();
  if (opts.demo) process.chdir(dir);
  let app: App;
  try {
    app = createApp(
      {
        apiKey: opts.noModel ? null : "test-key",
        baseUrl: fake.url,
        budgetDb: { path: budgetPath, explicit: !opts.demo, notSpending: opts.notSpending ?? ["Transfers", "Investments"], notSpendingGiven: !!opts.notSpending },
        chatDb: join(dir, "chat.db"),
        model: "claude-test",
        maxSteps: 10,
        historyMessages: 20,
        maxTokens: 1024,
        timeZone: "Europe/Zurich",
        readOnly: opts.readOnly ?? true,
        approvalTimeoutMs: opts.approvalTimeoutMs ?? 60_000,
        ownsStore: true,
        ...opts.settings,
      },
      {
        client: opts.noModel ? null : (opts.client ?? new Anthropic({ apiKey: "test-key", baseURL: fake.url, maxRetries: opts.maxRetries ?? 2, openTelemetry: false })),
        tools: opts.tools,
        memory: opts.memory ?? null,
        now: () => FIXED_NOW,
        budgetBusyTimeoutMs: opts.budgetBusyTimeoutMs,
      },
    );
  } finally {
    process.chdir(cwd);
  }
  const { chat } = app;
  return {
    fake,
    app,
    budget: app.budget,
    store: app.store,
    chat,
    dir,
    async ask(question, conversationId) {
      const turn = chat.startTurn({ userId: "local", conversationId, question });
      const events: AgentEvent[] = [];
      for await (const e of turn.subscribe()) events.push(e);
      await turn.finished;
      return { turn, events };
    },
    async close() {
      await app.close();
      if (!opts.fake) await fake.stop();
      if (!opts.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
/**
 * One fake Messages API for a test file, and a harness of each test's own on it: `start`
 * makes it (with the test's options); after the test it is closed and the fake's queue
 * and recorded requests are emptied.
 */
export function harnessPerTest(): { readonly fake: FakeAnthropic; start(opts?: Omit<HarnessOptions, "fake">): Promise<Harness> } {
  let fake: FakeAnthropic | undefined;
  let current: Harness | undefined;
  beforeAll(async () => {
    fake = await startFakeAnthropic();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
    fake!.reset();
  });
  afterAll(() => fake?.stop());
  return {
    get fake() {
      return fake!;
    },
    async start(opts = {}) {
      current = await startHarness({ ...opts, fake: fake! });
      return current;
    },
  };
}

/** The concatenated text of a turn's text events. */
export function textOf(events: AgentEvent[]): string {
  return events.flatMap((e) => (e.type === "text" ? [e.text] : [])).join("");
}

export function typesOf(events: AgentEvent[]): string[] {
  return events.map((e) => e.type).filter((t, i, a) => !(t === "text" && a[i - 1] === "text"));
}
