/**
 * Deciding approvals (SPEC §3.3), for the browser and the JSON API.
 *
 * Browser (htmx, from views/ApprovalCard.tsx):
 *   POST /approvals/:id/approve | /reject  → the card in its decided state, with an Undo
 *        form when the change was made (it replaces the whole card: see decidedCard),
 *        and the continuation's answer appended to the conversation, streaming;
 *   POST /approvals/:id/undo               → the undo element's new state;
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
 * executes nothing. A pending approval can be decided in any process until it expires,
 * also after a restart: the decision starts a continuation turn (ChatService.approvalSettled). Every route is behind the session and Origin
 * checks (src/web/server.ts).
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { APPROVAL_STATUSES } from "../../core/vocab.ts";
import { type Approval } from "../../store/approvals.ts";
import { NOT_FOUND_MESSAGE, type DecisionResult, type StoredApprovalArgs, type UndoResult } from "../../chat/approval-service.ts";
import type { ApprovalResult } from "../../store/approvals.ts";
import { approvalState } from "../../ui/approval-view.ts";
import { domIds } from "../../ui/dom-ids.ts";
import { toHtml } from "../sse-renderer.ts";
import { oneLineError } from "../../core/validation.ts";
import { ApprovalCard } from "../../../views/ApprovalCard.tsx";
import { ApprovalUndo } from "../../../views/ApprovalUndo.tsx";
import { AssistantMessage } from "../../../views/AssistantMessage.tsx";
import { partial } from "../sse-renderer.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { refuse } from "../middleware/respond.ts";
import { BUSY_RETRY_AFTER_S } from "../../ledger/write-path.ts";

const READ_ONLY_MESSAGE = "This server runs read-only (--read-only): nothing can be changed.";

const DecisionRequest = z.strictObject({ decision: z.enum(["approve", "reject"]) });
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
 * actions the form targets: the answer's stream swaps those actions too when the
 * decision reaches the waiting model, and htmx drops a response whose target was
 * replaced in the meantime. Replacing the card is idempotent, so a second click's answer
 * (queued behind the first) shows the same state.
 */
function decidedCard(c: Context<WebEnv>, a: Approval, fallbackMessage: string, status: 200 | 409, continuation = "") {
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
      ? { ok: false as const, status: 409 as const, message: READ_ONLY_MESSAGE, approval }
      : { ok: false as const, status: 404 as const, message: NOT_FOUND_MESSAGE, approval: null };
  };
  const decide = async (userId: string, id: string, d: "approved" | "rejected"): Promise<DecisionResult> => (await deps.approvals?.decide(userId, id, d)) ?? readOnly(userId, id);
  const undo = async (userId: string, id: string): Promise<UndoResult> => (await deps.approvals?.undo(userId, id)) ?? readOnly(userId, id);
  /** A busy budget.db (503): the client may try again in a moment. */
  const retryLater = (c: Context<WebEnv>, status: number) => {
    if (status === 503) c.header("Retry-After", String(BUSY_RETRY_AFTER_S));
  };

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
    if (!res.approval) return refuse(c, res.status, res.message);
    if (res.status === 503) {
      // Pending again: the card as it was, with why it did not happen (Approve can simply be pressed again).
      retryLater(c, 503);
      c.header("HX-Retarget", `#${domIds.approval(res.approval.id)}`);
      c.header("HX-Reswap", "outerHTML");
      c.header("Cache-Control", "no-store");
      return c.html(toHtml(<ApprovalCard approvalId={res.approval.id} preview={res.approval.preview} expiresAt={res.approval.expiresAt} notice={res.message} />), 503);
    }
    // Approved but not carried out: the continuation tells the model (and streams) all the same.
    return decidedCard(c, res.approval, res.message, 409, res.decided ? continuationHtml(res.approval.id) : "");
  };

  r.post("/approvals/:id/approve", (c) => browserDecision(c, "approved"));
  r.post("/approvals/:id/reject", (c) => browserDecision(c, "rejected"));

  r.get("/approvals/:id/card", (c) => {
    const a = deps.store.approvals.get(c.get("user").id, c.req.param("id"));
    if (!a) return refuse(c, 404, NOT_FOUND_MESSAGE);
    const { decision, undo } = approvalState(a);
    c.header("Cache-Control", "no-store");
    return c.html(toHtml(<ApprovalCard approvalId={a.id} preview={a.preview} expiresAt={a.expiresAt} decision={decision} undo={undo} />));
  });

  r.post("/approvals/:id/undo", async (c) => {
    const id = c.req.param("id");
    const res = await undo(c.get("user").id, id);
    c.header("Cache-Control", "no-store");
    const at = (res.approval?.result as ApprovalResult | null)?.undone?.at ?? new Date().toISOString();
    if (res.ok) return c.html(toHtml(<ApprovalUndo approvalId={id} state={{ kind: "done", message: res.message, at }} />));
    if (!res.approval) return refuse(c, res.status, res.message);
    retryLater(c, res.status);
    // Busy: the Undo button stays, with why it did not happen; otherwise it gives way to the reason.
    const state = res.status === 503 ? ({ kind: "available", notice: res.message } as const) : ({ kind: "failed", message: res.message } as const);
    return c.html(toHtml(<ApprovalUndo approvalId={id} state={state} />), res.status);
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
    return a ? c.json(approvalJson(a)) : c.json({ error: "approval not found" }, 404);
  });

  r.post("/api/approvals/:id", async (c) => {
    const body = DecisionRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json({ error: `invalid request: ${oneLineError(body.error)}` }, 400);
    const res: DecisionResult = await decide(c.get("user").id, c.req.param("id"), body.data.decision === "approve" ? "approved" : "rejected");
    if (res.ok) {
      const continuation = deps.chat.continuationOf(res.approval.id);
      return c.json({ ...approvalJson(res.approval), outcome: res.outcome, message: res.message, continuation_turn_id: continuation?.id ?? null });
    }
    if (!res.approval) return c.json({ error: "approval not found" }, 404);
    const continuation = res.decided ? deps.chat.continuationOf(res.approval.id) : undefined;
    retryLater(c, res.status);
    return c.json({ error: res.message, status: res.approval.status, ...(continuation ? { continuation_turn_id: continuation.id } : {}) }, res.status);
  });

  r.post("/api/approvals/:id/undo", async (c) => {
    const res = await undo(c.get("user").id, c.req.param("id"));
    if (res.ok) return c.json({ ...approvalJson(res.approval), message: res.message });
    if (!res.approval) return c.json({ error: "approval not found" }, 404);
    retryLater(c, res.status);
    return c.json({ error: res.message, status: res.approval.status }, res.status);
  });

  return r;
}
