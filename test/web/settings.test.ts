/**
 * Issue 36 items 5 and 8 over HTTP, on the extended fixture (two accounts: the IBAN CH93 0076 2011 6238 5295 7 and
 * "Visa 4417"): account names on the Settings page show on the Transactions page instead of the numbers; a signed-in
 * user makes a sign-in link for another device (no terminal), which works once and voids the earlier ones.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { dirname } from "node:path";
import { Database } from "bun:sqlite";
import { createFixture, IBAN, VISA, type Fixture } from "../fixtures/budget-fixture.ts";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";
import { loginWith } from "../trust/support.ts";

let fx: Fixture;
let h: WebHarness;
beforeAll(async () => {
  fx = createFixture({ extended: true });
  h = await startWebHarness({ dir: dirname(fx.path) });
});
afterAll(async () => {
  await h.close();
  fx.cleanup();
});

const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${h.url}${path}`, { method: "POST", redirect: "manual", headers: { Origin: h.url, "content-type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams(fields) });

describe("account names (single-user local mode)", () => {
  test("the Settings page lists each account masked; a name replaces the number on the Transactions page; an empty name removes it", async () => {
    const settings = await (await fetch(`${h.url}/settings`)).text();
    // Visa 4417: 23 rows, the IBAN 17 (most first); the IBAN never whole.
    expect(settings).toContain('<span class="account-number">Visa 4417</span> <span class="muted">(23 transactions)</span>');
    expect(settings).toContain('<span class="account-number">CH93 … 2957</span> <span class="muted">(17 transactions)</span>');
    expect(settings).not.toContain(`>${IBAN}<`);
    // Local mode: nobody signs in, so no link to make.
    expect(settings).toContain("Nobody needs to sign in");

    const saved = await form("/settings/accounts", { account: IBAN, name: "  Household account " }, { "HX-Request": "true" });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("CH93 … 2957 is now called “Household account”.");
    expect(h.store.accountNames.all()).toEqual(new Map([[IBAN, "Household account"]]));

    const tx = await (await fetch(`${h.url}/transactions?account=${encodeURIComponent(IBAN)}`)).text();
    // The filter and the column name it; the number shows nowhere on the page (only as the option's value).
    expect(tx).toContain(`<option value="${IBAN}" selected="">Household account</option>`);
    expect(tx).toContain('<td class="account">Household account</td>');
    expect(tx.replaceAll(`value="${IBAN}"`, "")).not.toContain(IBAN);
    expect(tx).toContain(`<option value="${VISA}">Visa 4417</option>`);

    // Without JavaScript: a redirect back; an empty name removes it.
    const plain = await form("/settings/accounts", { account: IBAN, name: "" });
    expect(plain.status).toBe(303);
    expect(h.store.accountNames.all()).toEqual(new Map());
    expect(await (await fetch(`${h.url}/transactions?account=${encodeURIComponent(IBAN)}`)).text()).toContain('<td class="account">CH93 … 2957</td>');
  });

  test("an unknown account or a name too long is refused and nothing is stored", async () => {
    const unknown = await form("/settings/accounts", { account: "CH00 nope", name: "X" }, { "HX-Request": "true" });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("There is no such account in your data.");
    const long = await form("/settings/accounts", { account: VISA, name: "x".repeat(61) }, { "HX-Request": "true" });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("An account name has at most 60 characters.");
    expect(h.store.accountNames.all()).toEqual(new Map());
  });

  test("a cross-site form post is refused (CSRF), like every change", async () => {
    const res = await form("/settings/accounts", { account: VISA, name: "X" }, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(h.store.accountNames.all()).toEqual(new Map());
  });
});

describe("the Account filter and the rows without an account", () => {
  /**
   * uqa7 #4 (a leftover of uqa6): a household's Barclays, Monzo, Starling and Revolut exports name no account, an Amex
   * export does; the Transactions page's Account filter offered "All accounts" and the Amex card only, so the 305 rows
   * without an account could not be picked. The filter now offers "(no account)" (as data_coverage names them) when some
   * rows have none, and it selects exactly those rows. On the extended fixture: the IBAN's 17 rows and Visa 4417's 23 have
   * an account, the base fixture's rows none.
   */
  test("the Account filter offers (no account) and picks exactly the rows without one", async () => {
    const db = new Database(fx.path, { readonly: true });
    const none = db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM transactions WHERE account IS NULL OR trim(account) = ''").get()!.n;
    const all = db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM transactions").get()!.n;
    db.close();
    expect(all - none).toBe(40);
    const page = await (await fetch(`${h.url}/transactions`)).text();
    expect(page).toContain('<option value="(no account)">(no account)</option>');
    expect(page).toContain(`<option value="${VISA}">Visa 4417</option>`);
    // (The page lists the rows with a valid date: all of them but the fixture's malformed dates.)
    const listed = (await (await fetch(`${h.url}/api/transactions`)).json()).total_rows;
    const picked = await (await fetch(`${h.url}/api/transactions?account=${encodeURIComponent("(no account)")}`)).json();
    expect(picked.total_rows).toBe(listed - 40);
    expect(picked.total_rows).toBeLessThanOrEqual(none);
    expect(picked.rows.every((r: { account: string | null }) => r.account === null)).toBe(true);
    const iban = await (await fetch(`${h.url}/api/transactions?account=${encodeURIComponent(IBAN)}`)).json();
    expect(iban.total_rows).toBe(17);
  });
});

describe("a sign-in link for another device (users configured)", () => {
  test("made on the Settings page: shown once, works once, the earlier link stops working; audited without the token", async () => {
    const { loginToken: fromTerminal } = h.store.users.add("erin");
    const cookie = await loginWith(h, fromTerminal);
    const page = await (await fetch(`${h.url}/settings`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("A sign-in link for <strong>erin</strong>");
    expect(page).toContain(">Create a sign-in link</button>");

    const made = await form("/settings/sign-in-link", {}, { Cookie: cookie, "HX-Request": "true" });
    expect(made.status).toBe(200);
    expect(made.headers.get("cache-control")).toBe("no-store");
    const html = await made.text();
    const link = /id="sign-in-link-url" value="([^"]+)"/.exec(html)![1]!.replaceAll("&amp;", "&");
    expect(link).toStartWith(`${h.url}/login?token=`);
    expect(html).toContain(">Make a new link</button>");
    const token = decodeURIComponent(link.split("token=")[1]!);
    expect(JSON.stringify(h.store.audit.list({ kind: "security" }))).not.toContain(token);
    expect(h.store.audit.list({ kind: "security" }).some((e) => (e.detail as { event?: string }).event === "sign-in link created")).toBe(true);

    // Another device opens it: signed in as erin; a second time it no longer works.
    const other = await fetch(link, { redirect: "manual" });
    expect(other.status).toBe(303);
    expect(other.headers.get("set-cookie")).toContain("bc_session=");
    expect((await fetch(link, { redirect: "manual" })).status).toBe(401);

    // A second link voids the first one made before it (unused).
    const a = /id="sign-in-link-url" value="([^"]+)"/.exec(await (await form("/settings/sign-in-link", {}, { Cookie: cookie, "HX-Request": "true" })).text())![1]!;
    const b = /id="sign-in-link-url" value="([^"]+)"/.exec(await (await form("/settings/sign-in-link", {}, { Cookie: cookie, "HX-Request": "true" })).text())![1]!;
    expect((await fetch(a.replaceAll("&amp;", "&"), { redirect: "manual" })).status).toBe(401);
    expect((await fetch(b.replaceAll("&amp;", "&"), { redirect: "manual" })).status).toBe(303);
  });
});
