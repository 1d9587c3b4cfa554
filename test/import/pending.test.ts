/**
 * Held previews (SPEC §13.1, §10.1): bounded by the bytes of their statements, not their count; a preview let go
 * says it expired; a re-preview moves the version on, and an import of anything but what the page shows — another
 * version, other settings, or while a re-preview runs — is refused ("the preview changed"), never made.
 */
import { describe, expect, test } from "bun:test";
import { ChangeRefused } from "../../src/core/errors.ts";
import { CHANGED_MESSAGE, EXPIRED_MESSAGE, PENDING_IMPORT_TTL_MS, PendingImports, sameSettings, type HeldImport, type PreviewOutcome } from "../../src/import/pending.ts";

/** A held file of `bytes` bytes whose preview is a problem (no rows: its size is its bytes alone). */
const held = (bytes: number, settings = {}): HeldImport => ({
  file: { name: "s.csv", id: "f", size: bytes },
  settings,
  outcome: { problem: "x", needsColumns: false, mapping: null },
  version: 1,
});

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (e) {
    return e instanceof ChangeRefused ? [e.kind, e.message] : e;
  }
};

describe("pending previews", () => {
  test("the oldest give way when the bytes held would pass the budget; the evicted and the timed-out say 'expired', the unknown do not", () => {
    let now = 0;
    const pending = new PendingImports(() => now, 100);
    const a = pending.add(held(40), "u1");
    const b = pending.add(held(40), "u1");
    expect(pending.heldBytes).toBe(80);
    // 80 + 30 > 100: the oldest (a) gives way; 40 + 30 + 30 = 100 still fits.
    const c = pending.add(held(30), "u1");
    const d = pending.add(held(30), "u2");
    expect(pending.heldBytes).toBe(100);
    expect("expired" in pending.lookup(a, "u1")).toBe(true);
    expect(() => pending.get(a, "u1")).toThrow(EXPIRED_MESSAGE);
    for (const [id, user] of [[b, "u1"], [c, "u1"], [d, "u2"]] as const) expect("held" in pending.lookup(id, user)).toBe(true);
    // Another user's preview is unknown to this one, never "expired".
    expect("unknown" in pending.lookup(d, "u1")).toBe(true);
    expect("unknown" in pending.lookup("nope", "u1")).toBe(true);
    // Twelve small files at once are all held (the first of them makes b give way): the count does not matter.
    const small = Array.from({ length: 12 }, () => pending.add(held(1), "u3"));
    expect(small.every((id) => "held" in pending.lookup(id, "u3"))).toBe(true);
    expect("expired" in pending.lookup(b, "u1")).toBe(true);
    expect(pending.heldBytes).toBe(30 + 30 + 12);
    // After 30 minutes: expired.
    now += PENDING_IMPORT_TTL_MS;
    expect("expired" in pending.lookup(d, "u2")).toBe(true);
    expect(pending.heldBytes).toBe(0);
  });

  test("one statement larger than the whole budget is still held, alone", () => {
    const pending = new PendingImports(() => 0, 100);
    const small = pending.add(held(10), "u");
    const big = pending.add(held(500), "u");
    expect("held" in pending.lookup(big, "u")).toBe(true);
    expect("expired" in pending.lookup(small, "u")).toBe(true);
  });

  test("an import names what it was shown: another version, other settings, or a re-preview running are refused; once imported the preview is gone", async () => {
    const pending = new PendingImports(() => 0, 1000);
    const id = pending.add(held(10, { account: "Old" }), "u");
    const imported = () => Promise.resolve("imported");
    // The settings of the page differ from the preview's: refused, nothing run.
    let ran = false;
    const work = async () => {
      ran = true;
      return "imported";
    };
    expect(await refusal(pending.commit(id, "u", { version: 1, settings: { account: "New" } }, work))).toEqual(["conflict", CHANGED_MESSAGE]);
    expect(ran).toBe(false);

    // A re-preview runs: an import meanwhile is refused, even one naming the version it saw.
    let release!: (o: PreviewOutcome) => void;
    const repreview = pending.repreview(id, "u", { account: "New" }, () => new Promise<PreviewOutcome>((r) => (release = r)));
    expect(await refusal(pending.commit(id, "u", { version: 1 }, imported))).toEqual(["conflict", CHANGED_MESSAGE]);
    expect(await refusal(pending.commit(id, "u", { version: 2 }, imported))).toEqual(["conflict", CHANGED_MESSAGE]);
    release({ problem: "y", needsColumns: false, mapping: null });
    const { held: after } = await repreview;
    expect([after.version, after.settings]).toEqual([2, { account: "New" }]);
    // The old version (what a page that missed the re-preview shows) is refused; the new one imports, once.
    expect(await refusal(pending.commit(id, "u", { version: 1, settings: { account: "New" } }, imported))).toEqual(["conflict", CHANGED_MESSAGE]);
    expect(await pending.commit(id, "u", { version: 2, settings: { account: "New" } }, imported)).toBe("imported");
    // Imported once: a second import says so (QA D16: "it was imported already, or never made").
    expect(await refusal(pending.commit(id, "u", { version: 2 }, imported))).toEqual(["not_found", "This preview was imported already (see Past imports); drop the file again to preview it anew."]);
    // An id this server never held (a preview held before a restart: previews live in memory) expired, to be made again.
    expect(await refusal(pending.commit("0b6c3f6e-5d0a-4f57-9a3c-2d1e8f7a6b5c", "u", {}, imported))).toEqual(["not_found", "This preview expired (the server was restarted since it was made, say); drop the file again to preview it."]);
  });

  test("an import that fails keeps its preview for another try; two overlapping re-previews end with the later one's outcome", async () => {
    const pending = new PendingImports(() => 0, 1000);
    const id = pending.add(held(10), "u");
    expect(await refusal(pending.commit(id, "u", {}, () => Promise.reject(new ChangeRefused("needs_consent", "tick it"))))).toEqual(["needs_consent", "tick it"]);
    expect("held" in pending.lookup(id, "u")).toBe(true);

    let first!: (o: PreviewOutcome) => void;
    const a = pending.repreview(id, "u", { account: "A" }, () => new Promise<PreviewOutcome>((r) => (first = r)));
    const b = pending.repreview(id, "u", { account: "B" }, async () => ({ problem: "B", needsColumns: false, mapping: null }));
    await b;
    first({ problem: "A", needsColumns: false, mapping: null });
    await a;
    const h = pending.get(id, "u");
    expect([h.version, h.settings, (h.outcome as { problem: string }).problem]).toEqual([3, { account: "B" }, "B"]);
    expect(await pending.commit(id, "u", { version: 3, settings: { account: "B" } }, async () => "ok")).toBe("ok");
  });

  test("settings compare whatever the order of their fields", () => {
    expect(sameSettings({ account: "A", flipSigns: true }, { flipSigns: true, account: "A" })).toBe(true);
    expect(sameSettings({ columns: { roles: ["date"], dateFormat: null, decimal: ".", currency: null } }, { columns: { decimal: ".", roles: ["date"], dateFormat: null, currency: null } })).toBe(true);
    expect(sameSettings({ account: "A" }, {})).toBe(false);
    expect(sameSettings({ columns: { roles: ["date", "amount"], dateFormat: null, decimal: null, currency: null } }, { columns: { roles: ["amount", "date"], dateFormat: null, decimal: null, currency: null } })).toBe(false);
  });
});
