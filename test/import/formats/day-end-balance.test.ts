import { expect, test } from "bun:test";
import { read, utf8 } from "./support.ts";

// r4-signs3 item 4: a balance column that states each day's closing balance on every row of the day (a bank's running
// balance by day). Truth: opening 1000.00; 2 March +2000.00 −45.20 (2954.80); 3 March −80.00 −4.50 (2870.30);
// 5 March +12.00 (2882.30): in 2012.00, out 129.70.
const chf = { code: "CHF", from: "the main currency of your data" };
const statement = (text: string) => read(utf8(text), { fileName: "day-end.csv", fallbackCurrency: chf });
const check = (text: string) => {
  const s = statement(text);
  const cents = s.rows.map((r) => Math.round(r.amount * 100));
  return {
    amounts: s.rows.map((r) => r.amount),
    in: cents.filter((c) => c > 0).reduce((a, b) => a + b, 0) / 100,
    out: -cents.filter((c) => c < 0).reduce((a, b) => a + b, 0) / 100,
    checks: s.reconciliation.map((r) => ({ status: r.status, opening: r.opening, closing: r.closing, entries: r.entries, ...(r.line !== undefined ? { line: r.line } : {}) })),
    byDay: s.notes.filter((n) => n.includes("each day's closing balance")),
  };
};
const split = [
  "Date,Description,Debit,Credit,Balance",
  "2026-03-02,PAYROLL NORTHWIND,,2000.00,2954.80",
  "2026-03-02,GROCER 22,45.20,,2954.80",
  "2026-03-03,POWER CO,80.00,,2870.30",
  "2026-03-03,CORNER CAFE,4.50,,2870.30",
  "2026-03-05,REFUND BOOKSHOP,,12.00,2882.30",
];
const note = "the balance column states each day's closing balance on every row of the day: checked day by day";

test("debit and credit columns beside a balance given on every row of a day, the day's closing one: checked day by day (was: refused, 'off by 45.20')", () => {
  expect(check(split.join("\n") + "\n")).toEqual({
    amounts: [2000, -45.2, -80, -4.5, 12],
    in: 2012,
    out: 129.7,
    checks: [{ status: "ok", opening: 1000, closing: 2882.3, entries: 5 }],
    byDay: [note],
  });
});

test("newest first, and one signed amount column: the same", () => {
  const newest = [split[0]!, ...split.slice(1).reverse()].join("\n") + "\n";
  expect(check(newest)).toMatchObject({ in: 2012, out: 129.7, checks: [{ status: "ok", opening: 1000, closing: 2882.3, entries: 5 }], byDay: [note] });
  const signed = "Date,Description,Amount,Balance\n2026-03-02,PAYROLL NORTHWIND,2000.00,2954.80\n2026-03-02,GROCER 22,-45.20,2954.80\n2026-03-03,POWER CO,-80.00,2870.30\n2026-03-03,CORNER CAFE,-4.50,2870.30\n2026-03-05,REFUND BOOKSHOP,12.00,2882.30\n";
  expect(check(signed)).toMatchObject({ amounts: [2000, -45.2, -80, -4.5, 12], checks: [{ status: "ok", opening: 1000, closing: 2882.3, entries: 5 }] });
});

test("a day whose rows do not add up to its closing balance is still off, at that day's line; a balance repeated on two days is no day's close", () => {
  const wrong = split.join("\n").replace("CORNER CAFE,4.50", "CORNER CAFE,5.40") + "\n";
  // Line 5 (CORNER CAFE) is the first the day-end reading cannot close; no note says the file was checked day by day.
  expect(check(wrong).checks).toEqual([{ status: "off", opening: 1000, closing: 2882.3, entries: 5, line: 5 }]);
  expect(check(wrong).byDay).toEqual([]);
  // The same balance on rows of two days is no day's closing balance: read row by row, refused as before.
  const twoDays = "Date,Description,Debit,Credit,Balance\n2026-03-02,PAYROLL NORTHWIND,,2000.00,2954.80\n2026-03-03,GROCER 22,45.20,,2954.80\n2026-03-04,POWER CO,80.00,,2874.80\n";
  expect(check(twoDays).checks.map((c) => c.status)).toEqual(["off"]);
  expect(check(twoDays).byDay).toEqual([]);
});

test("each day's opening balance on every row of the day (oldest first): no day's close read backwards in time, refused as before (review of r4-signs3: every sign turned, the closing before the opening, exit 0)", () => {
  // Truth: in 2945.00, out 155.20; 12 March opens at 1000.00, 15 March at 3464.80.
  const opening = "Date,Description,Amount,Balance\n03/12/2026,PAYROLL ACME CORP,2000.00,1000.00\n03/12/2026,GREEN VALLEY MARKET,-45.20,1000.00\n03/13/2026,POWER CO,-80.00,2954.80\n03/13/2026,REFUND HARBOR GOODS,120.00,2954.80\n03/14/2026,TRANSFER FROM SAVINGS,500.00,2994.80\n03/14/2026,GYM,-30.00,2994.80\n03/15/2026,MOBILE DEPOSIT,300.00,3464.80\n03/15/2026,INTEREST,25.00,3464.80\n";
  const usd = { code: "USD", from: "the main currency of your data" };
  for (const text of [opening, [opening.split("\n")[0], ...opening.trim().split("\n").slice(1).reverse()].join("\n") + "\n"]) {
    const s = read(utf8(text), { fileName: "day-open.csv", fallbackCurrency: usd });
    expect(s.rows.map((r) => r.amount)).toEqual(text === opening ? [2000, -45.2, -80, 120, 500, -30, 300, 25] : [25, 300, -30, 500, 120, -80, -45.2, 2000]);
    expect(s.reconciliation.map((r) => r.status)).toEqual(["off"]);
    expect(s.notes.filter((n) => n.includes("each day's closing balance") || n.includes("flipped"))).toEqual([]);
  }
});
