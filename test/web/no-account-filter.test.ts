/**
 * uqa7 #4 (a leftover of uqa6): a household's Barclays, Monzo, Starling and Revolut exports name no account, an Amex
 * export does; the Transactions page's Account filter offered "All accounts" and the Amex card only, so the 305 rows
 * without an account could not be picked. The filter now offers "(no account)" (as data_coverage names them) when some
 * rows have none, and it selects exactly those rows. On the extended fixture: the IBAN's 17 rows and Visa 4417's 23 have
 * an account, the base fixture's rows none.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { dirname } from "node:path";
import { Database } from "bun:sqlite";
import { createFixture, IBAN, VISA, type Fixture } from "../fixtures/budget-fixture.ts";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";

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
