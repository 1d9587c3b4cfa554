/**
 * The repair round (SPEC §11.1): when the figure check finds figures of an answer that no
 * result of the turn backs (`ungrounded`) or that were found as something else
 * (`mismatched`), the model is asked once more — with those figures and the conversation it
 * answered from, sources included — to confirm each with a calculation over the tools'
 * figures or to correct it. Its reply is a forced `figure_check` tool call; the figures
 * module verifies every confirmation and correction (src/figures/turn.ts `repair`), so nothing
 * the model says changes a mark unless the data backs it. The answer's text is not rewritten.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { Message, MessageParam, TextBlockParam, Tool as ApiTool } from "@anthropic-ai/sdk/resources/messages/messages";
import { z } from "zod";
import { lazySchema } from "../core/validation.ts";
import { emptyUsage, type Usage } from "../core/events.ts";
import type { AnswerFigure } from "../core/figures.ts";
import { needsRepair, type FigureReply, type TurnFigures } from "../figures/turn.ts";
import { evaluate } from "../tools/calculate.ts";
import { figureNote } from "../figures/note.ts";
import { inputJsonSchema } from "../core/json-schema.ts";

const TOOL = "figure_check";

const Reply = lazySchema(() =>
  z.strictObject({
    figures: z
      .array(
        z.strictObject({
          n: z.number().int().min(1).describe("The figure's number in the list"),
          verdict: z.enum(["confirm", "correct"]),
          expression: z.string().max(500).optional().describe("confirm: a calculation over figures the tools returned that gives the figure, e.g. \"18800 / 9\""),
          corrected: z.string().max(80).optional().describe("correct: the figure as it should have been written, e.g. \"CHF 18'109.55\""),
          reason: z.string().max(300).optional().describe("correct: in a few words, what the right figure is (\"Groceries 2025, not 2024\")"),
        }),
      )
      .max(100),
  }),
);

/** The check's one tool (its JSON schema converted at the first check, not when the server starts). */
const figureCheckTool = (): ApiTool => ({
  name: TOOL,
  description: "Report, for each figure listed, whether a calculation over the tools' figures confirms it or what the correct figure is.",
  input_schema: inputJsonSchema(Reply()) as ApiTool["input_schema"],
});

/** What the model is asked: the unverified figures, numbered, each with what the check found. */
export function repairPrompt(figures: readonly AnswerFigure[]): string {
  const list = figures.filter(needsRepair).map((f, i) => `${i + 1}. "${f.text}" — ${figureNote(f)}`);
  return [
    "[Note from the app, not from the user: the figure check could not verify these figures of your last answer against the tool results of this conversation.]",
    ...list,
    "For each figure: if it is right, confirm it with an expression over figures the tools returned (verdict \"confirm\", expression such as \"18109.55 / 12\"); otherwise give the correct figure as it should be written (verdict \"correct\", corrected) and in a few words why. Use only figures the tools returned. Reply with the figure_check tool only.",
  ].join("\n");
}

export type RepairRequest = {
  client: Anthropic;
  model: string;
  maxTokens: number;
  system: TextBlockParam[];
  /** The conversation the answer was written from, its last message the answer. */
  messages: MessageParam[];
  signal?: AbortSignal;
  figures: TurnFigures;
  answer: string;
  question: string;
};

export type RepairResult = { figures: AnswerFigure[]; usage: Usage; asked: number; error?: string };

/** One model call; the figures as verified after it (unchanged when the call fails or says nothing usable). */
export async function repairFigures(req: RepairRequest, checked: AnswerFigure[]): Promise<RepairResult> {
  const usage = emptyUsage();
  const asked = checked.filter(needsRepair).length;
  let reply: Message;
  try {
    reply = await req.client.messages
      .stream(
        {
          model: req.model,
          max_tokens: req.maxTokens,
          system: req.system,
          tools: [figureCheckTool()],
          tool_choice: { type: "tool", name: TOOL },
          messages: [...req.messages, { role: "user", content: [{ type: "text", text: repairPrompt(checked) }] }],
        },
        { signal: req.signal },
      )
      .finalMessage();
  } catch (err) {
    return { figures: checked, usage, asked, error: (err as Error).message ?? String(err) };
  }
  usage.input_tokens += reply.usage.input_tokens ?? 0;
  usage.output_tokens += reply.usage.output_tokens ?? 0;
  usage.cache_creation_input_tokens += reply.usage.cache_creation_input_tokens ?? 0;
  usage.cache_read_input_tokens += reply.usage.cache_read_input_tokens ?? 0;
  const call = reply.content.find((b) => b.type === "tool_use" && b.name === TOOL);
  const parsed = call && call.type === "tool_use" ? Reply().safeParse(call.input) : null;
  if (!parsed?.success) return { figures: checked, usage, asked, error: "the model's reply was not a figure check" };
  const replies: FigureReply[] = parsed.data.figures;
  return { figures: req.figures.repair(req.answer, req.question, checked, replies, evaluate), usage, asked };
}
