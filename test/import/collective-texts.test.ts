/**
 * A CSV collective booking (ZKB "Belastungen (2)", UBS "Collective order", BLKB "Zahlungsauftrag") keeps its detail
 * lines' texts, the payees of its parts, in its description, so a rule, the classifier and a search see them (uqa3 D2:
 * a health insurer's premiums read "Belastungen (2)" only, and a rule on the insurer could not classify them). Its id is
 * made of its own text as before: a file imported before is all duplicates.
 */
import { Database } from "bun:sqlite";
import { afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { planCounts } from "../../src/import/importer.ts";
import { fixture } from "./formats/support.ts";
import { allRows, makeImporter, tempDir } from "./support.ts";

const CLI = { userId: null, by: "cli", via: "cli" } as const;
let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

test("zkb.csv: the collective debit's text names its two payees; the ids are those of before; an earlier import is all duplicates", async () => {
  tmp = tempDir();
  const path = join(tmp.dir, "budget.db");
  const { importer } = makeImporter(path);
  const zkb = () => ({ name: "zkb.csv", bytes: fixture("zkb.csv") });
  const parsed = importer.parse(zkb());
  // The ids as the reader made them before this change (the booking's own text "Belastungen (2)").
  expect(parsed.rows.toArray().map((r, i) => [r.line, r.description, parsed.ids[i]])).toEqual([
    [2, "Einkauf ZKB Visa Debit Karte", "h:7afa6db99f419d02"],
    [3, "Belastungen (2) · Muster AG, Bahnhofstrasse 1, 8000 Zürich · Beispiel GmbH, Hauptstrasse 2, 8400 Winterthur", "h:9f546cf6613a388a"],
    [6, "Gutschrift Auftraggeber: Muster Max · Rechnung 42 · Herr Muster, Zürich", "h:a39d378ebc3e45b7"],
  ]);
  await importer.commit(await importer.plan(parsed, { classify: "offline" }), { actor: CLI });
  // As an import before this change stored it.
  const db = new Database(path);
  db.run("UPDATE transactions SET raw_description = 'Belastungen (2)', merchant_name = 'Belastungen (2)' WHERE transaction_id = 'h:9f546cf6613a388a'");
  db.close();
  const again = await importer.plan(importer.parse(zkb()), { classify: "offline" });
  expect(planCounts(again)).toMatchObject({ rows: 3, new: 0, possibleDuplicates: 0, duplicates: 3 });
  expect(allRows(path).map((r) => r.raw_description)).toEqual(["Einkauf ZKB Visa Debit Karte", "Belastungen (2)", "Gutschrift Auftraggeber: Muster Max · Rechnung 42 · Herr Muster, Zürich"]);
});

// A collective booking that is not booked (no money moved; a bad date) lends its detail lines to no other booking: the
// row above it keeps its own text (review of uleft, item 1).
const ZKB_HEADER = "Datum;Buchungstext;Whg;Betrag Detail;ZKB-Referenz;Referenznummer;Belastung CHF;Gutschrift CHF;Valuta;Saldo CHF;Zahlungszweck;Details";
const ZKB_PARTS = [";Muster AG, Bahnhofstrasse 1, 8000 Zürich;CHF;500.00;;;;;;;;", ";Beispiel GmbH, Hauptstrasse 2, 8400 Winterthur;CHF;500.00;;;;;;;;"];
test.each([
  ["zkb-zero.csv", "11.02.2022;Belastungen (2);;;QRA2;;0.00;;11.02.2022;22708.77;;", [], []],
  ["zkb-bad.csv", "31.02.2022;Belastungen (2);;;QRA2;;1000.00;;11.02.2022;22708.77;;", [3], ["10.02.2022;Gutschrift X;;;l9;;;\"1712.72\";10.02.2022;23708.77;;"]],
])("%s: the detail lines of a collective booking not booked join no earlier booking", (name, collective, badLines, after) => {
  tmp = tempDir();
  const { importer } = makeImporter(join(tmp.dir, "budget.db"));
  const text = [ZKB_HEADER, "12.02.2022;Einkauf Migros;;;L1;;32.00;;12.02.2022;22676.77;;", collective, ...ZKB_PARTS, ...after].join("\n") + "\n";
  const parsed = importer.parse({ name, bytes: new TextEncoder().encode(text) }, { skipBadRows: true, acceptUnreconciled: true });
  expect(parsed.rows.toArray()[0]).toMatchObject({ line: 2, description: "Einkauf Migros" });
  expect(parsed.badRows.map((b) => b.line)).toEqual(badLines);
  const details = parsed.skipped.filter((s) => s.line === 4 || s.line === 5);
  expect(details.map((s) => s.line)).toEqual([4, 5]);
  for (const s of details) expect(s.reason).not.toContain("line 2");
});
