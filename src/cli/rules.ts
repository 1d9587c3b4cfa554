/**
 * `budget-chat rules list | add PATTERN … | remove ID | test ID | apply ID | undo CHANGE`
 * (SPEC §14): the user's category rules from the terminal, through the same domain code as the
 * Rules page (src/rules/). Changes go through the write path, are audited (by "cli") and can be
 * undone. Exit 0 done, 2 bad input or no such rule (nothing changed), 1 when the data changed
 * under the command or the budget database is busy.
 */
import { openLocal } from "../app.ts";
import { flagHelp, flagOptions } from "../config.ts";
import { ToolInputError, UsageError } from "../core/errors.ts";
import { formatAmount, formatCount, formatTotals, plural, quote } from "../core/format.ts";
import { RULE_FIELDS, RULE_MATCHES } from "../ledger/category-rules.ts";
import { previewRule } from "../rules/preview.ts";
import { parseRuleAmount, parseRuleInput, ruleJson, RuleError } from "../rules/rule-input.ts";
import { describeRule, shadowedWords } from "../rules/rule-words.ts";
import { addRule, applyRule, getRule, listRules, removeRule, undoRuleChangeById, type RuleOutcome } from "../rules/rules.ts";
import { intOption, parse } from "./args.ts";

const SHARED = ["db", "notSpending", "chatDb", "keepBackups"] as const;

export const RULES_HELP = `budget-chat rules list [--json]
budget-chat rules add PATTERN --category NAME [options]
budget-chat rules test ID [--include-manual] [--json]
budget-chat rules apply ID [--include-manual]
budget-chat rules remove ID
budget-chat rules undo CHANGE

Your category rules: when a transaction's text, merchant, account or amount matches, it gets
the rule's category (and merchant name). Rules classify first at every import and in
budget-chat classify, before the merchant cache and the model, and need no API key. Text
matches as search does (case, accents, ü = ue = u). When several rules match, the one of
higher priority wins, then the older one.
  add PATTERN           a new rule (an empty "" PATTERN with --min/--max or --account only)
    --category NAME     the category it gives (required)
    --field F           which text: ${RULE_FIELDS.join(", ")} (default text: any of them)
    --match M           ${RULE_MATCHES.join(", ")} (default contains)
    --min AMOUNT --max AMOUNT   the amount range, as stored: money out negative (e.g. --min -100 --max -10)
    --account A         only this account (its IBAN or card, or the name given it on the Settings page)
    --merchant NAME     also give the rows this merchant name
    --priority N        ${"-1000…1000"}, higher wins (default 0)
    --apply             also change the transactions it matches now
  test ID               the transactions the rule would change now
  apply ID              change them (rows you set by hand stay, unless --include-manual)
  remove ID             remove the rule (its rows keep their categories)
  undo CHANGE           undo a change (the number it printed)
${flagHelp(SHARED)}`;

const ACTIONS = ["list", "add", "test", "apply", "remove", "undo"] as const;
const ARITY: Record<(typeof ACTIONS)[number], number> = { list: 0, add: 1, test: 1, apply: 1, remove: 1, undo: 1 };
const CLI = { id: "cli", name: "cli" };
/** Rows `test` prints, the newest first, before "… and N more" (--json gives every id). */
const SHOWN = 50;

export async function rulesCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    ...flagOptions(SHARED),
    category: { type: "string" },
    field: { type: "string" },
    match: { type: "string" },
    min: { type: "string" },
    max: { type: "string" },
    account: { type: "string" },
    merchant: { type: "string" },
    priority: { type: "string" },
    apply: { type: "boolean" },
    "include-manual": { type: "boolean" },
    json: { type: "boolean" },
  });
  if (values.help) {
    console.log(RULES_HELP);
    return 0;
  }
  const [action, ...rest] = positionals as [string | undefined, ...string[]];
  if (!action) throw new UsageError(`rules: missing action: ${ACTIONS.join(", ")} (see budget-chat rules --help)`);
  if (!(ACTIONS as readonly string[]).includes(action)) throw new UsageError(`rules: unknown action "${action}": ${ACTIONS.join(", ")}`);
  const act = action as (typeof ACTIONS)[number];
  if (rest.length !== ARITY[act]) {
    throw new UsageError(act === "list" ? "rules list takes no arguments" : act === "add" ? 'rules add: give one PATTERN (e.g. rules add TWINT --category Children; "" for none)' : `rules ${act}: give one ${act === "undo" ? "CHANGE" : "ID"}`);
  }
  const ruleFlags = ["category", "field", "match", "min", "max", "account", "merchant", "priority", "apply"] as const;
  const misplaced = act === "add" ? null : ruleFlags.find((f) => values[f] !== undefined);
  if (misplaced) throw new UsageError(`rules ${act}: --${misplaced} goes with add`);
  if (values["include-manual"] && !["add", "test", "apply"].includes(act)) throw new UsageError(`rules ${act}: --include-manual goes with add, test and apply`);
  const id = act === "list" || act === "add" ? 0 : intOption(rest[0], act === "undo" ? "CHANGE" : "ID", 1, Number.MAX_SAFE_INTEGER)!;

  const local = openLocal(values, { writes: act !== "list" && act !== "test" });
  try {
    // The writer only when a change is made (on the demo data it refuses: reading stays possible).
    const deps = {
      budget: local.budget,
      get writer() {
        return local.writer;
      },
      store: local.store,
    };
    switch (act) {
      case "list": {
        const rules = listRules(deps.budget);
        if (values.json) console.log(JSON.stringify(rules.map(ruleJson)));
        else if (!rules.length) console.log('No rules yet. Add one with: budget-chat rules add TEXT --category NAME (or on the Rules page).');
        else for (const r of rules) console.log(`${r.id}  ${describeRule(r)}  (priority ${r.priority}, ${plural(r.hits, "hit")}, by ${r.createdBy} ${r.createdAt.slice(0, 10)})`);
        return 0;
      }
      case "test": {
        const rule = getRule(deps.budget, id);
        const p = previewRule(deps.budget, rule, { includeManual: values["include-manual"] === true, sample: SHOWN });
        if (values.json) {
          console.log(JSON.stringify({ rule: ruleJson(rule), rows: p.rows, totals: p.totals, from: p.from, manual: p.manual, shadowed: p.shadowed, already: p.already, ids: p.ids }));
          return 0;
        }
        console.log(`Rule ${rule.id} (${describeRule(rule)}) would change ${plural(p.rows, "transaction")} now${p.rows ? ` (${formatTotals(p.totals)})` : ""}.`);
        for (const r of p.sample) console.log(`  ${r.date}  ${formatAmount(r.amount).padStart(12)} ${r.currency}  ${quote(r.merchant, 40)}  ${r.category} → ${rule.category}`);
        if (p.rows > p.sample.length) console.log(`  … and ${formatCount(p.rows - p.sample.length)} more`);
        if (p.manual) console.log(`${plural(p.manual, "transaction")} you set by hand would stay as ${p.manual === 1 ? "it is" : "they are"} (--include-manual changes them too).`);
        if (p.shadowed) console.log(shadowedWords(p.shadowed));
        return 0;
      }
      case "undo": {
        const { message } = await undoRuleChangeById(deps, CLI, id);
        console.log(message);
        return 0;
      }
      default: {
        let outcome: RuleOutcome;
        if (act === "add") {
          if (values.category === undefined) throw new UsageError("rules add: --category NAME is required");
          const input = parseRuleInput({
            pattern: rest[0],
            category: values.category,
            ...(values.field !== undefined ? { field: values.field } : {}),
            ...(values.match !== undefined ? { match: values.match } : {}),
            min_amount: parseRuleAmount(values.min ?? "", "--min"),
            max_amount: parseRuleAmount(values.max ?? "", "--max"),
            account: values.account ?? null,
            merchant_name: values.merchant ?? null,
            ...(values.priority !== undefined ? { priority: intOption(values.priority, "priority", -1000, 1000) } : {}),
          });
          outcome = await addRule(deps, CLI, input, { apply: values.apply === true, includeManual: values["include-manual"] === true }, "cli");
        } else if (act === "apply") outcome = await applyRule(deps, CLI, id, { includeManual: values["include-manual"] === true }, "cli");
        else outcome = await removeRule(deps, CLI, id, "cli");
        const { message, edit } = outcome;
        console.log(
          edit
            ? `${message} (change ${edit.id}; undo with: budget-chat rules undo ${edit.id})`
            : `${message} (the app database was busy: the change is made, and its record for undo follows once that database is free; its number then shows under "Your recent changes" on the Rules page)`,
        );
        return 0;
      }
    }
  } catch (e) {
    if (e instanceof ToolInputError) throw new UsageError(`rules ${act}: ${e.message}`);
    if (e instanceof RuleError) {
      console.error(`budget-chat: rules ${act}: ${e.message}`);
      return e.kind === "conflict" ? 1 : 2;
    }
    throw e;
  } finally {
    local.close();
  }
}
