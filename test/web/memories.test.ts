import { describe, expect, test } from "bun:test";
import { createMemory } from "../../src/memory/memory.ts";
import { webSuite } from "../support/web-harness.ts";

const h = webSuite();

const memoryContents = (html: string) => [...html.matchAll(/<p class="memory-content">([^<]*)<\/p>/g)].map((m) => m[1]);

describe("memories page", () => {
  test("lists, searches and deletes; a deleted memory is never recalled again", async () => {
    const groceries = h.store.memories.add("local", null, "The user counts Migros and Coop as groceries.");
    h.store.memories.add("local", null, "The user's rent is CHF 2'150 per month.");
    h.store.memories.add("someone-else", null, "Another user's secret memory about groceries.");

    const all = await (await fetch(`${h.url}/memories`)).text();
    expect(memoryContents(all).sort()).toEqual(["The user counts Migros and Coop as groceries.", "The user&#39;s rent is CHF 2&#39;150 per month."]);

    const found = await (await fetch(`${h.url}/memories?q=groceries`)).text();
    expect(memoryContents(found)).toEqual(["The user counts Migros and Coop as groceries."]);

    const memory = createMemory({ store: h.store, client: undefined as never, model: "m" });
    expect(await memory.recall("local", "How much on groceries?")).toEqual(["The user counts Migros and Coop as groceries."]);

    const del = await fetch(`${h.url}/memories/${groceries}/delete`, { method: "POST", redirect: "manual" });
    expect(del.status).toBe(303);
    expect(del.headers.get("location")).toBe("/memories");
    expect(memoryContents(await (await fetch(`${h.url}/memories`)).text())).toEqual(["The user&#39;s rent is CHF 2&#39;150 per month."]);
    expect(await memory.recall("local", "How much on groceries?")).toEqual([]);

    // Deleting again, or another user's memory, is a 404 and changes nothing.
    expect((await fetch(`${h.url}/memories/${groceries}/delete`, { method: "POST" })).status).toBe(404);
    const foreign = h.store.memories.list("someone-else")[0]!.id;
    expect((await fetch(`${h.url}/memories/${foreign}/delete`, { method: "POST" })).status).toBe(404);
    expect(h.store.memories.list("someone-else")).toHaveLength(1);
  });
});
