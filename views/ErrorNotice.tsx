export type ErrorNoticeProps = { message: string; retryable?: boolean; turnId?: string };

/**
 * An error in the chat. With `retryable` and a turn, a Retry button posts
 * `/turns/:id/retry`; the response (a new question + answer) is appended to #messages.
 */
export function ErrorNotice({ message, retryable, turnId }: ErrorNoticeProps) {
  return (
    <div class="notice notice-error" role="alert">
      <span class="notice-icon" aria-hidden="true">⚠</span> <span class="error-message">{message}</span>
      {retryable && turnId ? (
        <button
          type="button"
          class="retry"
          hx-post={`/turns/${encodeURIComponent(turnId)}/retry`}
          hx-target="#messages"
          hx-swap="beforeend"
        >
          Retry
        </button>
      ) : null}
    </div>
  );
}
