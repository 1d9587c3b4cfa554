/**
 * The budget-analyser pipeline's contracts, in one place.
 *
 * budget-chat reads the database that the Rust import pipeline budget-analyser
 * (github.com/mazhewitt/budget-analyser) writes. An approved recategorisation also
 * writes back to it (SPEC §3.3), and it has to teach the pipeline exactly as the
 * pipeline's own `recategorise` / `review` commands do. Everything here mirrors the
 * pipeline's behaviour as its source defines it (checked against commit c6a0183,
 * 2026-06-13), re-implemented in TypeScript. It must not drift: if the pipeline
 * changes, change this file and its tests (test/ledger/pipeline.test.ts, which runs
 * the key vectors the pipeline's own Rust function produced) together.
 *
 * Where each behaviour lives in the pipeline:
 * - table DDL: `Database::open` in src/db/import.rs (one CREATE per table, in the order
 *   transactions, merchant_cache, import_log, few_shot_examples, categories);
 * - merchant key: `normalise_merchant_key` in src/cache.rs;
 * - cache lookup / write: `cache_lookup` and `cache_insert` in src/db/import.rs;
 * - few-shot write / read: `insert_few_shot_example` and `get_few_shot_examples` there;
 * - what `recategorise` (and `review`) write: `run_recategorise` / `run_review` in
 *   src/review.rs;
 * - timestamps: chrono's `Utc::now().to_rfc3339()` at every write.
 *
 * What `recategorise --category C` does, for reference (src/review.rs): it reads C's
 * transactions `ORDER BY date ASC`, groups them by `pipelineMerchantKey(raw_description)`
 * (the empty key included), and walks the groups in key order (`comparePipelineKeys`).
 * For a group moved to category N, with `first` its earliest transaction, it writes,
 * in this order: the cache entry (PIPELINE_CACHE_UPSERT: key, first.merchant_name, N,
 * 1.0, 'manual', now, now), the few-shot example (PIPELINE_FEW_SHOT_UPSERT: key,
 * first.raw_description, first.merchant_name, N, now; a fresh `now`), then every
 * transaction of the group: merchant_name = first.merchant_name, category = N,
 * confidence = 1.0, source = 'manual'. No enclosing transaction.
 */

/**
 * The pipeline's CREATE TABLE statements, byte for byte as it runs them (same order,
 * same text, so `sqlite_master.sql` is the same as in a database the pipeline made).
 * Same columns and constraints as SPEC §1. Note `merchant_cache.raw_key` has no
 * declared type (no affinity); databases made by the pipeline's very first SQLite
 * version declared it `raw_key TEXT PRIMARY KEY`, which stores the same text keys.
 */
export const PIPELINE_DDL_STATEMENTS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS transactions (
                id INTEGER PRIMARY KEY,
                date TEXT NOT NULL,
                raw_description TEXT NOT NULL,
                amount REAL NOT NULL,
                currency TEXT NOT NULL,
                merchant_name TEXT NOT NULL,
                category TEXT NOT NULL,
                source TEXT NOT NULL,
                confidence REAL NOT NULL,
                transaction_id TEXT NOT NULL UNIQUE,
                import_batch TEXT,
                created_at TEXT NOT NULL
            )`,
  `CREATE TABLE IF NOT EXISTS merchant_cache (
                raw_key PRIMARY KEY,
                merchant_name TEXT NOT NULL,
                category TEXT NOT NULL,
                confidence REAL NOT NULL,
                source TEXT NOT NULL,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL
            )`,
  `CREATE TABLE IF NOT EXISTS import_log (
                id INTEGER PRIMARY KEY,
                filename TEXT NOT NULL,
                row_count INTEGER NOT NULL,
                imported_at TEXT NOT NULL
            )`,
  `CREATE TABLE IF NOT EXISTS few_shot_examples (
                id INTEGER PRIMARY KEY,
                merchant_pattern TEXT NOT NULL UNIQUE,
                raw_description TEXT NOT NULL,
                correct_merchant TEXT NOT NULL,
                correct_category TEXT NOT NULL,
                created_at TEXT NOT NULL
            )`,
  `CREATE TABLE IF NOT EXISTS categories (
                name TEXT PRIMARY KEY,
                description TEXT NOT NULL,
                created_at TEXT NOT NULL
            )`,
];

/** All of PIPELINE_DDL_STATEMENTS as one script (for `db.run`). Creates no rows: the pipeline seeds `categories` separately. */
export const PIPELINE_DDL: string = PIPELINE_DDL_STATEMENTS.map((s) => `${s};\n`).join("");

/**
 * The pipeline's merchant_cache key for a raw bank description (`normalise_merchant_key`).
 * Every import looks the cache up under this key, and `recategorise`/`review` group
 * transactions by it and write the cache and few-shot rows under it. In order:
 *
 * 1. Upper-case the whole string with Unicode's full, locale-independent mapping
 *    (ß → SS, ﬁ → FI, i → I and ı → I, İ stays İ). JS `toUpperCase` is that mapping.
 * 2. If "EBILL-RECHT" occurs anywhere (a substring, not a token), drop it and all that
 *    follows; then the same for "EBILL". Together: everything from the first "EBILL",
 *    even inside a word ("WEBILLING" → "W"), is gone. This runs before step 3, so an
 *    "EBILL" after a "KARTE" still cuts, and one at the start leaves "".
 * 3. Split on runs of Unicode White_Space (Rust `split_whitespace`: includes tab, NBSP,
 *    U+0085, U+3000; not U+FEFF or U+200B, which JS `\s` would get wrong).
 * 4. Walk the tokens: the token exactly "KARTE" ends the key (it and everything after
 *    are dropped; "KARTE:" or "KARTENZAHLUNG" do not); a token of ASCII digits 0-9 only
 *    is skipped ("0044", not "7-ELEVEN", "12.50", "A1" or full-width "１２３").
 * 5. Join the kept tokens with one space. The result may be "" (the pipeline uses ""
 *    as a key like any other).
 */
export function pipelineMerchantKey(raw: string): string {
  const upper = raw.toUpperCase();
  let head = upper;
  for (const marker of EBILL_MARKERS) {
    const at = head.indexOf(marker);
    if (at !== -1) head = head.slice(0, at);
  }
  const kept: string[] = [];
  for (const token of head.split(WHITE_SPACE_RUN)) {
    if (token === "") continue; // leading/trailing separators: split_whitespace yields no empty tokens
    if (token === CARD_MARKER) break;
    if (ASCII_DIGITS_ONLY.test(token)) continue;
    kept.push(token);
  }
  return kept.join(" ");
}

const EBILL_MARKERS = ["EBILL-RECHT", "EBILL"] as const;
const CARD_MARKER = "KARTE";
const WHITE_SPACE_RUN = /\p{White_Space}+/u;
const ASCII_DIGITS_ONLY = /^[0-9]+$/;

/**
 * The order in which the pipeline's `recategorise`/`review` walk their groups (a Rust
 * BTreeMap<String, _>: UTF-8 byte order, which differs from JS's UTF-16 `sort()` for
 * characters above U+FFFF). It decides which few-shot row gets the higher id when one
 * approval writes several keys, and so which ones the few-shot query shows first.
 */
export function comparePipelineKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

/**
 * A timestamp exactly as the pipeline writes `created_at`/`updated_at`/`imported_at`:
 * chrono's `DateTime<Utc>::to_rfc3339()`, i.e. `YYYY-MM-DDTHH:MM:SS`, then the
 * fraction with the fewest of 3/6/9 digits that holds it exactly (none when it is
 * zero), then `+00:00` (never `Z`). A JS Date holds milliseconds, so this gives
 * `2026-11-23T07:28:03.123+00:00` or `2026-11-23T07:28:03+00:00`; the pipeline's own
 * clock usually gives 6 (macOS) or 9 (Linux) digits. All of them sort correctly as
 * text, because '+' sorts before '.' and before the digits. Years outside 0000-9999
 * are written with a sign and at least four digits, as chrono does.
 */
export function pipelineTimestamp(d: Date): string {
  const ms = d.getTime();
  if (!Number.isFinite(ms)) throw new RangeError("pipelineTimestamp: invalid Date");
  const year = d.getUTCFullYear();
  const yyyy =
    year >= 0 && year <= 9999 ? String(year).padStart(4, "0") : `${year < 0 ? "-" : "+"}${String(Math.abs(year)).padStart(4, "0")}`;
  const fraction = d.getUTCMilliseconds();
  return (
    `${yyyy}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}` +
    `T${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}` +
    (fraction === 0 ? "" : `.${String(fraction).padStart(3, "0")}`) +
    "+00:00"
  );
}

function two(n: number): string {
  return String(n).padStart(2, "0");
}

/**
 * The few-shot query the pipeline runs before every import and reclassify
 * (`get_few_shot_examples`), verbatim: the two newest examples (highest id) per
 * category, ordered by category. Tests run it on what budget-chat writes to prove
 * the pipeline can read it.
 */
export const PIPELINE_FEW_SHOT_QUERY = `SELECT merchant_pattern, raw_description, correct_merchant, correct_category FROM (
                SELECT merchant_pattern, raw_description, correct_merchant, correct_category,
                       ROW_NUMBER() OVER (PARTITION BY correct_category ORDER BY id DESC) AS rn
                FROM few_shot_examples
            ) WHERE rn <= 2 ORDER BY correct_category, rn`;

/** The merchant-cache lookup the pipeline runs for every imported row (`cache_lookup`), verbatim; one positional parameter, the key. */
export const PIPELINE_CACHE_LOOKUP_QUERY = "SELECT merchant_name, category, confidence, source FROM merchant_cache WHERE raw_key = ?";

/**
 * How the pipeline writes a cache entry (`cache_insert`): INSERT OR REPLACE, so an
 * existing entry is replaced whole and its `created_at` is reset too; `created_at`
 * and `updated_at` are the same timestamp. Parameters, in order: raw_key,
 * merchant_name, category, confidence, source, created_at, updated_at.
 */
export const PIPELINE_CACHE_UPSERT =
  "INSERT OR REPLACE INTO merchant_cache (raw_key, merchant_name, category, confidence, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)";

/**
 * How the pipeline writes a few-shot example (`insert_few_shot_example`): INSERT OR
 * REPLACE on the UNIQUE merchant_pattern, so an existing example for the key is
 * deleted and the new row gets a new, highest id (and becomes the newest for the
 * few-shot query). Parameters, in order: merchant_pattern (the merchant key),
 * raw_description, correct_merchant, correct_category, created_at.
 */
export const PIPELINE_FEW_SHOT_UPSERT =
  "INSERT OR REPLACE INTO few_shot_examples (merchant_pattern, raw_description, correct_merchant, correct_category, created_at) VALUES (?, ?, ?, ?, ?)";

/**
 * What a manual correction writes (`recategorise` and `review`): on the transactions
 * (`source`, `confidence`), and on the merchant_cache entry.
 */
export const PIPELINE_MANUAL = { source: "manual", confidence: 1.0 } as const;
