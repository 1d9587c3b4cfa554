import { formatCount } from "../src/core/format.ts";

/**
 * The question input. Posts to /conversations/:id/messages (or /chat before the first
 * question); the response (the question and the running answer) is appended to
 * #messages. It never locks (app.js): the next question can be drafted while an answer
 * streams; Send then turns into Stop (Esc stops too), and Enter sends once the answer
 * ended. Enter sends, Shift+Enter is a newline; on touch keyboards the Send key
 * (`enterkeyhint="send"`) sends too, and the ↵ button (shown on touch screens) makes a newline.
 * `replace` carries the id of the last answer while its question is being edited.
 */
export function ChatForm({ conversationId, maxBytes }: { conversationId?: string | null; /** WebLimits.maxMessageBytes: the box never holds more characters than that. */ maxBytes: number }) {
  const action = conversationId ? `/conversations/${encodeURIComponent(conversationId)}/messages` : "/chat";
  return (
    <form id="chat-form" class="chat-form" hx-post={action} hx-target="#messages" hx-swap="beforeend">
      <input type="hidden" name="replace" id="replace" value="" />
      <p class="editing" id="editing" hidden>
        Editing your last question: sending replaces its answer.{" "}
        <button type="button" class="link cancel-edit">
          Cancel
        </button>
      </p>
      <label for="message" class="sr-only">
        Your question
      </label>
      <textarea
        id="message"
        name="message"
        rows={2}
        maxlength={maxBytes}
        required
        aria-describedby="chat-hint"
        placeholder="Ask about your spending…"
        enterkeyhint="send"
      ></textarea>
      <div class="chat-actions">
        <button type="button" id="newline-button" class="newline quiet" aria-label="New line" title="New line">
          ↵
        </button>
        <button type="submit" id="send-button" class="primary">
          Send
        </button>
        <button type="button" id="stop-button" class="stop" hidden>
          Stop
        </button>
      </div>
      <p id="chat-hint" class="hint" data-limit-note={`The box holds at most ${formatCount(maxBytes)} characters: the rest of what you pasted was not taken.`}>
        Enter sends · Shift+Enter for a new line · Esc stops an answer
      </p>
    </form>
  );
}
