/**
 * Links to the Transactions page's rows (src/transactions/link.ts): the union of several filter
 * sets (a figure's terms) written with the fewest filters, and the links of a figure of an answer
 * by how it follows from its sources (SPEC §11.1 drill-down). Every expected link written by hand.
 */
import { describe, expect, test } from "bun:test";
import type { AnswerFigure, FigureSource, RowFilters } from "../../src/core/figures.ts";
import { figureRowsLinks, rowsFilterWords, transactionsHref, unionOfRows } from "../../src/transactions/link.ts";
import { parseTransactionQuery } from "../../src/transactions/query.ts";

const y2025 = { from: "2025-01-01", to: "2025-12-31" };
const month = (m: number, last: number) => ({ from: `2025-${String(m).padStart(2, "0")}-01`, to: `2025-${String(m).padStart(2, "0")}-${last}` });

describe("unionOfRows", () => {
  test("what every set says alike is a filter of its own; the rest one `any` set each", () => {
    expect(unionOfRows([{ ...y2025, category: "Dining", currency: "CHF" }, { ...y2025, category: "Groceries", currency: "CHF" }])).toEqual({
      ...y2025,
      currency: "CHF",
      any: [{ category: "Dining" }, { category: "Groceries" }],
    });
    // Merchants of one list in one year (a category the call named for all).
    expect(unionOfRows([{ ...y2025, merchant: "Migros" }, { ...y2025, merchant: "Coop" }, { ...y2025, merchant: "Aldi" }])).toEqual({
      ...y2025,
      any: [{ merchant: "Migros" }, { merchant: "Coop" }, { merchant: "Aldi" }],
    });
  });
  test("months of one series: touching ones are one period, others stay apart", () => {
    // January to March of Groceries: one period.
    expect(unionOfRows([{ category: "Groceries", ...month(2, 28) }, { category: "Groceries", ...month(1, 31) }, { category: "Groceries", ...month(3, 31) }])).toEqual({
      category: "Groceries",
      from: "2025-01-01",
      to: "2025-03-31",
    });
    // January and March: two periods.
    expect(unionOfRows([{ category: "Groceries", ...month(1, 31) }, { category: "Groceries", ...month(3, 31) }])).toEqual({
      category: "Groceries",
      any: [month(1, 31), month(3, 31)],
    });
  });
  test("one set, the same set twice, a set that holds the others, none", () => {
    expect(unionOfRows([{ ...y2025, category: "Dining", q: undefined }])).toEqual({ ...y2025, category: "Dining" });
    expect(unionOfRows([{ category: "Dining" }, { category: "Dining" }])).toEqual({ category: "Dining" });
    // The year's rows hold the year's Dining rows: the union is the year's.
    expect(unionOfRows([y2025, { ...y2025, category: "Dining" }])).toEqual(y2025);
    expect(unionOfRows([])).toBeNull();
  });
  test("written as the page reads it, and in words", () => {
    expect(transactionsHref(unionOfRows([{ ...y2025, category: "Dining" }, { ...y2025, category: "Groceries" }])!)).toBe(
      "/transactions?from=2025-01-01&to=2025-12-31&any=category%3DDining&any=category%3DGroceries",
    );
    expect(rowsFilterWords({ q: "migros", category: "Groceries", from: "2025-01-01", to: "2025-03-31" })).toBe("“migros” · Groceries · 2025-01-01 to 2025-03-31");
    expect(rowsFilterWords({ merchant: "Coop", from: "2025-01-01" })).toBe("Coop · 2025-01-01 to …");
  });
  test("a direction (a call of money out only) is a filter like the others: shared, or kept per set in any, which the page reads back", () => {
    const out = unionOfRows([{ ...y2025, category: "Dining", direction: "out" }, { ...y2025, category: "Groceries", direction: "out" }])!;
    expect(transactionsHref(out)).toBe("/transactions?from=2025-01-01&to=2025-12-31&direction=out&any=category%3DDining&any=category%3DGroceries");
    const mixed = transactionsHref(unionOfRows([{ ...y2025, direction: "out" }, { ...y2025, category: "Income", direction: "in" }])!);
    expect(mixed).toBe("/transactions?from=2025-01-01&to=2025-12-31&any=direction%3Dout&any=category%3DIncome%26direction%3Din");
    expect(parseTransactionQuery(new URL(mixed, "http://x").searchParams).any).toEqual([{ direction: "out" }, { category: "Income", direction: "in" }]);
    expect(rowsFilterWords({ category: "Dining", direction: "out", from: "2025-01-01", to: "2025-12-31" })).toBe("Dining · money out · 2025-01-01 to 2025-12-31");
  });
});

describe("figureRowsLinks", () => {
  const src = (about: string, value: number, rows?: RowFilters): FigureSource => ({ tool: "spending_by_category", callId: "toolu_1", where: `summary · ${about}`, value, text: String(value), about, ...(rows ? { rows } : {}) });
  const GROCERIES = src("2025 · Groceries", 7431.2, { ...y2025, category: "Groceries" });
  const DINING = src("2025 · Dining", 1234.5, { ...y2025, category: "Dining" });
  const COUNT = src("2025 · Dining · payments", 12);
  const fig = (status: AnswerFigure["status"], sources: FigureSource[], more: Partial<AnswerFigure> = {}): AnswerFigure => ({ text: "x", value: 1, start: 0, end: 0, status, sources, ...more });
  const BOTH = "/transactions?from=2025-01-01&to=2025-12-31&any=category%3DDining&any=category%3DGroceries";
  const G = "/transactions?category=Groceries&from=2025-01-01&to=2025-12-31";
  const D = "/transactions?category=Dining&from=2025-01-01&to=2025-12-31";

  test("grounded: the first source with rows", () => {
    expect(figureRowsLinks(fig("grounded", [COUNT, GROCERIES]))).toEqual([{ href: G, label: "See the rows", of: "figure" }]);
  });
  test("a sum of several terms: their rows together (the page's total is the sum); a mean or an average: each term's rows, whose total is that term, not the figure", () => {
    expect(figureRowsLinks(fig("derived", [DINING, GROCERIES], { operation: "sum" }))).toEqual([{ href: BOTH, label: "See the rows", of: "figure" }]);
    // The mean of Dining's CHF 1'234.50 and Groceries' CHF 7'431.20 is no total of rows: the link of each term.
    expect(figureRowsLinks(fig("derived", [DINING, GROCERIES], { operation: "mean" }))).toEqual([
      { href: D, label: "2025 · Dining", of: "term" },
      { href: G, label: "2025 · Groceries", of: "term" },
    ]);
    // CHF 619.27 a month is no total of rows: the year's rows total the CHF 7'431.20 it divides.
    expect(figureRowsLinks(fig("derived", [GROCERIES], { operation: "monthly_average", months: 12 }))).toEqual([{ href: G, label: "2025 · Groceries", of: "term" }]);
    expect(figureRowsLinks(fig("derived", [GROCERIES], { operation: "average", divisor: 52, per: "week" }))).toEqual([{ href: G, label: "2025 · Groceries", of: "term" }]);
  });
  test("listed rows: each by its id with its day, amount and currency, under any (the page names it there); a sum of them their sets together; terms of other values with the same filters: no link", () => {
    const row = (id: string, value: number) => src(`2026-10-26 · Aldi Suisse · ${id}`, value, { id, from: "2026-10-26", to: "2026-10-26", currency: "CHF", amount: value.toFixed(2) });
    const s811 = "any=currency%3DCHF%26from%3D2026-10-26%26to%3D2026-10-26%26id%3D811%26amount%3D-93.90";
    const s812 = "any=currency%3DCHF%26from%3D2026-10-26%26to%3D2026-10-26%26id%3D812%26amount%3D-23.50";
    expect(figureRowsLinks(fig("grounded", [row("811", -93.9)]))).toEqual([{ href: `/transactions?${s811}`, label: "See the rows", of: "figure" }]);
    expect(figureRowsLinks(fig("derived", [row("811", -93.9), row("812", -23.5)], { operation: "sum" }))).toEqual([{ href: `/transactions?${s811}&${s812}`, label: "See the rows", of: "figure" }]);
    expect(figureRowsLinks(fig("derived", [row("811", -93.9), row("811", -93.9)], { operation: "sum" }))).toEqual([]);
    expect(figureRowsLinks(fig("derived", [row("811", -93.9), row("812", -23.5)], { operation: "difference" })).map((l) => l.href)).toEqual([`/transactions?${s811}`, `/transactions?${s812}`]);
    // The page names the transaction by its day, amount and merchant; one no longer there (its id another row's now) says so.
    const set = { id: "811", from: "2026-10-26", to: "2026-10-26", currency: "CHF", amount: "-93.90" };
    expect(rowsFilterWords(set, { merchant: "Aldi Suisse" })).toBe("2026-10-26 · CHF -93.90 · Aldi Suisse");
    expect(rowsFilterWords(set, { merchant: null })).toBe("2026-10-26 · CHF -93.90 · (unknown merchant)");
    expect(rowsFilterWords(set, null)).toBe("the transaction of 2026-10-26 · CHF -93.90, which is no longer there");
    // Two terms of other values that only day filters tell apart (no id): the same rows, which total neither.
    const day = { from: "2026-10-26", to: "2026-10-26", merchant: "Aldi Suisse" };
    expect(figureRowsLinks(fig("derived", [src("a", -93.9, day), src("b", -23.5, day)], { operation: "mean" }))).toEqual([]);
  });
  test("a percentage is no total or count of rows: no link, grounded or a term (7.1% linked to Migros' rows of CHF 272.80, a share of CHF 242.75)", () => {
    const share = { ...src("2025 · Migros", 7.1, { merchant: "Migros", from: "2025-01-01", to: "2025-12-31" }), text: "7.1%" };
    expect(figureRowsLinks(fig("grounded", [share]))).toEqual([]);
    expect(figureRowsLinks(fig("derived", [share, { ...share, value: 5.2, text: "5.2%", rows: { merchant: "Coop" } }], { operation: "points" }))).toEqual([]);
    // A share worked out from two amounts links each amount's rows.
    expect(figureRowsLinks(fig("derived", [GROCERIES, DINING], { operation: "ratio" })).map((l) => l.of)).toEqual(["term", "term"]);
  });
  test("a difference, ratio, change, points or calculation: each part's rows, named by what it is about", () => {
    for (const operation of ["difference", "ratio", "percent_change", "points", "calculation"] as const) {
      expect(figureRowsLinks(fig("derived", [GROCERIES, DINING], { operation }))).toEqual([
        { href: G, label: "2025 · Groceries", of: "term" },
        { href: D, label: "2025 · Dining", of: "term" },
      ]);
    }
    // Parts with the same rows (a total and its count: CHF 19.75 a payment): those rows, once, as the part they total.
    expect(figureRowsLinks(fig("derived", [GROCERIES, { ...GROCERIES, where: "chart" }], { operation: "ratio" }))).toEqual([{ href: G, label: "2025 · Groceries", of: "term" }]);
  });
  test("terms added up whose rows may overlap: no link (a row they share is counted once on the page, once per term in the figure)", () => {
    // Two list rows of one merchant, day, category and currency (two health premiums of 1 January): the same filters,
    // which select every such row of that day (the household fixture has three: the link totalled CHF 894.10, not 833.90).
    const day = { from: "2025-01-01", to: "2025-01-01", merchant: "Helsana", category: "Insurance", currency: "CHF" };
    const premiums = [src("2025-01-01 · Helsana", 405.1, day), { ...src("2025-01-01 · Helsana", 428.8, day), where: "table row 2" }];
    expect(figureRowsLinks(fig("derived", premiums, { operation: "sum" }))).toEqual([]);
    expect(figureRowsLinks(fig("derived", premiums, { operation: "mean" }))).toEqual([]);
    // One figure taken twice; a category and a merchant in it; two searches (a row may match both); periods that share a day.
    expect(figureRowsLinks(fig("derived", [DINING, DINING], { operation: "sum" }))).toEqual([]);
    expect(figureRowsLinks(fig("derived", [GROCERIES, src("2025 · Migros", 10, { ...y2025, merchant: "Migros" })], { operation: "sum" }))).toEqual([]);
    expect(figureRowsLinks(fig("derived", [src("coop", 1, { ...y2025, q: "coop" }), src("migros", 2, { ...y2025, q: "migros" })], { operation: "sum" }))).toEqual([]);
    const jan = src("January", 1, { category: "Groceries", from: "2025-01-01", to: "2025-01-31" });
    expect(figureRowsLinks(fig("derived", [jan, src("to February", 2, { category: "Groceries", from: "2025-01-31", to: "2025-02-28" })], { operation: "sum" }))).toEqual([]);
    // Apart: another merchant (case ignored as the page does: "helsana" is Helsana), another day, another currency.
    expect(figureRowsLinks(fig("derived", [premiums[0]!, src("x", 1, { ...day, merchant: "helsana" })], { operation: "sum" }))).toEqual([]);
    expect(figureRowsLinks(fig("derived", [premiums[0]!, src("AXA", 24.8, { ...day, merchant: "AXA" })], { operation: "sum" }))).toEqual([
      { href: "/transactions?category=Insurance&currency=CHF&from=2025-01-01&to=2025-01-01&any=merchant%3DHelsana&any=merchant%3DAXA", label: "See the rows", of: "figure" },
    ]);
    expect(figureRowsLinks(fig("derived", [jan, src("February", 2, { category: "Groceries", from: "2025-02-01", to: "2025-02-28" })], { operation: "sum" }))).toEqual([
      { href: "/transactions?category=Groceries&from=2025-01-01&to=2025-02-28", label: "See the rows", of: "figure" },
    ]);
    expect(figureRowsLinks(fig("derived", [premiums[0]!, src("EUR", 1, { ...day, currency: "EUR" })], { operation: "sum" }))[0]!.href).toBe(
      "/transactions?category=Insurance&merchant=Helsana&from=2025-01-01&to=2025-01-01&any=currency%3DCHF&any=currency%3DEUR",
    );
  });
  test("Uncategorised added to another category: each term's rows (its spending is money out only, the other's net of refunds)", () => {
    const UNCAT = src("2025 · Uncategorised", 770, { ...y2025, category: "uncategorised" });
    const U = "/transactions?category=uncategorised&from=2025-01-01&to=2025-12-31";
    expect(figureRowsLinks(fig("derived", [DINING, UNCAT], { operation: "sum" }))).toEqual([
      { href: D, label: "2025 · Dining", of: "term" },
      { href: U, label: "2025 · Uncategorised", of: "term" },
    ]);
    expect(figureRowsLinks(fig("derived", [UNCAT, DINING, GROCERIES], { operation: "mean" })).map((l) => l.href)).toEqual([U, D, G]);
    // Uncategorised alone, over two years: money out of both (one link).
    const UNCAT24 = src("2024 · Uncategorised", 100, { from: "2024-01-01", to: "2024-12-31", category: "uncategorised" });
    expect(figureRowsLinks(fig("derived", [UNCAT24, UNCAT], { operation: "sum" }))).toEqual([{ href: "/transactions?category=uncategorised&from=2024-01-01&to=2025-12-31", label: "See the rows", of: "figure" }]);
  });
  test("nothing when a part has no rows the page selects, or the figure is not backed; a correction's own rows", () => {
    expect(figureRowsLinks(fig("derived", [DINING, COUNT], { operation: "ratio" }))).toEqual([]);
    expect(figureRowsLinks(fig("derived", [DINING, COUNT], { operation: "sum" }))).toEqual([]);
    expect(figureRowsLinks(fig("ungrounded", []))).toEqual([]);
    expect(figureRowsLinks(fig("mismatched", [GROCERIES]))).toEqual([]);
    const corrected = fig("ungrounded", [], { correction: { text: "y", value: 8665.7, status: "derived", operation: "sum", sources: [DINING, GROCERIES] } });
    expect(figureRowsLinks(corrected)).toEqual([{ href: BOTH, label: "See the rows", of: "figure" }]);
    // A sum of 101 merchants' rows would be more sets than the page takes (100): no link rather than a refused one.
    const merchants = Array.from({ length: 101 }, (_, k) => src(`2025 · M${k}`, k, { ...y2025, merchant: `M${k}` }));
    expect(figureRowsLinks(fig("derived", merchants, { operation: "sum" }))).toEqual([]);
    expect(figureRowsLinks(fig("derived", merchants.slice(0, 100), { operation: "sum" }))[0]!.href.match(/&any=/g)).toHaveLength(100);
  });
});
