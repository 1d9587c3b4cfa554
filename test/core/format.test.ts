import { describe, expect, test } from "bun:test";
import {
  formatAmount,
  formatClock,
  formatCount,
  formatDate,
  formatDateTime,
  formatDuration,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  joinAnd,
  placeInFile,
  plural,
  quote,
  round2,
} from "../../src/core/format.ts";

describe("formatMoney", () => {
  test("de-CH style with an ASCII apostrophe and two decimals", () => {
    expect(formatMoney(1234.5, "CHF")).toBe("CHF 1'234.50");
    expect(formatMoney(0, "CHF")).toBe("CHF 0.00");
    expect(formatMoney(12, "EUR")).toBe("EUR 12.00");
    expect(formatMoney(999.99, "CHF")).toBe("CHF 999.99");
    expect(formatMoney(1000, "CHF")).toBe("CHF 1'000.00");
  });

  test("millions and beyond", () => {
    expect(formatMoney(1234567.891, "CHF")).toBe("CHF 1'234'567.89");
    expect(formatMoney(1_000_000, "CHF")).toBe("CHF 1'000'000.00");
    expect(formatMoney(-2_500_000.5, "CHF")).toBe("CHF -2'500'000.50");
  });

  test("negatives put the sign after the currency code", () => {
    expect(formatMoney(-12, "CHF")).toBe("CHF -12.00");
    expect(formatMoney(-1234.5, "CHF")).toBe("CHF -1'234.50");
  });

  test("no negative zero", () => {
    expect(formatMoney(-0, "CHF")).toBe("CHF 0.00");
    expect(formatMoney(-0.004, "CHF")).toBe("CHF 0.00");
  });

  test("rounds half away from zero despite binary floating point", () => {
    expect(formatMoney(1.005, "CHF")).toBe("CHF 1.01");
    expect(formatMoney(-1.005, "CHF")).toBe("CHF -1.01");
    expect(formatMoney(999.995, "CHF")).toBe("CHF 1'000.00");
    expect(formatMoney(0.1 + 0.2, "CHF")).toBe("CHF 0.30");
  });

  test("non-finite amounts", () => {
    expect(formatMoney(Number.NaN, "CHF")).toBe("CHF –");
    expect(formatMoney(Number.POSITIVE_INFINITY, "CHF")).toBe("CHF –");
  });

  // The browser formats nothing: the chart figure carries every display string (issue 15:
  // this replaced a test that compared app.js's own copy of formatMoney with this one).
  test("the browser scripts define no money formatter; the chart figure carries the formatted values", async () => {
    for (const file of ["app.js", "figures.js", "page.js"]) {
      const src = await Bun.file(new URL(`../../public/${file}`, import.meta.url)).text();
      expect(src).not.toMatch(/function\s+format(Money|Amount|Number)\b/);
      expect(src).not.toMatch(/toLocaleString\(|Intl\.NumberFormat|toFixed\(/);
    }
    const { ChartFigure } = await import("../../views/ChartFigure.tsx");
    const html = String(
      ChartFigure({ chart: { type: "line", title: "Trend", data: { labels: ["2025-01", "2025-02"], datasets: [{ name: "Out", values: [1234.5, -12] }] } }, currency: "CHF" }),
    );
    const display = JSON.parse(/data-display="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&"));
    expect(display).toEqual({ labels: ["Jan 2025", "Feb 2025"], series: true, money: { "1234.5": formatMoney(1234.5, "CHF"), "-12": formatMoney(-12, "CHF") } });
    expect(display.money["1234.5"]).toBe("CHF 1'234.50");
  });
});

describe("other formatting", () => {
  test("amounts without a currency, plurals, quotes, durations and lists", () => {
    expect(formatAmount(2094.28)).toBe("2'094.28");
    expect(formatAmount(-0.004)).toBe("0.00");
    expect(plural(1, "transaction")).toBe("1 transaction");
    expect(plural(1200, "category", "categories")).toBe("1'200 categories");
    expect(quote("  a\n b  ")).toBe('"a b"');
    expect(quote("x".repeat(70), 10)).toBe(`"${"x".repeat(9)}…"`);
    expect(formatDuration(600_000)).toBe("10 minutes");
    expect(formatDuration(90_000)).toBe("90 seconds");
    expect(formatDuration(1000)).toBe("1 second");
    expect(joinAnd(["a", "b", "c"])).toBe("a, b and c");
    expect(joinAnd(["a"])).toBe("a");
  });

  test("counts and numbers", () => {
    expect(formatCount(12345)).toBe("12'345");
    expect(formatCount(0)).toBe("0");
    expect(formatNumber(1234.5)).toBe("1'234.5");
    expect(formatNumber(-7)).toBe("-7");
  });

});

test("money: rounded to cents only when presented", () => {
  // 0.1 + 0.2 = 0.30000000000000004 in binary floating point
  expect(formatMoney(0.1 + 0.2, "CHF")).toBe("CHF 0.30");
  expect(formatMoney(1234.5, "CHF")).toBe("CHF 1'234.50");
  expect(formatMoney(-190.5, "EUR")).toBe("EUR -190.50");
  expect(round2(-0.001)).toBe(0);
  expect(Object.is(round2(-0.001), -0)).toBe(false);
  expect(round2(25.625)).toBe(25.63);
  expect(round2(-2.345)).toBe(-2.35); // half away from zero, symmetric
  expect(formatPercent(1, 3)).toBe("33.3%");
  expect(formatPercent(1, 0)).toBe("0.0%");
});

describe("formatClock", () => {
  test("HH:MM on the 24-hour clock in the given zone (de-CH), never AM/PM", () => {
    expect(formatClock("2026-11-24T21:05:00Z", "UTC")).toBe("21:05");
    expect(formatClock("2026-11-24T21:05:00Z", "Europe/Zurich")).toBe("22:05");
    expect(formatClock("2026-07-01T23:30:00Z", "Europe/Zurich")).toBe("01:30");
    expect(formatClock("2026-11-24T00:07:00Z", "UTC")).toBe("00:07");
    expect(formatClock("not a time", "UTC")).toBe("not a time");
  });
});

describe("dates and months in words (issue 36: people's words, not ISO)", () => {
  test("formatDate: '26 Nov 2026', from a day or an instant", () => {
    expect(formatDate("2026-11-26")).toBe("26 Nov 2026");
    expect(formatDate("2026-01-05T23:59:00Z")).toBe("5 Jan 2026");
    expect(formatDate("not a date")).toBe("not a date");
  });
  test("formatMonth: 'October 2026'", () => {
    expect(formatMonth("2026-10")).toBe("October 2026");
    expect(formatMonth("2025-01")).toBe("January 2025");
    expect(formatMonth("2025-13")).toBe("2025-13");
  });
  test("formatDateTime: the day and the 24-hour time in the zone asked for (the day may change with it)", () => {
    expect(formatDateTime("2026-11-26T21:05:00Z", "UTC")).toBe("26 Nov 2026, 21:05");
    // 23:30 UTC is already the next day, 00:30, in Zurich (UTC+1 in November).
    expect(formatDateTime("2026-11-26T23:30:00Z", "Europe/Zurich")).toBe("27 Nov 2026, 00:30");
  });
});

describe("placeInFile: a stored row's place, named as its format names it", () => {
  test("CAMT's entries and OFX's transactions by ordinal, CSV, MT940 and QIF by line (QA of stop 46: \"file.xml, line 1\" for entry 1)", () => {
    expect(placeInFile("camt053-2025-12.xml", 17)).toBe("entry 17");
    expect(placeInFile("Konto/Auszug.XML", 3)).toBe("entry 3");
    expect(placeInFile("export.qfx", 2)).toBe("transaction 2");
    expect(placeInFile("statement.ofx", 9)).toBe("transaction 9");
    expect(placeInFile("umsaetze.csv", 12)).toBe("line 12");
    expect(placeInFile("mt940.sta", 40)).toBe("line 40");
    expect(placeInFile("no-extension", 5)).toBe("line 5");
  });
});
