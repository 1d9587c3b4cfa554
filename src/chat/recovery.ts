/**
 * Start-up recovery (SPEC §6 "nothing is lost"): after a crash or kill, turns that were
 * still running are closed cleanly, the approvals they asked for expire, and each
 * affected conversation's history is made valid for the Messages API again, so the
 * next question in it works.
 */
import type { Store } from "../store/store.ts";

/** What the history repair appends after an interrupted answer. */
export const INTERRUPTED_ANSWER = "(This answer was interrupted.)";
export const INTERRUPTED_TOOL_RESULT = "interrupted";
export const UNEXECUTED_APPROVAL_MESSAGE = "The user approved, but the server stopped before the change was made; nothing was modified.";
export const INTERRUPTED_NOTICE = "This answer was interrupted: the server stopped before it finished.";

/**
 * Mark every running turn interrupted (with a notice and a done event in its display
 * log, and a `turn` audit entry), expire the approvals those turns asked for, and
 * repair each affected conversation's history. Returns the number of turns. Call once at
 * start-up of the process that owns the app database, before any turn runs.
 */
export function closeInterruptedTurns(store: Store): number {
  return store.transaction(() => {
    const turns = store.turns.interruptRunning();
    const lastTurnOf = new Map<string, string>();
    for (const t of turns) {
      // An error with Retry (the page offers Retry on retryable errors): the answer did not finish.
      store.turns.appendEvents(t.id, [
        { type: "error", message: INTERRUPTED_NOTICE, retryable: true },
        { type: "done", conversationId: t.conversationId, turnId: t.id, incomplete: true, usage: t.usage },
      ]);
      store.audit.add({
        kind: "turn",
        userId: t.userId,
        conversationId: t.conversationId,
        detail: { turnId: t.id, model: t.model, status: "interrupted", usage: t.usage },
      });
      store.approvals.expireForTurn(t.id, "interrupted");
      lastTurnOf.set(t.conversationId, t.id); // oldest first: the last one wins
    }
    for (const [conversationId, turnId] of lastTurnOf) repairHistory(store, conversationId, turnId);
    // Decided but never carried out: never left looking approved.
    store.approvals.failUnexecuted(UNEXECUTED_APPROVAL_MESSAGE);
    return turns.length;
  });
}

/**
 * Make a conversation's stored history valid for the Messages API: if the last
 * assistant message has tool_use blocks with no results, append a user message with
 * an error tool_result for each; then, if the history ends with a user message,
 * append a short assistant message so roles alternate. Returns whether it changed.
 */
export function repairHistory(store: Store, conversationId: string, turnId: string | null = null): boolean {
  return store.transaction(() => {
    const last = store.messages.last(conversationId);
    if (!last) return false;
    let endsWithUser = last.role === "user";
    let changed = false;
    if (last.role === "assistant" && Array.isArray(last.content)) {
      const toolUseIds = last.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : []));
      if (toolUseIds.length) {
        store.messages.append(conversationId, turnId, [
          {
            role: "user",
            content: toolUseIds.map((id) => ({ type: "tool_result" as const, tool_use_id: id, is_error: true, content: INTERRUPTED_TOOL_RESULT })),
          },
        ]);
        endsWithUser = true;
        changed = true;
      }
    }
    if (endsWithUser) {
      store.messages.append(conversationId, turnId, [{ role: "assistant", content: [{ type: "text", text: INTERRUPTED_ANSWER }] }]);
      changed = true;
    }
    return changed;
  });
}
