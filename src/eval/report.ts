/**
 * The eval's reports: one set of figures (`summarize`) written three ways — report.md,
 * a self-contained report.html (every text escaped, no scripts, no remote assets) and
 * the summary printed on the terminal.
 */
import type { ExpectedFigure } from "../../eval/oracle.ts";
import { escapeHtml } from "../core/html.ts";
import { formatCount, formatMoney, formatPercent } from "../core/format.ts";
import { estimateCost, formatUsd } from "../pricing.ts";
import type { EvalResult, QuestionResult } from "./run.ts";

/** One line of figures, per question or overall. */
export type Line = {
  /** Repeats right / repeats (per question) or questions right / questions (overall). */
  right: number;
  of: number;
  /** Runs with an acceptable tool, with the key arguments, and with every expected figure. */
  rightTool: number;
  rightArgs: number;
  allFigures: number;
  runs: number;
  /** Expected figures found / expected, over the runs. */
  figuresFound: number;
  figuresExpected: number;
  /** Ungrounded figures over the runs. */
  ungrounded: number;
  errors: number;
  /** Means per run. */
  steps: number;
  latencyMs: number;
  maxLatencyMs: number;
  inputTokens: number;
  outputTokens: number;
  cost: number | "unknown";
  /** pass^1: the share of runs right; pass^k: the chance that k runs in a row are right (k = the repeats), from c right of n as C(c,k) ÷ C(n,k). */
  pass1: number;
  passK: number;
};

/** C(n, k), small n. */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** pass^k of one question from its runs: C(c,k) ÷ C(n,k) for c right of n runs. */
export function passAt(k: number, right: number, runs: number): number {
  return runs >= k && k > 0 ? choose(right, k) / choose(runs, k) : 0;
}

function lineOf(result: EvalResult, questions: QuestionResult[], right: number, of: number): Line {
  const runs = questions.flatMap((q) => q.runs);
  const n = runs.length || 1;
  const sum = (f: (r: (typeof runs)[number]) => number) => runs.reduce((s, r) => s + f(r), 0);
  const usage = {
    input_tokens: sum((r) => r.usage.input_tokens),
    output_tokens: sum((r) => r.usage.output_tokens),
    cache_creation_input_tokens: sum((r) => r.usage.cache_creation_input_tokens),
    cache_read_input_tokens: sum((r) => r.usage.cache_read_input_tokens),
  };
  return {
    right,
    of,
    rightTool: runs.filter((r) => r.score.rightTool).length,
    rightArgs: runs.filter((r) => r.score.rightArgs).length,
    allFigures: runs.filter((r) => r.score.present.every(Boolean)).length,
    runs: runs.length,
    figuresFound: sum((r) => r.score.present.filter(Boolean).length),
    figuresExpected: sum((r) => r.score.present.length),
    ungrounded: sum((r) => r.ungrounded.length),
    errors: runs.filter((r) => r.error).length,
    steps: sum((r) => r.steps) / n,
    latencyMs: sum((r) => r.latencyMs) / n,
    maxLatencyMs: runs.reduce((m, r) => Math.max(m, r.latencyMs), 0),
    // Every input token the model read, cached or not.
    inputTokens: usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens,
    outputTokens: usage.output_tokens,
    cost: estimateCost(result.model, usage),
    // Overall: the mean over questions of each question's pass^1 and pass^k.
    pass1: mean(questions.map((q) => passAt(1, q.runs.filter((r) => r.score.right).length, q.runs.length))),
    passK: mean(questions.map((q) => passAt(result.repeat, q.runs.filter((r) => r.score.right).length, q.runs.length))),
  };
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export function summarize(result: EvalResult): { overall: Line; perQuestion: Line[] } {
  const perQuestion = result.questions.map((q) => lineOf(result, [q], q.runs.filter((r) => r.score.right).length, q.runs.length));
  const right = result.questions.filter((q) => q.right).length;
  return { overall: lineOf(result, result.questions, right, result.questions.length), perQuestion };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ratio = (a: number, b: number) => `${a}/${b}`;

function formatExpected(f: ExpectedFigure): string {
  if (f.kind === "money") return formatMoney(f.value, f.currency);
  if (f.kind === "percent") return formatPercent(f.value, 100);
  return formatCount(f.value);
}

/** The rows of the per-question table, as plain text cells (escaped by each writer). */
function questionRows(result: EvalResult, lines: Line[]): string[][] {
  return result.questions.map((q, i) => {
    const l = lines[i]!;
    return [
      q.question.id,
      q.right ? "yes" : "no",
      ratio(l.right, l.of),
      ratio(l.rightTool, l.runs),
      ratio(l.rightArgs, l.runs),
      ratio(l.figuresFound, l.figuresExpected),
      String(l.ungrounded),
      l.steps.toFixed(1),
      `${formatCount(l.inputTokens)} / ${formatCount(l.outputTokens)}`,
      formatUsd(l.cost),
      seconds(l.latencyMs),
      l.pass1.toFixed(2),
      l.passK.toFixed(2),
    ];
  });
}

const HEAD = ["question", "right", "repeats right", "right tool", "right arguments", "figures found", "ungrounded", "steps", "tokens in / out", "cost", "latency", "pass^1", "pass^k"];

/** What went wrong in each run that was not right: for the details section of both reports. */
function failures(result: EvalResult) {
  return result.questions
    .filter((q) => !q.right)
    .map((q) => ({
      q,
      runs: q.runs
        .map((r, i) => ({ r, i }))
        .filter(({ r }) => !r.score.right)
        .map(({ r, i }) => ({
          repeat: i + 1,
          problems: [
            ...(r.error ? [`error: ${r.error}`] : []),
            ...(!r.score.rightTool ? [`no acceptable tool (expected one of: ${Object.keys(q.question.tools).join(", ")})`] : []),
            ...(r.score.rightTool && !r.score.rightArgs ? [`key arguments not passed (expected ${JSON.stringify(q.question.tools)})`] : []),
            ...q.question.expected.filter((_, k) => !r.score.present[k]).map((f) => `missing figure: ${f.label} = ${formatExpected(f)}`),
            ...(r.ungrounded.length ? [`ungrounded: ${r.ungrounded.join(", ")}`] : []),
          ],
          calls: r.calls.map((c) => `${c.tool} ${JSON.stringify(c.input)}${c.ok ? "" : ` (failed${c.error ? `: ${c.error}` : ""})`}`),
          answer: r.answer,
        })),
    }));
}

function overviewRows(result: EvalResult, o: Line): [string, string][] {
  return [
    ["score (questions right, every repeat)", `${o.right}/${o.of} = ${result.score.toFixed(3)}`],
    [`pass^k, k = ${result.repeat} (mean over questions)`, o.passK.toFixed(3)],
    ["pass^1 (mean over questions)", o.pass1.toFixed(3)],
    ["runs", `${o.runs} (${result.repeat} per question, ${result.concurrency} at a time)`],
    ["right tool", ratio(o.rightTool, o.runs)],
    ["right arguments", ratio(o.rightArgs, o.runs)],
    ["every expected figure in the answer", ratio(o.allFigures, o.runs)],
    ["expected figures found", ratio(o.figuresFound, o.figuresExpected)],
    ["ungrounded figures", String(o.ungrounded)],
    ["runs that failed (error)", String(o.errors)],
    ["steps (model calls) per run", o.steps.toFixed(2)],
    ["tokens in / out (all runs)", `${formatCount(o.inputTokens)} / ${formatCount(o.outputTokens)}`],
    ["cost (all runs)", formatUsd(o.cost)],
    ["latency per run: mean / max", `${seconds(o.latencyMs)} / ${seconds(o.maxLatencyMs)}`],
    ["wall time", seconds(result.durationMs)],
  ];
}

function setting(result: EvalResult): [string, string][] {
  return [
    ["model", result.model],
    ["date", result.startedAt.slice(0, 10)],
    ["endpoint", result.baseUrl || "Anthropic API"],
    ["database", result.database],
    ["today (as told to the agent)", result.today],
    ["started", result.startedAt],
  ];
}

// ---------------------------------------------------------------------------------------
// Markdown

/** A table cell: one line, pipes escaped. */
const cell = (s: string) => s.replace(/\s+/g, " ").replace(/\|/g, "\\|");

export function markdownReport(result: EvalResult): string {
  const { overall, perQuestion } = summarize(result);
  const out: string[] = [`# budget-chat eval: ${cell(result.model)}`, ""];
  for (const [k, v] of setting(result)) out.push(`- ${k}: ${cell(v)}`);
  out.push("", "## Overall", "", "| | |", "|---|---|");
  for (const [k, v] of overviewRows(result, overall)) out.push(`| ${k} | ${cell(v)} |`);
  out.push("", "## Per question", "", `| ${HEAD.join(" | ")} |`, `|${HEAD.map(() => "---").join("|")}|`);
  for (const row of questionRows(result, perQuestion)) out.push(`| ${row.map(cell).join(" | ")} |`);
  const failed = failures(result);
  if (failed.length) {
    out.push("", "## What went wrong");
    for (const f of failed) {
      out.push("", `### ${cell(f.q.question.id)}: ${cell(f.q.question.question)}`);
      for (const r of f.runs) {
        out.push("", `Repeat ${r.repeat}:`, "");
        for (const p of r.problems) out.push(`- ${cell(p)}`);
        out.push(`- tool calls: ${r.calls.length ? r.calls.map((c) => `\`${c.replace(/`/g, "'")}\``).join(", ") : "none"}`);
        // The answer verbatim in a fence longer than any backtick run in it, so no markdown or HTML in it takes effect.
        const answer = r.answer.trim() || "(no text)";
        const fence = "`".repeat(Math.max(3, ...[...answer.matchAll(/`+/g)].map((m) => m[0].length + 1)));
        out.push("", "Answer:", "", `${fence}text`, answer, fence);
      }
    }
  }
  return `${out.join("\n")}\n`;
}

// ---------------------------------------------------------------------------------------
// HTML

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1a1a1a;max-width:80rem}
table{border-collapse:collapse;margin:.5rem 0 1.5rem}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f2f2f2}td.num{text-align:right;font-variant-numeric:tabular-nums}
.no{font-weight:bold}.no::before{content:"✗ "}.yes::before{content:"✓ "}
pre{white-space:pre-wrap;background:#f7f7f7;border:1px solid #ddd;padding:.5rem;max-width:60rem}`;

export function htmlReport(result: EvalResult): string {
  const e = escapeHtml;
  const { overall, perQuestion } = summarize(result);
  const rows = questionRows(result, perQuestion)
    .map(
      (row) =>
        `<tr>${row
          .map((c, i) => (i === 1 ? `<td class="${c === "yes" ? "yes" : "no"}">${e(c)}</td>` : `<td${i >= 2 ? ' class="num"' : ""}>${e(c)}</td>`))
          .join("")}</tr>`,
    )
    .join("\n");
  const details = failures(result)
    .map(
      (f) =>
        `<section><h3>${e(f.q.question.id)}: ${e(f.q.question.question)}</h3>${f.runs
          .map(
            (r) =>
              `<h4>Repeat ${r.repeat}</h4><ul>${r.problems.map((p) => `<li>${e(p)}</li>`).join("")}<li>tool calls: ${
                r.calls.length ? r.calls.map((c) => `<code>${e(c)}</code>`).join(", ") : "none"
              }</li></ul><pre>${e(r.answer.trim() || "(no text)")}</pre>`,
          )
          .join("")}</section>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>budget-chat eval: ${e(result.model)}</title><style>${STYLE}</style></head>
<body><main>
<h1>budget-chat eval: ${e(result.model)}</h1>
<ul>${setting(result)
    .map(([k, v]) => `<li>${e(k)}: ${e(v)}</li>`)
    .join("")}</ul>
<h2>Overall</h2>
<table><tbody>${overviewRows(result, overall)
    .map(([k, v]) => `<tr><th scope="row">${e(k)}</th><td>${e(v)}</td></tr>`)
    .join("")}</tbody></table>
<h2>Per question</h2>
<table><thead><tr>${HEAD.map((h) => `<th scope="col">${e(h)}</th>`).join("")}</tr></thead><tbody>
${rows}
</tbody></table>
${details ? `<h2>What went wrong</h2>\n${details}` : ""}
</main></body></html>
`;
}

// ---------------------------------------------------------------------------------------
// Terminal

export function textSummary(result: EvalResult, outDir: string): string {
  const { overall } = summarize(result);
  const lines = overviewRows(result, overall).map(([k, v]) => `  ${k.padEnd(40)} ${v}`);
  const wrong = result.questions.filter((q) => !q.right).map((q) => q.question.id);
  return [
    `eval of ${result.model} on ${result.questions.length} questions:`,
    ...lines,
    ...(wrong.length ? [`  not right: ${wrong.join(", ")}`] : []),
    `reports: ${outDir}/report.md, ${outDir}/report.html`,
  ].join("\n");
}
