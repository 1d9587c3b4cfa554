import { Database } from "bun:sqlite";
import { READ_TOOLS } from "../src/tools/registry.ts";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pkg from "../package.json" with { type: "json" };
import { startFakeAnthropic, type FakeAnthropic } from "./support/fake-anthropic.ts";
import { parseSse } from "./support/web-harness.ts";
import { freePort } from "./support/serve-process.ts";
import { waitForOutput } from "./support/wait.ts";

/**
 * The compiled binary, copied alone into an empty directory: every asset embedded,
 * data paths resolved against the working directory.
 */
const root = join(import.meta.dir, "..");
let runDir: string;
let bin: string;
let fake: FakeAnthropic;

beforeAll(async () => {
  // The README's build command, exactly: `npm run build` → dist/budget-chat.
  const build = Bun.spawnSync([process.execPath, "run", "build"], { cwd: root, stderr: "pipe", stdout: "pipe" });
  if (build.exitCode !== 0) throw new Error(`build failed: ${build.stderr.toString()}`);
  runDir = mkdtempSync(join(tmpdir(), "bc-run-"));
  bin = join(runDir, "budget-chat");
  copyFileSync(join(root, "dist", "budget-chat"), bin);
  Bun.spawnSync(["chmod", "+x", bin]);
  fake = await startFakeAnthropic();
}, 180_000);

afterAll(async () => {
  await fake?.stop();
  rmSync(runDir, { recursive: true, force: true });
});

/** Run the binary without blocking this process (the fake API answers from here). */
async function run(args: string[], env: Record<string, string> = {}) {
  const p = Bun.spawn([bin, ...args], { cwd: runDir, env: { PATH: process.env.PATH ?? "", HOME: runDir, ...env }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { code, stdout, stderr };
}

describe("compiled binary in an empty directory", () => {
  test("--version and --help", async () => {
    expect(await run(["--version"])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: "" });
    const help = await run(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("budget-chat tool NAME JSON");
  });

  test("tool: first run creates demo data at the default path, then prints ToolOutput JSON", async () => {
    const r = await run(["tool", "spending_by_category", '{"year":2025}']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("No budget database at data/budget.db: created demo data at data/demo-budget.db (7'300 synthetic transactions");
    // Never at the pipeline's own path, where it would import real data into synthetic rows.
    expect(existsSync(join(runDir, "data", "budget.db"))).toBe(false);
    expect(existsSync(join(runDir, "data", "demo-budget.db"))).toBe(true);
    const out = JSON.parse(r.stdout);
    expect(out.charts[0].type).toBe("bar_h");
    expect(out.summary).toContain("2025");
    // Second run: the data exists, nothing is said about it.
    const again = await run(["tool", "monthly_trend", '{"category":"groceries","year":2025}']);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe("");
    expect(JSON.parse(again.stdout).charts[0].data.labels).toHaveLength(12);
  });

  test("tool: bad input is one line on stderr and exit 2", async () => {
    const cases: [string[], string][] = [
      [["tool", "nope", "{}"], `budget-chat: tool: Unknown tool "nope". Available tools: ${READ_TOOLS.map((t) => t.name).join(", ")}.\n`],
      [["tool", "set_budget", '{"category":"Groceries","amount":5}'], "budget-chat: tool: set_budget changes data, so it is not available here: it runs only in the chat, after the user approves it on a card (never when the server is read-only). Tools that only read: spending_by_category, "],
      [["tool", "recategorise_transactions", "{}"], "budget-chat: tool: recategorise_transactions changes data, so it is not available here: it runs only in the chat, after the user approves it on a card (never when the server is read-only). Tools that only read: "],
      [["tool", "monthly_trend", "{year:2025}"], "budget-chat: tool: input is not valid JSON: "],
      [["tool", "monthly_trend", '{"year":"2025"}'], "budget-chat: tool: Invalid input for monthly_trend: ✖ Invalid input: expected number, received string → at year. Fix the arguments and call the tool again.\n"],
      [["tool", "merchant_breakdown", '{"category":"Food"}'], 'budget-chat: tool: Unknown category "Food". Valid categories: '],
      [["tool", "spending_by_category", "{}", "--db", "missing.db"], "budget-chat: budget database not found: "],
      [["tool", "spending_by_category", "{}", "--bogus"], "budget-chat: Unknown option '--bogus'"],
    ];
    for (const [args, stderr] of cases) {
      const r = await run(args);
      expect(r.stdout).toBe("");
      expect(r.stderr.startsWith(stderr)).toBe(true);
      expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(r.code).toBe(args.includes("missing.db") ? 1 : 2);
    }
  });

  test("ask: streams an answer with tool activity, prints the conversation id; follow-up keeps history", async () => {
    fake.reset();
    fake.enqueue(
      { kind: "message", content: [{ type: "tool_use", name: "spending_by_category", input: { year: 2025 } }] },
      { kind: "message", content: [{ type: "text", text: "Housing was your biggest category." }] },
    );
    const env = { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: fake.url };
    const r = await run(["ask", "Where did my money go in 2025?"], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Housing was your biggest category.");
    expect(r.stdout).toContain("▌Spending by category");
    expect(r.stderr).toContain("⋯ Analysing spending by category…");
    const id = /conversation: (\S+)/.exec(r.stderr)![1]!;
    fake.enqueue({ kind: "message", content: [{ type: "text", text: "Same." }] });
    const f = await run(["ask", "and 2024?", "--conversation", id], env);
    expect(f.code).toBe(0);
    expect(fake.requests.at(-1)!.body.messages!.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
    const missing = await run(["ask", "hi"], { ANTHROPIC_BASE_URL: fake.url });
    expect(missing.code).toBe(1);
    // The message names the three ways on (SPEC §5): a key, a local model through ANTHROPIC_BASE_URL, serve --no-model.
    expect(missing.stderr).toBe(
      [
        "budget-chat: ANTHROPIC_API_KEY is not set, so there is no model to answer questions. Three ways on:",
        "  - an Anthropic API key: ANTHROPIC_API_KEY=sk-ant-… in the environment or in a .env file where you run budget-chat;",
        "  - a local model (Ollama, llama-server): ANTHROPIC_BASE_URL=http://localhost:11434 ANTHROPIC_API_KEY=ollama ANTHROPIC_MODEL=qwen3:8b",
        '    (README, "Local models");',
        "  - no model: budget-chat serve --no-model (npm start -- --no-model) serves every page but the chat:",
        "    import, transactions, categories, budgets, usage.",
        "",
      ].join("\n"),
    );
    // A .env file in the working directory is read (and the environment still wins where both are set).
    writeFileSync(join(runDir, ".env"), `ANTHROPIC_API_KEY=from-dotenv\nANTHROPIC_BASE_URL=${fake.url}\n`);
    try {
      fake.enqueue({ kind: "message", content: [{ type: "text", text: "Configured by .env." }] });
      const dotenv = await run(["ask", "hi"]);
      expect(dotenv.code).toBe(0);
      expect(dotenv.stdout).toContain("Configured by .env.");
      expect(fake.requests.at(-1)!.headers.authorization).toBe("Bearer from-dotenv");
    } finally {
      rmSync(join(runDir, ".env"));
    }
  });

  test("serve: page and every embedded asset byte-identical to the packages, one chat completes", async () => {
    const port = freePort();
    const server = Bun.spawn([bin, "serve", "--bind", `127.0.0.1:${port}`], {
      cwd: runDir,
      env: { PATH: process.env.PATH ?? "", HOME: runDir, ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: fake.url },
      stdout: "pipe",
      stderr: "pipe",
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      // Listening once it says so (serve prints the address after Bun.serve returned).
      await waitForOutput(server.stdout, "budget-chat listening on").catch(async (e: Error) => {
        throw new Error(`${e.message}\nstderr: ${await new Response(server.stderr).text()}`);
      });
      const page = await (await fetch(base)).text();
      expect(page).toStartWith("<!doctype html>");
      const assets = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
      expect(assets.map((a) => a.replace(/\?v=.*/, "")).sort()).toEqual(
        [
          "/assets/app.css", "/assets/app.js", "/assets/figures.css", "/assets/figures.js", "/assets/frappe-charts.min.umd.js",
          "/assets/htmx.min.js", "/assets/hx-sse.min.js", "/assets/page.js", "/assets/pages.css",
        ],
      );
      const sources: Record<string, string> = {
        "htmx.min.js": "node_modules/htmx.org/dist/htmx.min.js",
        "hx-sse.min.js": "node_modules/htmx.org/dist/ext/hx-sse.min.js",
        "frappe-charts.min.umd.js": "node_modules/frappe-charts/dist/frappe-charts.min.umd.js",
        "figures.js": "public/figures.js",
        "page.js": "public/page.js",
        "app.js": "public/app.js",
        "app.css": "public/app.css",
        "figures.css": "public/figures.css",
        "pages.css": "public/pages.css",
      };
      for (const a of assets) {
        const name = a.replace(/^\/assets\/|\?v=.*$/g, "");
        const res = await fetch(base + a, { headers: { "accept-encoding": "identity" } });
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(root, sources[name]!)))).toBe(true);
      }
      fake.reset();
      fake.enqueue({ kind: "message", content: [{ type: "text", text: "Hello from the binary." }] });
      const chat = await fetch(`${base}/api/chat`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message: "hi" }) });
      const events = parseSse(await chat.text());
      expect(events.map((e) => e.event).at(-1)).toBe("done");
      expect(events.filter((e) => e.event === "chunk").map((e) => JSON.parse(e.data).text).join("")).toBe("Hello from the binary.");

      // A statement read in the parse worker, which the binary finds only as an entry point of its own (STACK_NOTES
      // round 4): its preview comes back, and a bad file's refusal too (a worker that failed to load answers 500).
      const form = new FormData();
      form.append("file", new File([readFileSync(join(root, "test/fixtures/import/camt053-reconciles.xml"))], "mai.xml"));
      const preview = await fetch(`${base}/api/imports`, { method: "POST", body: form });
      expect(preview.status).toBe(200);
      const p = await preview.json();
      expect([p.format, p.data_lines, p.rows, p.reconciliation.map((r: { status: string }) => r.status)]).toEqual(["camt", 7, 6, ["ok"]]);
      const bad = new FormData();
      bad.append("file", new File(["OFXHEADER:100\n\n<OFX><!-- never closed"], "bad.ofx"));
      const refused = await fetch(`${base}/api/imports`, { method: "POST", body: bad });
      expect([refused.status, (await refused.json()).error]).toEqual([400, "bad.ofx: line 3: the file is not well-formed (a comment <!-- is never closed); is the file complete?"]);
      // Committed: the ledger is then rebuilt in the ledger worker, another entry point of its own, which the server
      // says on stderr when it cannot run it (the rebuild falls back to the server's thread, so the rows show either way).
      const committed = await fetch(`${base}/api/imports/${p.id}/commit`, { method: "POST", headers: { Origin: base } });
      expect([committed.status, (await committed.json()).inserted]).toEqual([200, 6]);
    } finally {
      server.kill("SIGTERM");
      await server.exited;
    }
    expect(await new Response(server.stderr).text()).not.toContain("ledger worker");
  });

  test("import and imports undo: the import written on the command's own thread, its undo in the budget write worker, an entry point of its own", async () => {
    // The worker is found only as an entry point of the build (STACK_NOTES round 4), and the process must stay up while
    // it awaits the worker's COMMIT: a worker that failed to load would fail the undo, one that let the process go
    // would leave the rows. (The import itself writes on the CLI's thread: Importer's writesOnThisThread.)
    const dir = mkdtempSync(join(runDir, "import-"));
    const db = join(dir, "budget.db");
    const chatDb = join(dir, "chat.db");
    writeFileSync(join(dir, "s.csv"), "Date;Amount;Currency;Description\n01.02.2026;-12.50;CHF;Migros Zürich\n02.02.2026;-30.00;CHF;SBB Ticket\n");
    const imported = await run(["import", join(dir, "s.csv"), "--no-classify", "--json", "--db", db, "--chat-db", chatDb]);
    expect([imported.code, imported.stderr]).toEqual([0, ""]);
    const [file] = JSON.parse(imported.stdout).files as { batch: string; inserted: number }[];
    expect(file!.inserted).toBe(2);
    const count = () => new Database(db, { readonly: true }).query("SELECT count(*) AS n FROM transactions").get() as { n: number };
    expect(count()).toEqual({ n: 2 });
    const undone = await run(["imports", "undo", file!.batch, "--db", db, "--chat-db", chatDb]);
    expect([undone.code, undone.stderr]).toEqual([0, ""]);
    expect(count()).toEqual({ n: 0 });
    const journal = new Database(chatDb, { readonly: true }).query("SELECT kind, status FROM budget_writes ORDER BY created_at, rowid").all();
    expect(journal).toEqual([
      { kind: "import", status: "done" },
      { kind: "import_undo", status: "done" },
    ]);
  });

  test("mcp: an MCP client over stdio lists the read tools of the compiled binary and calls one (issue 17)", async () => {
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const client = new Client({ name: "binary-test", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: bin, args: ["mcp"], cwd: runDir, env: { PATH: process.env.PATH ?? "", HOME: runDir }, stderr: "pipe" }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(READ_TOOLS.map((t) => t.name));
      const r = await client.callTool({ name: "spending_by_category", arguments: { year: 2025 } });
      expect(r.isError).toBeFalsy();
      expect((r.structuredContent as { charts: { type: string }[] }).charts[0]!.type).toBe("bar_h");
    } finally {
      await client.close();
    }
  });
});
