import { describe, expect, test } from "bun:test";
import { admitQuestion, checkMessageLength, messageTooLargeText } from "../../src/chat/admission.ts";
import { QuestionRefused } from "../../src/core/errors.ts";

const MAX = 8 * 1024;

describe("checkMessageLength", () => {
  test("counts UTF-8 bytes", () => {
    expect(checkMessageLength("", 10)).toBeNull();
    expect(checkMessageLength("a".repeat(10), 10)).toBeNull();
    expect(checkMessageLength("a".repeat(11), 10)).toBe("Message too large: at most 10 bytes.");
    expect(checkMessageLength("äää", 6)).toBeNull(); // 6 bytes
    expect(checkMessageLength("ääää", 6)).not.toBeNull(); // 8 bytes, 4 chars
    expect(checkMessageLength("😀😀", 8)).toBeNull(); // 4 UTF-16 units, 8 bytes
    expect(checkMessageLength("😀😀a", 8)).not.toBeNull();
    expect(checkMessageLength("x".repeat(MAX + 1), MAX)).toBe("Message too large: at most 8 KB.");
  });

  test("the KB figure", () => {
    expect(messageTooLargeText(8192)).toBe("Message too large: at most 8 KB.");
    expect(messageTooLargeText(8000)).toBe("Message too large: at most 7.8 KB.");
    expect(messageTooLargeText(16 * 1024)).toBe("Message too large: at most 16 KB.");
  });
});

describe("admitQuestion", () => {
  const refused = (q: string, running: number) => {
    try {
      admitQuestion(q, { maxMessageBytes: 10, concurrentTurns: 2 }, running);
      return null;
    } catch (e) {
      expect(e).toBeInstanceOf(QuestionRefused);
      return [(e as QuestionRefused).reason, (e as Error).message];
    }
  };
  test("too long, empty, too many running; in that order", () => {
    expect(refused("hello", 1)).toBeNull();
    expect(refused("a".repeat(11), 5)).toEqual(["too_large", "Message too large: at most 10 bytes."]);
    expect(refused("   ", 5)).toEqual(["empty", "Type a question first."]);
    expect(refused("hello", 2)).toEqual(["too_many_running", "Too many answers at once: at most 2 per user. Wait for one to finish."]);
  });
});
