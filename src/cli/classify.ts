/**
 * `budget-chat classify` (SPEC §10, §14): classify the rows an import left waiting; `--check`
 * measures the classification against the rows you set by hand; `--below T` classifies unsure
 * rows again (undoable: `--undo CHANGE`). The work is the import domain's (src/import/importer.ts,
 * src/import/quality.ts); this file reads the flags and prints the outcome, the model's cost
 * before and after. Exit 0 done, 2 bad input (nothing changed), 1 configuration problems, a model
 * that failed, or data that changed under the command.
 */
import { openLocal } from "../app.ts";
import { flagHelp, flagOptions } from "../config.ts";
import { ChangeRefused, ConfigError, UsageError } from "../core/errors.ts";
import { formatAmount, formatCount, formatPercent, plural, quote } from "../core/format.ts";
import { checkClassification, checkThreshold, checkWork, CONFIDENCE_THRESHOLD, reclassifyBelow, qualityJson, reclassifyWork, spendText, undoReclassifyById, workText, type QualityReport } from "../import/quality.ts";
import { intOption, parse } from "./args.ts";
import { CLI_ACTOR, openImporter, progress } from "./import.ts";

const SHARED = ["db", "chatDb", "model", "keepBackups"] as const;

export const CLASSIFY_HELP = `budget-chat classify [--db PATH]
budget-chat classify --check [--threshold T] [--dry-run] [--json]
budget-chat classify --below T [--dry-run]
budget-chat classify --undo CHANGE

Without options: classify the rows an import stored unclassified (no API key then,
--no-classify, or a model error): your rules first, then the merchant cache, then the model.
Without ANTHROPIC_API_KEY only your rules and the cache classify; the rest keep waiting.
  --check          how good the classification is: the rows you set by hand are classified
                   again blind (the model alone, without the cache or your corrections of those
                   merchants) and compared with your categories: accuracy, accuracy at or above
                   the confidence threshold, the share below it, and the confident misses.
                   Changes nothing. Needs ANTHROPIC_API_KEY.
  --threshold T    the confidence threshold of --check (default ${CONFIDENCE_THRESHOLD})
  --below T        classify again the rows classified with a confidence below T (not the ones
                   you set by hand or your rules filed): your rules, then the model; a row takes
                   the new answer only when it is surer. One change you can undo.
  --undo CHANGE    undo a --below (the number it printed)
  --dry-run        with --check or --below: say what the model would be asked, and its cost; ask nothing
  --json           with --check: the figures as JSON
Before asking the model the command prints how many requests and about how many tokens it takes;
after, what they cost.
${flagHelp(SHARED)}`;

export async function classifyCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    ...flagOptions(SHARED),
    check: { type: "boolean" },
    threshold: { type: "string" },
    below: { type: "string" },
    undo: { type: "string" },
    "dry-run": { type: "boolean" },
    json: { type: "boolean" },
  });
  if (values.help) {
    console.log(CLASSIFY_HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError("classify takes no arguments (see budget-chat classify --help)");
  const modes = (["check", "below", "undo"] as const).filter((m) => values[m] !== undefined);
  if (modes.length > 1) throw new UsageError(`classify: --${modes[0]} and --${modes[1]} do not go together`);
  if (values.threshold !== undefined && !values.check) throw new UsageError("classify: --threshold goes with --check (--below takes its own)");
  if ((values["dry-run"] || values.json) && !values.check && values.below === undefined) throw new UsageError("classify: --dry-run and --json go with --check or --below");
  if (values.check) return check(values, thresholdOf(values.threshold as string | undefined, "--threshold"));
  if (values.below !== undefined) return below(values, thresholdOf(values.below as string, "--below"));
  if (values.undo !== undefined) return undo(values, intOption(values.undo as string, "undo", 1, Number.MAX_SAFE_INTEGER)!);
  return pending(values);
}

function thresholdOf(text: string | undefined, flag: string): number {
  if (text === undefined) return CONFIDENCE_THRESHOLD;
  const n = /^\s*(0(\.\d+)?|1(\.0+)?|\.\d+)\s*$/.test(text) ? Number(text) : Number.NaN;
  try {
    return checkThreshold(n);
  } catch {
    throw new UsageError(`classify: ${flag} must be a confidence above 0 and at most 1 (e.g. 0.7), got "${text}"`);
  }
}

/** Classify the rows waiting: rules and the cache always, the model when there is a key. */
async function pending(values: Record<string, unknown>): Promise<number> {
  const local = openImporter(values, { writes: true, model: true });
  const { importer } = local;
  const bar = progress(process.stderr.isTTY === true);
  try {
    const r = await importer.classifyPending(CLI_ACTOR, (done, total) => bar.update("classifying merchants", done, total));
    bar.end();
    if (r.pending === 0) {
      console.log("Nothing to classify: no row waits for classification.");
      return 0;
    }
    const left = r.pending - r.classified;
    if (!importer.canClassify && r.classified === 0) throw new ConfigError("classify needs the model: set ANTHROPIC_API_KEY (in the environment or a .env file).");
    const by = [
      ...(r.bySource.user_rule ? [`${formatCount(r.bySource.user_rule)} by your rules`] : []),
      `${formatCount(r.bySource.cache)} from the merchant cache`,
      ...(importer.canClassify ? [`${formatCount(r.bySource.llm)} by the model`] : []),
    ];
    console.log(`Classified ${formatCount(r.classified)} of ${formatCount(r.pending)} waiting rows (${by.join(", ")}).`);
    if (r.modelError) console.log(`The model failed (${r.modelError}); ${formatCount(left)} rows still wait. Run budget-chat classify again later.`);
    else if (!importer.canClassify && left) console.log(`${formatCount(left)} rows wait for the model: set ANTHROPIC_API_KEY and run budget-chat classify again.`);
    return r.modelError ? 1 : 0;
  } finally {
    bar.end();
    local.close();
  }
}

/** The model (ConfigError without a key). */
function needModel(local: ReturnType<typeof openLocal>, what: string) {
  const model = local.importer.classifier;
  if (!model) throw new ConfigError(`classify ${what} needs the model: set ANTHROPIC_API_KEY (in the environment or a .env file).`);
  return model;
}

async function check(values: Record<string, unknown>, threshold: number): Promise<number> {
  const local = openImporter(values, { writes: false, model: true });
  const json = values.json === true;
  const bar = progress(!json && process.stderr.isTTY === true);
  try {
    const model = values["dry-run"] ? (local.importer.classifier ?? null) : needModel(local, "--check");
    const work = checkWork(local.budget, model?.model ?? null);
    if (work.rows === 0) {
      if (json) console.log(JSON.stringify({ rows: 0, message: "no hand-set rows" }));
      else console.log("Nothing to check against: no row was set by hand yet (edit a transaction's category, or approve a recategorisation, and its row becomes one of your labels).");
      return 0;
    }
    if (!json) console.log(`Checking against ${plural(work.rows, "row")} you set by hand: ${workText(work)}.`);
    if (values["dry-run"]) {
      if (json) console.log(JSON.stringify({ dry_run: true, rows: work.rows, merchants: work.merchants, model_calls: work.calls, estimate: work.estimate }));
      return 0;
    }
    const report = await checkClassification(local.budget, model!, { threshold, store: local.store, actor: CLI_ACTOR, onProgress: (done, total) => bar.update("classifying merchants", done, total) });
    bar.end();
    if (json) console.log(JSON.stringify(qualityJson(report)));
    else printReport(report);
    return report.modelError ? 1 : 0;
  } finally {
    bar.end();
    local.close();
  }
}

function printReport(r: QualityReport): void {
  const t = r.threshold.toFixed(2);
  console.log(`Accuracy: ${formatPercent(r.right, r.rows)} (${formatCount(r.right)} of ${formatCount(r.rows)} rows as you set them).`);
  console.log(`At or above ${t} confidence: ${formatPercent(r.confidentRight, r.confident)} right (${formatCount(r.confidentRight)} of ${formatCount(r.confident)}).`);
  console.log(`Below ${t}: ${formatPercent(r.rows - r.confident, r.rows)} of the rows (${formatCount(r.rows - r.confident)}).`);
  if (r.misses.length) {
    console.log(`Confident misses (${formatCount(r.misses.length)}):`);
    for (const m of r.misses) console.log(`  ${m.date}  ${formatAmount(m.amount)} ${m.currency}  ${quote(m.description, 60)}: yours ${m.label}, the model ${m.guess} (${m.confidence.toFixed(2)})`);
  } else console.log("No confident misses.");
  console.log(`Cost: ${spendText(r.spent)}.`);
  if (r.modelError) console.log(`The model failed part-way (${r.modelError}): the figures cover the rows it answered.`);
}

async function below(values: Record<string, unknown>, threshold: number): Promise<number> {
  const dryRun = values["dry-run"] === true;
  const local = openImporter(values, { writes: !dryRun, model: true });
  const bar = progress(process.stderr.isTTY === true);
  try {
    const model = local.importer.classifier;
    const work = reclassifyWork(local.budget, threshold, model?.model ?? null);
    if (work.rows === 0) {
      console.log(`Nothing to classify again: no row was classified with a confidence below ${threshold.toFixed(2)}.`);
      return 0;
    }
    const ruled = work.byRule ? `; ${formatCount(work.byRule)} of them by your rules` : "";
    const asks = model ? `, ${workText(work)}` : work.merchants ? `; the model is not asked (no ANTHROPIC_API_KEY)` : "";
    console.log(`${plural(work.rows, "row")} below ${threshold.toFixed(2)}${ruled}${asks}.`);
    if (dryRun) return 0;
    const done = await reclassifyBelow({ budget: local.budget, writer: local.writer, store: local.store }, model, CLI_ACTOR, threshold, (d, total) => bar.update("classifying merchants", d, total));
    bar.end();
    console.log(done.message);
    if (done.snapshot.spent) console.log(`Cost: ${spendText(done.snapshot.spent)}.`);
    if (done.edit && done.snapshot.rows.length) console.log(`Undo with: budget-chat classify --undo ${done.edit.id}`);
    return done.snapshot.modelError ? 1 : 0;
  } finally {
    bar.end();
    local.close();
  }
}

async function undo(values: Record<string, unknown>, id: number): Promise<number> {
  const local = openLocal(values, { writes: true });
  try {
    const { message } = await undoReclassifyById({ budget: local.budget, writer: local.writer, store: local.store }, { id: "cli", name: "cli" }, id);
    console.log(message);
    return 0;
  } catch (e) {
    if (e instanceof ChangeRefused && e.kind !== "conflict") throw new UsageError(`classify --undo: ${e.message}`);
    throw e;
  } finally {
    local.close();
  }
}
