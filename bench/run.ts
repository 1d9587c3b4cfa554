/**
 * The benchmark suite (`npm run bench`): runs the scripts below one after another, each in
 * its own process, prints their figures and a combined table of targets. Budget: 10 minutes
 * on the 2-core machine (issue 37 item 8); the scripts of one run share one build of
 * budget-chat (BENCH_SUITE_RUN, bench/lib.ts ourBinary) and the cached demo databases.
 *
 *   bun bench/run.ts                 run all six
 *   bun bench/run.ts --write         … and rewrite bench/RESULTS.md with this run
 *   bun bench/run.ts --quick         fewer repetitions (to try the scripts; not for RESULTS.md)
 *   bun bench/run.ts --only a,b      only these (ids: tool-latency, server-overhead,
 *                                    concurrency, startup, cli-tool, page-weight, context-size, sse-bytes,
 *                                    stored-text, transactions-page, figures, figure-check, figure-links, import, import-parse,
 *                                    import-responsive, write-stall, rules)
 *
 * RESULTS.md is generated, except the part between `<!-- analysis -->` and
 * `<!-- /analysis -->`, which is kept from the previous file (hand-written analysis).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BENCH_DIR, BUN, type BenchResult, machine, RESULT_PREFIX, ROOT, table, timer } from "./lib.ts";

const SCRIPTS = [
  { id: "tool-latency", file: "tool-latency.ts" },
  { id: "server-overhead", file: "server-overhead.ts" },
  { id: "concurrency", file: "concurrency.ts" },
  { id: "startup", file: "startup.ts" },
  { id: "cli-tool", file: "cli-tool.ts" },
  { id: "page-weight", file: "page-weight.ts" },
  { id: "context-size", file: "context-size.ts" },
  { id: "sse-bytes", file: "sse-bytes.ts" },
  { id: "stored-text", file: "stored-text.ts" },
  { id: "transactions-page", file: "transactions-page.ts" },
  { id: "figures", file: "figures.ts" },
  { id: "figure-check", file: "figure-check.ts" },
  { id: "figure-links", file: "figure-links.ts" },
  { id: "import", file: "import.ts" },
  { id: "import-parse", file: "import-parse.ts" },
  { id: "import-responsive", file: "import-responsive.ts" },
  { id: "write-stall", file: "write-stall.ts" },
  { id: "rules", file: "rules.ts" },
];
const BUDGET_S = 600;

const args = process.argv.slice(2);
const write = args.includes("--write");
const quick = args.includes("--quick");
const onlyArg = args.find((a) => a.startsWith("--only"));
const only = onlyArg ? (onlyArg.includes("=") ? onlyArg.split("=")[1] : args[args.indexOf(onlyArg) + 1])!.split(",") : null;
if (write && (quick || only)) {
  console.error("--write records a full run: do not combine it with --quick or --only");
  process.exit(2);
}

const elapsed = timer();
const host = machine();
console.log(`budget-chat benchmarks — ${host.date}`);
console.log(`machine: ${host.nproc} CPUs (nproc), ${host.cpu}, ${host.memory} RAM, bun ${host.bun}, ${host.kernel}, load ${host.loadavg}\n`);

type Outcome = { id: string; file: string; result: BenchResult | null; error: string | null; seconds: number };
const outcomes: Outcome[] = [];

for (const s of SCRIPTS) {
  if (only && !only.includes(s.id)) continue;
  console.log(`\n#### ${s.id} (bench/${s.file})`);
  const t = timer();
  const proc = Bun.spawn([BUN, join(BENCH_DIR, s.file), ...(quick ? ["--quick"] : [])], {
    cwd: ROOT,
    // The scripts of one run share what they build (bench/lib.ts ourBinary: one build of budget-chat per run).
    env: { ...process.env, BENCH_SUITE_RUN: host.date },
    stdout: "pipe",
    stderr: "pipe",
  });
  let result: BenchResult | null = null;
  let errTail = "";
  const out = (async () => {
    const dec = new TextDecoder();
    let buf = "";
    for await (const chunk of proc.stdout) {
      buf += dec.decode(chunk, { stream: true });
      let nl: number;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line.startsWith(RESULT_PREFIX)) result = JSON.parse(line.slice(RESULT_PREFIX.length)) as BenchResult;
        else console.log(line);
      }
    }
    if (buf) console.log(buf);
  })();
  const err = (async () => {
    const dec = new TextDecoder();
    for await (const chunk of proc.stderr) {
      const text = dec.decode(chunk, { stream: true });
      process.stderr.write(text);
      errTail = (errTail + text).slice(-2000);
    }
  })();
  const code = await proc.exited;
  await Promise.all([out, err]);
  const error = code !== 0 || !result ? `exit code ${code}${result ? "" : ", no result"}: ${errTail.trim().split("\n").slice(-6).join(" / ")}` : null;
  outcomes.push({ id: s.id, file: s.file, result, error, seconds: t() });
}

// ---------------------------------------------------------------------------------
// Combined table

const summaryRows: string[][] = [];
for (const o of outcomes) {
  if (!o.result) {
    summaryRows.push([o.id, "(script failed)", "", o.error ?? "", "FAILED"]);
    continue;
  }
  for (const c of o.result.checks) summaryRows.push([o.id, c.name, c.target, c.value, c.ok ? "met" : "MISSED"]);
}
const total = elapsed();
// The suite's own budget (issue 37 item 8), for a full run.
if (!only && !quick) {
  summaryRows.push(["suite", "the whole suite's wall time", `≤ ${BUDGET_S} s`, `${total.toFixed(0)} s`, total <= BUDGET_S ? "met" : "MISSED"]);
}
console.log(`\n==================== summary (${total.toFixed(0)} s) ====================`);
console.log(table(["benchmark", "check", "target", "measured", "status"], summaryRows));
for (const o of outcomes) console.log(`  ${o.id}: ${o.seconds.toFixed(0)} s${o.error ? `  FAILED ${o.error}` : ""}`);
if (total > BUDGET_S) console.log(`  WARNING: the suite took ${total.toFixed(0)} s, over its ${BUDGET_S} s budget`);

// ---------------------------------------------------------------------------------
// RESULTS.md

if (write) {
  const path = join(BENCH_DIR, "RESULTS.md");
  const previous = existsSync(path) ? readFileSync(path, "utf8") : "";
  const kept = previous.match(/<!-- analysis -->[\s\S]*?<!-- \/analysis -->/)?.[0] ?? "<!-- analysis -->\n<!-- /analysis -->";
  const md: string[] = [
    "# budget-chat benchmark results",
    "",
    "Generated by `bun bench/run.ts --write` (`npm run bench -- --write`); the analysis section is kept between runs.",
    "Every figure is measured side by side with its baseline in this one run: the machine is shared and noisy,",
    "so compare ratios and differences, not absolute times across runs.",
    "",
    "## Machine",
    "",
    `- date: ${host.date}`,
    `- nproc: ${host.nproc}`,
    `- CPU: ${host.cpu}`,
    `- memory: ${host.memory}`,
    `- bun: ${host.bun}`,
    `- kernel: ${host.kernel}`,
    `- load average at start (1/5/15 min): ${host.loadavg} — other work was running on the machine`,
    `- suite wall time: ${total.toFixed(0)} s (${outcomes.map((o) => `${o.id} ${o.seconds.toFixed(0)} s`).join(", ")})`,
    "",
    "## Targets",
    "",
    table(["benchmark", "check", "target", "measured", "status"], summaryRows),
    "",
    kept,
    "",
  ];
  for (const o of outcomes) {
    md.push(`## ${o.result?.title ?? o.id}`, "");
    if (!o.result) {
      md.push(`FAILED: ${o.error}`, "");
      continue;
    }
    md.push(...o.result.method.map((m) => `- ${m}`), "", table(o.result.columns, o.result.rows), "");
    for (const c of o.result.checks) {
      md.push(`- **${c.ok ? "met" : "MISSED"}** — ${c.name}: ${c.value} (target ${c.target})${!c.ok && c.why ? `. Cause: ${c.why}` : ""}`);
    }
    if (o.result.notes.length) md.push("", ...o.result.notes.map((n) => `- note: ${n}`));
    md.push("");
  }
  writeFileSync(path, md.join("\n"));
  console.log(`\nwrote ${path}`);
}

process.exit(outcomes.some((o) => o.error) ? 1 : 0);
