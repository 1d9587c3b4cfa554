/**
 * unusual_transactions (SPEC §2) on the extended fixture: large payments against the
 * merchant's own earlier payments (median + 5 × MAD, MAD floored at 5% of the median, and at
 * least twice the median) or, with fewer than 5, the category's; new merchants; the default
 * period (the last 3 months of data). Against the round-3 oracle on every fixture and the demo.
 */
import { describe, expect, test } from "bun:test";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import { RunningMedian, distinctCounts, lower } from "../../src/ledger/running-median.ts";
import { unusualTransactions } from "../../src/tools/unusual_transactions.ts";
import { unusualTransactions as oracle } from "../support/spec-oracle-round3.ts";
import { fixtures, cents, demoDb, extended, money, run, schemaOf, PERIOD_PROPS } from "./support.ts";

const { db: plain, path: plainPath, loose, loosePath } = fixtures();
const { db, path } = extended();
const demo = demoDb();
const tool = (input: unknown, on: BudgetDb = db) => run(unusualTransactions, on, input);
const CHF = (x: number) => money(x, "CHF");

describe("unusual_transactions: hand-computed (2026)", () => {
  test("large: ranked by times the usual amount, merchant history or the category's", () => {
    const out = tool({ year: 2026, kind: "large" });
    expect(out.tables![0]!.rows).toEqual([
      // Möbel Pfister is new: Shopping's 9 earlier CHF payments 10, 27, 33.33, 49.90 × 5, 120 → median 49.90,
      // MAD 0 → floored 2.495; 1'450 > 49.90 + 12.475 and ≥ 99.80; 1'450 / 49.90 = 29.06
      ["2026-09-19", "Möbel Pfister", "Shopping", 1450, "CHF", 49.9, 29.1, "category, 9 payments"],
      // Krone has 3 earlier payments: Dining's 10 (96.50, 150, 150, 45.30, 5.50 and the coffees 4.50 × 5 —
      // stored as chf / " CHF" / "dining " but one currency and category) → median (4.50 + 5.50) / 2 = 5,
      // MAD 0.50; 80 > 7.50 and ≥ 10: 16 ×
      ["2026-02-07", "Restaurant Krone", "Dining", 80, "CHF", 5, 16, "category, 10 payments"],
      // Café Sonntag: Dining's 11 (with Krone's 80) → median 5.50, MAD 1 → 60 > 10.50 and ≥ 11: 10.9 ×
      ["2026-02-08", "Café Sonntag", "Dining", 60, "CHF", 5.5, 10.9, "category, 11 payments"],
      // Migros' own 6: 84.35, 41.25, 63.70, 66.60, 112.45, 70 → median (66.60 + 70) / 2 = 68.30; deviations
      // 16.05, 27.05, 4.60, 1.70, 44.15, 1.70 → MAD (4.60 + 16.05) / 2 = 10.325; 480 > 119.925 and ≥ 136.60: 7.03 ×
      ["2026-04-18", "Migros", "Groceries", 480, "CHF", 68.3, 7, "merchant, 6 payments"],
    ]);
    // Not large: the rent rise (Immo AG's 5 earlier at 2'000: MAD floored at 100, 2'200 ≤ 2'500), Migros 95.40 in October
    // (its 7 earlier: median 70, MAD 14.35 → 141.75), the duplicate Coop 45.60.
    expect(out.summary).toContain(`2026-09-19 Möbel Pfister (Shopping) ${CHF(1450)}, 29.1 × the usual ${CHF(49.9)} (median of Shopping's 9 earlier payments)`);
    expect(out.summary).toContain(`2026-04-18 Migros (Groceries) ${CHF(480)}, 7.0 × the usual ${CHF(68.3)} (median of its 6 earlier payments)`);
    expect(out.tables).toHaveLength(1);
  });

  test("new merchants: first row in the whole data inside the period, largest first", () => {
    const out = tool({ year: 2026, kind: "new_merchants" });
    expect(out.tables![0]!.rows).toEqual([
      ["Immo AG", "2026-01-01", 9, CHF(18800)],
      ["Möbel Pfister", "2026-09-19", 1, CHF(1450)],
      ["Spotify", "2026-01-05", 10, CHF(129.5)],
      ["Café Sonntag", "2026-02-08", 1, CHF(60)],
      ["Kaffee Bar", "2026-02-02", 5, CHF(22.5)],
    ]);
    // Migros, Coop, Krone and ACME AG were seen before 2026.
    expect(out.summary).toStartWith("New merchants in spending for 2026 (first transaction in the whole data): 5.");
  });

  test("no period: the last 3 months of data (2026-08-01 … 2026-10-12); category narrows", () => {
    const out = tool({});
    expect(out.summary).toStartWith(
      "Unusually large payments in spending from 2026-08-01 to 2026-10-12 (the last 3 months of data; give a period for another): 1.",
    );
    expect(out.tables!.map((t) => t.rows.length)).toEqual([1, 1]);
    const dining = tool({ year: 2026, category: "dining" });
    expect(dining.tables![0]!.rows.map((r) => r[1])).toEqual(["Restaurant Krone", "Café Sonntag"]);
    expect(dining.tables![1]!.rows.map((r) => r[0])).toEqual(["Café Sonntag", "Kaffee Bar"]);
    expect(tool({ year: 2026, category: "Fees" }).summary).toBe(
      "No unusually large payments in Fees for 2026 (rule: above median + 5 × MAD and at least twice the median of the merchant's, else the category's, at least 5 earlier payments; a recurring payment against its own series). " +
        "No new merchants in Fees for 2026.",
    );
  });
});

describe("RunningMedian: exact median and MAD of a growing multiset", () => {
  test("against sorting, odd and even counts, repeated values", () => {
    const xs = [5, 1, 1, 9, 3, 3, 3, 12.5, 0.5, 7, 7, 2];
    const { values } = distinctCounts(Float64Array.from(xs));
    const rm = new RunningMedian(values);
    const med = (a: number[]) => {
      const s = [...a].sort((p, q) => p - q);
      const m = s.length >> 1;
      return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
    };
    xs.forEach((x, k) => {
      rm.add(lower(values, x));
      const seen = xs.slice(0, k + 1);
      const m = med(seen);
      expect(rm.median()).toBe(m);
      expect(rm.mad(m)).toBeCloseTo(med(seen.map((v) => Math.abs(v - m))), 12);
    });
  });
});

test("RunningMedian.of (built from counts) equals adding the values one by one", () => {
  const xs = Float64Array.from([4, 8, 8, 15, 16, 23, 42, 8, 4]);
  const { values, counts } = distinctCounts(xs);
  expect(Array.from(values)).toEqual([4, 8, 15, 16, 23, 42]);
  expect(Array.from(counts)).toEqual([2, 3, 1, 1, 1, 1]);
  const bulk = RunningMedian.of(values, counts);
  const one = new RunningMedian(values);
  for (const x of xs) one.add(lower(values, x));
  expect([bulk.count, bulk.median(), bulk.mad(bulk.median())]).toEqual([one.count, one.median(), one.mad(one.median())]);
  expect([bulk.median(), bulk.mad(8)]).toEqual([8, 4]); // deviations 4 4 0 0 0 7 8 15 34 → 4
});

describe("unusual_transactions == oracle", () => {
  const check = (on: BudgetDb, p: string, args: Record<string, unknown>) => {
    const want = oracle(p, args);
    const out = tool({ ...args, limit: 200 }, on);
    const large = out.tables!.find((t) => t.title.startsWith("Unusually large"));
    expect(large?.rows.length ?? 0).toBe(want.large.length);
    if (large) {
      expect(large.rows.map((r) => [r[5], r[7]])).toEqual(want.large.map((x) => [cents(x.median), `${x.basis}, ${x.history} payments`]));
    }
    const fresh = out.tables!.find((t) => t.title.startsWith("New merchants"));
    expect(new Set(fresh?.rows.map((r) => `${r[0]}|${r[1]}|${r[2]}`) ?? [])).toEqual(new Set(want.fresh.map((f) => `${f.merchant}|${f.first}|${f.count}`)));
  };
  test("fixtures", () => {
    for (const args of [{}, { year: 2025 }, { year: 2026 }, { from: "2024-06-01" }, { year: 2025, category: "Groceries" }]) {
      check(db, path, args);
      if (!("year" in args && args.year === 2026)) {
        check(plain, plainPath, args);
        check(loose, loosePath, args);
      }
    }
  });
  test("demo database (7'300 rows, seed 7)", () => {
    for (const args of [{}, { year: 2025 }, { from: "2024-01-01", category: "Dining" }]) check(demo.db, demo.path, args);
  }, 30_000); // brute force, on a machine shared with other work
});

describe("unusual_transactions's schema", () => {
  test("the JSON schema sent to the model: its properties; the description says the UI shows the result", () => {
    expect(schemaOf(unusualTransactions)).toEqual({ names: ["kind", "category", "limit", ...PERIOD_PROPS], required: undefined });
    // The model must know the UI draws the charts and tables (so it never draws text charts).
    expect(unusualTransactions.description).toMatch(/The UI (draws|shows)/);
  });
});
