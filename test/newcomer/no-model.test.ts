/**
 * Issue 36 item 1: useful without a key. `serve` (what `npm start` runs) without ANTHROPIC_API_KEY exits 1 with
 * the three ways on; `serve --no-model` serves every page but the chat, whose page says how to add a model, and
 * refuses questions before any model call; the terminal points a first run to the Import page.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { appConfig, createApp } from "../../src/app.ts";
import { MISSING_KEY_MESSAGE } from "../../src/config.ts";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { runCli, spawnCli } from "../support/cli-process.ts";
import { freePort } from "../support/serve-process.ts";
import { startWebHarness } from "../support/web-harness.ts";
import { API_KEY_ENV, LOCAL_MODEL_ENV } from "../../views/NoModelPanel.tsx";

const dir = mkdtempSync(join(tmpdir(), "bc-no-model-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("without a key", () => {
  test("npm start (serve) exits 1 and names the three ways on, --no-model among them", async () => {
    expect(pkg.scripts.start).toBe("bun src/main.ts serve");
    const r = await runCli(["serve", "--bind", `127.0.0.1:${freePort()}`], { home: dir, cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`budget-chat: ${MISSING_KEY_MESSAGE}\n`);
    for (const way of ["ANTHROPIC_API_KEY=sk-ant-…", "ANTHROPIC_BASE_URL=http://localhost:11434", "budget-chat serve --no-model"]) expect(r.stderr).toContain(way);
  });

  test("serve --no-model: the first run's demo data, the terminal points to the Import page; pages work; questions are refused", async () => {
    const port = freePort();
    const p = spawnCli(["serve", "--no-model", "--bind", `127.0.0.1:${port}`], { home: dir, cwd: dir, env: { ANTHROPIC_BASE_URL: "http://127.0.0.1:9" } });
    try {
      let out = "";
      let err = "";
      void (async () => {
        for await (const c of p.stdout as ReadableStream<Uint8Array>) out += new TextDecoder().decode(c);
      })();
      void (async () => {
        for await (const c of p.stderr as ReadableStream<Uint8Array>) err += new TextDecoder().decode(c);
      })();
      const deadline = Date.now() + 30_000;
      while (!out.includes("MCP clients")) {
        if (Date.now() > deadline || p.exitCode !== null) throw new Error(`serve did not start: ${out}${err}`);
        await Bun.sleep(20);
      }
      const url = `http://127.0.0.1:${port}/`;
      // The first run writes demo data and says where your own goes: the Import page, not DATABASE_URL.
      expect(err).toContain("To use your own, import your bank statements on the Import page (/import) or with budget-chat import FILE.");
      expect(err).not.toContain("Set DATABASE_URL");
      expect(out).toContain(`  your own data: import your bank statements at ${url}import\n`);
      expect(out).toContain(`  model: none (--no-model): every page but the chat; ${url} says how to add one\n`);

      const chat = await (await fetch(url)).text();
      expect(chat).toContain('<h2 id="no-model-title">The chat needs a model</h2>');
      expect(chat).toContain(`<code id="env-api-key">${API_KEY_ENV}</code>`);
      expect(chat).toContain(`<code id="env-local-model">${LOCAL_MODEL_ENV}</code>`);
      expect(chat).not.toContain('id="chat-form"');
      for (const path of ["transactions", "categories", "budgets", "usage", "memories", "settings", "import"]) {
        expect([path, (await fetch(`${url}${path}`)).status]).toEqual([path, 200]);
      }
      const asked = await fetch(`${url}api/chat`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message: "hi" }) });
      expect(asked.status).toBe(503);
      expect(await asked.json()).toEqual({
        error: "This budget-chat runs without a model (serve --no-model), so it cannot answer questions. Add ANTHROPIC_API_KEY, or a local model through ANTHROPIC_BASE_URL, and restart it.",
      });
    } finally {
      p.kill("SIGTERM");
      await p.exited;
    }
  }, 60_000);
});

describe("the app without a model", () => {
  test("--no-model needs no key and ignores one: no model client, imports classify without it", async () => {
    const db = join(dir, "own-budget.db");
    writeDemoDb({ out: db, seed: 7, transactions: 50 });
    const cfg = appConfig({ "no-model": true, db, "chat-db": join(dir, "chat-nomodel.db") }, { ownsStore: false }, { ANTHROPIC_API_KEY: "sk-ant-set" });
    expect(cfg.apiKey).toBeNull();
    expect(() => appConfig({}, { ownsStore: false }, {})).toThrow(MISSING_KEY_MESSAGE);
    const h = await startWebHarness({ noModel: true, readOnly: false });
    try {
      expect(h.chat.hasModel).toBe(false);
      expect(h.app.importer.canClassify).toBe(false);
      // A question is refused before anything is stored or sent.
      expect(() => h.chat.startTurn({ userId: "local", question: "hi" })).toThrow("runs without a model");
      expect(h.store.conversations.list("local")).toEqual([]);
      expect(h.fake.requests).toEqual([]);
      // The page form is refused the same way (an htmx fragment with the reason).
      const form = await fetch(`${h.url}/chat`, { method: "POST", headers: { "HX-Request": "true", "content-type": "application/x-www-form-urlencoded" }, body: "message=hi" });
      expect(form.status).toBe(503);
      expect(await form.text()).toContain("runs without a model");
    } finally {
      await h.close();
    }
    // The app itself, as serve builds it: no client.
    const app = createApp(cfg);
    try {
      expect(app.chat.hasModel).toBe(false);
    } finally {
      await app.close();
    }
  });
});
