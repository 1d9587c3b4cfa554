import Anthropic from "@anthropic-ai/sdk";
import { Database } from "bun:sqlite";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { PIPELINE_DDL_STATEMENTS } from "../../src/ledger/pipeline.ts";
import { CLASSIFY_TOOL, LLM_BATCH, ModelClassifier } from "../../src/import/classify.ts";
import { ImportInputError } from "../../src/core/errors.ts";
import { importActorText, ImportUndoError, planCounts, previewRows, reconciliationText, type FilePlan } from "../../src/import/importer.ts";
import { Store } from "../../src/store/store.ts";
import { possibleDuplicates } from "../../src/import/duplicates.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";
import { allRows, makeImporter, NOW_TS, parsed, pipelineDb, row, tempDir } from "./support.ts";

const CLI = { userId: null, by: "cli", via: "cli" } as const;
let tmp: ReturnType<typeof tempDir>;
let target: string;
beforeAll(() => {});
afterEach(() => tmp?.cleanup());
function fresh() {
  tmp = tempDir();
  target = join(tmp.dir, "budget.db");
}

/** A fixture file of test/fixtures/import as an import takes it. */
const fixtureFile = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(join(import.meta.dir, "../fixtures/import", name))) });
/** The rows budget.db holds: date, amount, text, id. */
const stored = () => allRows(target).map((r) => [r.date, r.amount, r.raw_description, r.transaction_id]);

/** Every row of a plan as the preview shows it (status, match, class). */
const planned = (plan: FilePlan) => previewRows(plan, plan.rows.length);

/** The pipeline-independent content id: "h:" + 16 hex of SHA-256 over account|date|amount|currency|text. */
function hashId(account: string, date: string, amount: string, currency: string, text: string): string {
  return "h:" + createHash("sha256").update([account, date, amount, currency, text].join("|")).digest("hex").slice(0, 16);
}

describe("target database", () => {
  test("is created with the pipeline's DDL and the 17 default categories; the account column is added on the first import", async () => {
    fresh();
    const { importer } = makeImporter(target);
    const plan = await importer.plan(parsed("a.csv", [row({ date: "2026-03-01", amount: -12.5, description: "Coop Zürich" })]), { classify: "offline" });
    expect(existsSync(target)).toBe(false); // planning writes nothing
    await importer.commit(plan, { actor: CLI });
    const db = new Database(target, { readonly: true });
    const sql = (db.query("SELECT sql FROM sqlite_schema WHERE type = 'table' ORDER BY rowid").all() as { sql: string }[]).map((r) => r.sql);
    // The pipeline's CREATEs as SQLite stores them (without IF NOT EXISTS); transactions gained the account column.
    const stored = PIPELINE_DDL_STATEMENTS.map((s) => s.replace("CREATE TABLE IF NOT EXISTS", "CREATE TABLE"));
    expect(sql.slice(1, stored.length)).toEqual(stored.slice(1));
    expect(sql[0]).toBe(stored[0]!.replace(/\)$/, ", account TEXT)"));
    // Then the import's own tables (SPEC §10.1), which the pipeline ignores.
    expect(sql.slice(stored.length).map((t) => /^CREATE TABLE (\w+)/.exec(t)![1])).toEqual(["transaction_details", "account_balances"]);
    const cats = db.query("SELECT name, description, created_at FROM categories ORDER BY rowid").all() as { name: string; description: string; created_at: string }[];
    expect(cats.map((c) => c.name)).toEqual([
      "Groceries", "Dining", "Transport", "Housing", "Insurance", "Healthcare", "Shopping", "Subscriptions", "Children",
      "Travel", "Cash", "Transfers", "Income", "Investments", "Fees", "Other", "Uncategorised",
    ]);
    expect(cats.every((c) => c.description.length > 20 && c.created_at === NOW_TS)).toBe(true);
    db.close();
  });

});

describe("rows, duplicates and batches", () => {
  test("stores exact rows; a re-import and an overlapping statement add nothing twice; identical same-day rows are both kept", async () => {
    fresh();
    const { importer, store } = makeImporter(target);
    const coffee = row({ date: "2026-03-02", amount: -4.5, description: "Café Sprüngli", account: "CH93 0076 2011 6238 5295 7" });
    const jan = parsed("jan.csv", [
      row({ date: "2026-03-01", amount: 5200, description: "Salary ACME AG", reference: "camt:REF-1", account: "CH93 0076 2011 6238 5295 7" }),
      coffee,
      { ...coffee },
    ]);
    const first = await importer.commit(await importer.plan(jan, { classify: "offline" }), { actor: CLI });
    expect(first).toEqual({ batch: `jan.csv@${NOW_TS}`, inserted: 3, alreadyThere: 0, bySource: { user_rule: 0, cache: 0, rules: 0, llm: 0, unclassified: 3 }, snapshot: null });
    const id = hashId("CH93 0076 2011 6238 5295 7", "2026-03-02", "-4.50", "CHF", "café sprüngli");
    expect(allRows(target)).toEqual([
      { id: 1, date: "2026-03-01", raw_description: "Salary ACME AG", amount: 5200, currency: "CHF", merchant_name: "Salary ACME AG", category: "Uncategorised", source: "unclassified", confidence: 0, transaction_id: "camt:REF-1", import_batch: `jan.csv@${NOW_TS}`, created_at: NOW_TS, account: "CH93 0076 2011 6238 5295 7" },
      { id: 2, date: "2026-03-02", raw_description: "Café Sprüngli", amount: -4.5, currency: "CHF", merchant_name: "Café Sprüngli", category: "Uncategorised", source: "unclassified", confidence: 0, transaction_id: id, import_batch: `jan.csv@${NOW_TS}`, created_at: NOW_TS, account: "CH93 0076 2011 6238 5295 7" },
      { id: 3, date: "2026-03-02", raw_description: "Café Sprüngli", amount: -4.5, currency: "CHF", merchant_name: "Café Sprüngli", category: "Uncategorised", source: "unclassified", confidence: 0, transaction_id: `${id}#2`, import_batch: `jan.csv@${NOW_TS}`, created_at: NOW_TS, account: "CH93 0076 2011 6238 5295 7" },
    ]);
    // Re-import: every row a duplicate, nothing inserted.
    const again = await importer.plan(jan, { classify: "offline" });
    expect(planCounts(again)).toEqual({ rows: 3, new: 0, duplicates: 3, possibleDuplicates: 0, badRows: 0, skipped: 0, dataLines: 3 });
    // An overlapping later statement: the shared rows are duplicates, the new one is added.
    const feb = parsed("feb.csv", [
      { ...coffee },
      { ...coffee },
      row({ date: "2026-03-05", amount: -80, description: "SBB Halbtax", reference: "camt:REF-2", account: "CH93 0076 2011 6238 5295 7" }),
    ]);
    const overlap = await importer.plan(feb, { classify: "offline" });
    expect(planned(overlap).map((r) => r.status)).toEqual(["duplicate", "duplicate", "new"]);
    expect((await importer.commit(overlap, { actor: CLI })).inserted).toBe(1);
    expect(allRows(target).map((r) => r.transaction_id)).toEqual(["camt:REF-1", id, `${id}#2`, "camt:REF-2"]);
    // chat.db: one record per import, and the audit says who.
    expect(store.imports.list(resolve(target)).map((r) => [r.file, r.rows, r.firstDate, r.lastDate, r.importedBy])).toEqual([
      ["feb.csv", 1, "2026-03-05", "2026-03-05", "cli"],
      ["jan.csv", 3, "2026-03-01", "2026-03-02", "cli"],
    ]);
    const log = new Database(target, { readonly: true }).query("SELECT filename, row_count, imported_at FROM import_log ORDER BY id").all();
    expect(log).toEqual([
      { filename: "jan.csv", row_count: 3, imported_at: NOW_TS },
      { filename: "feb.csv", row_count: 1, imported_at: NOW_TS },
    ]);
  });

  test("two OFX downloads of one account: the overlap once; a FITID the bank gave again to another payment is that payment, not a duplicate", async () => {
    // Review of stop 47: the February download's rent (FITID 1001, which January's café had) was taken for a duplicate
    // of the café and lost, exit 0. Read by the OFX reader, through both ways of writing (the whole file, and streamed).
    const jan = fixtureFile("ofx-download-january.ofx");
    const feb = fixtureFile("ofx-download-overlap-reused-fitid.ofx");
    const expected = [
      ["2026-01-05", -20, "HILLTOP CAFE", "ofx:7730019:1001"],
      ["2026-01-09", -80, "CITY WATER", "ofx:7730019:1002"],
      ["2026-01-20", 2400, "PAYROLL ACME", "ofx:7730019:1003"],
      ["2026-02-03", -45.6, "GAS STATION 22", "ofx:7730019:1004"],
      ["2026-02-10", -1200, "RENT MAPLE APTS", "ofx:7730019:1001@2026-02-10:-120000"],
    ];
    fresh();
    const whole = makeImporter(target).importer;
    await whole.commit(await whole.plan(whole.parse(jan), { classify: "offline" }), { actor: CLI });
    const second = await whole.plan(whole.parse(feb), { classify: "offline" });
    expect(planned(second).map((r) => [r.transactionId, r.status])).toEqual([
      ["ofx:7730019:1003", "duplicate"],
      ["ofx:7730019:1004", "new"],
      ["ofx:7730019:1001@2026-02-10:-120000", "new"],
    ]);
    expect((await whole.commit(second, { actor: CLI })).inserted).toBe(2);
    expect(stored()).toEqual(expected);
    // Again: nothing new (the rent's id is found under its own).
    expect(planCounts(await whole.plan(whole.parse(feb), { classify: "offline" }))).toMatchObject({ new: 0, duplicates: 3 });
    tmp.cleanup();
    fresh();
    const streamed = makeImporter(target).importer;
    await streamed.commitStreamed(streamed.parseStreamed(jan), { actor: CLI });
    expect((await streamed.commitStreamed(streamed.parseStreamed(feb), { actor: CLI })).counts).toEqual({ rows: 3, new: 2, duplicates: 1, possibleDuplicates: 0 });
    expect((await streamed.commitStreamed(streamed.parseStreamed(feb), { actor: CLI })).counts).toEqual({ rows: 3, new: 0, duplicates: 3, possibleDuplicates: 0 });
    expect(stored()).toEqual(expected);
  });

  test("a FITID the bank gave again: the same file read again (--flip-signs) stays duplicates; a similar text under it (tip posted, date moved) is a possible duplicate", async () => {
    // Review of r4-left8: the re-identified id made each of these a new transaction, booked twice, exit 0.
    const jan = fixtureFile("ofx-download-january.ofx");
    const january = [
      ["2026-01-05", -20, "HILLTOP CAFE", "ofx:7730019:1001"],
      ["2026-01-09", -80, "CITY WATER", "ofx:7730019:1002"],
      ["2026-01-20", 2400, "PAYROLL ACME", "ofx:7730019:1003"],
    ];
    // a) The same file again with its signs flipped: every row a duplicate, nothing added.
    fresh();
    const { importer } = makeImporter(target);
    await importer.commit(await importer.plan(importer.parse(jan), { classify: "offline" }), { actor: CLI });
    const flipped = await importer.plan(importer.parse(jan, { flipSigns: true }), { classify: "offline" });
    expect(planCounts(flipped)).toMatchObject({ new: 0, duplicates: 3, possibleDuplicates: 0 });
    expect((await importer.commit(flipped, { actor: CLI })).inserted).toBe(0);
    expect((await importer.commitStreamed(importer.parseStreamed(jan, { flipSigns: true }), { actor: CLI })).counts).toEqual({ rows: 3, new: 0, duplicates: 3, possibleDuplicates: 0 });
    expect(stored()).toEqual(january);
    // b) The café posted with its tip under its FITID: a possible duplicate of the -20.00, not imported unasked.
    const tip = fixtureFile("ofx-download-january-tip-posted.ofx");
    const plan = await importer.plan(importer.parse(tip), { classify: "offline" });
    expect(planned(plan).map((r) => [r.transactionId, r.status, r.match?.transactionId ?? null])).toEqual([
      ["ofx:7730019:1001@2026-01-06:-2400", "possible_duplicate", "ofx:7730019:1001"],
      ["ofx:7730019:1002", "duplicate", null],
      ["ofx:7730019:1005", "new", null],
    ]);
    expect((await importer.commit(plan, { actor: CLI })).inserted).toBe(1);
    expect((await importer.commitStreamed(importer.parseStreamed(tip), { actor: CLI })).counts).toEqual({ rows: 3, new: 0, duplicates: 2, possibleDuplicates: 1 });
    expect(stored()).toEqual([...january, ["2026-01-15", -10, "CORNER BAKERY", "ofx:7730019:1005"]]);
    // c) The café's date moved five days: a possible duplicate (streamed too), and once the user says so, imported.
    const moved = fixtureFile("ofx-download-january-date-moved.ofx");
    expect((await importer.commitStreamed(importer.parseStreamed(moved), { actor: CLI })).counts).toEqual({ rows: 2, new: 0, duplicates: 1, possibleDuplicates: 1 });
    const again = await importer.plan(importer.parse(moved), { classify: "offline" });
    expect(planned(again).map((r) => [r.transactionId, r.status])).toEqual([
      ["ofx:7730019:1001@2026-01-10:-2000", "possible_duplicate"],
      ["ofx:7730019:1002", "duplicate"],
    ]);
    expect((await importer.commit(again, { actor: CLI, includePossibleDuplicates: true })).inserted).toBe(1);
    expect(planCounts(await importer.plan(importer.parse(moved), { classify: "offline" }))).toMatchObject({ new: 0, duplicates: 2, possibleDuplicates: 0 });
  });

  test("two imports of one file at once: the rows the other added after this one looked up its ids are no possible duplicates of themselves", async () => {
    fresh();
    const { importer } = makeImporter(target);
    const file = parsed("bank.csv", [
      row({ date: "2026-04-10", amount: -54.3, description: "Coop Genossenschaft" }),
      row({ date: "2026-04-11", amount: -12, description: "Migros Bern" }),
    ]);
    await importer.commit(await importer.plan(file, { classify: "offline" }), { actor: CLI });
    // The other import looked up its ids before this commit (none there: `fileIds` empty) and asks for possible
    // duplicates after it: the rows with its own ids are the same rows (a duplicate, counted by the write), not
    // another source's bookings of the same payments (before the fix: both "possible duplicates").
    const db = new Database(target, { readonly: true });
    expect(possibleDuplicates(db, { rows: file.rows, indexes: [0, 1], ids: file.ids }, true, new Set())).toEqual([null, null]);
    db.close();
  });

  test("possible duplicates: same amount and currency, ±3 days, same account when both know it, a shared word of 4+ letters", async () => {
    fresh();
    pipelineDb(target, [{ date: "2026-04-10", raw: "COOP-4711 ZUERICH HB", amount: -54.3, merchant: "Coop", category: "Groceries", id: "9930123AB4567" }]);
    const { importer } = makeImporter(target);
    const file = parsed("camt.xml", [
      row({ date: "2026-04-12", amount: -54.3, description: "Coop Genossenschaft", reference: "camt:A1" }), // possible: +2 days, "coop"
      row({ date: "2026-04-14", amount: -54.3, description: "Coop Genossenschaft", reference: "camt:A2" }), // 4 days: new
      row({ date: "2026-04-10", amount: -54.3, description: "Migros Zürich", reference: "camt:A3" }), // no shared word: new
      row({ date: "2026-04-10", amount: -54.35, description: "Coop", reference: "camt:A4" }), // other amount: new
      row({ date: "2026-04-10", amount: -54.3, description: "COOP", currency: "EUR", reference: "camt:A5" }), // other currency: new
    ]);
    const plan = await importer.plan(file, { classify: "offline" });
    expect(planned(plan).map((r) => r.status)).toEqual(["possible_duplicate", "new", "new", "new", "new"]);
    expect(planned(plan)[0]!.match).toEqual({ id: 1, date: "2026-04-10", description: "COOP-4711 ZUERICH HB", transactionId: "9930123AB4567" });
    expect((await importer.commit(plan, { actor: CLI })).inserted).toBe(4);
    // Ticked: the possible duplicate goes in too.
    fresh();
    pipelineDb(target, [{ date: "2026-04-10", raw: "COOP-4711 ZUERICH HB", amount: -54.3, merchant: "Coop", category: "Groceries", id: "9930123AB4567" }]);
    const second = makeImporter(target).importer;
    expect((await second.commit(await second.plan(file, { classify: "offline" }), { actor: CLI, includePossibleDuplicates: true })).inserted).toBe(5);
  });

  test("a different account on both sides is not a possible duplicate; an unknown account on one side may be", async () => {
    fresh();
    const { importer } = makeImporter(target);
    await importer.commit(await importer.plan(parsed("a.csv", [row({ date: "2026-05-01", amount: -20, description: "Shell Tankstelle", account: "ACC-1", reference: "x1" })]), { classify: "offline" }), { actor: CLI });
    const plan = await importer.plan(
      parsed("b.csv", [
        row({ date: "2026-05-02", amount: -20, description: "SHELL 1234", account: "ACC-2" }),
        row({ date: "2026-05-02", amount: -20, description: "SHELL 1234", account: null }),
      ]),
      { classify: "offline" },
    );
    expect(planned(plan).map((r) => r.status)).toEqual(["new", "possible_duplicate"]);
  });

  test("a statement split into two files makes no possible duplicates of rows that carry distinct bank ids; from another source it may", async () => {
    fresh();
    const { importer } = makeImporter(target);
    // Two camt files of one statement: the same amount, date and merchant, but two entries (two AcctSvcrRef).
    const coffee = (ref: string) => row({ date: "2026-05-04", amount: -4.2, description: "Starbucks Zürich", account: "CH93", reference: `camt:${ref}` });
    await importer.commit(await importer.plan(parsed("part1.xml", [coffee("S-1")], { format: "camt" }), { classify: "offline" }), { actor: CLI });
    const part2 = await importer.plan(parsed("part2.xml", [coffee("S-2")], { format: "camt" }), { classify: "offline" });
    expect(planned(part2).map((r) => r.status)).toEqual(["new"]);
    // The same payment from a UBS CSV (its own kind of id) may be the same booking: listed, not imported.
    const csv = await importer.plan(parsed("konto.csv", [{ ...coffee("x"), reference: "9930124TI0000001" }], { format: "ubs-account" }), { classify: "offline" });
    expect(planned(csv).map((r) => r.status)).toEqual(["possible_duplicate"]);
  });

  test("a pipeline database with its rows, imported into, keeps every row as it was", async () => {
    fresh();
    const mine = [
      { date: "2025-12-30", raw: "Migros M Zürich", amount: -33.1, merchant: "Migros", category: "Groceries", id: "T1" },
      { date: "2025-12-31", raw: "Lohn ACME", amount: 6000, merchant: "ACME", category: "Income", id: "T2" },
    ];
    pipelineDb(target, mine);
    const before = allRows(target);
    const { importer } = makeImporter(target);
    await importer.commit(await importer.plan(parsed("new.csv", [row({ date: "2026-01-02", amount: -9, description: "Kiosk", reference: "k1" })]), { classify: "offline" }), { actor: CLI });
    const after = allRows(target);
    expect(after.slice(0, 2)).toEqual(before.map((r) => ({ ...r, account: null })));
    expect(after.length).toBe(3);
  });
});

describe("possible duplicates within one file", () => {
  // Two camt.054 notifications of one account written alike (no period, balances or reference): one payment notified
  // twice, or two alike; the file cannot tell. Entry 2 is neither dropped nor booked twice in silence: a possible
  // duplicate of entry 1, imported only when the user says so, on every path (plan, streamed, re-import).
  const reason = "written as entry 1 of an earlier notification of the file, whose balances do not tell whether it is that booking again";
  test("a row its reader marks as possibly repeating another of the file is a possible duplicate of it, counted and listed", async () => {
    fresh();
    const { importer } = makeImporter(target);
    const file = fixtureFile("camt054-two-notifications-alike.xml");
    const plan = await importer.plan(importer.parse(file), { classify: "offline" });
    expect(planCounts(plan)).toEqual({ rows: 2, new: 1, duplicates: 0, possibleDuplicates: 1, badRows: 0, skipped: 0, dataLines: 2 });
    expect(planned(plan).map((r) => [r.line, r.status, r.match])).toEqual([
      [1, "new", null],
      [2, "possible_duplicate", { id: null, date: "2026-03-12", description: "Baeckerei Kranz · Kartenzahlung", transactionId: null, inFile: { line: 1, reason } }],
    ]);
    expect((await importer.commit(plan, { actor: CLI })).inserted).toBe(1);
    // Imported again: entry 1 is there, entry 2 still waits for the user's word.
    const again = await importer.plan(importer.parse(file), { classify: "offline" });
    expect(planCounts(again)).toMatchObject({ new: 0, duplicates: 1, possibleDuplicates: 1 });
    expect((await importer.commit(again, { actor: CLI, includePossibleDuplicates: true })).inserted).toBe(1);
    expect(stored().map((r) => [r[0], r[1]])).toEqual([["2026-03-12", -4.2], ["2026-03-12", -4.2]]);
    // A large file's path (read twice, walked in chunks) says the same.
    fresh();
    const streamed = makeImporter(target).importer;
    const done = await streamed.commitStreamed(streamed.parseStreamed(file), { actor: CLI });
    expect([done.inserted, done.counts, done.possible.map((r) => [r.line, r.match?.inFile])]).toEqual([1, { rows: 2, new: 1, duplicates: 0, possibleDuplicates: 1 }, [[2, { line: 1, reason }]]]);
  });

  test("a balance check that counted a possible duplicate says it is not imported unless the user says, and what the balance comes to without it", async () => {
    // (Review of r4-impleft: "balance checked ✓ (… + 2 entries …)" while one of the two was held back.)
    fresh();
    const { importer } = makeImporter(target);
    const plan = await importer.plan(importer.parse(fixtureFile("camt053-unbalanced-then-balanced-alike.xml")), { classify: "offline" });
    expect(planCounts(plan)).toMatchObject({ new: 2, possibleDuplicates: 1 });
    expect(plan.reconciliation.map((r) => reconciliationText(r))).toEqual([
      "DE44370400440532013000 EUR: the file states no balances to check",
      "DE44370400440532013000 EUR: balance checked ✓ with a possible duplicate, which is not imported unless you import it too (opening EUR 120.00 + 2 entries = closing EUR 88.60; without it the entries imported bring the balance to EUR 95.00)",
    ]);
    expect(reconciliationText(plan.reconciliation[1]!, { included: true })).toBe("DE44370400440532013000 EUR: balance checked ✓ (opening EUR 120.00 + 2 entries = closing EUR 88.60)");
  });
});

describe("classification", () => {
  let fake: FakeAnthropic;
  beforeAll(async () => {
    fake = await startFakeAnthropic();
  });
  afterAll(async () => fake.stop());
  const model = () => new ModelClassifier(new Anthropic({ apiKey: "test", baseURL: fake.url, maxRetries: 0 }), "test-model");

  test("cache, then card rules, then the model (forced tool call, ≤ 50 per request, unknown category → Uncategorised), then unclassified", async () => {
    fresh();
    fake.reset();
    pipelineDb(target, []);
    const db = new Database(target);
    db.run("INSERT INTO merchant_cache VALUES ('COOP CITY', 'Coop City', 'Shopping', 1.0, 'manual', 't', 't')");
    db.run("INSERT INTO few_shot_examples (merchant_pattern, raw_description, correct_merchant, correct_category, created_at) VALUES ('BRACK', 'BRACK.CH AG', 'Brack', 'Shopping', 't')");
    db.close();
    // 51 merchants the model must classify: two requests (50 + 1).
    const shops = Array.from({ length: 51 }, (_, i) => `Shop ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`);
    fake.setHandler((body) => {
      const items = JSON.parse(String(body.messages![0].content).split("\n")[1]!) as { id: string; description: string }[];
      return {
        kind: "message",
        content: [
          {
            type: "tool_use",
            name: CLASSIFY_TOOL,
            input: { results: items.map((it) => ({ id: it.id, merchant_name: it.description.toUpperCase(), category: it.description === "Shop AA" ? "Gadgets" : "shopping", confidence: 0.8 })) },
          },
        ],
      };
    });
    const { importer } = makeImporter(target, { model: model() });
    const file = parsed(
      "card.csv",
      [
        row({ date: "2026-06-01", amount: -30, description: "COOP CITY 1234", reference: "cc-1" }),
        row({ date: "2026-06-01", amount: -12, description: "Restaurant Hiltl", sector: "Restaurants", reference: "cc-2" }),
        ...shops.map((s, i) => row({ date: "2026-06-02", amount: -(i + 1), description: s, reference: `cc-s${i}` })),
        row({ date: "2026-06-03", amount: -7, description: "Shop BA", reference: "cc-again" }), // same merchant as one above: no extra item
      ],
      { format: "ubs-card" },
    );
    const plan = await importer.plan(file, { classify: "model" });
    expect(fake.requests.length).toBe(2);
    const [r1, r2] = fake.requests.map((r) => r.body);
    expect(r1!.tool_choice).toEqual({ type: "tool", name: CLASSIFY_TOOL });
    expect(r1!.tools!.map((t: { name: string }) => t.name)).toEqual([CLASSIFY_TOOL]);
    expect(JSON.parse(String(r1!.messages![0].content).split("\n")[1]!).length).toBe(LLM_BATCH);
    expect(JSON.parse(String(r2!.messages![0].content).split("\n")[1]!).length).toBe(1);
    expect(String(r1!.system)).toContain("- Groceries: Supermarkets, bakeries");
    expect(String(r1!.system)).toContain('"BRACK.CH AG" → merchant "Brack", category Shopping');
    expect(planned(plan).slice(0, 3).map((r) => r.classified)).toEqual([
      { merchant: "Coop City", category: "Shopping", confidence: 1, source: "cache" },
      { merchant: "Restaurant Hiltl", category: "Dining", confidence: 0.9, source: "rules" },
      // "Gadgets" is no category: stored Uncategorised with confidence 0, and not cached (below).
      { merchant: "SHOP AA", category: "Uncategorised", confidence: 0, source: "llm" },
    ]);
    expect(planned(plan)[3]!.classified).toEqual({ merchant: "SHOP BA", category: "Shopping", confidence: 0.8, source: "llm" });
    expect(planned(plan).at(-1)!.classified).toEqual({ merchant: "SHOP BA", category: "Shopping", confidence: 0.8, source: "llm" });
    // Previewing the same file again (the page does on every change) asks the model nothing new.
    const again = await importer.plan(file, { classify: "model" });
    expect(fake.requests.length).toBe(2);
    expect(planned(again).map((r) => r.classified)).toEqual(planned(plan).map((r) => r.classified));
    const result = await importer.commit(plan, { actor: CLI });
    expect(result.bySource).toEqual({ user_rule: 0, cache: 1, rules: 1, llm: 52, unclassified: 0 });
    const cache = new Database(target, { readonly: true }).query("SELECT raw_key, merchant_name, category, confidence, source FROM merchant_cache WHERE raw_key = 'SHOP BA'").all();
    expect(cache).toEqual([{ raw_key: "SHOP BA", merchant_name: "SHOP BA", category: "Shopping", confidence: 0.8, source: "llm" }]);
    // A rejected answer is not cached: the next import asks the model about SHOP AA again.
    expect(new Database(target, { readonly: true }).query("SELECT count(*) AS n FROM merchant_cache WHERE raw_key = 'SHOP AA'").get()).toEqual({ n: 0 });
    // The next import of a known merchant costs no model call: it is a cache hit now.
    const later = await importer.plan(parsed("next.csv", [row({ date: "2026-07-01", amount: -5, description: "Shop BA", reference: "n1" })]), { classify: "model" });
    expect(fake.requests.length).toBe(2);
    expect(planned(later)[0]!.classified).toEqual({ merchant: "SHOP BA", category: "Shopping", confidence: 0.8, source: "cache" });
  });

  test("a model error never loses an import: the rows are stored unclassified, and `classify` does them later", async () => {
    fresh();
    fake.reset();
    fake.enqueue({ kind: "http_error", status: 529, errorType: "overloaded_error", message: "Overloaded" });
    const { importer } = makeImporter(target, { model: model() });
    const plan = await importer.plan(parsed("a.csv", [row({ date: "2026-06-01", amount: -9.9, description: "Kiosk Bahnhof", reference: "k1" })]), { classify: "model" });
    // Said in words, not as the response's JSON (uqa10: the page showed 529 {"type":"error","error":{…}}).
    expect(plan.modelError).toBe("the model's service answered 529: overloaded_error, Overloaded");
    expect((await importer.commit(plan, { actor: CLI })).bySource).toEqual({ user_rule: 0, cache: 0, rules: 0, llm: 0, unclassified: 1 });
    fake.setHandler(() => ({ kind: "message", content: [{ type: "tool_use", name: CLASSIFY_TOOL, input: { results: [{ id: "1", merchant_name: "Kiosk", category: "Other", confidence: 0.7 }] } }] }));
    const done = await importer.classifyPending(CLI);
    expect(done).toEqual({ pending: 1, classified: 1, bySource: { user_rule: 0, cache: 0, rules: 0, llm: 1, unclassified: 0 }, modelError: null });
    expect(allRows(target).map((r) => [r.merchant_name, r.category, r.source, r.confidence])).toEqual([["Kiosk", "Other", "llm", 0.7]]);
  });
});

describe("bad input and undo", () => {
  test("a bad row without skipBadRows is refused naming file and line, and nothing is created", async () => {
    fresh();
    const { importer } = makeImporter(target);
    const file = { name: "bank.csv", bytes: new TextEncoder().encode("Date,Amount,Currency,Description\n2026-01-01,-5.00,CHF,Bakery\n2026-01-02,abc,CHF,Kiosk\n") };
    expect(() => importer.parse(file)).toThrow(ImportInputError);
    expect(() => importer.parse(file)).toThrow(/^bank\.csv line 3: .*nothing was imported/);
    const skipped = importer.parse(file, { skipBadRows: true });
    expect(skipped.rows.toArray().map((r) => [r.line, r.date, r.amount, r.description])).toEqual([[2, "2026-01-01", -5, "Bakery"]]);
    expect(skipped.badRows.map((b) => b.line)).toEqual([3]);
    expect(existsSync(target)).toBe(false);
  });

  test("undo deletes exactly that batch's rows, audited with who; a second undo is refused", async () => {
    fresh();
    const times = [new Date("2026-11-24T10:00:00Z"), new Date("2026-11-24T11:00:00Z")];
    let t = 0;
    const { importer, store } = makeImporter(target, { now: () => times[Math.min(t, 1)]! });
    const a = await importer.commit(await importer.plan(parsed("a.csv", [row({ date: "2026-01-01", amount: -1, description: "A", reference: "a1" })]), { classify: "offline" }), { actor: CLI });
    t = 1;
    const b = await importer.commit(
      await importer.plan(parsed("b.csv", [row({ date: "2026-01-02", amount: -2, description: "B", reference: "b1" }), row({ date: "2026-01-03", amount: -3, description: "C", reference: "b2" })]), { classify: "offline" }),
      { actor: CLI },
    );
    expect(b.batch).toBe("b.csv@2026-11-24T11:00:00+00:00");
    const alice = { userId: "u1", by: "alice", via: "page" } as const;
    const batchB = b.batch!;
    expect(await importer.undo(batchB, alice)).toEqual({ batch: batchB, deleted: 2 });
    expect(allRows(target).map((r) => r.transaction_id)).toEqual(["a1"]);
    expect(new Database(target, { readonly: true }).query("SELECT filename FROM import_log").all()).toEqual([{ filename: "a.csv" }]);
    const rec = store.imports.get(batchB)!;
    expect([rec.undoneBy, typeof rec.undoneAt]).toEqual(["alice", "string"]);
    const undo = store.audit.list({ kind: "undo" });
    expect(undo.map((e) => [e.userId, e.detail])).toEqual([["u1", { import: batchB, file: "b.csv", deleted: 2, via: "page", by: "alice", snapshot: null }]]);
    expect(store.audit.list({ kind: "write" }).map((e) => (e.detail as { import: string }).import)).toEqual([batchB, a.batch!]);
    // Awaited, not `expect(…).rejects`: bun test's rejects waits for the promise without taking messages from
    // workers, and an undo runs in the budget write worker.
    expect(await importer.undo(batchB, alice).catch((e: unknown) => e)).toBeInstanceOf(ImportUndoError);
    // Two files of one name at the same instant are still two batches.
    const again = await importer.commit(await importer.plan(parsed("b.csv", [row({ date: "2026-01-04", amount: -4, description: "D", reference: "b3" })]), { classify: "offline" }), { actor: CLI });
    expect(again.batch).toBe("b.csv@2026-11-24T11:00:00.001+00:00");
    await expect(importer.undo("nope", alice)).rejects.toThrow(/no import "nope"/);
  });

  test("imports belong to their database: another database's import is neither listed nor undone there; rows a restore brought back can be undone again", async () => {
    fresh();
    const store = Store.memory();
    const other = join(dirname(target), "other.db");
    const here = makeImporter(target, { store }).importer;
    const there = makeImporter(other, { store }).importer;
    const a = await here.commit(await here.plan(parsed("a.csv", [row({ date: "2026-01-01", amount: -1, description: "A", reference: "a1" })]), { classify: "offline" }), { actor: CLI });
    const b = await there.commit(await there.plan(parsed("b.csv", [row({ date: "2026-01-02", amount: -2, description: "B", reference: "b1" })]), { classify: "offline" }), { actor: CLI });
    expect(here.list().map((r) => r.batch)).toEqual([a.batch!]);
    expect(there.list().map((r) => r.batch)).toEqual([b.batch!]);
    // Undoing the other database's batch here is refused and marks nothing.
    await expect(here.undo(b.batch!, CLI)).rejects.toThrow(/no import "b\.csv@.*" into .*budget\.db/);
    expect(store.imports.get(b.batch!)!.undoneAt).toBeNull();
    expect(allRows(other)).toHaveLength(1);

    // A snapshot taken before an undo, put back: the rows are there again, so the import is not undone.
    const snapshot = new Database(target, { readonly: true }).serialize();
    expect(await here.undo(a.batch!, CLI)).toEqual({ batch: a.batch!, deleted: 1 });
    expect(here.list()[0]!.undoneAt).not.toBeNull();
    expect(String(await here.undo(a.batch!, CLI).catch((e: unknown) => e))).toMatch(/was already undone/); // not `rejects`: see above
    writeFileSync(target, snapshot);
    expect(here.list()[0]!.undoneAt).toBeNull();
    expect(await here.undo(a.batch!, CLI)).toEqual({ batch: a.batch!, deleted: 1 });
    expect(allRows(target)).toEqual([]);
  });
});

describe("who made an import, in words (imports list)", () => {
  test("the way for the single local user and the command line; the name and the way for a signed-in user; an old record as far as it tells", () => {
    expect([importActorText("local", "page"), importActorText("local", "api"), importActorText("cli", "cli"), importActorText("alex", "page"), importActorText("alex", "api")]).toEqual([
      "page",
      "API",
      "CLI",
      "alex (page)",
      "alex (API)",
    ]);
    expect([importActorText("local", null), importActorText("cli", null), importActorText("alex", null)]).toEqual(["the local user (page or API)", "CLI", "alex"]);
  });
});
