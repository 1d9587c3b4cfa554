import type { UndoState } from "../src/ui/approval-view.ts";
import { domIds } from "../src/ui/dom-ids.ts";


/** The id of the element that holds an approval's Undo button. */
export function approvalUndoId(approvalId: string): string {
  return `${domIds.approval(approvalId)}-undo`;
}

/** The Undo button of an executed change, or what came of undoing it. */
export function ApprovalUndo({ approvalId, state }: { approvalId: string; state: UndoState }) {
  const undoId = approvalUndoId(approvalId);
  if (state.kind === "available") {
    return (
      <div class="approval-undo" id={undoId}>
        <form hx-post={`/approvals/${encodeURIComponent(approvalId)}/undo`} hx-target={`#${undoId}`} hx-swap="outerHTML">
          <button type="submit">Undo</button>
        </form>
      </div>
    );
  }
  const failed = state.kind === "failed";
  return (
    <div class={`approval-undo ${failed ? "failed" : "done"}`} id={undoId} role={failed ? "alert" : "status"}>
      <p class={failed ? "error-message" : "decision"}>{state.message}</p>
    </div>
  );
}
