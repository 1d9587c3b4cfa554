/**
 * A large statement on the command line is read twice instead of being held (Importer.parseStreamed
 * and commitStreamed: the second reading writes chunk by chunk inside the import's one
 * transaction). It must store exactly what the in-memory import stores: the same rows, ids (the
 * `#k` of identical rows across chunk boundaries included), details and checked balances, the same
 * counts, and the same refusals.
 */
import { Database } from "bun:sqlite";
import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { ImportInputError } from "../../src/core/errors.ts";
import { fixture } from "./formats/support.ts";
import { makeImporter, tempDir } from "./support.ts";

const CLI = { userId: null, by: "cli", via: "cli" } as const;
let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

const dump = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return {
      rows: db.query("SELECT date, raw_description, amount, currency, merchant_name, category, source, transaction_id, account FROM transactions ORDER BY transaction_id").all(),
      details: db.query("SELECT * FROM transaction_details ORDER BY transaction_id").all(),
      balances: db.query("SELECT account, currency, date, balance, opening_date, opening_balance, entries FROM account_balances").all(),
    };
  } finally {
    db.close();
  }
};

/** 45,000 rows over three chunks of 20,000: pairs of identical rows, one pair across the first chunk boundary; a running balance. */
function bigCsv(): Uint8Array {
  const lines = ["Buchungsdatum;Buchungstext;Betrag;Saldo;Währung"];
  let balance = 1_000_000;
  for (let i = 0; i < 45_000; i++) {
    const same = i % 1000 === 1 || i === 20_000 ? i - 1 : i;
    const cents = -((same * 7919) % 50_000) - 5;
    balance += cents;
    lines.push(`${String(1 + (same % 28)).padStart(2, "0")}.03.2026;Laden ${same % 97} Zürich ${same};${(cents / 100).toFixed(2).replace(".", ",")};${(balance / 100).toFixed(2).replace(".", ",")};CHF`);
  }
  return new TextEncoder().encode(lines.join("\n") + "\n");
}

function both(name: string, bytes: Uint8Array, opts: { skipBadRows?: boolean; acceptUnreconciled?: boolean; flipSigns?: boolean } = {}) {
  tmp = tempDir();
  const memory = join(tmp.dir, "memory.db");
  const streamed = join(tmp.dir, "streamed.db");
  return (async () => {
    const a = makeImporter(memory).importer;
    const plan = await a.plan(a.parse({ name, bytes: bytes.slice() }, opts), { classify: "offline" });
    const viaPlan = await a.commit(plan, { actor: CLI, acceptUnreconciled: opts.acceptUnreconciled });
    const b = makeImporter(streamed).importer;
    const sf = b.parseStreamed({ name, bytes: bytes.slice() }, opts);
    const viaStream = await b.commitStreamed(sf, { actor: CLI, acceptUnreconciled: opts.acceptUnreconciled });
    return { memory: dump(memory), streamed: dump(streamed), viaPlan, viaStream, plan, sf, b };
  })();
}

describe("streamed import = in-memory import", () => {
  for (const name of ["ubs-account-cp1252.csv", "ubs-card-cp1252.csv", "camt053-reconciles.xml", "fr-debit-credit-cp1252.csv", "de-inverted-balance.csv", "ing-nl-indicator.csv"]) {
    test(name, async () => {
      const r = await both(name, fixture(name));
      expect(r.streamed).toEqual(r.memory);
      expect(r.viaStream.inserted).toBe(r.viaPlan.inserted);
      expect(r.sf.reconciliation).toEqual(r.plan.reconciliation);
      expect([r.sf.dataLines, r.sf.skipped, r.sf.notes]).toEqual([r.plan.dataLines, r.plan.skipped, r.plan.notes]);
    });
  }

  test("45,000 rows in three chunks: the same ids (#2 across a chunk boundary), details, balances and counts; a re-import is all duplicates", async () => {
    const r = await both("big.csv", bigCsv());
    expect(r.viaStream.inserted).toBe(45_000);
    expect(r.streamed).toEqual(r.memory);
    // Rows 1, 1001, …, 44001 repeat the row before them (45), except 20001, whose partner 20000 repeats 19999 instead: 45.
    expect((r.streamed.rows as { transaction_id: string }[]).filter((x) => x.transaction_id.endsWith("#2")).length).toBe(45);
    expect(r.streamed.balances).toEqual([expect.objectContaining({ currency: "CHF", entries: 45_000 })]);
    const again = await r.b.commitStreamed(r.b.parseStreamed({ name: "big.csv", bytes: bigCsv() }), { actor: CLI });
    expect([again.batch, again.inserted, again.counts]).toEqual([null, 0, { rows: 45_000, new: 0, duplicates: 45_000, possibleDuplicates: 0 }]);
  });

  test("refused as in memory: bad rows, balances that do not reconcile; a dry run counts and writes nothing", async () => {
    tmp = tempDir();
    const { importer } = makeImporter(join(tmp.dir, "budget.db"));
    expect(() => importer.parseStreamed({ name: "card.qfx", bytes: fixture("card-v2.qfx") })).toThrow('card.qfx transaction 4: TRNAMT "abc" is not a number; nothing was imported (--skip-bad-rows imports the rest)');
    expect(() => importer.parseStreamed({ name: "off.xml", bytes: fixture("camt053-off.xml") })).toThrow(ImportInputError);
    const dry = await importer.commitStreamed(importer.parseStreamed({ name: "it.csv", bytes: fixture("ubs-account-it-cp1252.csv") }), { actor: CLI, dryRun: true });
    expect([dry.batch, dry.inserted, dry.counts]).toEqual([null, 3, { rows: 3, new: 3, duplicates: 0, possibleDuplicates: 0 }]);
  });
});
