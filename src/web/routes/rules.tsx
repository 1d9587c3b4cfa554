/**
 * The user's category rules (SPEC §14) in the web app, over src/rules/:
 *   GET    /rules                 the page (?field=&match=&pattern=&category=… fill in the add form: "Always do this")
 *   POST   /rules/preview         the add or edit form's fields → what the rule would change now (htmx fragment)
 *   POST   /rules                 add (form; `apply` also changes the matching rows now) → a toast with Undo
 *   POST   /rules/:id             change a rule (form) → a toast with Undo
 *   GET    /rules/:id/test        the transactions a stored rule would change now (fragment)
 *   POST   /rules/:id/apply       apply it (`include_manual`: hand-set rows too) → a toast with Undo
 *   POST   /rules/:id/remove      remove it → a toast with Undo
 *   GET    /api/rules             {rules: [{id, field, match, pattern, min_amount, max_amount, account, category, merchant_name, priority, created_at, created_by, hits}]}
 *   POST   /api/rules             {…rule, apply?, include_manual?} → {rule, edit_id, changed, message}
 *   POST   /api/rules/preview     {…rule, id?, include_manual?} → what it would change now
 *   GET    /api/rules/:id/test    the same for a stored rule (?include_manual=true)
 *   PUT    /api/rules/:id         {…rule} → {rule, edit_id, message}
 *   POST   /api/rules/:id/apply   {include_manual?} → {rule, edit_id, changed, message}
 *   DELETE /api/rules/:id         → {edit_id, message}
 *   POST   /rules/quality/check   re-classify the hand-set rows blind: the figures (fragment; changes nothing)
 *   POST   /rules/reclassify      classify the unsure rows again (`threshold`, default 0.7) → a toast with Undo
 *   GET    /api/rules/quality     {labelled, check: {rows, merchants, model_calls, estimate}, unsure: {threshold, rows, by_rule, merchants, model_calls, estimate}}
 *   POST   /api/rules/quality/check   {threshold?} → the figures (as `classify --check --json`)
 *   POST   /api/rules/reclassify  {threshold?} → {edit_id, changed, message, model_calls, usage, cost_usd}
 * Undo is POST /edits/:id/undo (routes/transactions.tsx), as for every change of the user's own.
 * Writes pass the session and Origin checks of every route below `auth` (src/web/server.ts).
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ChangeRefused, QuestionRefused, ToolInputError } from "../../core/errors.ts";
import { formatAmount } from "../../core/format.ts";
import { lazySchema, oneLineError } from "../../core/validation.ts";
import { draftRule, previewRule, type RulePreview } from "../../rules/preview.ts";
import { invalidRule, parseRuleAmount, ruleInputSchema, ruleJson, RuleError, type ValidRuleInput } from "../../rules/rule-input.ts";
import { ruleConditions } from "../../rules/rule-words.ts";
import { addRule, applyRule, checkedRuleSpec, getRule, listRules, removeRule, updateRule, type CategoryRule, type RuleOutcome } from "../../rules/rules.ts";
import { checkClassification, checkThreshold, checkWork, CONFIDENCE_THRESHOLD, qualityJson, reclassifyBelow, reclassifyWork, spendText, workText, type ModelWork } from "../../import/quality.ts";
import { UNDO_LATER } from "../../transactions/edit.ts";
import { accountLabel } from "../../core/account-labels.ts";
import { EditToast } from "../../../views/EditToast.tsx";
import { renderPage } from "../../../views/Layout.tsx";
import { EMPTY_RULE_FORM, RuleForm, type RuleFormValues } from "../../../views/RuleForm.tsx";
import { RuleItem } from "../../../views/RuleItem.tsx";
import { RulePreviewPanel } from "../../../views/RulePreviewPanel.tsx";
import { RulesPage } from "../../../views/RulesPage.tsx";
import { ClassificationCheck } from "../../../views/ClassificationCheck.tsx";
import { ClassificationQuality, type ClassificationQualityProps } from "../../../views/ClassificationQuality.tsx";
import { assetUrl } from "../assets.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { signedInName } from "../middleware/auth/index.ts";
import { formBody, isApiPath, isHtmxRequest, jsonBody } from "../middleware/respond.ts";
import { toHtml } from "../sse-renderer.ts";
import { refusedChange } from "../refused-change.tsx";
import { whenBudgetReadable } from "../middleware/budget-readable.ts";

const FORM_FIELDS = ["field", "match", "pattern", "min_amount", "max_amount", "account", "category", "merchant_name", "priority"] as const;

/** A form's (or the address's) fields, as typed. */
function formValues(fields: Record<string, unknown>, defaults: RuleFormValues = EMPTY_RULE_FORM): RuleFormValues {
  const text = (k: string, fallback: string) => (typeof fields[k] === "string" ? (fields[k] as string) : fallback);
  const out = { ...defaults };
  for (const k of FORM_FIELDS) out[k] = text(k, defaults[k]);
  out.apply = fields.apply === undefined ? defaults.apply : fields.apply === "true";
  out.include_manual = fields.include_manual === "true";
  return out;
}

/** A form's fields as a rule's input (an `invalid` RuleError in words). */
function inputOf(v: RuleFormValues): ValidRuleInput {
  let body: Record<string, unknown>;
  try {
    const priority = v.priority.trim();
    body = {
      field: v.field,
      match: v.match,
      pattern: v.pattern,
      min_amount: parseRuleAmount(v.min_amount, "Amount from"),
      max_amount: parseRuleAmount(v.max_amount, "Amount to"),
      account: v.account.trim() || null,
      category: v.category,
      merchant_name: v.merchant_name.trim() || null,
      priority: priority === "" ? 0 : /^-?\d+$/.test(priority) ? Number(priority) : priority,
    };
  } catch (e) {
    if (e instanceof ToolInputError) throw new RuleError("invalid", e.message);
    throw e;
  }
  const parsed = ruleInputSchema().safeParse(body);
  if (!parsed.success) throw new RuleError("invalid", `Invalid rule: ${oneLineError(parsed.error)}`);
  return parsed.data;
}

/** A stored rule's fields as its edit form holds them. */
function valuesOf(r: CategoryRule): RuleFormValues {
  const amount = (n: number | null) => (n === null ? "" : formatAmount(n).replace(/'/g, ""));
  return {
    field: r.field,
    match: r.match,
    pattern: r.pattern,
    min_amount: amount(r.minAmount),
    max_amount: amount(r.maxAmount),
    account: r.account ?? "",
    category: r.category,
    merchant_name: r.merchantName ?? "",
    priority: String(r.priority),
    apply: false,
    include_manual: false,
  };
}

/** A rule's preview (JSON). */
function previewJson(p: RulePreview) {
  return { rows: p.rows, totals: p.totals, from: p.from, manual: p.manual, shadowed: p.shadowed, already: p.already, sample: p.sample };
}

const ApiRule = lazySchema(() =>
  ruleInputSchema().extend({ apply: z.boolean("apply must be true or false").default(false), include_manual: z.boolean("include_manual must be true or false").default(false) }),
);
const ApiPreview = lazySchema(() =>
  ruleInputSchema().extend({ id: z.number().int().positive().optional(), include_manual: z.boolean("include_manual must be true or false").default(false) }),
);
const ApiThreshold = lazySchema(() =>
  z.strictObject({
    threshold: z.number("threshold must be a number").gt(0, "threshold must be above 0").max(1, "threshold must be at most 1").default(CONFIDENCE_THRESHOLD),
  }),
);
const ApiApply = lazySchema(() => z.strictObject({ include_manual: z.boolean("include_manual must be true or false").default(false) }));

export function ruleRoutes(deps: WebDeps) {
  const r = new Hono<WebEnv>();
  const { budget, store } = deps;
  // Every route here reads budget.db on the spot: wait for another program's lock without freezing the server.
  for (const path of ["/rules", "/rules/*", "/api/rules", "/api/rules/*"]) r.use(path, whenBudgetReadable(budget));
  const asset = (name: string) => assetUrl(deps.assets, name);
  const ruleDeps = { budget, writer: deps.writer, store };
  const userOf = (c: Context<WebEnv>) => ({ id: c.get("user").id, name: c.get("user").name });

  const idOf = (c: Context<WebEnv>): number => {
    const raw = c.req.param("id") ?? "";
    if (!/^\d{1,15}$/.test(raw)) throw new RuleError("not_found", `Not a rule id: "${raw}".`);
    return Number(raw);
  };

  /** The preview of a form's rule (against the rule `id` it edits), or why there is none yet. */
  const formPreview = (v: RuleFormValues, id: number | undefined): { preview: RulePreview | null; problem: string | null } => {
    try {
      const spec = checkedRuleSpec(ruleDeps, inputOf(v));
      return { preview: previewRule(budget, draftRule(spec, id), { includeManual: v.include_manual }), problem: null };
    } catch (e) {
      if (e instanceof RuleError) return { preview: null, problem: e.message };
      throw e;
    }
  };

  // ------------------------------------------------------------------ quality (SPEC §14)

  const classifier = () => deps.importer.classifier;
  const workJson = (w: ModelWork) => ({ rows: w.rows, merchants: w.merchants, model_calls: w.calls, estimate: w.estimate });
  const qualityProps = (): ClassificationQualityProps => {
    const model = classifier();
    const check = checkWork(budget, model?.model ?? null);
    const again = reclassifyWork(budget, CONFIDENCE_THRESHOLD, model?.model ?? null);
    return { labelled: check.rows, checkCost: workText(check), threshold: CONFIDENCE_THRESHOLD, unsure: again.rows, byRule: again.byRule, againCost: workText(again), model: model !== null };
  };
  /** The threshold a form sent (default 0.7), or a refusal in words. */
  const thresholdOf = (form: Record<string, unknown>): number => {
    const raw = typeof form.threshold === "string" ? form.threshold.trim() : "";
    return checkThreshold(raw === "" ? CONFIDENCE_THRESHOLD : /^\d*\.?\d+$/.test(raw) ? Number(raw) : Number.NaN, JSON.stringify(raw));
  };
  const actorOf = (c: Context<WebEnv>) => ({ userId: c.get("user").id, by: c.get("user").name, via: isApiPath(c.req.path) ? ("api" as const) : ("page" as const) });
  // Asking the model may take longer than Bun's 10 s without a byte (several requests of 50 merchants): no idle timeout.
  const noIdleTimeout = (c: Context<WebEnv>) => c.env?.server?.timeout(c.req.raw, 0);
  const runCheck = (c: Context<WebEnv>, threshold: number) => {
    noIdleTimeout(c);
    const model = classifier();
    if (!model) throw new QuestionRefused("no_model", "Checking the classification needs the model: no API key is set.");
    return checkClassification(budget, model, { threshold, store, actor: actorOf(c) });
  };
  const reclassify = (c: Context<WebEnv>, threshold: number) => {
    noIdleTimeout(c);
    return reclassifyBelow(ruleDeps, classifier(), actorOf(c), threshold);
  };

  r.post("/rules/quality/check", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      const report = await runCheck(c, thresholdOf(await formBody(c)));
      return c.html(toHtml(<ClassificationCheck report={report} spent={spendText(report.spent)} />));
    } catch (e) {
      if (!(e instanceof QuestionRefused) && !(e instanceof ChangeRefused)) throw e;
      return c.html(toHtml(<p class="error">{(e as Error).message}</p>));
    }
  });

  r.post("/rules/reclassify", (c) =>
    pageChange(c, async (form) => {
      const done = await reclassify(c, thresholdOf(form));
      const cost = done.snapshot.spent ? ` Cost: ${spendText(done.snapshot.spent)}.` : "";
      return { message: `${done.message}${cost}`, edit: done.edit, nothingToUndo: done.snapshot.rows.length === 0 };
    }),
  );

  r.get("/api/rules/quality", (c) => {
    const model = classifier()?.model ?? null;
    const check = checkWork(budget, model);
    const again = reclassifyWork(budget, CONFIDENCE_THRESHOLD, model);
    return c.json({ labelled: check.rows, check: workJson(check), unsure: { threshold: CONFIDENCE_THRESHOLD, by_rule: again.byRule, ...workJson(again) } });
  });

  r.post("/api/rules/quality/check", jsonBody(ApiThreshold, (m) => `Invalid request: ${m}; send e.g. {"threshold": 0.7}`), async (c) =>
    c.json(qualityJson(await runCheck(c, c.req.valid("json").threshold))),
  );

  r.post("/api/rules/reclassify", jsonBody(ApiThreshold, (m) => `Invalid request: ${m}; send e.g. {"threshold": 0.7}`), async (c) => {
    const done = await reclassify(c, c.req.valid("json").threshold);
    const s = done.snapshot;
    return c.json({
      edit_id: done.edit?.id ?? null,
      asked: s.asked,
      changed: s.rows.length,
      recategorised: s.recategorised,
      surer: s.surer,
      by_rule: s.byRule,
      message: done.message,
      model_calls: s.spent?.calls ?? 0,
      usage: s.spent ? { input_tokens: s.spent.input_tokens, output_tokens: s.spent.output_tokens } : null,
      cost_usd: s.spent?.cost ?? null,
      model_error: s.modelError,
    });
  });

  r.get("/rules", async (c) => {
    const user = c.get("user");
    const query = Object.fromEntries(new URL(c.req.url).searchParams);
    const prefilled = FORM_FIELDS.some((k) => query[k] !== undefined);
    const values = formValues(query);
    const names = store.accountNames.all();
    const label = (a: string) => accountLabel(a, names);
    const categories = budget.categories().map((x) => x.name);
    const accounts = [...new Set(budget.ledger().accounts)].map((a) => ({ value: a, label: label(a) })).sort((a, b) => a.label.localeCompare(b.label));
    const form = (idPrefix: string, action: string, v: RuleFormValues, submitLabel: string, offerApply: boolean, ruleId?: number, preview?: ReturnType<typeof formPreview>) => (
      <RuleForm
        idPrefix={idPrefix}
        action={action}
        ruleId={ruleId}
        values={v}
        categories={categories}
        accounts={accounts}
        submitLabel={submitLabel}
        offerApply={offerApply}
        preview={<RulePreviewPanel preview={preview?.preview ?? null} problem={preview?.problem} category={v.category} includeManual={v.include_manual} ruleId={ruleId} />}
      />
    );
    const rules = listRules(budget);
    return c.html(
      await renderPage(
        <RulesPage
          addForm={form("add-rule", "/rules", values, "Add rule", true, undefined, prefilled ? formPreview(values, undefined) : undefined)}
          rules={rules.map((rule) => (
            <RuleItem
              id={rule.id}
              conditions={ruleConditions(rule, label)}
              category={rule.category}
              merchantName={rule.merchantName}
              priority={rule.priority}
              hits={rule.hits}
              createdBy={rule.createdBy}
              createdAt={rule.createdAt}
              editForm={form(`rule-${rule.id}-form`, `/rules/${rule.id}`, valuesOf(rule), "Save rule", false, rule.id)}
            />
          ))}
          quality={<ClassificationQuality {...qualityProps()} />}
          edits={store.edits
            .list(user.id, { limit: 20 })
            .filter((e) => e.kind === "rule" || e.kind === "reclassify")}
          asset={asset}
          userName={signedInName(user)}
        />,
      ),
      200,
      { "Cache-Control": "no-store" },
    );
  });

  r.post("/rules/preview", async (c) => {
    const form = await formBody(c);
    const v = formValues(form, { ...EMPTY_RULE_FORM, apply: false });
    const id = typeof form.id === "string" && /^\d{1,15}$/.test(form.id) ? Number(form.id) : undefined;
    const { preview, problem } = formPreview(v, id);
    c.header("Cache-Control", "no-store");
    return c.html(toHtml(<RulePreviewPanel preview={preview} problem={problem} category={v.category} includeManual={v.include_manual} ruleId={id} />));
  });

  r.get("/rules/:id/test", async (c) => {
    const rule = getRule(budget, idOf(c));
    const includeManual = c.req.query("include_manual") === "true";
    c.header("Cache-Control", "no-store");
    return c.html(toHtml(<RulePreviewPanel preview={previewRule(budget, rule, { includeManual })} category={rule.category} includeManual={includeManual} ruleId={rule.id} />));
  });

  /**
   * A change made from the page: a toast with its Undo (htmx; the page refreshes itself), else back to the page; a
   * refusal in the toast. `nothingToUndo`: it changed nothing (no Undo, nor its "appears in a moment").
   */
  const pageChange = async (c: Context<WebEnv>, make: (form: Record<string, unknown>) => Promise<Pick<RuleOutcome, "message" | "edit"> & { nothingToUndo?: boolean }>) => {
    c.header("Cache-Control", "no-store");
    let res: Awaited<ReturnType<typeof make>>;
    try {
      res = await make(await formBody(c));
    } catch (e) {
      return refusedChange(c, e, asset);
    }
    if (!isHtmxRequest(c)) return c.redirect("/rules", 303);
    c.header("HX-Trigger", "data-changed");
    if (res.nothingToUndo) return c.html(toHtml(<EditToast message={res.message} />));
    return c.html(toHtml(<EditToast message={res.edit ? res.message : `${res.message} ${UNDO_LATER}`} undoId={res.edit?.id} />));
  };

  r.post("/rules", (c) =>
    pageChange(c, (form) => {
      const v = formValues(form, { ...EMPTY_RULE_FORM, apply: false });
      return addRule(ruleDeps, userOf(c), inputOf(v), { apply: v.apply, includeManual: v.include_manual }, "page");
    }),
  );
  r.post("/rules/:id", (c) => pageChange(c, (form) => updateRule(ruleDeps, userOf(c), idOf(c), inputOf(formValues(form)), "page")));
  r.post("/rules/:id/apply", (c) => pageChange(c, (form) => applyRule(ruleDeps, userOf(c), idOf(c), { includeManual: form.include_manual === "true" }, "page")));
  r.post("/rules/:id/remove", (c) => pageChange(c, () => removeRule(ruleDeps, userOf(c), idOf(c), "page")));

  // ------------------------------------------------------------------ JSON API

  const outcomeJson = (o: RuleOutcome) => ({
    rule: o.snapshot.ruleAfter ? ruleJson(o.snapshot.ruleAfter) : null,
    edit_id: o.edit?.id ?? null,
    changed: o.snapshot.changed,
    manual_skipped: o.snapshot.manualSkipped,
    totals: o.snapshot.totals,
    message: o.message,
  });

  r.get("/api/rules", (c) => c.json({ rules: listRules(budget).map(ruleJson) }));

  r.post("/api/rules", jsonBody(ApiRule, invalidRule), async (c) => {
    const { apply, include_manual, ...input } = c.req.valid("json");
    return c.json(outcomeJson(await addRule(ruleDeps, userOf(c), input, { apply, includeManual: include_manual }, "api")));
  });

  r.post("/api/rules/preview", jsonBody(ApiPreview, invalidRule), (c) => {
    const { id, include_manual, ...input } = c.req.valid("json");
    const spec = checkedRuleSpec(ruleDeps, input);
    return c.json(previewJson(previewRule(budget, draftRule(spec, id), { includeManual: include_manual })));
  });

  r.get("/api/rules/:id/test", (c) => {
    const rule = getRule(budget, idOf(c));
    return c.json({ rule: ruleJson(rule), ...previewJson(previewRule(budget, rule, { includeManual: c.req.query("include_manual") === "true" })) });
  });

  r.put("/api/rules/:id", jsonBody(ruleInputSchema, invalidRule), async (c) => c.json(outcomeJson(await updateRule(ruleDeps, userOf(c), idOf(c), c.req.valid("json"), "api"))));

  r.post("/api/rules/:id/apply", jsonBody(ApiApply, invalidRule), async (c) =>
    c.json(outcomeJson(await applyRule(ruleDeps, userOf(c), idOf(c), { includeManual: c.req.valid("json").include_manual }, "api"))),
  );

  r.delete("/api/rules/:id", async (c) => {
    const o = await removeRule(ruleDeps, userOf(c), idOf(c), "api");
    return c.json({ edit_id: o.edit?.id ?? null, message: o.message, removed: ruleJson(o.snapshot.ruleBefore!) });
  });

  return r;
}
