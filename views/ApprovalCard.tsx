import { type ApprovalPreview } from "../src/core/events.ts";
import { formatClock } from "../src/core/format.ts";
import { domIds } from "../src/ui/dom-ids.ts";
import { capitalised, type DecisionView, type UndoState } from "../src/ui/approval-view.ts";
import { AffectedRows } from "./AffectedRows.tsx";
import { ApprovalDecision } from "./ApprovalDecision.tsx";
import { ApprovalUndo } from "./ApprovalUndo.tsx";

export type ApprovalCardProps = {
  approvalId: string;
  preview: ApprovalPreview;
  expiresAt: string;
  decision?: DecisionView | null;
  /** For an executed change: its Undo button or what came of undoing it. */
  undo?: UndoState | null;
  /** Why the last decision did not happen while the card still waits (budget.db was busy: try again). */
  notice?: string;
};

/**
 * The card's heading: "Approval needed: …" and the expiry while it waits; once decided
 * only what it was about. A stream of the turn's events swaps it (outerHTML) once they
 * carry the decision, as it swaps the actions: both exist in every state of the card.
 */
export function ApprovalHead({ approvalId, preview, expiresAt, decided }: { approvalId: string; preview: ApprovalPreview; expiresAt: string; decided: boolean }) {
  const titleId = `${domIds.approval(approvalId)}-title`;
  return (
    <div class="approval-head" id={domIds.approvalHead(approvalId)}>
      <h3 id={titleId}>{decided ? capitalised(preview.title) : `Approval needed: ${preview.title}`}</h3>
      {decided ? null : (
        <p class="approval-expiry muted">
          Expires at{" "}
          <time class="local-time" datetime={expiresAt}>
            {formatClock(expiresAt)}
          </time>
        </p>
      )}
    </div>
  );
}

/**
 * A high-risk action waiting for the user. Built only from the server's preview (never
 * from model text): its title, description and facts, whatever the tool. Approve/Reject
 * post with htmx; the answer replaces the whole card. app.js moves focus to a card when
 * it appears (Approve is then one Tab away) and to the outcome after a decision.
 */
export function ApprovalCard({ approvalId, preview, expiresAt, decision, undo, notice }: ApprovalCardProps) {
  const id = encodeURIComponent(approvalId);
  const titleId = `${domIds.approval(approvalId)}-title`;
  return (
    <section class="approval" id={domIds.approval(approvalId)} aria-labelledby={titleId} tabindex={-1}>
      <ApprovalHead approvalId={approvalId} preview={preview} expiresAt={expiresAt} decided={!!decision} />
      {preview.description ? <p class="approval-desc">{preview.description}</p> : null}
      <dl class="approval-facts">
        {preview.facts.map((f) => (
          <>
            <dt>{f.label}</dt>
            <dd>
              {f.items ? (
                <ul>
                  {f.items.map((item) => (
                    <li>{item}</li>
                  ))}
                </ul>
              ) : (
                f.value
              )}
            </dd>
          </>
        ))}
      </dl>
      {preview.affected ? <AffectedRows affected={preview.affected} /> : null}
      {decision ? (
        <ApprovalDecision approvalId={approvalId} decision={decision} preview={preview} undone={undo?.kind === "done" ? undo : null} />
      ) : (
        <div class="approval-actions" id={domIds.approvalActions(approvalId)}>
          <form hx-post={`/approvals/${id}/approve`} hx-target={`#${domIds.approvalActions(approvalId)}`} hx-swap="outerHTML">
            <button type="submit" class="primary">
              Approve
            </button>
          </form>
          <form hx-post={`/approvals/${id}/reject`} hx-target={`#${domIds.approvalActions(approvalId)}`} hx-swap="outerHTML">
            <button type="submit">Reject</button>
          </form>
          {notice ? (
            <p class="error-message" role="alert">
              {notice}
            </p>
          ) : null}
        </div>
      )}
      {/* Undone: the state line above says so; nothing is left to undo. */}
      {undo && undo.kind !== "done" ? <ApprovalUndo approvalId={approvalId} state={undo} /> : null}
    </section>
  );
}
