/**
 * The same booking on two of the holder's accounts (the bank's monthly fee, the same day, amount and text on each) is two
 * rows, one per account. Exports whose own-account column is read since their ids were fixed (Rabobank's "IBAN/BBAN",
 * Belfius's "Rekening", Morgan Stanley's "Account": ColumnPlan.accountNotInIds) and files of several statements (ids
 * with the first statement's account) make their content-hash ids without the row's own account: the second account's
 * fee had the first's id and was taken for a duplicate of it, never stored, exit 0. A row is a duplicate only of a
 * stored row of its own account; a row whose id is another account's row's takes its own account's id (the same on
 * every import of it), and files imported before re-import as duplicates.
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FileSummary } from "../../src/cli/import.ts";
import { runCli } from "../support/cli-process.ts";
import { planCounts } from "../../src/import/importer.ts";
import { databasesPerTest, makeImporter } from "./support.ts";

const files = databasesPerTest();
const budgetChat = (args: string[]) => runCli([...args, "--db", files.db, "--chat-db", files.chatDb], { home: files.dir });
const cli = (args: string[]) => budgetChat([...args, "--no-classify"]);

/** Imports `names` (written by `write`) in one command; each file's summary. */
async function imported(names: string[], ...flags: string[]): Promise<FileSummary[]> {
  const run = await cli(["import", ...names.map((n) => join(files.dir, n)), "--json", ...flags]);
  expect([run.code, run.stderr]).toEqual([0, ""]);
  return JSON.parse(run.stdout).files as FileSummary[];
}

const counts = (s: FileSummary) => [s.inserted, s.duplicates, s.possible_duplicates];

/** Each file's [inserted, duplicates, possible duplicates] once `names` are imported in one command. */
const countsOf = async (names: string[], ...flags: string[]) => (await imported(names, ...flags)).map(counts);

/** Stored rows as "account date amount text", sorted. */
function stored(): string[] {
  const db = new Database(files.db, { readonly: true });
  try {
    const rows = db.query("SELECT account, date, amount, raw_description AS text FROM transactions").all() as { account: string; date: string; amount: number; text: string }[];
    return rows.map((r) => `${r.account} ${r.date.slice(0, 10)} ${r.amount.toFixed(2)} ${r.text}`).sort();
  } finally {
    db.close();
  }
}

function write(name: string, text: string): void {
  writeFileSync(join(files.dir, name), text);
}

// A Rabobank-like export of one account ("IBAN/BBAN" beside "Tegenrekening IBAN/BBAN"), invented accounts and amounts:
// each account pays the same package fee on the same day.
const RABO_HEADER = `"IBAN/BBAN","Munt","BIC","Volgnr","Datum","Rentedatum","Bedrag","Saldo na trn","Tegenrekening IBAN/BBAN","Naam tegenpartij","Naam uiteindelijke partij","Naam initiërende partij","BIC tegenpartij","Code","Batch ID","Transactiereferentie","Machtigingskenmerk","Incassant ID","Betalingskenmerk","Omschrijving-1","Omschrijving-2","Omschrijving-3","Reden retour","Oorspr bedrag","Oorspr munt","Koers"`;
const rabo = (iban: string, n: number, date: string, amount: string, balance: string, party: string, text: string) =>
  `"${iban}","EUR","RABONL2U","${String(n).padStart(18, "0")}","${date}","${date}","${amount}","${balance}","","${party}","","","","db","","","","","","${text}","","","","","",""`;
const A = "NL39RABO0300065264";
const B = "NL44RABO0123459876";
const RABO_A = [rabo(A, 501, "2026-04-02", "-31,40", "+1.468,60", "Jumbo Utrecht", "Betaalautomaat 10:12 pasnr. 041"), rabo(A, 502, "2026-04-30", "-5,00", "+1.463,60", "Rabobank", "Kosten betaalpakket april"), rabo(A, 503, "2026-04-30", "+250,00", "+1.713,60", "J. de Vries", "Terugbetaling")];
const RABO_B = [rabo(B, 601, "2026-04-10", "-12,00", "+788,00", "Albert Heijn 7710", "Betaalautomaat 18:40 pasnr. 077"), rabo(B, 602, "2026-04-30", "-5,00", "+783,00", "Rabobank", "Kosten betaalpakket april")];
const RABO_ROWS = [
  `${A} 2026-04-02 -31.40 Jumbo Utrecht · Betaalautomaat 10:12 pasnr. 041`,
  `${A} 2026-04-30 -5.00 Rabobank · Kosten betaalpakket april`,
  `${A} 2026-04-30 250.00 J. de Vries · Terugbetaling`,
  `${B} 2026-04-10 -12.00 Albert Heijn 7710 · Betaalautomaat 18:40 pasnr. 077`,
  `${B} 2026-04-30 -5.00 Rabobank · Kosten betaalpakket april`,
];

function writeRabo(): void {
  write("rabo-a.csv", `${RABO_HEADER}\n${RABO_A.join("\n")}\n`);
  write("rabo-b.csv", `${RABO_HEADER}\n${RABO_B.join("\n")}\n`);
  write("rabo-both.csv", `${RABO_HEADER}\n${[...RABO_A, ...RABO_B].join("\n")}\n`);
}

describe("two accounts' exports whose own-account column is read since their ids were fixed (Rabobank-like)", () => {
  for (const order of [["rabo-a.csv", "rabo-b.csv"], ["rabo-b.csv", "rabo-a.csv"]]) {
    test(`${order.join(", then ")}, one command each: each account's fee is stored; each file again is all duplicates`, async () => {
      writeRabo();
      const size = (name: string) => (name === "rabo-a.csv" ? 3 : 2);
      expect([...(await countsOf([order[0]!])), ...(await countsOf([order[1]!]))]).toEqual([
        [size(order[0]!), 0, 0],
        [size(order[1]!), 0, 0],
      ]);
      expect(stored()).toEqual(RABO_ROWS);
      for (const name of order) expect((await countsOf([name]))[0]).toEqual([0, size(name), 0]);
      // The file of both accounts (each row's account in its id) stores nothing twice.
      expect((await imported(["rabo-both.csv"]))[0]!.inserted).toBe(0);
      expect(stored()).toEqual(RABO_ROWS);
    });
  }

  test("both files in one command: each account's fee is stored, and the dry run said so", async () => {
    writeRabo();
    // The dry run writes nothing: the second file's fee is told from the first's by the ids read earlier in the run.
    expect(await countsOf(["rabo-a.csv", "rabo-b.csv"], "--dry-run")).toEqual([
      [3, 0, 0],
      [2, 0, 0],
    ]);
    expect(await countsOf(["rabo-a.csv", "rabo-b.csv"])).toEqual([
      [3, 0, 0],
      [2, 0, 0],
    ]);
    expect(stored()).toEqual(RABO_ROWS);
  });

  test("one account's export by its IBAN and by its BBAN in one command: the second is all duplicates, in the dry run too", async () => {
    writeRabo();
    write("rabo-b-bban.csv", `${RABO_HEADER}\n${RABO_B.map((r) => r.replace(B, B.slice(8))).join("\n")}\n`);
    for (const flags of [["--dry-run"], []]) {
      expect(await countsOf(["rabo-b.csv", "rabo-b-bban.csv"], ...flags)).toEqual([
        [2, 0, 0],
        [0, 2, 0],
      ]);
    }
    expect(stored()).toEqual(RABO_ROWS.slice(3));
  });

  test("the file of both accounts, then each account's own file: all duplicates or held back, nothing lost or stored twice", async () => {
    writeRabo();
    expect((await countsOf(["rabo-both.csv"]))[0]).toEqual([5, 0, 0]);
    expect((await countsOf(["rabo-both.csv"]))[0]).toEqual([0, 5, 0]);
    // Ids without the account, as before the column was read: each row held back as a possible duplicate of its own.
    expect(await countsOf(["rabo-a.csv", "rabo-b.csv"])).toEqual([
      [0, 0, 3],
      [0, 0, 2],
    ]);
    expect(stored()).toEqual(RABO_ROWS);
  });

  test("a repeated fee within one account's file is still booked twice (ID#2), beside the other account's one", async () => {
    const twice = [...RABO_B, rabo(B, 603, "2026-04-30", "-5,00", "+778,00", "Rabobank", "Kosten betaalpakket april")];
    write("rabo-a.csv", `${RABO_HEADER}\n${RABO_A.join("\n")}\n`);
    write("rabo-b2.csv", `${RABO_HEADER}\n${twice.join("\n")}\n`);
    expect((await countsOf(["rabo-a.csv"]))[0]).toEqual([3, 0, 0]);
    expect((await countsOf(["rabo-b2.csv"]))[0]).toEqual([3, 0, 0]);
    expect((await countsOf(["rabo-b2.csv"]))[0]).toEqual([0, 3, 0]);
    expect(stored().filter((r) => r.includes(" -5.00 "))).toEqual([`${A} 2026-04-30 -5.00 Rabobank · Kosten betaalpakket april`, ...Array(2).fill(`${B} 2026-04-30 -5.00 Rabobank · Kosten betaalpakket april`)]);
  });

  for (const first of ["rabo-b.csv", "rabo-a.csv"]) {
    test(`A's import undone, then ${first} first: each file is new or all duplicates, ticking stores nothing twice`, async () => {
      writeRabo();
      const [a] = await imported(["rabo-a.csv"]);
      await imported(["rabo-b.csv"]);
      const undo = await budgetChat(["imports", "undo", a!.batch!]);
      expect([undo.code, undo.stderr]).toEqual([0, ""]);
      expect(stored()).toEqual(RABO_ROWS.slice(3));
      // B's fee is stored under its own account's id (A's row held the plain one): found again as B's, not held back.
      if (first === "rabo-b.csv") {
        expect((await countsOf(["rabo-b.csv"]))[0]).toEqual([0, 2, 0]);
        expect((await countsOf(["rabo-b.csv"], "--include-possible-duplicates"))[0]).toEqual([0, 2, 0]);
      }
      // A's fee is new, not a possible duplicate of B's (another account's row).
      expect((await countsOf(["rabo-a.csv"]))[0]).toEqual([3, 0, 0]);
      expect(await countsOf(["rabo-a.csv", "rabo-b.csv"])).toEqual([
        [0, 3, 0],
        [0, 2, 0],
      ]);
      expect(stored()).toEqual(RABO_ROWS);
    });
  }

  test("a file imported with --account, then the other account's file: its fee is held back (the name given may be either account), imported when the user says, then a duplicate", async () => {
    writeRabo();
    expect((await countsOf(["rabo-a.csv"], "--account", "Rabo joint"))[0]).toEqual([3, 0, 0]);
    // "Rabo joint" may name B's account as well as A's: the fee is shown as a possible duplicate of A's, never dropped unsaid.
    expect((await countsOf(["rabo-b.csv"]))[0]).toEqual([1, 0, 1]);
    expect((await countsOf(["rabo-a.csv"], "--account", "Rabo joint"))[0]).toEqual([0, 3, 0]);
    expect((await countsOf(["rabo-b.csv"], "--include-possible-duplicates"))[0]).toEqual([1, 1, 1]);
    expect((await countsOf(["rabo-b.csv"]))[0]).toEqual([0, 2, 0]);
    expect(stored()).toEqual([...RABO_ROWS.slice(0, 3).map((r) => r.replace(A, "Rabo joint")), ...RABO_ROWS.slice(3)].sort());
  });
});

// Belfius's export in Dutch ("Rekening" beside "Rekening tegenpartij"): one account per file.
const BELFIUS_HEADER = "Rekening;Boekingsdatum;Rekeninguittrekselnummer;Transactienummer;Rekening tegenpartij;Naam tegenpartij bevat;Straat en nummer;Postcode en plaats;Transactie;Valutadatum;Bedrag;Devies;BIC;Landcode;Mededelingen";
const belfius = (iban: string, n: number, date: string, amount: string, party: string, text: string) => `${iban};${date};4;${n};;${party};;;${text};${date};${amount};EUR;;;${text}`;

test("Belfius-like exports of two accounts, one after the other: the same fee on each is stored for each", async () => {
  const c = "BE62 0634 1177 2218";
  const d = "BE15 0635 9022 8174";
  write("belfius-c.csv", `${BELFIUS_HEADER}\n${[belfius(c, 11, "03/03/2026", "-42,10", "Delhaize Gent", "Betaling Bancontact"), belfius(c, 12, "31/03/2026", "-2,75", "Belfius", "Beheerskosten rekening")].join("\n")}\n`);
  write("belfius-d.csv", `${BELFIUS_HEADER}\n${[belfius(d, 21, "31/03/2026", "-2,75", "Belfius", "Beheerskosten rekening"), belfius(d, 22, "17/03/2026", "-9,99", "Proximus", "Domiciliering")].join("\n")}\n`);
  expect((await countsOf(["belfius-c.csv"]))[0]).toEqual([2, 0, 0]);
  expect((await countsOf(["belfius-d.csv"]))[0]).toEqual([2, 0, 0]);
  expect(stored().filter((r) => r.includes("Beheerskosten"))).toEqual(["BE15063590228174 2026-03-31 -2.75 Belfius · Beheerskosten rekening", "BE62063411772218 2026-03-31 -2.75 Belfius · Beheerskosten rekening"]);
  for (const name of ["belfius-c.csv", "belfius-d.csv"]) expect((await countsOf([name]))[0]).toEqual([0, 2, 0]);
});

// Morgan Stanley's activity export: several accounts in one file, ids without them (layout account.notInIds).
const MS_HEADER = "Activity Date,Transaction Date,Account,Institution Name,Activity,Description,Memo,Tags,Amount($)";
const ms = (account: string, date: string, text: string, amount: string) => `${date},${date},${account},Morgan Stanley,Fee,${text},,,${amount}`;
const P = "Platinum CashPlus 101 770021";
const Q = "AAA 101 330917";

test("Morgan Stanley: one account's export, then the export of both accounts holding the same fee on each: each fee once", async () => {
  write("ms-q.csv", `${MS_HEADER}\n${[ms(Q, "09/30/2026", "MONTHLY SERVICE FEE", "-4.00"), ms(Q, "09/12/2026", "DIVIDEND VANGUARD", "12.34")].join("\n")}\n`);
  write("ms-both.csv", `${MS_HEADER}\n${[ms(P, "09/30/2026", "MONTHLY SERVICE FEE", "-4.00"), ms(P, "09/03/2026", "CHECK 1187", "-120.00"), ms(Q, "09/30/2026", "MONTHLY SERVICE FEE", "-4.00"), ms(Q, "09/12/2026", "DIVIDEND VANGUARD", "12.34")].join("\n")}\n`);
  expect((await countsOf(["ms-q.csv"]))[0]).toEqual([2, 0, 0]);
  // P's fee and check are new; Q's dividend is a duplicate; Q's fee (its id numbered #2 after P's in this file) is held
  // back as a possible duplicate of the one stored: never stored twice, and P's fee never taken for Q's.
  expect((await countsOf(["ms-both.csv"]))[0]).toEqual([2, 1, 1]);
  expect(stored().filter((r) => r.includes("FEE"))).toEqual([`${Q} 2026-09-30 -4.00 MONTHLY SERVICE FEE`, `${P} 2026-09-30 -4.00 MONTHLY SERVICE FEE`].sort());
  expect((await countsOf(["ms-both.csv"]))[0]).toEqual([0, 3, 1]);
});

test("Morgan Stanley: one account's export, then its export under another label (renamed, its number the same): all duplicates", async () => {
  const renamed = "Household cash 101 770021";
  write("ms-p.csv", `${MS_HEADER}\n${[ms(P, "09/30/2026", "MONTHLY SERVICE FEE", "-4.00"), ms(P, "09/12/2026", "DIVIDEND VANGUARD", "12.34")].join("\n")}\n`);
  write("ms-p-renamed.csv", `${MS_HEADER}\n${[ms(renamed, "09/30/2026", "MONTHLY SERVICE FEE", "-4.00"), ms(renamed, "09/12/2026", "DIVIDEND VANGUARD", "12.34")].join("\n")}\n`);
  expect((await countsOf(["ms-p.csv"]))[0]).toEqual([2, 0, 0]);
  expect((await countsOf(["ms-p-renamed.csv"]))[0]).toEqual([0, 2, 0]);
  expect(stored()).toEqual([`${P} 2026-09-12 12.34 DIVIDEND VANGUARD · Fee`, `${P} 2026-09-30 -4.00 MONTHLY SERVICE FEE`]);
});

describe("through the importer: files planned apart, and streamed", () => {
  const CLI = { userId: null, by: "cli", via: "cli" } as const;
  const file = (name: string, rows: string[]) => ({ name, bytes: new TextEncoder().encode(`${RABO_HEADER}\n${rows.join("\n")}\n`) });

  test("both files planned against budget.db before either is written (the page's drop): the second's fee goes in under its own account's id, not dropped as the first's", async () => {
    const { importer } = makeImporter(files.db);
    const a = await importer.plan(importer.parse(file("rabo-a.csv", RABO_A)), { classify: "offline" });
    const b = await importer.plan(importer.parse(file("rabo-b.csv", RABO_B)), { classify: "offline" });
    expect((await importer.commit(a, { actor: CLI })).inserted).toBe(3);
    expect((await importer.commit(b, { actor: CLI })).inserted).toBe(2);
    expect(stored()).toEqual(RABO_ROWS);
    // Planned again, each file is all duplicates.
    expect(planCounts(await importer.plan(importer.parse(file("rabo-b.csv", RABO_B)), { classify: "offline" }))).toMatchObject({ new: 0, duplicates: 2, possibleDuplicates: 0 });
    expect(planCounts(await importer.plan(importer.parse(file("rabo-a.csv", RABO_A)), { classify: "offline" }))).toMatchObject({ new: 0, duplicates: 3, possibleDuplicates: 0 });
  });

  test("streamed (a large file's way): each account's fee stored, each file again all duplicates", async () => {
    const { importer } = makeImporter(files.db);
    for (const [name, rows] of [["rabo-a.csv", RABO_A], ["rabo-b.csv", RABO_B]] as const) {
      expect((await importer.commitStreamed(importer.parseStreamed(file(name, [...rows])), { actor: CLI })).counts).toEqual({ rows: rows.length, new: rows.length, duplicates: 0, possibleDuplicates: 0 });
    }
    expect(stored()).toEqual(RABO_ROWS);
    for (const [name, rows] of [["rabo-b.csv", RABO_B], ["rabo-a.csv", RABO_A]] as const) {
      expect((await importer.commitStreamed(importer.parseStreamed(file(name, [...rows])), { actor: CLI })).counts).toEqual({ rows: rows.length, new: 0, duplicates: rows.length, possibleDuplicates: 0 });
    }
  });
});

// An MT940 of two accounts' statements: every row's content-hash id is made with the first statement's account (as
// before its rows were booked to their own), so the second account's rows share ids with the first account's.
const mt940 = (statements: { account: string; ref: string; opening: string; closing: string; rows: string[] }[]) =>
  statements.map((s) => [`:20:${s.ref}`, `:25:${s.account}`, ":28C:00001/001", `:60F:C260331EUR${s.opening}`, ...s.rows, `:62F:C260430EUR${s.closing}`, "-"].join("\n")).join("\n") + "\n";
const FEE = [":61:2604300430DR6,90NMSCNONREF", ":86:805?00ENTGELT?20SVWZ+Kontofuehrung April?32Stadtsparkasse"];
const RENT = [":61:2604010401DR900,00NDDTNONREF", ":86:105?00SEPA-BASISLASTSCHRIFT?20SVWZ+Miete April?32Hausverwaltung Kern"];
const E = "DE27100777770209299700";
const F = "DE11520513735120710131";

test("an MT940 of two accounts' statements (only the second's fee that day), then the first account's own statement with its fee: stored, not taken for the second's", async () => {
  write("two.sta", mt940([{ account: E, ref: "S1", opening: "2000,00", closing: "1100,00", rows: RENT }, { account: F, ref: "S2", opening: "50,00", closing: "43,10", rows: FEE }]));
  write("e-only.sta", mt940([{ account: E, ref: "S3", opening: "2000,00", closing: "1093,10", rows: [...RENT, ...FEE] }]));
  expect((await countsOf(["two.sta"]))[0]).toEqual([2, 0, 0]);
  // The rent: E's, with the same id as before (the file's own account): a duplicate. The fee: new for E.
  expect((await countsOf(["e-only.sta"]))[0]).toEqual([1, 1, 0]);
  expect(stored().filter((r) => r.includes("Kontofuehrung"))).toEqual([`${F} 2026-04-30 -6.90 Stadtsparkasse · Kontofuehrung April · ENTGELT`, `${E} 2026-04-30 -6.90 Stadtsparkasse · Kontofuehrung April · ENTGELT`]);
  for (const name of ["two.sta", "e-only.sta"]) expect((await imported([name]))[0]!.inserted).toBe(0);
});
