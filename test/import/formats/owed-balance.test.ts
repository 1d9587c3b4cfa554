import { describe, expect, test } from "bun:test";
import { read, utf8 } from "./support.ts";

// Issue 31, r4-signs3 item 1: a card's export of purchases written positive beside the amount it owes, rising with them.
// Truth of every month below: out 5.75 + 96.30 + 15.99 + 45.00 = 163.04, in 150.00 (the payment to the card).
const usd = { code: "USD", from: "the main currency of your data" };
const month = (balance: string, payment: string) =>
  `Date,Description,Amount,${balance}\n03/22/2026,COPPER KETTLE CAFE,5.75,105.75\n03/24/2026,GREEN VALLEY MARKET,96.30,202.05\n03/26/2026,${payment},-150.00,52.05\n03/27/2026,STREAMFLIX.COM,15.99,68.04\n03/28/2026,HARBOR FUEL 5744,45.00,113.04\n`;
const statement = (text: string, flipSigns = false) => read(utf8(text), { fileName: "card.csv", fallbackCurrency: usd, flipSigns });
const totals = (s: ReturnType<typeof statement>) => {
  const cents = s.rows.map((r) => Math.round(r.amount * 100));
  return { out: -cents.filter((c) => c < 0).reduce((a, b) => a + b, 0) / 100, in: cents.filter((c) => c > 0).reduce((a, b) => a + b, 0) / 100 };
};

describe("a balance column headed as the amount owed", () => {
  test("rises with the purchases: they are money out, the payment to the card money in, checked (was: money in beside a bare payment line, exit 0; refused beside the card's own line)", () => {
    for (const header of ["Amount owed", "Balance owed", "Amount Owing", "Outstanding balance"]) {
      for (const payment of ["PAYMENT", "ONLINE PAYMENT", "PAYMENT - THANK YOU", "AUTOPAY PAYMENT"]) {
        const s = statement(month(header, payment));
        expect({ header, payment, ...totals(s) }).toEqual({ header, payment, out: 163.04, in: 150 });
        expect(s.reconciliation.map((r) => [r.currency, r.status])).toEqual([["USD", "ok"]]);
      }
    }
  });

  test("a card that writes its purchases negative beside the amount owed: read as written, checked", () => {
    const negative = month("Amount owed", "PAYMENT - THANK YOU").replace(/,(\d+\.\d\d),(\d)/g, ",-$1,$2").replace(",--150.00,", ",150.00,").replace(",-150.00,", ",150.00,");
    const s = statement(negative);
    expect(totals(s)).toEqual({ out: 163.04, in: 150 });
    expect(s.reconciliation.map((r) => r.status)).toEqual(["ok"]);
  });

  test("the user's flip of such a card: checked, not refused", () => {
    const s = statement(month("Amount owed", "PAYMENT"), true);
    expect(totals(s)).toEqual({ out: 163.04, in: 150 });
    expect(s.reconciliation.map((r) => r.status)).toEqual(["ok"]);
  });

  test("under a plain \"Balance\", beside a payment line that names no side: refused, both readings named (was: the purchases money in, exit 0)", () => {
    for (const payment of ["PAYMENT", "ONLINE PAYMENT", "WEB PYMT", "PAYMENT REF 0412", "CAPITAL ONE AUTOPAY PYMT"]) {
      expect(() => statement(month("Balance", payment))).toThrow(
        `card.csv: line 4: "${payment}" is written negative and names a payment, and 4 of the 5 amounts in "Amount" are positive, beside a balance column ("Balance") that rises with them: a card's export (purchases positive, the balance the amount owed) or an account's (money coming in, a payment going out), and the balance walks with either; if they are card purchases, import it with --flip-signs; if they are money received, with --amount-column "Amount" (the signs as written)`,
      );
    }
    // The issuer's bare autopay line first tells a card (csv-signs.ts): the purchases turned, the rising balance then says the
    // amount owed, and the import refuses it as not reconciled (the owed reading named), never money in.
    for (const payment of ["AUTOPAY PAYMENT", "MOBILE AUTOPAY PAYMENT"]) {
      const s = statement(month("Balance", payment));
      expect(s.reconciliation.map((r) => [r.status, r.owedLike])).toEqual([["off", true]]);
    }
    // Money an account receives written positive, or spending written negative, says an account: read as written, checked.
    const account = month("Balance", "PAYMENT").replace("COPPER KETTLE CAFE", "ONLINE TRANSFER FROM SAV 7731");
    expect(totals(statement(account))).toEqual({ out: 150, in: 163.04 });
    // A payment that names its payee is an account's debit ("PAYMENT TO OAK PROPERTIES"): read as written.
    expect(totals(statement(month("Balance", "PAYMENT TO OAK PROPERTIES")))).toEqual({ out: 150, in: 163.04 });
  });
});

describe("review of r4-signs3: the amount-owed reading, where it does not belong and where its lines go", () => {
  // An account's month under "Outstanding balance": truth in 2101.20, out 845.20, the balance 1000.00 → 2256.00.
  const account = "Date,Description,Amount,Outstanding balance\n03/02/2026,PAYROLL ACME CORP,2000.00,3000.00\n03/05/2026,RENT OAK PROPERTIES,-800.00,2200.00\n03/10/2026,TRANSFER FROM SAVINGS,100.00,2300.00\n03/15/2026,GREEN VALLEY MARKET,-45.20,2254.80\n03/20/2026,INTEREST,1.20,2256.00\n";
  const withColumn = (text: string) => read(utf8(text), { fileName: "card.csv", fallbackCurrency: usd, mapping: { amountColumn: "Amount" } });

  test("an owed header beside money an account receives written positive: asked, not every sign turned (was: the payroll money out, 'checked', exit 0)", () => {
    expect(() => statement(account)).toThrow(
      `card.csv: the balance column "Outstanding balance" names an amount owed (a card's or a loan's), but line 2: "PAYROLL ACME CORP" written positive reads as money coming into an account; if they are card purchases, import it with --flip-signs; if they are money received, with --amount-column "Amount" (the signs as written)`,
    );
    // The answer "money received": read as written, checked against the balance as written.
    const s = withColumn(account);
    expect(totals(s)).toEqual({ out: 845.2, in: 2101.2 });
    expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing])).toEqual([["ok", 1000, 2256]]);
  });

  test("a bare \"Owing\" names no amount owed, nor does a column taken as the balance by what it holds: a savings month read as written (was: every sign turned, exit 0)", () => {
    const s = statement("Date,Description,Amount,Owing\n03/02/2026,DEPOSIT,200.00,1200.00\n03/05/2026,DEPOSIT,200.00,1400.00\n03/10/2026,WITHDRAWAL,-50.00,1350.00\n03/15/2026,DEPOSIT,200.00,1550.00\n");
    expect(totals(s)).toEqual({ out: 50, in: 600 });
    expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing])).toEqual([["ok", 1000, 1550]]);
  });

  test("the statement's own opening and closing lines beside the amount owed are turned as its balance column is: checked (was: off by 26.08)", () => {
    const lines = month("Amount owed", "PAYMENT").trim().split("\n");
    const s = statement(["Opening balance,100.00", "", ...lines, "", "Closing balance,113.04", ""].join("\n"));
    expect(totals(s)).toEqual({ out: 163.04, in: 150 });
    expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing, r.difference])).toEqual([["ok", -100, -113.04, 0]]);
  });

  test("a user's flip of an account's month (its balance walking with the amounts as written, most of them money out): refused, not read as an amount owed (second review of r4-signs3: every sign turned, 'checked', exit 0)", () => {
    const account = "Date,Description,Amount,Balance\n03/02/2026,PAYROLL ACME CORP,2000.00,3000.00\n03/05/2026,RENT OAK PROPERTIES,-800.00,2200.00\n03/10/2026,GREEN VALLEY MARKET,-45.20,2154.80\n03/15/2026,POWER CO,-80.00,2074.80\n03/20/2026,INTEREST,1.20,2076.00\n";
    const s = statement(account, true);
    expect(s.reconciliation.map((r) => [r.status, r.difference, r.opening, r.flipContradicts ?? false])).toEqual([["off", -1600, 5000, true]]);
  });

  test("the plain-\"Balance\" refusal's own advice, --flip-signs: the purchases money out, the balance read as the amount owed, checked (was: refused again, 'off by 192.60')", () => {
    const s = statement(month("Balance", "PAYMENT"), true);
    expect(totals(s)).toEqual({ out: 163.04, in: 150 });
    expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing])).toEqual([["ok", -100, -113.04]]);
    // Its other advice, the signs as written: money in, checked.
    const t = withColumn(month("Balance", "PAYMENT"));
    expect(totals(t)).toEqual({ out: 150, in: 163.04 });
    expect(t.reconciliation.map((r) => [r.status, r.opening, r.closing])).toEqual([["ok", 100, 113.04]]);
  });
});
