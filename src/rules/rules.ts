/**
 * The user's category rules (SPEC §14): list, add, change, remove, test and apply a rule,
 * and undo each of those. The Rules page, `budget-chat rules`, the JSON API and the approved
 * `propose_rule` all call this room; they differ only in how a change is recorded.
 *
 * A rule lives in budget.db (`category_rules`, src/ledger/category-rules.ts, which also
 * matches it), so every change to rules — and to the transactions a rule moves — is one write
 * through the one write path (kind "rule"; its undo "rule_undo"): the rule and the rows in one
 * transaction, the record of the change (data_edits, for undo) and its audit entry recorded in
 * chat.db only once budget.db holds it (SPEC §13.1).
 *
 * Applying a rule changes the rows it gives its category now: the rows where it is the rule
 * that wins (a rule of higher priority that also matches a row keeps that row), whose category
 * (or merchant name, when the rule gives one) differs from the rule's. Rows the user set by hand
 * (`source = 'manual'`) stay as they are unless the user asks to change them too. Changed rows
 * get `source = 'user_rule'`, confidence 1.0, and the rule counts them in its hits. An undo puts
 * back exactly what the write replaced, refusing when anything it wrote was changed since.
 *
 * This room is the person's change, recorded and audited; the rest of the rules live beside it: a rule's fields and
 * their checks (rule-input.ts), a rule in words (rule-words.ts), what applying one would change (preview.ts), and the
 * change and its undo as one write through the write path (rule-writes.ts).
 */
import { ToolInputError, UnknownCategory, WriteConflictError } from "../core/errors.ts";
import { demoChangeRefusal } from "../ledger/open.ts";
import { plural } from "../core/format.ts";
import { accountLabel } from "../core/account-labels.ts";
import { readRules, type CategoryRule, type RuleSpec } from "../ledger/category-rules.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import type { BudgetWriter } from "../ledger/write-path.ts";
import type { DataEdit } from "../store/data-edits.ts";
import type { Store } from "../store/store.ts";
import { RuleError, ruleJson, ruleSpecOf, type ValidRuleInput } from "./rule-input.ts";
import { describeRule } from "./rule-words.ts";
import { type RuleChange, type RuleSnapshot, sameRule, SERVER_SPILL, undoRuleWrite, writeRuleChange } from "./rule-writes.ts";

export type { CategoryRule, RuleSpec };

/** Every rule, in the order they are tried. */
export function listRules(budget: BudgetDb): CategoryRule[] {
  return readRules(budget);
}

/** One rule, or a `not_found` RuleError. */
export function getRule(budget: BudgetDb, id: number): CategoryRule {
  const rule = readRules(budget).find((r) => r.id === id);
  if (!rule) throw new RuleError("not_found", `No rule ${id} (see the Rules page or budget-chat rules list).`);
  return rule;
}

// ---------------------------------------------------------------------------------
// A person's changes (page, CLI, API): recorded for undo and audited

export type RuleDeps = { budget: BudgetDb; writer: BudgetWriter; store: Store; now?: () => Date };
export type RuleUser = { id: string; name: string };
export type RuleOutcome = { message: string; snapshot: RuleSnapshot; edit: DataEdit | null };

/** "Added rule 3 (Any text contains “TWINT” → Children) and moved 12 transactions to Children." (`account`: how an account is named: ruleConditions) */
export function ruleMessage(s: RuleSnapshot, account?: (a: string) => string): string {
  const rule = (s.ruleAfter ?? s.ruleBefore)!;
  const what = `rule ${rule.id} (${describeRule(rule, account)})`;
  const moved = s.changed ? `moved ${plural(s.changed, "transaction")} to ${rule.category}` : `changed no transaction`;
  const kept = s.manualSkipped ? `; ${plural(s.manualSkipped, "transaction")} you set by hand ${s.manualSkipped === 1 ? "stays" : "stay"} as ${s.manualSkipped === 1 ? "it is" : "they are"}` : "";
  switch (s.action) {
    case "add":
      return s.rows || s.manualSkipped ? `Added ${what} and ${moved}${kept}.` : `Added ${what}.`;
    case "apply":
      return `Applied ${what}: ${moved}${kept}.`;
    case "update":
      return `Changed rule ${rule.id} to ${describeRule(rule, account)}.`;
    case "remove":
      return `Removed ${what}.`;
  }
}

/** A change's figures for the audit log and the JSON API. */
export function ruleDetail(s: RuleSnapshot): Record<string, unknown> {
  const rule = (s.ruleAfter ?? s.ruleBefore)!;
  return {
    action: s.action,
    rule: rule.id,
    ...(s.ruleAfter ? { after: ruleJson(s.ruleAfter) } : {}),
    ...(s.ruleBefore ? { before: ruleJson(s.ruleBefore) } : {}),
    changed: s.changed,
    totals: s.totals,
    manual_skipped: s.manualSkipped,
  };
}

/** Make a change as a person (page, CLI, API): recorded in store.edits (kind "rule") with its audit entry once budget.db holds it. */
async function changeRules(deps: RuleDeps, user: RuleUser, change: RuleChange, via: "page" | "cli" | "api"): Promise<RuleOutcome> {
  // On the demo data, refused (the command line's writer refuses first, in its own words).
  if (deps.writer && deps.budget.demo) throw new RuleError("conflict", `Nothing was changed: ${demoChangeRefusal("a rule")}`);
  let message = "";
  try {
    const receipt = await writeRuleChange(deps.writer, change, {
      userId: user.id,
      by: user.name,
      now: deps.now ?? (() => new Date()),
      // From the command line no server answers in this process: its memory stays bounded by the page cache (as a
      // large import's), a server elsewhere waits for the COMMIT. The page and the API keep the changed pages until
      // then, up to SERVER_SPILL's bound, so readers of this server are not shut out meanwhile.
      spill: via === "cli" ? true : SERVER_SPILL,
      settle: (snapshot) => {
        const names = deps.store.accountNames.all();
        message = ruleMessage(snapshot, (a) => accountLabel(a, names));
        return {
          edit: { kind: "rule", userId: user.id, message, input: change, before: snapshot, after: { rule: snapshot.ruleAfter } },
          audit: [{ kind: "write", userId: user.id === "cli" ? null : user.id, detail: { change: "rule", via, by: user.name, ...ruleDetail(snapshot) } }],
        };
      },
    });
    return { message, snapshot: receipt.result, edit: await deps.store.edits.recordedBy(receipt) };
  } catch (e) {
    if (e instanceof WriteConflictError) throw new RuleError("conflict", `Nothing was changed: ${e.message}.`);
    throw e;
  }
}

/** A rule's fields checked against the data (as ruleSpecOf), refused as an `invalid` RuleError in words. */
export function checkedRuleSpec(deps: Pick<RuleDeps, "budget" | "store">, input: ValidRuleInput): RuleSpec {
  try {
    return ruleSpecOf(deps.budget, input, deps.store.accountNames.all());
  } catch (e) {
    if (e instanceof ToolInputError || e instanceof UnknownCategory) throw new RuleError("invalid", e.message);
    throw e;
  }
}

/** Add a rule; with `apply`, also move the rows it gives its category now (hand-set ones only with `includeManual`). */
export async function addRule(deps: RuleDeps, user: RuleUser, input: ValidRuleInput, opts: { apply: boolean; includeManual?: boolean }, via: "page" | "cli" | "api"): Promise<RuleOutcome> {
  return changeRules(deps, user, { action: "add", spec: checkedRuleSpec(deps, input), apply: opts.apply, includeManual: opts.includeManual === true }, via);
}

/** Change a rule's conditions, category, merchant name or priority (its hits stay). Rows are not moved: apply it to do so. */
export async function updateRule(deps: RuleDeps, user: RuleUser, id: number, input: ValidRuleInput, via: "page" | "cli" | "api"): Promise<RuleOutcome> {
  const rule = getRule(deps.budget, id);
  const spec = checkedRuleSpec(deps, input);
  if (sameRule(rule, { ...rule, ...spec })) throw new RuleError("conflict", `Rule ${id} already says that: nothing to change.`);
  return changeRules(deps, user, { action: "update", rule, spec }, via);
}

/** Remove a rule (the rows it classified keep their categories). */
export async function removeRule(deps: RuleDeps, user: RuleUser, id: number, via: "page" | "cli" | "api"): Promise<RuleOutcome> {
  return changeRules(deps, user, { action: "remove", rule: getRule(deps.budget, id) }, via);
}

/** Apply a stored rule to the rows it gives its category now. */
export async function applyRule(deps: RuleDeps, user: RuleUser, id: number, opts: { includeManual?: boolean }, via: "page" | "cli" | "api"): Promise<RuleOutcome> {
  return changeRules(deps, user, { action: "apply", rule: getRule(deps.budget, id), includeManual: opts.includeManual === true }, via);
}

/** What undoing a change did, in words. */
function undoneMessage(s: RuleSnapshot): string {
  const rule = (s.ruleAfter ?? s.ruleBefore)!;
  const back = s.changed ? `${plural(s.changed, "transaction")} ${s.changed === 1 ? "is" : "are"} back as before` : "";
  switch (s.action) {
    case "add":
      return `Undone: rule ${rule.id} is gone again${back ? `, and ${back}` : ""}.`;
    case "apply":
      return `Undone: ${back || "nothing had moved"} (rule ${rule.id} stays).`;
    case "update":
      return `Undone: rule ${rule.id} says again ${describeRule(s.ruleBefore!)}.`;
    case "remove":
      return `Undone: rule ${rule.id} is back (${describeRule(rule)}).`;
  }
}

/** Undo one of the user's rule changes (the page's toast and list, `rules undo`), once. */
export async function undoRuleChangeById(deps: RuleDeps, user: RuleUser, editId: number): Promise<{ edit: DataEdit; message: string }> {
  const edit = deps.store.edits.get(user.id, editId);
  if (!edit || edit.kind !== "rule") throw new RuleError("not_found", `No rule change ${editId} of yours to undo.`);
  if (edit.undoneAt) throw new RuleError("conflict", "This change was already undone.");
  const snap = edit.before as RuleSnapshot;
  const message = undoneMessage(snap);
  try {
    const receipt = await undoRuleWrite(deps.writer, snap, {
      userId: user.id,
      settle: () => {
        if (deps.store.edits.get(user.id, editId)?.undoneAt) throw new WriteConflictError("this change was already undone");
        return {
          editUndone: { id: edit.id, by: user.name },
          audit: [{ kind: "undo", userId: user.id === "cli" ? null : user.id, detail: { edit: edit.id, change: "rule", by: user.name, ...ruleDetail(snap) } }],
        };
      },
    });
    const now = deps.store.edits.get(user.id, editId)!;
    return { edit: receipt.settled ? now : { ...now, undoneAt: now.undoneAt ?? new Date().toISOString(), undoneBy: now.undoneBy ?? user.name }, message };
  } catch (e) {
    if (e instanceof WriteConflictError) throw new RuleError("conflict", `Nothing was restored: ${e.message}.`);
    throw e;
  }
}
