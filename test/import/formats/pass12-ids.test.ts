/**
 * Content-hash ids of fixtures an earlier round-4 build (main at 93af78c, before pass 12's header words of other
 * languages and SWIFT narrative keys) imported: pinned as that build computed them (a checkout of 93af78c, its
 * parseStatement and assignTransactionIds over these files). A reader that now reads more of a file (the narrative's
 * /PURP/ and /ORDP/ party, Luminor's columns by their Latvian headers) must keep each row's id, or the file imported
 * again comes back as possible duplicates instead of duplicates (review of pass 12, D6).
 */
import { expect, test } from "bun:test";
import { parseStatement } from "../../../src/import/formats/index.ts";
import { RowTable } from "../../../src/import/formats/row-table.ts";
import type { ParsedRow } from "../../../src/import/formats/types.ts";
import { assignTransactionIds, parsedRowIdAssigner } from "../../../src/import/ids.ts";
import { fixture } from "./support.ts";

const read = (name: string, bytes: Uint8Array) => parseStatement(bytes, { fileName: name, fallbackCurrency: { code: "CHF", from: "the main currency of your data" } });

// Not the CSV files whose columns the other languages' header words (pass 12) name: their id text is the description as
// read now (Luminor's own IBAN column is no text since r4-qa13; others were garbled or in another currency before), so
// such a file imported with the build before comes back once as possible duplicates, never as new rows silently.
const BEFORE_PASS_12: Record<string, string[]> = {
  // idText then: "/PURP/OTHR/REMI/Telia Sverige AB faktura 77889900", "LON AUGUSTI", "Kortavgift".
  "mt940-seb-swift-narrative.sta": ["h:a4a691fcb4a2145c", "h:34948a0c3d0c9af6", "h:84ba642288953e4f"],
};

for (const [name, ids] of Object.entries(BEFORE_PASS_12)) {
  test(`${name}: its rows' ids are those the build before pass 12 gave them`, () => {
    expect(assignTransactionIds(read(name, fixture(name)).rows, null)).toEqual(ids);
  });
}

test("Rabobank's booking with two :86: fields: the second joins the description, not the id (the build before read the first only)", () => {
  // The fixture without its DOS end-of-file marks (which that build refused): its ids as that build gave them.
  const bytes = fixture("mt940-rabobank-dos-eof.sta").filter((b) => b !== 0x1a);
  const s = read("rabobank.sta", bytes);
  expect(s.rows.toArray()[0]!.description).toContain("VOORSCHOT MAART");
  expect(assignTransactionIds(s.rows, null)).toEqual(["h:b5ccf88f2e372123", "h:0e913368ae71449b", "h:e610f2ede968c038"]);
});

test("SEPA's NOTPROVIDED leaves the description, not the id (review of QA round 19)", () => {
  // mt940-notprovided.sta: ids as the build before (44d9c89) gave them, when "NOTPROVIDED" was text of lines 5, 6 and 10.
  const s = read("mt940-notprovided.sta", fixture("mt940-notprovided.sta"));
  expect(assignTransactionIds(s.rows, null)).toEqual(["h:e7aecaa7aaf05dfb", "h:068e08ba0d1f6bf1", "h:b2b89a4c8e3b2e90", "h:d560706e185337a5"]);
  // Nor is it a reference: line 5's :61: and line 8's bank reference ("NONREF//NOTPROVIDED"), line 6's "EREF+NOTPROVIDED".
  expect(s.rows.toArray().map((r) => r.facts.reference)).toEqual([undefined, undefined, undefined, undefined]);
});

test("Hype's \"Nome\" and \"Tipologia\" join the description, not the id: a month imported before comes back as the same rows (qa31)", () => {
  // hype-it-nome.csv: ids as bc56641 gave them, when "Descrizione" alone was the description.
  const s = read("hype-it-nome.csv", fixture("hype-it-nome.csv"));
  expect(s.rows.toArray()[2]!.description).toBe("Acme Srl · STIPENDIO FEBBRAIO 2026 · Bonifico ordinario");
  expect(assignTransactionIds(s.rows, null)).toEqual(["h:d59912f6c13396cb", "h:7ef6362dabd7ee4d", "h:4bfc82e660c0773e", "h:fbfe9e6f2295f1d2", "h:ba1cad54db70208e"]);
});

test("a file with no round-3 text column keeps its ids when \"Nome\" or \"Tipologia\" now join its description (review of r4-qa31)", () => {
  // Ids as bc56641 computed them (its parseStatement and assignTransactionIds over these files), when the description was
  // "COMPRA CARTAO" (Nome left out), and "Caffe Roma · Approvato · Pagamento" (the text columns taken by what they hold).
  const pt = read("pt-descricao-nome.csv", fixture("pt-descricao-nome.csv"));
  expect(pt.rows.toArray().map((r) => [r.description, r.facts.counterparty])).toEqual([["Continente Porto · COMPRA CARTAO", "Continente Porto"], ["Ana Costa · TRF RECEBIDA", "Ana Costa"], ["Galp Energia · DD", "Galp Energia"]]);
  expect(assignTransactionIds(pt.rows, null)).toEqual(["h:8ddae15d4fe96293", "h:bf7d078a31e02675", "h:316cf2f8ba40287a"]);
  const it = read("it-nome-stato-tipologia.csv", fixture("it-nome-stato-tipologia.csv"));
  expect(it.rows.toArray()[0]!.description).toBe("Caffe Roma · Pagamento");
  expect(assignTransactionIds(it.rows, null)).toEqual(["h:a544b7dd9cb91836", "h:46fc27f70efb7fa4", "h:5ffab32b1dbaf438", "h:cf50e047a4ae4ff1"]);
});

test("files read better since ff421e0 keep the ids ff421e0 gave them: the words they have now read as no word for the ids (review of r4-qa34)", () => {
  // Ids as ff421e0 computed them (a checkout of ff421e0, its parseStatement and assignTransactionIds over these files),
  // when Pekao's "Tytułem", Air Bank's "Název protistrany", ING's "Tytu\ufffd" and Nordea's "Mottagare/Betalare" were no
  // words (left out of the description) and Nordea's "Bokningsdag" neither (its rows dated by "Valutadag").
  const ids = (name: string) => assignTransactionIds(read(name, fixture(name)).rows, null);
  const descriptions = (name: string) => read(name, fixture(name)).rows.toArray().map((r) => r.description);
  expect(descriptions("pekao-pl.csv")[1]).toBe("ANNA NOWAK · Zwrot za bilety · PRZELEW KRAJOWY MIĘDZYBANKOWY");
  expect(ids("pekao-pl.csv")).toEqual(["h:d0f70d4467839cf3", "h:cf6d34beeeac764c", "h:13d0f26e218cf3d4", "h:28d240fdd3d076e7"]);
  expect(descriptions("airbank-cz.csv")[2]).toBe("Potraviny U Mostu");
  expect(ids("airbank-cz.csv")).toEqual(["h:37462799c3c3251f", "h:819393308b2a8aa8", "h:eca6ab73fa3361aa"]);
  expect(descriptions("ing-pl-lost-letters.csv")[1]).toBe("KOWALSKA EWA UL. POLNA 3 00-001 WARSZAWA · zwrot za obiad");
  expect(ids("ing-pl-lost-letters.csv")).toEqual(["h:406917e4e4a43eb8", "h:692de85ebc21d07d"]);
  const nordea = read("nordea-fi-transaktioner.txt", fixture("nordea-fi-transaktioner.txt")).rows.toArray();
  expect(nordea.map((r) => [r.date, r.description])).toEqual([["2026-02-03", "VFI*Kahvila Esimerkki · ESPOO"], ["2026-02-05", "ESIMERKKI OY · Palkka helmikuu"], ["2026-02-09", "KAUPPA OY"], ["2026-02-10", "Helen Oy"]]);
  expect(ids("nordea-fi-transaktioner.txt")).toEqual(["h:615b1aa0a4bf388e", "h:ae974acffca30361", "h:c8d84eb88c9d1859", "h:cf0a48bb58ddcad6"]);
});

test("an Israeli card statement's merchant and Westpac's \"Other Party\" join the description, not the id: a month imported before comes back as the same rows (review of qa35)", () => {
  // Ids as ff421e0 computed them (its parseStatement and assignTransactionIds over these files), when "שם בית העסק" and
  // "קטגוריה" were both text by what they hold, and "Other Party" was left out of the description.
  const max = read("max-il.csv", fixture("max-il.csv"));
  expect(max.rows.toArray()[0]!.description).toBe("אושר עד");
  expect(assignTransactionIds(max.rows, null)).toEqual(["h:21512c94e61766cc", "h:7a11049b75fc1c05", "h:0c4a7eb343939872", "h:3da5cfdaefaca595"]);
  const csv = "Date,Amount,Other Party,Particulars\n03/02/2026,-45.20,Countdown Ponsonby,EFTPOS 4402\n10/02/2026,2100.00,Harbour Logistics,Feb wages\n21/02/2026,-89.99,Spark NZ,Mobile plan\n";
  const nz = read("westpac-other-party.csv", new TextEncoder().encode(csv));
  expect(nz.rows.toArray()[1]!.description).toBe("Harbour Logistics · Feb wages");
  expect(assignTransactionIds(nz.rows, null)).toEqual(["h:f90141d186414e91", "h:68ec86a254265c82", "h:1f9b71336053c9d4"]);
});

test("a camt party named only by its account (DbtrAcct/Nm, CdtrAcct/Nm) and a structured reference join the description, not the id (qa37: Raiffeisenbank CZ)", () => {
  // Ids as 88be627 computed them (its parseStatement and assignTransactionIds over these files), when entry 1 of the
  // Raiffeisenbank fixture had an empty description and entry 3 "VODNE LEDEN 2026" alone. Its entries' own references
  // (NtryRef, AcctSvcrRef) taken out, every row's id is the content hash, whose text is the round-3 description.
  const camt = (name: string, bytes = fixture(name)) => {
    const s = read(name, bytes);
    return { ids: assignTransactionIds(s.rows, s.account), descriptions: s.rows.toArray().map((r) => r.description) };
  };
  const name = "camt053-rbcz-account-names.xml";
  expect(camt(name).ids).toEqual(["camt:8102233001", "camt:8102233002", "camt:8102233003", "camt:8102233004"]);
  const noRefs = new TextEncoder().encode(new TextDecoder().decode(fixture(name)).replace(/<(NtryRef|AcctSvcrRef)>[^<]*<\/\1>/g, ""));
  const hashed = camt("rbcz-no-refs.xml", noRefs);
  expect(hashed.descriptions).toEqual(["Holubová Marta · VS:2207", "Lesní školka Buk s.r.o. · SADBA TULIPANY 200 KS", "Vodárna Hradec a.s. · VODNE LEDEN 2026", "Poplatek za vedení účtu 01/2026"]);
  expect(hashed.ids).toEqual(["h:737301d5685c25f4", "h:4d66cafe78129061", "h:c286e6ee486d140b", "h:0387aa960a26f866"]);
  // Fixtures of other banks, read before too: their ids as 88be627 gave them.
  expect(camt("camt053-v08.xml").ids).toEqual(["camt:20250402-77", "camt:A-3:1", "camt:A-3:2", "h:08740124c0dd002b"]);
  expect(camt("camt053-three-pages-no-ref.xml").ids).toEqual(["h:e82cb852c25c2caa", "h:e82cb852c25c2caa#2", "h:e82cb852c25c2caa#3"]);
});

test("Belfius's own \"Compte\" gives its rows their account, not their ids: a month imported before comes back as the same rows (qa37)", () => {
  // Ids as 88be627 computed them (its parseStatement and assignTransactionIds, and parsedRowIdAssigner over the rows
  // handed on one by one), when the rows had no account; with an account given for every row, as then too.
  const before: Record<string, [string[], string[]]> = {
    "belfius-fr-be-compte.csv": [["h:f5ee8729c08ccc4b", "h:0c5d961b400975e9", "h:710900138eed98fe"], ["h:1bd3322501b376e0", "h:a5921b73893f2612", "h:638ca93515f020c5"]],
    "belfius-fr-be.csv": [["h:0dd18152681e3094", "h:955d2c70c9c8f35b", "h:f913c51a953c7aa3"], ["h:eacf0350a7c58fd1", "h:f63e707c81fdcc7c", "h:600104a1a4dbdfb2"]],
    // Rabobank's "IBAN/BBAN" beside "Tegenrekening IBAN/BBAN" (uqa9, finding 5): as e90d23b computed them, with no account.
    "rabobank-nl.csv": [["h:f900dad3fa9c08a6", "h:c2a83ca8138900cf", "h:a13e6c40f716b7fe"], ["h:0c9138f79d7d946e", "h:08a2e87be3bd8e77", "h:c826c87f8931f2c7"]],
  };
  for (const [name, [own, given]] of Object.entries(before)) {
    const s = read(name, fixture(name));
    expect(new Set(s.rows.toArray().map((r) => r.account))).toEqual(new Set([s.account!]));
    expect(assignTransactionIds(s.rows, s.account)).toEqual(own);
    // Across a thread (a chunk of plain columns), and one by one as a reader hands them on.
    const copy = new RowTable();
    copy.appendChunk(s.rows.toChunk(0, s.rows.length));
    expect(assignTransactionIds(copy, s.account)).toEqual(own);
    const handed: ParsedRow[] = [];
    parseStatement(fixture(name), { fileName: name, sink: { add: (r) => handed.push(r) } });
    expect(handed.map(parsedRowIdAssigner(s.account))).toEqual(own);
    const joint = parseStatement(fixture(name), { fileName: name, accountOverride: "Compte joint" });
    expect(assignTransactionIds(joint.rows, joint.account)).toEqual(given);
    const jointHanded: ParsedRow[] = [];
    parseStatement(fixture(name), { fileName: name, accountOverride: "Compte joint", sink: { add: (r) => jointHanded.push(r) } });
    expect(jointHanded.map(parsedRowIdAssigner("Compte joint"))).toEqual(given);
  }
  expect(read("belfius-fr-be-compte.csv", fixture("belfius-fr-be-compte.csv")).account).toBe("BE58063444556679");
  expect(read("rabobank-nl.csv", fixture("rabobank-nl.csv")).account).toBe("NL11RABO0123456789");
});

test("an \"IBAN/BBAN\" beside \"Tegenrekening IBAN/BBAN\" that changes from row to row is no own account: the rows keep none (uqa9, finding 5)", () => {
  // The two columns' values swapped (a payee's IBAN on each row under "IBAN/BBAN"): nobody's account is booked.
  const text = new TextDecoder().decode(fixture("rabobank-nl.csv")).split("\n");
  const swapped = text.map((line, i) => {
    if (i === 0 || line.trim() === "") return line;
    const f = line.split('","');
    [f[0], f[8]] = [`"${f[8]}`, f[0]!.slice(1)];
    return f.join('","');
  });
  const s = read("rabobank-payees.csv", new TextEncoder().encode(swapped.join("\n")));
  expect(s.rows.toArray().map((r) => r.account)).toEqual([null, null, null]);
  expect(s.account).toBeNull();
});
