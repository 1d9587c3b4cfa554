/**
 * The user's category rules (SPEC §14) on the test fixture: every field and kind of match,
 * amount ranges, accounts, the search folding (ü = ue = u), priority between two rules, rows set
 * by hand, and each change (add, apply, change, remove) written, recorded, audited and undone.
 * Row ids and texts are those of test/fixtures/budget-rows.ts; every expected list is read off it.
 */
import { Database } from "bun:sqlite";
import { afterEach, describe, expect, test } from "bun:test";
import { BudgetWriter } from "../../src/ledger/write-path.ts";
import { draftRule, previewRule } from "../../src/rules/preview.ts";
import { ruleSpecOf, RuleError, ruleInputSchema, type RuleInput } from "../../src/rules/rule-input.ts";
import { addRule, applyRule, removeRule, undoRuleChangeById, updateRule } from "../../src/rules/rules.ts";
import { Store } from "../../src/store/store.ts";
import { proposeRule } from "../../src/tools/propose_rule.ts";
import { queryFile } from "../support/db-file.ts";
import { createFixture, IBAN, VISA, type Fixture } from "../fixtures/budget-fixture.ts";

const NOW = new Date("2026-01-02T03:04:05Z");
const ANNA = { id: "u-anna", name: "anna" };

let fx: Fixture | null = null;
let store: Store | null = null;
afterEach(() => {
  fx?.cleanup();
  store?.close();
  fx = store = null;
});

/** A fresh fixture (extended: with accounts) and app database, with transaction_details for rows 116 and 117. */
function setup(opts: { extended?: boolean } = {}) {
  fx = createFixture({ extended: opts.extended });
  store = Store.memory({ now: () => NOW });
  const w = new Database(fx.path);
  w.run(`CREATE TABLE transaction_details (transaction_id TEXT PRIMARY KEY, counterparty TEXT, counterparty_iban TEXT, purpose TEXT, reference TEXT,
           value_date TEXT, original_amount REAL, original_currency TEXT, exchange_rate REAL, fees REAL, balance_after REAL, source_file TEXT, source_sha256 TEXT, source_line INTEGER)`);
  w.run("INSERT INTO transaction_details (transaction_id, counterparty, purpose) VALUES ('fx-116', 'Lea Hüber', 'Kita Beitrag'), ('fx-117', 'Max Muster', 'Geburtstag Lea')");
  w.close();
  return { f: fx, store, deps: { budget: fx.db, writer: new BudgetWriter(fx.path, { journal: store }), store, now: () => NOW } };
}

/** The ids a draft rule of these fields would change now (target category Fees: none of the rows below is in Fees). */
function wouldChange(input: Partial<RuleInput>, opts: { includeManual?: boolean } = {}): number[] {
  const spec = ruleSpecOf(fx!.db, ruleInputSchema().parse({ category: "Fees", ...input }), store!.accountNames.all());
  return previewRule(fx!.db, draftRule(spec), opts).ids.sort((a, b) => a - b);
}

const rows = (path: string, ids: number[]) =>
  queryFile<{ id: number; category: string; source: string; confidence: number; merchant_name: string }>(
    path,
    `SELECT id, category, source, confidence, merchant_name FROM transactions WHERE id IN (${ids.join(",")}) ORDER BY id`,
  );

describe("what a rule matches", () => {
  test("description: contains, starts_with, equals (case folded; malformed-date row 120 is a transaction too)", () => {
    setup();
    expect(wouldChange({ field: "description", pattern: "migros" })).toEqual([90, 92, 93, 96, 99, 100, 120]);
    expect(wouldChange({ field: "description", match: "starts_with", pattern: "Migros-" })).toEqual([100]);
    expect(wouldChange({ field: "description", match: "equals", pattern: "migros zuerich hb" })).toEqual([90, 92, 93, 96, 99, 120]);
    expect(wouldChange({ field: "description", match: "equals", pattern: "migros" })).toEqual([]);
  });

  test("merchant: 'Migros' equals both spellings of the merchant (Migros, MIGROS)", () => {
    setup();
    expect(wouldChange({ field: "merchant", match: "equals", pattern: "Migros" })).toEqual([90, 92, 93, 96, 99, 100, 120]);
  });

  test("folding as search: Zürich = Zuerich = ZÜRICH (NFD too); Baeckerei = Bäckerei", () => {
    setup();
    // MIGROS ZUERICH HB (90 92 93 96 99 120), BAECKEREI ZUERICH (94), BÄCKEREI ZÜRICH HB (95), SPRÜNGLI ZÜRICH in NFD (97).
    const zurich = [90, 92, 93, 94, 95, 96, 97, 99, 120];
    expect(wouldChange({ field: "description", pattern: "Zürich" })).toEqual(zurich);
    expect(wouldChange({ field: "description", pattern: "zuerich" })).toEqual(zurich);
    expect(wouldChange({ field: "description", pattern: "ZURICH" })).toEqual(zurich);
    expect(wouldChange({ field: "description", pattern: "baeckerei" })).toEqual([94, 95]);
    expect(wouldChange({ field: "description", match: "starts_with", pattern: "Bäckerei" })).toEqual([94, 95]);
  });

  test("counterparty and purpose read transaction_details; text reads all four (and the merchant)", () => {
    setup();
    expect(wouldChange({ field: "counterparty", pattern: "lea huber" })).toEqual([116]);
    expect(wouldChange({ field: "purpose", pattern: "lea" })).toEqual([117]);
    expect(wouldChange({ field: "text", pattern: "lea" })).toEqual([116, 117]);
    // "Savings Account" is a merchant only (the descriptions say TRANSFER TO/FROM SAVINGS): rows 80–86.
    expect(wouldChange({ field: "description", pattern: "savings account" })).toEqual([]);
    expect(wouldChange({ field: "text", pattern: "savings account" })).toEqual([80, 81, 82, 83, 84, 85, 86]);
  });

  test("amount ranges, as stored (money out negative), ends included", () => {
    setup();
    // SBB 70 -12.00, 71 -85.00, 72 -4.40, 73 -220.00, 74 -15.60.
    expect(wouldChange({ pattern: "SBB", min_amount: -100, max_amount: -10 })).toEqual([70, 71, 74]);
    expect(wouldChange({ pattern: "SBB", min_amount: -85 })).toEqual([70, 71, 72, 74]);
    expect(wouldChange({ pattern: "SBB", max_amount: -85 })).toEqual([71, 73]);
    // No text at all: every row of an amount. The refunds of exactly 40.00 and 60.00 EUR…: 106 (+40.00).
    expect(wouldChange({ min_amount: 40, max_amount: 40 })).toEqual([106]);
  });

  test("account: spaces and letter case aside, or by the name given it on the Settings page", () => {
    setup({ extended: true });
    // Migros rows on the Visa card: 341–343 (the older Migros rows have no account).
    expect(wouldChange({ pattern: "migros", account: "visa4417" })).toEqual([341, 342, 343]);
    store!.accountNames.set(VISA, "Anna's card", "anna");
    const spec = ruleSpecOf(fx!.db, ruleInputSchema().parse({ pattern: "migros", account: "anna's card", category: "Fees" }), store!.accountNames.all());
    expect(spec.account).toBe(VISA);
    expect(wouldChange({ pattern: "migros", account: "anna's card" })).toEqual([341, 342, 343]);
  });

  test("account: a name is found folded as search folds; the number is kept as the data spells it; none or several is refused, listing the accounts by name", () => {
    setup({ extended: true });
    const names = () => store!.accountNames.all();
    const accountOf = (account: string) => {
      try {
        return ruleSpecOf(fx!.db, ruleInputSchema().parse({ pattern: "migros", account, category: "Fees" }), names()).account;
      } catch (e) {
        return (e as Error).message;
      }
    };
    // The fixture's accounts: IBAN "CH93 0076 2011 6238 5295 7" (masked CH93 … 2957) and "Visa 4417" (too short to mask).
    expect(accountOf("visa4417")).toBe(VISA);
    expect(accountOf("ch9300762011623852957")).toBe(IBAN);
    store!.accountNames.set(VISA, "Anna's Kärtli", "anna");
    // ä = ae, letter case and the spaces around aside.
    expect(accountOf("  ANNA'S KAERTLI ")).toBe(VISA);
    expect(accountOf("Savings")).toBe(
      'No account is called "Savings". The accounts: "Anna\'s Kärtli" (Visa 4417); CH93 … 2957 (no name yet: name it on the Settings page). Name one by its name as written here, or give its IBAN or card number',
    );
    store!.accountNames.set(IBAN, "Anna's Kartli", "anna");
    // Both names fold to "anna's kartli": the name of two accounts (listed masked, sorted).
    expect(accountOf("anna's kärtli")).toBe(
      '"anna\'s kärtli" is the name of 2 accounts (CH93 … 2957, Visa 4417): give the IBAN or card number of the one meant, or rename one on the Settings page',
    );
    // The number still names one.
    expect(accountOf("Visa 4417")).toBe(VISA);
  });

  test("bad rules are refused with the reason", () => {
    setup();
    const refused = (input: Record<string, unknown>) => {
      try {
        ruleSpecOf(fx!.db, ruleInputSchema().parse(input));
      } catch (e) {
        return (e as Error).message;
      }
      return "accepted";
    };
    expect(refused({ pattern: "x", category: "Pets" })).toStartWith('Unknown category "Pets". Valid categories: ');
    expect(refused({ category: "Fees" })).toBe("A rule needs a condition: a pattern, an amount range or an account (a rule without one would file every transaction)");
    // The plain fixture has no account column.
    expect(refused({ pattern: "x", category: "Fees", account: "Visa 4417" })).toBe('No account is called "Visa 4417": the transactions record no account, so a rule cannot name one');
    expect(refused({ pattern: "x", category: "fees", min_amount: -10, max_amount: -100 })).toBe(
      "min_amount (-10.00) is above max_amount (-100.00): amounts are as stored, money out negative (e.g. from -100 to -10)",
    );
    expect(ruleInputSchema().safeParse({ pattern: "x", category: "Fees", field: "iban" }).success).toBe(false);
  });
});

describe("priority between two rules", () => {
  test("the higher priority wins the rows both match; the other keeps the rest; equal priority: the older", async () => {
    const { f, deps } = setup();
    const dining = await addRule(deps, ANNA, ruleInputSchema().parse({ field: "description", pattern: "migros", category: "Dining" }), { apply: false }, "api");
    const shopping = await addRule(deps, ANNA, ruleInputSchema().parse({ field: "description", pattern: "zuerich", category: "Shopping", priority: 5 }), { apply: false }, "api");
    const migros = dining.snapshot.ruleAfter!;
    const zurich = shopping.snapshot.ruleAfter!;
    // Migros rows in Zürich (90 92 93 96 99 120) go to the Zürich rule; only MIGROS-MMM BASEL (100) to the Migros rule.
    const p = previewRule(f.db, migros);
    expect([p.ids, p.shadowed]).toEqual([[100], 6]);
    expect(previewRule(f.db, zurich).ids.sort((a, b) => a - b)).toEqual([90, 92, 93, 94, 95, 96, 97, 99, 120]);
    await applyRule(deps, ANNA, migros.id, {}, "api");
    await applyRule(deps, ANNA, zurich.id, {}, "api");
    expect(rows(f.path, [90, 94, 100]).map((r) => [r.id, r.category, r.source])).toEqual([
      [90, "Shopping", "user_rule"],
      [94, "Shopping", "user_rule"],
      [100, "Dining", "user_rule"],
    ]);
    // Same priority: the older rule (Migros, id 1) wins the shared rows.
    await updateRule(deps, ANNA, zurich.id, ruleInputSchema().parse({ field: "description", pattern: "zuerich", category: "Shopping", priority: 0 }), "api");
    expect(previewRule(f.db, { ...migros, hits: 1 }).ids.sort((a, b) => a - b)).toEqual([90, 92, 93, 96, 99, 120]);
  });

  test("propose_rule's card says the rows an older rule of the same priority takes go to a rule that comes first, not to one of higher priority (QA D18)", async () => {
    const { f, deps } = setup();
    await addRule(deps, ANNA, ruleInputSchema().parse({ field: "description", pattern: "migros", category: "Dining" }), { apply: false }, "api");
    // The proposed Zürich rule, priority 0 as the Migros rule: the 6 Migros rows in Zürich (90 92 93 96 99 120) stay the older rule's.
    const card = proposeRule.approval.prepare(f.db, proposeRule.schema().parse({ field: "description", pattern: "zuerich", category: "Shopping" }), { budgets: deps.store.budgets });
    expect(card.preview.description).toEndWith(" 6 transactions it matches go to another rule that comes first (a higher priority, or the same priority and older).");
  });
});

describe("rows set by hand", () => {
  test("stay as they are unless the user ticks 'also change hand-set rows'", async () => {
    const { f, deps } = setup();
    // ACME AG: salaries 1–24 (source rule) and the correction 25 (source manual).
    const input = ruleInputSchema().parse({ pattern: "acme", category: "Transfers" });
    const p = previewRule(f.db, draftRule(ruleSpecOf(f.db, input)));
    expect([p.rows, p.manual]).toEqual([24, 1]);
    expect(previewRule(f.db, draftRule(ruleSpecOf(f.db, input)), { includeManual: true }).rows).toBe(25);
    const added = await addRule(deps, ANNA, input, { apply: true }, "page");
    expect(added.message).toBe('Added rule 1 (Any text contains "acme" → Transfers) and moved 24 transactions to Transfers; 1 transaction you set by hand stays as it is.');
    expect(rows(f.path, [24, 25])).toEqual([
      { id: 24, category: "Transfers", source: "user_rule", confidence: 1, merchant_name: "ACME AG" },
      { id: 25, category: "Income", source: "manual", confidence: 0.95, merchant_name: "ACME AG" },
    ]);
    const forced = await applyRule(deps, ANNA, added.snapshot.ruleAfter!.id, { includeManual: true }, "page");
    expect(forced.message).toBe('Applied rule 1 (Any text contains "acme" → Transfers): moved 1 transaction to Transfers.');
    expect(rows(f.path, [25])[0]!.source).toBe("user_rule");
  });
});

describe("changes are written, recorded, audited and undone", () => {
  test("add and apply in one write: rows, hits, the edit and its audit entry; undo puts every row and the rule back, once", async () => {
    const { f, store: s, deps } = setup();
    const before = queryFile(f.path, "SELECT * FROM transactions ORDER BY id");
    const added = await addRule(deps, ANNA, ruleInputSchema().parse({ pattern: "twint", category: "Other", merchant_name: "TWINT payment" }), { apply: true }, "page");
    // TWINT rows 116 117 119 121 (Uncategorised): moved, merchant renamed.
    expect(added.snapshot.changed).toBe(4);
    expect(added.snapshot.totals).toEqual([{ currency: "CHF", total: -25 - 40 + 15 - 22.22 }]);
    expect(rows(f.path, [116, 121]).map((r) => [r.category, r.source, r.confidence, r.merchant_name])).toEqual([
      ["Other", "user_rule", 1, "TWINT payment"],
      ["Other", "user_rule", 1, "TWINT payment"],
    ]);
    expect(queryFile(f.path, "SELECT id, pattern, category, merchant_name, hits, created_by FROM category_rules")).toEqual([
      { id: 1, pattern: "twint", category: "Other", merchant_name: "TWINT payment", hits: 4, created_by: "anna" },
    ]);
    expect(added.edit).toMatchObject({ kind: "rule", userId: ANNA.id, message: 'Added rule 1 (Any text contains "twint" → Other (merchant "TWINT payment")) and moved 4 transactions to Other.' });
    const audit = s.audit.list({ kind: "write" })[0]!;
    expect(audit.detail).toMatchObject({ edit: added.edit!.id, change: "rule", via: "page", by: "anna", action: "add", rule: 1, changed: 4 });

    const undone = await undoRuleChangeById(deps, ANNA, added.edit!.id);
    expect(undone.message).toBe("Undone: rule 1 is gone again, and 4 transactions are back as before.");
    expect(queryFile(f.path, "SELECT * FROM transactions ORDER BY id")).toEqual(before);
    expect(queryFile(f.path, "SELECT * FROM category_rules")).toEqual([]);
    expect(s.audit.list({ kind: "undo" })[0]!.detail).toMatchObject({ edit: added.edit!.id, change: "rule", action: "add" });
    await expect(undoRuleChangeById(deps, ANNA, added.edit!.id)).rejects.toThrow("This change was already undone.");
  });

  test("an undo is refused when a row it would put back was changed since; nothing is restored", async () => {
    const { f, deps } = setup();
    const added = await addRule(deps, ANNA, ruleInputSchema().parse({ pattern: "kiosk", category: "Fees" }), { apply: true }, "api");
    const w = new Database(f.path);
    w.run("UPDATE transactions SET category = 'Dining' WHERE id = 118");
    w.close();
    const err = await undoRuleChangeById(deps, ANNA, added.edit!.id).catch((e) => e);
    expect(err).toBeInstanceOf(RuleError);
    expect(err.message).toBe("Nothing was restored: 1 transaction of the 2 changed (or were deleted) since; undoing would overwrite that, so nothing was restored.");
    expect(rows(f.path, [125])[0]!.category).toBe("Fees");
    expect(queryFile(f.path, "SELECT count(*) AS n FROM category_rules")).toEqual([{ n: 1 }]);
  });

  test("change and remove keep the hits; each undo puts the rule back as it was", async () => {
    const { f, deps } = setup();
    const added = await addRule(deps, ANNA, ruleInputSchema().parse({ pattern: "kiosk", category: "Fees" }), { apply: true }, "cli");
    const id = added.snapshot.ruleAfter!.id;
    const changed = await updateRule(deps, ANNA, id, ruleInputSchema().parse({ pattern: "kiosk bahnhof", category: "Other", priority: 3 }), "cli");
    expect(changed.message).toBe('Changed rule 1 to Any text contains "kiosk bahnhof" → Other.');
    expect(queryFile(f.path, "SELECT pattern, category, priority, hits FROM category_rules")).toEqual([{ pattern: "kiosk bahnhof", category: "Other", priority: 3, hits: 2 }]);
    await expect(updateRule(deps, ANNA, id, ruleInputSchema().parse({ pattern: "kiosk bahnhof", category: "Other", priority: 3 }), "cli")).rejects.toThrow("Rule 1 already says that: nothing to change.");
    const removed = await removeRule(deps, ANNA, id, "cli");
    expect(removed.message).toBe('Removed rule 1 (Any text contains "kiosk bahnhof" → Other).');
    expect(queryFile(f.path, "SELECT count(*) AS n FROM category_rules")).toEqual([{ n: 0 }]);
    // The rows it moved keep their category.
    expect(rows(f.path, [118, 125]).map((r) => r.category)).toEqual(["Fees", "Fees"]);
    await undoRuleChangeById(deps, ANNA, removed.edit!.id);
    await undoRuleChangeById(deps, ANNA, changed.edit!.id);
    expect(queryFile(f.path, "SELECT pattern, category, priority, hits FROM category_rules")).toEqual([{ pattern: "kiosk", category: "Fees", priority: 0, hits: 2 }]);
    await undoRuleChangeById(deps, ANNA, added.edit!.id);
    expect(rows(f.path, [118, 125]).map((r) => r.category)).toEqual(["Other", "Dining"]);
    await expect(removeRule(deps, ANNA, id, "cli")).rejects.toThrow("No rule 1 (see the Rules page or budget-chat rules list).");
  });
});
