/**
 * The real tool results the benchmark's answers were written over: every call of an answers
 * file run on the demo database (`budget-chat demo-db`, default seed), on the test fixture
 * (extended variant) and on the realistic household (test/fixtures/household.ts: four
 * accounts, CHF and EUR, transaction facts, a partner's contributions), stored in the results
 * file beside the answers so the labels keep meaning what they meant when they were written.
 * The demo and the fixture are read as of 2026-11-02 noon UTC, the household (whose data ends
 * on 2025-12-31) as of 2026-01-05; each with a few monthly budgets.
 *
 *   bun bench/figure-check/capture.ts          re-run every call, rewrite the results, list what changed
 *   bun bench/figure-check/capture.ts ID…      also print those cases' results (to write answers from)
 *
 * A frozen answers file (answers.md, written over round 2's tools) keeps its results as they
 * were: a call whose result the tools now give differently is listed, not rewritten, since its
 * labels were worked out from the old result (`--refresh` rewrites them anyway: re-check them).
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { openBudgetDb } from "../../src/ledger/open.ts";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import type { ToolOutput } from "../../src/core/events.ts";
import type { ToolContext } from "../../src/tools/types.ts";
import { READ_TOOLS } from "../../src/tools/registry.ts";
import { createFixture } from "../../test/fixtures/budget-fixture.ts";
import { writeHousehold } from "../../test/fixtures/household.ts";
import { OUT_DIR } from "../lib.ts";
import { allCalls, FILES, readCases, readResults, resultKey, type Db } from "./cases.ts";

export const NOW: Record<Db, Date> = {
  demo: new Date("2026-11-02T12:00:00Z"),
  fixture: new Date("2026-11-02T12:00:00Z"),
  household: new Date("2026-01-05T12:00:00Z"),
};
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
  household: [
    { category: "Groceries", amount: 500, currency: "CHF" },
    { category: "Dining", amount: 150, currency: "CHF" },
    { category: "Housing", amount: 2200, currency: "CHF" },
  ],
};
/** The household's partner, whose money in counts as income (SPEC §1, household contributions). */
const CONTRIBUTIONS: Record<Db, string[]> = { demo: [], fixture: [], household: ["Alex Muster"] };

/** The three databases, opened as the app opens them. */
export function openDbs(): { dbs: Record<Db, BudgetDb>; close(): void } {
  mkdirSync(OUT_DIR, { recursive: true });
  const demoPath = join(OUT_DIR, "figure-check-demo.db");
  if (!existsSync(demoPath)) writeDemoDb({ out: demoPath });
  const demo = openBudgetDb({ path: demoPath, explicit: true, notSpending: ["Transfers", "Investments"] });
  const fixture = createFixture({ extended: true });
  const householdPath = join(OUT_DIR, "figure-check-household.db");
  if (!existsSync(householdPath)) writeHousehold(householdPath);
  const household = openBudgetDb({ path: householdPath, explicit: true, notSpending: ["Transfers", "Investments"] });
  return {
    dbs: { demo, fixture: fixture.db, household },
    close() {
      demo.close();
      household.close();
      fixture.cleanup();
    },
  };
}

export function runCall(db: BudgetDb, which: Db, tool: string, input: unknown): ToolOutput {
  const t = READ_TOOLS.find((x) => x.name === tool);
  if (!t) throw new Error(`no read tool ${tool}`);
  const ctx: ToolContext = { budgets: { list: () => BUDGETS[which] }, contributions: { counterparties: () => CONTRIBUTIONS[which] }, now: () => NOW[which] };
  return t.run(db, t.schema().parse(input), ctx);
}

if (import.meta.main) {
  const refresh = process.argv.includes("--refresh");
  const ids = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const { dbs, close } = openDbs();
  try {
    for (const file of FILES) {
      if (!existsSync(file.answers)) continue;
      const cases = readCases(file.answers, file.results);
      const old = readResults(file.results);
      const results: Record<string, ToolOutput> = {};
      for (const c of cases) {
        for (const call of allCalls(c)) {
          const key = resultKey(c.db, call);
          if (!results[key]) results[key] = runCall(dbs[c.db], c.db, call.tool, call.input);
        }
      }
      const changed = Object.keys(results).filter((k) => old[k] && JSON.stringify(old[k]) !== JSON.stringify(results[k]));
      const keep = file.frozen && !refresh;
      const written = keep ? Object.fromEntries(Object.entries(results).map(([k, v]) => [k, old[k] ?? v])) : results;
      writeFileSync(file.results, `${JSON.stringify(written, null, 1)}\n`);
      const what = keep ? "KEPT AS WRITTEN OVER (the tools now give them differently; --refresh rewrites them)" : "CHANGED (re-check their labels)";
      console.log(`${Object.keys(written).length} results written to ${file.results}${changed.length ? `; ${changed.length} ${what}: ${changed.join("; ")}` : ""}`);
      for (const id of ids) {
        const c = cases.find((x) => x.id === id);
        if (!c) continue;
        for (const call of allCalls(c)) {
          const out = written[resultKey(c.db, call)]!;
          console.log(`\n=== ${id} ${call.tool} ${JSON.stringify(call.input)}\n${out.summary}`);
          for (const ch of out.charts) console.log(`CHART ${ch.title} ${JSON.stringify(ch.data.labels)} ${ch.data.datasets.map((d) => `${d.name}: ${JSON.stringify(d.values)}`).join(" | ")}`);
          for (const t of out.tables ?? []) console.log(`TABLE ${t.title} [${t.columns.join(" | ")}]\n${t.rows.map((r) => `  ${r.join(" | ")}`).join("\n")}`);
        }
      }
    }
  } finally {
    close();
  }
}
