import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CATEGORY_DESCRIPTIONS } from "../src/ledger/schema.ts";
import { writeDemoDb } from "../src/ledger/demo/generator.ts";
import { DEMO_DEFAULT_TRANSACTIONS } from "../src/ledger/demo/events.ts";
import { PIPELINE_FEW_SHOT_QUERY, pipelineMerchantKey } from "../src/ledger/pipeline.ts";
import { columnsOf, SPEC_COLUMNS } from "./support/spec-schema.ts";

const CATEGORIES = [
  "Groceries", "Dining", "Transport", "Housing", "Insurance", "Healthcare", "Shopping", "Subscriptions",
  "Children", "Travel", "Cash", "Transfers", "Income", "Investments", "Fees", "Other", "Uncategorised",
];
const TABLES = ["transactions", "categories", "merchant_cache", "import_log", "few_shot_examples"];

let dir: string;
const open: Database[] = [];

function db(path: string): Database {
  const d = new Database(path, { readonly: true, strict: true });
  open.push(d);
  return d;
}

function contents(path: string): Record<string, unknown[][]> {
  const d = db(path);
  const out: Record<string, unknown[][]> = {};
  for (const t of TABLES) out[t] = d.query(`SELECT * FROM ${t} ORDER BY rowid`).values();
  return out;
}

function one<T = number>(d: Database, sql: string, ...params: (string | number)[]): T {
  return Object.values(d.query(sql).get(...params) as Record<string, unknown>)[0] as T;
}

let a: string, b: string, c: string, small: string, dflt: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "budget-demo-"));
  a = join(dir, "a.db");
  b = join(dir, "b.db");
  c = join(dir, "c.db");
  small = join(dir, "small.db");
  dflt = join(dir, "nested", "deeper", "budget.db");
  writeDemoDb({ out: a, seed: 42 });
  writeDemoDb({ out: b, seed: 42 });
  writeDemoDb({ out: c, seed: 43 });
  writeDemoDb({ out: small, seed: 42, transactions: 2000 });
  writeDemoDb({ out: dflt });
});

afterAll(() => {
  for (const d of open) d.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("determinism", () => {
  test("the same seed gives identical contents in every table", () => {
    const x = contents(a);
    const y = contents(b);
    for (const t of TABLES) expect(y[t]).toEqual(x[t]!);
    expect(x.transactions!.length).toBe(DEMO_DEFAULT_TRANSACTIONS);
    expect(x.merchant_cache!.length).toBeGreaterThan(100);
  });

  test("a different seed gives different data of the same size", () => {
    const x = contents(a);
    const z = contents(c);
    expect(z.transactions!.length).toBe(x.transactions!.length);
    expect(z.transactions).not.toEqual(x.transactions!);
    expect(z.import_log).not.toEqual(x.import_log!);
  });

  test("defaults: seed 1, 7,300 rows, 2023-11-01 to 2026-10-31, parent directories created", () => {
    const r = writeDemoDb({ out: join(dir, "seed1.db"), seed: 1 });
    expect(r).toEqual({ path: join(dir, "seed1.db"), transactions: 7300, firstDate: "2023-11-01", lastDate: "2026-10-31" });
    expect(contents(dflt)).toEqual(contents(r.path));
    const d = db(dflt);
    expect(one<string>(d, "SELECT MIN(date) FROM transactions")).toBe("2023-11-01");
    expect(one<string>(d, "SELECT MAX(date) FROM transactions")).toBe("2026-10-31");
  });
});

describe("schema (SPEC §1)", () => {
  test("columns, types and NOT NULL match the pipeline's DDL", () => {
    const d = db(a);
    for (const [table, columns] of Object.entries(SPEC_COLUMNS)) expect([table, columnsOf(d, table)]).toEqual([table, columns]);
    const tables = d.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").values().flat();
    expect(tables).toEqual(["categories", "few_shot_examples", "import_log", "merchant_cache", "transactions"]);
  });

  test("transaction_id is UNIQUE; the only added index is on date", () => {
    const d = db(a);
    const unique = d
      .query("SELECT il.name FROM pragma_index_list('transactions') il JOIN pragma_index_info(il.name) ii WHERE il.\"unique\" = 1 AND ii.name = 'transaction_id'")
      .values();
    expect(unique.length).toBe(1);
    const added = d.query("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL").values();
    expect(added.length).toBe(1);
    expect(String(added[0]![1])).toMatch(/ON transactions\s*\(date\)/);
    expect(one(d, "SELECT COUNT(DISTINCT transaction_id) FROM transactions")).toBe(DEMO_DEFAULT_TRANSACTIONS);
  });

  test("a plain single-file database with a rollback journal, no leftovers", () => {
    expect(one<string>(db(a), "PRAGMA journal_mode")).toBe("delete");
    const files = readdirSync(dir).filter((f) => f.startsWith("a.db"));
    expect(files).toEqual(["a.db"]);
    expect(readFileSync(a).subarray(0, 15).toString()).toBe("SQLite format 3");
  });
});

describe("categories", () => {
  for (const [label, file] of [["7,300 rows", () => a], ["2,000 rows", () => small]] as const) {
    test(`all 17 with descriptions, each with transactions (${label})`, () => {
      const d = db(file());
      const cats = d.query("SELECT name, description, created_at FROM categories").all() as {
        name: string;
        description: string;
        created_at: string;
      }[];
      expect(cats.map((x) => x.name).sort()).toEqual([...CATEGORIES].sort());
      for (const x of cats) {
        expect(x.description.trim().length).toBeGreaterThan(10);
        expect(x.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
      }
      const counts = Object.fromEntries(d.query("SELECT category, COUNT(*) FROM transactions GROUP BY category").values());
      for (const name of CATEGORIES) expect([name, (counts[name] ?? 0) >= 1]).toEqual([name, true]);
      expect(Object.keys(counts).sort()).toEqual([...CATEGORIES].sort());
    });
  }

  test("Income's description says refunds and reimbursements belong to it", () => {
    const income = one<string>(db(a), "SELECT description FROM categories WHERE name = 'Income'");
    expect(income).toMatch(/refunds/i);
    expect(income).toMatch(/reimbursements/i);
    expect(CATEGORY_DESCRIPTIONS.length).toBe(17);
  });
});

describe("row counts", () => {
  test("exactly the requested number", () => {
    expect(one(db(a), "SELECT COUNT(*) FROM transactions")).toBe(7300);
    expect(one(db(small), "SELECT COUNT(*) FROM transactions")).toBe(2000);
    for (const n of [1, 40, 900, 7301, 16_000]) {
      const out = join(dir, `n${n}.db`);
      const r = writeDemoDb({ out, seed: 5, transactions: n });
      expect(r.transactions).toBe(n);
      const d = db(out);
      expect(one(d, "SELECT COUNT(*) FROM transactions")).toBe(n);
      expect(one(d, "SELECT SUM(row_count) FROM import_log")).toBe(n);
      if (n >= 17) expect(one(d, "SELECT COUNT(DISTINCT category) FROM transactions")).toBe(17);
    }
  });

  test("rejects a count that is not a positive whole number", () => {
    expect(() => writeDemoDb({ out: join(dir, "bad.db"), transactions: 0 })).toThrow(/transactions/);
    expect(() => writeDemoDb({ out: join(dir, "bad.db"), transactions: 2.5 })).toThrow(/transactions/);
    expect(existsSync(join(dir, "bad.db"))).toBe(false);
  });
});

describe("realism", () => {
  test("amounts are signed sensibly; refunds are positive Income; Transfers go both ways", () => {
    for (const file of [a, small]) {
      const d = db(file);
      expect(one(d, "SELECT COUNT(*) FROM transactions WHERE category = 'Income' AND amount <= 0")).toBe(0);
      expect(one(d, "SELECT COUNT(*) FROM transactions WHERE category = 'Groceries' AND amount >= 0")).toBe(0);
      for (const c of ["Dining", "Housing", "Insurance", "Shopping", "Subscriptions", "Children", "Travel", "Cash", "Fees"]) {
        expect([c, one(d, "SELECT COUNT(*) FROM transactions WHERE category = ? AND amount >= 0", c)]).toEqual([c, 0]);
      }
      expect(one(d, "SELECT COUNT(*) FROM transactions WHERE category = 'Transfers' AND amount > 0")).toBeGreaterThan(0);
      expect(one(d, "SELECT COUNT(*) FROM transactions WHERE category = 'Transfers' AND amount < 0")).toBeGreaterThan(0);
      expect(one(d, "SELECT COUNT(*) FROM transactions WHERE amount = 0")).toBe(0);
      expect(one(d, "SELECT COUNT(*) FROM transactions WHERE currency != 'CHF'")).toBe(0);
    }
    const d = db(a);
    const refunds = d
      .query(
        "SELECT category, amount FROM transactions WHERE raw_description LIKE '%refund%' OR raw_description LIKE '%gutschrift%' OR raw_description LIKE '%rueckerstattung%'",
      )
      .all() as { category: string; amount: number }[];
    expect(refunds.length).toBeGreaterThan(20);
    const shopRefunds = refunds.filter((r) => r.category === "Income");
    expect(shopRefunds.length).toBeGreaterThan(20);
    for (const r of shopRefunds) expect(r.amount).toBeGreaterThan(0);
    // A salary every month of the demo household, from its employer.
    expect(one(d, "SELECT COUNT(DISTINCT substr(date, 1, 7)) FROM transactions WHERE category = 'Income' AND (raw_description LIKE 'LOHN ALPINA%' OR raw_description LIKE 'Salärzahlung Alpina%')")).toBe(36);
    // Savings transfers are findable by the word "savings" (SPEC's text-search example).
    expect(one(d, "SELECT COUNT(*) FROM transactions WHERE category = 'Transfers' AND (merchant_name LIKE '%savings%' OR raw_description LIKE '%savings%')")).toBeGreaterThan(36);
    // Income and spending are of the same order (a household that can pay its bills).
    const income = one(d, "SELECT SUM(amount) FROM transactions WHERE amount > 0 AND category != 'Transfers'");
    const spending = one(d, "SELECT -SUM(amount) FROM transactions WHERE amount < 0 AND category != 'Transfers'");
    expect(spending / income).toBeGreaterThan(0.8);
    expect(spending / income).toBeLessThan(1.15);
  });

  test("several raw spellings per merchant, one normalised merchant_name", () => {
    const d = db(a);
    for (const m of ["Migros", "Coop", "Denner", "Aldi Suisse", "Lidl", "SBB", "Zalando", "Amazon"]) {
      const spellings = one(d, "SELECT COUNT(DISTINCT raw_description) FROM transactions WHERE merchant_name = ?", m);
      expect([m, spellings >= 3]).toEqual([m, true]);
    }
    const migros = d.query("SELECT DISTINCT raw_description FROM transactions WHERE merchant_name = 'Migros'").values().flat() as string[];
    expect(migros).toContain("TWINT *Migros");
    expect(migros.some((r) => /^Migros M-Express /.test(r))).toBe(true);
    expect(migros.some((r) => /^MIGROS ZUERICH HB \d{4}$/.test(r))).toBe(true);
    // Every Migros supermarket spelling maps to the same merchant_name.
    expect(one(d, "SELECT COUNT(DISTINCT merchant_name) FROM transactions WHERE category = 'Groceries' AND raw_description LIKE '%migros%'")).toBe(1);
    // Named merchants from the brief.
    const names = new Set(d.query("SELECT DISTINCT merchant_name FROM transactions").values().flat());
    for (const m of ["Mobility", "ZVV", "Livit AG", "CSS", "Helsana", "AXA", "Die Mobiliar", "Digitec Galaxus", "Netflix", "Spotify", "Swisscom", "Kita Sonnenschein", "Swiss", "easyJet", "Alpina Software AG", "Savings account"]) {
      expect([m, names.has(m)]).toEqual([m, true]);
    }
  });

  test("sources and confidence are plausible; Uncategorised rows have low confidence", () => {
    const d = db(a);
    const sources = Object.fromEntries(d.query("SELECT source, COUNT(*) FROM transactions GROUP BY source").values());
    expect(Object.keys(sources).sort()).toEqual(["cache", "llm", "manual", "rule"]);
    expect(one(d, "SELECT MAX(confidence) FROM transactions WHERE category = 'Uncategorised'")).toBeLessThan(0.5);
    expect(one(d, "SELECT MIN(confidence) FROM transactions WHERE category != 'Uncategorised'")).toBeGreaterThanOrEqual(0.6);
    expect(one(d, "SELECT COUNT(*) FROM transactions WHERE source IN ('rule', 'manual') AND confidence != 1")).toBe(0);
    expect(one(d, "SELECT COUNT(*) FROM transactions WHERE confidence < 0 OR confidence > 1")).toBe(0);
  });

  test("merchant_cache, import_log and created_at are consistent with the transactions", () => {
    const d = db(a);
    // Every cached key is one of the transactions' raw descriptions, with the same merchant and category.
    const rows = d.query("SELECT raw_description, merchant_name, category FROM transactions WHERE category != 'Uncategorised'").values() as string[][];
    const seen = new Map<string, string>();
    for (const [raw, merchant, category] of rows) seen.set(pipelineMerchantKey(raw!), `${merchant}|${category}`);
    const cache = d.query("SELECT raw_key, merchant_name, category, created_at, updated_at FROM merchant_cache").values() as string[][];
    expect(cache.length).toBe(seen.size);
    for (const [key, merchant, category, created, updated] of cache) {
      expect([key, seen.get(key!)]).toEqual([key, `${merchant}|${category}`]);
      expect(created! <= updated!).toBe(true);
    }
    // One import_log row per monthly batch, with the right row count.
    const batches = d.query("SELECT import_batch, COUNT(*) FROM transactions GROUP BY import_batch ORDER BY import_batch").values();
    const log = d.query("SELECT filename, row_count FROM import_log ORDER BY id").values();
    expect(batches.length).toBe(36);
    expect(log).toEqual(batches.map((b) => [`${b[0]}.csv`, b[1]!]));
    expect(one(d, "SELECT COUNT(*) FROM transactions WHERE substr(import_batch, 11, 7) != substr(date, 1, 7)")).toBe(0);
    // Imported after the transaction happened; dates are real calendar dates.
    expect(one(d, "SELECT COUNT(*) FROM transactions WHERE created_at <= date")).toBe(0);
    expect(one(d, "SELECT COUNT(*) FROM transactions WHERE date(date) IS NOT date")).toBe(0);
    expect(one(d, "SELECT COUNT(*) FROM few_shot_examples")).toBeGreaterThan(0);
    // The pipeline's own few-shot query runs on it; every example is under its merchant key.
    const examples = d.query(PIPELINE_FEW_SHOT_QUERY).all() as { merchant_pattern: string; raw_description: string }[];
    expect(examples.length).toBeGreaterThan(0);
    for (const e of examples) expect(e.merchant_pattern).toBe(pipelineMerchantKey(e.raw_description));
    // Timestamps are RFC 3339, as the pipeline writes them.
    const stamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?\+00:00$/;
    for (const sql of ["SELECT created_at FROM transactions", "SELECT updated_at FROM merchant_cache", "SELECT imported_at FROM import_log"]) {
      expect((d.query(sql).values() as string[][]).every(([t]) => stamp.test(t!))).toBe(true);
    }
  });

  test("seasons and outliers", () => {
    const d = db(a);
    const byMonth = (category: string, months: string[]) =>
      one(
        d,
        `SELECT -SUM(amount) FROM transactions WHERE category = ? AND substr(date, 6, 2) IN (${months.map(() => "?").join(",")})`,
        category,
        ...months,
      );
    // More travel in summer than in spring.
    expect(byMonth("Travel", ["07", "08"])).toBeGreaterThan(1.5 * byMonth("Travel", ["03", "04"]));
    // Christmas shopping.
    expect(byMonth("Children", ["12"])).toBeGreaterThan(1.5 * byMonth("Children", ["10"]));
    expect(one(d, "SELECT COUNT(*) FROM transactions WHERE category = 'Shopping' AND substr(date, 6, 2) = '12'")).toBeGreaterThan(
      1.5 * one(d, "SELECT COUNT(*) FROM transactions WHERE category = 'Shopping' AND substr(date, 6, 2) = '09'"),
    );
    // Heating and electricity in winter.
    const utilities = (m: string) =>
      one(d, "SELECT -SUM(amount) FROM transactions WHERE category = 'Housing' AND merchant_name IN ('ewz', 'Energie 360°') AND substr(date, 6, 2) = ?", m);
    expect(utilities("01")).toBeGreaterThan(2 * utilities("07"));
    // One-offs: a large purchase and a dentist bill.
    expect(one(d, "SELECT MIN(amount) FROM transactions WHERE category = 'Shopping'")).toBeLessThan(-3000);
    expect(one(d, "SELECT COUNT(*) FROM transactions WHERE category = 'Healthcare' AND merchant_name LIKE 'Zahnarzt%' AND amount < -1000")).toBe(1);
  });
});

describe("overwriting", () => {
  test("refuses to overwrite without force, leaves the file alone; force replaces it", () => {
    const out = join(dir, "keep.db");
    writeDemoDb({ out, seed: 3, transactions: 500 });
    const before = readFileSync(out);
    expect(() => writeDemoDb({ out, seed: 4, transactions: 600 })).toThrow(
      `demo database already exists: ${out} (use --force to overwrite)`,
    );
    expect(readFileSync(out).equals(before)).toBe(true);
    const r = writeDemoDb({ out, seed: 4, transactions: 600, force: true });
    expect(r.transactions).toBe(600);
    expect(one(db(out), "SELECT COUNT(*) FROM transactions")).toBe(600);
    expect(readdirSync(dir).filter((f) => f.startsWith("keep.db"))).toEqual(["keep.db"]);
  });
});
