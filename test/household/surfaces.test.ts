/**
 * Issue 33's "done when": every case gives the right figure through the CLI `tool` command, the
 * chat (the real agent loop against the fake model) and MCP — the same household
 * (test/fixtures/household.ts), the same app database (a contribution marked and a budget set
 * with the CLI, as a user would). The figures are the ones worked out by hand in
 * test/tools/household.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import Ajv from "ajv";
import { BudgetDb } from "../../src/ledger/reader.ts";
import { createMcpServer } from "../../src/mcp/server.ts";
import { Store } from "../../src/store/store.ts";
import { writeHousehold } from "../fixtures/household.ts";
import { harnessPerTest } from "../support/agent-harness.ts";
import { runCli } from "../support/cli-process.ts";

/** One question per item of the issue, with a figure its answer must carry. */
const CASES: { item: string; tool: string; input: Record<string, unknown>; figure: string }[] = [
  { item: "1 recurring", tool: "recurring_payments", input: {}, figure: "Active yearly cost: CHF 41'626.80, EUR 2'160.00." },
  { item: "2 unusual", tool: "unusual_transactions", input: { year: 2025 }, figure: "2025-11-22 Migros (Groceries) CHF 480.00, 5.6 × the usual CHF 85.40" },
  {
    item: "3 unclassified in",
    tool: "spending_by_category",
    input: { year: 2025, currency: "EUR" },
    figure: "Unclassified money in (Uncategorised rows with money in, counted neither as spending nor as income): EUR 1'300.00 in 2 transactions.",
  },
  {
    item: "5 contributions",
    tool: "income_vs_spending",
    input: { year: 2025, currency: "CHF" },
    figure: "income CHF 120'600.00 (Income category CHF 91'800.00; contributions from Alex Muster CHF 28'800.00), spending CHF 52'095.72, net CHF 68'504.28, savings rate 56.8%.",
  },
  {
    item: "6 compare",
    tool: "compare_periods",
    input: { a: { year: 2024, month: 11 }, b: { year: 2025, month: 11 }, category: "Healthcare", currency: "CHF" },
    figure: "from a net refund of CHF 20.00 to spending of CHF 300.00",
  },
  {
    item: "7 ranked days",
    tool: "spending_breakdown",
    input: { group_by: ["day"], sort: "value", top_n: 3, year: 2025, month: 10, currency: "CHF" },
    figure: "2025-10-01 CHF 2'818.90 (5); 2025-10-18 CHF 2'450.00 (1); 2025-10-05 CHF 340.00 (1)",
  },
  { item: "8 folding", tool: "search_transactions", input: { search: "Zuerich", year: 2025, month: 6 }, figure: "Money out: CHF 420.00 in 6 transactions" },
  // Item 9: December 2025 (the latest month with data, full): Groceries CHF 420 of the CHF 500 budget the CLI set in CHF
  // (the currency spent most, though EUR has the most rows); the bakery's 31 × 3.20 = EUR 99.20 beside it.
  { item: "9 budget currency", tool: "budget_status", input: {}, figure: "- Groceries: budget CHF 500.00, spent CHF 420.00, remaining CHF 80.00, 84.0% used." },
  { item: "9 other currency", tool: "budget_status", input: {}, figure: "not counted against their budgets): Groceries EUR 99.20." },
  {
    item: "10 abroad",
    tool: "foreign_spending",
    input: { year: 2025, original_currency: "EUR" },
    figure: "EUR 580.00 paid in EUR (4 purchases), booked CHF 559.70, on average 0.9650 CHF per EUR",
  },
  { item: "10 original amount", tool: "list_transactions", input: { search: "esselunga" }, figure: "2025-06-14 CHF -77.20 (paid EUR -80.00) Esselunga" },
];

let dir: string;
let budgetPath: string;
let chatDb: string;
const cli = (args: string[]) => runCli(args, { home: dir, env: { DATABASE_URL: budgetPath, CHAT_DATABASE_URL: chatDb } });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "household-surfaces-"));
  budgetPath = join(dir, "budget.db");
  chatDb = join(dir, "chat.db");
  writeHousehold(budgetPath);
  // The household's settings, from the terminal.
  const marked = await cli(["accounts", "contribution", "add", "Alex", "Muster"]);
  expect(marked).toEqual({
    code: 0,
    stdout: "Alex Muster: money in from them now counts as household income (income_vs_spending, savings rate); their rows keep their category.\n",
    stderr: "",
  });
  expect((await cli(["budgets", "set", "Groceries", "500"])).stdout).toBe("Groceries: budget CHF 500.00 a month.\n");
}, 30_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("budget-chat tool", () => {
  for (const c of CASES) {
    test(`${c.item}: ${c.tool}`, async () => {
      const out = await cli(["tool", c.tool, JSON.stringify(c.input)]);
      expect(out.code).toBe(0);
      expect(JSON.parse(out.stdout).summary).toContain(c.figure);
    });
  }

  test("tool --list: every schema is a valid JSON schema (the validator MCP clients use)", async () => {
    const out = await cli(["tool", "--list"]);
    expect(out.code).toBe(0);
    const ajv = new Ajv({ strict: false });
    const listed = JSON.parse(out.stdout) as { name: string; input_schema: object }[];
    expect(listed.map((t) => t.name)).toContain("foreign_spending");
    for (const t of listed) expect({ tool: t.name, valid: ajv.validateSchema(t.input_schema), errors: ajv.errors ?? null }).toEqual({ tool: t.name, valid: true, errors: null });
  });
});

describe("MCP", () => {
  test("every case through an MCP client", async () => {
    const budget = BudgetDb.open(budgetPath);
    const store = Store.open(chatDb);
    const server = createMcpServer({ budget, store, userId: "local", transport: "stdio", log: () => {} });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: "surfaces", version: "0.0.1" });
    await client.connect(b);
    try {
      for (const c of CASES) {
        const r = await client.callTool({ name: c.tool, arguments: c.input });
        expect({ item: c.item, error: r.isError ?? false }).toEqual({ item: c.item, error: false });
        expect((r.content as { text: string }[])[0]!.text).toContain(c.figure);
      }
    } finally {
      await client.close();
      await server.close();
      store.close();
      budget.close();
    }
  });
});

describe("the chat (the agent loop, the real SDK, the fake model)", () => {
  // Each test's own app on the household's databases (the contribution and budget set above), one fake for the file.
  const harness = harnessPerTest();

  test("every case as a tool call: the model reads the figure in its tool result; the prompt names the contribution", async () => {
    const h = await harness.start({ dir, readOnly: false });
    harness.fake.enqueue(
      { kind: "message", content: CASES.map((c, k) => ({ type: "tool_use" as const, id: `toolu_${k}`, name: c.tool, input: c.input })) },
      { kind: "message", content: [{ type: "text", text: "Here is what I found." }] },
    );
    await h.ask("Tell me everything about our household");
    const results = harness.fake.requests[1]!.body.messages!.at(-1).content as { tool_use_id: string; content: string; is_error?: boolean }[];
    CASES.forEach((c, k) => {
      const r = results.find((x) => x.tool_use_id === `toolu_${k}`)!;
      expect({ item: c.item, error: r.is_error ?? false }).toEqual({ item: c.item, error: false });
      expect(r.content).toContain(c.figure);
    });
    // SPEC §1: the system prompt says the household has such contributions.
    expect(JSON.stringify(harness.fake.requests[0]!.body.system)).toContain("Household contributions: money in from Alex Muster counts as household income");
  });

  test("item 4: the approval card and the model's result give the total per currency, never one sum", async () => {
    const h = await harness.start({ dir, readOnly: false });
    harness.fake.enqueue(
      { kind: "message", content: [{ type: "tool_use", id: "toolu_move", name: "recategorise_transactions", input: { search: "paypal", to_category: "Shopping" } }] },
      { kind: "message", content: [{ type: "text", text: "I prepared the change." }] },
    );
    const { events } = await h.ask("File the PayPal payments under Shopping");
    const card = events.find((e) => e.type === "approval_requested");
    if (card?.type !== "approval_requested") throw new Error("no approval card");
    // PayPal: CHF -20.00 (2025-09-12) and EUR -35.50 (2025-09-13), side by side.
    expect(card.preview.facts).toContainEqual({ label: "Total amount per currency", value: "CHF -20.00, EUR -35.50" });
    expect(card.preview.totals).toEqual([
      { currency: "CHF", total: -20 },
      { currency: "EUR", total: -35.5 },
    ]);
    expect(JSON.stringify(card.preview)).not.toContain("55.5");
  });
});
