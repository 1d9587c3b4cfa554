/**
 * Issue 29, LOW items, as the adversarial review of round 4 found them through the compiled
 * binary (r4-relreview):
 * - The OWASP CSV rule (SPEC §13.1): `/transactions.csv` kept `-2+3+cmd|' /C calc'!A0` as it
 *   was, because a cell starting "-" and a digit was taken for a number; only a cell that IS
 *   a number (the money column: "-12.50") may start with "-" unprefixed.
 * - Referer-only requests follow the Origin rule: a POST with a foreign Referer and neither
 *   Origin nor Sec-Fetch-Site changed the data (200); it is refused 403 like a foreign Origin,
 *   while our own Referer, or no header at all (curl, scripts), still passes.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";

/** Descriptions a spreadsheet would run as formulas, each with the cell the export must write (worked out by hand: a `'` prefix, CSV-quoted when it holds `"` or `,`). */
const CELLS: [string, string][] = [
  ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
  ["-1-1", "'-1-1"],
  ["-5 refund", "'-5 refund"],
  ["+41 44 123 45 67", "'+41 44 123 45 67"],
  ["=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\""],
  ["@SUM(A1)", "'@SUM(A1)"],
  ["Migros", "Migros"],
];

let fake: FakeAnthropic;
let h: WebHarness;
let dir: string;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  dir = mkdtempSync(join(tmpdir(), "bc-export-referer-"));
  const budgetPath = join(dir, "budget.db");
  writeDemoDb({ out: budgetPath, seed: 7, transactions: 50 });
  const db = new Database(budgetPath);
  const insert = db.query(
    "INSERT INTO transactions (id, date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, created_at) VALUES (?, '2030-01-15', ?, -12.5, 'CHF', ?, 'Shopping', 'manual', 1, ?, '2030-01-15')",
  );
  CELLS.forEach(([text], i) => insert.run(9000 + i, text, text, `evil-${i}`));
  db.close();
  h = await startWebHarness({ fake, dir, readOnly: false });
});
afterAll(async () => {
  await h.close();
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("transactions.csv: the OWASP rule", () => {
  test("every text cell starting with = + - @ is defused; the money column is not", async () => {
    const res = await fetch(`${h.url}/transactions.csv?from=2030-01-01&to=2030-01-31`);
    expect(res.status).toBe(200);
    const lines = (await res.text()).split("\r\n").filter((l) => l.includes("2030-01-15"));
    // Columns: id, date, amount, currency, merchant, category, description, account.
    const want = CELLS.map(([, cell], i) => `${9000 + i},2030-01-15,-12.50,CHF,${cell},Shopping,${cell},`).reverse();
    expect(lines).toEqual(want);
  });
});

describe("a Referer without Origin", () => {
  const describeDining = (headers: Record<string, string>, description: string) =>
    fetch(`${h.url}/api/categories`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ action: "describe", name: "Dining", description }) });
  const diningDescription = () => (new Database(join(dir, "budget.db"), { readonly: true }).query("SELECT description FROM categories WHERE name = 'Dining'").get() as { description: string }).description;

  test("a foreign one is refused like a foreign Origin and changes nothing", async () => {
    const before = diningDescription();
    for (const referer of ["http://evil.example/page", `http://localhost:${new URL(h.url).port}/`, "not a url"]) {
      const res = await describeDining({ Referer: referer }, "from elsewhere");
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("Forbidden: cross-site request");
    }
    const form = await fetch(`${h.url}/categories`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", Referer: "http://evil.example/" }, body: "action=describe&name=Dining&description=from+elsewhere" });
    expect(form.status).toBe(403);
    expect(diningDescription()).toBe(before);
  });

  test("our own passes, and so does a request with neither header", async () => {
    expect((await describeDining({ Referer: `${h.url}/categories` }, "Restaurants and cafés")).status).toBe(200);
    expect(diningDescription()).toBe("Restaurants and cafés");
    expect((await describeDining({}, "Eating out")).status).toBe(200);
    expect(diningDescription()).toBe("Eating out");
  });
});
