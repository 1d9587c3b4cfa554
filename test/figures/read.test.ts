import { describe, expect, test } from "bun:test";
import { readFigures } from "../../src/figures/read.ts";

/** text → [written, value, kind, precision] of each figure. */
const read = (text: string) => readFigures(text).map((f) => [f.text, f.value, f.kind, f.precision]);
const one = (text: string) => {
  const all = readFigures(text);
  expect(all).toHaveLength(1);
  return all[0]!;
};

describe("readFigures: money in every common writing", () => {
  test("de-CH grouping, with and without the currency, ' and ’", () => {
    expect(read("CHF 1'234.50")).toEqual([["CHF 1'234.50", 1234.5, "money", 0.01]]);
    expect(read("1'234.5")).toEqual([["1'234.5", 1234.5, "money", 0.1]]);
    expect(read("1’234’567.05 CHF")).toEqual([["1’234’567.05 CHF", 1234567.05, "money", 0.01]]);
    expect(read("CHF 12.–")).toEqual([["CHF 12.–", 12, "money", 1]]);
    expect(read("Fr. 45.60")).toEqual([["Fr. 45.60", 45.6, "money", 0.01]]);
  });

  test("en-US grouping and other currencies", () => {
    expect(read("1,234.50")).toEqual([["1,234.50", 1234.5, "money", 0.01]]);
    expect(read("$1,234,567")).toEqual([["$1,234,567", 1234567, "money", 1]]);
    expect(read("EUR 480.00 and €12.5")).toEqual([
      ["EUR 480.00", 480, "money", 0.01],
      ["€12.5", 12.5, "money", 0.1],
    ]);
    expect(readFigures("$1,234,567")[0]!.currency).toBe("USD");
  });

  test("de-DE grouping and decimal commas", () => {
    expect(read("1.234,50")).toEqual([["1.234,50", 1234.5, "money", 0.01]]);
    expect(read("CHF 12,50")).toEqual([["CHF 12,50", 12.5, "money", 0.01]]);
  });

  test("magnitudes: k, thousand, million", () => {
    expect(read("1.2k")).toEqual([["1.2k", 1200, "money", 100]]);
    expect(read("CHF 1.2 million")).toEqual([["CHF 1.2 million", 1200000, "money", 100000]]);
    expect(read("CHF 15k")).toEqual([["CHF 15k", 15000, "money", 1000]]);
    expect(read("2.5 Mio. CHF")).toEqual([["2.5 Mio. CHF", 2500000, "money", 100000]]);
  });

  test("negative amounts: sign before or after the currency, or alone", () => {
    expect(read("-CHF 12.00")).toEqual([["-CHF 12.00", -12, "money", 0.01]]);
    expect(read("CHF -12.00")).toEqual([["CHF -12.00", -12, "money", 0.01]]);
    expect(read("a net of −659.52")).toEqual([["−659.52", -659.52, "money", 0.01]]);
    // A hyphen between two numbers is a range, not a sign.
    expect(read("between 10-12 visits")).toEqual([]);
  });
});

describe("readFigures: percentages and counts", () => {
  test("percentages at the precision written", () => {
    expect(read("18.6% of spending, up 12 percent, -3.25 %")).toEqual([
      ["18.6%", 18.6, "percent", 0.1],
      ["12 percent", 12, "percent", 1],
      ["-3.25 %", -3.25, "percent", 0.01],
    ]);
  });

  test("counts", () => {
    expect(read("312 transactions in 14 categories, 2'318 rows")).toEqual([
      ["312", 312, "count", 1],
      ["14", 14, "count", 1],
      ["2'318", 2318, "count", 1],
    ]);
  });
});

describe("readFigures: how often is a count, not a ratio", () => {
  test("'N times a month' (a rate after 'times') is a count; 'N times February' a ratio", () => {
    // Before, "32.5 times a month" was a ratio of two figures, so no count ÷ months could back it.
    expect(readFigures("about 32.5 times a month, 7.5 times per week").map((f) => [f.text, f.value, f.kind])).toEqual([
      ["32.5", 32.5, "count"],
      ["7.5", 7.5, "count"],
    ]);
    expect(readFigures("June was about 1.6 times February.").map((f) => [f.text, f.value, f.kind])).toEqual([["1.6 times", 1.6, "ratio"]]);
  });
  test("'N times a month's …' is a ratio (of a month's amount), not how often", () => {
    // Before, "a month" matched up to the apostrophe: "1.9 times a month's groceries" was a count.
    expect(readFigures("Housing costs about 1.9 times a month's groceries, 2.1 times a week’s pay.").map((f) => [f.text, f.value, f.kind])).toEqual([
      ["1.9 times", 1.9, "ratio"],
      ["2.1 times", 2.1, "ratio"],
    ]);
  });
});

describe("readFigures: rounding words", () => {
  test("a rounding word makes the writing round at its last non-zero digit", () => {
    const about = one("about CHF 1'200");
    expect([about.text, about.value, about.precision, about.approximate, about.bound]).toEqual(["CHF 1'200", 1200, 100, true, undefined]);
    expect(one("roughly 20%").precision).toBe(10);
    expect(one("around 1'250").precision).toBe(10);
    expect([one("~CHF 500").text, one("~CHF 500").precision]).toEqual(["CHF 500", 100]);
    expect(one("approximately 1.2k").precision).toBe(100);
    // Decimals written keep their precision.
    expect(one("about CHF 1'234.50").precision).toBe(0.01);
  });

  test("bounding words say on which side the true figure lies", () => {
    expect([one("almost CHF 1'300").bound, one("almost CHF 1'300").precision]).toEqual(["under", 100]);
    expect(one("over 300 transactions").bound).toBe("over");
    expect(one("more than CHF 18'000").bound).toBe("over");
  });

  test("without a word, trailing zeros are exact", () => {
    const f = one("CHF 1'200");
    expect([f.precision, f.approximate]).toEqual([1, false]);
  });
});

describe("readFigures: what is not a figure", () => {
  test("years, months and dates", () => {
    expect(read("In 2025, in 2025-03, on 2025-03-14, in March 2025, on 14 March, on March 14th, on 14.03.2025, from 2023–2025")).toEqual([]);
  });

  test("times, durations and ordinals", () => {
    expect(read("at 14:30, at 9 am, over 12 months, a 3-month window, the 1st, the 3rd, the 22nd")).toEqual([]);
  });

  test("list numbers at the start of a line, not numbers later in it", () => {
    expect(read("1. Housing CHF 34'231.60\n2) Children\n  3. Rent 45 payments")).toEqual([
      ["CHF 34'231.60", 34231.6, "money", 0.01],
      ["45", 45, "count", 1],
    ]);
  });

  test("a summary's list numbers (its bare counts read): after a semicolon, its colon, or the sentence before the list (merchant_breakdown's '… at 2 merchants. 1. Helsana'); a count ending a sentence is still one", () => {
    const bare = (text: string) => readFigures(text, { counts: "bare" }).map((f) => [f.text, f.kind]);
    expect(bare("CHF: total CHF 11'026.80 over 48 transactions at 2 merchants. 1. Helsana CHF 10'729.20 (36 tx); 2. AXA CHF 297.60 (12 tx).")).toEqual([
      ["CHF 11'026.80", "money"],
      ["48", "count"],
      ["2", "count"],
      ["CHF 10'729.20", "money"],
      ["36", "count"],
      ["CHF 297.60", "money"],
      ["12", "count"],
    ]);
    expect(bare("CHF: 1. Coop CHF 12.00 (3 tx)")).toEqual([
      ["CHF 12.00", "money"],
      ["3", "count"],
    ]);
    expect(bare("New merchants in 2025: 5. Immo AG first on 2025-03-01.")).toEqual([["5", "count"]]);
  });

  test("numbers inside words, codes and links; ranks", () => {
    expect(read("Q1, COVID-19, 4G, mp3, https://example.com/report/2345, your top 5 categories, the last 3")).toEqual([]);
  });

  test("a bare count must count something", () => {
    expect(read("alert(1); Groceries: 3. Dining 12")).toEqual([]);
    expect(read("3 merchants")).toEqual([["3", 3, "count", 1]]);
  });

  test("right: a bare number ending a clause beside a count of its sentence counts the same ('390 payments in 2024, in 2025 394'); wrong: alone, or in another sentence", () => {
    expect(read("Dining had 390 payments in 2024, in 2025 394.")).toEqual([
      ["390", 390, "count", 1],
      ["394", 394, "count", 1],
    ]);
    expect(read("Dining had 390 payments in 2024. In 2025 394.")).toEqual([["390", 390, "count", 1]]);
    expect(read("In 2025 394.")).toEqual([]);
  });

  test("a month and year (12.2025) and a number glued to a dotted code (3.OG) are no figures; a figure before a full stop is, space or not", () => {
    expect(read("Miete Wohnung 3.OG 12.2025")).toEqual([]);
    expect(read("It cost CHF 12.50.Then 12 francs. Then")).toEqual([
      ["CHF 12.50", 12.5, "money", 0.01],
      ["12 francs", 12, "money", 1],
    ]);
  });

  test("a year next to a figure does not hide it", () => {
    expect(read("In 2025 you spent CHF 184'500.51.")).toEqual([["CHF 184'500.51", 184500.51, "money", 0.01]]);
  });

  test("positions point at the written figure", () => {
    const text = "Groceries: about CHF 1'200 in total.";
    const f = one(text);
    expect(text.slice(f.start, f.end)).toBe("CHF 1'200");
    expect([f.start, f.end]).toEqual([17, 26]);
  });
});

describe("readFigures: an age in days is a count (figctx: data_coverage states it, an answer repeats it)", () => {
  test("right: '309 days ago', '21 days before today', '370 days old' are counts of days", () => {
    expect(read("The last row was 309 days ago, 21 days before today; the card's is 370 days old.")).toEqual([
      ["309", 309, "count", 1],
      ["21", 21, "count", 1],
      ["370", 370, "count", 1],
    ]);
  });
  test("guard: a duration or gap in days stays no figure ('over 30 days', 'a 3-day trip', '20 days older', '5 days later', '5 days before the rent', '90 days back'; review of r4-figctx F2), nor a window before today ('in the 30 days before today'; review of r4-figmiss D)", () => {
    expect(read("Over 30 days, on a 3-day trip, 20 days older, 5 days later, 5 days before the rent, 90 days back.")).toEqual([]);
    expect(read("In the 30 days before today, over the past 7 days before now.")).toEqual([]);
  });
});


describe("readFigures: a year after 'the last' before a currency's name in the singular is the year (review of r4-figctx F1)", () => {
  test("right: 'the last 2025 franc transaction', 'the first 2024 euro payment' hold no amount", () => {
    expect(read("The last 2025 franc transaction and the first 2024 euro payment.")).toEqual([]);
  });
  test("guard: an amount stays one ('2060 euro', 'a 2060 euro bill', '2025 francs', 'the last 2025 francs')", () => {
    expect(read("It cost 2060 euro, a 2060 euro bill, 2025 francs, the last 2025 francs.")).toEqual([
      ["2060 euro", 2060, "money", 1],
      ["2060 euro", 2060, "money", 1],
      ["2025 francs", 2025, "money", 1],
      ["2025 francs", 2025, "money", 1],
    ]);
  });
});
