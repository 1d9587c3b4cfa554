/**
 * The user's rules come first at import and in `classify` (SPEC §14): before the merchant cache,
 * the card-sector rules and the model, without a key, in the streamed import of a large file as
 * in the in-memory one, with `source = 'user_rule'` and each rule's hits counted in the import's
 * own write.
 */
import Anthropic from "@anthropic-ai/sdk";
import { Database } from "bun:sqlite";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { CLASSIFY_TOOL, ModelClassifier } from "../../src/import/classify.ts";
import { BudgetDb } from "../../src/ledger/reader.ts";
import { CATEGORY_DESCRIPTIONS } from "../../src/ledger/schema.ts";
import { RuleError, ruleInputSchema } from "../../src/rules/rule-input.ts";
import { addRule, undoRuleChangeById } from "../../src/rules/rules.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";
import { queryFile } from "../support/db-file.ts";
import { makeImporter, parsed, pipelineDb, row, tempDir } from "../import/support.ts";

const CLI = { userId: null, by: "cli", via: "cli" } as const;
const ANNA = { id: "u-anna", name: "anna" };
let tmp: ReturnType<typeof tempDir>;
let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterAll(() => fake.stop());
afterEach(() => {
  tmp?.cleanup();
  fake.reset();
});

/** budget.db as the pipeline makes it, with the merchant cache filing TWINT under Shopping, and the importer on it. */
async function withRules(rules: Record<string, unknown>[], opts: { model?: boolean } = {}) {
  tmp = tempDir();
  const target = join(tmp.dir, "budget.db");
  pipelineDb(target, []);
  const db = new Database(target);
  db.run("INSERT INTO merchant_cache VALUES ('TWINT', 'Twint', 'Shopping', 1.0, 'llm', 't', 't')");
  for (const [name, description] of CATEGORY_DESCRIPTIONS) db.query("INSERT INTO categories VALUES (?, ?, 't')").run(name, description);
  db.close();
  const model = opts.model ? new ModelClassifier(new Anthropic({ apiKey: "test", baseURL: fake.url, maxRetries: 0 }), "test-model") : null;
  const { importer, store } = makeImporter(target, { model });
  const budget = BudgetDb.open(target);
  try {
    for (const r of rules) await addRule({ budget, writer: importer.writer, store }, ANNA, ruleInputSchema().parse(r), { apply: false }, "api");
  } finally {
    budget.close();
  }
  return { target, importer, store };
}

const stored = (target: string) =>
  queryFile<{ raw_description: string; merchant_name: string; category: string; source: string; confidence: number }>(
    target,
    "SELECT raw_description, merchant_name, category, source, confidence FROM transactions ORDER BY id",
  );

describe("at import", () => {
  test("rules first, per row (amount and counterparty count); the rest to the cache and the model; hits counted", async () => {
    const { target, importer } = await withRules(
      [
        // TWINT payments to L.H. of at most 100.00 (the counterparty the bank names) are the children's.
        { field: "counterparty", pattern: "L.H.", max_amount: 0, min_amount: -100, category: "Children", merchant_name: "L.H." },
        { field: "description", match: "starts_with", pattern: "Bäckerei", category: "Groceries" },
      ],
      { model: true },
    );
    fake.setHandler((body) => {
      const items = JSON.parse(String(body.messages![0].content).split("\n")[1]!) as { id: string; description: string }[];
      return { kind: "message", content: [{ type: "tool_use", name: CLASSIFY_TOOL, input: { results: items.map((it) => ({ id: it.id, merchant_name: it.description, category: "Dining", confidence: 0.6 })) } }] };
    });
    const file = parsed("a.csv", [
      row({ date: "2026-03-01", amount: -40, description: "TWINT", facts: { counterparty: "L.H." }, reference: "t1" }),
      // Over the rule's range: the merchant cache's (Shopping).
      row({ date: "2026-03-02", amount: -140, description: "TWINT", facts: { counterparty: "L.H." }, reference: "t2" }),
      // Another counterparty: the cache's.
      row({ date: "2026-03-03", amount: -20, description: "TWINT", facts: { counterparty: "M.K." }, reference: "t3" }),
      // ue = ü: the bakery rule.
      row({ date: "2026-03-04", amount: -8.4, description: "BAECKEREI ZOPF", reference: "b1" }),
      row({ date: "2026-03-05", amount: -30, description: "Restaurant Hiltl", reference: "r1" }),
    ]);
    const plan = await importer.plan(file, { classify: "model" });
    // Only the restaurant went to the model.
    expect(fake.requests.length).toBe(1);
    expect(JSON.parse(String(fake.requests[0]!.body.messages![0].content).split("\n")[1]!).map((i: { description: string }) => i.description)).toEqual(["Restaurant Hiltl"]);
    const done = await importer.commit(plan, { actor: CLI });
    expect(done.bySource).toEqual({ user_rule: 2, cache: 2, rules: 0, llm: 1, unclassified: 0 });
    expect(stored(target)).toEqual([
      { raw_description: "TWINT", merchant_name: "L.H.", category: "Children", source: "user_rule", confidence: 1 },
      { raw_description: "TWINT", merchant_name: "Twint", category: "Shopping", source: "cache", confidence: 1 },
      { raw_description: "TWINT", merchant_name: "Twint", category: "Shopping", source: "cache", confidence: 1 },
      // The rule gives no merchant name: the cleaned description.
      { raw_description: "BAECKEREI ZOPF", merchant_name: "BAECKEREI ZOPF", category: "Groceries", source: "user_rule", confidence: 1 },
      { raw_description: "Restaurant Hiltl", merchant_name: "Restaurant Hiltl", category: "Dining", source: "llm", confidence: 0.6 },
    ]);
    expect(queryFile(target, "SELECT id, hits FROM category_rules ORDER BY id")).toEqual([
      { id: 1, hits: 1 },
      { id: 2, hits: 1 },
    ]);
  });

  test("without a key, and read again chunk by chunk (a large file from the command line): the same", async () => {
    const { target, importer } = await withRules([{ field: "merchant", match: "equals", pattern: "twint", category: "Transfers" }]);
    // A rule on the merchant reads the name the cache knows for the text ("Twint").
    const csv = "Date;Amount;Currency;Description\n03.02.2027;-12.50;CHF;TWINT\n04.02.2027;-7.20;CHF;Kiosk Bahnhof\n";
    const sf = importer.parseStreamed({ name: "big.csv", bytes: new TextEncoder().encode(csv) });
    const done = await importer.commitStreamed(sf, { actor: CLI });
    expect(done.bySource).toEqual({ user_rule: 1, cache: 0, rules: 0, llm: 0, unclassified: 1 });
    expect(stored(target).map((r) => [r.merchant_name, r.category, r.source])).toEqual([
      ["Twint", "Transfers", "user_rule"],
      ["Kiosk Bahnhof", "Uncategorised", "unclassified"],
    ]);
    expect(queryFile(target, "SELECT hits FROM category_rules")).toEqual([{ hits: 1 }]);
  });
});

describe("classify", () => {
  test("a rule written after the import classifies the rows waiting, with no model; the rest wait", async () => {
    const { target, importer, store } = await withRules([]);
    await importer.commit(
      await importer.plan(
        parsed("a.csv", [
          row({ date: "2026-03-01", amount: -9.9, description: "Kiosk Bahnhof", reference: "k1" }),
          row({ date: "2026-03-02", amount: -55, description: "Garage Meier", reference: "g1" }),
        ]),
        { classify: "offline" },
      ),
      { actor: CLI },
    );
    const budget = BudgetDb.open(target);
    await addRule({ budget, writer: importer.writer, store }, ANNA, ruleInputSchema().parse({ pattern: "kiosk", category: "Dining" }), { apply: false }, "api");
    budget.close();
    expect(await importer.classifyPending(CLI)).toEqual({ pending: 2, classified: 1, bySource: { user_rule: 1, cache: 0, rules: 0, llm: 0, unclassified: 0 }, modelError: null });
    expect(stored(target).map((r) => [r.merchant_name, r.category, r.source])).toEqual([
      ["Kiosk Bahnhof", "Dining", "user_rule"],
      ["Garage Meier", "Uncategorised", "unclassified"],
    ]);
    expect(queryFile(target, "SELECT hits FROM category_rules")).toEqual([{ hits: 1 }]);
  });
});

describe("undo after an import undo gave the rows' ids to a new import", () => {
  // transactions.id has no AUTOINCREMENT: undoing the last import frees its ids, and the next import gets them again.
  const fileA = () =>
    parsed("a.csv", [
      row({ date: "2026-03-01", amount: -9.9, description: "Kiosk Bahnhof", reference: "k1" }),
      row({ date: "2026-03-02", amount: -4.5, description: "Kiosk Bahnhof", reference: "k2" }),
    ]);

  test("a rule's undo refuses rows of the new import (the same file, filed the same by the rule) and restores nothing", async () => {
    const { target, importer, store } = await withRules([]);
    const first = await importer.commit(await importer.plan(fileA(), { classify: "offline" }), { actor: CLI });
    const batch = first.batch!;
    const deps = { budget: BudgetDb.open(target), writer: importer.writer, store };
    try {
      const added = await addRule(deps, ANNA, ruleInputSchema().parse({ pattern: "kiosk", category: "Shopping" }), { apply: true }, "api");
      expect(added.snapshot.changed).toBe(2);
      // Rows a rule changed are no hand edits: the import's undo deletes them.
      expect(await importer.undo(batch, CLI)).toEqual({ batch, deleted: 2 });
      const second = await importer.commit(await importer.plan(fileA(), { classify: "offline" }), { actor: CLI });
      // Ids 1 and 2 again, filed by the rule at import exactly as its apply had left the old rows.
      expect(queryFile(target, "SELECT id, category, source, confidence, import_batch FROM transactions ORDER BY id")).toEqual([
        { id: 1, category: "Shopping", source: "user_rule", confidence: 1, import_batch: second.batch },
        { id: 2, category: "Shopping", source: "user_rule", confidence: 1, import_batch: second.batch },
      ]);
      const err = await undoRuleChangeById(deps, ANNA, added.edit!.id).catch((e) => e);
      expect(err).toBeInstanceOf(RuleError);
      expect(err.message).toBe("Nothing was restored: 2 transactions of the 2 changed (or were deleted) since; undoing would overwrite that, so nothing was restored.");
      expect(stored(target).map((r) => [r.category, r.source])).toEqual([
        ["Shopping", "user_rule"],
        ["Shopping", "user_rule"],
      ]);
      expect(store.edits.get(ANNA.id, added.edit!.id)!.undoneAt).toBeNull();
    } finally {
      deps.budget.close();
    }
  });
});
