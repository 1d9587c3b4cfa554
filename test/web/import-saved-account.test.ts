/**
 * A layout saved on the Import page with an account offers that account to a later file read with it that names none,
 * and the page says where it came from (review of r4-uqa10, F5: "account Garanti TRY" read like the file's own, so
 * another account's statement with the same header could be booked to it unnoticed). A file that names its own account
 * keeps it.
 */
import { describe, expect, test } from "bun:test";
import { webSuite } from "../support/web-harness.ts";

const h = webSuite();

const HEADER = "Ref|When|How much|What";
const JANUARY = `${HEADER}\n7001|2031-01-03|-120.40|Migros Kadikoy\n7002|2031-01-05|-35.00|Simit Sarayi\n`;
const FEBRUARY = `${HEADER}\n7003|2031-02-02|-64.10|Kahve Dunyasi\n`;
// The same header under a preamble that names the statement's own account (an invented Turkish IBAN).
const OWN_ACCOUNT = `IBAN|TR26 0009 9047 1120 0845 1663 02\n\n${HEADER}\n7004|2031-02-04|-18.00|Ekmek Firini\n`;

/** The page's preview of a dropped file, and the file's id on the page. */
async function drop(name: string, content: string): Promise<{ html: string; id: string }> {
  const form = new FormData();
  form.append("file", new File([content], name));
  const html = await (await fetch(`${h.url}/import/preview`, { method: "POST", body: form })).text();
  const id = /id="file-([^"]+)"/.exec(html)?.[1];
  if (!id) throw new Error(`no file on the page: ${html.slice(0, 500)}`);
  return { html, id };
}

const whatLine = (html: string) => /<p class="import-what">([^<]*)<\/p>/.exec(html)?.[1] ?? null;
const accountField = (html: string, id: string) => new RegExp(`id="account-${id}" value="([^"]*)"`).exec(html)?.[1] ?? null;

describe("Import page: the account saved with a layout", () => {
  test("offered to a later file that names none, said to be the layout's; a file that names its own keeps it", async () => {
    // The mapping screen's columns, the Account field filled, saved as "Garanti".
    const jan = await drop("garanti-jan.csv", JANUARY);
    const fields = new URLSearchParams({ account: "Garanti TRY", format: "auto", "role-0": "ignore", "role-1": "date", "role-2": "amount", "role-3": "text", "dates-written": "YYYY-MM-DD", "decimal-mark": ".", "save-as": "Garanti" });
    const saved = await fetch(`${h.url}/import/${jan.id}/settings?columns=chosen&save=1`, { method: "POST", body: fields });
    expect(saved.status).toBe(200);
    expect(whatLine(await saved.text())).toBe("a CSV read with your layout “Garanti”, account Garanti TRY (saved with the layout)");

    // The next month's file names no account: it is offered the saved one, and the page says where it came from.
    const feb = await drop("garanti-feb.csv", FEBRUARY);
    expect(whatLine(feb.html)).toBe("a CSV read with your layout “Garanti”, account Garanti TRY (saved with the layout)");
    expect(accountField(feb.html, feb.id)).toBe("Garanti TRY");

    // A file whose preamble names its own account keeps that one: the Account field stays empty, nothing said of the layout's.
    const own = await drop("garanti-own.csv", OWN_ACCOUNT);
    expect(whatLine(own.html)).toBe("a CSV read with your layout “Garanti”, account TR26 … 6302");
    expect(accountField(own.html, own.id)).toBe("");
  });
});
