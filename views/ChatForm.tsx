export const MAX_MESSAGE_CHARS = 8000;

/**
 * The question input. Posts to /conversations/:id/messages (or /chat before the first
 * question); the response (the question and the running answer) is appended to
 * #messages. app.js: Enter sends, Shift+Enter is a newline, the input is disabled
 * while an answer runs, Stop posts /turns/:id/stop for the running turn.
 */
export function ChatForm({ conversationId }: { conversationId?: string | null }) {
  const action = conversationId ? `/conversations/${encodeURIComponent(conversationId)}/messages` : "/chat";
  return (
    <form id="chat-form" class="chat-form" hx-post={action} hx-target="#messages" hx-swap="beforeend">
      <label for="message" class="sr-only">
        Your question
      </label>
      <textarea
        id="message"
        name="message"
        rows={2}
        maxlength={MAX_MESSAGE_CHARS}
        required
        aria-label="Your question"
        aria-describedby="chat-hint"
        placeholder="Ask about your spending…"
      ></textarea>
      <div class="chat-actions">
        <button type="submit" id="send-button" class="primary">
          Send
        </button>
        <button type="button" id="stop-button" class="stop" hidden>
          Stop
        </button>
      </div>
      <p id="chat-hint" class="hint">
        Enter sends · Shift+Enter for a new line
      </p>
    </form>
  );
}
