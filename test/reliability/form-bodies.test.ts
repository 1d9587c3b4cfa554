/**
 * Issue 16 item 6: malformed multipart (and urlencoded) bodies on the form routes are a
 * 400 with a message, never a 500.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { webSuite } from "../support/web-harness.ts";
import { browserHeaders } from "../trust/support.ts";

let conversationId: string;
const h = webSuite();
beforeAll(async () => {
  conversationId = h.store.conversations.create("local", "Existing").id;
});

const garbage: [string, string][] = [
  ["multipart/form-data; boundary=xyz", "this is not multipart at all"],
  ["multipart/form-data; boundary=xyz", "--xyz\r\nContent-Disposition: form-data; name=\"message\"\r\n\r\nunterminated"],
  ["multipart/form-data", "--\r\n\r\n"],
];

describe("malformed form bodies", () => {
  for (const path of ["/chat", () => `/conversations/${conversationId}/messages`, () => `/conversations/${conversationId}/rename`]) {
    for (const [type, body] of garbage) {
      const name = typeof path === "string" ? path : path().replace(/undefined/, ":id");
      test(`${name.replace(/[0-9a-f-]{36}/, ":id")} with ${JSON.stringify(type)} and a broken body → 400 with a message`, async () => {
        const p = typeof path === "string" ? path : path();
        const res = await fetch(`${h.url}${p}`, { method: "POST", headers: { ...browserHeaders(h), "content-type": type }, body });
        expect(res.status).toBe(400);
        expect(await res.text()).toContain("could not be read");
      });
    }
  }
  // Issue 25: the Budgets form read its body itself and answered 500.
  for (const method of ["POST", "PUT"]) {
    for (const [type, body] of garbage) {
      test(`${method} /budgets/Groceries with ${JSON.stringify(type)} and a broken body → 400 with a message, no budget set`, async () => {
        const res = await fetch(`${h.url}/budgets/Groceries`, { method, headers: { ...browserHeaders(h), "content-type": type }, body });
        expect(res.status).toBe(400);
        expect(await res.text()).toContain("could not be read");
        expect(h.store.budgets.list()).toEqual([]);
      });
    }
  }
  test("the conversation was not renamed and no turn started", () => {
    expect(h.store.conversations.get("local", conversationId)!.title).toBe("Existing");
    expect(h.store.turns.list(conversationId)).toHaveLength(0);
  });
});
