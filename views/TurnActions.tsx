import type { TurnStatus } from "../src/core/vocab.ts";
import { followUpQuestions } from "../src/ui/follow-ups.ts";
import type { TurnModel } from "../src/ui/turn-model.ts";

/**
 * Under a finished answer: Copy (app.js copies the answer's text), Regenerate (a new
 * answer to the same question replaces this one: POST /turns/:id/regenerate; only the
 * last answer shows it, by CSS) and follow-up questions computed from the answer's tool
 * results (no model call), which app.js sends like the starter questions.
 */
export function TurnActions({ turnId, status, model }: { turnId: string; status: TurnStatus; model: TurnModel }) {
  const id = encodeURIComponent(turnId);
  const hasText = model.blocks.some((b) => b.kind === "text" && b.text.trim());
  const suggestions = status === "done" ? followUpQuestions(model) : [];
  return (
    <>
      <div class="answer-tools">
        {hasText ? (
          <button type="button" class="copy-answer quiet" data-turn={turnId}>
            Copy
          </button>
        ) : null}
        {status !== "running" && status !== "waiting" && !model.continues ? (
          <button type="button" class="regenerate quiet" hx-post={`/turns/${id}/regenerate`} hx-target="#messages" hx-swap="beforeend">
            Regenerate
          </button>
        ) : null}
      </div>
      {suggestions.length ? (
        <div class="follow-ups" role="group" aria-label="Follow-up questions">
          {suggestions.map((q) => (
            <button type="button" class="starter follow-up" data-question={q}>
              {q}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}
