/**
 * The Transactions and Categories pages' HTTP side (SPEC §12) on the hand-made fixture
 * (test/fixtures/budget-fixture.ts, row ids in brackets): the JSON API, the CSV, 400s for
 * bad filters, 404s, CSRF, sessions and users.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { dirname } from "node:path";
import { createFixture, fixtureRow, fixtureRows, type Fixture } from "../fixtures/budget-fixture.ts";
import { startWebHarness, webSuite } from "../support/web-harness.ts";
import { loginWith } from "../trust/support.ts";

let fx: Fixture;
let anna: string;
let ben: string;

const h = webSuite(() => {
  // One extra row whose merchant name and description look like spreadsheet formulas (the CSV test).
  fx = createFixture({ rows: [...fixtureRows(), fixtureRow(126, "2025-04-07", "@SHOP_ONLINE GUTSCHRIFT", 12.5, "=Shop_Online", "Shopping")] });
  return startWebHarness({ dir: dirname(fx.path) });
});
beforeAll(async () => {
  anna = await loginWith(h, h.store.users.add("anna").loginToken);
  ben = await loginWith(h, h.store.users.add("ben").loginToken);
});
afterAll(() => fx.cleanup());

const get = (path: string, cookie = anna) => fetch(`${h.url}${path}`, { headers: { Cookie: cookie } });
const send = (method: string, path: string, body: unknown, cookie = anna, origin = h.url) =>
  fetch(`${h.url}${path}`, { method, headers: { Cookie: cookie, Origin: origin, "content-type": "application/json" }, body: JSON.stringify(body) });
const category = (id: number) => {
  const db = new Database(fx.path, { readonly: true });
  try {
    return (db.query("SELECT category, source FROM transactions WHERE id = ?").get(id) as { category: string; source: string });
  } finally {
    db.close();
  }
};

describe("GET /api/transactions and /transactions.csv", () => {
  test("the filtered rows, their count and totals per currency", async () => {
    const res = await get("/api/transactions?q=krone&sort=amount");
    expect(res.status).toBe(200);
    // Restaurant Krone: 150 [103] (2025-02-14) before 150 [102] (2024-12-20), 96.50 [101]; malformed [123] out.
    expect(await res.json()).toEqual({
      total_rows: 3,
      page: 1,
      pages: 1,
      page_size: 50,
      totals: [{ currency: "CHF", out: 396.5, in: 0, net: -396.5 }], // 150 + 150 + 96.50
      rows: [103, 102, 101].map((id) => ({
        id,
        date: { 103: "2025-02-14", 102: "2024-12-20", 101: "2024-03-16" }[id],
        amount: { 103: -150, 102: -150, 101: -96.5 }[id],
        currency: "CHF",
        merchant: "Restaurant Krone",
        category: "Dining",
        description: "RESTAURANT KRONE",
        account: null,
        // SPEC §11.1: where the row came from (the fixture's rows: the batch 'fixture').
        origin: { batch: "fixture" },
      })),
    });
  });

  test("CSV of the same filters: every row, plain numbers, a formula-looking text defused", async () => {
    const res = await get("/transactions.csv?q=shop&sort=amount");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="transactions.csv"');
    // 33.33 [107], 12.50 [126] (money in: no sign), 10.00 [108]; [126]'s "=…" and "@…" get a leading '.
    expect(await res.text()).toBe(
      "id,date,amount,currency,merchant,category,description,account\r\n" +
        "107,2025-04-05,-33.33,CHF,Shop_Online,Shopping,SHOP_ONLINE 12,\r\n" +
        "126,2025-04-07,12.50,CHF,'=Shop_Online,Shopping,'@SHOP_ONLINE GUTSCHRIFT,\r\n" +
        "108,2025-04-05,-10.00,CHF,ShopXOnline,Shopping,SHOPXONLINE 13,\r\n",
    );
  });

  test("the CSV starts with a UTF-8 BOM, so Excel reads “Zürich” as written (Response.text() drops it: the bytes are read)", async () => {
    const bytes = new Uint8Array(await (await get("/transactions.csv?q=no-such-shop")).arrayBuffer());
    expect([...bytes.slice(0, 6)]).toEqual([0xef, 0xbb, 0xbf, ...Buffer.from("id,")]);
    // Once, at the start only: the rows that follow are streamed in chunks of their own.
    const all = Buffer.from(await (await get("/transactions.csv")).arrayBuffer()).toString("latin1");
    expect(all.split("\xef\xbb\xbf").length).toBe(2);
  });

  test("bad filters are 400s that say what is wrong; nothing else is answered", async () => {
    const bad = async (path: string) => {
      const res = await get(path);
      return [res.status, path.startsWith("/api/") ? (await res.json()).error : await res.text()];
    };
    expect(await bad("/api/transactions?from=2025-02-30")).toEqual([400, "Invalid filter: from must be a real date written YYYY-MM-DD, e.g. 2025-03-01."]);
    expect(await bad("/api/transactions?category=Pets")).toEqual([
      400,
      // The 15 names of the categories table and Household (only in transactions [30–35]).
      'Unknown category "Pets". Valid categories: Dining, Fees, Groceries, Healthcare, Household, Housing, Income, Insurance, Investments, Other, Shopping, Subscriptions, Transfers, Transport, Travel, Uncategorised.',
    ]);
    expect(await bad("/api/transactions?min=abc")).toEqual([400, "Invalid filter: min must be an amount of money ≥ 0, e.g. 100 or 99.50 (the amount without its sign)."]);
    expect(await bad("/transactions.csv?sort=size")).toEqual([400, "Invalid filter: sort must be date or amount."]);
    expect((await bad("/transactions.csv?category=Pets"))[0]).toBe(400);
    expect(await (await get("/transactions.csv?q=no-such-shop")).text()).toBe("id,date,amount,currency,merchant,category,description,account\r\n");
    const page = await get("/transactions?catgory=Dining");
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Invalid filter: unknown parameter &quot;catgory&quot;");
  });

  test("any: the rows of several filter sets in the JSON, the CSV and the page (a figure's parts); a bad set is a 400", async () => {
    // CHF Dining of 2025 (150 [103], 45.30 [104], 5.50 [125]) and Transport of January to March 2025 (85 [71], 12 [70], 4.40 [72]).
    const query = `currency=CHF&any=${encodeURIComponent("category=Dining&from=2025-01-01&to=2025-12-31")}&any=${encodeURIComponent("category=Transport&from=2025-01-01&to=2025-03-31")}`;
    const json = await (await get(`/api/transactions?${query}&sort=amount`)).json();
    expect(json.rows.map((r: { id: number }) => r.id)).toEqual([103, 71, 104, 70, 125, 72]);
    expect(json.totals).toEqual([{ currency: "CHF", out: 302.2, in: 0, net: -302.2 }]); // 150 + 85 + 45.30 + 12 + 5.50 + 4.40
    const csv = await (await get(`/transactions.csv?${query}&sort=amount`)).text();
    expect(csv.split("\r\n").slice(1, -1).map((l) => Number(l.split(",")[0]))).toEqual([103, 71, 104, 70, 125, 72]);
    const html = await (await get(`/transactions?${query}`)).text();
    expect(html).toContain('Only the rows of any of: <strong>Dining · 2025-01-01 to 2025-12-31</strong>; <strong>Transport · 2025-01-01 to 2025-03-31</strong>.');
    // The sets stay in the filter form (changing another filter keeps them) and "Show all rows" drops them.
    expect(html).toContain('<input type="hidden" name="any" value="category=Dining&amp;from=2025-01-01&amp;to=2025-12-31"/>');
    expect(html).toContain('<a href="/transactions?currency=CHF" hx-get="/transactions?currency=CHF"');
    const bad = await get(`/api/transactions?any=${encodeURIComponent("category=Dining&to=2025-02-30")}`);
    expect([bad.status, (await bad.json()).error]).toEqual([400, "Invalid filter: any #1: to must be a real date written YYYY-MM-DD, e.g. 2025-03-01."]);
  });

  test("any: a set of one transaction stays in the filter form, so changing a filter keeps that row; the page names it by day, amount and merchant, or says it is no longer there", async () => {
    // [103] Restaurant Krone, CHF -150 of 2025-02-14 (a figure's link).
    const set = "id=103&from=2025-02-14&to=2025-02-14&currency=CHF&amount=-150.00";
    const html = await (await get(`/transactions?any=${encodeURIComponent(set)}`)).text();
    expect(html).toContain("Only the rows of <strong>2025-02-14 · CHF -150.00 · Restaurant Krone</strong>.");
    const hidden = [...html.matchAll(/<input type="hidden" name="any" value="([^"]*)"\/>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
    expect(hidden).toEqual(["currency=CHF&from=2025-02-14&to=2025-02-14&id=103&amount=-150.00"]);
    // The form submitted (sorted by amount, the other fields empty, as a browser sends them): the same one row.
    const form = new URLSearchParams([["q", ""], ["category", ""], ["from", ""], ["to", ""], ["sort", "amount"], ...hidden.map((v) => ["any", v] as [string, string])]);
    const again = await get(`/api/transactions?${form}`);
    expect(again.status).toBe(200);
    expect((await again.json()).rows.map((r: { id: number }) => r.id)).toEqual([103]);
    // Its id another row's now (another amount): nothing, and the page says so.
    const gone = await (await get(`/transactions?any=${encodeURIComponent("id=103&from=2025-02-14&to=2025-02-14&currency=CHF&amount=-15.00")}`)).text();
    expect(gone).toContain("Only the rows of <strong>the transaction of 2025-02-14 · CHF -15.00, which is no longer there</strong>.");
    expect(gone).toContain("<strong>0</strong> transactions");
  });

  test("the page: navigation, the data's age, totals, a row's editor offering the merchant's other rows", async () => {
    const res = await get("/transactions?merchant=Fitnesspark");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<a href="/transactions" aria-current="page">Transactions</a>');
    // Newest well-formed date: 2025-12-28 [99].
    expect(html).toContain('<p class="data-age muted" id="data-age">data up to 28 Dec 2025 · no imports recorded</p>');
    // Fitnesspark [63] [64]: 59 + 59 = 118.
    expect(html).toContain("CHF: money out <strong>CHF 118.00</strong>, money in <strong>CHF 0.00</strong>, net <strong>CHF -118.00</strong>");
    expect(html).toContain("Also change the 1 other transaction of Fitnesspark");
    expect(html).toContain('<a class="tx-merchant" href="/transactions?merchant=Fitnesspark"');
    expect(html).toContain('href="/transactions.csv?merchant=Fitnesspark"');
    // A name with a space: Restaurant Krone [101–103] (malformed [123] is in no list, so not one of the others).
    const krone = await (await get("/transactions?merchant=Restaurant%20Krone")).text();
    expect(krone).toContain("Also change the 2 other transactions of Restaurant Krone");
    expect(krone).toContain('<a class="tx-merchant" href="/transactions?merchant=Restaurant+Krone"');
    expect(krone).toContain('href="/transactions.csv?merchant=Restaurant+Krone"');
  });

  test("without a session nothing is shown", async () => {
    expect((await fetch(`${h.url}/api/transactions`)).status).toBe(401);
    expect((await fetch(`${h.url}/transactions.csv`)).status).toBe(401);
  });
});

describe("PATCH /api/transactions/:id", () => {
  // Pizzeria Napoli [104]: Dining, source llm; its merchant has no other row.
  test("404 for an unknown id, 400 for a bad body, 403 cross-site: nothing changes", async () => {
    expect([(await send("PATCH", "/api/transactions/999", { category: "Dining" })).status]).toEqual([404]);
    const notId = await send("PATCH", "/api/transactions/abc", { category: "Dining" });
    expect([notId.status, (await notId.json()).error]).toEqual([404, 'Not a transaction id: "abc".']);
    const badBody = await send("PATCH", "/api/transactions/104", { category: "Dining", colour: "red" });
    expect(badBody.status).toBe(400);
    expect((await badBody.json()).error).toStartWith("Invalid edit: ✖ Unrecognized key: \"colour\"");
    const crossSite = await send("PATCH", "/api/transactions/104", { category: "Groceries" }, anna, "http://evil.example");
    expect(crossSite.status).toBe(403);
    expect(category(104)).toEqual({ category: "Dining", source: "llm" });
  });

  test("an edit, the same write path; undo once; another user can neither see nor undo it", async () => {
    const res = await send("PATCH", "/api/transactions/104", { category: "Groceries" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ message: "Moved 1 transaction to Groceries.", rows: 1, transaction: { id: 104, category: "Groceries" } });
    expect(category(104)).toEqual({ category: "Groceries", source: "manual" });
    // Ben's session: not his edit.
    const stranger = await send("POST", `/api/edits/${body.edit_id}/undo`, {}, ben);
    expect([stranger.status, (await stranger.json()).error]).toEqual([404, `No edit ${body.edit_id} of yours to undo.`]);
    expect(await (await get("/transactions", ben)).text()).not.toContain("Your recent changes");
    expect(await (await get("/transactions")).text()).toContain("Your recent changes (1)");
    const undo = await send("POST", `/api/edits/${body.edit_id}/undo`, {});
    expect(undo.status).toBe(200);
    expect((await undo.json()).message).toBe("Undone: 1 transaction is back as before.");
    expect(category(104)).toEqual({ category: "Dining", source: "llm" });
    expect((await send("POST", `/api/edits/${body.edit_id}/undo`, {})).status).toBe(409);
  });

  test("the page's form: only the changed field is written; the answer is a toast with Undo and the list refreshes", async () => {
    const res = await fetch(`${h.url}/transactions/104`, {
      method: "PATCH",
      headers: { Cookie: anna, Origin: h.url, "HX-Request": "true", "content-type": "application/x-www-form-urlencoded" },
      body: "category=Dining&merchant_name=Napoli%20Pizza",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("hx-trigger")).toBe("data-changed");
    const html = await res.text();
    expect(html).toContain('<span class="toast-message">Renamed the merchant of 1 transaction to &quot;Napoli Pizza&quot;.</span>');
    expect(html).toMatch(/hx-post="\/edits\/\d+\/undo"/);
    expect(category(104)).toEqual({ category: "Dining", source: "manual" });
  });
});

describe("categories over HTTP", () => {
  test("add needs a description (400), then works; the list and the page show it; 404 for an unknown category", async () => {
    const none = await send("POST", "/api/categories", { action: "add", name: "Pets" });
    expect(none.status).toBe(400);
    const add = await send("POST", "/api/categories", { action: "add", name: "Pets", description: "Pet food, vets" });
    expect([add.status, (await add.json()).message]).toEqual([200, "Added the category Pets."]);
    const list = (await (await get("/api/categories")).json()).categories;
    expect(list.find((c: { name: string }) => c.name === "Pets")).toEqual({ name: "Pets", description: "Pet food, vets", rows: 0, role: "spending", budget: null });
    const missing = await send("POST", "/api/categories", { action: "rename", name: "Petz", new_name: "Animals" });
    expect(missing.status).toBe(404);
    const page = await (await get("/categories")).text();
    expect(page).toContain('<h2 class="category-name">Pets</h2>');
    expect((await send("POST", "/api/categories", { action: "add", name: "Cars", description: "x" }, anna, "http://evil.example")).status).toBe(403);
  });
});
