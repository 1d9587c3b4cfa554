import { describe, expect, test } from "bun:test";
import { detectFormat } from "../../../src/import/formats/index.ts";
import { fixture, read, utf8 } from "./support.ts";

describe("OFX 1.x (SGML, unclosed tags, windows-1252)", () => {
  const bytes = fixture("statement-v1.ofx");

  test("detected from the content", () => {
    expect(detectFormat(bytes)).toBe("ofx");
  });

  test("STMTTRN rows: DTPOSTED with time and zone, a decimal comma, an empty NAME falling back to MEMO, entities, a per-transaction CURRENCY", () => {
    const s = read(bytes, { fileName: "avril.ofx" });
    const account = "00012345678";
    expect(s.format).toBe("ofx");
    expect(s.account).toBe(account);
    // Every row of this format states its counterparty as a name (ParsedRow.named).
    expect(s.rows.map((r) => r.named)).toEqual(s.rows.map(() => true));
    expect(s.rows.map(({ named: _, ...r }) => r)).toEqual([
      {
        line: 1, date: "2025-04-03", amount: -23.4, currency: "EUR", description: "Boulangerie Ménard · CB 02/04", idText: "Boulangerie Ménard",
        reference: "ofx:00012345678:FR-0403-001", account, facts: { counterparty: "Boulangerie Ménard", purpose: "CB 02/04" },
      },
      {
        line: 2, date: "2025-04-25", amount: 2350, currency: "EUR", description: "VIR SALAIRE AVRIL & PRIME", idText: "VIR SALAIRE AVRIL & PRIME",
        reference: "ofx:00012345678:FR-0425-002", account, facts: { purpose: "VIR SALAIRE AVRIL & PRIME" },
      },
      {
        line: 4, date: "2025-04-28", amount: -60, currency: "CHF", description: "Hotel Zürich", idText: "Hotel Zürich",
        reference: "ofx:00012345678:FR-0428-004", account, facts: { counterparty: "Hotel Zürich", exchangeRate: 1.05 },
      },
    ]);
    expect(s.badRows).toEqual([{ line: 3, reason: 'DTPOSTED "20250431" is not a real date' }]);
  });
});

describe("OFX 2.x (XML) credit-card statement", () => {
  const bytes = fixture("card-v2.qfx");

  test("detected from the content", () => {
    expect(detectFormat(bytes)).toBe("ofx");
  });

  test("CCACCTFROM account, CURDEF upper-cased, PAYEE/NAME, a plus sign, a bad TRNAMT as a bad row", () => {
    const s = read(bytes, { fileName: "may.qfx" });
    expect(s.account).toBe("4111XXXXXXXX1111");
    expect(s.rows.map((r) => [r.line, r.amount, r.currency, r.description, r.reference])).toEqual([
      [1, -4.75, "USD", "BLUE BOTTLE COFFEE", "ofx:4111XXXXXXXX1111:2025051200001"],
      [2, -4.75, "USD", "BLUE BOTTLE COFFEE", "ofx:4111XXXXXXXX1111:2025051200002"],
      [3, 120, "USD", "PAYMENT THANK YOU", "ofx:4111XXXXXXXX1111:2025052000003"],
    ]);
    expect(s.badRows).toEqual([{ line: 4, reason: 'TRNAMT "abc" is not a number' }]);
  });

  test("--account replaces the account of the statement and its rows but not the bank's ids", () => {
    const s = read(bytes, { fileName: "may.qfx", accountOverride: "Visa Anna" });
    expect(s.account).toBe("Visa Anna");
    expect(s.rows.map((r) => [r.account, r.reference])[0]).toEqual(["Visa Anna", "ofx:4111XXXXXXXX1111:2025051200001"]);
    expect(s.reconciliation.map((r) => r.account)).toEqual(["Visa Anna"]);
  });

  test("an OFX with a DOCTYPE is refused; one without a statement says so", () => {
    const text = new TextDecoder().decode(bytes).replace("<OFX>", '<!DOCTYPE OFX [<!ENTITY a "b">]>\n<OFX>');
    expect(() => read(utf8(text), { fileName: "d.qfx" })).toThrow("d.qfx: line 3: the file declares a DOCTYPE, which is refused (statements never need one)");
    expect(() => read(utf8("OFXHEADER:100\n\n<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>"), { fileName: "e.ofx" })).toThrow(
      "e.ofx: the OFX file holds no bank or card statement (STMTRS / CCSTMTRS)",
    );
  });

  test("a root tag written '<OFX >' with a transaction missing its TRNAMT: that transaction is a bad row naming the fault, not a refusal of the file as no OFX (9b294d0)", () => {
    const text = new TextDecoder().decode(fixture("ofx-root-tag-space.ofx")).replace("<TRNAMT>1250.00</TRNAMT>", "");
    const s = read(utf8(text), { fileName: "nfcu.ofx" });
    expect(s.rows.map((r) => [r.line, r.date, r.amount, r.description])).toEqual([[1, "2026-03-04", -18.4, "POS DEBIT 0304 MAPLE STREET BAKERY PORTLAND ME"]]);
    expect(s.badRows).toEqual([{ line: 2, reason: 'TRNAMT "" is missing' }]);
  });
});

describe("OFX text as banks write it (SPEC §10.1)", () => {
  const sgml = (transactions: string) =>
    `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>CHF\n<BANKACCTFROM><ACCTID>77\n</BANKACCTFROM><BANKTRANLIST>\n${transactions}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
  const trn = (fitid: string, name: string, extra = "") => `<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20250603\n<TRNAMT>-1.00\n<FITID>${fitid}\n<NAME>${name}\n${extra}</STMTTRN>`;

  test("amounts written without their sign: DEBIT and CREDIT say the direction (an indicator wins over the amount's sign)", () => {
    // Some banks write TRNAMT as an absolute value (monetr issue 2687): a DEBIT of 42.17 was imported as money in.
    const t = (type: string, amount: string, fitid: string) => `<STMTTRN>\n<TRNTYPE>${type}\n<DTPOSTED>20250603\n<TRNAMT>${amount}\n<FITID>${fitid}\n<NAME>N${fitid}\n</STMTTRN>`;
    const s = read(utf8(sgml([t("DEBIT", "42.17", "1"), t("CREDIT", "1500.00", "2"), t("DEBIT", "-9.99", "3"), t("POS", "-3.00", "4"), t("CREDIT", "-5.00", "5")].join("\n"))), { fileName: "u.ofx" });
    expect(s.rows.map((r) => r.amount)).toEqual([-42.17, 1500, -9.99, -3, 5]);
    expect(s.notes).toEqual(["2 amounts were written with the other sign than their type (DEBIT, CREDIT) says: the type gives the direction"]);
  });

  test("a NAME in CDATA is its text; a transaction inside a comment is not read; character references are decoded", () => {
    const s = read(fixture("statement-cdata.ofx"), { fileName: "juni.ofx" });
    expect(s.rows.map((r) => [r.reference, r.description, r.facts.counterparty])).toEqual([
      ["ofx:0235-987654.01:A1", "Migros & Co <Bern> · Einkauf", "Migros & Co <Bern>"],
      ["ofx:0235-987654.01:A2", "Arbeitgeber Müller AG · Lohn Juni", "Arbeitgeber Müller AG"],
      ["ofx:0235-987654.01:A3", "Immo AG", "Immo AG"],
    ]);
    expect(s.dataLines).toBe(3);
  });

  test("control characters from references are removed (NUL, ESC, a right-to-left override); a reference to no character is refused with its line", () => {
    const s = read(utf8(sgml(trn("F1", "Kiosk&#0;&#27;[31m&#x202E;Bahnhof"))), { fileName: "c.ofx" });
    expect(s.rows.map((r) => r.description)).toEqual(["Kiosk[31mBahnhof"]);
    expect(() => read(utf8(sgml(trn("F2", "A&#99999999;B"))), { fileName: "x.ofx" })).toThrow('x.ofx: line 12: "&#99999999;" refers to no character');
  });

  test("an empty leaf followed by another tag (unclosed SGML) hands its children back: the MEMO after an empty NAME is found", () => {
    const s = read(utf8(sgml("<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20250603\n<TRNAMT>-2.00\n<FITID>E1\n<NAME>\n<MEMO>Parking\n</STMTTRN>")), { fileName: "e.ofx" });
    expect(s.rows.map((r) => [r.description, r.idText])).toEqual([["Parking", "Parking"]]);
  });

  test('a text escaped twice reads as written only where the reference after "&amp;" is one: "&amp;nbsp;" a no-break space as "&nbsp;" is, "&amp;#55296;" (no character) left as text (review of r4-qa52)', () => {
    // "&amp;#55296;" was turned into "&#55296;" and the whole file refused for a reference to no character; "&amp;nbsp;" stayed "&nbsp;".
    const s = read(utf8(sgml([trn("N1", "CAFE&amp;nbsp;NOIR"), trn("N2", "M&amp;#x27;S &amp;#55296; X")].join("\n"))), { fileName: "n.ofx" });
    expect(s.rows.map((r) => r.description)).toEqual(["CAFE\u00a0NOIR", "M'S &#55296; X"]);
  });

  test("a field longer than 1,000 characters is cut with …", () => {
    const s = read(utf8(sgml(trn("L1", "x".repeat(5000)))), { fileName: "l.ofx" });
    expect(s.rows[0]!.description).toBe(`${"x".repeat(999)}…`);
  });
});

describe("OFX files with no statement say what they hold instead (QA round 4, eighth pass)", () => {
  const sgml = (body: string) => `OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\n\r\n<OFX>\r\n${body}\r\n</OFX>\r\n`;
  const refusal = (text: string) => {
    try {
      read(utf8(text), { fileName: "x.ofx" });
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error("expected a refusal");
  };

  test("the bank's error status (a failed download) is named with its code and message", () => {
    expect(refusal(sgml("<BANKMSGSRSV1><STMTTRNRS><TRNUID>0<STATUS><CODE>2000<SEVERITY>ERROR<MESSAGE>General error: account not available</STATUS></STMTTRNRS></BANKMSGSRSV1>"))).toBe(
      'x.ofx: the OFX file holds no bank or card statement (STMTRS / CCSTMTRS): the bank answered with error 2000 ("General error: account not available") instead of a statement; download it again',
    );
    expect(refusal(sgml("<BANKMSGSRSV1><STMTTRNRS><TRNUID>0<STATUS><CODE>0<SEVERITY>INFO</STATUS></STMTTRNRS></BANKMSGSRSV1>"))).toBe("x.ofx: the OFX file holds no bank or card statement (STMTRS / CCSTMTRS)");
    // A successful sign-on (CODE 0) before the statement's error: the error's own code, not the sign-on's (it said "error 0").
    const signedOn = "<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260405<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>";
    expect(refusal(sgml(`${signedOn}<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>2000<SEVERITY>ERROR<MESSAGE>General error - statement not available</STATUS></STMTTRNRS></BANKMSGSRSV1>`))).toBe(
      'x.ofx: the OFX file holds no bank or card statement (STMTRS / CCSTMTRS): the bank answered with error 2000 ("General error - statement not available") instead of a statement; download it again',
    );
  });

  test("an investment statement is named as one", () => {
    expect(refusal(sgml("<INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1<INVSTMTRS><DTASOF>20260131<CURDEF>USD<INVACCTFROM><BROKERID>x.com<ACCTID>123</INVACCTFROM></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>"))).toBe(
      "x.ofx: this is an investment statement (INVSTMTRS): securities are not read; export the bank or card account",
    );
  });

  test("an investment statement with trades beside its cash movements is refused as one (only one of cash movements alone is read: ofx-investment-cash.ofx)", () => {
    // A brokerage account's cash (a fee, INVBANKTRAN) beside a purchase (BUYSTOCK): read in part, its cash would not add
    // up without the trades, and its dividends (INCOME) would be left out of the income.
    const cash = "<INVBANKTRAN><STMTTRN><TRNTYPE>FEE<DTPOSTED>20260120<TRNAMT>-5.00<FITID>F1<NAME>ACCOUNT FEE</STMTTRN><SUBACCTFUND>CASH</INVBANKTRAN>";
    const buy = "<BUYSTOCK><INVBUY><INVTRANID><FITID>B1<DTTRADE>20260115</INVTRANID><SECID><UNIQUEID>037833100<UNIQUEIDTYPE>CUSIP</SECID><UNITS>10<UNITPRICE>150<TOTAL>-1500<SUBACCTSEC>CASH<SUBACCTFUND>CASH</INVBUY><BUYTYPE>BUY</BUYSTOCK>";
    const statement = (list: string) => sgml(`<INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1<INVSTMTRS><DTASOF>20260131<CURDEF>USD<INVACCTFROM><BROKERID>x.com<ACCTID>123</INVACCTFROM><INVTRANLIST><DTSTART>20260101<DTEND>20260131${list}</INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>`);
    expect(refusal(statement(cash + buy))).toBe("x.ofx: this is an investment statement (INVSTMTRS): securities are not read; export the bank or card account");
    const alone = read(utf8(statement(cash)), { fileName: "x.ofx" });
    expect(alone.rows.map((r) => [r.date, r.amount, r.currency, r.description, r.account])).toEqual([["2026-01-20", -5, "USD", "ACCOUNT FEE", "123"]]);
  });
});

test("a closing balance as of 00000000 (Bradesco's): zero is a placeholder, not read; any other amount is read, undated (ofx-ledgerbal-placeholder.ofx)", () => {
  const statement = (balance: string) =>
    `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL\n<BANKACCTFROM><ACCTID>99\n</BANKACCTFROM><BANKTRANLIST>\n<STMTTRN>\n<TRNTYPE>CREDIT\n<DTPOSTED>20260430\n<TRNAMT>10,00\n<FITID>N1\n<MEMO>RESGATE INVEST\n</STMTTRN>\n</BANKTRANLIST><LEDGERBAL><BALAMT>${balance}<DTASOF>00000000</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
  const zero = read(utf8(statement("0,00")), { fileName: "z.ofx" });
  expect(zero.reconciliation.map((r) => [r.closing, r.closingDate])).toEqual([[null, null]]);
  expect(zero.notes).toEqual(['the closing balance LEDGERBAL/BALAMT "0,00" is dated DTASOF "00000000", no day: a placeholder, not checked']);
  const stated = read(utf8(statement("17071,23")), { fileName: "s.ofx" });
  expect(stated.reconciliation.map((r) => [r.closing, r.closingDate])).toEqual([[17071.23, null]]);
  expect(stated.notes).toEqual([]);
});

describe("a transaction listed in two statements of one account in a file (review of r4-qa22)", () => {
  type Listed = { currency?: string; bank?: string; account?: string; type?: string; balance: string; transactions: string[] };
  /** A file of statements (XML, closed tags), each with its account, currency and closing balance. */
  const file = (...statements: Listed[]) =>
    `<?xml version="1.0"?><?OFX OFXHEADER="200" VERSION="220"?><OFX><BANKMSGSRSV1>${statements
      .map(
        (st) =>
          `<STMTTRNRS><STMTRS><CURDEF>${st.currency ?? "USD"}</CURDEF><BANKACCTFROM><BANKID>${st.bank ?? "1"}</BANKID><ACCTID>${st.account ?? "777"}</ACCTID><ACCTTYPE>${st.type ?? "CHECKING"}</ACCTTYPE></BANKACCTFROM><BANKTRANLIST>${st.transactions.join("")}</BANKTRANLIST><LEDGERBAL><BALAMT>${st.balance}</BALAMT><DTASOF>20260531</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS>`,
      )
      .join("")}</BANKMSGSRSV1></OFX>`;
  const trn = (fitid: string, date: string, amount: string, name: string, type = "DEBIT") =>
    `<STMTTRN><TRNTYPE>${type}</TRNTYPE><DTPOSTED>${date}</DTPOSTED><TRNAMT>${amount}</TRNAMT><FITID>${fitid}</FITID><NAME>${name}</NAME></STMTTRN>`;
  const rows = (text: string) => read(utf8(text), { fileName: "d.ofx" });

  test("a FITID the later statement lists twice (two coffees of one price on one day) is one repeat, not two", () => {
    // 1–15 May: one coffee of 4.50 on the 15th (closing 95.50); 15–31 May: that coffee again and a second one (closing
    // 91.00 = 95.50 − 4.50). The bank writes one FITID for both. The second coffee was skipped as a repeat too.
    const coffee = trn("H15-4.50", "20260515", "-4.50", "Coffee");
    const s = rows(file({ balance: "95.50", transactions: [coffee] }, { balance: "91.00", transactions: [coffee, coffee] }));
    expect(s.rows.map((r) => [r.line, r.amount])).toEqual([[1, -4.5], [3, -4.5]]);
    expect(s.skipped).toEqual([{ line: 2, reason: "the same transaction as transaction 1 (FITID H15-4.50, same date, amount and currency), listed again in another statement of the account in this file" }]);
  });
  test("the same FITID, date and amount in statements of another currency (one ACCTID) are two transactions", () => {
    // One account's EUR and GBP statements, each charging its fee of 3.00 on 1 May as FITID 1: the GBP fee was skipped
    // as the EUR one listed again.
    const fee = trn("1", "20260501", "-3.00", "Account fee");
    const s = rows(file({ currency: "EUR", account: "555", balance: "100.00", transactions: [fee] }, { currency: "GBP", account: "555", balance: "200.00", transactions: [fee] }));
    expect(s.rows.map((r) => [r.line, r.amount, r.currency])).toEqual([[1, -3, "EUR"], [2, -3, "GBP"]]);
    expect(s.skipped).toEqual([]);
  });
  test("the same FITID with another date or amount in a later statement is booked twice, and a note names both", () => {
    // A restaurant's 45.00 on the 15th, listed in the next statement as 54.00 on the 16th (a tip added, or another
    // booking): both were booked under one id and nothing was said.
    const s = rows(file({ account: "888", balance: "55.00", transactions: [trn("X9", "20260515", "-45.00", "Restaurant")] }, { account: "888", balance: "46.00", transactions: [trn("X9", "20260516", "-54.00", "Restaurant")] }));
    expect(s.rows.map((r) => [r.line, r.date, r.amount])).toEqual([[1, "2026-05-15", -45], [2, "2026-05-16", -54]]);
    expect(s.notes).toEqual([
      "a FITID is listed in two statements of the account with another date or amount, so both were booked; check whether the later one corrects the earlier (FITID X9: transaction 1 (2026-05-15, USD -45.00) and transaction 2 (2026-05-16, USD -54.00))",
    ]);
  });

  test("one ACCTID under two account types (or banks): nothing of one is a repeat of the other, and the rows keep the plain ACCTID their earlier imports gave them", () => {
    // A credit union numbering a member's checking and savings alike (ACCTID 98765): each credits a dividend of 5.00 on
    // 1 May as FITID 1. The savings one was skipped as the checking's listed again (review of r4-qa22). Then the rows
    // were kept apart as "98765 (CHECKING)" / "98765 (SAVINGS)", which gave the checking rows new ids: a checking download
    // imported before was stored a second time (review of the merge). Now every row keeps the ACCTID, as main read it;
    // only the FITID merge tells the two apart, and the note says how to keep them apart.
    const dividend = trn("1", "20260501", "5.00", "Dividend", "CREDIT");
    const checking = { account: "98765", type: "CHECKING", balance: "1000.00", transactions: [dividend, trn("2", "20260510", "-20.00", "Groceries")] };
    const s = rows(file(checking, { account: "98765", type: "SAVINGS", balance: "2000.00", transactions: [dividend] }));
    expect(s.rows.map((r) => [r.line, r.amount, r.account, r.reference])).toEqual([
      [1, 5, "98765", "ofx:98765:1"],
      [2, -20, "98765", "ofx:98765:2"],
      [3, 5, "98765", "ofx:98765:1"],
    ]);
    expect(s.skipped).toEqual([]);
    expect(s.notes).toContain('the ACCTID 98765 is listed for 2 accounts (other BANKID or ACCTTYPE): their rows are all booked to the account "98765", none taken for another\'s; import each account\'s download on its own to keep them apart');
    // The checking account's download alone, imported before: its rows' references are the same as in the file of both.
    expect(rows(file(checking)).rows.map((r) => r.reference)).toEqual(["ofx:98765:1", "ofx:98765:2"]);
    // Two banks' accounts of one number likewise: both statements' rows booked, neither a repeat.
    const banks = rows(file({ bank: "021000021", balance: "10.00", transactions: [dividend] }, { bank: "026009593", balance: "20.00", transactions: [dividend] }));
    expect([banks.rows.map((r) => r.account), banks.skipped]).toEqual([["777", "777"], []]);
    expect(rows(file({ balance: "10.00", transactions: [dividend] })).rows.map((r) => r.reference)).toEqual(["ofx:777:1"]);
    // A brokerage statement of the same number beside it (with a trade: not read) leaves the bank account's id plain.
    const brokerage = "<INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><CURDEF>USD</CURDEF><INVACCTFROM><BROKERID>b.com</BROKERID><ACCTID>777</ACCTID></INVACCTFROM><INVTRANLIST><BUYSTOCK><INVBUY><INVTRANID><FITID>B1</FITID></INVTRANID></INVBUY></BUYSTOCK></INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>";
    const beside = rows(file({ balance: "10.00", transactions: [dividend] }).replace("</OFX>", `${brokerage}</OFX>`));
    expect([beside.rows.map((r) => r.reference), beside.notes]).toEqual([["ofx:777:1"], []]);
  });
});

test("pending transactions (STMTTRNP) of a file that closes no element end as booked ones do: in order, the closing balance kept (review of r4-qa22)", () => {
  // An OFX 1.x card statement without closing tags, its holds after its bookings: each STMTTRNP was read as a field of
  // the one before (listed last first) and the last swallowed LEDGERBAL: the closing balance −130.00 was lost.
  const text = [
    "OFXHEADER:100", "DATA:OFXSGML", "", "<OFX>", "<CREDITCARDMSGSRSV1>", "<CCSTMTTRNRS>", "<CCSTMTRS>", "<CURDEF>USD", "<CCACCTFROM>", "<ACCTID>4111",
    "<BANKTRANLIST>", "<DTSTART>20260501", "<DTEND>20260531",
    "<STMTTRN>", "<TRNTYPE>DEBIT", "<DTPOSTED>20260502", "<TRNAMT>-10.00", "<FITID>A1", "<NAME>Coffee",
    "<STMTTRN>", "<TRNTYPE>DEBIT", "<DTPOSTED>20260503", "<TRNAMT>-20.00", "<FITID>A2", "<NAME>Lunch",
    "<BANKTRANLISTP>", "<DTASOF>20260531",
    "<STMTTRNP>", "<TRNTYPE>HOLD", "<DTTRAN>20260530", "<TRNAMT>-5.00", "<NAME>Hold1",
    "<STMTTRNP>", "<TRNTYPE>HOLD", "<DTTRAN>20260531", "<TRNAMT>-7.00", "<NAME>Hold2",
    "<LEDGERBAL>", "<BALAMT>-130.00", "<DTASOF>20260531", "<AVAILBAL>", "<BALAMT>500.00", "<DTASOF>20260531", "</OFX>", "",
  ].join("\n");
  const s = read(utf8(text), { fileName: "p.ofx" });
  expect(s.rows.map((r) => [r.line, r.amount, r.description])).toEqual([[1, -10, "Coffee"], [2, -20, "Lunch"]]);
  expect(s.skipped).toEqual([
    { line: 3, reason: "a pending transaction (STMTTRNP, 2026-05-30, -5.00): not booked yet; it comes with a later statement once booked" },
    { line: 4, reason: "a pending transaction (STMTTRNP, 2026-05-31, -7.00): not booked yet; it comes with a later statement once booked" },
  ]);
  expect(s.reconciliation.map((r) => [r.account, r.closing, r.closingDate, r.entries])).toEqual([["4111", -130, "2026-05-31", 2]]);
});
