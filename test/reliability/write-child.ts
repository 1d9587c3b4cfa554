/**
 * A second program writing budget.db through the write path (for write-path.test.ts):
 * `bun write-child.ts DB CHATDB TAG ROWS HOLD_MS BUSY_MS` inserts ROWS transactions tagged
 * TAG, holding the write transaction HOLD_MS in the middle; prints "ok" or "busy: <message>".
 * It prints "inside" on stderr once it holds the lock (the parent may kill it then).
 */
import { BudgetBusyError } from "../../src/ledger/write-lock.ts";
import { BudgetWriter } from "../../src/ledger/write-path.ts";
import { Store } from "../../src/store/store.ts";

const [db, chatDb, tag, rows, holdMs, busyMs] = process.argv.slice(2);
const store = Store.open(chatDb!);
const writer = new BudgetWriter(db!, { journal: store, busyTimeoutMs: Number(busyMs) });
try {
  await writer.write({
    kind: "import",
    userId: null,
    apply: (d) => {
      const insert = d.query(
        `INSERT INTO transactions (date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, import_batch, created_at)
         VALUES ('2026-01-01', 'test', -1, 'CHF', 'Test', 'Other', 'manual', 1, ?, ?, '2026-01-01T00:00:00Z')`,
      );
      const half = Math.floor(Number(rows) / 2);
      for (let i = 0; i < half; i++) insert.run(`${tag}-${i}`, tag!);
      process.stderr.write("inside\n");
      Bun.sleepSync(Number(holdMs));
      for (let i = half; i < Number(rows); i++) insert.run(`${tag}-${i}`, tag!);
    },
  });
  console.log("ok");
} catch (err) {
  if (!(err instanceof BudgetBusyError)) throw err;
  console.log(`busy: ${err.message}`);
} finally {
  store.close();
}
