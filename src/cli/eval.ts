import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { writeDemoDb } from "../ledger/demo/generator.ts";
import { budgetDbLocation, dbPath, flagHelp, flagOptions, readSettings, requireApiKey, type SettingKey } from "../config.ts";
import { UsageError } from "../core/errors.ts";
import { loadQuestionSet, prepareQuestions } from "../eval/questions.ts";
import { htmlReport, markdownReport, textSummary } from "../eval/report.ts";
import { runEval } from "../eval/run.ts";
import { READ_TOOLS } from "../tools/registry.ts";
import { intOption, parse } from "./args.ts";

/** The settings eval shares with the other commands that talk to the model (`--db` is its own: the demo data by default). */
const EVAL_SETTINGS = ["model", "notSpending", "maxSteps", "maxTokens"] as const satisfies readonly SettingKey[];

export const EVAL_HELP = `budget-chat eval [--model M] [--repeat N] [--concurrency C] [--questions FILE] [--db PATH] [--min-score S] [--out DIR]

Measure how well a model answers: runs the chat's agent (same prompt, tools and loop) on every
question of the set against the configured endpoint (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL) and
scores each answer: right tool, right arguments, every expected figure present, ungrounded
figures, steps, tokens, cost and latency. Writes report.md and report.html.
  --repeat N             runs per question; a question counts only if every run is right (default 1)
  --concurrency C        runs at the same time (default 4)
  --questions FILE       the question set (default eval/questions.json); its figures are computed
                         from the database by an independent SQL oracle
  --db PATH              budget database (default: demo data, default seed, in a scratch directory;
                         DATABASE_URL is not read, so eval never runs on your data by accident)
  --min-score S          exit 1 when the share of questions right is below S (0..1, default 0)
  --out DIR              where the reports go (default eval/results/<time>/)
${flagHelp(EVAL_SETTINGS)}

Exit status: 0 done, 1 no API key or score below --min-score, 2 bad flags.`;

function minScoreOption(value: string | undefined): number {
  if (value === undefined) return 0;
  const n = /^\d+(\.\d+)?$|^\.\d+$/.test(value) ? Number(value) : NaN;
  if (!(n >= 0 && n <= 1)) throw new UsageError(`--min-score must be a number from 0 to 1 (share of questions right), got "${value}"`);
  return n;
}

export async function evalCommand(argv: string[], env = process.env): Promise<number> {
  const { values, positionals } = parse(argv, {
    ...flagOptions(EVAL_SETTINGS),
    db: { type: "string" },
    repeat: { type: "string" },
    concurrency: { type: "string" },
    questions: { type: "string" },
    "min-score": { type: "string" },
    out: { type: "string" },
  });
  if (values.help) {
    console.log(EVAL_HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError(`eval: unexpected argument "${positionals[0]}" (see budget-chat eval --help)`);
  // Every flag is checked before anything runs or is written.
  const settings = readSettings([...EVAL_SETTINGS, "baseUrl", "apiKey"], values, env);
  const repeat = intOption(values.repeat, "repeat", 1, 100) ?? 1;
  const concurrency = intOption(values.concurrency, "concurrency", 1, 32) ?? 4;
  const minScore = minScoreOption(values["min-score"]);
  const set = loadQuestionSet(values.questions, READ_TOOLS);
  const givenDb = values.db === undefined ? undefined : dbPath(values.db);
  if (givenDb !== undefined && !existsSync(givenDb)) throw new UsageError(`--db: no such file: ${values.db}`);
  const apiKey = requireApiKey(settings.apiKey);
  // Only the roles: the path is --db's, never DATABASE_URL's.
  const { notSpending } = budgetDbLocation(values, env);

  const outDir = resolve(process.cwd(), values.out ?? join("eval", "results", new Date().toISOString().replace(/:/g, "-").replace(/\.\d+Z$/, "Z")));
  const workDir = mkdtempSync(join(tmpdir(), "budget-chat-eval-"));
  // Ctrl-C ends the eval without reports; the scratch directory goes with it.
  const onSigint = () => {
    rmSync(workDir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once("SIGINT", onSigint);
  try {
    const db = givenDb ?? join(workDir, "demo-budget.db");
    if (!givenDb) writeDemoDb({ out: db });
    const questions = prepareQuestions(set, db, notSpending);
    const total = questions.length * repeat;
    let done = 0;
    console.error(`eval: ${questions.length} questions × ${repeat} on ${settings.model}${settings.baseUrl ? ` at ${settings.baseUrl}` : ""}, ${concurrency} at a time`);
    const result = await runEval({
      apiKey,
      baseUrl: settings.baseUrl,
      model: settings.model,
      questions,
      today: set.today,
      dbPath: db,
      dbLabel: givenDb ? relative(process.cwd(), givenDb) || givenDb : "demo data (default seed)",
      notSpending,
      repeat,
      concurrency,
      maxSteps: settings.maxSteps,
      maxTokens: settings.maxTokens,
      workDir,
      onRun(q, r, run, score) {
        done++;
        const why = run.error ? `error: ${run.error}` : score.right ? "right" : "not right";
        console.error(`[${done}/${total}] ${q.id}${repeat > 1 ? ` #${r + 1}` : ""}: ${why} (${run.steps} steps, ${(run.latencyMs / 1000).toFixed(1)} s)`);
      },
    });
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, "report.md"), markdownReport(result));
    writeFileSync(join(outDir, "report.html"), htmlReport(result));
    console.log(textSummary(result, relative(process.cwd(), outDir) || "."));
    if (result.score < minScore) {
      console.error(`eval: score ${result.score.toFixed(3)} is below --min-score ${minScore}`);
      return 1;
    }
    return 0;
  } finally {
    process.off("SIGINT", onSigint);
    rmSync(workDir, { recursive: true, force: true });
  }
}
