/**
 * A statement imported under an older reader, whose ids differ from today's (an earlier `:86:` parse gave MT940
 * rows another content hash; a CAMT/OFX reference the file repeats gives way to the content hash; round 3 stored
 * the payee alone as raw_description), is imported again through the real CLI path: none of its rows is added a
 * second time. The possible-duplicate rule of SPEC §10 / §10.1 holds each one back and names the row it repeats.
 *
 * The older import is built as it would have been: the file imported, then each row's transaction_id replaced by an
 * id of the older scheme (and, for the round-3 case, raw_description cut to the payee), same date, amount, currency
 * and account.
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FileSummary } from "../../src/cli/import.ts";
import { runCli } from "../support/cli-process.ts";
import { allRows, databasesPerTest } from "./support.ts";

const fixtures = join(import.meta.dir, "..", "fixtures", "import");
const files = databasesPerTest();
const cli = (args: string[]) => runCli([...args, "--db", files.db, "--chat-db", files.chatDb, "--no-classify"], { home: files.dir });

/** Import `path` (--json), then give its rows the ids (and, when asked, descriptions and dates) an older reader gave them. */
async function importedByAnOlderReader(path: string, olderDescription: (d: string) => string = (d) => d, olderDate: (date: string) => string = (d) => d): Promise<number> {
  const first = await cli(["import", path, "--json", "--accept-unreconciled", "--skip-bad-rows"]);
  expect([first.code, first.stderr]).toEqual([0, ""]);
  const inserted = (JSON.parse(first.stdout).files as FileSummary[])[0]!.inserted;
  const db = new Database(files.db);
  try {
    const rows = db.query("SELECT id, raw_description AS d, date FROM transactions").all() as { id: number; d: string; date: string }[];
    const update = db.query("UPDATE transactions SET transaction_id = ?, raw_description = ?, date = ? WHERE id = ?");
    // An older scheme's content hash: 16 hex digits that no reader of today makes for these rows.
    for (const r of rows) update.run(`h:0ld${String(r.id).padStart(13, "0")}`, olderDescription(r.d), olderDate(r.date), r.id);
    db.run("DELETE FROM transaction_details");
  } finally {
    db.close();
  }
  return inserted;
}

/** The same file again: its JSON summary, and the text run's "possible duplicates" lines (the reason each is held back). */
async function importAgain(path: string) {
  const json = await cli(["import", path, "--json", "--accept-unreconciled", "--skip-bad-rows"]);
  expect([json.code, json.stderr]).toEqual([0, ""]);
  const text = await cli(["import", path, "--dry-run", "--accept-unreconciled", "--skip-bad-rows"]);
  expect(text.code).toBe(0);
  const held = text.stdout.split("\n").filter((l) => l.startsWith("  ") && l.includes(" ~ "));
  return { summary: (JSON.parse(json.stdout).files as FileSummary[])[0]!, held: held.map((l) => l.trim()) };
}

describe("a statement imported under an older id scheme, imported again", () => {
  test("MT940 (content-hash ids from an earlier :86: parse): both bookings are held back as possible duplicates, with the rows they repeat", async () => {
    const path = join(fixtures, "mt940-postfinance.sta");
    expect(await importedByAnOlderReader(path)).toBe(2);
    const { summary, held } = await importAgain(path);
    expect([summary.inserted, summary.duplicates, summary.possible_duplicates]).toEqual([0, 0, 2]);
    expect(held).toEqual([
      'line 5: 2025-03-03 CHF -79.70 "KAUF/DIENSTLEISTUNG VOM 01.03.2025 KARTEN NR. XXXX1234 COOP-1511 ZUERICH" ~ 2025-03-03 "KAUF/DIENSTLEISTUNG VOM 01.03.2025 KARTEN NR. XXXX1234 COOP-1511 ZUERICH"',
      'line 9: 2025-03-25 CHF 5\'200.00 "MUSTER AG BAHNHOFSTRASSE 1 8000 ZUERICH · LOHN MAERZ" ~ 2025-03-25 "MUSTER AG BAHNHOFSTRASSE 1 8000 ZUERICH · LOHN MAERZ"',
    ]);
    expect(allRows(files.db)).toHaveLength(2);
  });

  test("CAMT stored by round 3 (payee only as raw_description, other ids): all 6 rows held back, none doubled", async () => {
    const path = join(fixtures, "camt053-reconciles.xml");
    // Round 3 kept the counterparty alone: "Coop Pronto Bern · Einkauf 1234 · Debitkarte" was "Coop Pronto Bern".
    expect(await importedByAnOlderReader(path, (d) => d.split(" · ")[0]!)).toBe(6);
    const { summary, held } = await importAgain(path);
    expect([summary.inserted, summary.duplicates, summary.possible_duplicates]).toEqual([0, 0, 6]);
    expect(held.map((l) => l.split(" ~ ")[1])).toEqual([
      '2025-05-02 "Coop Pronto Bern"',
      '2025-05-25 "Arbeitgeber Müller AG"',
      '2025-05-27 "Immo AG"',
      '2025-05-27 "EWB Energie"',
      '2025-05-30 "Kontoführung Mai"',
      '2025-05-31 "Zins & Spesen <Q2>"',
    ]);
    expect(allRows(files.db)).toHaveLength(6);
  });

  test("OFX (FITIDs then, content hashes now): the 3 rows are held back", async () => {
    const path = join(fixtures, "statement-v1.ofx");
    expect(await importedByAnOlderReader(path)).toBe(3);
    const { summary } = await importAgain(path);
    expect([summary.inserted, summary.duplicates, summary.possible_duplicates]).toEqual([0, 0, 3]);
    expect(allRows(files.db)).toHaveLength(3);
  });

  test("a booking whose text has no word of 4 letters (\"SBB CFF FFS\", round 3: \"SBB\") is held back too", async () => {
    // The same payment, the same text or the payee alone: no word of ≥ 4 letters to share, so the shared-word test
    // alone let it in a second time.
    const path = join(files.dir, "sbb.sta");
    writeFileSync(
      path,
      [":20:S1", ":25:CH5209000000123456789", ":28C:1/1", ":60F:C250301CHF100,00", ":61:2503040304D25,60NMSCNONREF", ":86:SBB CFF FFS", ":61:2503050305D9,80NMSCNONREF", ":86:SBB CFF FFS · GA", ":62F:C250331CHF64,60", "-", ""].join("\r\n"),
    );
    expect(await importedByAnOlderReader(path, (d) => d.split(" ")[0]!)).toBe(2);
    const { summary, held } = await importAgain(path);
    expect([summary.inserted, summary.possible_duplicates]).toEqual([0, 2]);
    expect(held).toEqual(['line 5: 2025-03-04 CHF -25.60 "SBB CFF FFS" ~ 2025-03-04 "SBB"', 'line 7: 2025-03-05 CHF -9.80 "SBB CFF FFS · GA" ~ 2025-03-05 "SBB"']);
  });

  test("Handelsbanken's CSV, dated by Transaktionsdatum before (now by Reskontradatum, the booking day): held back, not doubled", async () => {
    const path = join(fixtures, "handelsbanken-se.csv");
    // The older reader dated COOP KONSUM 2026-01-27 (its Transaktionsdatum), today's 2026-01-28; LÖN is 01-25 in both.
    expect(await importedByAnOlderReader(path, (d) => d, (date) => (date === "2026-01-28" ? "2026-01-27" : date))).toBe(2);
    const { summary, held } = await importAgain(path);
    expect([summary.inserted, summary.duplicates, summary.possible_duplicates]).toEqual([0, 0, 2]);
    expect(held).toEqual(['line 2: 2026-01-28 SEK -1\'245.60 "COOP KONSUM" ~ 2026-01-27 "COOP KONSUM"', 'line 3: 2026-01-25 SEK 25\'000.00 "LÖN" ~ 2026-01-25 "LÖN"']);
  });

  // Our own Caisse d'Epargne export (euros, no currency column). Before its layout, the generic reader took its rows in
  // the data's main currency with a note (CHF here); the layout now reads them as EUR, so every row has another content
  // id. Worked out by hand: 3 bookings (-8.40, +2'450.00, -72.15), each held back against its CHF row, none added.
  const assumed = join(fixtures, "caisse-epargne-assumed-fr.csv");
  const held = [
    'line 2: 2026-03-02 EUR -8.40 "CB BOULANGERIE PAUL 01/03" ~ 2026-03-02 CHF "CB BOULANGERIE PAUL 01/03"',
    'line 3: 2026-03-05 EUR 2\'450.00 "VIR SEPA DUPONT SARL · Salaire mars" ~ 2026-03-05 CHF "VIR SEPA DUPONT SARL · Salaire mars"',
    'line 4: 2026-03-10 EUR -72.15 "PRLV SEPA EDF · Facture electricite" ~ 2026-03-10 CHF "PRLV SEPA EDF · Facture electricite"',
  ];
  const currencies = () => allRows(files.db).map((r) => r.currency);

  test("a file whose currency was assumed (CHF), read again in the currency its layout names (EUR): held back, not added in EUR", async () => {
    // The earlier import: the generic reader (as --currency makes it read) took the main currency, CHF, and other texts
    // for the ids ("BOULANGERIE PAUL"); its rows keep the file's checksum in transaction_details.
    const first = await cli(["import", assumed, "--currency", "CHF", "--json"]);
    expect([first.code, first.stderr]).toEqual([0, ""]);
    const again = await importAgain(assumed);
    expect([again.summary.inserted, again.summary.duplicates, again.summary.possible_duplicates]).toEqual([0, 0, 3]);
    expect(again.held).toEqual(held);
    expect(currencies()).toEqual(["CHF", "CHF", "CHF"]);
  });

  // An account held in two currencies (a multi-currency card): the same fee and the same transfer on the same days in
  // EUR and in USD, each download imported with its currency given (--currency). Other files, other currencies: real
  // bookings, never held back, even where a row's content id in the other currency is an existing row's. Worked out
  // by hand: 2 EUR rows, then 3 USD rows (-1.00, -100.00, -2.00) all new; 5 rows stored, 2 EUR and 3 USD.
  test("an account's other currency: the same day, amount and text in EUR, then in USD (--currency given each time), all added", async () => {
    const eur = join(files.dir, "eur.csv");
    const usd = join(files.dir, "usd.csv");
    writeFileSync(eur, "Date,Description,Amount\n2026-03-05,Monthly card fee,-1.00\n2026-03-06,Transfer to savings,-100.00\n");
    writeFileSync(usd, "Date,Description,Amount\n2026-03-05,Monthly card fee,-1.00\n2026-03-06,Transfer to savings,-100.00\n2026-03-07,Other,-2.00\n");
    const first = await cli(["import", eur, "--currency", "EUR", "--json"]);
    expect([first.code, first.stderr]).toEqual([0, ""]);
    const json = await cli(["import", usd, "--currency", "USD", "--json"]);
    expect([json.code, json.stderr]).toEqual([0, ""]);
    const summary = (JSON.parse(json.stdout).files as FileSummary[])[0]!;
    expect([summary.inserted, summary.duplicates, summary.possible_duplicates]).toEqual([3, 0, 0]);
    expect(currencies()).toEqual(["EUR", "EUR", "USD", "USD", "USD"]);
  });
});
