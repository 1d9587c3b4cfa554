/**
 * Two accounts' exports dropped on the page together, each previewed against budget.db before either is written: the
 * second account's fee, alike to the first's (the same day, amount and text) and with the same content-hash id (the
 * export's ids leave the account out), is written under its own account's id, not dropped as the first's duplicate by
 * the write (INSERT OR IGNORE). A possible duplicate the preview gave its own account's id is imported when ticked.
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { webSuite } from "../support/web-harness.ts";

const h = webSuite();

const HEADER = `"IBAN/BBAN","Munt","BIC","Volgnr","Datum","Rentedatum","Bedrag","Saldo na trn","Tegenrekening IBAN/BBAN","Naam tegenpartij","Naam uiteindelijke partij","Naam initiërende partij","BIC tegenpartij","Code","Batch ID","Transactiereferentie","Machtigingskenmerk","Incassant ID","Betalingskenmerk","Omschrijving-1","Omschrijving-2","Omschrijving-3","Reden retour","Oorspr bedrag","Oorspr munt","Koers"`;
const row = (iban: string, date: string, amount: string, balance: string, party: string, text: string) =>
  `"${iban}","EUR","RABONL2U","","${date}","${date}","${amount}","${balance}","","${party}","","","","db","","","","","","${text}","","","","","",""`;
/** One account's export: a card payment (its own amount), then the month's package fee (the same for every account). */
const exportOf = (iban: string, month: string, shop: string, paid: string) =>
  `${HEADER}\n${[row(iban, `2031-${month}-09`, paid, "+981,80", shop, "Betaalautomaat"), row(iban, `2031-${month}-28`, "-3,40", "+978,40", "Rabobank", "Kosten betaalpakket")].join("\n")}\n`;

async function preview(name: string, content: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", new File([content], name));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${h.url}/api/imports`, { method: "POST", body: form });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; version: number; new: number; duplicates: number; possible_duplicates: number; preview: { status: string; transaction_id: string }[] };
}

async function commit(p: { id: string; version: number }, body: Record<string, unknown> = {}): Promise<number> {
  const res = await fetch(`${h.url}/api/imports/${p.id}/commit`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ version: p.version, ...body }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { inserted: number }).inserted;
}

/** The page shown for files dropped together (name: content). */
async function dropped(files: Record<string, string>): Promise<string> {
  const form = new FormData();
  for (const [name, content] of Object.entries(files)) form.append("file", new File([content], name));
  return (await fetch(`${h.url}/import/preview`, { method: "POST", body: form })).text();
}

/** The stored fees of the month, as "account amount". */
function fees(month: string): string[] {
  const db = new Database(h.budget.path, { readonly: true });
  try {
    const rows = db.query("SELECT account, amount FROM transactions WHERE date LIKE ? AND raw_description LIKE '%betaalpakket%' ORDER BY account").all(`2031-${month}-28%`) as { account: string; amount: number }[];
    return rows.map((r) => `${r.account} ${r.amount.toFixed(2)}`);
  } finally {
    db.close();
  }
}

describe("two accounts' exports on the page", () => {
  test("previewed together, then imported one after the other: each account's fee is stored; each again is all duplicates", async () => {
    const a = await preview("a.csv", exportOf("NL57RABO0117700421", "02", "Jumbo Delft", "-18,20"));
    const b = await preview("b.csv", exportOf("NL80RABO0360044126", "02", "Plus Leiden", "-27,60"));
    expect([a.new, b.new]).toEqual([2, 2]);
    expect(await commit(a)).toBe(2);
    expect(await commit(b)).toBe(2);
    expect(fees("02")).toEqual(["NL57RABO0117700421 -3.40", "NL80RABO0360044126 -3.40"]);
    for (const [name, iban, shop, paid] of [["a.csv", "NL57RABO0117700421", "Jumbo Delft", "-18,20"], ["b.csv", "NL80RABO0360044126", "Plus Leiden", "-27,60"]] as const) {
      const again = await preview(name, exportOf(iban, "02", shop, paid));
      expect([again.new, again.duplicates, again.possible_duplicates]).toEqual([0, 2, 0]);
    }
  });

  test("dropped together on the page: \"Import all\" counts each account's fee (it took the second's for the first's, \"in another file\")", async () => {
    const page = await dropped({ "a.csv": exportOf("NL57RABO0117700421", "05", "Jumbo Delft", "-18,20"), "b.csv": exportOf("NL80RABO0360044126", "05", "Plus Leiden", "-27,60") });
    expect(page).toContain("Import all (4 transactions from 2 files)");
    expect(page).not.toContain("in another file");
  });

  test("one account's export by its IBAN and by its BBAN dropped together: \"Import all\" counts its rows once (the second file's are in the first)", async () => {
    const page = await dropped({ "iban.csv": exportOf("NL80RABO0360044126", "07", "Plus Leiden", "-27,60"), "bban.csv": exportOf("0360044126", "07", "Plus Leiden", "-27,60") });
    expect(page).toContain("Import all (2 transactions from 1 file)");
  });

  test("a possible duplicate the preview gave its own account's id (its plain one the other account's fee) is imported when ticked", async () => {
    expect(await commit(await preview("a.csv", exportOf("NL57RABO0117700421", "03", "Jumbo Delft", "-18,20")))).toBe(2);
    // The second account's rows stored before under its IBAN given as the account (their ids hold it).
    expect(await commit(await preview("b.csv", exportOf("NL80RABO0360044126", "03", "Plus Leiden", "-27,60"), { account: "NL80RABO0360044126" }))).toBe(2);
    // Read again without it: each row a possible duplicate of its stored one; the fee under its own account's id, as the
    // first account's fee holds its plain one.
    const b = await preview("b.csv", exportOf("NL80RABO0360044126", "03", "Plus Leiden", "-27,60"));
    expect([b.new, b.duplicates, b.possible_duplicates]).toEqual([0, 0, 2]);
    const fee = b.preview.filter((r) => r.status === "possible_duplicate").map((r) => r.transaction_id).filter((id) => id.endsWith("@NL80RABO0360044126"));
    expect(fee).toHaveLength(1);
    // The user says it is another booking: imported (the commit reads the file again, its ids plain, and must find it).
    expect(await commit(b, { include_possible_duplicates: fee })).toBe(1);
    expect(fees("03")).toEqual(["NL57RABO0117700421 -3.40", "NL80RABO0360044126 -3.40", "NL80RABO0360044126 -3.40"]);
    const again = await preview("b.csv", exportOf("NL80RABO0360044126", "03", "Plus Leiden", "-27,60"));
    expect([again.new, again.duplicates, again.possible_duplicates]).toEqual([0, 1, 1]);
  });
});
