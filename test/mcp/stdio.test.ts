/**
 * `budget-chat mcp` as an MCP client meets it: the SDK's Client starts the command over
 * stdio (a real subprocess) against the hand-made budget fixture (SPEC §9).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Store } from "../../src/store/store.ts";
import { READ_TOOLS, toolInputSchema } from "../../src/tools/registry.ts";
import { spendingByCategory } from "../../src/tools/spending_by_category.ts";
import { createFixture, runTool, type Fixture } from "../fixtures/budget-fixture.ts";

const root = join(import.meta.dir, "..", "..");
let fx: Fixture;
let dir: string;
let chatDb: string;
let client: Client;
let stderr = "";

beforeAll(async () => {
  fx = createFixture();
  dir = mkdtempSync(join(tmpdir(), "bc-mcp-stdio-"));
  chatDb = join(dir, "chat.db");
  const transport = new StdioClientTransport({
    command: join(root, "node_modules", ".bin", "bun"),
    args: ["src/main.ts", "mcp", "--db", fx.path, "--chat-db", chatDb],
    cwd: root,
    // No API key and nothing else: the MCP server needs none.
    env: { PATH: process.env.PATH ?? "", HOME: dir },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk) => (stderr += String(chunk)));
  client = new Client({ name: "budget-chat-test", version: "1.2.3" });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
  fx?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe("budget-chat mcp over stdio", () => {
  test("initialize: the server names itself and says it only reads", () => {
    expect(client.getServerVersion()?.name).toBe("budget-chat");
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toContain("Read-only");
  });

  test("tools/list: every read tool with the registry's name, description and JSON schema; no write tool", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(READ_TOOLS.map((t) => t.name));
    for (const t of READ_TOOLS) {
      const listed = tools.find((x) => x.name === t.name)!;
      expect(listed.description).toBe(t.description);
      expect(listed.inputSchema).toEqual(toolInputSchema(t) as typeof listed.inputSchema);
      expect(listed.annotations?.readOnlyHint).toBe(true);
    }
    expect(tools.map((t) => t.name)).not.toContain("recategorise_transactions");
    expect(tools.map((t) => t.name)).not.toContain("set_budget");
  });

  test("tools/call: the summary as text, the charts and tables as structured content, exact figures", async () => {
    const result = await client.callTool({ name: "spending_by_category", arguments: { year: 2024 } });
    expect(result.isError).toBeFalsy();
    const local = runTool(spendingByCategory, fx.db, { year: 2024 });
    // 2024 spending in CHF, Income [1–12] and Investments [87] left out, [123] 2024-02-30 malformed:
    // Insurance Helsana [55] 245.50 + [56] 245.50 = 491.00; Dining Krone [101] 96.50 + [102] 150 = 246.50;
    // Fees ZKB [60] 120 + [61] 120 = 240.00; Groceries [90] 84.35 + [91] 52.80 + [92] 41.25 = 178.40;
    // 491 + 246.50 + 240 + 178.40 = 1'155.90 over 9 transactions. USD apart: Amazon [114] 89.99.
    expect(result.content).toEqual([{ type: "text", text: local.summary }]);
    expect(local.summary).toContain("CHF: total CHF 1'155.90 over 9 transactions in 4 categories");
    expect(local.summary).toContain("USD: total USD 89.99 over 1 transaction in 1 category");
    expect(result.structuredContent).toEqual({ charts: local.charts, tables: local.tables ?? [] });
    const chart = local.charts[0]!;
    expect(chart.title).toBe("Spending by category, 2024 (CHF; USD 89.99 not shown)");
    expect(chart.data.labels).toEqual(["Insurance", "Dining", "Fees", "Groceries"]);
    expect(chart.data.datasets).toEqual([{ name: "Spending", values: [491, 246.5, 240, 178.4] }]);
  });

  test("errors are tool errors with the chat's message, and the server keeps answering", async () => {
    const unknownCategory = await client.callTool({ name: "monthly_trend", arguments: { year: 2024, category: "Food" } });
    expect(unknownCategory.isError).toBe(true);
    expect(unknownCategory.content).toEqual([
      {
        type: "text",
        // The categories table's 15 names and Household (only in transactions [30–35]); `transport` [75] [76] is Transport.
        text:
          'Unknown category "Food". Valid categories: Dining, Fees, Groceries, Healthcare, Household, Housing, Income, Insurance, ' +
          "Investments, Other, Shopping, Subscriptions, Transfers, Transport, Travel, Uncategorised.",
      },
    ]);

    const badInput = await client.callTool({ name: "spending_by_category", arguments: { year: "last" } });
    expect(badInput.isError).toBe(true);
    expect((badInput.content as { text: string }[])[0]!.text).toMatch(
      /^Invalid input for spending_by_category: ✖ .*→ at year\. Fix the arguments and call the tool again\.$/,
    );
    expect((badInput.content as { text: string }[])[0]!.text).not.toContain("\n");

    // A write tool is not there, even when asked for by name.
    const write = await client.callTool({ name: "recategorise_transactions", arguments: { search: "MIGROS", to: "Dining" } });
    expect(write.isError).toBe(true);
    expect((write.content as { text: string }[])[0]!.text).toStartWith("recategorise_transactions changes data, so it is not available here: it runs only in the chat, after the user approves it on a card (never when the server is read-only). Tools that only read: spending_by_category, ");

    const after = await client.callTool({ name: "spending_by_category", arguments: { year: 2024 } });
    expect(after.isError).toBeFalsy();
  });

  test("every call is a tool_call audit entry naming the MCP client", async () => {
    await client.callTool({ name: "merchant_breakdown", arguments: { category: "groceries", year: 2025, month: 1 } });
    const store = Store.open(chatDb);
    try {
      const entries = store.audit.list({ kind: "tool_call" }).reverse();
      const last = entries.at(-1)!;
      expect(last.userId).toBe("local");
      expect(last.detail).toMatchObject({
        via: "mcp",
        transport: "stdio",
        client: { name: "budget-chat-test", version: "1.2.3" },
        tool: "merchant_breakdown",
        input: { category: "groceries", year: 2025, month: 1 },
        ok: true,
      });
      const failed = entries.find((e) => (e.detail as { tool: string; ok: boolean }).tool === "monthly_trend")!;
      expect(failed.detail).toMatchObject({ ok: false, error: expect.stringContaining('Unknown category "Food"') });
    } finally {
      store.close();
    }
    expect(stderr).toBe("");
  });
});
