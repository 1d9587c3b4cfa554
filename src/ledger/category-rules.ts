/**
 * The user's category rules (SPEC §14) as budget.db keeps them, and how a rule meets a
 * transaction: one matcher for every place a rule is applied (an import's new rows,
 * `budget-chat classify`, a rule's test and apply, the quality check), so they cannot
 * disagree.
 *
 * `category_rules` is budget-chat's own table in budget.db (created when the first rule is
 * written; the pipeline ignores it). A rule gives a category (and optionally a merchant name)
 * to a transaction when ALL its conditions hold:
 *   - its pattern meets the text of `field` as `match` says, folded as search folds (SPEC §1:
 *     case, accents, ü = ue = u …); an empty pattern is no condition. Fields: `description`
 *     (raw_description), `counterparty` and `purpose` (transaction_details), `merchant`
 *     (merchant_name), `text` (any of the four);
 *   - the amount, as stored (money out negative), lies within [min_amount, max_amount] (either
 *     end open);
 *   - the account, when the rule names one, is the row's (spaces and letter case ignored).
 * Rules are tried by priority (higher first), then oldest first; the first that matches wins.
 * `hits` counts the rows a rule classified (at import, classify and apply).
 */
import type { Database } from "bun:sqlite";
import { foldText, SearchTerm, TEXT_MATCH_KINDS, type FoldedText, type TextMatchKind } from "../core/search-text.ts";

export const RULE_FIELDS = ["text", "description", "counterparty", "purpose", "merchant"] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export const RULE_MATCHES = TEXT_MATCH_KINDS;
export type RuleMatch = TextMatchKind;

/** The `source` a transaction gets from a user's rule. */
export const USER_RULE_SOURCE = "user_rule";
/** A rule is the user's own word: its rows are as certain as a hand-set one. */
export const USER_RULE_CONFIDENCE = 1.0;

export type CategoryRule = {
  id: number;
  field: RuleField;
  match: RuleMatch;
  /** Empty: no condition on the text. */
  pattern: string;
  minAmount: number | null;
  maxAmount: number | null;
  account: string | null;
  category: string;
  merchantName: string | null;
  priority: number;
  createdAt: string;
  createdBy: string;
  hits: number;
};

/** A rule's conditions and what it gives, without its bookkeeping (id, when, who, hits). */
export type RuleSpec = Pick<CategoryRule, "field" | "match" | "pattern" | "minAmount" | "maxAmount" | "account" | "category" | "merchantName" | "priority">;

// AUTOINCREMENT: a rule's id is never given to another rule after an undo removed it ("rule 3" in the recent changes is one rule).
export const CATEGORY_RULES_DDL = `CREATE TABLE IF NOT EXISTS category_rules (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  field TEXT NOT NULL,
  match TEXT NOT NULL,
  pattern TEXT NOT NULL,
  min_amount REAL,
  max_amount REAL,
  account TEXT,
  category TEXT NOT NULL,
  merchant_name TEXT,
  priority INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  hits INTEGER NOT NULL DEFAULT 0
)`;

/** The table's columns in the order of CATEGORY_RULES_DDL (a rule row as SQL reads and writes it). */
export const RULE_COLUMNS = ["id", "field", "match", "pattern", "min_amount", "max_amount", "account", "category", "merchant_name", "priority", "created_at", "created_by", "hits"] as const;

/** What a query of the rules table reads: `query(sql)` of a bun:sqlite connection or a BudgetDb's `all`. */
export type Reads = { all(sql: string): Record<string, unknown>[]; hasTable(name: string): boolean };

/** A bun:sqlite connection as `Reads`. */
export function readsOf(db: Database): Reads {
  return {
    all: (sql) => db.query(sql).all() as Record<string, unknown>[],
    hasTable: (name) => db.query("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(name) !== null,
  };
}

/** Every rule, in the order they are tried (priority, higher first; then oldest first); none when the table is absent. */
export function readRules(db: Reads): CategoryRule[] {
  if (!db.hasTable("category_rules")) return [];
  return db.all(`SELECT ${RULE_COLUMNS.join(", ")} FROM category_rules ORDER BY priority DESC, id`).map(ruleOf);
}

/** A row of category_rules as a rule (values an older or hand-edited row may lack read as "no condition"). */
export function ruleOf(r: Record<string, unknown>): CategoryRule {
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : null);
  return {
    id: Number(r.id),
    field: (RULE_FIELDS as readonly string[]).includes(String(r.field)) ? (r.field as RuleField) : "text",
    match: (RULE_MATCHES as readonly string[]).includes(String(r.match)) ? (r.match as RuleMatch) : "contains",
    pattern: typeof r.pattern === "string" ? r.pattern : "",
    minAmount: num(r.min_amount),
    maxAmount: num(r.max_amount),
    account: str(r.account),
    category: String(r.category ?? ""),
    merchantName: str(r.merchant_name),
    priority: num(r.priority) ?? 0,
    createdAt: String(r.created_at ?? ""),
    createdBy: String(r.created_by ?? ""),
    hits: num(r.hits) ?? 0,
  };
}

/** The order rules are tried in: priority (higher first), then the older (lower id) first. */
export function compareRules(a: Pick<CategoryRule, "priority" | "id">, b: Pick<CategoryRule, "priority" | "id">): number {
  return b.priority - a.priority || a.id - b.id;
}

/** An account as rules compare it: spaces and letter case do not matter (`CH93 0076 …` = `ch930076…`). */
export function normaliseAccount(account: string): string {
  return account.replace(/\s+/g, "").toUpperCase();
}

/** What a rule looks at in a transaction. NULL texts meet no pattern. */
export type RuleSubject = {
  description: string | null;
  counterparty: string | null;
  purpose: string | null;
  merchant: string | null;
  amount: number;
  account: string | null;
};

const FIELD_TEXTS: Record<RuleField, readonly (keyof RuleSubject)[]> = {
  text: ["description", "counterparty", "purpose", "merchant"],
  description: ["description"],
  counterparty: ["counterparty"],
  purpose: ["purpose"],
  merchant: ["merchant"],
};

/** Texts folded once (a statement repeats its descriptions a lot); bounded. */
const FOLD_CACHE_MAX = 200_000;

type CompiledRule = { rule: CategoryRule; term: SearchTerm | null; fields: readonly (keyof RuleSubject)[]; account: string | null };

/**
 * The rules of a database, ready to match many rows: the first rule (in the order they are
 * tried) whose every condition holds, or null.
 */
export class RuleSet {
  private readonly compiled: CompiledRule[];
  private readonly folds = new Map<string, FoldedText>();
  /** Texts some rule reads: the callers leave out what no rule needs (e.g. the merchant at import). */
  readonly reads: ReadonlySet<keyof RuleSubject>;
  /** Every field some rule's conditions look at (its texts, the amount, the account). */
  readonly looksAt: ReadonlySet<keyof RuleSubject>;

  constructor(rules: readonly CategoryRule[]) {
    this.compiled = [...rules].sort(compareRules).map((rule) => ({
      rule,
      term: rule.pattern.trim() === "" ? null : new SearchTerm(rule.pattern.trim()),
      fields: FIELD_TEXTS[rule.field],
      account: rule.account === null ? null : normaliseAccount(rule.account),
    }));
    this.reads = new Set(this.compiled.flatMap((c) => (c.term ? c.fields : [])));
    this.looksAt = new Set([
      ...this.reads,
      ...(this.compiled.some((c) => c.rule.minAmount !== null || c.rule.maxAmount !== null) ? (["amount"] as const) : []),
      ...(this.compiled.some((c) => c.account !== null) ? (["account"] as const) : []),
    ]);
  }

  get size(): number {
    return this.compiled.length;
  }

  get rules(): CategoryRule[] {
    return this.compiled.map((c) => c.rule);
  }

  /** The rule that gives this transaction its category, or null. */
  match(s: RuleSubject): CategoryRule | null {
    for (const c of this.compiled) if (this.holds(c, s)) return c.rule;
    return null;
  }

  private holds(c: CompiledRule, s: RuleSubject): boolean {
    const r = c.rule;
    if (r.minAmount !== null && !(s.amount >= r.minAmount)) return false;
    if (r.maxAmount !== null && !(s.amount <= r.maxAmount)) return false;
    if (c.account !== null && (s.account === null || normaliseAccount(s.account) !== c.account)) return false;
    if (!c.term) return true;
    for (const f of c.fields) {
      const text = s[f];
      if (typeof text === "string" && c.term.matchesFolded(this.fold(r.match === "contains" ? text : text.trim()), r.match)) return true;
    }
    return false;
  }

  private fold(text: string): FoldedText {
    let f = this.folds.get(text);
    if (!f) {
      f = foldText(text);
      if (this.folds.size >= FOLD_CACHE_MAX) this.folds.clear();
      this.folds.set(text, f);
    }
    return f;
  }
}

/** The rules of a database ready to match, or null when it has none (every caller then skips the step). */
export function ruleSetOf(db: Reads): RuleSet | null {
  const rules = readRules(db);
  return rules.length ? new RuleSet(rules) : null;
}

/** Count rows a rule classified (inside the write that stored them): hits += n per rule id. Returns how many rules it changed. */
export function addRuleHits(db: Database, hits: ReadonlyMap<number, number>): number {
  if (hits.size === 0) return 0;
  const add = db.prepare("UPDATE category_rules SET hits = max(0, hits + ?) WHERE id = ?");
  let changed = 0;
  for (const [id, n] of hits) if (n !== 0) changed += add.run(n, id).changes;
  return changed;
}

/**
 * The SELECT of every transaction with what rules look at (and its classification), for the
 * database's shape: `account` and transaction_details' counterparty and purpose read as NULL
 * where the database has none, `source` and `confidence` too. `where` narrows it (SQL on `t`).
 * `fields`: only these of what rules look at (RuleSet.looksAt), the rest NULL; `classification`
 * false leaves out the category, source, confidence, currency and date: matching a million rows
 * reads what the rules look at, not every column of every row.
 */
export function ruleSubjectsSql(db: Reads, where = "", opts: { fields?: ReadonlySet<keyof RuleSubject>; classification?: boolean } = {}): string {
  const cols = new Set(db.all("SELECT name FROM pragma_table_info('transactions')").map((r) => String(r.name)));
  const wanted = (f: keyof RuleSubject) => !opts.fields || opts.fields.has(f);
  const details = db.hasTable("transaction_details") && cols.has("transaction_id") && (wanted("counterparty") || wanted("purpose"));
  const col = (name: string, as: string, read = true) => `${read && cols.has(name) ? `t.${name}` : "NULL"} AS ${as}`;
  const fields = [
    "t.id AS id",
    col("raw_description", "description", wanted("description")),
    col("merchant_name", "merchant", wanted("merchant")),
    col("amount", "amount", wanted("amount")),
    col("account", "account", wanted("account")),
    `${details && wanted("counterparty") ? "d.counterparty" : "NULL"} AS counterparty`,
    `${details && wanted("purpose") ? "d.purpose" : "NULL"} AS purpose`,
    ...(opts.classification === false ? [] : [col("category", "category"), col("source", "source"), col("confidence", "confidence"), col("currency", "currency"), col("date", "date")]),
  ];
  return `SELECT ${fields.join(", ")} FROM transactions t ${details ? "LEFT JOIN transaction_details d ON d.transaction_id = t.transaction_id" : ""} ${where}`;
}

/** A row of ruleSubjectsSql. */
export type RuleSubjectRow = RuleSubject & {
  id: number;
  category: string | null;
  source: string | null;
  confidence: number | null;
  currency: string;
  date: string;
};

/** A row of ruleSubjectsSql as the matcher reads it (a text stored as a BLOB, or an amount as text, read as SQL would compare them). */
export function subjectOf(r: Record<string, unknown>): RuleSubjectRow {
  const text = (v: unknown) => (typeof v === "string" ? v : v instanceof Uint8Array ? new TextDecoder().decode(v) : v === null || v === undefined ? null : String(v));
  return {
    id: Number(r.id),
    description: text(r.description),
    counterparty: text(r.counterparty),
    purpose: text(r.purpose),
    merchant: text(r.merchant),
    amount: typeof r.amount === "number" ? r.amount : Number(r.amount),
    account: text(r.account),
    category: text(r.category),
    source: text(r.source),
    confidence: typeof r.confidence === "number" ? r.confidence : null,
    currency: text(r.currency) ?? "",
    date: text(r.date) ?? "",
  };
}
