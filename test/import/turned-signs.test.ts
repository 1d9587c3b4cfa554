/**
 * A file imported again after an upgrade changed how it is read (a money app's "Expense" rows were money in, now money
 * out): the rows an earlier import of the same file stored at the same line and day with the amount the other way round
 * are named in a note (the command line, --json, the page's preview), the corrected rows held back as possible
 * duplicates of them, never added beside them unsaid; the stored rows are not changed (the user's acts only).
 *
 * The earlier reading is built as it would have been: the file imported, then a row's amount turned round and its
 * content-hash id replaced (the hash covers the amount), its transaction_details (file checksum, line) kept.
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { planCounts } from "../../src/import/importer.ts";
import { SignTurns } from "../../src/import/duplicates.ts";
import { previewText } from "../../src/import/preview.ts";
import { readFacts, walkRows } from "../../src/import/walk.ts";
import { DEFAULT_NOT_SPENDING } from "../../src/ledger/reader.ts";
import { fixture } from "./formats/support.ts";
import { allRows, databasesPerTest, makeImporter } from "./support.ts";

const CLI = { userId: null, by: "cli", via: "cli" } as const;
const files = databasesPerTest();
const target = () => files.db;

const CSV = new TextEncoder().encode("Date,Description,Amount,Currency\n2026-03-02,Migros Einkauf,-45.20,CHF\n2026-03-03,Lohn Maerz,5200.00,CHF\n2026-03-05,Kiosk Bahnhof,-7.50,CHF\n");
const file = { name: "money-app.csv", bytes: CSV };

/** Import `f`, then store the rows with these descriptions as an earlier reading had them: the other sign, and (`newId`) another id. */
async function importedByAnEarlierReading(path: string, f: { name: string; bytes: Uint8Array }, turned: (row: { transaction_id: string; raw_description: string }) => boolean, newId: boolean) {
  const { importer } = makeImporter(path);
  await importer.commit(await importer.plan(importer.parse(f, { acceptUnreconciled: true }), { classify: "offline" }), { actor: CLI });
  const db = new Database(path);
  try {
    for (const r of db.query("SELECT transaction_id, raw_description FROM transactions").all() as { transaction_id: string; raw_description: string }[]) {
      if (!turned(r)) continue;
      const old = newId ? `h:0ld${r.transaction_id.slice(5)}` : r.transaction_id;
      db.run("UPDATE transactions SET amount = -amount, transaction_id = ? WHERE transaction_id = ?", [old, r.transaction_id]);
      db.run("UPDATE transaction_details SET transaction_id = ? WHERE transaction_id = ?", [old, r.transaction_id]);
    }
  } finally {
    db.close();
  }
  return importer;
}

const NOTE = (batch: string) =>
  `2 rows of this file were stored before with the opposite sign, by an earlier import of this same file ("${batch}"): line 2 2026-03-02 CHF -45.20 (stored CHF 45.20); line 4 2026-03-05 CHF -7.50 (stored CHF 7.50). The file is read differently now, and the stored rows keep their sign. They are held as possible duplicates, not added beside the stored rows unless you import them too. To store them as read now, undo that import and import the file again`;

describe("a file read otherwise than when it was imported: the rows stored with the other sign", () => {
  test("plan and commit: held as possible duplicates of the stored rows, named in a note; nothing added, nothing changed", async () => {
    const path = target();
    const importer = await importedByAnEarlierReading(path, file, (r) => r.raw_description !== "Lohn Maerz", true);
    const batch = importer.list()[0]!.batch;
    const before = allRows(path).map((r) => [r.date, r.amount]);
    const plan = await importer.plan(importer.parse(file), { classify: "offline" });
    expect(planCounts(plan)).toMatchObject({ new: 0, duplicates: 1, possibleDuplicates: 2 });
    expect([...plan.matches.values()].map((m) => [m.date, m.description])).toEqual([["2026-03-02", "Migros Einkauf"], ["2026-03-05", "Kiosk Bahnhof"]]);
    expect(plan.notes).toEqual([NOTE(batch)]);
    expect((await importer.commit(plan, { actor: CLI })).inserted).toBe(0);
    expect(allRows(path).map((r) => [r.date, r.amount])).toEqual(before);
  });

  test("a large file's streamed import and the page's preview say the same", async () => {
    const path = target();
    const importer = await importedByAnEarlierReading(path, file, (r) => r.raw_description !== "Lohn Maerz", true);
    const batch = importer.list()[0]!.batch;
    const streamed = await importer.commitStreamed(importer.parseStreamed(file), { dryRun: true, actor: CLI });
    expect([streamed.counts, streamed.inserted, streamed.notes]).toEqual([{ rows: 3, new: 0, duplicates: 1, possibleDuplicates: 2 }, 0, [NOTE(batch)]]);
    const preview = previewText(new TextDecoder().decode(CSV), { sha256: new Bun.CryptoHasher("sha256").update(CSV).digest("hex"), bytes: CSV.length }, { fileName: file.name, options: {}, target: path, model: null, listRows: 10, listPossible: 10, notSpending: DEFAULT_NOT_SPENDING });
    expect([preview.counts, preview.notes.slice(-1)]).toEqual([{ rows: 3, new: 0, duplicates: 1, possibleDuplicates: 2 }, [NOTE(batch)]]);
  });

  test("a bank's id (camt) kept under the other sign: a duplicate as before, and said", async () => {
    const path = target();
    const camt = { name: "camt053-reconciles.xml", bytes: fixture("camt053-reconciles.xml") };
    const importer = await importedByAnEarlierReading(path, camt, (r) => r.transaction_id === "camt:R-501", false);
    const batch = importer.list()[0]!.batch;
    const plan = await importer.plan(importer.parse(camt), { classify: "offline" });
    expect(planCounts(plan)).toMatchObject({ new: 0, duplicates: 6, possibleDuplicates: 0 });
    expect(plan.notes.filter((n) => n.includes("opposite sign"))).toEqual([
      `a row of this file was stored before with the opposite sign, by an earlier import of this same file ("${batch}"): entry 1 2025-05-02 CHF -84.30 (stored CHF 84.30). The file is read differently now, and the stored row keeps its sign. To store it as read now, undo that import and import the file again`,
    ]);
  });

  test("one row held: said of one row", async () => {
    const path = target();
    const importer = await importedByAnEarlierReading(path, file, (r) => r.raw_description === "Kiosk Bahnhof", true);
    const batch = importer.list()[0]!.batch;
    const plan = await importer.plan(importer.parse(file), { classify: "offline" });
    expect(plan.notes.filter((n) => n.includes("opposite sign"))).toEqual([
      `a row of this file was stored before with the opposite sign, by an earlier import of this same file ("${batch}"): line 4 2026-03-05 CHF -7.50 (stored CHF 7.50). The file is read differently now, and the stored row keeps its sign. It is held as a possible duplicate, not added beside the stored row unless you import it too. To store it as read now, undo that import and import the file again`,
    ]);
  });

  test("the same file imported again as it was read then: nothing said", async () => {
    const path = target();
    const importer = await importedByAnEarlierReading(path, file, () => false, false);
    const plan = await importer.plan(importer.parse(file), { classify: "offline" });
    expect([planCounts(plan).duplicates, plan.notes.filter((n) => n.includes("opposite sign"))]).toEqual([3, []]);
  });
});

/**
 * A camt batch entry whose parts go both ways on its one line (entry 1: −80.00 paid, −30.00 paid, +30.00 back): each part
 * is stored under its own id, the +30 and the −30 at the same line and day with opposite signs — rows of the file as it
 * reads now, no other reading of one another (review of impl7, findings 2 and 3).
 */
const BATCH = new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.04"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>M-7</MsgId><CreDtTm>2026-04-09T07:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>M-7-1</Id><Acct><Id><IBAN>CH5604835012345678009</IBAN></Id><Ccy>CHF</Ccy></Acct>
<Ntry><NtryRef>S7</NtryRef><Amt Ccy="CHF">80.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-04-08</Dt></BookgDt><ValDt><Dt>2026-04-08</Dt></ValDt><AcctSvcrRef>BATCH-7</AcctSvcrRef>
<NtryDtls><Btch><NbOfTxs>3</NbOfTxs><TtlAmt Ccy="CHF">80.00</TtlAmt><CdtDbtInd>DBIT</CdtDbtInd></Btch>
<TxDtls><Refs><EndToEndId>P-71</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="CHF">80.00</Amt></TxAmt></AmtDtls><CdtDbtInd>DBIT</CdtDbtInd><RltdPties><Cdtr><Nm>Gartenbau Frei</Nm></Cdtr></RltdPties><RmtInf><Ustrd>Offerte 4</Ustrd></RmtInf></TxDtls>
<TxDtls><Refs><EndToEndId>P-72</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="CHF">30.00</Amt></TxAmt></AmtDtls><CdtDbtInd>DBIT</CdtDbtInd><RltdPties><Cdtr><Nm>Schreinerei Odermatt</Nm></Cdtr></RltdPties><RmtInf><Ustrd>Offerte 5</Ustrd></RmtInf></TxDtls>
<TxDtls><Refs><EndToEndId>P-73</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="CHF">30.00</Amt></TxAmt></AmtDtls><CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Cdtr><Nm>Schreinerei Odermatt</Nm></Cdtr></RltdPties><RmtInf><Ustrd>Gutschrift 5</Ustrd></RmtInf></TxDtls>
</NtryDtls></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>
`);

/** The batch walked as a streamed file's rows are, in chunks of 20,000 rows, 2 and 1: per size, the rows' status and the note. */
const CHUNKS = [20000, 2, 1];
function walkedInChunks(path: string) {
  const text = new TextDecoder().decode(BATCH);
  const sha256 = new Bun.CryptoHasher("sha256").update(BATCH).digest("hex");
  const opts = { fileName: "batch.xml" };
  const facts = readFacts(text, opts);
  const db = new Database(path, { readonly: true });
  try {
    return CHUNKS.map((chunkRows) => {
      const turns = new SignTurns();
      const status: number[] = [];
      walkRows(text, opts, facts, db, { sha256, turns, chunkRows, notSpending: DEFAULT_NOT_SPENDING }, (c) => status.push(...c.status));
      return [chunkRows, status, turns.note(String)];
    });
  } finally {
    db.close();
  }
}

describe("rows of one line with opposite signs (a batch's parts): no other reading of one another", () => {
  test("the unchanged file imported again: duplicates, nothing said, whole or walked in chunks of any size", async () => {
    const path = target();
    const batch = { name: "batch.xml", bytes: BATCH };
    const importer = await importedByAnEarlierReading(path, batch, () => false, false);
    expect(allRows(path).map((r) => r.amount).sort((a, b) => Number(a) - Number(b))).toEqual([-80, -30, 30]);
    const plan = await importer.plan(importer.parse(batch), { classify: "offline" });
    expect([planCounts(plan), plan.notes.filter((n) => n.includes("opposite sign"))]).toEqual([{ ...planCounts(plan), new: 0, duplicates: 3, possibleDuplicates: 0 }, []]);
    // A streamed file's walk splits its rows into chunks (20,000 rows); a boundary between a line's parts changes nothing.
    expect(walkedInChunks(path)).toEqual(CHUNKS.map((n) => [n, [1, 1, 1], null]));
  });

  test("a part missing from budget.db beside its stored opposite: new, not held as another reading of it, in any chunk", async () => {
    const path = target();
    const batch = { name: "batch.xml", bytes: BATCH };
    await importedByAnEarlierReading(path, batch, () => false, false);
    const rw = new Database(path);
    try {
      for (const t of ["transaction_details", "transactions"]) rw.run(`DELETE FROM ${t} WHERE transaction_id IN (SELECT transaction_id FROM transactions WHERE amount = 30)`);
    } finally {
      rw.close();
    }
    expect(walkedInChunks(path)).toEqual(CHUNKS.map((n) => [n, [1, 1, 0], null]));
  });
});

/** A batch of two parts alike on its one line (−30.00 to the same joiner twice): each stored before with the other sign. */
const TWIN_PARTS = new TextEncoder().encode(
  new TextDecoder()
    .decode(BATCH)
    .replaceAll("<Amt Ccy=\"CHF\">80.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>", "<Amt Ccy=\"CHF\">140.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>")
    .replace("<TtlAmt Ccy=\"CHF\">80.00</TtlAmt>", "<TtlAmt Ccy=\"CHF\">140.00</TtlAmt>")
    .replace("<CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Cdtr><Nm>Schreinerei Odermatt</Nm></Cdtr></RltdPties><RmtInf><Ustrd>Gutschrift 5", "<CdtDbtInd>DBIT</CdtDbtInd><RltdPties><Cdtr><Nm>Schreinerei Odermatt</Nm></Cdtr></RltdPties><RmtInf><Ustrd>Offerte 6"),
);

describe("two rows alike on one line (a batch's twin parts), both stored before with the other sign", () => {
  test("both held as possible duplicates, not one held and the other added beside its stored twin", async () => {
    const path = target();
    const batch = { name: "twins.xml", bytes: TWIN_PARTS };
    const importer = await importedByAnEarlierReading(path, batch, (r) => /Offerte [56]/.test(r.raw_description), true);
    expect(allRows(path).map((r) => r.amount).sort((a, b) => Number(a) - Number(b))).toEqual([-80, 30, 30]);
    const plan = await importer.plan(importer.parse(batch), { classify: "offline" });
    expect(planCounts(plan)).toMatchObject({ new: 0, duplicates: 1, possibleDuplicates: 2 });
  });
});
