/**
 * How good the classification is, and a second try where it was unsure (SPEC §14, "quality you
 * can see").
 *
 * The check: the rows the user set by hand (`source = 'manual'`) are their own labels. They are
 * classified again blind — by the model alone, without the merchant cache and without the
 * few-shot examples of those same merchants (both hold the user's answer) — and the model's
 * category is compared with the user's (letter case aside). Figures over rows: accuracy, the
 * accuracy of the answers at or above the confidence threshold, the share below it, and the
 * confident misses (at or above it, and wrong). Nothing is written.
 *
 * The second try (`classify --below 0.7`, the Rules page's button): the rows classified with a
 * confidence below the threshold (never hand-set rows nor rows a user rule filed) go through the
 * user's rules, then the model (not the merchant cache: it holds the unsure answer itself). A row
 * takes the new answer only when it is more confident than the one it has; a merchant_cache entry
 * only when more confident than the entry. One write through the write path (kind "classify");
 * recorded as the user's change (data_edits kind "reclassify") with its audit entry once budget.db
 * holds it; undone once ("classify_undo"), refused when a row or cache entry changed since.
 *
 * Both tell what the model will cost before (requests and an estimate of tokens and money) and
 * count what it cost after (requests and tokens, in the audit entry).
 */
import type { Database } from "bun:sqlite";
import { ChangeRefused, WriteConflictError } from "../core/errors.ts";
import { formatCount, plural } from "../core/format.ts";
import { TimeSlices } from "../core/time-slices.ts";
import { ruleSetOf, ruleSubjectsSql, subjectOf } from "../ledger/category-rules.ts";
import { foldCategory } from "../ledger/ledger.ts";
import { ROW_ORIGIN } from "../ledger/row-origin.ts";
import { PIPELINE_CACHE_UPSERT, PIPELINE_FEW_SHOT_QUERY, pipelineMerchantKey, pipelineTimestamp } from "../ledger/pipeline.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import { CATEGORY_DESCRIPTIONS, UNCATEGORISED } from "../ledger/schema.ts";
import type { BudgetWriter } from "../ledger/write-path.ts";
import { estimateCost, formatUsd, type TokenCounts } from "../pricing.ts";
import type { Usage } from "../core/events.ts";
import type { DataEdit } from "../store/data-edits.ts";
import type { ModelCallPurpose } from "../store/model-calls.ts";
import type { Store } from "../store/store.ts";
import { classifyByUserRule, classifySystem, cleanDescription, LLM_BATCH, type Classified, type Classifier, type ClassifierCategory, type FewShot } from "./classify.ts";
import type { ImportActor } from "./importer.ts";

/** Below this confidence a classification counts as unsure (the check's threshold, `--below`'s default). */
export const CONFIDENCE_THRESHOLD = 0.7;

/** What asking the model will take: rows, distinct merchants (one answer each), requests, and an estimate of tokens and cost. */
export type ModelWork = { rows: number; merchants: number; calls: number; estimate: (TokenCounts & { cost: number | "unknown" }) | null };

/** What the model cost, counted: requests, tokens and their cost. */
export type ModelSpend = { calls: number; input_tokens: number; output_tokens: number; cost: number | "unknown" };

/** A row as the classifier is asked about it. */
type AskedRow = { id: number; date: string; description: string; merchant: string; category: string; confidence: number | null; source: string | null; amount: number; currency: string; key: string };

/** Output tokens per answered merchant (id, merchant name, category, confidence as JSON), and per request. */
const OUTPUT_PER_MERCHANT = 40;
const OUTPUT_PER_CALL = 20;
/** Characters per token, roughly, for the estimate. */
const CHARS_PER_TOKEN = 4;

/** The categories the classifier is given, as an import gives them (the categories table; else the defaults): no ledger is read. */
function categoriesOf(budget: BudgetDb): ClassifierCategory[] {
  const rows = budget.hasTable("categories")
    ? budget.all<ClassifierCategory>("SELECT name, COALESCE(description, '') AS description FROM categories WHERE name IS NOT NULL ORDER BY name")
    : [];
  return rows.length ? rows : CATEGORY_DESCRIPTIONS.map(([name, description]) => ({ name, description }));
}

function examplesOf(budget: BudgetDb, leaveOut: ReadonlySet<string>): FewShot[] {
  if (!budget.hasTable("few_shot_examples")) return [];
  return budget.all<FewShot>(PIPELINE_FEW_SHOT_QUERY).filter((e) => !leaveOut.has(e.merchant_pattern));
}

/** One item per merchant key: what the classifier is asked (the first row of the key speaks for it). */
function itemsOf(rows: readonly AskedRow[]) {
  const first = new Map<string, AskedRow>();
  for (const r of rows) if (!first.has(r.key)) first.set(r.key, r);
  return [...first.values()].map((r) => ({ key: r.key, description: r.description, amount: r.amount, currency: r.currency }));
}

/** The requests and an estimate of the tokens classifying `rows` takes (null estimate: no model). */
function workOf(rows: readonly AskedRow[], categories: readonly ClassifierCategory[], examples: readonly FewShot[], model: string | null): ModelWork {
  const items = itemsOf(rows);
  const calls = Math.ceil(items.length / LLM_BATCH);
  if (!model) return { rows: rows.length, merchants: items.length, calls, estimate: null };
  const system = classifySystem(categories, examples).length;
  const itemChars = items.reduce((n, it) => n + JSON.stringify({ id: "00", description: it.description, amount: it.amount, currency: it.currency }).length + 1, 0);
  const input_tokens = Math.ceil((calls * (system + 600) + itemChars) / CHARS_PER_TOKEN);
  const output_tokens = calls * OUTPUT_PER_CALL + items.length * OUTPUT_PER_MERCHANT;
  return { rows: rows.length, merchants: items.length, calls, estimate: { input_tokens, output_tokens, cost: estimateCost(model, { input_tokens, output_tokens }) } };
}

/** What a classifier's answer cost, and its record in usage (model_calls, by `purpose`; SPEC §14: "counted after"). */
function spendOf(answer: { calls: number; usage: Usage }, o: { model: string; store?: Store; actor?: ImportActor; purpose: ModelCallPurpose; merchants: number }): ModelSpend {
  if (o.store && answer.calls > 0) {
    o.store.modelCalls.add({
      userId: o.actor?.userId ?? null,
      purpose: o.purpose,
      model: o.model,
      calls: answer.calls,
      usage: answer.usage,
      detail: { merchants: o.merchants, via: o.actor?.via ?? "cli", by: o.actor?.by ?? "cli" },
    });
  }
  return { calls: answer.calls, input_tokens: answer.usage.input_tokens, output_tokens: answer.usage.output_tokens, cost: estimateCost(o.model, answer.usage) };
}

function askedRows(budget: BudgetDb, where: string, params: Record<string, number> = {}): AskedRow[] {
  return budget
    .all<Omit<AskedRow, "key">>(
      `SELECT id, substr(date, 1, 10) AS date, coalesce(raw_description, '') AS description, coalesce(merchant_name, '') AS merchant,
         coalesce(nullif(trim(category), ''), '${UNCATEGORISED}') AS category, confidence, source, amount, currency FROM transactions ${where} ORDER BY id`,
      params,
    )
    .map((r) => ({ ...r, key: pipelineMerchantKey(r.description) }));
}

// ---------------------------------------------------------------------------------
// The check

const HAND_SET = "WHERE source = 'manual'";

export type ConfidentMiss = { id: number; date: string; description: string; merchant: string; label: string; guess: string; confidence: number; amount: number; currency: string };

export type QualityReport = {
  threshold: number;
  /** Hand-set rows checked. */
  rows: number;
  /** Rows the model put where the user did. */
  right: number;
  /** Rows it answered at or above the threshold, and how many of those it got right. */
  confident: number;
  confidentRight: number;
  /** right / rows; confidentRight / confident; (rows − confident) / rows. null when there is nothing to divide by. */
  accuracy: number | null;
  confidentAccuracy: number | null;
  belowShare: number | null;
  /** Confident and wrong, most confident first. */
  misses: ConfidentMiss[];
  spent: ModelSpend;
  /** The model's error, when it failed part-way (the figures are then over the rows it answered). */
  modelError: string | null;
};

/** What the check will ask the model (shown before it runs). */
export function checkWork(budget: BudgetDb, model: string | null): ModelWork {
  const rows = askedRows(budget, HAND_SET);
  return workOf(rows, categoriesOf(budget), examplesOf(budget, new Set(rows.map((r) => r.key))), model);
}

/** Re-classify the hand-set rows blind and compare (reads only). */
export async function checkClassification(
  budget: BudgetDb,
  classifier: Classifier,
  opts: { threshold?: number; onProgress?: (done: number, total: number) => void; store?: Store; actor?: ImportActor } = {},
): Promise<QualityReport> {
  const threshold = opts.threshold ?? CONFIDENCE_THRESHOLD;
  const rows = askedRows(budget, HAND_SET);
  const keys = new Set(rows.map((r) => r.key));
  const items = itemsOf(rows);
  const answer = await classifier.classify(items, categoriesOf(budget), examplesOf(budget, keys), opts.onProgress);
  const spent = spendOf(answer, { model: classifier.model, store: opts.store, actor: opts.actor, purpose: "classification check", merchants: items.length });
  let checked = 0;
  let right = 0;
  let confident = 0;
  let confidentRight = 0;
  const misses: ConfidentMiss[] = [];
  for (const r of rows) {
    const c = answer.results.get(r.key);
    if (!c) continue;
    checked++;
    const ok = foldCategory(c.category) === foldCategory(r.category);
    if (ok) right++;
    if (c.confidence >= threshold) {
      confident++;
      if (ok) confidentRight++;
      else misses.push({ id: r.id, date: r.date, description: r.description, merchant: r.merchant, label: r.category, guess: c.category, confidence: c.confidence, amount: r.amount, currency: r.currency });
    }
  }
  misses.sort((a, b) => b.confidence - a.confidence || a.id - b.id);
  const share = (n: number, of: number) => (of ? n / of : null);
  return {
    threshold,
    rows: checked,
    right,
    confident,
    confidentRight,
    accuracy: share(right, checked),
    confidentAccuracy: share(confidentRight, confident),
    belowShare: share(checked - confident, checked),
    misses,
    spent,
    modelError: answer.error,
  };
}

/** A check as JSON (`classify --check --json`, the API): snake_case figures, the misses, what it cost. */
export function qualityJson(r: QualityReport) {
  return {
    threshold: r.threshold,
    rows: r.rows,
    right: r.right,
    accuracy: r.accuracy,
    confident: r.confident,
    confident_right: r.confidentRight,
    confident_accuracy: r.confidentAccuracy,
    below_share: r.belowShare,
    confident_misses: r.misses.map((m) => ({ id: m.id, date: m.date, description: m.description, amount: m.amount, currency: m.currency, yours: m.label, model: m.guess, confidence: m.confidence })),
    model_calls: r.spent.calls,
    usage: { input_tokens: r.spent.input_tokens, output_tokens: r.spent.output_tokens },
    cost_usd: r.spent.cost,
    model_error: r.modelError,
  };
}

// ---------------------------------------------------------------------------------
// The second try on unsure rows

/** Unsure rows: a confidence below the threshold, not set by hand nor by a user rule. */
const UNSURE = "WHERE confidence < $threshold AND coalesce(source, '') NOT IN ('manual', 'user_rule')";
const UNSURE_T = "WHERE t.confidence < $threshold AND coalesce(t.source, '') NOT IN ('manual', 'user_rule')";

/** A row's classification, as the second try reads and writes it. */
type RowClass = { merchant_name: string | null; category: string | null; confidence: number | null; source: string | null };
type CacheRow = Record<string, unknown> & { raw_key: string };

/** Exactly what a second try replaced, for its undo (all JSON). */
export type ReclassifySnapshot = {
  threshold: number;
  /** `origin`: which row the id named (originSql); absent in second tries recorded before it was. */
  rows: { id: number; origin?: string | null; before: RowClass; after: RowClass }[];
  cache: { key: string; before: CacheRow | null; after: CacheRow }[];
  /** Rows asked about, rows a user rule filed, rows whose category changed, rows only more confident now. */
  asked: number;
  byRule: number;
  recategorised: number;
  surer: number;
  spent: ModelSpend | null;
  modelError: string | null;
};

export type ReclassifyDeps = { budget: BudgetDb; writer: BudgetWriter; store: Store; now?: () => Date };

/** What a second try will take (shown before it runs): the unsure rows, those the user's rules file, and the model's work for the rest. */
export function reclassifyWork(budget: BudgetDb, threshold: number, model: string | null): ModelWork & { byRule: number } {
  const rows = askedRows(budget, UNSURE, { threshold });
  const ruled = ruleClasses(budget, threshold);
  const rest = rows.filter((r) => !ruled.has(r.id));
  return { ...workOf(rest, categoriesOf(budget), examplesOf(budget, new Set()), model), rows: rows.length, byRule: ruled.size };
}

function ruleClasses(budget: BudgetDb, threshold: number): Map<number, Classified> {
  const out = new Map<number, Classified>();
  const rules = ruleSetOf(budget);
  if (!rules) return out;
  for (const raw of budget.iterate<Record<string, unknown>>(ruleSubjectsSql(budget, UNSURE_T), { threshold })) {
    const r = subjectOf(raw);
    const c = classifyByUserRule(rules, r, () => (r.merchant?.trim() ? r.merchant : cleanDescription(r.description ?? "")));
    if (c) out.set(r.id, c);
  }
  return out;
}

/** A confidence threshold, or an `invalid` refusal in words (`shown`: what the person typed). */
export function checkThreshold(value: number, shown: string = String(value)): number {
  if (!Number.isFinite(value) || value <= 0 || value > 1) throw new ChangeRefused("invalid", `the confidence threshold must be a number above 0 and at most 1 (e.g. 0.7), got ${shown}`);
  return value;
}

/** "Classified 40 unsure transactions again (below 0.70): 12 to another category, 5 only surer; 23 stay as they were." */
export function reclassifyMessage(s: ReclassifySnapshot): string {
  const kept = s.asked - s.recategorised - s.surer;
  const parts = [`${formatCount(s.recategorised)} to another category`, `${formatCount(s.surer)} only surer`];
  if (s.byRule) parts.push(`${formatCount(s.byRule)} of them by your rules`);
  const failed = s.modelError ? ` The model failed part-way (${s.modelError}).` : "";
  return `Classified ${plural(s.asked, "unsure transaction")} again (below ${s.threshold.toFixed(2)}): ${parts.join(", ")}; ${formatCount(kept)} stay as they were.${failed}`;
}

function reclassifyDetail(s: ReclassifySnapshot): Record<string, unknown> {
  return {
    threshold: s.threshold,
    asked: s.asked,
    by_rule: s.byRule,
    recategorised: s.recategorised,
    surer: s.surer,
    cache_entries: s.cache.length,
    model_calls: s.spent?.calls ?? 0,
    ...(s.spent ? { usage: { input_tokens: s.spent.input_tokens, output_tokens: s.spent.output_tokens }, cost: s.spent.cost } : {}),
    ...(s.modelError ? { model_error: s.modelError } : {}),
  };
}

function same(a: Record<string, unknown> | null, b: Record<string, unknown> | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function rowClass(db: Database, id: number): RowClass | null {
  return db.query("SELECT merchant_name, category, confidence, source FROM transactions WHERE id = ?").get(id) as RowClass | null;
}

function originOf(db: Database, id: number): string | null {
  return (db.query(`SELECT ${ROW_ORIGIN} AS origin FROM transactions WHERE id = ?`).get(id) as { origin: string | null } | null)?.origin ?? null;
}

function cacheRow(db: Database, key: string): CacheRow | null {
  return db.query("SELECT * FROM merchant_cache WHERE raw_key = ?").get(key) as CacheRow | null;
}

function putCache(db: Database, row: CacheRow): void {
  const cols = Object.keys(row);
  db.query(`INSERT OR REPLACE INTO merchant_cache (${cols.join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`).run(...(cols.map((c) => row[c]) as never[]));
}

/**
 * Re-run the classification on unsure rows (the user's rules, then the model when given) and keep
 * the surer answers, in one write; recorded for undo with its audit entry once budget.db holds it.
 */
export async function reclassifyBelow(
  deps: ReclassifyDeps,
  classifier: Classifier | null,
  actor: ImportActor,
  threshold: number,
  onProgress?: (done: number, total: number) => void,
): Promise<{ snapshot: ReclassifySnapshot; message: string; edit: DataEdit | null }> {
  checkThreshold(threshold);
  const { budget } = deps;
  const rows = askedRows(budget, UNSURE, { threshold });
  const ruled = ruleClasses(budget, threshold);
  const rest = rows.filter((r) => !ruled.has(r.id));
  const items = itemsOf(rest);
  const answer = classifier && rest.length ? await classifier.classify(items, categoriesOf(budget), examplesOf(budget, new Set()), onProgress) : null;
  const spent = answer ? spendOf(answer, { model: classifier!.model, store: deps.store, actor, purpose: "unsure rows again", merchants: items.length }) : null;
  const at = pipelineTimestamp(deps.now?.() ?? new Date());
  const userId = actor.userId ?? "cli";
  let message = "";
  const receipt = await deps.writer.writeWithReceipt({
    kind: "classify",
    userId: actor.userId,
    apply: async (db): Promise<ReclassifySnapshot> => {
      const slices = new TimeSlices();
      const update = db.query("UPDATE transactions SET merchant_name = ?, category = ?, confidence = ?, source = ? WHERE id = ?");
      const snap: ReclassifySnapshot = { threshold, rows: [], cache: [], asked: rows.length, byRule: 0, recategorised: 0, surer: 0, spent, modelError: answer?.error ?? null };
      for (const r of rows) {
        // As the row is now: an edit or a rule may have settled it while the model answered (then it stays).
        const before = rowClass(db, r.id);
        if (!before || before.confidence === null || !(before.confidence < threshold) || before.source === "manual" || before.source === "user_rule") continue;
        const c = ruled.get(r.id) ?? answer?.results.get(r.key);
        if (!c || c.confidence <= before.confidence) continue;
        const after: RowClass = { merchant_name: c.merchant, category: c.category, confidence: c.confidence, source: c.source };
        update.run(after.merchant_name, after.category, after.confidence, after.source, r.id);
        snap.rows.push({ id: r.id, origin: originOf(db, r.id), before, after });
        if (ruled.has(r.id)) snap.byRule++;
        if (foldCategory(after.category ?? UNCATEGORISED) !== foldCategory(before.category?.trim() || UNCATEGORISED)) snap.recategorised++;
        else snap.surer++;
        if (slices.due()) await slices.pause();
      }
      if (answer && db.query("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'merchant_cache'").get()) {
        const upsert = db.query(PIPELINE_CACHE_UPSERT);
        for (const [key, c] of answer.results) {
          const before = cacheRow(db, key);
          if (c.confidence <= 0 || (before && Number(before.confidence) >= c.confidence)) continue;
          upsert.run(key, c.merchant, c.category, c.confidence, "llm", at, at);
          snap.cache.push({ key, before, after: cacheRow(db, key)! });
        }
      }
      return snap;
    },
    settle: (snap) => {
      message = reclassifyMessage(snap);
      return {
        edit: { kind: "reclassify", userId, message, input: { threshold }, before: snap, after: { rows: snap.rows.length } },
        audit: [{ kind: "write", userId: actor.userId, detail: { change: "reclassify", via: actor.via, by: actor.by, ...reclassifyDetail(snap) } }],
      };
    },
  });
  return { snapshot: receipt.result, message, edit: await deps.store.edits.recordedBy(receipt) };
}

/** Undo a second try once: every row and cache entry as it was, refused (nothing restored) when any changed since. */
export async function undoReclassifyById(deps: ReclassifyDeps, user: { id: string; name: string }, editId: number): Promise<{ edit: DataEdit; message: string }> {
  const edit = deps.store.edits.get(user.id, editId);
  if (!edit || edit.kind !== "reclassify") throw new ChangeRefused("not_found", `No re-classification ${editId} of yours to undo.`);
  if (edit.undoneAt) throw new ChangeRefused("conflict", "This change was already undone.");
  const snap = edit.before as ReclassifySnapshot;
  const message = `Undone: ${plural(snap.rows.length, "transaction")} ${snap.rows.length === 1 ? "is" : "are"} classified as before the second try.`;
  try {
    const receipt = await deps.writer.writeWithReceipt({
      kind: "classify_undo",
      userId: user.id === "cli" ? null : user.id,
      apply: async (db) => {
        const slices = new TimeSlices();
        // A row whose id now names another row (its row deleted, the id reused) changed too.
        const moved = snap.rows.filter((r) => !same(rowClass(db, r.id), r.after) || (typeof r.origin === "string" && originOf(db, r.id) !== r.origin)).length;
        const cached = snap.cache.filter((c) => !same(cacheRow(db, c.key), c.after)).length;
        if (moved || cached) {
          throw new WriteConflictError(
            `${moved ? `${plural(moved, "transaction")} ` : ""}${moved && cached ? "and " : ""}${cached ? `${plural(cached, "merchant cache entry", "merchant cache entries")} ` : ""}changed since; undoing would overwrite that`,
          );
        }
        const update = db.query("UPDATE transactions SET merchant_name = ?, category = ?, confidence = ?, source = ? WHERE id = ?");
        for (const r of snap.rows) {
          update.run(r.before.merchant_name, r.before.category, r.before.confidence, r.before.source, r.id);
          if (slices.due()) await slices.pause();
        }
        for (const c of snap.cache) {
          db.query("DELETE FROM merchant_cache WHERE raw_key = ?").run(c.key);
          if (c.before) putCache(db, c.before);
        }
      },
      settle: () => {
        if (deps.store.edits.get(user.id, editId)?.undoneAt) throw new WriteConflictError("this change was already undone");
        return {
          editUndone: { id: edit.id, by: user.name },
          audit: [{ kind: "undo", userId: user.id === "cli" ? null : user.id, detail: { edit: edit.id, change: "reclassify", by: user.name, rows: snap.rows.length, cache_entries: snap.cache.length } }],
        };
      },
    });
    const now = deps.store.edits.get(user.id, editId)!;
    return { edit: receipt.settled ? now : { ...now, undoneAt: now.undoneAt ?? new Date().toISOString(), undoneBy: now.undoneBy ?? user.name }, message };
  } catch (e) {
    if (e instanceof WriteConflictError) throw new ChangeRefused("conflict", `Nothing was restored: ${e.message}.`);
    throw e;
  }
}

// ---------------------------------------------------------------------------------
// In words (the command line and the Rules page say the same)

/** "1 model request for 23 merchants (about 3'100 input and 940 output tokens, about $0.0200)". */
export function workText(w: ModelWork): string {
  const money = w.estimate?.cost === "unknown" ? "" : `, about ${formatUsd(w.estimate?.cost ?? 0)}`;
  const est = w.estimate ? ` (about ${formatCount(w.estimate.input_tokens)} input and ${formatCount(w.estimate.output_tokens)} output tokens${money})` : "";
  return `${plural(w.calls, "model request")} for ${plural(w.merchants, "merchant")}${est}`;
}

/** "1 model request: 3'204 input and 912 output tokens, $0.0200" (no money for a model without a price). */
export function spendText(s: ModelSpend): string {
  return `${plural(s.calls, "model request")}: ${formatCount(s.input_tokens)} input and ${formatCount(s.output_tokens)} output tokens${s.cost === "unknown" ? "" : `, ${formatUsd(s.cost)}`}`;
}
