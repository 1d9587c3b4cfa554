/**
 * Which questions the chat takes (SPEC §6 limits): one rule for the page, the JSON API
 * and anything else that asks. A refused question is a QuestionRefused with its reason;
 * nothing reaches the model. The web's one error handler turns the reason into a status.
 */
import { QuestionRefused } from "../core/errors.ts";

/** Per-user limits on questions (the server's; `ask` on the terminal has none). */
export type QuestionLimits = {
  /** Bytes of one question (UTF-8). */
  maxMessageBytes: number;
  /** Answers running at once per user. */
  concurrentTurns: number;
};

/** "Message too large: at most 8 KB." (KB = 1024 bytes, at most one decimal; bytes below 1 KB). */
export function messageTooLargeText(maxBytes: number): string {
  if (maxBytes < 1024) return `Message too large: at most ${maxBytes} bytes.`;
  const kb = Math.round((maxBytes / 1024) * 10) / 10;
  return `Message too large: at most ${kb} KB.`;
}

const encoder = new TextEncoder();

/** The error text when `text` is longer than `maxBytes` bytes of UTF-8, else null. */
export function checkMessageLength(text: string, maxBytes: number): string | null {
  // Cheap exits: a UTF-16 unit is 1 to 3 UTF-8 bytes.
  if (text.length * 3 <= maxBytes) return null;
  if (text.length > maxBytes) return messageTooLargeText(maxBytes);
  return encoder.encode(text).byteLength > maxBytes ? messageTooLargeText(maxBytes) : null;
}

/** Throws QuestionRefused when the question is empty (a continuation has none), too long, or the user has too many answers running. */
export function admitQuestion(question: string, limits: QuestionLimits, running: number, continuation = false): void {
  const tooLong = checkMessageLength(question, limits.maxMessageBytes);
  if (tooLong) throw new QuestionRefused("too_large", tooLong);
  if (!question.trim() && !continuation) throw new QuestionRefused("empty", "Type a question first.");
  if (running >= limits.concurrentTurns)
    throw new QuestionRefused("too_many_running", `Too many answers at once: at most ${limits.concurrentTurns} per user. Wait for one to finish.`);
}
