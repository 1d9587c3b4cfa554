import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  comparePipelineKeys,
  PIPELINE_CACHE_LOOKUP_QUERY,
  PIPELINE_CACHE_UPSERT,
  PIPELINE_DDL,
  PIPELINE_DDL_STATEMENTS,
  PIPELINE_FEW_SHOT_QUERY,
  PIPELINE_FEW_SHOT_UPSERT,
  PIPELINE_MANUAL,
  pipelineMerchantKey,
  pipelineTimestamp,
} from "../../src/ledger/pipeline.ts";
import { columnsOf, SPEC_COLUMNS } from "../support/spec-schema.ts";

/** Produced by the pipeline's own Rust `normalise_merchant_key` (copy of shared/pipeline-cache-keys.jsonl). */
const VECTORS = readFileSync(join(import.meta.dir, "..", "fixtures", "pipeline-cache-keys.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as { raw_description: string; key: string });

describe("pipelineMerchantKey: the pipeline's own vectors", () => {
  test("the fixture holds all 20 pairs", () => {
    expect(VECTORS).toHaveLength(20);
  });
  for (const { raw_description, key } of VECTORS) {
    test(JSON.stringify(raw_description), () => {
      expect(pipelineMerchantKey(raw_description)).toBe(key);
    });
  }
});

/**
 * Cases derived from src/cache.rs (`normalise_merchant_key`): `to_uppercase()`, then
 * `find("EBILL-RECHT")` / `find("EBILL")` truncation, then `split_whitespace()`, a
 * `break` on the token == "KARTE", a `continue` on tokens whose chars are all
 * `is_ascii_digit()`, then `join(" ")`.
 */
describe("pipelineMerchantKey: behaviour read from the Rust source", () => {
  const cases: [why: string, raw: string, key: string][] = [
    // KARTE: compared after upper-casing, as a whole token only.
    ["lower-case karte stops the key (compared after to_uppercase)", "Migros Zürich karte 1234", "MIGROS ZÜRICH"],
    ["KARTE as the first token leaves nothing", "KARTE 1234 COOP", ""],
    ["a token merely starting with KARTE does not stop", "KARTENZAHLUNG COOP 1234", "KARTENZAHLUNG COOP"],
    ["KARTE with punctuation is an ordinary token", "COOP KARTE: 1234", "COOP KARTE:"],
    ["tokens after KARTE are dropped even when they are not digits", "COOP 12 KARTE ABC DEF", "COOP"],
    // EBILL: a substring cut, before tokenising.
    ["EBILL inside a word cuts there", "WEBILLING SERVICES AG", "W"],
    ["lower-case ebill cuts (find runs on the upper-cased text)", "Swisscom ebill 4711", "SWISSCOM"],
    ["the first EBILL cuts even when EBILL-RECHT comes later", "ALPHA EBILL BETA EBILL-RECHT GAMMA", "ALPHA"],
    ["EBILL-RECHT glued to a word still cuts", "STEUERAMTEBILL-RECHT", "STEUERAMT"],
    ["the EBILL cut happens before the KARTE stop", "EBILL KARTE COOP", ""],
    ["KARTE before EBILL: both would cut, the result is the text before KARTE", "COOP KARTE 1234 EBILL", "COOP"],
    ["upper-casing can make EBILL (dotless ı → I)", "Sunrise ebıll 123", "SUNRISE"],
    // Digit tokens: ASCII 0-9 only, whole token only.
    ["digits mixed with letters stay", "7-ELEVEN A1 B2B 123", "7-ELEVEN A1 B2B"],
    ["numbers with punctuation stay", "CHF 12.50 -5 +41 1'000 12", "CHF 12.50 -5 +41 1'000"],
    ["leading zeros are still all digits", "UBS 0000 BANCOMAT 007", "UBS BANCOMAT"],
    ["full-width digits are not ASCII digits", "SHOP １２３", "SHOP １２３"],
    ["Arabic-Indic digits are not ASCII digits", "SHOP ٣٤٥", "SHOP ٣٤٥"],
    ["superscript digits are not ASCII digits", "AREA m² 2", "AREA M²"],
    // Whitespace: Unicode White_Space (Rust char::is_whitespace), collapsed to one space.
    ["tabs, newlines and CR split", "COOP\tPRONTO\r\n8001\n ZURICH\t", "COOP PRONTO ZURICH"],
    ["vertical tab and form feed split", "A\u000bB\u000cC", "A B C"],
    ["no-break space splits", "COOP\u00a0PRONTO\u00a01234", "COOP PRONTO"],
    ["NEL (U+0085) splits (White_Space; JS \\s would not)", "COOP\u0085CITY", "COOP CITY"],
    ["ideographic space and narrow no-break space split", "A\u3000B\u202fC\u2009D", "A B C D"],
    ["line and paragraph separators split", "A\u2028B\u2029C", "A B C"],
    ["BOM (U+FEFF) does not split (not White_Space; JS \\s would)", "COOP\ufeffCITY 12", "COOP\ufeffCITY"],
    ["zero-width space does not split", "COOP\u200bCITY", "COOP\u200bCITY"],
    ["U+001F is not White_Space", "A\u001fB", "A\u001fB"],
    // Unicode upper-casing: full, locale-independent mapping.
    ["ß becomes SS", "Straße 5 Bäckerei", "STRASSE BÄCKEREI"],
    ["ligatures expand", "ﬁnanz ﬂughafen", "FINANZ FLUGHAFEN"],
    ["Turkish i: i → I (no locale), ı → I, İ stays İ", "istanbul ıspanak İzmir", "ISTANBUL ISPANAK İZMIR"],
    ["ŉ becomes ʼN", "ŉ", "ʼN"],
    ["accented letters keep their accents", "crème brûlée café", "CRÈME BRÛLÉE CAFÉ"],
    // Empty results.
    ["empty input", "", ""],
    ["whitespace only", " \t\n ", ""],
    ["digits only, across kinds of whitespace", "12\t34\u00a056", ""],
  ];
  for (const [why, raw, key] of cases) {
    test(why, () => {
      expect(pipelineMerchantKey(raw)).toBe(key);
    });
  }

  test("keys are stable: normalising a key gives the same key", () => {
    for (const { raw_description } of VECTORS) {
      const key = pipelineMerchantKey(raw_description);
      expect(pipelineMerchantKey(key)).toBe(key);
    }
  });
});

describe("comparePipelineKeys", () => {
  test("orders like Rust's BTreeMap<String>: UTF-8 bytes, not UTF-16 units", () => {
    const keys = ["\u{1f600} EMOJI", "\uff21 FULLWIDTH", "ZURICH", "ÄPFEL", "APFEL", ""];
    expect([...keys].sort(comparePipelineKeys)).toEqual(["", "APFEL", "ZURICH", "ÄPFEL", "\uff21 FULLWIDTH", "\u{1f600} EMOJI"]);
    // JS's default sort puts the emoji (a surrogate pair, 0xD83D) before U+FF21.
    expect([...keys].sort()).not.toEqual([...keys].sort(comparePipelineKeys));
  });
});

describe("pipelineTimestamp", () => {
  const FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?\+00:00$/;

  test("chrono to_rfc3339 shape: fraction only when non-zero, +00:00 not Z", () => {
    expect(pipelineTimestamp(new Date("2026-11-23T07:28:03.123Z"))).toBe("2026-11-23T07:28:03.123+00:00");
    expect(pipelineTimestamp(new Date("2026-11-23T07:28:03.000Z"))).toBe("2026-11-23T07:28:03+00:00");
    expect(pipelineTimestamp(new Date("2026-01-02T03:04:05.007Z"))).toBe("2026-01-02T03:04:05.007+00:00");
    expect(pipelineTimestamp(new Date("2026-01-02T03:04:05.070Z"))).toBe("2026-01-02T03:04:05.070+00:00");
  });

  test("always UTC, whatever the local zone", () => {
    const d = new Date(Date.UTC(2025, 11, 31, 23, 59, 59, 999));
    expect(pipelineTimestamp(d)).toBe("2025-12-31T23:59:59.999+00:00");
  });

  test("matches the format and round-trips", () => {
    let t = Date.UTC(1999, 0, 1);
    for (let i = 0; i < 500; i++) {
      t += 86_400_000 * 37 + 3_600_000 * 5 + 61_000 + ((i * 7919) % 1000);
      const d = new Date(t);
      const s = pipelineTimestamp(d);
      expect(s).toMatch(FORMAT);
      expect(new Date(s).getTime()).toBe(t);
    }
  });

  test("sorts as text in time order, also next to the pipeline's 6- and 9-digit fractions", () => {
    const ours = [
      pipelineTimestamp(new Date("2026-11-23T07:28:03.000Z")),
      pipelineTimestamp(new Date("2026-11-23T07:28:03.123Z")),
      pipelineTimestamp(new Date("2026-11-23T07:28:03.124Z")),
    ];
    const theirs = ["2026-11-23T07:28:03.123456+00:00", "2026-11-23T07:28:03.123456789+00:00"];
    const all = [...ours, ...theirs].sort();
    expect(all).toEqual([ours[0]!, ours[1]!, theirs[0]!, theirs[1]!, ours[2]!]);
  });

  test("years outside 0000-9999 carry a sign, as chrono writes them", () => {
    expect(pipelineTimestamp(new Date("+010000-01-01T00:00:00Z"))).toBe("+10000-01-01T00:00:00+00:00");
    expect(pipelineTimestamp(new Date("-000001-01-01T00:00:00Z"))).toBe("-0001-01-01T00:00:00+00:00");
    expect(pipelineTimestamp(new Date("0000-06-01T00:00:00Z"))).toBe("0000-06-01T00:00:00+00:00");
  });

  test("an invalid Date is refused", () => {
    expect(() => pipelineTimestamp(new Date("nope"))).toThrow(RangeError);
  });
});

function pipelineDb(): Database {
  const db = new Database(":memory:");
  db.run(PIPELINE_DDL);
  return db;
}

describe("PIPELINE_DDL", () => {
  test("creates exactly SPEC §1's tables and columns", () => {
    const db = pipelineDb();
    const tables = (db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid").all() as { name: string }[]).map((r) => r.name);
    expect(tables).toEqual(["transactions", "merchant_cache", "import_log", "few_shot_examples", "categories"]);
    for (const [table, columns] of Object.entries(SPEC_COLUMNS)) expect([table, columnsOf(db, table)]).toEqual([table, columns]);
    const unique = (table: string) =>
      (db.query(`SELECT name FROM pragma_index_list('${table}') WHERE "unique" = 1`).all() as { name: string }[])
        .flatMap((i) => (db.query(`SELECT name FROM pragma_index_info('${i.name}')`).all() as { name: string }[]).map((c) => c.name))
        .sort();
    expect(unique("transactions")).toEqual(["transaction_id"]);
    expect(unique("few_shot_examples")).toEqual(["merchant_pattern"]);
    expect(unique("merchant_cache")).toEqual(["raw_key"]);
    expect(unique("categories")).toEqual(["name"]);
    db.close();
  });

  test("stores the same schema text as a database the pipeline made", () => {
    const db = pipelineDb();
    const sql = (db.query("SELECT sql FROM sqlite_master WHERE type = 'table' ORDER BY rowid").all() as { sql: string }[]).map((r) => r.sql);
    expect(sql).toEqual(PIPELINE_DDL_STATEMENTS.map((s) => s.replace("CREATE TABLE IF NOT EXISTS", "CREATE TABLE")));
    db.close();
  });

  test("can run again on an existing database (IF NOT EXISTS)", () => {
    const db = pipelineDb();
    expect(() => db.run(PIPELINE_DDL)).not.toThrow();
    db.close();
  });

  test("the pipeline's few-shot query and cache lookup run on it", () => {
    const db = pipelineDb();
    expect(db.query(PIPELINE_FEW_SHOT_QUERY).all()).toEqual([]);
    expect(db.query(PIPELINE_CACHE_LOOKUP_QUERY).get("COOP")).toBeNull();
    db.close();
  });
});

describe("writes in the pipeline's way are read back by the pipeline's queries", () => {
  test("cache upsert → lookup; a second upsert replaces the entry whole", () => {
    const db = pipelineDb();
    const key = pipelineMerchantKey("MIGROS BASEL M 01234 KARTE 1234");
    const t1 = pipelineTimestamp(new Date("2026-01-01T10:00:00.500Z"));
    db.query(PIPELINE_CACHE_UPSERT).run(key, "Migros", "Groceries", 0.7, "llm", t1, t1);
    const t2 = pipelineTimestamp(new Date("2026-02-01T10:00:00Z"));
    db.query(PIPELINE_CACHE_UPSERT).run(key, "Migros", "Dining", PIPELINE_MANUAL.confidence, PIPELINE_MANUAL.source, t2, t2);
    expect(db.query(PIPELINE_CACHE_LOOKUP_QUERY).get("MIGROS BASEL M")).toEqual({
      merchant_name: "Migros",
      category: "Dining",
      confidence: 1,
      source: "manual",
    });
    expect(db.query("SELECT COUNT(*) AS n, MIN(created_at) AS c, MIN(updated_at) AS u FROM merchant_cache").get()).toEqual({
      n: 1,
      c: "2026-02-01T10:00:00+00:00",
      u: "2026-02-01T10:00:00+00:00",
    });
    db.close();
  });

  test("few-shot upsert: a replaced example gets the highest id; the query shows the two newest per category", () => {
    const db = pipelineDb();
    const at = pipelineTimestamp(new Date("2026-03-01T12:00:00.250Z"));
    const add = (raw: string, merchant: string, category: string) =>
      db.query(PIPELINE_FEW_SHOT_UPSERT).run(pipelineMerchantKey(raw), raw, merchant, category, at);
    add("COOP PRONTO BHFSTR ZURICH", "Coop Pronto", "Groceries");
    add("MIGROS BASEL M 01234 KARTE 1234", "Migros", "Groceries");
    add("SBB MOBILE", "SBB", "Transport");
    add("Vivao Sympa EBILL-RECHT", "Sympany", "Insurance");
    add("MIGROS BASEL M 56789 KARTE 1234", "Migros", "Dining"); // same key: replaces, newest id
    add("Coop-1234 Zürich 8001", "Coop", "Groceries");
    add("Netflix.com 866-579-7172", "Netflix", "Groceries");

    const rows = db.query(PIPELINE_FEW_SHOT_QUERY).all() as { merchant_pattern: string; correct_category: string }[];
    expect(rows.map((r) => [r.correct_category, r.merchant_pattern])).toEqual([
      ["Dining", "MIGROS BASEL M"],
      ["Groceries", "NETFLIX.COM 866-579-7172"],
      ["Groceries", "COOP-1234 ZÜRICH"],
      ["Insurance", "VIVAO SYMPA"],
      ["Transport", "SBB MOBILE"],
    ]);
    expect(db.query("SELECT COUNT(*) AS n FROM few_shot_examples WHERE merchant_pattern = 'MIGROS BASEL M'").get()).toEqual({ n: 1 });
    expect(db.query("SELECT raw_description FROM few_shot_examples WHERE merchant_pattern = 'MIGROS BASEL M'").get()).toEqual({
      raw_description: "MIGROS BASEL M 56789 KARTE 1234",
    });
    db.close();
  });

  test("the empty key is a key like any other (the pipeline writes and looks it up)", () => {
    const db = pipelineDb();
    const key = pipelineMerchantKey("EBILL-RECHT Krankenkasse");
    expect(key).toBe("");
    const at = pipelineTimestamp(new Date("2026-03-01T12:00:00Z"));
    db.query(PIPELINE_CACHE_UPSERT).run(key, "Krankenkasse", "Insurance", 1.0, "manual", at, at);
    expect(db.query(PIPELINE_CACHE_LOOKUP_QUERY).get(pipelineMerchantKey("12345 67890"))).toEqual({
      merchant_name: "Krankenkasse",
      category: "Insurance",
      confidence: 1,
      source: "manual",
    });
    db.close();
  });
});
