/**
 * `budget-chat classify --check | --below T | --undo CHANGE` as a person runs it (SPEC §14): the
 * compiled-from-source CLI in a child process, the real SDK against the fake Messages API.
 *
 * The fake model answers per description from ANSWERS. Hand-set rows: ALPHA (Groceries; the model
 * says Groceries 0.9: right), BRAVO (Dining; Dining 0.9: right), CHARLIE (Transport; Transport 0.5:
 * right but unsure), DELTA (Shopping; Dining 0.95: a confident miss). So: accuracy 3/4 = 75.0%; at or
 * above 0.70: 3 answers, 2 right = 66.7%; below: 1 of 4 = 25.0%. Each request reports 2,000 input and
 * 200 output tokens: with Haiku 4.5 ($1 and $5 per million) $0.0020 + $0.0010 = $0.0030.
 */
import { Database } from "bun:sqlite";
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { CLASSIFY_TOOL } from "../../src/import/classify.ts";
import { createFixture, fixtureRow, type Fixture } from "../fixtures/budget-fixture.ts";
import { runCli } from "../support/cli-process.ts";
import { queryFile } from "../support/db-file.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";

const ANSWERS: Record<string, [string, number]> = {
  "SHOP ALPHA": ["Groceries", 0.9],
  "SHOP BRAVO": ["Dining", 0.9],
  "SHOP CHARLIE": ["Transport", 0.5],
  "SHOP DELTA": ["Dining", 0.95],
  "KIOSK ONE": ["Groceries", 0.9],
};

let fake: FakeAnthropic;
let fx: Fixture;
beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterAll(() => fake.stop());
afterEach(() => fx?.cleanup());

/** A fresh fake (no requests recorded) answering from ANSWERS. */
function answering() {
  fake.reset();
  fake.setHandler((body) => {
    const items = JSON.parse(String(body.messages![0].content).split("\n")[1]!) as { id: string; description: string }[];
    const results = items.map((it) => ({ id: it.id, merchant_name: it.description, category: ANSWERS[it.description]![0], confidence: ANSWERS[it.description]![1] }));
    return { kind: "message", content: [{ type: "tool_use", name: CLASSIFY_TOOL, input: { results } }], usage: { input_tokens: 2000, output_tokens: 200 } };
  });
}

function setup() {
  fx = createFixture({
    rows: [
      fixtureRow(1, "2025-01-01", "SHOP ALPHA", -1, "Shop Alpha", "Groceries", { source: "manual", confidence: 1 }),
      fixtureRow(2, "2025-01-02", "SHOP BRAVO", -2, "Shop Bravo", "Dining", { source: "manual", confidence: 1 }),
      fixtureRow(3, "2025-01-03", "SHOP CHARLIE", -3, "Shop Charlie", "Transport", { source: "manual", confidence: 1 }),
      fixtureRow(4, "2025-01-04", "SHOP DELTA", -4.5, "Shop Delta", "Shopping", { source: "manual", confidence: 1 }),
      fixtureRow(5, "2025-01-05", "KIOSK ONE", -5, "Kiosk One", "Shopping", { confidence: 0.4 }),
    ],
  });
  return fx;
}

const withKey = { ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: "" };
function cli(args: string[], key = true) {
  const dir = join(fx.path, "..");
  return runCli([...args, "--db", fx.path, "--chat-db", join(dir, "chat.db"), "--model", "claude-haiku-4-5"], {
    home: dir,
    env: key ? { ...withKey, ANTHROPIC_BASE_URL: fake.url } : { ANTHROPIC_API_KEY: "" },
  });
}

test("--check: the cost before, the exact figures, the confident misses and the cost after; --json; nothing written", async () => {
  setup();
  answering();
  const before = queryFile(fx.path, "SELECT id, category, source, confidence FROM transactions ORDER BY id");
  const text = await cli(["classify", "--check"]);
  expect([text.code, text.stderr]).toEqual([0, ""]);
  const lines = text.stdout.trim().split("\n");
  expect(lines[0]).toStartWith("Checking against 4 rows you set by hand: 1 model request for 4 merchants (about ");
  expect(lines.slice(1)).toEqual([
    "Accuracy: 75.0% (3 of 4 rows as you set them).",
    "At or above 0.70 confidence: 66.7% right (2 of 3).",
    "Below 0.70: 25.0% of the rows (1).",
    "Confident misses (1):",
    '  2025-01-04  -4.50 CHF  "SHOP DELTA": yours Shopping, the model Dining (0.95)',
    "Cost: 1 model request: 2'000 input and 200 output tokens, $0.0030.",
  ]);
  // Blind: only the hand-set rows' texts, no row of the model's own.
  expect(fake.requests).toHaveLength(1);
  expect(String(fake.requests[0]!.body.messages![0].content)).not.toContain("KIOSK");

  const json = await cli(["classify", "--check", "--json", "--threshold", "0.9"]);
  expect(json.code).toBe(0);
  // At 0.90: ALPHA, BRAVO (right) and DELTA (wrong) are at or above it.
  expect(JSON.parse(json.stdout)).toEqual({
    threshold: 0.9,
    rows: 4,
    right: 3,
    accuracy: 0.75,
    confident: 3,
    confident_right: 2,
    confident_accuracy: 2 / 3,
    below_share: 0.25,
    confident_misses: [{ id: 4, date: "2025-01-04", description: "SHOP DELTA", amount: -4.5, currency: "CHF", yours: "Shopping", model: "Dining", confidence: 0.95 }],
    model_calls: 1,
    usage: { input_tokens: 2000, output_tokens: 200 },
    cost_usd: 0.003,
    model_error: null,
  });
  expect(queryFile(fx.path, "SELECT id, category, source, confidence FROM transactions ORDER BY id")).toEqual(before);
});

test("--check without a key, or with a bad threshold: a clear error, nothing asked", async () => {
  setup();
  answering();
  const noKey = await cli(["classify", "--check"], false);
  expect([noKey.code, noKey.stderr]).toEqual([1, "budget-chat: classify --check needs the model: set ANTHROPIC_API_KEY (in the environment or a .env file).\n"]);
  const bad = await cli(["classify", "--check", "--threshold", "7"]);
  expect([bad.code, bad.stderr]).toEqual([2, 'budget-chat: classify: --threshold must be a confidence above 0 and at most 1 (e.g. 0.7), got "7"\n']);
  const both = await cli(["classify", "--check", "--below", "0.5"]);
  expect([both.code, both.stderr]).toEqual([2, "budget-chat: classify: --check and --below do not go together\n"]);
  expect(fake.requests).toHaveLength(0);
});

test("--below 0.7: the cost before, the surer answer written, counted; --undo puts it back, once", async () => {
  setup();
  answering();
  const dry = await cli(["classify", "--below", "0.7", "--dry-run"]);
  expect(dry.stdout).toStartWith("1 row below 0.70, 1 model request for 1 merchant (about ");
  expect(fake.requests).toHaveLength(0);
  const run = await cli(["classify", "--below", "0.7"]);
  expect(run.code).toBe(0);
  expect(run.stdout.trim().split("\n").slice(1)).toEqual([
    "Classified 1 unsure transaction again (below 0.70): 1 to another category, 0 only surer; 0 stay as they were.",
    "Cost: 1 model request: 2'000 input and 200 output tokens, $0.0030.",
    "Undo with: budget-chat classify --undo 1",
  ]);
  expect(queryFile(fx.path, "SELECT category, confidence, source FROM transactions WHERE id = 5")).toEqual([{ category: "Groceries", confidence: 0.9, source: "llm" }]);
  const chat = new Database(join(fx.path, "..", "chat.db"), { readonly: true });
  const audit = chat.query("SELECT detail FROM audit_log WHERE kind = 'write' ORDER BY id DESC LIMIT 1").get() as { detail: string };
  chat.close();
  expect(JSON.parse(audit.detail)).toMatchObject({ change: "reclassify", model_calls: 1, usage: { input_tokens: 2000, output_tokens: 200 }, cost: 0.003 });
  const undo = await cli(["classify", "--undo", "1"]);
  expect([undo.code, undo.stdout]).toEqual([0, "Undone: 1 transaction is classified as before the second try.\n"]);
  expect(queryFile(fx.path, "SELECT category, confidence, source FROM transactions WHERE id = 5")).toEqual([{ category: "Shopping", confidence: 0.4, source: "llm" }]);
  const again = await cli(["classify", "--undo", "1"]);
  expect([again.code, again.stderr]).toEqual([1, "budget-chat: This change was already undone.\n"]);
});
