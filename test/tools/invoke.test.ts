/**
 * The one tool invoker: what it does with each kind of call, and that all four callers of
 * the product (the agent loop, the MCP server, `budget-chat tool`, a table's "Show all")
 * go through it — the same bad input gets the same words from each.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { z } from "zod";
import { ToolInputError } from "../../src/core/errors.ts";
import { createMcpServer } from "../../src/mcp/server.ts";
import { Store } from "../../src/store/store.ts";
import { createInvoker, type ToolCallRecord } from "../../src/tools/invoke.ts";
import { ALL_TOOLS, READ_TOOLS } from "../../src/tools/registry.ts";
import { listTransactions } from "../../src/tools/list_transactions.ts";
import type { ReadTool } from "../../src/tools/types.ts";
import { createFixture } from "../fixtures/budget-fixture.ts";
import { webSuite } from "../support/web-harness.ts";

const fx = createFixture();
afterAll(() => fx.cleanup());

const BAD_INPUT = { year: "2025" };
const BAD_INPUT_MESSAGE =
  "Invalid input for list_transactions: ✖ Invalid input: expected number, received string → at year. Fix the arguments and call the tool again.";

describe("createInvoker", () => {
  const invoker = createInvoker({ budget: fx.db, tools: READ_TOOLS, known: ALL_TOOLS });

  test("a read tool runs on validated input; hooks see the record and the output", async () => {
    const records: ToolCallRecord[] = [];
    const outputs: string[] = [];
    const call = await invoker.invoke(
      { id: "c1", name: "spending_by_category", input: { year: 2025 } },
      { hooks: { onRecord: (r) => records.push(r), onOutput: (c, out) => outputs.push(`${c.id}:${out.summary.slice(0, 20)}`) } },
    );
    expect(call.kind).toBe("output");
    if (call.kind !== "output") return;
    expect(call.input).toEqual({ year: 2025 });
    expect(records).toEqual([{ tool: "spending_by_category", input: { year: 2025 }, ok: true, durationMs: records[0]!.durationMs }]);
    expect(records[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(outputs).toEqual([`c1:${call.output.summary.slice(0, 20)}`]);
  });

  test("each kind of failure has its words and is recorded once; the output hook is not called", async () => {
    const cases: [string, unknown, string, boolean][] = [
      ["nope", {}, `Unknown tool "nope". Available tools: ${READ_TOOLS.map((t) => t.name).join(", ")}.`, true],
      [
        "recategorise_transactions",
        {},
        `recategorise_transactions changes data, so it is not available here: it runs only in the chat, after the user approves it on a card (never when the server is read-only). Tools that only read: ${READ_TOOLS.map((t) => t.name).join(", ")}.`,
        true,
      ],
      ["list_transactions", BAD_INPUT, BAD_INPUT_MESSAGE, true],
      ["merchant_breakdown", { category: "Food" }, 'Unknown category "Food"', true],
    ];
    for (const [name, input, message, badCall] of cases) {
      const records: ToolCallRecord[] = [];
      let outputs = 0;
      const call = await invoker.invoke({ id: "x", name, input }, { hooks: { onRecord: (r) => records.push(r), onOutput: () => outputs++ } });
      expect(call.kind).toBe("error");
      if (call.kind !== "error") continue;
      expect(call.error.startsWith(message)).toBe(true);
      expect(call.badCall).toBe(badCall);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ tool: name, ok: false, error: call.error });
      expect(outputs).toBe(0);
    }
  });

  test("a tool that throws is reported as the tool's failure, not the caller's", async () => {
    const broken: ReadTool = {
      ...READ_TOOLS[0]!,
      name: "broken",
      schema: () => z.strictObject({}),
      run: () => {
        throw new Error("disk on fire");
      },
    };
    const picky: ReadTool = { ...broken, name: "picky", run: () => { throw new ToolInputError("Pass a month between 1 and 12."); } };
    const inv = createInvoker({ budget: fx.db, tools: [broken, picky] });
    expect(await inv.invoke({ id: "b", name: "broken", input: {} })).toMatchObject({ kind: "error", error: "broken failed: disk on fire", badCall: false });
    expect(await inv.invoke({ id: "p", name: "picky", input: {} })).toMatchObject({ kind: "error", error: "Pass a month between 1 and 12.", badCall: true });
  });

  test("a write tool goes to the approval gate; the record waits for settle", async () => {
    const records: ToolCallRecord[] = [];
    const requested: unknown[] = [];
    const inv = createInvoker({ budget: fx.db, tools: ALL_TOOLS });
    const pending = { id: "ap1", preview: { title: "t", description: "d", facts: [] }, expiresAt: "2026-01-01T00:00:00Z", decision: new Promise<never>(() => {}) };
    const call = await inv.invoke(
      { id: "w1", name: "set_budget", input: { category: "Groceries", amount: 500 } },
      { approvals: { request: async (c) => (requested.push(c.input), pending) }, hooks: { onRecord: (r) => records.push(r) } },
    );
    expect(call.kind).toBe("approval");
    if (call.kind !== "approval") return;
    expect(call.pending).toBe(pending);
    expect(requested).toEqual([{ category: "Groceries", amount: 500 }]);
    expect(records).toEqual([]);
    call.settle({ ok: false, error: "Rejected by the user." });
    expect(records).toMatchObject([{ tool: "set_budget", ok: false, error: "Rejected by the user." }]);
  });
});

describe("every caller goes through the invoker: the same bad input, the same message", () => {
  const h = webSuite();

  test("agent loop, MCP, CLI and Show all", async () => {
    // 1. The agent loop: the model calls the tool with the bad input.
    h.fake.enqueue(
      { kind: "message", content: [{ type: "tool_use", id: "toolu_bad", name: "list_transactions", input: BAD_INPUT }] },
      { kind: "message", content: [{ type: "text", text: "Sorry." }] },
    );
    const { turn, events } = await h.ask("list them");
    // The start event carries the tool's label, so views need no tool registry.
    expect(events.find((e) => e.type === "tool_started")).toEqual({ type: "tool_started", id: "toolu_bad", tool: "list_transactions", label: listTransactions.label, input: BAD_INPUT });
    const result = h.fake.requests.at(-1)!.body.messages!.at(-1).content[0];
    expect(result).toMatchObject({ tool_use_id: "toolu_bad", is_error: true, content: BAD_INPUT_MESSAGE });

    // 2. MCP.
    const server = createMcpServer({ budget: fx.db, store: Store.memory(), userId: null, transport: "stdio", log: () => {} });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: "t", version: "0" });
    await client.connect(b);
    const mcp = await client.callTool({ name: "list_transactions", arguments: BAD_INPUT });
    await client.close();
    expect(mcp.isError).toBe(true);
    expect((mcp.content as { text: string }[])[0]!.text).toBe(BAD_INPUT_MESSAGE);

    // 3. The CLI.
    const cli = Bun.spawnSync(["bun", "src/main.ts", "tool", "list_transactions", JSON.stringify(BAD_INPUT), "--db", fx.path], { stderr: "pipe" });
    expect(cli.exitCode).toBe(2);
    expect(cli.stderr.toString()).toBe(`budget-chat: tool: ${BAD_INPUT_MESSAGE}\n`);

    // 4. "Show all" re-runs a stored table's call: store one whose input is the bad one.
    h.store.turns.appendEvents(turn.id, [
      { type: "tool_started", id: "toolu_old", tool: "list_transactions", input: BAD_INPUT },
      { type: "tool_finished", id: "toolu_old", tool: "list_transactions", summary: "" },
      { type: "table", toolId: "toolu_old", table: { title: "Rows", columns: ["Date"], kinds: ["date"], rows: [["2025-01-01"]], totalRows: 2 } },
    ]);
    const all = await fetch(`${h.url}/turns/${turn.id}/tables/0/all`, { headers: { "HX-Request": "true" } });
    expect(all.status).toBe(409);
    expect(await all.text()).toContain(`This table cannot show more rows: ${BAD_INPUT_MESSAGE}`);
  });
});
