/**
 * Import benchmark (issues 21, 31 and 37): rows per second importing a 100,000-row CSV into a new
 * budget.db with classification off, as `budget-chat import` does it (parse → ids → duplicate
 * checks → cache lookups → one write-path transaction on this thread with each row's
 * transaction_details; the server writes in its budget write worker instead), side by side with the
 * floor: the same rows, already parsed and with their transaction ids, inserted with one
 * prepared bun:sqlite statement in one transaction. A second floor inserts them under
 * sequential placeholder ids instead: what the unique index on transaction_id costs when its
 * keys arrive in order, for reference. Then a 1,000,000-row CSV through the CLI
 * (`budget-chat import`, no size cap since round 4): its time and peak RSS.
 *
 *   node_modules/.bin/bun bench/import.ts [--runs N] [--rows N] [--cli-rows N]
 *
 * Each run is a fresh child process (so its peak RSS, VmHWM, is its own), ours and the
 * floor alternating. Targets: ours ≤ 3× the floor's time; ours' peak RSS ≤ 300 MB at
 * 100k rows; the 1M-row CLI import's peak RSS ≤ 500 MB.
 */
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PIPELINE_DDL } from "../src/ledger/pipeline.ts";
import { Importer } from "../src/import/importer.ts";
import { Store } from "../src/store/store.ts";
import { BUN, emit, OUT_DIR, timer } from "./lib.ts";

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const ROWS = arg("--rows", 100_000);
const CLI_ROWS = arg("--cli-rows", process.argv.includes("--quick") ? 200_000 : 1_000_000);
const RUNS = process.argv.includes("--quick") ? 1 : arg("--runs", 3);
const DIR = join(OUT_DIR, "import");
const csvPath = (rows: number) => join(DIR, `statement-${rows}.csv`);
const CSV = csvPath(ROWS);
const MERCHANTS = ["Migros", "Coop", "SBB CFF FFS", "Denner", "Restaurant Hiltl", "Digitec Galaxus", "Swisscom", "Apotheke Bahnhof", "Zalando", "Shell"];

function peakRssMb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
  return m ? Number(m[1]) / 1024 : process.memoryUsage().rss / 1e6;
}

function writeCsv(rows: number): void {
  const lines = ["Date;Amount;Currency;Description"];
  for (let i = 0; i < rows; i++) {
    const day = 1 + (i % 28);
    const month = 1 + (Math.floor(i / 28) % 12);
    const year = 2020 + Math.floor(i / (28 * 12)) % 6;
    const amount = -((i * 7919) % 50000) / 100 - 1;
    lines.push(`${String(day).padStart(2, "0")}.${String(month).padStart(2, "0")}.${year};${amount.toFixed(2)};CHF;${MERCHANTS[i % MERCHANTS.length]} ${i % 97} Zürich ${i}`);
  }
  writeFileSync(csvPath(rows), lines.join("\n") + "\n");
}

type Kind = "ours" | "floor" | "floor-sequential";

async function child(kind: Kind): Promise<void> {
  const target = join(DIR, `${kind}-${process.pid}.db`);
  rmSync(target, { force: true });
  const bytes = readFileSync(CSV);
  const store = Store.memory();
  // As the command line makes it (app.ts, openLocal): its rows written on this thread, not in the budget write worker.
  const importer = new Importer({ target, store, model: null, writesOnThisThread: true });
  let seconds: number;
  let rows: number;
  const phases: Record<string, number> = {};
  if (kind === "ours") {
    const t = timer();
    const parsed = importer.parse({ name: "statement.csv", bytes });
    phases.parse = t();
    const plan = await importer.plan(parsed, { classify: "offline" });
    phases.plan = t() - phases.parse;
    rows = (await importer.commit(plan, { actor: { userId: null, by: "bench", via: "cli" } })).inserted;
    seconds = t();
    phases.commit = seconds - phases.parse - phases.plan;
  } else {
    // The same rows, parsed and given their ids outside the timing: only the insert is the floor.
    const parsed = importer.parse({ name: "statement.csv", bytes });
    const t0 = parsed.rows;
    const ids = kind === "floor" ? parsed.ids : Array.from({ length: t0.length }, (_, i) => `id-${i}`);
    const db = new Database(target, { create: true });
    db.run(PIPELINE_DDL);
    db.run("ALTER TABLE transactions ADD COLUMN account TEXT");
    const t = timer();
    const insert = db.prepare(
      "INSERT INTO transactions (date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, import_batch, created_at, account) VALUES (?, ?, ?, ?, ?, 'Uncategorised', 'unclassified', 0, ?, 'b', 't', NULL)",
    );
    db.transaction(() => {
      for (let i = 0; i < t0.length; i++) insert.run(t0.date(i), t0.descriptionOf(i), t0.amount(i), t0.currencyOf(i), t0.descriptionOf(i), ids[i]!);
    })();
    seconds = t();
    rows = parsed.rows.length;
    db.close();
  }
  store.close();
  rmSync(target, { force: true });
  console.log(JSON.stringify({ seconds, rows, peakMb: peakRssMb(), phases }));
}

/** The 1M-row CSV through `budget-chat import` (a process of its own, measured by /usr/bin/time): seconds and peak RSS in MB. */
async function cliRun(): Promise<{ seconds: number; peakMb: number; inserted: number }> {
  if (!existsSync(csvPath(CLI_ROWS))) writeCsv(CLI_ROWS);
  const scratch = join(DIR, `cli-${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const p = Bun.spawn(
    ["/usr/bin/time", "-f", "TIME %e %M", BUN, join(import.meta.dir, "../src/main.ts"), "import", csvPath(CLI_ROWS), "--db", join(scratch, "budget.db"), "--chat-db", join(scratch, "chat.db"), "--no-classify", "--json", "--keep-backups", "0"],
    { stdout: "pipe", stderr: "pipe", env: { PATH: process.env.PATH ?? "", HOME: scratch } },
  );
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  rmSync(scratch, { recursive: true, force: true });
  const m = /TIME ([\d.]+) (\d+)/.exec(err);
  if (code !== 0 || !m) throw new Error(`the CLI import failed (exit ${code}): ${err}`);
  return { seconds: Number(m[1]), peakMb: Number(m[2]) / 1024, inserted: JSON.parse(out).files[0].inserted };
}

async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  writeCsv(ROWS);
  const total = timer();
  const runs: Record<Kind, { seconds: number; rows: number; peakMb: number; phases: Record<string, number> }[]> = { ours: [], floor: [], "floor-sequential": [] };
  for (let i = 0; i < RUNS; i++) {
    for (const kind of ["floor", "ours", "floor-sequential"] as const) {
      const p = Bun.spawn([BUN, import.meta.path, "--child", kind, "--rows", String(ROWS)], { stdout: "pipe", stderr: "inherit" });
      const out = await new Response(p.stdout).text();
      if ((await p.exited) !== 0) throw new Error(`${kind} run failed`);
      runs[kind].push(JSON.parse(out.trim().split("\n").at(-1)!));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ours = median(runs.ours.map((r) => r.seconds));
  const floor = median(runs.floor.map((r) => r.seconds));
  const sequential = median(runs["floor-sequential"].map((r) => r.seconds));
  const peak = Math.max(...runs.ours.map((r) => r.peakMb));
  const rate = (s: number) => `${Math.round(ROWS / s).toLocaleString("en")} rows/s`;
  const cli = await cliRun();
  emit({
    id: "import",
    title: `Import of a ${ROWS.toLocaleString("en")}-row CSV, classification off`,
    method: [
      "ours: budget-chat's import as the CLI runs it (parse, ids, duplicate checks, cache lookups, one write-path transaction on its own thread) into a new budget.db",
      "floor: the same parsed rows, with their transaction ids, inserted with one prepared bun:sqlite statement in one transaction",
      "floor, sequential ids: the same, but under placeholder ids that arrive in order (the unique index's cheapest case; reference only)",
    ],
    columns: ["", "median time", "rows per second", "peak RSS"],
    rows: [
      ["ours", `${(ours * 1000).toFixed(0)} ms`, rate(ours), `${peak.toFixed(0)} MB`],
      ["floor", `${(floor * 1000).toFixed(0)} ms`, rate(floor), `${Math.max(...runs.floor.map((r) => r.peakMb)).toFixed(0)} MB`],
      ["floor, sequential ids", `${(sequential * 1000).toFixed(0)} ms`, rate(sequential), `${Math.max(...runs["floor-sequential"].map((r) => r.peakMb)).toFixed(0)} MB`],
      [`CLI, ${CLI_ROWS.toLocaleString("en")} rows`, `${(cli.seconds * 1000).toFixed(0)} ms`, `${Math.round(CLI_ROWS / cli.seconds).toLocaleString("en")} rows/s`, `${cli.peakMb.toFixed(0)} MB`],
    ],
    checks: [
      { name: "time vs the floor", target: "≤ 3×", value: `${(ours / floor).toFixed(2)}×`, ok: ours <= 3 * floor },
      { name: "peak RSS", target: "≤ 300 MB", value: `${peak.toFixed(0)} MB`, ok: peak <= 300 },
      { name: `CLI import of ${CLI_ROWS.toLocaleString("en")} rows: peak RSS`, target: "≤ 500 MB", value: `${cli.peakMb.toFixed(0)} MB`, ok: cli.peakMb <= 500 && cli.inserted === CLI_ROWS },
    ],
    notes: [
      `${RUNS} runs each, alternating, each in a fresh process; every run inserted ${runs.ours[0]!.rows.toLocaleString("en")} rows`,
      `against the sequential-id floor ours is ${(ours / sequential).toFixed(2)}×`,
      `ours by phase (median): ${["parse", "plan", "commit"].map((k) => `${k} ${(median(runs.ours.map((r) => r.phases[k]!)) * 1000).toFixed(0)} ms`).join(", ")} ` +
        "(parse: reading the CSV into rows; plan: transaction ids (SHA-256 for rows without a bank reference), duplicate and possible-duplicate checks, cache lookups; commit: the write-path transaction)",
      "the floor's process parsed the file too (outside its timing), so its peak RSS includes the parsed rows",
    ],
    seconds: total(),
  });
}

const childArg = process.argv.indexOf("--child");
if (childArg > 0) await child(process.argv[childArg + 1] as Kind);
else await main();
