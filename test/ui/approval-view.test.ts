/** How a stored approval looks on a card after a reload (src/ui/approval-view.ts). */
import { describe, expect, test } from "bun:test";
import type { ApprovalStatus } from "../../src/core/vocab.ts";
import type { Approval } from "../../src/store/approvals.ts";
import { approvalState, decisionWords } from "../../src/ui/approval-view.ts";

const approval = (status: ApprovalStatus, result: unknown = null) => ({ id: "ap1", status, result }) as unknown as Approval;

describe("approvalState", () => {
  test("each stored status → the card's decision and undo", () => {
    expect(approvalState(approval("pending"))).toEqual({ decision: null, undo: null });
    expect(approvalState(approval("approved"), "Approved.")).toEqual({ decision: { decision: "approved", detail: "Approved." }, undo: null });
    expect(approvalState(approval("executed", { message: "Moved 3." }))).toEqual({ decision: { decision: "approved", detail: "Moved 3." }, undo: { kind: "available" } });
    expect(approvalState(approval("undone", { message: "Moved 3.", undone: { at: "x", message: "Put back 3." } }))).toEqual({
      decision: { decision: "approved", detail: "Moved 3." },
      undo: { kind: "done", message: "Put back 3.", at: "x" },
    });
    expect(approvalState(approval("rejected", { message: "No." }))).toEqual({ decision: { decision: "rejected", detail: "No." }, undo: null });
    expect(approvalState(approval("expired", { message: "Too late." }))).toEqual({ decision: { decision: "expired", detail: "Too late." }, undo: null });
  });

  test("failed: approved, but not carried out — flagged, with its reason, and nothing to undo", () => {
    const why = "The user approved, but nothing was modified: the budget changed since the preview.";
    expect(approvalState(approval("failed", { message: why, error: "changed" }))).toEqual({ decision: { decision: "approved", detail: why, failed: true }, undo: null });
  });
});

describe("decisionWords", () => {
  const preview = { title: "move 3 transactions to “Pets”", description: "", facts: [], outcome: "Moved 3 transactions to Pets" };
  test("what happened, in words: the tool's outcome; a rejection or an expiry changed nothing (never 'did not work')", () => {
    expect(decisionWords({ decision: "approved", detail: "Approved by the user: moved 3 transactions." }, preview)).toBe("Moved 3 transactions to Pets");
    expect(decisionWords({ decision: "rejected", detail: "The user rejected the change; nothing was modified." }, preview)).toBe("Rejected — nothing changed");
    expect(decisionWords({ decision: "expired", detail: "The approval expired after 10 minutes; nothing was modified." }, preview)).toBe("Expired — nothing changed");
    const { outcome: _o, ...plain } = preview;
    expect(decisionWords({ decision: "approved", detail: "Done." }, plain)).toBe("Approved and carried out");
  });

  test("approved but not made: the reason, without the model-facing preamble", () => {
    const detail = "The user approved, but nothing was modified: the budget changed since the preview. Call set_budget again for a fresh preview if the change is still wanted.";
    expect(decisionWords({ decision: "approved", detail, failed: true }, preview)).toBe(
      "Approved, but it could not be done: the budget changed since the preview. Call set_budget again for a fresh preview if the change is still wanted.",
    );
  });
});
