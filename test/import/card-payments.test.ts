/**
 * The holder paying a card off is a transfer between own accounts, not income (SPEC §1; card-payments.ts): money in on a
 * card account whose text is wholly an issuer's payment line goes, without the model, to the user's transfer category
 * (the not-spending category that is no investment one, whatever it is called), and nothing else does: not a checking
 * account's "PAYMENT RECEIVED" (a client's), not a memo that holds the word, not a refund on the card, not a "PAYMENT"
 * debit of the same text, and the rule does not travel to other rows by the grouping of texts or the merchant cache.
 */
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { join } from "node:path";
import { ownTransferCategory, paysCardOff } from "../../src/import/card-payments.ts";
import { CARD_PAYMENT_LINE } from "../../src/import/formats/card-lines.ts";
import type { Classified, ModelClassifier } from "../../src/import/classify.ts";
import { parseStatement } from "../../src/import/formats/index.ts";
import { RowTable } from "../../src/import/formats/row-table.ts";
import { previewRows, type FilePlan } from "../../src/import/importer.ts";
import { dropInWorker, newFileId } from "../../src/import/parse-pool.ts";
import { previewText } from "../../src/import/preview.ts";
import { ensureBudgetDb } from "../../src/import/target.ts";
import { emptyUsage } from "../../src/core/events.ts";
import { PIPELINE_CACHE_UPSERT, PIPELINE_MANUAL, pipelineMerchantKey } from "../../src/ledger/pipeline.ts";
import { DEFAULT_NOT_SPENDING } from "../../src/ledger/reader.ts";
import { runCli, ROOT } from "../support/cli-process.ts";
import { fixture } from "./formats/support.ts";
import { allRows, databasesPerTest, makeImporter, row } from "./support.ts";

const CLI = { userId: null, by: "cli", via: "cli" } as const;
const dbs = databasesPerTest();
const CARD = "card-payments-chase-card.csv";
const CHECKING = "card-payments-checking.csv";
const FIXTURES = join(ROOT, "test/fixtures/import");
const file = (name: string) => ({ name, bytes: fixture(name) });
const classes = (plan: FilePlan) => previewRows(plan, plan.rows.length).map((r) => [r.line, r.amount, (r.classified as Classified).category, (r.classified as Classified).source]);

/** The brief's texts of a card paid off, each as an issuer writes it. */
const PAYMENT_LINES = [
  "PAYMENT - THANK YOU",
  "AUTOPAY PAYMENT - THANK YOU",
  "ONLINE PAYMENT, THANK YOU",
  "MOBILE PAYMENT - THANK YOU",
  "PAYMENT RECEIVED - THANK YOU",
  "DIRECTPAY FULL BALANCE",
  "Payment Thank You-Mobile",
  "INTERNET PAYMENT THANK YOU",
  "AUTOMATIC PAYMENT - THANK",
  // Suffixes and references issuers add, and other issuers' own lines.
  "Payment Thank You - Web",
  "PAYMENT RECEIVED THANK YOU REF 0412",
  "ONLINE PAYMENT - THANK YOU #88231",
  "PAYMENT - THANK YOU 03/07",
  "AUTOPAY PAYMENT 0412",
  "CAPITAL ONE AUTOPAY PYMT",
  "DIRECT DEBIT PAYMENT - THANK YOU",
];

/** Texts that hold the words but are no issuer's line for the card paid off. */
const NEAR_MISSES = [
  "payment for dinner",
  "Zelle payment from J Doe payment for dinner",
  "VENMO PAYMENT 1029384756 thank you for dinner",
  "NAVIENT E-PAYMENT",
  "DEPT EDUCATION STUDENT LN E-PAYMENT",
  "AMAZON.COM REFUND",
  "REVERSAL OF PAYMENT RECEIVED J SMITH",
  "PAYMENT THANK YOU REVERSAL",
  "RETURNED PAYMENT",
  "LATE PAYMENT FEE",
  "ACME CORP PAYMENT RECEIVED INV 42",
  // A word after the line that is a name with a digit, no reference: a person's or a merchant's.
  "PAYMENT RECEIVED JSMITH1",
  "PAYMENT RECEIVED 4ACME",
  "AUTOPAY PAYMENT PAYPAL1",
  "PAYMENT THANK YOU ZELLE2SMITH",
];

function oneRow(description: string, amount: number, card: boolean): RowTable {
  const t = new RowTable();
  t.add(row({ date: "2026-03-01", amount, description, ...(card ? { card: true as const } : {}) }));
  return t;
}

test("each issuer's line is a card's payment as the whole text; the near misses are not", () => {
  expect(PAYMENT_LINES.filter((t) => !CARD_PAYMENT_LINE.test(t))).toEqual([]);
  expect(NEAR_MISSES.filter((t) => CARD_PAYMENT_LINE.test(t))).toEqual([]);
});

test("only money in on a card account pays the card off", () => {
  expect(PAYMENT_LINES.map((t) => paysCardOff(oneRow(t, 100, true), 0))).toEqual(PAYMENT_LINES.map(() => true));
  // The same texts on an account that is no card's, or as money out on the card: not.
  expect(PAYMENT_LINES.filter((t) => paysCardOff(oneRow(t, 100, false), 0))).toEqual([]);
  expect(PAYMENT_LINES.filter((t) => paysCardOff(oneRow(t, -100, true), 0))).toEqual([]);
  expect(NEAR_MISSES.filter((t) => paysCardOff(oneRow(t, 100, true), 0))).toEqual([]);
});

test("a card account is told per row: OFX CCSTMTRS, QIF !Type:CCard beside a bank account's section, a card layout, a guessed CSV that writes purchases positive", () => {
  const read = (name: string, bytes: Uint8Array) => parseStatement(bytes, { fileName: name, fallbackCurrency: { code: "USD", from: "test" } }).rows;
  const cardOf = (t: RowTable) => Array.from({ length: t.length }, (_, i) => [t.lineOf(i), t.onCard(i), paysCardOff(t, i)]);
  // One file of two accounts: the checking account's "PAYMENT RECEIVED - THANK YOU" is no card's.
  const qif = "!Account\nNEveryday Checking\nTBank\n^\n!Type:Bank\nD03/02/2026\nT25.00\nPPAYMENT RECEIVED - THANK YOU\n^\n" +
    "!Account\nNRewards Visa\nTCCard\n^\n!Type:CCard\nD03/03/2026\nT300.00\nPPAYMENT RECEIVED - THANK YOU\n^\nD03/04/2026\nT-42.10\nPMAPLE GROCERS\n^\n";
  expect(cardOf(read("two.qif", new TextEncoder().encode(qif)))).toEqual([[6, false, false], [15, true, true], [19, true, false]]);
  expect(cardOf(read("card-v2.qfx", fixture("card-v2.qfx"))).every(([, card]) => card)).toBe(true);
  expect(cardOf(read("statement-v1.ofx", fixture("statement-v1.ofx"))).some(([, card]) => card)).toBe(false);
  expect(cardOf(read(CHECKING, fixture(CHECKING))).some(([, card]) => card)).toBe(false);
  // A CSV read by guessed columns that writes its purchases positive (csv-signs.ts) is a card's: its payment, written
  // −120.00, is money in that pays the card off; the Amazon refund (−15.99 written) is money in but no payment.
  expect(cardOf(read("aqua-uk-card.csv", fixture("aqua-uk-card.csv")))).toEqual([[2, true, true], [3, true, false], [4, true, false], [5, true, false]]);
});

test("the transfer category is the user's not-spending one that is no investment category, by role, under its own name", () => {
  const defaults = ["Groceries", "Transfers", "Income", "Investments", "Uncategorised"];
  expect(ownTransferCategory(defaults, DEFAULT_NOT_SPENDING)).toBe("Transfers");
  // Renamed, and configured so (NOT_SPENDING): the user's name, in budget.db's spelling.
  expect(ownTransferCategory(["Groceries", "Umbuchungen", "Investments"], ["umbuchungen", "Investments"])).toBe("Umbuchungen");
  // No not-spending category for own accounts (only investments, or a "Transfers" that the user counts as spending): none.
  expect(ownTransferCategory(["Groceries", "Investments"], DEFAULT_NOT_SPENDING)).toBeNull();
  expect(ownTransferCategory(defaults, ["Investments"])).toBeNull();
  // Two that could be meant: no guess.
  expect(ownTransferCategory(["Transfers", "Savings moves", "Investments"], ["Transfers", "Savings moves", "Investments"])).toBeNull();
});

test("a card statement: its nine payments go to Transfers without the model; the refund, the purchases and a payment debit do not", async () => {
  const { importer } = makeImporter(dbs.db);
  const plan = await importer.plan(importer.parse(file(CARD)), { classify: "offline" });
  const T = ["Transfers", "rules"];
  const U = ["Uncategorised", "unclassified"];
  expect(classes(plan)).toEqual([
    [2, 410, ...T], [3, 120, ...T], [4, 95.5, ...T], [5, 60, ...T], [6, 250, ...T], [7, 731.18, ...T], [8, 80, ...T], [9, 150, ...T], [10, 200, ...T],
    [11, -64.2, ...U],
    [12, 23.99, ...U], // AMAZON.COM REFUND: money in on the card, but no payment to it
    [13, -410, ...U], // "PAYMENT - THANK YOU" as money out (a payment returned): no payment to the card
    [14, -18.5, ...U],
  ]);
  const result = await importer.commit(plan, { actor: CLI });
  expect(result.bySource).toEqual({ user_rule: 0, cache: 0, rules: 9, llm: 0, unclassified: 4 });
  const stored = allRows(dbs.db).filter((r) => r.category === "Transfers");
  expect([stored.length, stored.reduce((t, r) => t + (r.amount as number), 0)]).toEqual([9, 2096.68]);
  expect(stored[0]).toMatchObject({ merchant_name: "PAYMENT - THANK YOU", source: "rules", confidence: 0.95 });
  // Nothing of the rule reaches merchant_cache: the cache is keyed by text alone, both directions.
  expect(new Database(dbs.db, { readonly: true }).query("SELECT count(*) AS n FROM merchant_cache").get()).toEqual({ n: 0 });
});

test("a checking account: a client's PAYMENT RECEIVED, a memo with the word, even the card's own line are not transfers", async () => {
  const { importer } = makeImporter(dbs.db);
  const plan = await importer.plan(importer.parse(file(CHECKING)), { classify: "offline" });
  expect(classes(plan).map((c) => c.slice(2))).toEqual(Array.from({ length: 5 }, () => ["Uncategorised", "unclassified"]));
});

test("the preview and the streamed import (each a walk of its own) file the same rows as the plan", async () => {
  const { importer } = makeImporter(dbs.db);
  const text = new TextDecoder().decode(fixture(CARD));
  const preview = previewText(text, { sha256: "0".repeat(64), bytes: text.length }, { fileName: CARD, options: {}, target: dbs.db, model: null, listRows: 20, listPossible: 0, notSpending: DEFAULT_NOT_SPENDING });
  expect(preview.rows.map((r) => r.classified?.category)).toEqual([...Array(9).fill("Transfers"), ...Array(4).fill("Uncategorised")]);
  await importer.commitStreamed(importer.parseStreamed(file(CARD)), { actor: CLI });
  expect(allRows(dbs.db).map((r) => r.category)).toEqual([...Array(9).fill("Transfers"), ...Array(4).fill("Uncategorised")]);
});

test("the page's import (previewed, then staged and written from the parse worker) files the same rows", async () => {
  const { importer } = makeImporter(dbs.db);
  const bytes = fixture(CARD);
  const buffer = new SharedArrayBuffer(bytes.length);
  new Uint8Array(buffer).set(bytes);
  const held = { id: newFileId(), name: CARD, bytes: { buffer, offset: 0, length: bytes.length } };
  try {
    const { preview } = await importer.preview(held, {}, { rows: 20, possible: 0 });
    expect(preview.rows.map((r) => r.classified?.category)).toEqual([...Array(9).fill("Transfers"), ...Array(4).fill("Uncategorised")]);
    await importer.commitPreview({ id: held.id }, preview, { include: false, acceptUnreconciled: false, actor: CLI });
  } finally {
    dropInWorker(held.id);
  }
  expect(allRows(dbs.db).map((r) => [r.category, r.source])).toEqual([...Array(9).fill(["Transfers", "rules"]), ...Array(4).fill(["Uncategorised", "unclassified"])]);
});

test("the user's transfer category under its own name; none when the user has none (the rows wait for the model)", async () => {
  ensureBudgetDb(dbs.db);
  const db = new Database(dbs.db);
  db.run("UPDATE categories SET name = 'Umbuchungen' WHERE name = 'Transfers'");
  db.close();
  const renamed = makeImporter(dbs.db, { notSpending: ["Umbuchungen", "Investments"] }).importer;
  const plan = await renamed.plan(renamed.parse(file(CARD)), { classify: "offline" });
  expect(classes(plan).filter((c) => c[3] === "rules").map((c) => c[2])).toEqual(Array(9).fill("Umbuchungen"));
  // The default roles name a "Transfers" this database does not have: nothing is filed by the rule.
  const unconfigured = makeImporter(dbs.db).importer;
  const none = await unconfigured.plan(unconfigured.parse(file(CARD)), { classify: "offline" });
  expect(classes(none).filter((c) => c[3] !== "unclassified")).toEqual([]);
});

/** A model of the test's own: every merchant it is asked about is Income, as a model might take "PAYMENT - THANK YOU". */
function incomeModel(asked: string[]): ModelClassifier {
  const classify = async (items: readonly { key: string; description: string }[]) => {
    asked.push(...items.map((it) => it.description));
    return { results: new Map(items.map((it) => [it.key, { merchant: it.description, category: "Income", confidence: 0.9, source: "llm" } as Classified])), error: null, calls: 1, usage: emptyUsage() };
  };
  return { model: "test-model", classify } as unknown as ModelClassifier;
}

test("rows grouped by text for the cache and the model: the rule does not spread to the debit of the same text, nor the cache's answer to the card's payment", async () => {
  const asked: string[] = [];
  const { importer } = makeImporter(dbs.db, { model: incomeModel(asked) });
  const plan = await importer.plan(importer.parse(file(CARD)), { classify: "model" });
  // The model is asked about the debit's text once, not for the nine payments (the refund and purchases too).
  expect(asked).toEqual(["MAPLE GROCERS #214", "AMAZON.COM REFUND", "PAYMENT - THANK YOU", "HARBOR LINE FERRY"]);
  expect(classes(plan).filter((c) => c[0] === 2 || c[0] === 13)).toEqual([
    [2, 410, "Transfers", "rules"],
    [13, -410, "Income", "llm"],
  ]);
  await importer.commit(plan, { actor: CLI });
  // merchant_cache learnt the model's answer for the text: the next statement's payment still goes by the rule (it comes
  // before the cache), and the debit of that text by the cache.
  const cached = new Database(dbs.db, { readonly: true }).query("SELECT category, source FROM merchant_cache WHERE raw_key = 'PAYMENT - THANK YOU'").all();
  expect(cached).toEqual([{ category: "Income", source: "llm" }]);
  const next = new TextDecoder().decode(fixture(CARD)).replaceAll("/2026,", "/2027,");
  const later = await importer.plan(importer.parse({ name: "april.csv", bytes: new TextEncoder().encode(next) }), { classify: "offline" });
  expect(classes(later).filter((c) => c[0] === 2 || c[0] === 13)).toEqual([
    [2, 410, "Transfers", "rules"],
    [13, -410, "Income", "cache"],
  ]);
});

test("the user's own edit of the text (merchant_cache, source manual) outranks the rule, in the plan, the preview and the streamed import", async () => {
  ensureBudgetDb(dbs.db);
  const db = new Database(dbs.db);
  const at = "2026-01-01T00:00:00+00:00";
  db.query(PIPELINE_CACHE_UPSERT).run(pipelineMerchantKey("PAYMENT - THANK YOU"), "Card payoff", "Other", PIPELINE_MANUAL.confidence, PIPELINE_MANUAL.source, at, at);
  db.close();
  const { importer } = makeImporter(dbs.db);
  const plan = await importer.plan(importer.parse(file(CARD)), { classify: "offline" });
  // Line 2 is the user's Other (the cache), both directions; the other eight payments, of other texts, still the rule's.
  expect(classes(plan).filter((c) => c[0] === 2 || c[0] === 13)).toEqual([
    [2, 410, "Other", "cache"],
    [13, -410, "Other", "cache"],
  ]);
  expect(classes(plan).filter((c) => c[3] === "rules").map((c) => c[0])).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
  const text = new TextDecoder().decode(fixture(CARD));
  const preview = previewText(text, { sha256: "0".repeat(64), bytes: text.length }, { fileName: CARD, options: {}, target: dbs.db, model: null, listRows: 20, listPossible: 0, notSpending: DEFAULT_NOT_SPENDING });
  expect(preview.rows.map((r) => r.classified?.category)).toEqual(["Other", ...Array(8).fill("Transfers"), "Uncategorised", "Uncategorised", "Other", "Uncategorised"]);
  await importer.commitStreamed(importer.parseStreamed(file(CARD)), { actor: CLI });
  expect(allRows(dbs.db).map((r) => [r.category, r.source])).toEqual([
    ["Other", "cache"],
    ...Array(8).fill(["Transfers", "rules"]),
    ["Uncategorised", "unclassified"],
    ["Uncategorised", "unclassified"],
    ["Other", "cache"],
    ["Uncategorised", "unclassified"],
  ]);
});

test("budget-chat import takes --not-spending as serve does: the payments go to the renamed category it names", async () => {
  ensureBudgetDb(dbs.db);
  const db = new Database(dbs.db);
  db.run("UPDATE categories SET name = 'Umbuchungen' WHERE name = 'Transfers'");
  db.close();
  const args = ["import", join(FIXTURES, CARD), "--no-classify", "--not-spending", "Umbuchungen,Investments", "--db", dbs.db, "--chat-db", dbs.chatDb];
  const run = await runCli(args, { home: dbs.dir });
  expect([run.code, run.stderr]).toEqual([0, ""]);
  expect(allRows(dbs.db).map((r) => [r.category, r.source])).toEqual([
    ...Array(9).fill(["Umbuchungen", "rules"]),
    ...Array(4).fill(["Uncategorised", "unclassified"]),
  ]);
});
