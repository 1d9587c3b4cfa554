/**
 * review_transactions on the fixture: which rows need a look (Uncategorised/Other or
 * confidence < max_confidence), grouping by merchant (raw description when NULL), lowest
 * confidence, loose NULLs, and the tool against the independent oracle on the strict and
 * loose fixtures and the demo database.
 */
import { describe, expect, test } from "bun:test";
import { possibleDuplicates } from "../support/spec-oracle-round3.ts";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import { plural } from "../../src/core/format.ts";
import { reviewTransactions } from "../../src/tools/review_transactions.ts";
import { reviewTransactions as oracle, type CommonArgs } from "../support/spec-oracle.ts";
import { fixtures, demoDb, money, run, schemaRejects, extended, schemaOf, PERIOD_PROPS } from "./support.ts";

const { db, path, loose, loosePath } = fixtures();
const demo = demoDb();
const tool = (input: unknown, on: BudgetDb = db) => run(reviewTransactions, on, input);

describe("review_transactions: hand-computed groups", () => {
  test("default: Uncategorised/Other or confidence < 0.8, grouped by merchant, most rows first", () => {
    const out = tool({});
    // TWINT [116] −25 [117] −40 [119] +15 = −50 (Uncategorised; lowest 0.30; malformed [121] out)
    // Kiosk [118] −7.80 (Other, 0.90) + [125] −5.50 (Dining, 0.60) = −13.30
    // Migros [93] −63.70 (0.79); Outlet Store [109] −27 (0.55); Coop [98] at 0.80 is not low
    const table = out.tables![0]!;
    expect(table.title).toBe("Merchants to review, all dates");
    expect(table.columns).toEqual(["Merchant", "Transactions", "Total", "Categories", "Lowest confidence"]);
    expect(table.rows).toEqual([
      ["TWINT", 3, money(-50, "CHF"), "Uncategorised", 0.3],
      ["Kiosk", 2, money(-13.3, "CHF"), "Dining, Other", 0.6],
      ["Migros", 1, money(-63.7, "CHF"), "Groceries", 0.79],
      ["Outlet Store", 1, money(-27, "CHF"), "Shopping", 0.55],
    ]);
    expect(out.charts).toEqual([]);
    expect(out.summary).toContain("7 transactions at 4 merchants (in Uncategorised/Other, confidence below 0.8 or unclassified)");
    expect(out.summary).toContain(`TWINT: 3 rows, ${money(-50, "CHF")}, in Uncategorised, lowest confidence 0.30`);
    expect(out.summary).toContain(`Kiosk: 2 rows, ${money(-13.3, "CHF")}, in Dining/Other, lowest confidence 0.60`);
    expect(out.summary).toContain(`Migros: 1 row, ${money(-63.7, "CHF")}, in Groceries, lowest confidence 0.79`);
    expect(out.summary).not.toContain("Coop");
  });

  test("max_confidence 0.9 adds Coop [98] (0.80); Kiosk [118] is 0.90 but Other anyway", () => {
    const out = tool({ max_confidence: 0.9 });
    expect(out.tables![0]!.rows.map((r) => [r[0], r[1]])).toEqual([
      ["TWINT", 3],
      ["Kiosk", 2],
      ["Coop", 1],
      ["Migros", 1],
      ["Outlet Store", 1],
    ]);
    expect(out.summary).toContain(`Coop: 1 row, ${money(-52.8, "CHF")}, in Groceries, lowest confidence 0.80`);
  });

  test("category, limit, period", () => {
    // Shopping: only the 0.55 Outlet row [109]
    expect(tool({ category: "shopping" }).tables![0]!.rows).toEqual([["Outlet Store", 1, money(-27, "CHF"), "Shopping", 0.55]]);
    const lim = tool({ limit: 2 });
    expect(lim.tables![0]!.title).toBe("Merchants to review, all dates");
    expect([lim.tables![0]!.rows.length, lim.tables![0]!.totalRows]).toEqual([2, 4]);
    expect(lim.tables![0]!.rows.map((r) => r[0])).toEqual(["TWINT", "Kiosk"]);
    expect(lim.summary).toContain("7 transactions at 4 merchants");
    // September 2025: TWINT [117] −40 only
    expect(tool({ year: 2025, month: 9 }).tables![0]!.rows).toEqual([["TWINT", 1, money(-40, "CHF"), "Uncategorised", 0.35]]);
    const none = tool({ year: 2024 });
    expect(none.tables).toEqual([]);
    expect(none.summary).toBe(
      "Nothing to review for 2024: no transaction in Uncategorised or Other, none below confidence 0.8, none unclassified. No possible duplicates. The data covers 2024-01-05 to 2025-12-28.",
    );
  });

  test("loose: NULL merchant grouped by raw description; NULL category is Uncategorised; NULL confidence is not low", () => {
    const out = tool({}, loose);
    // CARD PAYMENT 4471 [201][202]: −46.80, NULL category → Uncategorised, no confidence
    // Cumulus [204]: +5, NULL category, 0.50; Coop [205] (NULL confidence) and [203] (0.95) not listed
    expect(out.tables![0]!.rows).toEqual([
      ["TWINT", 3, money(-50, "CHF"), "Uncategorised", 0.3],
      ["CARD PAYMENT 4471", 2, money(-46.8, "CHF"), "Uncategorised", null],
      ["Kiosk", 2, money(-13.3, "CHF"), "Dining, Other", 0.6],
      ["Cumulus", 1, money(5, "CHF"), "Uncategorised", 0.5],
      ["Migros", 1, money(-63.7, "CHF"), "Groceries", 0.79],
      ["Outlet Store", 1, money(-27, "CHF"), "Shopping", 0.55],
    ]);
    expect(out.summary).toContain(`CARD PAYMENT 4471: 2 rows, ${money(-46.8, "CHF")}, in Uncategorised;`);
    expect(out.summary).not.toContain("MARKT STAND");
  });

  test("errors: ambiguous category, max_confidence out of range, limit out of range", () => {
    // One category in any letter case (SPEC §1 hygiene): no ambiguity.
    expect(tool({ category: "TRANSPORT" })).toEqual(tool({ category: "Transport" }));
    expect(schemaRejects(reviewTransactions, { max_confidence: 1.5 })).toBe(true);
    expect(schemaRejects(reviewTransactions, { max_confidence: -0.1 })).toBe(true);
    expect(schemaRejects(reviewTransactions, { limit: 0 })).toBe(true);
    expect(schemaRejects(reviewTransactions, { limit: 501 })).toBe(true);
  });
});

describe("review_transactions == oracle", () => {
  type Args = CommonArgs & { category?: string; max_confidence?: number; limit?: number };
  const check = (on: BudgetDb, p: string, args: Args, exactOrder: boolean) => {
    const want = oracle(p, { ...args, currency: args.currency?.toUpperCase() });
    const out = tool(args, on);
    if (want.groupCount === 0) {
      expect(out.tables).toBeUndefined();
      return expect(out.summary).toStartWith("Nothing to review");
    }
    const rows = out.tables![0]!.rows;
    expect([out.tables![0]!.rows.length, out.tables![0]!.totalRows]).toEqual([want.groups.length, want.groupCount]);
    const norm = (r: (string | number | null)[]) => JSON.stringify([r[0], r[1], String(r[2]).split(", ").sort(), r[3], r[4]]);
    const expected = want.groups.map((g) => [
      g.group,
      g.count,
      Object.entries(g.totals).map(([c, v]) => money(v, c)).join(", "),
      g.categories.join(", "),
      g.lowestConfidence,
    ]);
    if (exactOrder) expect(rows.map(norm)).toEqual(expected.map(norm));
    else {
      // equal counts: the SPEC is silent on their order, so compare as a multiset and the counts in order
      expect(rows.map((r) => r[1])).toEqual(expected.map((r) => r[1]));
      expect(rows.map(norm).sort()).toEqual(expected.map(norm).sort());
    }
    expect(out.summary).toContain(`: ${plural(want.rowCount, "transaction")} at ${plural(want.groupCount, "merchant")} `);
  };
  const cases: Args[] = [
    {},
    { max_confidence: 0.9 },
    { max_confidence: 0.5 },
    { category: "Uncategorised" },
    { year: 2025, month: 9 },
    { from: "2025-04-01", to: "2025-10-31", limit: 3 },
    { currency: "chf", limit: 1 },
  ];
  test("strict fixture", () => {
    for (const args of cases) check(db, path, args, true);
    // max_confidence 1: nearly every row, many groups of one (equal counts in the tool's own order)
    check(db, path, { max_confidence: 1, limit: 500 }, false);
  });
  test("loose fixture", () => {
    for (const args of cases) check(loose, loosePath, args, true);
    check(loose, loosePath, { max_confidence: 1, limit: 500 }, false);
  });
  test("demo database (7'300 rows, seed 7)", () => {
    for (const args of [{ limit: 500 }, { year: 2025, limit: 500 }, { max_confidence: 0.6, limit: 500 }, { category: "Other", limit: 500 }]) check(demo.db, demo.path, args, false);
  });
});

describe("review_transactions: possible duplicates (extended fixture)", () => {
  const ext = extended();
  test("the same date, amount, currency and description twice: listed apart with count and total", () => {
    const out = tool({ year: 2026 }, ext.db);
    // Coop [344] [345] 2026-05-16 −45.60 "COOP-4711 BERN" (different transaction ids)
    expect(out.summary).toContain(
      `Possible duplicates (same date, amount, currency and description, different transaction ids): 1 group. 2026-05-16 "COOP-4711 BERN" ${money(-45.6, "CHF")} × 2 (total ${money(-91.2, "CHF")}).`,
    );
    const table = out.tables!.find((t) => t.title.startsWith("Possible duplicates"))!;
    expect(table.rows).toEqual([["2026-05-16", "COOP-4711 BERN", -45.6, "CHF", 2, -91.2]]);
    // The Spotify double charge is a day apart: a recurring double charge, not a duplicate booking.
    expect(table.totalRows).toBe(1);
  });
  test("== oracle on every fixture", () => {
    for (const [on, p] of [[ext.db, ext.path], [db, path], [loose, loosePath]] as const) {
      for (const args of [{}, { year: 2025 }, { year: 2026 }]) {
        const want = possibleDuplicates(p, args);
        const table = tool(args, on).tables?.find((t) => t.title.startsWith("Possible duplicates"));
        expect(table?.rows.map((r) => [r[0], r[1], r[2], r[3], r[4]]) ?? []).toEqual(want.map((d) => [d.date, d.description, d.amount, d.currency, d.ids.length]));
      }
    }
  });
});

describe("review_transactions's schema", () => {
  test("the JSON schema sent to the model: its properties; the description says the UI shows the result", () => {
    expect(schemaOf(reviewTransactions)).toEqual({ names: ["category", "max_confidence", "limit", ...PERIOD_PROPS], required: undefined });
    // The model must know the UI draws the charts and tables (so it never draws text charts).
    expect(reviewTransactions.description).toMatch(/The UI (draws|shows)/);
  });
});
