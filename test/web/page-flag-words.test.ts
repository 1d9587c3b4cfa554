/**
 * Refusals the pages show name the page's own controls, not the command line's flags (SPEC §10.1; review of r4-uqa10,
 * F6): an approval decided on a read-only server, and an import whose ticked "Flip signs" the balances contradict.
 */
import { join } from "node:path";
import { describe, expect, test } from "bun:test";
import { webSuite } from "../support/web-harness.ts";

const h = webSuite(); // read-only, as the harness starts by default

/** A fixture (or these bytes) dropped on the Import page under `name`: its pending file's id and the preview's HTML. */
async function drop(fixture: string | Uint8Array<ArrayBuffer>, name: string): Promise<{ id: string; dropped: string }> {
  const form = new FormData();
  const bytes = typeof fixture === "string" ? await Bun.file(join(import.meta.dir, "../fixtures/import", fixture)).arrayBuffer() : fixture;
  form.append("file", new File([bytes], name));
  const dropped = await (await fetch(`${h.url}/import/preview`, { method: "POST", body: form })).text();
  const id = /id="file-([^"]+)"/.exec(dropped)?.[1];
  expect(id).toBeString();
  return { id: id!, dropped };
}

describe("page refusals without command-line flags", () => {
  test("an approval's change undone on a read-only server: the card says the server is read-only, not its flag", async () => {
    const conv = h.store.conversations.create("local", "Groceries");
    const turnId = h.store.turns.start({ conversationId: conv.id, userId: "local", model: "m", question: "move Coop to Groceries" });
    const a = h.store.approvals.create({ userId: "local", conversationId: conv.id, turnId, toolUseId: "t1", tool: "recategorise_transactions", args: {}, preview: { title: "Recategorise 3 transactions", description: "", facts: [] }, ttlMs: 60_000 });
    // Made before the server was started read-only (the same chat.db).
    h.store.approvals.decide("local", a.id, "approved");
    h.store.approvals.markExecuted(a.id, { message: "Moved 3 transactions to Groceries." });
    const res = await fetch(`${h.url}/approvals/${a.id}/undo`, { method: "POST" });
    const html = await res.text();
    expect(res.status).toBe(409);
    expect(html).toContain("This server runs read-only: nothing can be changed.");
    expect(html).not.toMatch(/--[a-z]/);
  });

  test("an approval pressed Approve on a read-only server: the card stays pending and says why (review of r4-uqa10: it came back unchanged, with no reason)", async () => {
    const conv = h.store.conversations.create("local", "Groceries");
    const turnId = h.store.turns.start({ conversationId: conv.id, userId: "local", model: "m", question: "move Coop to Groceries" });
    const a = h.store.approvals.create({ userId: "local", conversationId: conv.id, turnId, toolUseId: "t2", tool: "recategorise_transactions", args: {}, preview: { title: "Recategorise 3 transactions", description: "", facts: [] }, ttlMs: 60_000 });
    for (const decision of ["approve", "reject"]) {
      const res = await fetch(`${h.url}/approvals/${a.id}/${decision}`, { method: "POST" });
      const html = await res.text();
      expect(res.status).toBe(409);
      expect(html).toContain("This server runs read-only: nothing can be changed.");
      // Still pending: its Approve and Reject stay, nothing was decided.
      expect(html).toContain(`/approvals/${a.id}/approve`);
      expect(h.store.approvals.get("local", a.id)?.status).toBe("pending");
    }
  });

  test("a statement that does not add up, imported without the tick: the page's refusal names the account masked, as the preview does (left by the review of r4-uqa10)", async () => {
    const { id, dropped } = await drop("camt053-off.xml", "camt053-off.xml");
    const version = /name="version" value="(\d+)"/.exec(dropped)?.[1] ?? "";
    const res = await fetch(`${h.url}/import/${id}/commit`, { method: "POST", body: new URLSearchParams({ account: "", format: "auto", version }) });
    const html = await res.text();
    expect(res.status).toBe(422);
    expect(html).toContain("camt053-off.xml: SE45 … 7466 SEK does not reconcile: off by SEK 17.30; nothing was imported (tick “Import although the balances do not add up” to import it anyway)");
    expect(html).not.toContain("SE4550000000058398257466");
  });

  test("a card's month beside the amount owed (its signs right as written, or an account's the other way round): the refusal names both ticks", async () => {
    const card = ["Date,Description,Amount,Currency,Balance", "2026-03-02,COFFEE CORNER 12,-5.40,USD,105.40", "2026-03-03,BOOKSHOP ONLINE,-42.99,USD,148.39", "2026-03-08,ONLINE PAYMENT,100.00,USD,48.39", "2026-03-09,GROCER MAIN ST,-64.22,USD,112.61"];
    const { id, dropped } = await drop(new TextEncoder().encode(card.join("\n") + "\n"), "card.csv");
    const version = /name="version" value="(\d+)"/.exec(dropped)?.[1] ?? "";
    const res = await fetch(`${h.url}/import/${id}/commit`, { method: "POST", body: new URLSearchParams({ account: "", format: "auto", version }) });
    const html = await res.text();
    expect(res.status).toBe(422);
    expect(html).toContain(
      "card.csv: USD does not reconcile: its balance rises as its amounts written negative fall, as the amount owed on a card or a loan does: if it is the amount owed on a card or a loan, its signs are right as written; if it is an account's balance, they are the other way round: tick “Flip signs”; nothing was imported (tick “Import although the balances do not add up” to import it anyway, as written)",
    );
    expect(html).not.toMatch(/--[a-z]/);
  });

  test("Flip signs ticked against balances that confirm the signs as written: the import's refusal names the tick", async () => {
    const { id } = await drop("ubs-account-cp1252.csv", "ubs.csv");
    // "Flip signs" ticked, then Import: the fields as the page's form sends them, with the version it shows.
    const fields = { account: "", format: "auto", "flip-signs": "on" };
    const flipped = await (await fetch(`${h.url}/import/${id}/settings`, { method: "POST", body: new URLSearchParams(fields) })).text();
    const version = /name="version" value="(\d+)"/.exec(flipped)?.[1] ?? "";
    const res = await fetch(`${h.url}/import/${id}/commit`, { method: "POST", body: new URLSearchParams({ ...fields, version }) });
    const html = await res.text();
    expect(res.status).toBe(422);
    expect(html).toContain("balances, import it without “Flip signs” ticked; if they are the amount owed on a card, the flip is right; nothing was imported");
    expect(html).not.toMatch(/--[a-z]/);
  });
});
