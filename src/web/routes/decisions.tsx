/**
 * Deciding approvals (SPEC §3.3), for the browser and the JSON API.
 *
 * Browser (htmx, from views/ApprovalCard.tsx):
 *   POST /approvals/:id/approve | /reject  → the card in its decided state, with an Undo
 *        form when the change was made (it replaces the whole card: see decidedCard),
 *        and the continuation's answer appended to the conversation, streaming;
 *   POST /approvals/:id/undo               → the card in its undone state (or, when undoing failed, the
 *        undo element saying why);
 *   GET  /approvals/:id/card               → the card as it stands now (page.js asks when
 *        an open card's time runs out, so it says it expired without a reload).
 * JSON:
 *   GET  /api/approvals[?status=pending]   → the user's approvals, newest first;
 *   GET  /api/approvals/:id                → one approval;
 *   POST /api/approvals/:id {"decision": "approve" | "reject"} → the approval, `outcome`,
 *        `message` and `continuation_turn_id` (follow it: GET /api/turns/:id/stream);
 *   POST /api/approvals/:id/undo.
 * Another user's approval is 404, like an unknown one. A decision that finds the
 * approval already decided (double click, replay, second tab) or expired is 409 and
 * executes nothing. A busy budget.db is 503 with Retry-After: the approval is pending again
 * (the card as it was, with why) and an Undo stays. A pending approval can be decided in any process until it expires,
 * also after a restart: the decision starts a continuation turn (ChatService.approvalSettled). Every route is behind the session and Origin
 * checks (src/web/server.ts).
 */
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ChangeRefused } from "../../core/errors.ts";
import { z } from "zod";
import { lazySchema } from "../../core/validation.ts";
import { APPROVAL_STATUSES } from "../../core/vocab.ts";
import { type Approval } from "../../store/approvals.ts";
import { NOT_FOUND_MESSAGE, type DecisionResult, type StoredApprovalArgs, type UndoResult } from "../../chat/approval-service.ts";
import type { ApprovalResult } from "../../store/approvals.ts";
import { approvalState } from "../../ui/approval-view.ts";
import { domIds } from "../../ui/dom-ids.ts";
import { toHtml } from "../sse-renderer.ts";
import { ApprovalCard } from "../../../views/ApprovalCard.tsx";
import { ApprovalUndo } from "../../../views/ApprovalUndo.tsx";
import { AssistantMessage } from "../../../views/AssistantMessage.tsx";
import { partial } from "../sse-renderer.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { jsonBody, refusalOf } from "../middleware/respond.ts";
import { BudgetBusyError } from "../../ledger/write-lock.ts";

/** Said on the page and by the API alike: the page names no command-line flag (SPEC §10.1; review of r4-uqa10). */
const READ_ONLY_MESSAGE = "This server runs read-only: nothing can be changed.";
/** What the JSON API says of an approval that is not there (or another user's). */
const API_NOT_FOUND_MESSAGE = "approval not found";

const DecisionRequest = lazySchema(() => z.strictObject({ decision: z.enum(["approve", "reject"]) }));
const STATUSES = APPROVAL_STATUSES;

/** An approval as the JSON API shows it (without the stored row ids and cache snapshot). */
export function approvalJson(a: Approval) {
  const args = a.args as Partial<StoredApprovalArgs> | null;
  const { message, error, undone, ...figures } = (a.result ?? { message: null }) as ApprovalResult;
  return {
    id: a.id,
    status: a.status,
    tool: a.tool,
    conversation_id: a.conversationId,
    turn_id: a.turnId,
    input: args?.input ?? null,
    preview: a.preview,
    created_at: a.createdAt,
    expires_at: a.expiresAt,
    decided_at: a.decidedAt,
    result: a.result ? { message, ...figures, ...(error ? { error } : {}), ...(undone ? { undone } : {}) } : null,
  };
}

/**
 * The whole card in its current state (with an Undo form when the change was made and
 * not undone), for the browser. It replaces the card itself (HX-Retarget), not just the
 * actions the form targets: the decided card loses its header and gains the Undo form.
 * Replacing the card is idempotent, so a second click's answer (queued behind the first)
 * shows the same state.
 */
function decidedCard(c: Context<WebEnv>, a: Approval, fallbackMessage: string, status: ContentfulStatusCode, continuation = "") {
  const { decision, undo } = approvalState(a, fallbackMessage);
  c.header("HX-Retarget", `#${domIds.approval(a.id)}`);
  c.header("HX-Reswap", "outerHTML");
  c.header("Cache-Control", "no-store");
  return c.html(toHtml(<ApprovalCard approvalId={a.id} preview={a.preview} expiresAt={a.expiresAt} decision={decision} undo={undo} />) + continuation, status);
}

export function approvalRoutes(deps: WebDeps) {
  const r = new Hono<WebEnv>();
  // Read-only: nothing can be changed, so no approval can be decided or undone.
  const readOnly = (userId: string, id: string) => {
    const approval = deps.store.approvals.get(userId, id);
    return approval
      ? { ok: false as const, refused: new ChangeRefused("conflict", READ_ONLY_MESSAGE), approval }
      : { ok: false as const, refused: new ChangeRefused("not_found", NOT_FOUND_MESSAGE), approval: null };
  };
  /** How a refused decision or undo answers: its status, and a Retry-After when budget.db was busy. */
  const answerOf = (refused: ChangeRefused | BudgetBusyError) => refusalOf(refused)!;
  const decide = async (userId: string, id: string, d: "approved" | "rejected"): Promise<DecisionResult> => (await deps.approvals?.decide(userId, id, d)) ?? readOnly(userId, id);
  const undo = async (userId: string, id: string): Promise<UndoResult> => (await deps.approvals?.undo(userId, id)) ?? readOnly(userId, id);

  /** The continuation's answer, streaming, appended to the conversation on the page (when it started at once). */
  const continuationHtml = (approvalId: string) => {
    const turn = deps.chat.continuationOf(approvalId);
    if (!turn) return "";
    const { currency } = deps.budget.summaryOrLast();
    return partial("messages", "beforeend", toHtml(<AssistantMessage turnId={turn.id} status="running" events={[]} currency={currency} showUsage={deps.showUsage} />));
  };

  const browserDecision = async (c: Context<WebEnv>, decision: "approved" | "rejected") => {
    const res = await decide(c.get("user").id, c.req.param("id")!, decision);
    if (res.ok) return decidedCard(c, res.approval, res.message, 200, continuationHtml(res.approval.id));
    if (!res.approval) throw res.refused;
    if (res.refused instanceof BudgetBusyError || res.approval.status === "pending") {
      // Still pending (budget.db busy, or a read-only server): the card as it was, with why it did not happen (review of
      // r4-uqa10: on a read-only server it came back unchanged, with no reason). When busy, Approve can simply be pressed again.
      const answer = answerOf(res.refused);
      c.header("HX-Retarget", `#${domIds.approval(res.approval.id)}`);
      c.header("HX-Reswap", "outerHTML");
      c.header("Cache-Control", "no-store");
      return c.html(toHtml(<ApprovalCard approvalId={res.approval.id} preview={res.approval.preview} expiresAt={res.approval.expiresAt} notice={res.refused.message} />), answer.status, answer.headers);
    }
    // Approved but not carried out: the continuation tells the model (and streams) all the same.
    return decidedCard(c, res.approval, res.refused.message, answerOf(res.refused).status, res.decided ? continuationHtml(res.approval.id) : "");
  };

  r.post("/approvals/:id/approve", (c) => browserDecision(c, "approved"));
  r.post("/approvals/:id/reject", (c) => browserDecision(c, "rejected"));

  r.get("/approvals/:id/card", (c) => {
    const a = deps.store.approvals.get(c.get("user").id, c.req.param("id"));
    if (!a) throw new ChangeRefused("not_found", NOT_FOUND_MESSAGE);
    const { decision, undo } = approvalState(a);
    c.header("Cache-Control", "no-store");
    return c.html(toHtml(<ApprovalCard approvalId={a.id} preview={a.preview} expiresAt={a.expiresAt} decision={decision} undo={undo} />));
  });

  r.post("/approvals/:id/undo", async (c) => {
    const id = c.req.param("id");
    const res = await undo(c.get("user").id, id);
    c.header("Cache-Control", "no-store");
    // Undone: the whole card, whose one state line now says so (the line of what was done goes).
    if (res.ok) return decidedCard(c, res.approval, res.message, 200);
    if (!res.approval) throw res.refused;
    const answer = answerOf(res.refused);
    // Busy: the Undo button stays, with why it did not happen; otherwise it gives way to the reason.
    const busy = res.refused instanceof BudgetBusyError;
    const state = busy ? ({ kind: "available", notice: res.refused.message } as const) : ({ kind: "failed", message: res.refused.message } as const);
    return c.html(toHtml(<ApprovalUndo approvalId={id} state={state} />), answer.status, answer.headers);
  });

  r.get("/api/approvals", (c) => {
    const status = c.req.query("status");
    if (status !== undefined && !(STATUSES as readonly string[]).includes(status))
      return c.json({ error: `invalid status "${status}": one of ${STATUSES.join(", ")}` }, 400);
    const list = deps.store.approvals.list(c.get("user").id, { status: status as Approval["status"] | undefined });
    return c.json({ approvals: list.map(approvalJson) });
  });

  r.get("/api/approvals/:id", (c) => {
    const a = deps.store.approvals.get(c.get("user").id, c.req.param("id"));
    if (!a) throw new ChangeRefused("not_found", API_NOT_FOUND_MESSAGE);
    return c.json(approvalJson(a));
  });

  r.post("/api/approvals/:id", jsonBody(DecisionRequest), async (c) => {
    const res: DecisionResult = await decide(c.get("user").id, c.req.param("id"), c.req.valid("json").decision === "approve" ? "approved" : "rejected");
    if (res.ok) {
      const continuation = deps.chat.continuationOf(res.approval.id);
      return c.json({ ...approvalJson(res.approval), outcome: res.outcome, message: res.message, continuation_turn_id: continuation?.id ?? null });
    }
    if (!res.approval) throw new ChangeRefused("not_found", API_NOT_FOUND_MESSAGE);
    const continuation = res.decided ? deps.chat.continuationOf(res.approval.id) : undefined;
    const answer = answerOf(res.refused);
    return c.json({ error: res.refused.message, status: res.approval.status, ...(continuation ? { continuation_turn_id: continuation.id } : {}) }, answer.status, answer.headers);
  });

  r.post("/api/approvals/:id/undo", async (c) => {
    const res = await undo(c.get("user").id, c.req.param("id"));
    if (res.ok) return c.json({ ...approvalJson(res.approval), message: res.message });
    if (!res.approval) throw new ChangeRefused("not_found", API_NOT_FOUND_MESSAGE);
    const answer = answerOf(res.refused);
    return c.json({ error: res.refused.message, status: res.approval.status }, answer.status, answer.headers);
  });

  return r;
}
