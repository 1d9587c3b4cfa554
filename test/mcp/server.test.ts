/**
 * The MCP server module in-process (SDK Client ↔ InMemoryTransport): what is offered
 * whatever tool list it is handed, and failures that are hard to provoke from outside
 * (a locked budget database, a tool that throws, an audit log that cannot be written).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { z } from "zod";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createMcpServer, type McpServerDeps } from "../../src/mcp/server.ts";
import { Store } from "../../src/store/store.ts";
import { ALL_TOOLS, READ_TOOLS } from "../../src/tools/registry.ts";
import type { ReadTool } from "../../src/tools/types.ts";
import { createFixture } from "../fixtures/budget-fixture.ts";

const fx = createFixture();
afterAll(() => fx.cleanup());

async function connect(deps: Partial<McpServerDeps> & { store: Store }) {
  const server = createMcpServer({ budget: fx.db, userId: "u-1", transport: "http", log: () => {}, ...deps });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "in-memory", version: "0.0.1" });
  await client.connect(b);
  return {
    client,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

const text = (r: Record<string, unknown>) => (r.content as { type: string; text: string }[])[0]!.text;

describe("the MCP server module", () => {
  test("offers only read tools, even when handed every tool (no high-risk tool is ever listed)", async () => {
    const store = Store.memory();
    const { client, close } = await connect({ store, tools: ALL_TOOLS });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(READ_TOOLS.map((t) => t.name));
      const highRisk = ALL_TOOLS.filter((t) => t.risk === "high").map((t) => t.name);
      expect(highRisk.length).toBeGreaterThan(0);
      for (const name of highRisk) expect(tools.map((t) => t.name)).not.toContain(name);
    } finally {
      await close();
      store.close();
    }
  });

  test("a locked budget database is a tool error with the chat's message, and the next call works", async () => {
    const LOCKED = "spending_by_category failed: The budget database is locked by another program (an import may be running). Retry in a moment.";
    const store = Store.memory();
    const { client, close } = await connect({ store });
    // Another process holds an exclusive lock (a long import): the call waits up to 5 s (without blocking), then fails.
    const writer = new Database(fx.path);
    writer.run("BEGIN EXCLUSIVE");
    try {
      const locked = await client.callTool({ name: "spending_by_category", arguments: { year: 2024 } });
      expect(locked.isError).toBe(true);
      expect(text(locked)).toBe(LOCKED);
      writer.run("ROLLBACK");
      const ok = await client.callTool({ name: "spending_by_category", arguments: { year: 2024 } });
      expect(ok.isError).toBeFalsy();
      // 2024 in CHF: Insurance [55][56] 491.00 + Dining [101][102] 246.50 + Fees [60][61] 240.00
      // + Groceries [90–92] 178.40 = 1'155.90 (9 rows; Income and Investments [87] are not spending)
      expect(text(ok)).toContain("total CHF 1'155.90 over 9 transactions");
      const [second, first] = store.audit.list({ kind: "tool_call" });
      expect(first!.detail).toMatchObject({ tool: "spending_by_category", ok: false, error: LOCKED });
      expect(second!.detail).toMatchObject({ tool: "spending_by_category", ok: true, transport: "http", client: { name: "in-memory", version: "0.0.1" } });
      expect(first!.userId).toBe("u-1");
    } finally {
      if (writer.inTransaction) writer.run("ROLLBACK");
      writer.close();
      await close();
      store.close();
    }
  }, 20_000);

  test("a tool that throws, and an audit log that cannot be written, never break the server", async () => {
    const broken: ReadTool = {
      name: "broken_tool",
      label: "Breaking…",
      promptHint: "never",
      description: "Always throws.",
      schema: () => z.strictObject({}),
      risk: "low",
      run() {
        throw new TypeError("boom");
      },
    };
    const store = Store.memory();
    const logged: string[] = [];
    const server = createMcpServer({ budget: fx.db, store, userId: null, transport: "stdio", tools: [broken], log: (l) => logged.push(l) });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: "in-memory", version: "0.0.1" });
    await client.connect(b);
    try {
      const r = await client.callTool({ name: "broken_tool", arguments: {} });
      expect(r.isError).toBe(true);
      expect(text(r)).toBe("broken_tool failed: boom");
      store.close(); // the audit can no longer be written
      const again = await client.callTool({ name: "broken_tool", arguments: {} });
      expect(text(again)).toBe("broken_tool failed: boom");
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain("could not write the audit entry for broken_tool");
    } finally {
      await client.close();
      await server.close();
    }
  });
});
