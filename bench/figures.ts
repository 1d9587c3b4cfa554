/**
 * 9. Checking an answer's figures (SPEC §11): the time to check a 4 KB answer against the
 * figures of 10 tool results (about 2'000 figures), side by side with rendering the same
 * answer's markdown (src/ui/markdown.ts), which every answer pays anyway.
 *
 * Ours: what the product does once the answer's text has ended (src/figures/turn.ts):
 * read the numbers of the answer's last paragraph and what each is said to be about, and
 * search each among the turn's figures (equal, then sums of two or of a list's run,
 * differences, ratios, percentage changes and points, averages over a period's months, weeks
 * and days). The turn's figures are read as each tool result arrives and indexed once, when the
 * model is asked again (while the request is on its way); each paragraph of the answer is
 * checked as soon as a blank line ends it, while the model is still writing (the loop's
 * checkSoFar); those times are printed too, and so is the whole answer's (the target).
 * Baseline: renderMarkdown of the same text.
 * The figures are the real results of 10 tool calls on the demo database; the answer
 * mixes figures copied from them, derived ones (sums, differences, shares, monthly
 * averages) and invented ones (the slow case: every search runs to the end).
 * Target: ≤ 1× (the check costs no more than rendering).
 */
import { openBudgetDb } from "../src/ledger/open.ts";
import { formatMoney, formatPercent, round2 } from "../src/core/format.ts";
import { createTurnFigures } from "../src/figures/turn.ts";
import { callPeriods } from "../src/tools/query/period.ts";
import { renderMarkdown } from "../src/ui/markdown.ts";
import { READ_TOOLS } from "../src/tools/registry.ts";
import { type Check, demoDb, emit, ms, ratio, reps, stats, timer } from "./lib.ts";

const elapsed = timer();
const db = openBudgetDb({ path: demoDb(7300), explicit: true, notSpending: ["Transfers", "Investments"] });
const ledger = db.ledger();
/** A turn's figures, recorded as the chat records them (the vocabulary and periods of the demo database). */
const newTurn = () =>
  createTurnFigures({
    vocabulary: ledger,
    periods: (input) => callPeriods(input, ledger),
    figureKind: (name) => READ_TOOLS.find((t) => t.name === name)?.figureKind,
  });

const CALLS: [string, Record<string, unknown>][] = [
  ["spending_by_category", { year: 2025 }],
  ["spending_by_category", { year: 2024 }],
  ["monthly_trend", { categories: ["Groceries", "Dining", "Transport", "Shopping", "Housing"] }],
  ["income_vs_spending", {}],
  ["merchant_breakdown", { category: "Groceries", top_n: 50 }],
  ["list_transactions", { limit: 100, year: 2024 }],
  ["recurring_payments", {}],
  ["review_transactions", { limit: 250 }],
  ["list_transactions", { limit: 500, year: 2025, sort: "amount" }],
  ["list_transactions", { limit: 500 }],
];
const outputs = CALLS.map(([name, input]) => {
  const tool = READ_TOOLS.find((t) => t.name === name)!;
  return tool.run(db, tool.schema().parse(input), { budgets: { list: () => [] } });
});
/** Records every result as the loop does while the model works (the index is rebuilt after each). */
const record = () => {
  const turn = newTurn();
  CALLS.forEach(([name, input], i) => turn.record({ id: `toolu_${i}`, name, input }, outputs[i]!));
  return turn;
};
const recorded = record();
const figures = recorded.figures;

// A 4 KB answer: paragraphs and a list built from the figures (grounded), their sums,
// differences, shares and monthly averages (derived), and invented amounts (ungrounded).
// Derived figures are computed from what the model read: the summaries' amounts.
const money = figures.filter((f) => f.text.startsWith("CHF ") && f.value > 0 && f.where.startsWith("summary"));
const pick = (i: number) => money[(i * 37) % money.length]!;
const parts: string[] = [];
for (let i = 0; parts.join("\n\n").length < 4096; i++) {
  const a = pick(i);
  const b = pick(i + 1);
  const kind = i % 5;
  if (kind === 0) parts.push(`In 2025 the **${a.where.split(" · ").at(-1)}** line came to ${a.text}, against ${b.text} for the next one (see the chart).`);
  if (kind === 1) parts.push(`Together that is ${formatMoney(round2(a.value + b.value), "CHF")}, a gap of ${formatMoney(round2(Math.abs(a.value - b.value)), "CHF")} between them.`);
  if (kind === 2) parts.push(`- ${a.where.split(" · ").at(-1)}: ${a.text} (${formatPercent(Math.min(a.value, b.value), Math.max(a.value, b.value))} of ${formatMoney(Math.max(a.value, b.value), "CHF")}), about ${formatMoney(round2(a.value / 12), "CHF")} a month over 12 months.`);
  if (kind === 3) parts.push(`On 2025-03-14 and in March 2025 nothing unusual happened; 1st and 3rd quarters were calm, at about CHF ${Math.round(a.value / 100) * 100}.`);
  if (kind === 4) parts.push(`One line does not appear in the data: CHF ${(1000 + i * 7.31).toFixed(2)} for hobbies, and ${312 + i} transactions overall.`);
}
const answer = parts.join("\n\n");
/**
 * The process's CPU time (user + system), in milliseconds: what the check costs, whatever else the machine runs
 * (wall time on a shared machine charges a long task with every preemption it meets, a short one seldom).
 */
const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
/** The answer as it streams: the text so far each time a paragraph has ended (the loop checks then). */
const soFar = parts.slice(1).map((_, k) => `${parts.slice(0, k + 1).join("\n\n")}\n\n`);
const question = "How did my spending in 2025 compare with 2024, and what stands out?";

// Warm up both (JIT), then interleave the samples so machine noise hits both alike.
for (let i = 0; i < 50; i++) {
  recorded.check(answer, question);
  renderMarkdown(answer);
}
const n = reps(400, 50);
const render: number[] = [];
const recording: number[] = [];
const indexing: number[] = [];
const streaming: number[] = [];
const end: number[] = [];
const total: number[] = [];
for (let i = 0; i < n; i++) {
  let t = cpuNow();
  const turn = record();
  recording.push(cpuNow() - t);
  // As the loop does: the figures are indexed once the model is asked again (while the request is on its way), each
  // paragraph is checked once a blank line ends it, while the answer streams, then, once the text has ended, the last.
  t = cpuNow();
  turn.prepare();
  indexing.push(cpuNow() - t);
  t = cpuNow();
  for (const text of soFar) turn.checkSoFar(text, question);
  streaming.push(cpuNow() - t);
  t = cpuNow();
  turn.check(answer, question);
  end.push(cpuNow() - t);
  total.push(streaming.at(-1)! + end.at(-1)!);
  t = cpuNow();
  renderMarkdown(answer);
  render.push(cpuNow() - t);
}
const result = recorded.check(answer, question);
const by = (s: string) => result.filter((f) => f.status === s).length;
const r = stats(render);
const e = stats(end);
const all = stats(total);
const rows = ([
  ["check at the answer's end (its last paragraph: read + search)", end],
  ["check while the answer streams (each paragraph as it ends)", streaming],
  ["whole check: streaming + end", total],
  ["render markdown", render],
  ["record the 10 results (read them, as they arrive, while the model works)", recording],
  ["index the turn's figures (once, while the next model request is on its way)", indexing],
] as const).map(([name, xs]) => {
  const x = stats([...xs]);
  return [name, ms(x.p50), ms(x.p95), ms(x.max), xs === render ? "1×" : ratio(x.p50 / r.p50)];
});
const checks: Check[] = [
  {
    name: "checking a 4 KB answer once it has ended vs rendering its markdown (p50)",
    target: "≤ 1×",
    value: `${ratio(e.p50 / r.p50)} (${ms(e.p50)} vs ${ms(r.p50)})`,
    ok: e.p50 <= r.p50,
  },
  {
    name: "the whole check of a 4 KB answer (each paragraph as it ends, and the last) vs rendering its markdown (p50)",
    target: "≤ 1×",
    value: `${ratio(all.p50 / r.p50)} (${ms(all.p50)} vs ${ms(r.p50)})`,
    ok: all.p50 <= r.p50,
    why: all.p50 <= r.p50 ? undefined : "reading the answer's numbers and what each is about, and the derivation search",
  },
];
emit({
  id: "figures",
  title: "9. Checking an answer's figures (4 KB answer, 10 tool results)",
  method: [
    `ours: checking against ${figures.length} figures of ${CALLS.length} tool results on the demo database, ${n} samples`,
    "baseline: renderMarkdown (marked + the allowlist pass) of the same answer, interleaved with ours; both timed in CPU time",
    `answer: ${answer.length} characters, ${result.length} figures (${by("grounded")} grounded, ${by("derived")} derived, ${by("ungrounded")} ungrounded)`,
  ],
  columns: ["", "p50", "p95", "max", "vs render (p50)"],
  rows,
  checks,
  notes: [],
  seconds: elapsed(),
});
