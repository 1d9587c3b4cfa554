import type { AnswerFigure } from "../core/figures.ts";
import { corrections, figuresLine } from "../ui/figure-marks.ts";
import { figureNote, NOT_FOUND } from "../figures/note.ts";
import { QuestionRefused, UsageError } from "../core/errors.ts";
import { parse } from "./args.ts";
import { chartAsText, tableAsText } from "./chart-text.ts";
import { AGENT_SETTINGS, appConfig, createApp } from "../app.ts";
import { flagHelp, flagOptions } from "../config.ts";
import { LOCAL_USER_ID } from "../core/vocab.ts";

export const ASK_HELP = `budget-chat ask "QUESTION" [--conversation ID] [options]

Ask one question; the answer streams to the terminal. Tool activity goes to stderr,
charts print as compact text tables. Pass --conversation ID to ask a follow-up.
${flagHelp(AGENT_SETTINGS)}`;

export async function askCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { ...flagOptions(AGENT_SETTINGS), conversation: { type: "string" } });
  if (values.help) {
    console.log(ASK_HELP);
    return 0;
  }
  const question = positionals.join(" ").trim();
  if (!question) throw new UsageError('ask: missing QUESTION (budget-chat ask "How much did I spend on groceries last year?")');
  // Approvals need the web app; from the terminal the agent only reads.
  const rt = createApp(appConfig({ ...values, "read-only": true }, { ownsStore: false }));
  const currency = rt.budget.summary().currency;
  let turn;
  try {
    turn = rt.chat.startTurn({ userId: LOCAL_USER_ID, conversationId: values.conversation, question });
  } catch (e) {
    await rt.close();
    if (e instanceof QuestionRefused) throw new UsageError(`ask: ${e.message}`);
    throw e;
  }
  const onSigint = () => turn.stop();
  process.on("SIGINT", onSigint);
  let failed = false;
  let atLineStart = true;
  const out = (s: string) => {
    process.stdout.write(s);
    atLineStart = s.endsWith("\n");
  };
  const block = (s: string) => out(`${atLineStart ? "" : "\n"}\n${s}\n\n`);
  /** The answer's checked figures, as the repair round left them (SPEC §11, §11.1). */
  let checked: AnswerFigure[] | null = null;
  /** Says which figures no tool result backed and what the repair round corrected (the answer is already printed), once. */
  const sayFigures = () => {
    const line = checked ? figuresLine(checked) : "";
    if (checked && line) {
      const missing = checked.filter((f) => f.status === "ungrounded" && !f.correction).map((f) => f.text);
      // A figure found as something else says what (as the page's note does): "not found" would hide the clue.
      const elsewhere = checked.filter((f) => f.status === "mismatched" && !f.correction).map((f) => `\n  ${figureNote(f)}`);
      const fixed = corrections(checked);
      process.stderr.write(`${atLineStart ? "" : "\n"}? ${line}${missing.length ? ` (${NOT_FOUND}): ${missing.join(", ")}` : ""}${elsewhere.join("")}${fixed.length ? `\nChecked: ${fixed.join("; ")}` : ""}\n`);
      atLineStart = true;
    }
    checked = null;
  };
  for await (const e of turn.subscribe()) {
    switch (e.type) {
      case "text":
        out(e.text);
        break;
      case "tool_started":
        process.stderr.write(`${atLineStart ? "" : "\n"}⋯ ${e.label ?? e.tool}\n`);
        atLineStart = true;
        break;
      case "tool_failed":
        process.stderr.write(`✗ ${e.tool}: ${e.error}\n`);
        break;
      case "chart":
        block(chartAsText(e.chart, currency));
        break;
      case "table":
        block(tableAsText(e.table));
        break;
      case "notice":
        block(`[${e.message}]`);
        break;
      case "error":
        failed = true;
        process.stderr.write(`${atLineStart ? "" : "\n"}error: ${e.message}\n`);
        atLineStart = true;
        break;
      case "figures":
      case "repair":
        // The repair round's figures replace the check's: said once, when the turn is done.
        checked = e.figures;
        break;
      case "done":
        sayFigures();
        if (!atLineStart) out("\n");
        process.stderr.write(`\nconversation: ${e.conversationId} (follow up with --conversation ${e.conversationId})\n`);
        break;
    }
  }
  sayFigures();
  process.off("SIGINT", onSigint);
  await rt.close();
  return failed ? 1 : turn.outcome?.status === "stopped" ? 130 : 0;
}
