/**
 * Issue 16 item 7: control characters (NUL included) never reach a conversation title or
 * a user name: titles (from the first question, a rename, the JSON API) are stripped of
 * them; user names that carry them are refused.
 */
import { describe, expect, test } from "bun:test";
import { Store } from "../../src/store/store.ts";
import { titleFrom } from "../../src/chat/service.ts";
import { webSuite } from "../support/web-harness.ts";
import { browserHeaders, postJson } from "../trust/support.ts";

// Every C0 control, DEL, C1 controls, line/paragraph separators, and bidi overrides/isolates.
const NASTY = ["\u0000", "\u0001", "\u0007", "\u001b", "\u007f", "\u0085", "\u009b", "\u2028", "\u2029", "\u202e", "\u2066", "\u2069"];
const hasControl = (s: string) => /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u.test(s);

const h = webSuite();

describe("conversation titles", () => {
  test("the store strips control characters from titles it creates and renames", () => {
    const s = Store.memory();
    for (const c of NASTY) {
      const conv = s.conversations.create("u", `Rent${c}2025${c}`);
      expect(hasControl(conv.title)).toBe(false);
      expect(s.conversations.get("u", conv.id)!.title).toMatch(/^Rent ?2025$/);
      s.conversations.rename("u", conv.id, `New${c}name`);
      expect(s.conversations.get("u", conv.id)!.title).toMatch(/^New ?name$/);
    }
    expect(s.conversations.create("u", "\u0000\u0001\u202e").title).toBe("New chat");
    // Emoji sequences (zero-width joiners) are text, not controls.
    expect(s.conversations.create("u", "Family 👨‍👩‍👧 budget").title).toBe("Family 👨‍👩‍👧 budget");
    s.close();
  });

  test("a title from the first question has none", () => {
    expect(titleFrom("How much\u0000 did I\u001b[31m spend\u202e on rent?")).toBe("How much did I[31m spend on rent?");
  });

  test("through the JSON API and the web form (first question, rename)", async () => {
    h.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Fine." }] });
    const res = await postJson(h, "/api/chat", { message: "Groceries\u0000 in\u0007 2025\u2028please" });
    const body = await res.text();
    const conversationId = /"conversation_id":"([^"]+)"/.exec(body)![1]!;
    const title = h.store.conversations.get("local", conversationId)!.title;
    expect(hasControl(title)).toBe(false);
    expect(title).toBe("Groceries in 2025 please");

    const form = new FormData();
    form.set("title", "Renamed\u0000\u0000 title\u001b");
    const renamed = await fetch(`${h.url}/conversations/${conversationId}/rename`, { method: "POST", headers: browserHeaders(h), body: form, redirect: "manual" });
    expect(renamed.status).toBe(303);
    expect(h.store.conversations.get("local", conversationId)!.title).toBe("Renamed title");
  });
});

describe("user names", () => {
  test("a name with a control character is refused, whichever", () => {
    const s = Store.memory();
    for (const c of NASTY) expect(() => s.users.add(`bo${c}b`)).toThrow(/control characters/);
    expect(s.users.list()).toHaveLength(0);
    expect(s.users.add("  Zoë Müller ").user.name).toBe("Zoë Müller");
    s.close();
  });
});
