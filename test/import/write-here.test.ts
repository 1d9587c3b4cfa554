/**
 * The command line writes an import's rows on its own thread (Importer's writesOnThisThread), the server in the
 * budget write worker: the same files imported both ways leave the same budget.db, the same results and the same
 * records in chat.db.
 */
import { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { Importer } from "../../src/import/importer.ts";
import { Store } from "../../src/store/store.ts";
import { databasesPerTest, NOW } from "./support.ts";

const CLI = { userId: null, by: "cli", via: "cli" } as const;
const dbs = databasesPerTest();

const header = "Date;Amount;Currency;Description\n";
/** Two rows; then a file with one of them again, two identical coffees and a salary. */
const first = header + "01.03.2026;-12.50;CHF;Coop Zürich\n02.03.2026;-80.00;CHF;SBB CFF FFS\n";
const second = header + "02.03.2026;-80.00;CHF;SBB CFF FFS\n03.03.2026;-4.50;CHF;Café  Bar\n03.03.2026;-4.50;CHF;Café  Bar\n25.03.2026;5000.00;CHF;Salary ACME\n";

/** The content id as SPEC §10 defines it: "h:" + 16 hex digits of SHA-256 over account|date|amount|currency|normalised text. */
const hashId = (date: string, amount: string, text: string) => "h:" + createHash("sha256").update(`|${date}|${amount}|CHF|${text}`).digest("hex").slice(0, 16);

async function importBoth(writesOnThisThread: boolean, dir: string) {
  const target = join(dir, `budget-${writesOnThisThread ? "here" : "worker"}.db`);
  const store = Store.memory();
  let tick = 0;
  // The same clock for both ways (one millisecond a call), so the batches' names and times are the same.
  const importer = new Importer({ target, store, model: null, now: () => new Date(NOW.getTime() + tick++), writesOnThisThread });
  const results = [];
  for (const [name, text] of [["first.csv", first], ["second.csv", second]] as const) {
    const parsed = importer.parse({ name, bytes: Buffer.from(text) });
    results.push(await importer.commit(await importer.plan(parsed, { classify: "offline" }), { actor: CLI }));
  }
  const db = new Database(target, { readonly: true });
  const content = {
    transactions: db.query("SELECT * FROM transactions ORDER BY id").all(),
    details: db.query("SELECT rowid, * FROM transaction_details ORDER BY rowid").all(),
    log: db.query("SELECT * FROM import_log ORDER BY rowid").all(),
  };
  db.close();
  const records = results.map((r) => {
    const { dbPath: _path, ...rec } = store.imports.get(r.batch!)!; // each import's own file
    return rec;
  });
  const writes = store.db.query("SELECT kind, status, changed_rows FROM budget_writes ORDER BY created_at").all();
  store.close();
  return { results, content, records, writes };
}

describe("an import written on this thread (the command line)", () => {
  test("leaves what the write worker leaves: rows, ids, details, log, results, records", async () => {
    const here = await importBoth(true, dbs.dir);
    const worker = await importBoth(false, dbs.dir);
    expect(here).toEqual(worker);

    // By hand: the first file adds its 2 rows; the second 3 of its 4 (the SBB row is there already).
    expect(here.results.map((r) => [r.inserted, r.alreadyThere])).toEqual([
      [2, 0],
      [3, 0],
    ]);
    const t = here.content.transactions as { transaction_id: string; merchant_name: string; raw_description: string; source: string; category: string }[];
    // The two identical coffees: the second one of the file numbered "#2"; the double space is normalised in the id
    // and in the merchant (cleanDescription), kept in raw_description.
    const coffee = hashId("2026-03-03", "-4.50", "café bar");
    expect(t.map((r) => r.transaction_id)).toEqual([
      hashId("2026-03-01", "-12.50", "coop zürich"),
      hashId("2026-03-02", "-80.00", "sbb cff ffs"),
      coffee,
      `${coffee}#2`,
      hashId("2026-03-25", "5000.00", "salary acme"),
    ]);
    expect(t[2]).toMatchObject({ raw_description: "Café  Bar", merchant_name: "Café Bar", source: "unclassified", category: "Uncategorised" });
    // Each row's provenance: its file and line (the header is line 1).
    expect((here.content.details as { transaction_id: string; source_file: string; source_line: number }[]).map((d) => [d.transaction_id, d.source_file, d.source_line])).toEqual([
      [t[0]!.transaction_id, "first.csv", 2],
      [t[1]!.transaction_id, "first.csv", 3],
      [coffee, "second.csv", 3],
      [`${coffee}#2`, "second.csv", 4],
      [t[4]!.transaction_id, "second.csv", 5],
    ]);
    // Both writes went through the two-phase path and were settled.
    expect(here.writes).toEqual([
      { kind: "import", status: "done", changed_rows: 3 },
      { kind: "import", status: "done", changed_rows: 4 },
    ]);
  });
});
