/**
 * One budget.db writer in a process of its own, for the kill tests (writer-kills.test.ts):
 * `bun writer-child.ts DIR WRITER [ARG]` composes the app on DIR/budget.db and DIR/chat.db
 * as the server does (createApp) and makes one change through the domain code the routes
 * and the CLI call. With CRASH_BEFORE_COMMIT_ENV or CRASH_AFTER_COMMIT_ENV (and
 * NODE_ENV=test) in its environment, the write path kills it (SIGKILL) around budget.db's
 * COMMIT; otherwise it prints "done".
 */
import Anthropic from "@anthropic-ai/sdk";
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { appConfig, createApp } from "../../src/app.ts";
import { changeCategory, undoCategoryChangeById, type CategoryRequest } from "../../src/categories/categories.ts";
import { editTransaction, parseEdit, undoTransactionEditById } from "../../src/transactions/edit.ts";
import { parseRuleInput } from "../../src/rules/rule-input.ts";
import { addRule, undoRuleChangeById } from "../../src/rules/rules.ts";
import { reclassifyBelow, undoReclassifyById } from "../../src/import/quality.ts";

const [dir, writer, arg] = process.argv.slice(2) as [string, string, string | undefined];
// The configuration `serve` reads (flags and environment), on this folder's databases; the parent settles what this
// process leaves, so this one owns nothing at start. No model call is made: classify finds every row in the merchant cache.
const app = createApp(
  appConfig({ db: join(dir, "budget.db"), "chat-db": join(dir, "chat.db"), "keep-backups": "0" }, { ownsStore: false }, { ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: "http://127.0.0.1:9" }),
  { client: new Anthropic({ apiKey: "test", baseURL: "http://127.0.0.1:9", maxRetries: 0 }), memory: null },
);
const deps = { budget: app.budget, writer: app.writer, store: app.store };
const user = { id: "local", name: "local" };
const actor = { userId: "local", by: "local", via: "api" } as const;
const categories: Record<string, CategoryRequest> = {
  category_add: { action: "add", name: "Pets", description: "Pet food, vets" },
  category_rename: { action: "rename", name: "Dining", newName: "Eating Out" },
  category_merge: { action: "merge", name: "Dining", into: "Groceries" },
  category_describe: { action: "describe", name: "Dining", description: "Restaurants and cafés" },
};

if (writer === "edit") await editTransaction(deps, user, Number(arg), parseEdit({ category: "Travel", merchant_name: "Killed Edit" }), "api");
else if (writer === "edit_undo") await undoTransactionEditById(deps, user, Number(arg));
else if (categories[writer]) await changeCategory(deps, user, categories[writer]!, "api");
else if (writer === "category_undo") await undoCategoryChangeById(deps, user, Number(arg));
else if (writer === "classify") await app.importer.classifyPending(actor);
else if (writer === "import") {
  const parsed = app.importer.parse({ name: basename(arg!), bytes: readFileSync(arg!) });
  await app.importer.commit(await app.importer.plan(parsed, { classify: "offline" }), { actor });
} else if (writer === "import_undo") await app.importer.undo(arg!, actor);
// A rule (issue 35): the merchant TWINT P2P with money out → Children, applied (its write states its own journal) or not ("noapply").
else if (writer === "rule_add") {
  const rule = parseRuleInput({ field: "merchant", match: "equals", pattern: "TWINT P2P", max_amount: 0, category: "Children" });
  await addRule(deps, user, rule, { apply: arg !== "noapply" }, "api");
} else if (writer === "rule_undo") await undoRuleChangeById(deps, user, Number(arg));
// Unsure rows classified again without a model: the rules file them.
else if (writer === "reclassify") await reclassifyBelow(deps, null, actor, 0.7);
else if (writer === "reclassify_undo") await undoReclassifyById(deps, user, Number(arg));
else if (writer === "approve") {
  const r = await app.approvals!.decide("local", arg!, "approved");
  if (!r.ok) throw r.refused;
} else if (writer === "approval_undo") {
  const r = await app.approvals!.undo("local", arg!);
  if (!r.ok) throw r.refused;
} else throw new Error(`unknown writer ${writer}`);
console.log("done");
await app.close();
