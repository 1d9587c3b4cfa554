/**
 * A card CSV nothing recognises, its purchases written positive and nothing in it to tell them from money coming in
 * (uqa9's finding 3: the command line refuses it, naming the reason; the page previewed 660.35 of purchases as money in
 * with no word of doubt). The page says the command line's reason, in its own words, beside "Flip signs", and imports
 * the file only once the user has answered it: "Flip signs" ticked, or the columns confirmed as they are.
 */
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { startWebHarness, webSuite } from "../support/web-harness.ts";

const h = webSuite(() => startWebHarness({ demo: true, noModel: true, readOnly: false }));

// A card export in the layout of uqa9's file (own numbers): five purchases written positive, one refund negative.
const CARD = [
  "Transactiedatum;Boekingsdatum;Omschrijving;Naam kaarthouder;Kaartnummer;Bedrag;Valuta;Land",
  "03-03-2031;04-03-2031;BAKKERIJ VAN DAM ZWOLLE NL;P. JANSEN;**** **** **** 9031;8,40;EUR;NL",
  "05-03-2031;06-03-2031;FIETSENMAKER DE SPAAK NL;P. JANSEN;**** **** **** 9031;45,00;EUR;NL",
  "09-03-2031;10-03-2031;BOEKHANDEL DOMINICUS NL;P. JANSEN;**** **** **** 9031;22,95;EUR;NL",
  "14-03-2031;15-03-2031;RETOUR BOEKHANDEL DOMINICUS;P. JANSEN;**** **** **** 9031;-22,95;EUR;NL",
  "18-03-2031;19-03-2031;TANKSTATION A28 NL;P. JANSEN;**** **** **** 9031;61,10;EUR;NL",
  "21-03-2031;22-03-2031;ONLINE STREAMING DIENST;P. JANSEN;**** **** **** 9031;12,99;EUR;NL",
].join("\n");

const REASON =
  "card.csv: 5 of the 6 amounts in &quot;Bedrag&quot; are positive, and nothing in the file (a card column, a payment to the card, a balance column) tells whether it is a card&#39;s export that writes purchases positive or an account&#39;s money coming in; if they are card purchases, tick “Flip signs”; if they are money received, use these columns as they are (the signs as written)";

const totalsOf = (html: string) => [...html.slice(html.indexOf("<th scope=\"col\">Currency</th>")).matchAll(/<td class="num">([^<]*)<\/td>/g)].slice(0, 4).map((m) => m[1]);

async function drop(text = CARD, name = "card.csv") {
  const form = new FormData();
  form.append("file", new File([text], name));
  const html = await (await fetch(`${h.url}/import/preview`, { method: "POST", body: form })).text();
  return { html, id: /<article[^>]*id="file-([\w-]+)"/.exec(html)![1]! };
}
const version = (x: string) => /name="version" value="(\d+)"/.exec(x)![1]!;
/** The fields of a file's form as the page shows them: its selects' choices, the columns chosen or not; no account. */
const formOf = (x: string) => ({
  ...Object.fromEntries([...x.matchAll(/<select name="([\w-]+)"[\s\S]*?<option value="([^"]*)" selected/g)].map((m) => [m[1]!, m[2]!])),
  columns: /<input type="hidden" name="columns" value="(\w*)"/.exec(x)![1]!,
  account: "",
  version: version(x),
});

test("the page says why the signs are in doubt beside “Flip signs”, and imports nothing until it is answered", async () => {
  const { html, id } = await drop();
  // Beside "Flip signs" (the checkbox described by it), the command line's reason in the page's words.
  expect(html).toContain(`<p class="notice import-signs-doubt" id="signs-doubt-${id}" role="note">${REASON}</p>`);
  expect(html).toContain(`value="on" aria-describedby="signs-doubt-${id}"`);
  expect(html).not.toContain("--flip-signs");
  expect(html).toContain("Its signs are in doubt (see beside “Flip signs” above): confirmed as they are, the amounts are read with the signs as written.");
  // The preview with the signs as written, to see: 147.44 in, 22.95 out.
  expect(totalsOf(html)).toEqual(["EUR 22.95", "1", "EUR 150.44", "5"]);
  // Import pressed anyway (a stale page): refused, nothing written.
  const commit = await fetch(`${h.url}/import/${id}/commit`, { method: "POST", body: new URLSearchParams(formOf(html)) });
  expect([commit.status, await commit.text()]).toEqual([400, expect.stringContaining("card.csv is not imported: its columns are a guess")]);

  // "Flip signs" ticked (the whole form sent, as the page sends it): the purchases are money out, the doubt answered;
  // the columns are still the page's guess, to confirm; then Import is offered.
  const flipped = await (await fetch(`${h.url}/import/${id}/settings`, { method: "POST", body: new URLSearchParams({ ...formOf(html), "flip-signs": "on" }) })).text();
  expect(flipped).not.toContain("import-signs-doubt");
  expect(flipped).not.toContain("Its signs are in doubt");
  expect(flipped).toContain("These columns are a guess");
  expect(totalsOf(flipped)).toEqual(["EUR 150.44", "5", "EUR 22.95", "1"]);
  const used = await (await fetch(`${h.url}/import/${id}/settings?columns=chosen`, { method: "POST", body: new URLSearchParams({ ...formOf(flipped), "flip-signs": "on" }) })).text();
  expect(totalsOf(used)).toEqual(["EUR 150.44", "5", "EUR 22.95", "1"]);
  const done = await fetch(`${h.url}/import/${id}/commit`, { method: "POST", body: new URLSearchParams({ ...formOf(used), "flip-signs": "on" }) });
  expect([done.status, await done.text()]).toEqual([200, expect.stringContaining("Imported 6 transactions from card.csv.")]);
  const db = new Database(h.budget.path, { readonly: true });
  try {
    expect(db.query("SELECT round(sum(amount), 2) AS net FROM transactions WHERE date LIKE '2031-03-%'").all()).toEqual([{ net: -127.49 }]);
  } finally {
    db.close();
  }
});

test("the columns confirmed as they are answer it too: the signs as written", async () => {
  const { html, id } = await drop();
  const used = await (await fetch(`${h.url}/import/${id}/settings?columns=chosen`, { method: "POST", body: new URLSearchParams(formOf(html)) })).text();
  expect(used).not.toContain("import-signs-doubt");
  expect(totalsOf(used)).toEqual(["EUR 22.95", "1", "EUR 150.44", "5"]);
});

// A headerless file whose one column of amounts is positive beside an empty column (qa50, csv-signs.ts
// headerlessSignsInDoubt), written here in the layout of POSB's download (date, code, debit, credit, three references):
// 12.40 + 6.90 of debits. Its signs are in doubt on the page too; each answer books them its way.
test("a headerless file's debits beside an empty column: in doubt; “Flip signs” books them as money out, the columns as they are as money in", async () => {
  const posb = "13 Mar 2031,POS, 12.40, ,NTUC FAIRPRICE BEDOK SI NG 12MAR,,,\n15 Mar 2031,UMC-, 6.90, ,KOPI CORNER TAMPINES SI NG 14MAR,,,\n";
  const { html, id } = await drop(posb, "posb.csv");
  expect(html).toContain("the file has no header row, and every one of the 2 amounts in &quot;column 3&quot; is positive beside &quot;column 4&quot;, empty on every row");
  const flipped = await (await fetch(`${h.url}/import/${id}/settings`, { method: "POST", body: new URLSearchParams({ ...formOf(html), "flip-signs": "on" }) })).text();
  expect(flipped).not.toContain("import-signs-doubt");
  // (In the data's main currency, which the tests above may have changed: the amounts and counts are what is held.)
  const amounts = (x: string) => totalsOf(x).map((v) => v!.replace(/^[A-Z]{3} /, ""));
  expect(amounts(flipped)).toEqual(["19.30", "2", "0.00", "0"]);
  const used = await (await fetch(`${h.url}/import/${id}/settings?columns=chosen`, { method: "POST", body: new URLSearchParams(formOf(html)) })).text();
  expect(used).not.toContain("import-signs-doubt");
  expect(amounts(used)).toEqual(["0.00", "0", "19.30", "2"]);
});
