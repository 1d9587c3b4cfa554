import { describe, expect, test } from "bun:test";
import { read, utf8 } from "./support.ts";

// Issue 31, the sign hazards left after stop 58 (r4-signs2): files of one signed amount column, no balance, no kinds.
const usd = { code: "USD", from: "the main currency of your data" };
const amounts = (text: string, fileName = "card.csv") => read(utf8(text), { fileName, fallbackCurrency: usd }).rows.map((r) => r.amount);

describe("a card's or an account's month, told by what its lines say", () => {
  test("a card month of one purchase (positive), its issuer's bare autopay line and a refund (both negative), or an account's takings beside a refund it paid out and its card paid: asked, both lines named (the probe: the card's purchase was money in, exit 0; review of r4-signs2: deciding it a card turned such account months)", () => {
    // A card's truth: 5.75 out (the purchase), 500.00 + 42.10 in (the payment to the card, the refund): --flip-signs.
    const card = (payment: string, refund = "AMAZON MKTPLACE REFUND") => `Date,Description,Amount\n03/13/2026,COPPER KETTLE CAFE,5.75\n03/14/2026,${payment},-500.00\n03/15/2026,${refund},-42.10\n`;
    for (const payment of ["CAPITAL ONE AUTOPAY PYMT", "AUTOPAY 000120000053061RAUTOPAY AUTO-PMT", "AUTOPAY PAYMENT"]) {
      expect(() => amounts(card(payment))).toThrow(
        `card.csv: line 3: "${payment}" and line 4: "AMAZON MKTPLACE REFUND" are written negative beside one positive amount in "Amount": a card's month (purchases positive, its payment and a refund negative) or an account's (money coming in, a refund it paid out, a card paid), and nothing else in the file tells which; if they are card purchases, import it with --flip-signs; if they are money received, with --amount-column "Amount" (the signs as written)`,
      );
      expect(read(utf8(card(payment)), { fileName: "card.csv", fallbackCurrency: usd, flipSigns: true }).rows.map((r) => r.amount)).toEqual([-5.75, 500, 42.1]);
    }
    // An account's month of that shape (the review's): takings in, a refund paid to a buyer, the card paid: asked, not turned.
    const seller = "Date,Description,Amount\n01/10/2026,HARBOR GOODS LLC,300.00\n01/11/2026,EBAY REFUND TO BUYER,-35.00\n01/12/2026,MERCARI,120.00\n01/13/2026,AUTOMATIC PAYMENT,-131.20\n";
    expect(() => amounts(seller, "checking.csv")).toThrow('checking.csv: line 5: "AUTOMATIC PAYMENT" and line 3: "EBAY REFUND TO BUYER" are written negative beside 2 positive amounts');
    // Its takings as the payment platform's transfer writes them ("PAYPAL TRANSFER") say the account's: read as written (r4-signs3).
    expect(amounts(seller.replace("HARBOR GOODS LLC", "PAYPAL TRANSFER"), "checking.csv")).toEqual([300, -35, 120, -131.2]);
    // An account's words for the card it pays say nothing of the file's signs: a business's takings, a refund to a
    // customer and that payment out are read as written.
    expect(amounts(card("CHASE CREDIT CRD AUTOPAY", "REFUND TO J SMITH"), "checking.csv")).toEqual([5.75, -500, -42.1]);
    // A refund's other words ("Gutschrift", "Rückerstattung", "remboursement", a "REFUNDED" order) read alike.
    for (const refund of ["GUTSCHRIFT ZALANDO", "RUECKERSTATTUNG ZALANDO", "REMBOURSEMENT FNAC", "ORDER 4471 REFUNDED"]) {
      expect(() => amounts(card("CAPITAL ONE AUTOPAY PYMT", refund))).toThrow(`line 4: "${refund}" are written negative`);
    }
    // An account's month of the same shape writes its refund positive: read as written.
    const account = "Date,Description,Amount\n03/13/2026,GROCER 22,-84.20\n03/14/2026,CAPITAL ONE AUTOPAY PYMT,-500.00\n03/15/2026,AMAZON.COM REFUND,23.99\n";
    expect(amounts(account, "checking.csv")).toEqual([-84.2, -500, 23.99]);
    // Another row written negative that is no refund and no payment (an account's debit): read as written.
    const spent = "Date,Description,Amount\n03/13/2026,COPPER KETTLE CAFE,5.75\n03/14/2026,CAPITAL ONE AUTOPAY PYMT,-500.00\n03/15/2026,AMAZON MKTPLACE REFUND,-42.10\n03/16/2026,GROCER 22,-84.20\n";
    expect(amounts(spent, "checking.csv")).toEqual([5.75, -500, -42.1, -84.2]);
  });

  test("a checking month of mostly money in beside the bare \"AUTOPAY PAYMENT\": a refund or a transfer in written positive, or spending written negative, says an account; the file says both and is refused, naming both lines (was: every sign turned, exit 0)", () => {
    // Truth: money in 500.00 + 120.00 + 23.99 (+ 318.75), out 131.20 (and 100.00).
    const month = (debit: string, lines: string) => `Date,Description,Amount\n01/13/2026,${lines}\n01/19/2026,${debit},-131.20\n`;
    const refunded = "ONLINE TRANSFER FROM SAV ...7731,500.00\n01/15/2026,VENMO CASHOUT,120.00\n01/17/2026,AMAZON.COM REFUND,23.99";
    for (const debit of ["AUTOPAY PAYMENT", "MOBILE AUTOPAY PAYMENT"]) {
      expect(() => amounts(month(debit, refunded), "checking.csv")).toThrow(
        `checking.csv: line 5: "${debit}" written negative reads as a card's automatic payment, and line 2: "ONLINE TRANSFER FROM SAV ...7731" written positive as money coming into an account: the file says both, and 3 of the 4 amounts in "Amount" are positive; if they are card purchases, import it with --flip-signs; if they are money received, with --amount-column "Amount" (the signs as written)`,
      );
    }
    // A refund alone, a payout or a cash-out alone say so too.
    expect(() => amounts(month("AUTOPAY PAYMENT", "HARBOR GOODS LLC,512.40\n01/15/2026,ETSY INC PAYOUT,318.75\n01/17/2026,VENMO CASHOUT,120.00"), "checking.csv")).toThrow('line 3: "ETSY INC PAYOUT" written positive as money coming into an account');
    expect(() => amounts(month("AUTOPAY PAYMENT", "HARBOR GOODS LLC,512.40\n01/15/2026,BLUE HERON BOOKS REFUND,18.00\n01/17/2026,VENMO INC,120.00"), "checking.csv")).toThrow('line 3: "BLUE HERON BOOKS REFUND" written positive as money coming into an account');
    // A cash withdrawal written negative is an account's spending: read as written.
    expect(amounts(month("AUTOPAY PAYMENT", "STRIPE TRANSFER,512.40\n01/15/2026,ATM WITHDRAWAL 4410 MAIN ST,-100.00\n01/17/2026,VENMO INC,120.00\n01/18/2026,SQUARE INC,80.00"), "checking.csv")).toEqual([512.4, -100, 120, 80, -131.2]);
    // A card's month of purchases beside the same line and its refund written negative: still the card's.
    expect(amounts(month("AUTOPAY PAYMENT", "TRADER JOES #552,84.12\n01/15/2026,SHELL OIL 5744,52.40\n01/17/2026,NETFLIX.COM,15.99\n01/18/2026,TRADER JOES REFUND,-12.00"))).toEqual([-84.12, -52.4, -15.99, 12, 131.2]);
  });

  test("money given back in other languages' words (STORNO, AVOIR, DEVOLUCIÓN, RETOUR, RÜCKERSTATTUNG, GUTSCHRIFT, REMBOURSEMENT, RIMBORSO, TERUGBETALING, Revolut's \"RETOURNÉ\"): read as a refund by the card rule (r4-signs3: STORNO, AVOIR, DEVOLUCIÓN, RETOUR, RETOURNÉ were not, and a card's month of one purchase was read as written, the purchase money in, exit 0)", () => {
    const card = (refund: string) => `Date,Description,Amount\n03/13/2026,COPPER KETTLE CAFE,5.75\n03/14/2026,CAPITAL ONE AUTOPAY PYMT,-500.00\n03/15/2026,${refund},-42.10\n`;
    const words = ["STORNO LIBRERIA CENTRALE", "AVOIR LIBRAIRIE DU PORT", "DEVOLUCIÓN LIBRERÍA SOL", "DEVOLUCION LIBRERIA SOL", "RETOUR BOEKHANDEL ZUID", "RÜCKERSTATTUNG BUCHLADEN", "GUTSCHRIFT BUCHLADEN", "REMBOURSEMENT LIBRAIRIE", "RIMBORSO LIBRERIA", "TERUGBETALING BOEKHANDEL", "RETOURNÉ Librairie du Port"];
    for (const refund of words) expect(() => amounts(card(refund))).toThrow(`line 4: "${refund}" are written negative beside one positive amount`);
    // The same words written positive in a checking month beside the bare "AUTOPAY PAYMENT": money an account receives (the file says both).
    const month = (back: string, first = "HARBOR GOODS LLC", third = "VENMO INC") => `Date,Description,Amount\n01/13/2026,${first},512.40\n01/15/2026,${back},18.00\n01/17/2026,${third},120.00\n01/19/2026,AUTOPAY PAYMENT,-131.20\n`;
    for (const back of words) expect(() => amounts(month(back), "checking.csv")).toThrow(`line 3: "${back}" written positive as money coming into an account`);
    // A word that merely holds one of them is none ("RETOURENLABEL", "STORNOWAY CAFE", "SAVOIR FAIRE BISTRO"): a card's
    // month of purchases beside its autopay line stays the card's.
    // Nor is a French round trip ("ALLER-RETOUR": review of r4-signs3, a card's train ticket made its month refused).
    for (const shop of ["STORNOWAY CAFE", "SAVOIR FAIRE BISTRO", "RETOURENLABEL DHL", "SNCF BILLET ALLER-RETOUR PARIS", "TRAIN ALLER RETOUR LYON"]) expect(amounts(month(shop, "TRADER JOES #552", "NETFLIX.COM"))).toEqual([-512.4, -18, -120, 131.2]);
  });

  test("a checking month of takings (a payment platform's transfer, payout or deposit) beside the bare \"AUTOPAY PAYMENT\": the takings say an account, the file says both and is refused, both lines named (was: every sign turned, exit 0)", () => {
    const month = (takings: string, other = "VENMO INC") => `Date,Description,Amount\n01/13/2026,${takings},512.40\n01/15/2026,${other},120.00\n01/17/2026,MAPLE COFFEE ROASTERS,80.00\n01/19/2026,AUTOPAY PAYMENT,-131.20\n`;
    for (const takings of ["STRIPE TRANSFER", "STRIPE TRANSFER ST-K2H8Q4", "SQUARE INC 260113P2", "SQUARE INC DES:SQ260113", "SQUARE INC", "SQUARE INC  DES: SQ260113", "SHOPIFY PAYMENTS", "SHOPIFY TRANSFER", "PAYPAL TRANSFER", "ACH DEPOSIT NORTHWIND", "ELECTRONIC DEPOSIT GUSTO"]) {
      expect(() => amounts(month(takings), "checking.csv")).toThrow(
        `checking.csv: line 5: "AUTOPAY PAYMENT" written negative reads as a card's automatic payment, and line 2: "${takings}" written positive as money coming into an account: the file says both, and 3 of the 4 amounts in "Amount" are positive;`,
      );
    }
    // A card's purchases at a shop on such a platform ("SHOPIFY* 8812", "SQ *MAPLE COFFEE", "STRIPE* PRESS") are purchases:
    // the month stays the card's.
    // Nor is Square's own fee billed to a card, its phone number after the name (review of r4-signs3: such a month was refused).
    for (const shop of ["SHOPIFY* 8812345", "SQ *MAPLE COFFEE", "STRIPE* NORTHWIND PRESS", "SQUARESPACE INC", "SQUARE INC 877-417-4551 CA", "SQUARE INC SAN FRANCISCO"]) expect(amounts(month(shop, "NETFLIX.COM"))).toEqual([-512.4, -120, -80, 131.2]);
  });
});
