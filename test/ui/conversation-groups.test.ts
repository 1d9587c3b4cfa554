/** The conversation list's day groups (src/ui/conversation-groups.ts). */
import { describe, expect, test } from "bun:test";
import { conversationGroup } from "../../src/ui/conversation-groups.ts";

describe("conversationGroup", () => {
  // Tuesday 24 November 2026, 00:30 in Zurich (23:30 UTC the day before).
  const now = new Date("2026-11-23T23:30:00Z");
  test("by calendar day in the time zone: today, yesterday, the 7 days before, older", () => {
    const g = (iso: string) => conversationGroup(iso, now, "Europe/Zurich");
    expect(g("2026-11-23T23:10:00Z")).toBe("Today"); // 00:10 on the 24th in Zurich
    expect(g("2026-11-23T22:59:00Z")).toBe("Yesterday"); // 23:59 on the 23rd in Zurich
    expect(g("2026-11-22T23:00:00Z")).toBe("Yesterday"); // 00:00 on the 23rd
    expect(g("2026-11-22T22:59:00Z")).toBe("Previous 7 days"); // the 22nd: 2 days ago
    expect(g("2026-11-15T23:00:00Z")).toBe("Previous 7 days"); // the 16th: 8 days ago, the last of the 7 before yesterday
    expect(g("2026-11-15T22:59:00Z")).toBe("Older"); // the 15th: 9 days ago
    expect(g("2025-03-14T10:00:00Z")).toBe("Older");
    expect(g("not a date")).toBe("Older");
  });

  test("the same instant falls on another day in another zone", () => {
    expect(conversationGroup("2026-11-23T23:10:00Z", now, "UTC")).toBe("Today");
    expect(conversationGroup("2026-11-23T22:59:00Z", now, "UTC")).toBe("Today");
    expect(conversationGroup("2026-11-22T23:30:00Z", now, "UTC")).toBe("Yesterday");
  });
});
