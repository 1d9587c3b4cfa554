import { startFakeAnthropic, type FakeReply } from "./fake-anthropic.ts";

/**
 * A scripted "model" for trying the UI without an API key: the first reply of each
 * turn calls a tool picked from the question, the second narrates. Used by the
 * browser tests and by hand: `bun test/support/demo-fake.ts` prints its URL.
 */
export function demoReply(body: { messages?: { role: string; content: { type: string; text?: string }[] }[] }): FakeReply {
  const last = body.messages!.at(-1)!;
  const question = last.content.find((b) => b.type === "text")?.text ?? "";
  if (last.content.some((b) => b.type === "tool_result")) {
    return { kind: "message", content: [{ type: "text", text: "Here is what I found:\n\n- **Housing** is the largest item.\n- Groceries come second.\n\nThe chart shows the details." }], chunkDelayMs: 15 };
  }
  const q = question.toLowerCase();
  const tool = q.includes("merchant")
    ? { name: "merchant_breakdown", input: { category: "Groceries", year: 2025 } }
    : q.includes("income")
      ? { name: "income_vs_spending", input: { year: 2025 } }
      : q.includes("list")
        ? { name: "list_transactions", input: { search: "Migros", limit: 10 } }
        : { name: "spending_by_category", input: { year: 2025 } };
  return { kind: "message", content: [{ type: "text", text: "Let me look that up." }, { type: "tool_use", ...tool }], chunkDelayMs: 15 };
}

if (import.meta.main) {
  const fake = await startFakeAnthropic();
  fake.setHandler(demoReply);
  console.log(fake.url);
}
