/** Held previews are bounded by the bytes of their statements, not their count (SPEC §13.1); a preview let go says it expired. */
import { describe, expect, test } from "bun:test";
import { PENDING_IMPORT_TTL_MS, PendingImports } from "../../src/import/pending.ts";
import { parsed, row } from "./support.ts";

const planOf = (bytes: number) => ({ ...parsed("s.csv", [row({ date: "2026-01-01", amount: -1, description: "A" })]), bytes }) as never;

describe("pending previews", () => {
  test("the oldest give way when the bytes held would pass the budget; the evicted and the timed-out say 'expired', the unknown do not", () => {
    let now = 0;
    const pending = new PendingImports(() => now, 100);
    const a = pending.add(planOf(40), "u1");
    const b = pending.add(planOf(40), "u1");
    expect(pending.heldBytes).toBe(80);
    // 80 + 30 > 100: the oldest (a) gives way; 40 + 30 + 30 = 100 still fits.
    const c = pending.add(planOf(30), "u1");
    const d = pending.add(planOf(30), "u2");
    expect(pending.heldBytes).toBe(100);
    expect("expired" in pending.lookup(a, "u1")).toBe(true);
    for (const [id, user] of [[b, "u1"], [c, "u1"], [d, "u2"]] as const) expect("plan" in pending.lookup(id, user)).toBe(true);
    // Another user's preview is unknown to this one, never "expired".
    expect("unknown" in pending.lookup(d, "u1")).toBe(true);
    expect("unknown" in pending.lookup("nope", "u1")).toBe(true);
    // Twelve small files at once are all held (the first of them makes b give way): the count does not matter.
    const small = Array.from({ length: 12 }, () => pending.add(planOf(1), "u3"));
    expect(small.every((id) => "plan" in pending.lookup(id, "u3"))).toBe(true);
    expect("expired" in pending.lookup(b, "u1")).toBe(true);
    expect(pending.heldBytes).toBe(30 + 30 + 12);
    // A preview is taken once.
    expect("plan" in pending.take(c, "u1")).toBe(true);
    expect("unknown" in pending.take(c, "u1")).toBe(true);
    // After 30 minutes: expired.
    now += PENDING_IMPORT_TTL_MS;
    expect("expired" in pending.lookup(d, "u2")).toBe(true);
    expect(pending.heldBytes).toBe(0);
  });

  test("one statement larger than the whole budget is still held, alone", () => {
    const pending = new PendingImports(() => 0, 100);
    const small = pending.add(planOf(10), "u");
    const big = pending.add(planOf(500), "u");
    expect("plan" in pending.lookup(big, "u")).toBe(true);
    expect("expired" in pending.lookup(small, "u")).toBe(true);
  });
});
