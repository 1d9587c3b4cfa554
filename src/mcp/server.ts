/**
 * The MCP server (SPEC §9): the read tools of the one registry, offered to any Model
 * Context Protocol client, over stdio (`budget-chat mcp`) or Streamable HTTP (`/mcp`).
 *
 * - tools/list: every read tool with the same name, description and JSON input schema the
 *   chat model sees (toolInputSchema). Write tools are never offered, whatever is passed.
 * - tools/call: the input is validated with the tool's zod schema; the result is the
 *   summary as text (what the chat model reads) plus `{ charts, tables }` as structured
 *   content (what the chat page draws). Every failure — unknown tool, bad input, unknown
 *   category, a locked or broken database — is an MCP tool error (`isError`) with the
 *   message the chat model would get, never a protocol error or a crash.
 * - Each call is a `tool_call` audit entry like the chat's, naming the MCP client.
 *
 * Transport-agnostic: the caller connects the returned Server to a transport.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import pkg from "../../package.json" with { type: "json" };
import type { BudgetDb } from "../ledger/reader.ts";
import type { Store } from "../store/store.ts";
import { createInvoker, type ToolCallRecord } from "../tools/invoke.ts";
import { ALL_TOOLS, READ_TOOLS, SHARED_ARGUMENTS, toolGuide, toolInputSchema } from "../tools/registry.ts";
import type { ReadTool, Tool } from "../tools/types.ts";

export type McpServerDeps = {
  budget: BudgetDb;
  /** The app database: tool calls are audited there. */
  store: Store;
  /** Default: READ_TOOLS. Anything that is not a read tool is dropped. */
  tools?: readonly Tool[];
  /** Whose calls these are in the audit log ("local" for stdio and single-user mode). */
  userId: string | null;
  /** How the client reached us (recorded in the audit entry). */
  transport: "stdio" | "http";
  /** Where audit failures are reported (never stdout: on stdio that is the protocol). */
  log?: (line: string) => void;
};

/** What a tool_call audit entry from MCP records besides the chat's fields. */
export type McpAuditDetail = ToolCallRecord & {
  via: "mcp";
  transport: "stdio" | "http";
  client: { name: string; version: string } | null;
};

/** The read tools as MCP lists them. */
export function mcpToolList(tools: readonly Tool[] = READ_TOOLS): McpTool[] {
  return readOnly(tools).map((t) => ({
    name: t.name,
    description: t.description,
    // The very object the chat model gets (JSON Schema: every property is an object).
    inputSchema: toolInputSchema(t) as McpTool["inputSchema"],
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }));
}

export function createMcpServer(deps: McpServerDeps): Server {
  const tools = readOnly(deps.tools ?? READ_TOOLS);
  const listed = mcpToolList(tools);
  const log = deps.log ?? ((line: string) => console.error(line));
  const server = new Server(
    { name: "budget-chat", version: pkg.version },
    {
      capabilities: { tools: {} },
      instructions: `Read-only analysis of the user's own spending data (budget-chat).\n${SHARED_ARGUMENTS}\nWhich tool to use:\n${toolGuide(tools)}`,
    },
  );

  const audit = (call: ToolCallRecord) => {
    const client = server.getClientVersion();
    const detail: McpAuditDetail = {
      via: "mcp",
      transport: deps.transport,
      client: client ? { name: client.name, version: client.version } : null,
      ...call,
    };
    try {
      deps.store.audit.add({ kind: "tool_call", userId: deps.userId, detail });
    } catch (e) {
      log(`budget-chat mcp: could not write the audit entry for ${call.tool}: ${(e as Error).message}`);
    }
  };

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));

  let calls = 0;
  const invoker = createInvoker({ budget: deps.budget, tools, ctx: { budgets: deps.store.budgets, contributions: deps.store.contributions }, known: ALL_TOOLS });
  server.setRequestHandler(CallToolRequestSchema, async (req): Promise<CallToolResult> => {
    const call = await invoker.invoke(
      { id: `mcp-${++calls}`, name: req.params.name, input: req.params.arguments ?? {} },
      { hooks: { onRecord: audit } },
    );
    if (call.kind !== "output") return { isError: true, content: [{ type: "text", text: call.kind === "error" ? call.error : "" }] };
    return {
      content: [{ type: "text", text: call.output.summary }],
      structuredContent: { charts: call.output.charts, tables: call.output.tables ?? [] },
    };
  });

  return server;
}

function readOnly(tools: readonly Tool[]): ReadTool[] {
  return tools.filter((t): t is ReadTool => t.risk === "low");
}
