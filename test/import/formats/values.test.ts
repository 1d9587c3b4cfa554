import { describe, expect, test } from "bun:test";
import { currencyInAmount, DecimalVotes, guessDateOrder, guessDecimal, looksLikeDate, parseAmount, parseDate } from "../../../src/import/formats/values.ts";

describe("parseAmount", () => {
  test("grouping marks, signs before and after, parentheses, currency codes", () => {
    const cases: [string, "." | ",", number][] = [
      ["1'234.50", ".", 1234.5],
      ["1’234.50", ".", 1234.5],
      ["1.234,50", ",", 1234.5],
      ["1,234.50", ".", 1234.5],
      ["1\u00a0234,50", ",", 1234.5],
      ["1 234,50", ",", 1234.5],
      ["-12", ".", -12],
      ["12-", ".", -12],
      ["(12.00)", ".", -12],
      ["+7.5", ".", 7.5],
      ["\u22123,10", ",", -3.1],
      ["CHF -5.00", ".", -5],
      ["-5.00 EUR", ".", -5],
      ["€ 9,99", ",", 9.99],
      ["0.05", ".", 0.05],
      // A DR/CR mark after the number is its sign (QA round 4: such a column was refused as no amount column).
      ["45.90 DR", ".", -45.9],
      ["2,000.00 CR", ".", 2000],
      ["12,50Dr", ",", -12.5],
      ["£1,234.56 cr", ".", 1234.56],
      // Indian banks' balances with their side in brackets (Kotak; issue 31: no amount).
      ["1,234.00(Dr)", ".", -1234],
      ["1,35,500.00 (Cr)", ".", 135500],
      // A "|" against the number frames it (BancoPosta's opening balance "26.851,95|"; QA round 4, pass 23: no amount).
      ["26.851,95|", ",", 26851.95],
      ["| -12.50", ".", -12.5],
    ];
    for (const [raw, decimal, want] of cases) expect([raw, parseAmount(raw, decimal)]).toEqual([raw, want]);
  });

  test("a minus written as another character is a minus, before or after the number (issue 31: U+2013, U+FE63, U+FF0D were no amounts)", () => {
    const cases: [string, "." | ",", number][] = [
      ["\u221212.50", ".", -12.5],
      ["12.50\u2212", ".", -12.5],
      ["\u2013 52,35", ",", -52.35],
      ["52,35 \u2013", ",", -52.35],
      ["\u2012 7.00", ".", -7],
      ["\u2010" + "7.00", ".", -7],
      ["\ufe632,60", ",", -2.6],
      ["\uff0d419,25", ",", -419.25],
      ["CHF \u20134.80", ".", -4.8],
      ["(\u22124.80)", ".", -4.8],
      ["\u22121,234.50", ".", -1234.5],
    ];
    for (const [raw, decimal, want] of cases) expect([raw, parseAmount(raw, decimal)]).toEqual([raw, want]);
    // No form is read as a number without its minus: two minus marks, a dash between numbers, an em dash, a dash alone.
    for (const raw of ["\u221212.50\u2212", "-12.50\u2013", "12\u201315", "\u201412.50", "\u2013", "\uff0d", "\u2212\u221212"]) expect([raw, parseAmount(raw, ".")]).toEqual([raw, null]);
  });

  test("text, two decimal marks and empty cells are not amounts", () => {
    for (const raw of ["abc", "", "  ", "1.2.3,4,5", "12.50.", "--1", "1,5", "12,34.50", "x12", "DR", "CR 12", "1 DR 2", "|", "1|2", "12|", "|7"]) expect([raw, parseAmount(raw, ".")]).toEqual([raw, null]);
    expect(parseAmount("1.5", ",")).toBeNull();
    expect(parseAmount("1.234.567,8", ",")).toBe(1234567.8);
  });
});

describe("guessDecimal (from the whole column)", () => {
  test("decided by a value with both marks, by two decimals, or by repeated grouping", () => {
    expect(guessDecimal(["1.234,50", "12"])).toEqual({ decimal: "," });
    expect(guessDecimal(["1,234.50"])).toEqual({ decimal: "." });
    expect(guessDecimal(["12,5", "1,234"])).toEqual({ decimal: "," });
    expect(guessDecimal(["1.234.567"])).toEqual({ decimal: "," });
    expect(guessDecimal(["0.125"])).toEqual({ decimal: "." });
    expect(guessDecimal(["1'234.50", "-3.20"])).toEqual({ decimal: "." });
    expect(guessDecimal(["12", "-7", ""])).toEqual({ decimal: "." });
  });

  test("only thousands-like values are ambiguous; both marks as decimals conflict", () => {
    expect(guessDecimal(["1,234", "5,000"])).toEqual({ ambiguous: true });
    expect(guessDecimal(["1.50", "2,50"])).toEqual({ conflict: true });
  });
});

describe("dates", () => {
  test("the column decides the order", () => {
    expect(guessDateOrder(["2025-01-02", "2025-12-31"])).toEqual({ order: "YMD" });
    expect(guessDateOrder(["01.02.2025", "03.04.2025"])).toEqual({ order: "DMY" });
    expect(guessDateOrder(["01/02/2025", "13/02/2025"])).toEqual({ order: "DMY" });
    expect(guessDateOrder(["01/02/2025", "02/13/2025"])).toEqual({ order: "MDY" });
    expect(guessDateOrder(["01/02/2025", "12/12/2025"])).toEqual({ ambiguous: true });
    expect(guessDateOrder(["13/01/2025", "01/13/2025"])).toEqual({ conflict: true });
    expect(guessDateOrder(["Total", ""])).toEqual({ none: true });
  });

  test("year:month:day with colons (Danske Bank LT's \"2012:03:01\") is read only as a whole column's notation, never a time", () => {
    expect(guessDateOrder(["2012:03:01", "2012:03:12"])).toEqual({ order: "YMD" });
    expect(parseDate("2012:03:01", "YMD")).toBe("2012-03-01");
    expect(parseDate("2012:02:30", "YMD")).toBeNull(); // no 30 February
    // Times (two-digit first part), a mix with other notations, and a colon date with a time are no date column.
    expect(guessDateOrder(["12:03:01", "23:59:59"])).toEqual({ none: true });
    expect(guessDateOrder(["2012:03:01", "2012-03-05"])).toEqual({ none: true });
    expect(guessDateOrder(["2012:03:01 10:15:00"])).toEqual({ none: true });
  });

  test("dotted dates are voted by their values as the others are (QA round 4, pass 9: dots were day-first whatever the values said)", () => {
    // 12.31.2025: a second part above 12, so month-first; 01.05.2026 fits both and follows the column.
    expect(guessDateOrder(["12.31.2025", "01.05.2026"])).toEqual({ order: "MDY" });
    expect(guessDateOrder(["31.12.2025", "01.05.2026"])).toEqual({ order: "DMY" });
    expect(guessDateOrder(["31.12.2025", "12.31.2025"])).toEqual({ conflict: true });
    // No value decides: dots are Europe's day-first notation (the existing rule), a slash beside them leaves it open.
    expect(guessDateOrder(["01.05.2026", "12.12.2025"])).toEqual({ order: "DMY" });
    expect(guessDateOrder(["01.05.2026", "02/03/2026"])).toEqual({ ambiguous: true });
  });

  test("Czech and Slovak dates with spaced dots (\"5. 1. 2026\") are dotted dates (QA round 4, pass 9: no date column was found)", () => {
    expect(parseDate("5. 1. 2026", "DMY")).toBe("2026-01-05");
    expect(parseDate("20. 12. 2025 14:30", "DMY")).toBe("2025-12-20");
    expect(guessDateOrder(["5. 1. 2026", "20. 1. 2026"])).toEqual({ order: "DMY" });
  });

  test("parsing with a time part, two-digit years, compact ISO; unreal dates are null", () => {
    expect(parseDate("2025-03-04 13:45:00", "YMD")).toBe("2025-03-04");
    expect(parseDate("2025-03-04T13:45", "YMD")).toBe("2025-03-04");
    expect(parseDate("04.03.2025 08:00", "DMY")).toBe("2025-03-04");
    expect(parseDate("04.03.25", "DMY")).toBe("2025-03-04");
    expect(parseDate("03/04/2025", "MDY")).toBe("2025-03-04");
    expect(parseDate("03/04/2025", "DMY")).toBe("2025-04-03");
    expect(parseDate("20250304", "YMD")).toBe("2025-03-04");
    expect(parseDate("29.02.2024", "DMY")).toBe("2024-02-29");
    expect(parseDate("29.02.2025", "DMY")).toBeNull();
    expect(parseDate("31/04/2025", "DMY")).toBeNull();
    expect(parseDate("2025-13-01", "YMD")).toBeNull();
    expect(parseDate("03/04/2025", "YMD")).toBeNull();
  });

  test("the ten-character shapes read from their characters give what the general reading gives", () => {
    // ISO in any order but YMD is no date; a four-digit first part with dots or slashes is still year-first.
    expect(["YMD", "DMY", "MDY"].map((o) => parseDate("2011-11-11", o as "YMD"))).toEqual(["2011-11-11", null, null]);
    expect(parseDate("2024.02.29", "YMD")).toBe("2024-02-29");
    expect(parseDate("2024/12/31", "YMD")).toBe("2024-12-31");
    // Day and month the other way round by order; separators mixed, a letter among the digits, years out of range: no date.
    expect([parseDate("12-11-2024", "DMY"), parseDate("12-11-2024", "MDY")]).toEqual(["2024-11-12", "2024-12-11"]);
    expect(parseDate("12.11-2024", "DMY")).toBeNull();
    expect(parseDate("1a.11.2024", "DMY")).toBeNull();
    expect([parseDate("01.01.1899", "DMY"), parseDate("01.01.2200", "DMY"), parseDate("00.01.2024", "DMY")]).toEqual([null, null, null]);
    // Around it: spaces make it the general reading's (which trims).
    expect(parseDate(" 01.02.2024", "DMY")).toBe("2024-02-01");
  });
});

describe("dates with an English month name (QA round 4: a Nationwide or HSBC export's '03 Mar 2025' was refused)", () => {
  test("the name says the order, whatever the column's; no real date, or no month name, is none", () => {
    const cases: [string, string | null][] = [
      ["03 Mar 2025", "2025-03-03"],
      ["3-Mar-25", "2025-03-03"],
      ["Mar 3, 2025", "2025-03-03"],
      ["September 30, 2025", "2025-09-30"],
      ["30 Sept 2025", "2025-09-30"],
      ["31 Feb 2025", null],
      ["03 Foo 2025", null],
      ["Marx 3, 2025", null],
    ];
    for (const [raw, want] of cases) expect([raw, parseDate(raw, "DMY"), parseDate(raw, "MDY")]).toEqual([raw, want, want]);
    expect(guessDateOrder(["03 Mar 2025", "04 Mar 2025"])).toEqual({ order: "DMY" });
  });
});

describe("QA round 4, pass 12: notations of banks outside Western Europe and North America", () => {
  test("a year-first date with a one-digit month and day (MUFG's 2026/2/3) is a date, read year-first only", () => {
    expect(parseDate("2026/2/3", "YMD")).toBe("2026-02-03");
    expect(parseDate("2026/12/3", "YMD")).toBe("2026-12-03");
    expect(parseDate("2026/2/3", "DMY")).toBeNull();
  });

  test("Japanese era dates (SMBC's 年月日（和暦） \"R03.03.01\") are year-first dates of their era in a Japanese file; no such era year, none (QA round 4, pass 32)", () => {
    expect(parseDate("R03.03.01", "YMD", true)).toBe("2021-03-01");
    // The change of era: Heisei 31 ended on 30 April 2019, Reiwa 1 began on 1 May 2019; Shōwa 64 ended on 7 January 1989.
    expect(parseDate("H31.04.30", "YMD", true)).toBe("2019-04-30");
    expect(parseDate("R01.05.01", "YMD", true)).toBe("2019-05-01");
    expect(parseDate("S64.01.07", "YMD", true)).toBe("1989-01-07");
    expect(parseDate("H1.1.8", "YMD", true)).toBe("1989-01-08");
    expect(parseDate("R03.03.01", "DMY", true)).toBeNull();
    expect(parseDate("H32.01.01", "YMD", true)).toBeNull();
    expect(parseDate("R00.05.01", "YMD", true)).toBeNull();
    expect(parseDate("R03.02.30", "YMD", true)).toBeNull();
    expect(parseDate("X03.03.01", "YMD", true)).toBeNull();
    expect(guessDateOrder(["R03.03.01", "R03.04.08"], true)).toEqual({ order: "YMD" });
    expect(looksLikeDate("S12.05.10", true)).toBe(true);
  });

  test("elsewhere an era-shaped text is no date: a place's, a seat's or a part's code \"S12.05.10\" (review of r4-qa32: taken for the dates, 1937-05-10)", () => {
    expect(looksLikeDate("S12.05.10")).toBe(false);
    expect(parseDate("R03.03.01", "YMD")).toBeNull();
    expect(guessDateOrder(["S12.05.10", "H03.11.22"])).toEqual({ none: true });
    // …nor does it vote the order of the file's other dates.
    expect(guessDateOrder(["02/03/2026", "S12.05.10", "H03.11.22"])).toEqual({ ambiguous: true });
  });

  test("day-first dates with Romanian, Spanish, Portuguese and Indonesian month names (ING Romania's 03 februarie 2026)", () => {
    expect(parseDate("03 februarie 2026", "DMY")).toBe("2026-02-03");
    expect(parseDate("14 septembrie 2026", "DMY")).toBe("2026-09-14");
    expect(parseDate("05-ene-2026", "DMY")).toBe("2026-01-05");
    expect(parseDate("3 Agustus 2026", "DMY")).toBe("2026-08-03");
    // Japanese, Chinese, Korean written dates (Sony Bank).
    expect(parseDate("2026年2月3日", "YMD")).toBe("2026-02-03");
    expect(parseDate("2026년 12월 31일", "YMD")).toBe("2026-12-31");
  });

  // Every Italian month, written out and abbreviated as Italian banks and Satispay write them (review of pass 18:
  // "14 novembre 2025" was no date, its row a bad row). The 14th of month n is 2025-n-14, worked out by the list's order.
  const italian = [["gennaio", "gen"], ["febbraio", "feb"], ["marzo", "mar"], ["aprile", "apr"], ["maggio", "mag"], ["giugno", "giu"], ["luglio", "lug"], ["agosto", "ago"], ["settembre", "set"], ["ottobre", "ott"], ["novembre", "nov"], ["dicembre", "dic"]];
  test.each(italian.flatMap(([full, short], i) => [[full!, i + 1], [short!, i + 1]]))("the Italian month %s is month %d", (month, n) => {
    const iso = `2025-${String(n).padStart(2, "0")}-14`;
    expect([parseDate(`14 ${month} 2025`, "DMY"), parseDate(`14 ${month} 2025. 08:12:03`, "DMY")]).toEqual([iso, iso]);
  });

  // Every German, French and Dutch month, written out and abbreviated as their banks write them ("6. März 2026",
  // "06 févr. 2026", "6 mrt 2026"): no date column was found, the file refused (this stop's notation probe).
  const european = [
    ["januar", "jan", "janvier", "janv.", "januari", "jan"], ["februar", "feb", "février", "févr.", "februari", "feb"], ["märz", "mär", "mars", "mars", "maart", "mrt"],
    ["april", "apr", "avril", "avr.", "april", "apr"], ["mai", "mai", "mai", "mai", "mei", "mei"], ["juni", "jun", "juin", "juin", "juni", "jun"],
    ["juli", "jul", "juillet", "juil.", "juli", "jul"], ["august", "aug", "août", "aout", "augustus", "aug"], ["september", "sep", "septembre", "sept.", "september", "sep"],
    ["oktober", "okt", "octobre", "oct.", "oktober", "okt"], ["november", "nov", "novembre", "nov.", "november", "nov"], ["dezember", "dez", "décembre", "déc.", "december", "dec"],
  ];
  test("Austrian and abbreviated German and French months (review of the lead's change)", () => {
    expect([parseDate("6. Jän. 2026", "DMY"), parseDate("6 Mrz 2026", "DMY"), parseDate("6 fév 2026", "DMY")]).toEqual(["2026-01-06", "2026-03-06", "2026-02-06"]);
  });
  test.each(european.flatMap((names, i) => names.map((name) => [name, i + 1] as const)))("the German, French or Dutch month %s is month %d", (month, n) => {
    const iso = `2026-${String(n).padStart(2, "0")}-06`;
    expect([parseDate(`6 ${month} 2026`, "DMY"), parseDate(`06 ${month.toUpperCase()} 2026`, "DMY"), parseDate(`6. ${month} 2026`, "DMY")]).toEqual([iso, iso, iso]);
  });

  test.each([
    ["¥64.20", ".", 64.2],
    ["- 6 420,00 ₸", ",", -6420],
    ["+ 280 000,00 ₸", ",", 280000],
    ["-1 200,00 kr", ",", -1200],
    ["₹1,234.50", ".", 1234.5],
    ["-₪64.20", ".", -64.2],
    ["R$ 1.234,56", ",", 1234.56],
    ["-R$ 64,20", ",", -64.2],
    ["HK$ 1,234.50", ".", 1234.5],
    ["RM1,234.00", ".", 1234],
    ["6,420円", ".", 6420],
    ["-64,200원", ".", -64200],
    // The minus before the currency's code, as before its sign ("-€12.50"): no amount, the file refused (lead's probe).
    ["-CHF 1'234.50", ".", -1234.5],
    ["-EUR 12,50", ",", -12.5],
    ["\u2212USD 5.00", ".", -5],
    ["+GBP 7.10", ".", 7.1],
    // A reference's three capitals after a minus are no code: no amount (review of the lead's change).
    ["-TRX 10012", ".", null],
    ["-REF 123", ".", null],
  ])("the currency sign of %s is no part of the number", (raw, decimal, value) => {
    expect(parseAmount(raw, decimal as "." | ",")).toBe(value);
  });

  test("sixteen digits and more are an id, never an amount (WeChat Pay's order numbers); fifteen still are", () => {
    expect(parseAmount("4200001234202602031234567890", ".")).toBeNull();
    expect(parseAmount("1234567890123456", ".")).toBeNull();
    expect(parseAmount("123456789012345", ".")).toBe(123456789012345);
    expect(parseAmount("-123456789012345.50", ".")).toBe(-123456789012345.5);
  });

  test("amounts that read both ways are whole numbers grouped by the mark they all use; both marks decide nothing", () => {
    const yen = new DecimalVotes();
    for (const v of ["6,420", "280,000", "120,000"]) yen.add(v);
    expect(yen.result()).toEqual({ ambiguous: true });
    expect(yen.groupedWholeNumbers()).toBe(".");
    const kronur = new DecimalVotes();
    for (const v of ["-6.420", "280.000"]) kronur.add(v);
    expect(kronur.groupedWholeNumbers()).toBe(",");
    const mixed = new DecimalVotes();
    for (const v of ["6,420", "280.000"]) mixed.add(v);
    expect(mixed.groupedWholeNumbers()).toBeNull();
    // The "." of the sign "Rp." is no grouping mark: the number's "," is (review of pass 12: 64.2 rupiah instead of 64'200).
    const rupiah = new DecimalVotes();
    for (const v of ["-Rp. 64,200", "Rp. 150,000"]) rupiah.add(v);
    expect(rupiah.groupedWholeNumbers()).toBe(".");
  });
});

describe("a currency code in small letters (review of uqa4 F1-b)", () => {
  test("an ISO code reads as its capitals, before or after the number; any other word leaves no amount", () => {
    expect(parseAmount("-34,00 usd", ",")).toBe(-34);
    expect(parseAmount("usd -34,00", ",")).toBe(-34);
    expect(parseAmount("1,234.50 Chf", ".")).toBe(1234.5);
    expect(parseAmount("-34,00 xyz", ",")).toBeNull();
    expect(parseAmount("-34,00 abc", ",")).toBeNull();
    expect(currencyInAmount("-34,00 usd")).toBe("USD");
    expect(currencyInAmount("-1.200,00eur")).toBe("EUR");
    expect(currencyInAmount("-34,00 xyz")).toBeNull();
    expect(currencyInAmount("-34,00 EUR")).toBe("EUR");
  });
});
