/**
 * The real tool results the benchmark's answers were written over: every call of
 * answers.md run on the demo database (`budget-chat demo-db`, default seed) and on the test
 * fixture (extended variant), as of 2026-11-02 noon UTC with a few monthly budgets, stored
 * in results.json so the labels keep meaning what they meant when they were written.
 *
 *   bun bench/figure-check/capture.ts          re-run every call, rewrite results.json, list what changed
 *   bun bench/figure-check/capture.ts ID…      also print those cases' results (to write answers from)
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { openBudgetDb } from "../../src/ledger/open.ts";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import type { ToolOutput } from "../../src/core/events.ts";
import { READ_TOOLS } from "../../src/tools/registry.ts";
import { createFixture } from "../../test/fixtures/budget-fixture.ts";
import { OUT_DIR } from "../lib.ts";
import { allCalls, readCases, readResults, resultKey, RESULTS_FILE, type Db } from "./cases.ts";

export const NOW = new Date("2026-11-02T12:00:00Z");
export const BUDGETS: Record<Db, { category: string; amount: number; currency: string }[]> = {
  demo: [
    { category: "Groceries", amount: 1500, currency: "CHF" },
    { category: "Dining", amount: 800, currency: "CHF" },
    { category: "Shopping", amount: 1200, currency: "CHF" },
    { category: "Transport", amount: 600, currency: "CHF" },
  ],
  fixture: [
    { category: "Groceries", amount: 150, currency: "CHF" },
    { category: "Subscriptions", amount: 20, currency: "CHF" },
  ],
};

/** The two databases, opened as the app opens them. */
export function openDbs(): { dbs: Record<Db, BudgetDb>; close(): void } {
  mkdirSync(OUT_DIR, { recursive: true });
  const demoPath = join(OUT_DIR, "figure-check-demo.db");
  if (!existsSync(demoPath)) writeDemoDb({ out: demoPath });
  const demo = openBudgetDb({ path: demoPath, explicit: true, notSpending: ["Transfers", "Investments"] });
  const fixture = createFixture({ extended: true });
  return {
    dbs: { demo, fixture: fixture.db },
    close() {
      demo.close();
      fixture.cleanup();
    },
  };
}

export function runCall(db: BudgetDb, which: Db, tool: string, input: unknown): ToolOutput {
  const t = READ_TOOLS.find((x) => x.name === tool);
  if (!t) throw new Error(`no read tool ${tool}`);
  return t.run(db, t.schema.parse(input), { budgets: { list: () => BUDGETS[which] }, now: () => NOW });
}

if (import.meta.main) {
  const cases = readCases();
  const old = existsSync(RESULTS_FILE) ? readResults() : {};
  const { dbs, close } = openDbs();
  const results: Record<string, ToolOutput> = {};
  try {
    for (const c of cases) {
      for (const call of allCalls(c)) {
        const key = resultKey(c.db, call);
        if (!results[key]) results[key] = runCall(dbs[c.db], c.db, call.tool, call.input);
      }
    }
  } finally {
    close();
  }
  const changed = Object.keys(results).filter((k) => old[k] && JSON.stringify(old[k]) !== JSON.stringify(results[k]));
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 1)}\n`);
  console.log(`${Object.keys(results).length} results written to ${RESULTS_FILE}${changed.length ? `; CHANGED (re-check their labels): ${changed.join("; ")}` : ""}`);
  for (const id of process.argv.slice(2)) {
    const c = cases.find((x) => x.id === id);
    if (!c) continue;
    for (const call of allCalls(c)) {
      const out = results[resultKey(c.db, call)]!;
      console.log(`\n=== ${id} ${call.tool} ${JSON.stringify(call.input)}\n${out.summary}`);
      for (const ch of out.charts) console.log(`CHART ${ch.title} ${JSON.stringify(ch.data.labels)} ${ch.data.datasets.map((d) => `${d.name}: ${JSON.stringify(d.values)}`).join(" | ")}`);
      for (const t of out.tables ?? []) console.log(`TABLE ${t.title} [${t.columns.join(" | ")}]\n${t.rows.map((r) => `  ${r.join(" | ")}`).join("\n")}`);
    }
  }
}
