import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { openLocal } from "../app.ts";
import { flagHelp, flagOptions } from "../config.ts";
import { UsageError } from "../core/errors.ts";
import { createMcpServer } from "../mcp/server.ts";
import { READ_TOOLS } from "../tools/registry.ts";
import { parse } from "./args.ts";
import { LOCAL_USER_ID } from "../core/vocab.ts";

export const MCP_HELP = `budget-chat mcp [--db PATH] [--chat-db PATH]

A Model Context Protocol server on stdin/stdout, for Claude Desktop, Claude Code and
other MCP clients: the client starts this command and talks to it. It offers the read
tools, never one that changes data; each call is recorded in the audit log with the
client's name. Needs no API key: the client's own model asks the questions.
Diagnostics go to stderr; stdout carries only the protocol.
Tools: ${READ_TOOLS.map((t) => t.name).join(", ")}
${flagHelp(["db", "chatDb"])}

The running server answers MCP over HTTP at /mcp as well (with users configured, with a
personal token: budget-chat users token NAME). See the README for client configuration.`;

export async function mcpCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, flagOptions(["db", "chatDb"]));
  if (values.help) {
    console.log(MCP_HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError(`mcp: unexpected argument "${positionals[0]}"`);
  // Never stdout before the transport owns it: the demo-data notice goes to stderr.
  const local = openLocal(values);
  let server: ReturnType<typeof createMcpServer>;
  try {
    server = createMcpServer({ budget: local.budget, store: local.store, userId: LOCAL_USER_ID, transport: "stdio" });
  } catch (e) {
    local.close();
    throw e;
  }
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport());
  // The client ends the session by closing our stdin (or by a signal).
  const stop = () => void server.close();
  process.stdin.once("end", stop);
  process.stdin.once("close", stop);
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    await closed;
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    local.close();
  }
  return 0;
}
