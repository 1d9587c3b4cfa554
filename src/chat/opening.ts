/**
 * What opens the next request of a conversation (SPEC §12, approvals never block): a turn
 * that asked for approval ended `waiting`, its assistant message's tool_use blocks stored
 * unanswered. Whatever comes next in that conversation — the continuation a decision
 * starts, or a new question asked meanwhile — answers them first, in the very next user
 * message, as the Messages API requires:
 *
 *   a call the waiting step ran at once        → its stored result;
 *   the approval just decided                  → its outcome (what the model is told);
 *   an approval decided or expired before      → its stored outcome;
 *   an approval still pending                  → "not decided yet" (the card stays open);
 *   anything else (should not happen)          → an error result, so the history stays valid.
 *
 * Then notes: the decision a continuation reports when its tool_use was already answered
 * ("not decided yet", because a question came first), and every change of the
 * conversation that was undone since the model last heard of it.
 */
import type { ContentBlockParam, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages/messages";
import { formatClock } from "../core/format.ts";
import type { Approval, ApprovalResult } from "../store/approvals.ts";
import type { Store } from "../store/store.ts";
import type { ApprovalOutcome } from "./approval-service.ts";
import { INTERRUPTED_TOOL_RESULT } from "./recovery.ts";

/** The approval a continuation reports, as the approval service decided it. */
export type Decided = { approval: Approval; outcome: ApprovalOutcome };

export type Opening = {
  blocks: ContentBlockParam[];
  /** Approvals whose undo the notes tell: mark them told once the opening is stored. */
  undoneTold: string[];
};

/** The tool_result an approval's stored state gives the model. */
function resultOf(a: Approval, timeZone?: string): Pick<ToolResultBlockParam, "content" | "is_error"> {
  if (a.status === "pending") {
    return {
      content: `The user has not decided yet: the approval card stays open until ${formatClock(a.expiresAt, timeZone)}. Nothing has changed so far. Do not ask again; the user decides on the card.`,
    };
  }
  const message = (a.result as ApprovalResult | null)?.message ?? `The approval ended ${a.status}; nothing was modified.`;
  return a.status === "executed" || a.status === "undone" ? { content: message } : { content: message, is_error: true };
}

export function openingOf(store: Store, conversationId: string, opts: { decided?: Decided; timeZone?: string } = {}): Opening {
  const { decided, timeZone } = opts;
  const blocks: ContentBlockParam[] = [];
  const last = store.messages.last(conversationId);
  const unanswered = last?.role === "assistant" && Array.isArray(last.content) ? last.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : [])) : [];
  const ran = unanswered.length && last?.turnId ? (store.turns.get(last.turnId)?.pendingResults ?? []) : [];
  for (const id of unanswered) {
    const done = ran.find((r) => r.tool_use_id === id);
    if (done) {
      blocks.push(done);
      continue;
    }
    if (decided && decided.approval.toolUseId === id) {
      const { result, isError } = decided.outcome;
      blocks.push({ type: "tool_result", tool_use_id: id, content: result, ...(isError ? { is_error: true } : {}) });
      continue;
    }
    const approval = store.approvals.forToolUse(conversationId, id);
    blocks.push({ type: "tool_result", tool_use_id: id, ...(approval ? resultOf(approval, timeZone) : { content: INTERRUPTED_TOOL_RESULT, is_error: true }) });
  }
  if (decided && !unanswered.includes(decided.approval.toolUseId)) {
    blocks.push({
      type: "text",
      text: `[Note from the app, not from the user: the user has now decided on the approval card of your earlier ${decided.approval.tool} call.] ${decided.outcome.result}`,
    });
  }
  const undone = store.approvals.undoneUntold(conversationId);
  for (const a of undone) {
    const u = (a.result as ApprovalResult).undone!;
    blocks.push({
      type: "text",
      text: `[Note from the app, not from the user: at ${formatClock(u.at, timeZone)} the user undid the change of your earlier ${a.tool} call; it no longer holds.] ${u.message}`,
    });
  }
  return { blocks, undoneTold: undone.map((a) => a.id) };
}
