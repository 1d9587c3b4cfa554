import type { UndoState } from "../src/ui/approval-view.ts";
import { domIds } from "../src/ui/dom-ids.ts";

/** The id of the element that holds an approval's Undo button. */
export function approvalUndoId(approvalId: string): string {
  return `${domIds.approval(approvalId)}-undo`;
}

/** The Undo button of an executed change, or why undoing it failed (once undone, the card's state line says so: ApprovalDecision). */
export function ApprovalUndo({ approvalId, state }: { approvalId: string; state: Exclude<UndoState, { kind: "done" }> }) {
  const undoId = approvalUndoId(approvalId);
  if (state.kind === "available") {
    return (
      <div class="approval-undo" id={undoId}>
        <form hx-post={`/approvals/${encodeURIComponent(approvalId)}/undo`} hx-target={`#${undoId}`} hx-swap="outerHTML">
          <button type="submit">Undo</button>
        </form>
        {state.notice ? (
          <p class="error-message" role="alert">
            {state.notice}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div class="approval-undo failed" id={undoId} role="alert">
      <p class="error-message">{state.message}</p>
    </div>
  );
}
