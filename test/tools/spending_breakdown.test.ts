/**
 * spending_breakdown (SPEC §2) on the extended fixture (2026, test/fixtures/budget-fixture.ts
 * ids 301–346): hand-computed groups for every dimension kind, metric and filter, the hygiene
 * cases (coffees stored as "chf", " CHF" and "dining "), and the tool against the independent
 * oracle (test/support/spec-oracle-round3.ts) on every fixture and the demo database.
 */
import { describe, expect, test } from "bun:test";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import { spendingBreakdown } from "../../src/tools/spending_breakdown.ts";
import { spendingBreakdown as oracle, type BreakdownArgs } from "../support/spec-oracle-round3.ts";
import { fixtures, cents, demoDb, extended, IBAN_ACCOUNT, inputError, money, run, schemaOf, PERIOD_PROPS } from "./support.ts";

const { db: plain, path: plainPath, loose, loosePath } = fixtures();
const { db, path } = extended();
const demo = demoDb();
const tool = (input: unknown, on: BudgetDb = db) => run(spendingBreakdown, on, input);
const CHF = (x: number) => money(x, "CHF");

describe("spending_breakdown: hand-computed groups (2026)", () => {
  test("weekday: Mon…Sun in ISO order; the coffees stored as chf / ' CHF' / 'dining ' are CHF Dining", () => {
    // 2026-W06: Kaffee Bar 4.50 Mon 02-02 … Fri 02-06 [331–335], Restaurant Krone 80 Sat [336], Café Sonntag 60 Sun [337]
    const out = tool({ group_by: ["weekday"], categories: ["dining"], from: "2026-02-01", to: "2026-02-28" });
    expect(out.charts[0]).toEqual({
      type: "bar",
      title: "Total of spending on Dining by weekday, 2026-02-01…2026-02-28 (CHF)",
      currency: "CHF",
      data: { labels: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], datasets: [{ name: "Total", values: [4.5, 4.5, 4.5, 4.5, 4.5, 80, 60] }] },
    });
    // 4.50 × 5 + 80 + 60 = 162.50 over 7 rows, one currency
    expect(out.summary).toBe(
      `Total of spending on Dining by weekday from 2026-02-01 to 2026-02-28. CHF: total ${CHF(162.5)} over 7 rows. ` +
        `Mon ${CHF(4.5)} (1); Tue ${CHF(4.5)} (1); Wed ${CHF(4.5)} (1); Thu ${CHF(4.5)} (1); Fri ${CHF(4.5)} (1); Sat ${CHF(80)} (1); Sun ${CHF(60)} (1).`,
    );
    const table = out.tables![0]!;
    expect(table.columns).toEqual(["Weekday", "Total", "Transactions"]);
    expect(table.kinds).toEqual(["text", "money", "count"]);
    expect(table.totalRows).toBe(7);
  });

  test("category (bar_h, value desc); ISO week and day labels", () => {
    const out = tool({ group_by: ["category"], year: 2026 });
    // Housing 2'000 × 5 + 2'200 × 4 = 18'800 (9) | Shopping 1'450 (1) | Groceries 70 + 480 + 45.60 × 2 + 95.40 = 736.60 (5)
    // Dining 162.50 (7) | Subscriptions 12.95 × 10 = 129.50 (10) → 21'278.60 over 32 rows; Income not spending
    expect(out.charts[0]!.type).toBe("bar_h");
    expect(out.tables![0]!.rows).toEqual([
      ["Housing", 18800, 9],
      ["Shopping", 1450, 1],
      ["Groceries", 736.6, 5],
      ["Dining", 162.5, 7],
      ["Subscriptions", 129.5, 10],
    ]);
    expect(out.summary).toContain(`CHF: total ${CHF(21278.6)} over 32 rows.`);
    const weeks = tool({ group_by: ["week"], search: ["kaffee", "krone"], year: 2026, metric: "count" });
    // The five coffees and Krone's dinner (money out) all fall in ISO week 2026-W06 (Mon 02-02 … Sun 02-08)
    expect(weeks.charts[0]!.data).toEqual({ labels: ["2026-W06"], datasets: [{ name: "Count", values: [6] }] });
    expect(weeks.charts[0]!.unit).toBe("count");
    const days = tool({ group_by: ["day"], categories: ["Groceries"], from: "2026-05-01", to: "2026-05-31" });
    expect(days.tables![0]!.rows).toEqual([["2026-05-16", 91.2, 2]]); // Coop [344] [345] 45.60 × 2
    expect(days.tables![0]!.kinds[0]).toBe("date");
  });

  test("metrics over the money-out rows: median, average, max, count", () => {
    const med = tool({ group_by: ["category"], year: 2026, exclude_categories: ["Housing"], metric: "median" });
    // Shopping [1'450]; Groceries 45.60, 45.60, 70, 95.40, 480 → 70; Subscriptions 12.95; Dining 4.50 × 5, 60, 80 → 4.50
    expect(med.tables![0]!.rows).toEqual([
      ["Shopping", 1450, 1],
      ["Groceries", 70, 5],
      ["Subscriptions", 12.95, 10],
      ["Dining", 4.5, 7],
    ]);
    expect(med.tables![0]!.columns).toEqual(["Category", "Median", "Payments"]);
    const avg = tool({ group_by: ["category"], categories: ["Groceries", "Dining"], year: 2026, metric: "average" });
    // Groceries 736.60 / 5 = 147.32; Dining 162.50 / 7 = 23.214…
    expect(avg.tables![0]!.rows).toEqual([
      ["Groceries", 147.32, 5],
      ["Dining", 23.21, 7],
    ]);
    const max = tool({ group_by: ["month"], categories: ["Groceries"], year: 2026, metric: "max" });
    // 01: 70 | 04: 480 | 05: 45.60 | 10: 95.40 (months in order, not by value)
    expect(max.charts[0]!.data.labels).toEqual(["2026-01", "2026-04", "2026-05", "2026-10"]);
    expect(max.charts[0]!.data.datasets[0]!.values).toEqual([70, 480, 45.6, 95.4]);
  });

  test("two dimensions: grouped_bar, one dataset per second-dimension value", () => {
    const out = tool({ group_by: ["month", "category"], categories: ["Groceries", "Dining"], year: 2026 });
    expect(out.charts[0]!.type).toBe("grouped_bar");
    expect(out.charts[0]!.data).toEqual({
      labels: ["2026-01", "2026-02", "2026-04", "2026-05", "2026-10"],
      datasets: [
        { name: "Groceries", values: [70, 0, 480, 91.2, 95.4] },
        { name: "Dining", values: [0, 162.5, 0, 0, 0] },
      ],
    });
    expect(out.tables![0]!.columns).toEqual(["Month", "Category", "Total", "Transactions"]);
    expect(out.tables![0]!.rows).toEqual([
      ["2026-01", "Groceries", 70, 1],
      ["2026-02", "Dining", 162.5, 7],
      ["2026-04", "Groceries", 480, 1],
      ["2026-05", "Groceries", 91.2, 2],
      ["2026-10", "Groceries", 95.4, 1],
    ]);
  });

  test("filters: several search terms (any of), excluded terms, amount range, top_n with Other", () => {
    const any = tool({ group_by: ["merchant"], search: ["kaffee", "krone"], year: 2026 });
    expect(any.tables![0]!.rows).toEqual([
      ["Restaurant Krone", 80, 1],
      ["Kaffee Bar", 22.5, 5],
    ]);
    const minus = tool({ group_by: ["merchant"], search: ["kaffee", "krone"], exclude_search: ["restaurant"], year: 2026 });
    expect(minus.tables![0]!.rows).toEqual([["Kaffee Bar", 22.5, 5]]);
    expect(minus.summary).toContain('(matching "kaffee" or "krone", not matching "restaurant")');
    const big = tool({ group_by: ["category"], min_amount: 100, year: 2026 });
    // |amount| ≥ 100: rent × 9, Pfister 1'450, Migros 480 (95.40 is below)
    expect(big.tables![0]!.rows).toEqual([
      ["Housing", 18800, 9],
      ["Shopping", 1450, 1],
      ["Groceries", 480, 1],
    ]);
    const top = tool({ group_by: ["merchant"], year: 2026, top_n: 2 });
    // Rest: Migros 645.40 (3) + Spotify 129.50 (10) + Coop 91.20 (2) + Krone 80 + Café Sonntag 60 + Kaffee Bar 22.50 (5)
    //     = 1'028.60 over 22 rows, 6 merchants
    expect(top.tables![0]!.rows).toEqual([
      ["Immo AG", 18800, 9],
      ["Möbel Pfister", 1450, 1],
      ["Other (6)", 1028.6, 22],
    ]);
  });

  test("sort key keeps the largest top_n and orders them by name", () => {
    const out = tool({ group_by: ["merchant"], year: 2026, top_n: 3, sort: "key" });
    // largest: Immo AG 18'800, Möbel Pfister 1'450, Migros 645.40; the rest 129.50 + 91.20 + 80 + 60 + 22.50 = 383.20 (19 rows)
    expect(out.tables![0]!.rows).toEqual([
      ["Immo AG", 18800, 9],
      ["Migros", 645.4, 3],
      ["Möbel Pfister", 1450, 1],
      ["Other (5)", 383.2, 19],
    ]);
  });

  test("a non-spending subject: Income by account is money in", () => {
    const out = tool({ group_by: ["account"], categories: ["income"], year: 2026 });
    // ACME AG 6'800 × 8 (no March) into the IBAN account
    expect(out.tables![0]!.rows).toEqual([[IBAN_ACCOUNT, 54400, 8]]);
    expect(out.summary).toStartWith("Total of money in (Income) by account for 2026.");
  });

  test("errors", () => {
    expect(inputError(() => tool({ group_by: ["month", "month"] })).message).toBe("group_by names month twice: give two different dimensions, or one.");
    expect(inputError(() => tool({ group_by: ["account"] }, plain)).message).toBe("This database records no accounts (they come with imports): group by something else.");
    expect(inputError(() => tool({ group_by: ["category"], categories: ["Income", "Groceries"] })).message).toBe(
      "Income is not spending: ask for it alone, or only spending categories together.",
    );
    expect(inputError(() => tool({ group_by: ["category"], account: "Postfinance" })).message).toBe(
      `Unknown account "Postfinance". Accounts in the data: ${IBAN_ACCOUNT}, Visa 4417.`,
    );
    expect(tool({ group_by: ["category"], year: 2026, account: "visa 4417" }).tables![0]!.rows.map((r) => r[0])).toEqual(["Shopping", "Groceries", "Dining", "Subscriptions"]);
  });
});

describe("spending_breakdown == oracle", () => {
  const check = (on: BudgetDb, p: string, args: BreakdownArgs) => {
    const want = oracle(p, args);
    const out = tool({ ...args, top_n: 100 }, on);
    const curs = Object.keys(want);
    if (!curs.length) return expect(out.summary).toStartWith("No ");
    const many = out.tables![0]!.columns.includes("Currency");
    const dims = args.group_by.length;
    for (const cur of curs) {
      const got = out.tables![0]!.rows.filter((r) => !many || r[dims] === cur).map((r) => [...r.slice(0, dims), r.at(-2), r.at(-1)]);
      const exp = want[cur]!.map((g) => [...g.labels, cents(g.value), g.count]);
      // The second dimension's order inside a first-dimension group is the product's: compare as sets.
      expect([...got].map((x) => JSON.stringify(x)).sort()).toEqual(exp.map((x) => JSON.stringify(x)).sort());
      if (dims === 1) expect(got.map((x) => x[0])).toEqual(exp.map((x) => x[0]));
    }
  };
  const cases: BreakdownArgs[] = [
    { group_by: ["category"] },
    { group_by: ["weekday"], year: 2025 },
    { group_by: ["week"], from: "2025-03-01", to: "2025-04-30" },
    { group_by: ["merchant"], metric: "median", categories: ["Groceries", "transport"] },
    { group_by: ["month", "category"], year: 2025, exclude_categories: ["Insurance"], currency: "chf" },
    { group_by: ["year", "currency"], metric: "max" },
    { group_by: ["day"], search: ["migros", "coop"], direction: "out", min_amount: 40 },
    { group_by: ["category", "weekday"], metric: "average", exclude_search: ["twint"] },
    { group_by: ["merchant"], metric: "count", max_amount: 50 },
    { group_by: ["month"], categories: ["Income"] },
  ];
  test("the fixture, strict and loose", () => {
    for (const args of cases) {
      check(plain, plainPath, args);
      check(loose, loosePath, args);
    }
  });
  test("extended fixture (accounts, hygiene cases)", () => {
    for (const args of [...cases, { group_by: ["account", "month"], year: 2026 } as BreakdownArgs, { group_by: ["weekday"], account: "Visa 4417" } as BreakdownArgs]) {
      check(db, path, args);
    }
  });
  test("demo database (7'300 rows, seed 7)", () => {
    for (const args of [cases[0]!, cases[1]!, cases[4]!, cases[7]!, { group_by: ["week", "category"], year: 2025, categories: ["Dining", "Groceries"] } as BreakdownArgs]) {
      check(demo.db, demo.path, args);
    }
  }, 30_000); // brute force, on a machine shared with other work
});

describe("spending_breakdown's schema", () => {
  test("the JSON schema sent to the model: its properties, what is required; the description says the UI shows the result", () => {
    expect(schemaOf(spendingBreakdown)).toEqual({ names: ["group_by", "metric", "categories", "exclude_categories", "search", "exclude_search", "weekdays", "min_amount", "max_amount", "direction", "sort", "top_n", ...PERIOD_PROPS], required: ["group_by"] });
    // The model must know the UI draws the charts and tables (so it never draws text charts).
    expect(spendingBreakdown.description).toMatch(/The UI (draws|shows)/);
  });
});
