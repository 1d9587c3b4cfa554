import Anthropic from "@anthropic-ai/sdk";
import { Store } from "../store/index.ts";
import type { BudgetDb } from "../budget/db.ts";
import { openBudgetDb } from "../budget/open.ts";
import { approvalService } from "../chat/approvals.ts";
import { closeInterruptedTurns } from "../chat/recovery.ts";
import { ChatService } from "../chat/service.ts";
import { createMemory } from "../memory/memory.ts";
import { embeddingsFromEnv } from "../memory/embeddings.ts";
import { budgetDbLocation, chatDbPath, DEFAULT_MODEL, requireApiKey } from "../config.ts";
import { readTools } from "../tools/index.ts";
import { recategoriseTransactions } from "../tools/recategorise_transactions.ts";
import { intOption } from "./args.ts";

/** Flags shared by every command that talks to the model. */
export const AGENT_OPTIONS = {
  db: { type: "string" },
  "chat-db": { type: "string" },
  model: { type: "string" },
  "max-steps": { type: "string" },
  history: { type: "string" },
  "max-tokens": { type: "string" },
  "read-only": { type: "boolean" },
  "approval-timeout": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

export const AGENT_OPTIONS_HELP = `  --db PATH              budget database (env DATABASE_URL, default data/budget.db)
  --chat-db PATH         app database (env CHAT_DATABASE_URL, default data/chat.db)
  --model ID             model (env ANTHROPIC_MODEL, default ${DEFAULT_MODEL})
  --max-steps N          model calls per answer (default 10)
  --history N            messages of history the model sees (default 20)
  --max-tokens N         output tokens per model call (default 4096)
  --read-only            never offer tools that change data
  --approval-timeout S   seconds an approval stays open (default 600)`;

export type AgentFlags = { [K in keyof typeof AGENT_OPTIONS]?: (typeof AGENT_OPTIONS)[K]["type"] extends "boolean" ? boolean : string };

export type Runtime = {
  app: Store;
  budget: BudgetDb;
  chat: ChatService;
  model: string;
  readOnly: boolean;
  approvalTimeoutMs: number;
  close(): Promise<void>;
};

/** Open both databases, the model client and the chat service, as serve and ask need them. */
export function createRuntime(flags: AgentFlags, opts: { ownsAppDb: boolean }, env = process.env): Runtime {
  const apiKey = requireApiKey(env);
  const settings = {
    model: flags.model ?? env.ANTHROPIC_MODEL ?? DEFAULT_MODEL,
    maxSteps: intOption(flags["max-steps"], "max-steps", 1, 50) ?? 10,
    historyMessages: intOption(flags.history, "history", 2, 500) ?? 20,
    maxTokens: intOption(flags["max-tokens"], "max-tokens", 256, 64_000) ?? 4096,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  const approvalTimeoutMs = (intOption(flags["approval-timeout"], "approval-timeout", 5, 86_400) ?? 600) * 1000;
  const budget = openBudgetDb(budgetDbLocation(flags.db, env));
  const app = Store.open(chatDbPath(flags["chat-db"], env));
  if (opts.ownsAppDb) {
    // Only the server owns the app database: `ask` beside a running server must not close its live turns.
    closeInterruptedTurns(app);
    app.sessions.deleteExpired();
    // No answer of this process waits for any approval yet: whatever is still pending can never be decided.
    app.approvals.expireAllPending("restart");
  }
  const client = new Anthropic({ apiKey, baseURL: env.ANTHROPIC_BASE_URL || undefined });
  // Summaries run in the background: a full window must not delay the answer; the memory serves from the next turn.
  const memory = createMemory({ app, client, model: settings.model, embeddings: embeddingsFromEnv(env), background: true });
  const readOnly = !!flags["read-only"];
  // --read-only: the write tool is not offered at all, and no approval can be asked for.
  const approvals = readOnly ? undefined : approvalService(app, budget, { timeoutMs: approvalTimeoutMs });
  const tools = readOnly ? readTools : [...readTools, recategoriseTransactions];
  const chat = new ChatService({ app, budget, client, tools, settings, memory, approvals: approvals && ((turn) => approvals.gate(turn)) });
  return {
    app,
    budget,
    chat,
    model: settings.model,
    readOnly,
    approvalTimeoutMs,
    async close() {
      await chat.shutdown();
      await memory.idle();
      app.close();
      budget.close();
    },
  };
}
