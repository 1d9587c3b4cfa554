/**
 * Files dropped together onto a database with no currency yet: a file that names none takes one assumed currency, decided
 * once for the drop and said in its note — also when another file of the drop is imported before it is previewed again
 * (issue 32's leftover: b.csv was CHF, budget-chat's default, until a.csv, read as US dollars by its month-first dates,
 * was imported; then its re-preview took those dollars as "the main currency of your data").
 */
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { startWebHarness, webSuite } from "../support/web-harness.ts";

const h = webSuite(() => startWebHarness({ demo: true, noModel: true, readOnly: false }));

const CHF_NOTE = "every row was taken as CHF (budget-chat&#39;s default: your data has no currency yet)";

test("a file of a drop keeps the drop's assumed currency when another file of it was imported first", async () => {
  const form = new FormData();
  // a.csv: month-first dates (13 cannot be a month), so US dollars, said as assumed; b.csv: nothing to go by.
  form.append("file", new File(["Date,Description,Amount\n01/13/2026,Coffee shop,-4.50\n01/14/2026,Salary,3000.00\n"], "a.csv"));
  form.append("file", new File(["Date,Description,Amount\n2026-02-05,Bakery,-6.50\n2026-02-07,Bonus,100.00\n"], "b.csv"));
  const html = await (await fetch(`${h.url}/import/preview`, { method: "POST", body: form })).text();
  const [a, b] = [...html.matchAll(/<article[^>]*id="file-([\w-]+)"/g)].map((m) => m[1]!);
  const part = (x: string, id: string) => x.slice(x.indexOf(`id="file-${id}"`));
  expect(part(html, b!)).toContain(CHF_NOTE);
  const version = (x: string) => /name="version" value="(\d+)"/.exec(x)![1]!;
  const fields = { account: "", format: "auto", columns: "", currency: "" };
  const done = await fetch(`${h.url}/import/${a}/commit`, { method: "POST", body: new URLSearchParams({ ...fields, version: version(part(html, a!)) }) });
  expect([done.status, await done.text()]).toEqual([200, expect.stringContaining("Imported 2 transactions from a.csv.")]);
  // b.csv previewed again (an account given): still the drop's CHF, not a.csv's dollars; said as it was decided, since
  // the data has a currency by now (review of impl6: "your data has no currency yet" after a.csv's rows were imported).
  const set = await (await fetch(`${h.url}/import/${b}/settings`, { method: "POST", body: new URLSearchParams({ ...fields, account: "Konto" }) })).text();
  expect(set).toContain("every row was taken as CHF (budget-chat&#39;s default, as for the other files of this drop: your data had no currency when they were dropped)");
  expect(set).not.toContain("no currency yet");
  expect(set).not.toContain("USD");
  const last = await fetch(`${h.url}/import/${b}/commit`, { method: "POST", body: new URLSearchParams({ ...fields, account: "Konto", version: version(set) }) });
  expect(last.status).toBe(200);
  const db = new Database(h.budget.path, { readonly: true });
  try {
    expect(db.query("SELECT date, amount, currency FROM transactions ORDER BY date").all()).toEqual([
      { date: "2026-01-13", amount: -4.5, currency: "USD" },
      { date: "2026-01-14", amount: 3000, currency: "USD" },
      { date: "2026-02-05", amount: -6.5, currency: "CHF" },
      { date: "2026-02-07", amount: 100, currency: "CHF" },
    ]);
  } finally {
    db.close();
  }
});
