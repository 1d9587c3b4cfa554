/**
 * `budget-chat ask` as a user runs it (a subprocess against the fake Messages API, on a temp
 * copy of the demo data): what it says about the answer's figures after the repair round
 * (SPEC §11.1) — one line, as the repair round left the figures, said once.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatMoney } from "../src/core/format.ts";
import { writeDemoDb } from "../src/ledger/demo/generator.ts";
import { BudgetDb } from "../src/ledger/reader.ts";
import { comparePeriods } from "../src/tools/compare_periods.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./support/fake-anthropic.ts";
import { runCli } from "./support/cli-process.ts";

let dir: string;
let db: string;
let fake: FakeAnthropic;
const COMPARE = { a: { year: 2024 }, b: { year: 2025 } };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bc-ask-cli-"));
  db = join(dir, "budget.db");
  writeDemoDb({ out: db, seed: 7 });
  fake = await startFakeAnthropic();
});
afterAll(async () => {
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("after the repair round the figures line is printed once, with the correction", async () => {
  // Groceries of 2024 and 2025 as the comparison's chart shows them: the answer gives 2024's as 2025's.
  const budget = BudgetDb.open(db);
  const chart = comparePeriods.run(budget, comparePeriods.schema().parse(COMPARE)).charts[0]!;
  budget.close();
  const i = chart.data.labels.indexOf("Groceries");
  const of = (name: string) => formatMoney(chart.data.datasets.find((d) => d.name === name)!.values[i]!, "CHF");
  fake.enqueue(
    { kind: "message", content: [{ type: "tool_use", id: "toolu_cmp", name: "compare_periods", input: COMPARE }] },
    { kind: "message", content: [{ type: "text", text: `In 2025 groceries cost ${of("2024")}.` }] },
    { kind: "message", content: [{ type: "tool_use", id: "toolu_fix", name: "figure_check", input: { figures: [{ n: 1, verdict: "correct", corrected: of("2025"), reason: "2025, not 2024" }] } }] },
  );
  const r = await runCli(["ask", "What did groceries cost in 2025?", "--db", db, "--chat-db", join(dir, "chat.db")], {
    home: dir,
    cwd: dir,
    env: { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: fake.url },
  });
  expect(r.code).toBe(0);
  // The chart as a text table, then the answer (its line ended on stderr, by the figures line).
  expect(r.stdout).toEndWith(`\n\nIn 2025 groceries cost ${of("2024")}.`);
  // One line (not the check's and then the repair's), then the correction.
  const lines = r.stderr.split("\n").filter((l) => l.startsWith("? ") || l.startsWith("Checked:"));
  expect(lines).toEqual(["? 1 figure checked · 1 corrected", `Checked: ${of("2024")} → ${of("2025")} (2025, not 2024)`]);
}, 60_000);

test("a figure found as something else says what it was found as; a repair reply that only names its value again leaves it so", async () => {
  const budget = BudgetDb.open(db);
  const chart = comparePeriods.run(budget, comparePeriods.schema().parse(COMPARE)).charts[0]!;
  budget.close();
  const i = chart.data.labels.indexOf("Groceries");
  const v2024 = chart.data.datasets.find((d) => d.name === "2024")!.values[i]!;
  const said = formatMoney(v2024, "CHF");
  fake.enqueue(
    { kind: "message", content: [{ type: "tool_use", id: "toolu_cmp", name: "compare_periods", input: COMPARE }] },
    { kind: "message", content: [{ type: "text", text: `In 2025 groceries cost ${said}.` }] },
    // "confirmed" by restating 2024's figure (QA of stop 46: this turned the mismatch into "derived").
    { kind: "message", content: [{ type: "tool_use", id: "toolu_fix", name: "figure_check", input: { figures: [{ n: 1, verdict: "confirm", expression: `${v2024} * 1` }] } }] },
  );
  const r = await runCli(["ask", "What did groceries cost in 2025?", "--db", db, "--chat-db", join(dir, "chat.db")], {
    home: dir,
    cwd: dir,
    env: { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: fake.url },
  });
  expect(r.code).toBe(0);
  const lines = r.stderr.split("\n");
  const at = lines.findIndex((l) => l.startsWith("? "));
  expect(lines[at]).toBe("? 1 figure checked · 1 not found");
  expect(lines[at + 1]!.startsWith(`  ${said} (said of 2025 · Groceries`)).toBe(true);
  expect(lines[at + 1]).toContain(`: found as compare_periods`);
  expect(lines[at + 1]).toContain(`2024`);
}, 60_000);
