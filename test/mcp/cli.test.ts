/** `budget-chat users token|revoke-token` and MCP entries in `budget-chat audit` (subprocesses on a temp app database). */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Store } from "../../src/store/store.ts";
import { runCli } from "../support/cli-process.ts";

let dir: string;
let chatDb: string;

const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, { home: dir, env: { CHAT_DATABASE_URL: chatDb, ...env } });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bc-mcp-cli-"));
  chatDb = join(dir, "chat.db");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("users token / revoke-token", () => {
  test("a token is printed once with how to use it, works, is replaced by the next, and can be revoked", async () => {
    expect((await cli(["users", "add", "dana"])).code).toBe(0);
    const issued = await cli(["users", "token", "dana"], { BIND_ADDRESS: "127.0.0.1:4100" });
    expect(issued.code).toBe(0);
    const m = /^Personal token for dana \(shown once; .*\):\n  (bcp_[\w-]{43})\nUse it for MCP over HTTP at http:\/\/127\.0\.0\.1:4100\/mcp with the header:\n  Authorization: Bearer \1\n$/.exec(
      issued.stdout,
    );
    expect(m).not.toBeNull();
    const token = m![1]!;

    let store = Store.open(chatDb);
    expect(store.users.byPersonalToken(token)?.name).toBe("dana");
    store.close();

    const again = await cli(["users", "token", "dana"]);
    const second = /Bearer (\S+)/.exec(again.stdout)![1]!;
    store = Store.open(chatDb);
    expect(store.users.byPersonalToken(token)).toBeNull();
    expect(store.users.byPersonalToken(second)?.name).toBe("dana");
    store.close();

    expect(await cli(["users", "revoke-token", "dana"])).toEqual({
      code: 0,
      stdout: "Revoked the personal token of dana; MCP clients using it are refused from now on.\n",
      stderr: "",
    });
    expect((await cli(["users", "revoke-token", "dana"])).stdout).toBe("dana has no personal token; nothing to revoke.\n");
    store = Store.open(chatDb);
    expect(store.users.byPersonalToken(second)).toBeNull();
    store.close();

    expect(await cli(["users", "token", "nobody"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "budget-chat: users token: no such user: nobody (add one with: budget-chat users add NAME)\n",
    });
    expect((await cli(["users", "revoke-token", "nobody"])).code).toBe(2);
    expect((await cli(["users", "token"])).code).toBe(2);

    // Issued and revoked tokens are security events; the token itself is never in the log.
    const audit = await cli(["audit", "--kind", "security"]);
    expect(audit.stdout).toContain('event="personal token issued"');
    expect(audit.stdout).toContain('event="personal token revoked"');
    expect(audit.stdout).not.toContain(token);
    expect(audit.stdout).not.toContain(second);

    const help = await cli(["--help"]);
    expect(help.stdout).toContain("budget-chat users token|revoke-token NAME");
    expect(help.stdout).toContain("budget-chat mcp");
  });
});

describe("audit", () => {
  test("an MCP tool call says how it came and which client made it", async () => {
    const store = Store.open(chatDb);
    store.audit.add({
      kind: "tool_call",
      userId: "local",
      detail: { via: "mcp", transport: "stdio", client: { name: "claude-ai", version: "0.1.0" }, tool: "monthly_trend", input: { year: 2025 }, ok: true, durationMs: 2.2 },
      at: "2031-01-01T00:00:00Z",
    });
    store.close();
    const out = await cli(["audit", "--kind", "tool_call"]);
    expect(out.stdout.trim().split("\n").at(-1)).toBe(
      '2031-01-01T00:00:00.000Z local tool_call via=mcp/stdio client=claude-ai/0.1.0 tool=monthly_trend ok=true input={"year":2025} ms=2',
    );
  });
});
