/**
 * Runs the question set through the SAME agent the chat uses (createApp → ChatService →
 * the agent loop, its system prompt and read tools) against the configured endpoint, each
 * question `repeat` times, `concurrency` runs at a time, and scores every run.
 *
 * Each worker has its own app (and app database in the work directory) and its own model
 * client, so the model calls it counts belong to the one run it is doing.
 */
import { join } from "node:path";
import { createApp, modelClient, type App } from "../app.ts";
import type { AgentEvent, ToolOutput, Usage } from "../core/events.ts";
import { emptyUsage } from "../core/events.ts";
import { estimateCost } from "../pricing.ts";
import type { PreparedQuestion } from "./questions.ts";
import { scoreRun, unsupportedFigures, type CallRecord, type RunRecord, type RunScore } from "./score.ts";

export type EvalOptions = {
  apiKey: string;
  baseUrl?: string;
  model: string;
  questions: PreparedQuestion[];
  /** The date the agent is told it is (YYYY-MM-DD). */
  today: string;
  dbPath: string;
  /** How the report names the database. */
  dbLabel: string;
  notSpending: string[];
  repeat: number;
  concurrency: number;
  maxSteps: number;
  maxTokens: number;
  /** Where the workers' app databases go (a scratch directory). */
  workDir: string;
  /** Called after each finished run (progress on the terminal). */
  onRun?(q: PreparedQuestion, repeat: number, run: RunRecord, score: RunScore): void;
};

export type ScoredRun = RunRecord & { score: RunScore };

export type QuestionResult = {
  question: PreparedQuestion;
  runs: ScoredRun[];
  /** Right only if every repeat was right. */
  right: boolean;
};

export type EvalResult = {
  model: string;
  baseUrl?: string;
  database: string;
  today: string;
  repeat: number;
  concurrency: number;
  startedAt: string;
  durationMs: number;
  questions: QuestionResult[];
  /** Share of questions right, 0..1. */
  score: number;
  usage: Usage;
  /** USD, or "unknown" for a model without a price (a local model). */
  cost: number | "unknown";
};

/** The events of one turn, turned into what the scoring needs. */
export function recordOf(events: AgentEvent[]): Omit<RunRecord, "steps" | "latencyMs" | "ungrounded"> {
  const calls = new Map<string, CallRecord>();
  const outputs = new Map<string, ToolOutput>();
  let answer = "";
  let error: string | undefined;
  let usage = emptyUsage();
  for (const e of events) {
    switch (e.type) {
      case "text":
        answer += e.text;
        break;
      case "tool_started":
        calls.set(e.id, { id: e.id, tool: e.tool, input: e.input, ok: false });
        break;
      case "tool_finished": {
        const output: ToolOutput = { summary: e.summary, charts: [], tables: [] };
        outputs.set(e.id, output);
        const call = calls.get(e.id);
        if (call) Object.assign(call, { ok: true, output });
        break;
      }
      case "tool_failed": {
        const call = calls.get(e.id);
        if (call) call.error = e.error;
        break;
      }
      case "chart":
        outputs.get(e.toolId)?.charts.push(e.chart);
        break;
      case "table":
        outputs.get(e.toolId)?.tables?.push(e.table);
        break;
      case "error":
        error = e.message;
        break;
      case "done":
        usage = e.usage;
        break;
    }
  }
  return { answer, calls: [...calls.values()], usage, ...(error ? { error } : {}) };
}

function addUsage(total: Usage, u: Usage): void {
  total.input_tokens += u.input_tokens;
  total.output_tokens += u.output_tokens;
  total.cache_creation_input_tokens += u.cache_creation_input_tokens;
  total.cache_read_input_tokens += u.cache_read_input_tokens;
}

/** An app of its own, and the model calls of the run it is doing. */
type Worker = { app: App; calls: { steps: number } };

function startWorker(opts: EvalOptions, index: number): Worker {
  const calls = { steps: 0 };
  // Counts the model calls of the run this worker is doing (a retried call once it succeeds).
  const counting = async (input: string | URL | Request, init?: RequestInit) => {
    const res = await fetch(input, init);
    if (res.ok && String(input instanceof Request ? input.url : input).includes("/v1/messages")) calls.steps++;
    return res;
  };
  const app = createApp(
    {
      apiKey: opts.apiKey,
      baseUrl: opts.baseUrl,
      model: opts.model,
      budgetDb: { path: opts.dbPath, explicit: true, notSpending: opts.notSpending },
      chatDb: join(opts.workDir, `chat-${index + 1}.db`),
      maxSteps: opts.maxSteps,
      // One question per conversation: no history to window.
      historyMessages: 20,
      maxTokens: opts.maxTokens,
      // Questions only read; no approvals, no write tools (as `ask`).
      readOnly: true,
      // The model's answer is measured as it wrote it: no repair round (its extra call would count in steps and tokens).
      repair: false,
      approvalTimeoutMs: 60_000,
      timeZone: "UTC",
      ownsStore: true,
    },
    {
      client: modelClient({ apiKey: opts.apiKey, baseUrl: opts.baseUrl, fetch: counting }),
      // The agent alone is measured: no long-term memory (it would add model calls of its own).
      memory: null,
      now: () => new Date(`${opts.today}T12:00:00Z`),
    },
  );
  return { app, calls };
}

async function runOne(worker: Worker, q: PreparedQuestion): Promise<RunRecord> {
  worker.calls.steps = 0;
  const started = performance.now();
  const turn = worker.app.chat.startTurn({ userId: "eval", question: q.question });
  const events: AgentEvent[] = [];
  for await (const e of turn.subscribe()) events.push(e);
  await turn.finished;
  const latencyMs = performance.now() - started;
  const record = recordOf(events);
  return { ...record, steps: worker.calls.steps, latencyMs, ungrounded: unsupportedFigures(record.answer, q.question, record.calls) };
}

export async function runEval(opts: EvalOptions): Promise<EvalResult> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const jobs = opts.questions.flatMap((q, qi) => Array.from({ length: opts.repeat }, (_, r) => ({ q, qi, r })));
  const runs: ScoredRun[][] = opts.questions.map(() => []);
  const workers = Array.from({ length: Math.min(opts.concurrency, jobs.length) }, (_, i) => startWorker(opts, i));
  let next = 0;
  try {
    await Promise.all(
      workers.map(async (w) => {
        while (next < jobs.length) {
          const job = jobs[next++]!;
          const run = await runOne(w, job.q);
          const score = scoreRun(job.q, run);
          runs[job.qi]![job.r] = { ...run, score };
          opts.onRun?.(job.q, job.r, run, score);
        }
      }),
    );
  } finally {
    for (const w of workers) await w.app.close();
  }
  const questions = opts.questions.map((question, i) => {
    const qr = runs[i]!;
    return { question, runs: qr, right: qr.length > 0 && qr.every((r) => r.score.right) };
  });
  const usage = emptyUsage();
  for (const q of questions) for (const r of q.runs) addUsage(usage, r.usage);
  return {
    model: opts.model,
    baseUrl: opts.baseUrl,
    database: opts.dbLabel,
    today: opts.today,
    repeat: opts.repeat,
    concurrency: opts.concurrency,
    startedAt,
    durationMs: performance.now() - started,
    questions,
    score: questions.length ? questions.filter((q) => q.right).length / questions.length : 0,
    usage,
    cost: estimateCost(opts.model, usage),
  };
}
