import Anthropic from "@anthropic-ai/sdk";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Store } from "../../src/store/index.ts";
import { type AgentEvent } from "../../src/core/events.ts";
import type { ApprovalGate } from "../../src/agent/loop.ts";
import { BudgetDb } from "../../src/budget/db.ts";
import { writeDemoDb } from "../../src/budget/demo.ts";
import { closeInterruptedTurns } from "../../src/chat/recovery.ts";
import { ChatService, type ChatSettings } from "../../src/chat/service.ts";
import { type MemoryHooks } from "../../src/memory/memory.ts";
import type { RunningTurn } from "../../src/chat/running-turn.ts";
import { readTools } from "../../src/tools/index.ts";
import { type Tool } from "../../src/tools/types.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";

export const FIXED_NOW = new Date("2026-11-22T09:30:00Z");

export type Harness = {
  fake: FakeAnthropic;
  budget: BudgetDb;
  app: Store;
  chat: ChatService;
  dir: string;
  /** Ask and collect every event until the turn ends. */
  ask(question: string, conversationId?: string): Promise<{ turn: RunningTurn; events: AgentEvent[] }>;
  close(): Promise<void>;
};

export type HarnessOptions = {
  settings?: Partial<ChatSettings>;
  tools?: Tool[];
  approvals?: (turn: RunningTurn) => ApprovalGate;
  memory?: MemoryHooks;
  /** Reuse databases (restart tests). */
  dir?: string;
  fake?: FakeAnthropic;
  maxRetries?: number;
};

/** A ChatService on the demo database and a file app database, talking to the fake API through the real SDK. */
export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const fake = opts.fake ?? (await startFakeAnthropic());
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), "bc-agent-"));
  const budgetPath = join(dir, "budget.db");
  if (!opts.dir) writeDemoDb({ out: budgetPath, seed: 7 });
  const budget = BudgetDb.open(budgetPath);
  const app = Store.open(join(dir, "chat.db"));
  closeInterruptedTurns(app);
  const client = new Anthropic({ apiKey: "test-key", baseURL: fake.url, maxRetries: opts.maxRetries ?? 2 });
  const chat = new ChatService({
    app,
    budget,
    client,
    tools: opts.tools ?? readTools,
    settings: { model: "claude-test", maxSteps: 10, historyMessages: 20, maxTokens: 1024, timeZone: "Europe/Zurich", ...opts.settings },
    approvals: opts.approvals,
    memory: opts.memory,
    now: () => FIXED_NOW,
  });
  return {
    fake,
    budget,
    app,
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
      await chat.shutdown();
      app.close();
      budget.close();
      if (!opts.fake) await fake.stop();
      if (!opts.dir) rmSync(dir, { recursive: true, force: true });
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
