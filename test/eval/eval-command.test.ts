/**
 * `budget-chat eval` as a subprocess against scripted fakes of the Messages API (the real SDK
 * talks to them): one that answers correctly (the tool's summary as its answer), one that calls
 * the wrong tool, one that invents a figure, one that is right only on the first of two
 * repeats, and a local model's endpoint. The scores must tell them apart exactly. Three questions of the real set, on the demo data the command creates.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import defaultSet from "../../eval/questions.json" with { type: "json" };
import { estimateCost, formatUsd } from "../../src/pricing.ts";
import { formatCount } from "../../src/core/format.ts";
import { startFakeAnthropic, type FakeAnthropic, type FakeHandler, type FakeRequestBody } from "../support/fake-anthropic.ts";
import { runCli } from "../support/cli-process.ts";

const MODEL = "claude-sonnet-5-5";
const IDS = ["groceries-2025", "net-2025", "migros-2025"];
const subset = { today: defaultSet.today, questions: defaultSet.questions.filter((q) => IDS.includes(q.id)) };

let dir: string;
let questionsFile: string;
let fake: FakeAnthropic;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bc-eval-cmd-"));
  questionsFile = join(dir, "questions.json");
  writeFileSync(questionsFile, JSON.stringify(subset));
  fake = await startFakeAnthropic();
});
afterAll(async () => {
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function evalCli(args: string[], env: Record<string, string> = { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: fake.url }) {
  // Run from an empty directory: no .env of the checkout can leak a key in.
  return runCli(["eval", ...args], { home: dir, cwd: dir, env });
}

type Msg = { role: string; content: { type: string; text?: string; content?: string }[] };
const lastMessage = (body: FakeRequestBody) => body.messages!.at(-1) as Msg;
const questionOf = (body: FakeRequestBody) => (body.messages![0] as Msg).content.find((b) => b.type === "text")!.text!;
const toolResult = (body: FakeRequestBody) => lastMessage(body).content.find((b) => b.type === "tool_result");

/** The first acceptable tool of the question, with its key arguments. */
function rightCall(question: string) {
  const q = subset.questions.find((x) => x.question === question)!;
  const [name, input] = Object.entries(q.tools)[0]!;
  return { type: "tool_use" as const, name, input };
}

/** A model that calls `call(question)` and then writes the tool's summary (plus `extra`) as its answer. */
function model(call: (question: string) => { type: "tool_use"; name: string; input: unknown }, extra = ""): FakeHandler {
  return (body) => {
    const result = toolResult(body);
    if (result) return { kind: "message", content: [{ type: "text", text: `Here is what I found. ${result.content}${extra}` }] };
    return { kind: "message", content: [{ type: "text", text: "Let me look." }, call(questionOf(body))] };
  };
}

const correct = model(rightCall);
const wrongTool = model(() => ({ type: "tool_use", name: "recurring_payments", input: {} }));
const inventor = model(rightCall, " That is CHF 12'345.67 more than you planned.");

async function runWith(handler: FakeHandler, args: string[] = []) {
  fake.reset();
  fake.setHandler(handler);
  const out = join(dir, `out-${Math.random().toString(36).slice(2)}`);
  const r = await evalCli(["--questions", questionsFile, "--out", out, "--model", MODEL, "--concurrency", "2", ...args]);
  const md = r.code === 2 ? "" : readFileSync(join(out, "report.md"), "utf8");
  const html = r.code === 2 ? "" : readFileSync(join(out, "report.html"), "utf8");
  return { ...r, md, html };
}

/** The per-question row of report.md, without its tokens, cost and latency cells. */
function row(md: string, id: string): string {
  const line = md.split("\n").find((l) => l.startsWith(`| ${id} |`));
  return line!.split(" | ").slice(0, 8).join(" | ");
}
const overall = (md: string, label: string) => md.split("\n").find((l) => l.startsWith(`| ${label} |`));

describe("budget-chat eval against fakes", () => {
  test("a correct model: every question right, score 1, tokens and cost as the endpoint reported them", async () => {
    const r = await runWith(correct, ["--min-score", "1"]);
    expect(r.stderr).toContain("[3/3]");
    expect(r.code).toBe(0);
    expect(row(r.md, "groceries-2025")).toBe("| groceries-2025 | yes | 1/1 | 1/1 | 1/1 | 1/1 | 0 | 2.0");
    expect(row(r.md, "net-2025")).toBe("| net-2025 | yes | 1/1 | 1/1 | 1/1 | 2/2 | 0 | 2.0");
    expect(row(r.md, "migros-2025")).toBe("| migros-2025 | yes | 1/1 | 1/1 | 1/1 | 2/2 | 0 | 2.0");
    expect(overall(r.md, "score (questions right, every repeat)")).toBe("| score (questions right, every repeat) | 3/3 = 1.000 |");
    expect(overall(r.md, "pass^k, k = 1 (mean over questions)")).toBe("| pass^k, k = 1 (mean over questions) | 1.000 |");
    // The report names the model, the day of the run and the database.
    expect(r.md).toMatch(new RegExp(`- model: ${MODEL}\\n- date: \\d{4}-\\d{2}-\\d{2}\\n`));
    expect(r.md).toContain("- database: demo data (default seed)\n");
    expect(overall(r.md, "expected figures found")).toBe("| expected figures found | 5/5 |");
    expect(overall(r.md, "steps (model calls) per run")).toBe("| steps (model calls) per run | 2.00 |");
    // Tokens and cost: exactly what the fake reported, summed over its 6 requests.
    const reqs = fake.requests.filter((q) => q.status === 200);
    expect(reqs).toHaveLength(6);
    const usage = { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    for (const q of reqs) for (const k of Object.keys(usage) as (keyof typeof usage)[]) usage[k] += q.usage![k] ?? 0;
    expect(overall(r.md, "tokens in / out (all runs)")).toBe(`| tokens in / out (all runs) | ${formatCount(usage.input_tokens)} / ${formatCount(usage.output_tokens)} |`);
    expect(overall(r.md, "cost (all runs)")).toBe(`| cost (all runs) | ${formatUsd(estimateCost(MODEL, usage))} |`);
    expect(r.md).not.toContain("## What went wrong");
    expect(r.stdout).toContain("score (questions right, every repeat)    3/3 = 1.000");
  }, 30_000);

  test("a model that calls the wrong tool: score 0, no right tool, no figures; below --min-score exits 1", async () => {
    const r = await runWith(wrongTool, ["--min-score", "0.5"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("eval: score 0.000 is below --min-score 0.5");
    expect(row(r.md, "groceries-2025")).toBe("| groceries-2025 | no | 0/1 | 0/1 | 0/1 | 0/1 | 0 | 2.0");
    expect(row(r.md, "net-2025")).toBe("| net-2025 | no | 0/1 | 0/1 | 0/1 | 0/2 | 0 | 2.0");
    expect(overall(r.md, "score (questions right, every repeat)")).toBe("| score (questions right, every repeat) | 0/3 = 0.000 |");
    expect(overall(r.md, "right tool")).toBe("| right tool | 0/3 |");
    expect(r.md).toContain("- no acceptable tool (expected one of: spending_by_category, monthly_trend, merchant_breakdown)");
    expect(r.md).toContain("- missing figure: spending · Groceries · 2025 = CHF 18'109.55");
    expect(r.md).toContain('- tool calls: `recurring_payments {}`');
  }, 30_000);

  test("a model that invents a figure: right tool, arguments and figures, one ungrounded figure per answer: score 0", async () => {
    const r = await runWith(inventor);
    expect(r.code).toBe(0);
    expect(row(r.md, "groceries-2025")).toBe("| groceries-2025 | no | 0/1 | 1/1 | 1/1 | 1/1 | 1 | 2.0");
    expect(row(r.md, "net-2025")).toBe("| net-2025 | no | 0/1 | 1/1 | 1/1 | 2/2 | 1 | 2.0");
    expect(row(r.md, "migros-2025")).toBe("| migros-2025 | no | 0/1 | 1/1 | 1/1 | 2/2 | 1 | 2.0");
    expect(overall(r.md, "score (questions right, every repeat)")).toBe("| score (questions right, every repeat) | 0/3 = 0.000 |");
    expect(overall(r.md, "expected figures found")).toBe("| expected figures found | 5/5 |");
    expect(overall(r.md, "ungrounded figures")).toBe("| ungrounded figures | 3 |");
    expect(r.md).toContain("- ungrounded: CHF 12'345.67\n");
  }, 30_000);

  test("a model that is right on the first repeat only: the question does not count", async () => {
    const asked = new Map<string, number>();
    const flaky: FakeHandler = (body, i) => {
      const q = questionOf(body);
      if (!toolResult(body)) asked.set(q, (asked.get(q) ?? 0) + 1);
      return (asked.get(q) === 1 ? correct : wrongTool)(body, i);
    };
    const r = await runWith(flaky, ["--repeat", "2", "--concurrency", "1"]);
    expect(r.code).toBe(0);
    expect(row(r.md, "groceries-2025")).toBe("| groceries-2025 | no | 1/2 | 1/2 | 1/2 | 1/2 | 0 | 2.0");
    expect(overall(r.md, "score (questions right, every repeat)")).toBe("| score (questions right, every repeat) | 0/3 = 0.000 |");
    expect(overall(r.md, "runs")).toBe("| runs | 6 (2 per question, 1 at a time) |");
    // Each question right in 1 of its 2 runs: pass^1 = 1/2; pass^2 = C(1,2) / C(2,2) = 0 (never right twice).
    expect(overall(r.md, "pass^1 (mean over questions)")).toBe("| pass^1 (mean over questions) | 0.500 |");
    expect(overall(r.md, "pass^k, k = 2 (mean over questions)")).toBe("| pass^k, k = 2 (mean over questions) | 0.000 |");
    expect(r.md).toContain("Repeat 2:");
    expect(r.md).not.toContain("Repeat 1:");
  }, 30_000);

  test("a local model (no usage, tool input in one delta, no price): scored the same, tokens 0, cost unknown", async () => {
    const local = await startFakeAnthropic({ local: { usage: "none" } });
    try {
      local.setHandler(correct);
      const out = join(dir, "out-local");
      const r = await evalCli(["--questions", questionsFile, "--out", out, "--model", "qwen3:8b"], { ANTHROPIC_API_KEY: "ollama", ANTHROPIC_BASE_URL: local.url });
      expect(r.code).toBe(0);
      const md = readFileSync(join(out, "report.md"), "utf8");
      expect(overall(md, "score (questions right, every repeat)")).toBe("| score (questions right, every repeat) | 3/3 = 1.000 |");
      expect(overall(md, "tokens in / out (all runs)")).toBe("| tokens in / out (all runs) | 0 / 0 |");
      expect(overall(md, "cost (all runs)")).toBe("| cost (all runs) | unknown |");
      expect(md).toContain("- endpoint: " + local.url);
    } finally {
      await local.stop();
    }
  }, 30_000);

  test("report.html is self-contained and escapes the model's text", async () => {
    const r = await runWith(model(rightCall, " <img src=x onerror=alert(1)> <script>alert(2)</script>"), []);
    expect(r.html.startsWith("<!doctype html>")).toBe(true);
    expect(r.html).not.toMatch(/<script|<img|<link|src=|href=|url\(/i);
    expect(r.html).toContain("<h1>budget-chat eval: claude-sonnet-5-5</h1>");
  }, 30_000);

  test("no API key: says so and exits 1; bad flags exit 2 with the flag named; nothing is written", async () => {
    const noKey = await evalCli(["--questions", questionsFile, "--out", join(dir, "nokey")], {});
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain("ANTHROPIC_API_KEY is not set");
    for (const [args, message] of [
      [["--repeat", "0"], "--repeat must be between 1 and 100, got 0"],
      [["--concurrency", "x"], '--concurrency must be a whole number, got "x"'],
      [["--min-score", "1.5"], '--min-score must be a number from 0 to 1 (share of questions right), got "1.5"'],
      [["--db", join(dir, "missing.db")], "--db: no such file"],
      [["--questions", join(dir, "missing.json")], "--questions: cannot read"],
      [["--bogus"], "Unknown option '--bogus'"],
    ] as const) {
      const r = await evalCli([...args, "--out", join(dir, "bad")]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(message);
    }
    expect(() => readFileSync(join(dir, "bad", "report.md"))).toThrow();
  }, 30_000);

  test("a figure the database cannot give (an unknown category) stops the eval before any model call (exit 1)", async () => {
    const pets = join(dir, "pets.json");
    const q = { id: "pets-2025", question: "How much did the cat cost in 2025?", tools: { spending_by_category: { year: 2025 } }, figures: [{ figure: "spending", period: { year: 2025 }, category: "Pets" }] };
    writeFileSync(pets, JSON.stringify({ today: "2026-11-02", questions: [q] }));
    fake.reset();
    const r = await evalCli(["--questions", pets, "--out", join(dir, "pets-out")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('question "pets-2025": there is no category "Pets" in this database');
    expect(fake.requests).toHaveLength(0);
  });

  test("a question naming an unknown tool is refused (exit 2)", async () => {
    const bad = join(dir, "bad-questions.json");
    writeFileSync(bad, JSON.stringify({ today: "2026-11-02", questions: [{ ...subset.questions[0], tools: { spending_by_kategory: {} } }] }));
    const r = await evalCli(["--questions", bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('question "groceries-2025" names the unknown tool "spending_by_kategory"');
  });
});
