import { describe, expect, test } from "bun:test";
import { read, utf8 } from "./support.ts";

// Issue 31 (r4-signs2): a column of debit/credit words under a header that only sometimes names a side ("Type", "Typ",
// "Tipo") beside amounts that carry their own signs.
const usd = { code: "USD", from: "the main currency of your data" };
const amounts = (text: string) => read(utf8(text), { fileName: "bank.csv", fallbackCurrency: usd }).rows.map((r) => r.amount);

describe("an indicator under a generic header beside signed amounts", () => {
  test("marks that agree with some written signs and contradict others: the reading a balance column walks with; with no balance, refused naming the first line where they disagree (was: a chargeback written −25.00 booked as money in, a refund written +12.00 as money out, exit 0)", () => {
    const rows: [string, string, 0 | 1][] = [["PAYROLL ACME", "2450.00", 0], ["KROGER", "-84.20", 1], ["CHARGEBACK DEPOSITED ITEM", "-25.00", 0], ["SHELL", "-45.00", 1], ["TARGET REFUND", "12.00", 1]];
    const file = (header: string, words: readonly [string, string], balances?: string[]) =>
      `Date,Description,Amount,${header}${balances ? ",Balance" : ""}\n` + rows.map(([text, amount, side], i) => `01/1${i + 3}/2026,${text},${amount},${words[side]}${balances ? `,${balances[i]}` : ""}`).join("\n") + "\n";
    for (const [header, words] of [["Type", ["Credit", "Debit"]], ["Typ", ["Haben", "Soll"]], ["Tipo", ["Avere", "Dare"]]] as const) {
      expect(() => amounts(file(header, words))).toThrow(
        `bank.csv: line 4: the column "${header}" says "${words[0]}" beside the amount -25.00, written the other way, and agrees with the signs written on 2 other lines: it may be the rows' kind or their side, and no balance column tells which; if the amounts carry their own signs, name the amount column with --amount-column "Amount", else map the columns on the Import page`,
      );
      // Named, the amount column's signs stand.
      expect(read(utf8(file(header, words)), { fileName: "bank.csv", fallbackCurrency: usd, mapping: { amountColumn: "Amount" } }).rows.map((r) => r.amount)).toEqual([2450, -84.2, -25, -45, 12]);
    }
    // A balance that walks with the written signs (1000.00 → 3450.00 → 3365.80 → 3340.80 → 3295.80 → 3307.80): they stand.
    expect(amounts(file("Type", ["Credit", "Debit"], ["3450.00", "3365.80", "3340.80", "3295.80", "3307.80"]))).toEqual([2450, -84.2, -25, -45, 12]);
    // One that walks with the marks (… → 3365.80 → 3390.80 → 3345.80 → 3333.80): the marks sign the rows.
    expect(amounts(file("Type", ["Credit", "Debit"], ["3450.00", "3365.80", "3390.80", "3345.80", "3333.80"]))).toEqual([2450, -84.2, 25, -45, -12]);
  });

  test("marks that contradict every written sign (a card's export: Debit beside its purchases written positive) or agree with every one sign the rows as before", () => {
    const card = "Date,Description,Amount,Type\n01/13/2026,KROGER,84.20,Debit\n01/14/2026,PAYMENT THANK YOU,-500.00,Credit\n01/15/2026,SHELL,45.00,Debit\n";
    expect(amounts(card)).toEqual([-84.2, 500, -45]);
    const account = "Date,Description,Amount,Type\n01/13/2026,PAYROLL ACME,2450.00,Credit\n01/14/2026,KROGER,-84.20,Debit\n01/15/2026,SHELL,-45.00,Debit\n";
    expect(amounts(account)).toEqual([2450, -84.2, -45]);
    // Amounts written without a sign: the marks sign them.
    expect(amounts(account.replaceAll(",-", ","))).toEqual([2450, -84.2, -45]);
  });
});
