/**
 * Quality you can see (SPEC §14, issue 35 item 5): the check of the classification against the
 * rows set by hand, and the second try on unsure rows (written, recorded, audited, undone).
 *
 * A fake classifier answers per merchant key from a table written here, so every figure is
 * known by hand: 20 hand-set rows "SHOP ALPHA".."SHOP TANGO" (1–20); it is right on 12 (1–12), 10 of
 * them at 0.9 and 2 at 0.5; wrong on 8, 3 of them at 0.95 (13–15: the confident misses) and 5 at 0.3.
 * Accuracy 12/20 = 0.6; at or above 0.7: 13 answers, 10 right = 10/13; below: 7/20 = 0.35.
 */
import { Database } from "bun:sqlite";
import { afterEach, describe, expect, test } from "bun:test";
import type { Classified, Classifier, ClassifierCategory, FewShot } from "../../src/import/classify.ts";
import { checkClassification, checkWork, reclassifyBelow, reclassifyWork, undoReclassifyById } from "../../src/import/quality.ts";
import { pipelineMerchantKey } from "../../src/ledger/pipeline.ts";
import { BudgetWriter } from "../../src/ledger/write-path.ts";
import { addRule } from "../../src/rules/rules.ts";
import { Store } from "../../src/store/store.ts";
import { createFixture, fixtureRow, type Fixture } from "../fixtures/budget-fixture.ts";
import { queryFile } from "../support/db-file.ts";

const NOW = new Date("2026-01-02T03:04:05Z");
const CLI = { userId: null, by: "cli", via: "cli" as const };

let fx: Fixture | null = null;
let store: Store | null = null;
afterEach(() => {
  fx?.cleanup();
  store?.close();
  fx = store = null;
});

/** Twenty merchants with a merchant key each (the pipeline's key drops digits: "SHOP 01" would share "SHOP"). */
const NAMES = ["ALPHA", "BRAVO", "CHARLIE", "DELTA", "ECHO", "FOXTROT", "GOLF", "HOTEL", "INDIA", "JULIET", "KILO", "LIMA", "MIKE", "NOVEMBER", "OSCAR", "PAPA", "QUEBEC", "ROMEO", "SIERRA", "TANGO"];
const shop = (i: number) => `SHOP ${NAMES[i - 1]}`;
const LABELS = ["Groceries", "Dining", "Transport", "Shopping"];

/** A classifier that answers from `answers` (by description), recording what it was asked. */
function fakeClassifier(answers: Map<string, { category: string; confidence: number }>) {
  const asked: { descriptions: string[]; examples: FewShot[]; categories: ClassifierCategory[] }[] = [];
  const classifier: Classifier = {
    model: "claude-haiku-4-5",
    async classify(items, categories, examples) {
      asked.push({ descriptions: items.map((it) => it.description), examples: [...examples], categories: [...categories] });
      const results = new Map<string, Classified>();
      for (const it of items) {
        const a = answers.get(it.description);
        if (a) results.set(it.key, { merchant: `${it.description} AG`, category: a.category, confidence: a.confidence, source: "llm" });
      }
      return { results, error: null, calls: 1, usage: { input_tokens: 1200, output_tokens: 300, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } };
    },
  };
  return { classifier, asked };
}

function setup(rows: ReturnType<typeof fixtureRow>[]) {
  fx = createFixture({ rows });
  store = Store.memory({ now: () => NOW });
  return { f: fx, store, deps: { budget: fx.db, writer: new BudgetWriter(fx.path, { journal: store }), store, now: () => NOW } };
}

describe("classify --check", () => {
  test("exact figures on a known share: accuracy, at or above the threshold, below it, the confident misses; blind to the user's own corrections", async () => {
    // 20 hand-set rows, one merchant each, labels cycling through LABELS; 2 rows the model filed (not labels).
    const rows = Array.from({ length: 20 }, (_, k) => fixtureRow(k + 1, `2025-03-${String(k + 1).padStart(2, "0")}`, shop(k + 1), -10 - k, shop(k + 1), LABELS[k % 4]!, { source: "manual", confidence: 1 }));
    rows.push(fixtureRow(21, "2025-04-01", "OTHER 1", -5, "Other 1", "Dining"), fixtureRow(22, "2025-04-02", "OTHER 2", -6, "Other 2", "Dining"));
    const { f } = setup(rows);
    // The user's correction of SHOP ALPHA (a few-shot example) must not reach the model; one of another merchant does.
    const w = new Database(f.path);
    w.run("INSERT INTO few_shot_examples (merchant_pattern, raw_description, correct_merchant, correct_category, created_at) VALUES (?, 'SHOP ALPHA', 'Shop Alpha', 'Groceries', 't'), ('OTHER', 'OTHER 1', 'Other 1', 'Dining', 't')", [pipelineMerchantKey("SHOP ALPHA")]);
    w.close();
    const wrong = (k: number) => LABELS[(k + 1) % 4]!;
    const answers = new Map<string, { category: string; confidence: number }>();
    for (let i = 1; i <= 20; i++) {
      const label = LABELS[(i - 1) % 4]!;
      if (i <= 10) answers.set(shop(i), { category: label.toLowerCase(), confidence: 0.9 }); // right (letter case aside)
      else if (i <= 12) answers.set(shop(i), { category: label, confidence: 0.5 });
      else if (i <= 15) answers.set(shop(i), { category: wrong(i - 1), confidence: 0.95 });
      else answers.set(shop(i), { category: wrong(i - 1), confidence: 0.3 });
    }
    const { classifier, asked } = fakeClassifier(answers);

    // Before: 20 rows, 20 merchants, one request (at most 50 merchants each).
    const work = checkWork(f.db, "claude-haiku-4-5");
    expect([work.rows, work.merchants, work.calls]).toEqual([20, 20, 1]);
    expect(work.estimate!.output_tokens).toBe(20 + 20 * 40);

    const r = await checkClassification(f.db, classifier, { threshold: 0.7, store: store!, actor: CLI });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.descriptions).toEqual(Array.from({ length: 20 }, (_, k) => shop(k + 1)));
    expect(asked[0]!.examples.map((e) => e.raw_description)).toEqual(["OTHER 1"]);
    expect({ rows: r.rows, right: r.right, confident: r.confident, confidentRight: r.confidentRight }).toEqual({ rows: 20, right: 12, confident: 13, confidentRight: 10 });
    expect(r.accuracy).toBe(0.6);
    expect(r.confidentAccuracy).toBe(10 / 13);
    expect(r.belowShare).toBe(0.35);
    // Rows 13 (label Groceries, k=12 → wrong LABELS[1] Dining), 14 (Dining → Transport), 15 (Transport → Shopping).
    expect(r.misses.map((m) => [m.id, m.label, m.guess, m.confidence])).toEqual([
      [13, "Groceries", "Dining", 0.95],
      [14, "Dining", "Transport", 0.95],
      [15, "Transport", "Shopping", 0.95],
    ]);
    // Haiku 4.5: 1,200 × $1 + 300 × $5 per million = $0.0027; counted in usage as the classification check.
    expect(r.spent).toEqual({ calls: 1, input_tokens: 1200, output_tokens: 300, cost: 0.0027 });
    expect(store!.usage.byModel().map((u) => [u.model, u.source, u.turns, u.input_tokens, u.output_tokens])).toEqual([["claude-haiku-4-5", "classification check", 1, 1200, 300]]);
    // Nothing written.
    expect(queryFile(f.path, "SELECT count(*) AS n FROM transactions WHERE source = 'manual'")).toEqual([{ n: 20 }]);
  });

  test("no hand-set rows: nothing to ask", async () => {
    const { f } = setup([fixtureRow(1, "2025-01-01", "A", -1, "A", "Dining")]);
    expect(checkWork(f.db, null)).toEqual({ rows: 0, merchants: 0, calls: 0, estimate: null });
    const { classifier } = fakeClassifier(new Map());
    const r = await checkClassification(f.db, classifier);
    expect([r.rows, r.accuracy, r.confidentAccuracy, r.belowShare]).toEqual([0, null, null, null]);
  });
});

describe("classify --below", () => {
  // 1 unsure Shopping (0.4) → the model says Groceries 0.9: recategorised (and its cache entry, 0.4, becomes 0.9);
  // 2 unsure Groceries (0.5) → Groceries 0.8: only surer; 3 unsure (0.6) → Dining 0.5: less sure, stays;
  // 4 unsure (0.3), "TWINT *Lea": a rule files it under Fees; 5 sure (0.9): not asked; 6 set by hand (0.2): never.
  const unsure = () => [
    fixtureRow(1, "2025-05-01", "KIOSK ONE", -4, "Kiosk One", "Shopping", { confidence: 0.4 }),
    fixtureRow(2, "2025-05-02", "KIOSK TWO", -5, "Kiosk Two", "Groceries", { confidence: 0.5 }),
    fixtureRow(3, "2025-05-03", "KIOSK THREE", -6, "Kiosk Three", "Groceries", { confidence: 0.6 }),
    fixtureRow(4, "2025-05-04", "TWINT *Lea", -7, "TWINT", "Uncategorised", { confidence: 0.3 }),
    fixtureRow(5, "2025-05-05", "KIOSK FIVE", -8, "Kiosk Five", "Groceries", { confidence: 0.9 }),
    fixtureRow(6, "2025-05-06", "KIOSK SIX", -9, "Kiosk Six", "Dining", { source: "manual", confidence: 0.2 }),
  ];
  const ANSWERS = new Map([
    ["KIOSK ONE", { category: "Groceries", confidence: 0.9 }],
    ["KIOSK TWO", { category: "Groceries", confidence: 0.8 }],
    ["KIOSK THREE", { category: "Dining", confidence: 0.5 }],
  ]);
  const state = (path: string) => queryFile(path, "SELECT id, merchant_name, category, confidence, source FROM transactions ORDER BY id");

  test("rules then the model, surer answers only, one write; recorded and audited; undo puts rows and cache back, once", async () => {
    const { f, store, deps } = setup(unsure());
    const w = new Database(f.path);
    w.run("INSERT INTO merchant_cache (raw_key, merchant_name, category, confidence, source, created_at, updated_at) VALUES (?, 'Kiosk One', 'Shopping', 0.4, 'llm', 't', 't')", [pipelineMerchantKey("KIOSK ONE")]);
    w.close();
    await addRule(deps, { id: "cli", name: "cli" }, { field: "text", match: "starts_with", pattern: "twint *lea", min_amount: null, max_amount: null, account: null, category: "Fees", merchant_name: null, priority: 0 }, { apply: false }, "cli");
    const before = state(f.path);
    const work = reclassifyWork(f.db, 0.7, "claude-haiku-4-5");
    expect([work.rows, work.byRule, work.merchants, work.calls]).toEqual([4, 1, 3, 1]);

    const { classifier, asked } = fakeClassifier(ANSWERS);
    const done = await reclassifyBelow(deps, classifier, CLI, 0.7);
    expect(asked[0]!.descriptions).toEqual(["KIOSK ONE", "KIOSK TWO", "KIOSK THREE"]);
    expect(done.message).toBe("Classified 4 unsure transactions again (below 0.70): 2 to another category, 1 only surer, 1 of them by your rules; 1 stay as they were.");
    expect(state(f.path)).toEqual([
      { id: 1, merchant_name: "KIOSK ONE AG", category: "Groceries", confidence: 0.9, source: "llm" },
      { id: 2, merchant_name: "KIOSK TWO AG", category: "Groceries", confidence: 0.8, source: "llm" },
      before[2]!,
      { id: 4, merchant_name: "TWINT", category: "Fees", confidence: 1, source: "user_rule" },
      before[4]!,
      before[5]!,
    ]);
    expect(queryFile(f.path, "SELECT category, confidence FROM merchant_cache WHERE raw_key = ?", pipelineMerchantKey("KIOSK ONE"))).toEqual([{ category: "Groceries", confidence: 0.9 }]);
    // KIOSK TWO had no entry: it gets one (0.8); KIOSK THREE's answer (0.5) is kept too, as classify keeps every answer above 0.
    expect(queryFile(f.path, "SELECT count(*) AS n FROM merchant_cache")).toEqual([{ n: 3 }]);
    expect(done.edit!.kind).toBe("reclassify");
    const audit = store.audit.list({ kind: "write", limit: 1 })[0]!;
    expect(audit.detail).toMatchObject({ change: "reclassify", threshold: 0.7, asked: 4, by_rule: 1, recategorised: 2, surer: 1, cache_entries: 3, model_calls: 1, usage: { input_tokens: 1200, output_tokens: 300 } });

    const undone = await undoReclassifyById(deps, { id: "cli", name: "cli" }, done.edit!.id);
    expect(undone.message).toBe("Undone: 3 transactions are classified as before the second try.");
    expect(state(f.path)).toEqual(before);
    expect(queryFile(f.path, "SELECT raw_key, category, confidence FROM merchant_cache")).toEqual([{ raw_key: pipelineMerchantKey("KIOSK ONE"), category: "Shopping", confidence: 0.4 }]);
    await expect(undoReclassifyById(deps, { id: "cli", name: "cli" }, done.edit!.id)).rejects.toThrow("This change was already undone.");
    expect(store.audit.list({ kind: "undo", limit: 1 })[0]!.detail).toMatchObject({ change: "reclassify", rows: 3, cache_entries: 3 });
  });

  test("an undo after a row was edited since restores nothing and says why", async () => {
    const { f, deps } = setup(unsure());
    const { classifier } = fakeClassifier(ANSWERS);
    const done = await reclassifyBelow(deps, classifier, CLI, 0.7);
    const w = new Database(f.path);
    w.run("UPDATE transactions SET category = 'Fees' WHERE id = 1");
    w.close();
    const after = state(f.path);
    await expect(undoReclassifyById(deps, { id: "cli", name: "cli" }, done.edit!.id)).rejects.toThrow(
      "Nothing was restored: 1 transaction changed since; undoing would overwrite that.",
    );
    expect(state(f.path)).toEqual(after);
  });

  test("an undo after a row's id was given to another row (its row deleted, the same values again) restores nothing", async () => {
    const { f, deps } = setup(unsure());
    const { classifier } = fakeClassifier(ANSWERS);
    const done = await reclassifyBelow(deps, classifier, CLI, 0.7);
    // As an import undo and the next import do: row 1 goes, a row of another batch and transaction_id takes id 1, classified as the second try left row 1.
    const w = new Database(f.path);
    w.run("CREATE TEMP TABLE gone AS SELECT * FROM transactions WHERE id = 1");
    w.run("DELETE FROM transactions WHERE id = 1");
    w.run("UPDATE gone SET import_batch = 'later-import', transaction_id = 'tx-later'");
    w.run("INSERT INTO transactions SELECT * FROM gone");
    w.close();
    const after = state(f.path);
    expect(after[0]).toEqual({ id: 1, merchant_name: "KIOSK ONE AG", category: "Groceries", confidence: 0.9, source: "llm" });
    await expect(undoReclassifyById(deps, { id: "cli", name: "cli" }, done.edit!.id)).rejects.toThrow(
      "Nothing was restored: 1 transaction changed since; undoing would overwrite that.",
    );
    expect(state(f.path)).toEqual(after);
  });

  test("without a model only the rules classify; a bad threshold is refused before anything", async () => {
    const { f, deps } = setup(unsure());
    await expect(reclassifyBelow(deps, null, CLI, 1.5)).rejects.toThrow("the confidence threshold must be a number above 0 and at most 1 (e.g. 0.7), got 1.5");
    const done = await reclassifyBelow(deps, null, CLI, 0.7);
    expect(done.message).toBe("Classified 4 unsure transactions again (below 0.70): 0 to another category, 0 only surer; 4 stay as they were.");
    expect(done.snapshot.spent).toBeNull();
    expect(queryFile(f.path, "SELECT count(*) AS n FROM transactions WHERE source = 'user_rule'")).toEqual([{ n: 0 }]);
  });
});
