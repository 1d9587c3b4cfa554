/**
 * What a figure is about (SPEC §11.1, the context check): the period, weekdays, category,
 * merchant or account, currency, rate ("a month", "a year") and direction ("up", "fell")
 * written next to it, in the same clause. The same reading serves both sides: a tool's
 * summary (what each of its figures is about) and the answer (what the model says each
 * figure is about), so "Dining CHF 10'779.45" reads alike in both.
 *
 * A figure takes, per dimension:
 * 1. a mention right after it, joined by a preposition or directly ("CHF 9'850.81 in 2024",
 *    "CHF 80.00 at Restaurant Krone on Saturday", "914 grocery shops");
 * 2. else the nearest mentions before it, after the figure before it ("Groceries
 *    CHF 18'109.55", "Coop and Migros together took CHF 11'408.95");
 * 3. else what the figure before it in the clause was said to be about by rule 2 or 3
 *    ("Tibits with CHF 989.35 over 41 visits, at CHF 62.35 a visit") — also by rule 1 when this
 *    figure tells more of that one ("CHF 18'382.95 in 2024 (931 payments)"); not its period when
 *    a word like "against" or "down from" sets this figure against it ("more than the first (…)");
 * 4. else the one value of that dimension the clause mentions and no figure took.
 * A category or a name is the figure's subject: said of one, it takes neither from elsewhere.
 * A cell of a markdown table takes its own cell's mentions, its column's header, its row's first cell.
 *
 * Names are the data's own (the vocabulary): a word is a merchant because the ledger has a
 * merchant of that name, never because it looks like one.
 */
import type { FigureSource } from "../core/figures.ts";
import { daysInMonth } from "../ledger/calendar.ts";
import { textsOf, type TextList } from "../ledger/ledger.ts";
import { UNCATEGORISED } from "../ledger/schema.ts";
import { allMatches } from "./read.ts";

/** The names a text may mention: the ledger's categories, merchants and accounts. */
/** Shaped like the ledger (src/ledger/ledger.ts), which is passed as it is: its lexicon is built once per ledger. */
export type Vocabulary = { categoryNames: readonly string[]; merchants: TextList; accounts: readonly string[] };

/** Inclusive yyyymmdd bounds. */
export type Span = { from: number; to: number };

export type Rate = "day" | "week" | "month" | "quarter" | "year";

/** What a figure is about. Absent: not said. Lists: any of these (a figure may be about several). */
export type FigureContext = {
  periods?: Span[];
  /** A month named without a year ("in March"): 1–12. */
  month?: number;
  /** Several months named together ("March, May and July together …"): what items picked from a list may be. */
  months?: number[];
  /** ISO weekdays, 0 = Monday ("Saturday", "the weekend", "Monday to Friday"). */
  weekdays?: number[];
  categories?: string[];
  /** Merchants, accounts and search terms, as the data (or the call) spells them. */
  names?: string[];
  currency?: string;
  per?: Rate;
  /** +1 written as an increase ("up", "+CHF 9'343.73", "10% more"), -1 as a decrease. */
  sign?: 1 | -1;
  /**
   * The side of zero a balance is said to be on: -1 "CHF 3'145.03 in the red", "a deficit of CHF …"; +1 "in the black",
   * "a surplus of …". An amount written so is a signed figure of that side (a net, a remaining budget), never of the other.
   */
  balance?: 1 | -1;
  /** Written as an average, a median, a net or the price now ("CHF 20.40 on average", "median CHF 16.03", "usual CHF 7.00", "net CHF 29'316.26", "you kept CHF 40'580.42", "now CHF 130.00"). */
  measure?: Measure;
  /** A rate written near it in its clause, not right beside it ("roughly 203 rows a month", "per month you put aside about CHF 3'057"): what a rounded average must be said to be. */
  perNear?: Rate;
  /** Written as an amount per item ("about CHF 69 each", "CHF 19.75 a visit"): an amount ÷ a count. */
  perItem?: true;
  /** Which side of its budget a remaining amount is ("CHF 80 over the limit", "CHF 52.80 left"). */
  budget?: "over" | "under" | "used";
  /** The family of things a count counts ("rows": transactions, payments, visits…; "series", "categories", "merchants", "accounts"). */
  unit?: string;
  /** What the clause says was done ("moved 65 transactions"): a change's outcome, not a look at the data. */
  action?: string;
  /** The names were written next to the figure (rules 1 and 2), not in an aside ("…, all Netflix, …"). */
  ownName?: true;
  /** Written as a change or a gap ("up", "less", "the difference", "between them"): what a comparison's change may be. */
  changeSaid?: true;
  /** Said to be a total of several things ("together", "in all", "between them", "came to", "added up to"): what a sum of items picked from a list must be. */
  total?: true;
  /** Every category, name and weekday the figure's clause mentions: what a sum, a difference or a ratio may be taken over. */
  subjects?: string[];
  /** A ratio said of how many ("3 times as many visits", "twice as often"): a ratio of counts, not of amounts, and the only one of counts. */
  ofCounts?: true;
  /** How many things its clause says the figure is of ("those three alone are 395 rows", "the top 5 came to …"). */
  items?: number;
  /** The things a total of `items` is of are changes one way ("those four decreases add up to …"): 1 rises, -1 falls. */
  itemsChange?: 1 | -1;
  /**
   * Its period or month was written as an end of a period ("until April", "since January", "to the end of October"), as
   * a day ("the first on 28 March") or in an aside ("(the trip in June)"): not a part of a longer period the figure is
   * said to be about (saidOfAPart).
   */
  bound?: true;
  /**
   * Written as money in ("income", "earned") or money out ("spent", "spending") by the words just before it in its clause:
   * a figure a result labels the other way (income_vs_spending's "spending", compare_periods' "income") is not its figure.
   */
  flow?: "in" | "out";
  /** Written as the whole spending ("your spending of CHF 18'043.87", "total spending came to …"): what the spending of all categories at once (EVERY_SPENDING_CATEGORY) may be said of, whatever categories its clause names. */
  wholeSpending?: true;
  /** The days the rows of a source's figure lie on, when the source states them ("10 transactions from 2025-01-05 to 2025-10-05"): inside its period, maybe narrower. */
  rowDays?: Span;
  /** Written as where a change went to ("fell to CHF 43.00", "from … to CHF 959.60") or came from ("from CHF 1'157.75"). */
  endpoint?: "from" | "to";
  /** That end was written with an arrow ("CHF 1'000.00 → CHF 1'084.85"): in the order its result shows the pair, not by time. */
  arrow?: true;
  /** The arrow's sentence says its months in time order ("… from July to August"): the pair is by time, whatever its result's order. */
  arrowInTime?: true;
  /** Of the second end of an arrow, the first end's sources: one end written twice is no pair ("CHF 160.00 → CHF 160.00"). */
  arrowFrom?: readonly FigureSource[];
};

/** The category of a figure of all spending categories at once (income_vs_spending's spending): no one category's. */
export const EVERY_SPENDING_CATEGORY = "all spending categories";

/** "current": the price now, which a series' usual (median) amount does not tell. */
export type Measure = "average" | "median" | "net" | "current";

type Dim = "period" | "month" | "weekday" | "category" | "name" | "currency";
/**
 * The years an answer's relative writings are about: "this year" (`thisYear`), "last year" (`lastYear`), and a quarter or a
 * range of months written without a year and with none before it in the paragraph (`unwritten`). Absent: not read.
 */
export type Years = { thisYear?: number; lastYear?: number; unwritten?: number };

/** `bound`: a period or month written as an end of a period or as a day ("end"), or in an aside ("aside") (FigureContext.bound). */
type Mention = { start: number; end: number; dim: Dim; period?: Span; value: string | number; days?: number[]; bound?: "end" | "aside" };

// ---------------------------------------------------------------------------------------
// The lexicon of names

/** `value`: the name as the data spells it; `account`: an account's name, not a merchant's. */
type Entry = { dim: "category" | "name"; value: string; capitalOnly?: boolean; account?: true };
/** `prefixes`: every run of leading words of a longer name ("kita" of "kita sonnenschein"), so a lookup stops as soon as no name goes on. */
export type Lexicon = {
  words: Map<string, Entry>;
  prefixes: Set<string>;
  maxWords: number;
  accounts: Set<string>;
  /** Whole texts looked up before (a table's cells repeat: merchants, categories). */
  seen: Map<string, Entry | null>;
  /**
   * Merchant names the data spells several ways that are one name here ("Migros", "MIGROS", "Migros "): by the name, its
   * stored spellings. The tools group merchants as stored, so a figure of one is of that spelling's rows only.
   */
  spellings: Map<string, string[]>;
};

/**
 * Folded for comparison: lower case, accents off, the umlaut spellings made one (ü = ue = u,
 * as search folds them, SPEC §1), a possessive 's dropped ("Coop’s" → "coop").
 */
export function foldName(s: string): string {
  // Plain ASCII words without an umlaut spelling (ae, oe, ue) fold to their lower case: decided by one scan, without
  // the cache (most words of a text are such; looking each up would cost more than the scan). So do words joined by
  // . & - and an apostrophe that is no possessive's ("18'109.55", "Dr.", "P2P-Zahlung"), which the rest leaves alone:
  // each figure of an answer is such a word, and each new one went through the whole folding and into the cache.
  let plain = true;
  let upper = false;
  let prev = 0;
  const n = s.length;
  for (let i = 0; i < n && plain; i++) {
    const c = s.charCodeAt(i) | 0;
    const lc = c >= 65 && c <= 90 ? c + 32 : c;
    if (lc !== c) upper = true;
    plain =
      (c >= 48 && c <= 57) || (lc >= 97 && lc <= 122) || c === 46 || c === 38 || c === 45 || ((c === 39 || c === 8217) && !(i === n - 2 && (s.charCodeAt(i + 1) | 32) === 115));
    if (lc === 101 && (prev === 97 || prev === 111 || prev === 117)) plain = false;
    prev = lc;
  }
  if (plain) return upper ? s.toLowerCase() : s;
  let f = folds.get(s);
  if (f !== undefined) return f;
  f = s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/(?<=[aou])e/g, "")
    .replace(/ß/g, "ss")
    .replace(/['’]s$/, "")
    .trim();
  if (folds.size > 50_000) folds.clear();
  folds.set(s, f);
  return f;
}
/** Folded words seen before (answers and summaries repeat their words). */
const folds = new Map<string, string>();

/** A word of a name: letters and digits, joined by . & ' ’ - ("Dr.", "P2P", "Coop’s"). */
type Token = { start: number; end: number; text: string };
const WORD_CHAR = /[\p{L}\p{N}]/u;
const isWordChar = (c: number, s: string, i: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c > 127 && WORD_CHAR.test(s[i]!));
/** A joiner of a name's words: . & ' ’ - (by its code: this runs after every word of every answer and summary). */
const isJoiner = (c: number) => c === 46 || c === 38 || c === 39 || c === 8217 || c === 45;

/** The words of `s` (scanned by hand: this runs over every answer and summary). */
function tokensOf(s: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = s.length;
  while (i < n) {
    if (!isWordChar(s.charCodeAt(i), s, i)) {
      i++;
      continue;
    }
    const start = i;
    while (i < n) {
      if (isWordChar(s.charCodeAt(i), s, i)) i++;
      else if (isJoiner(s.charCodeAt(i)) && i + 1 < n && isWordChar(s.charCodeAt(i + 1), s, i + 1)) i += 2;
      else break;
    }
    out.push({ start, end: i, text: s.slice(start, i) });
  }
  return out;
}
const keyOf = (s: string) =>
  tokensOf(s)
    .map((t) => foldName(t.text))
    .join(" ");

/** Category names that are also everyday words count only when written with a capital ("Other", not "the other shops"). */
const CAPITAL_ONLY = new Set(["other"]);
/** Words of merchant names that say what kind of place it is: the word after one stands for the whole name ("Hiltl"). */
const KIND_WORDS = new Set(["restaurant", "ristorante", "trattoria", "pizzeria", "cafe", "bar", "hotel", "shop", "store", "the"]);

const lexicons = new WeakMap<Vocabulary, Lexicon>();

/**
 * Other words for a category: a verb of what was done ("you invested CHF 6'030": not what money moved to own accounts
 * was), another spelling or a synonym the tools' own summaries use ("Unclassified money in (Uncategorised rows …)").
 */
const CATEGORY_WORDS: Record<string, string[]> = { investments: ["invested"], uncategorised: ["uncategorized", "unclassified"] };

/** The lexicon of a vocabulary (built once per vocabulary object). */
export function lexiconOf(v: Vocabulary): Lexicon {
  const cached = lexicons.get(v);
  if (cached) return cached;
  const words = new Map<string, Entry>();
  let maxWords = 1;
  const add = (key: string, e: Entry) => {
    if (!key || words.has(key)) return;
    words.set(key, e);
    maxWords = Math.max(maxWords, key.split(" ").length);
  };
  for (const c of v.categoryNames) {
    const k = keyOf(c);
    const e: Entry = { dim: "category", value: c, ...(CAPITAL_ONLY.has(k) ? { capitalOnly: true } : {}) };
    add(k, e);
    // "grocery shops", "fee", "subscription": the singular names the category too.
    if (k.endsWith("ies")) add(`${k.slice(0, -3)}y`, e);
    else if (k.endsWith("s") && k.length >= 4 && !k.endsWith("ss")) add(k.slice(0, -1), e);
    for (const word of CATEGORY_WORDS[k] ?? []) add(word, e);
  }
  // A long name's first distinctive word stands for it ("Livit" for "Livit AG", "Hiltl" for
  // "Restaurant Hiltl"), unless two names share it; later words are often places ("Zürich").
  const parts = new Map<string, Entry | null>();
  const names = [...textsOf(v.merchants).map((n) => ({ n, account: false })), ...v.accounts.map((n) => ({ n, account: true }))];
  const spellings = new Map<string, string[]>();
  for (const { n, account } of names) {
    const k = keyOf(n);
    if (k.length < 2) continue;
    const e: Entry = { dim: "name", value: n, ...(account ? { account: true as const } : {}) };
    const had = words.get(k);
    if (!account && had?.dim === "name" && !had.account && had.value !== n) spellings.set(had.value, [...(spellings.get(had.value) ?? [had.value]), n]);
    add(k, e);
    const toks = tokensOf(n);
    if (toks.length < 2) continue;
    const first = toks.find((t) => !KIND_WORDS.has(foldName(t.text)));
    if (!first) continue;
    const p = foldName(first.text);
    if (p.length < 4 || !/^\p{Lu}/u.test(first.text)) continue;
    parts.set(p, parts.has(p) && parts.get(p)?.value !== n ? null : e);
  }
  for (const [p, e] of parts) if (e) add(p, e);
  const prefixes = new Set<string>();
  for (const k of words.keys()) {
    const w = k.split(" ");
    for (let n = 1; n < w.length; n++) prefixes.add(w.slice(0, n).join(" "));
  }
  const lex = { words, prefixes, maxWords: Math.min(maxWords, 6), accounts: new Set(v.accounts), seen: new Map(), spellings };
  lexicons.set(v, lex);
  return lex;
}

/**
 * The merchant filter that opens the rows of a figure about `name` (SPEC §11.1 drill-down): the name, or where the data
 * spells it several ways, the spelling that is a whole line of `text` (a table row's cells, one a line), else the one
 * it writes last (the figure's own label or line: "VELO SHOP / 2025-05", "VELO SHOP first on …"). Undefined when the text writes none of them, or one the page cannot tell from another stored
 * spelling (the page ignores surrounding spaces: "Migros" and "Migros " open the same rows, which the tools count apart).
 */
export function merchantSpelling(lex: Lexicon, name: string, text: string | undefined): string | undefined {
  const all = lex.spellings.get(name);
  if (!all) return name;
  if (text === undefined) return undefined;
  // A table row's cell that is a spelling (its Merchant cell), not one inside another cell (a Description "VELO SHOP THUN").
  const cells = new Set(text.split("\n").map((c) => c.trim()));
  const whole = new Set(all.map((s) => s.trim()).filter((t) => cells.has(t)));
  let best = whole.size === 1 ? [...whole][0] : undefined;
  if (!whole.size) {
    let bestEnd = -1;
    for (const s of all) {
      const t = s.trim();
      const at = lastWordAt(text, t);
      if (at >= 0 && at + t.length > bestEnd) [best, bestEnd] = [t, at + t.length];
    }
  }
  return best !== undefined && all.filter((s) => s.trim() === best).length === 1 ? best : undefined;
}

/** Where `text` writes `word` last as whole words (not inside another word), or -1. */
function lastWordAt(text: string, word: string): number {
  for (let at = text.lastIndexOf(word); at >= 0; at = at ? text.lastIndexOf(word, at - 1) : -1) {
    const before = at > 0 ? text.charCodeAt(at - 1) : 32;
    const after = at + word.length < text.length ? text.charCodeAt(at + word.length) : 32;
    if (!isWordChar(before, text, at - 1) && !isWordChar(after, text, at + word.length)) return at;
  }
  return -1;
}

/** Whether a name is one of the data's accounts (not a merchant). */
export function isAccount(lex: Lexicon, name: string): boolean {
  return lex.accounts.has(name);
}

/** The merchant or account a text written in a tool call stands for ("kita" → "Kita Sonnenschein"), if any. */
export function nameOf(lex: Lexicon, text: string): string | undefined {
  const e = entryOf(lex, text);
  return e?.dim === "name" ? e.value : undefined;
}

/** The lexicon's entry for a whole text, remembered. */
function entryOf(lex: Lexicon, text: string): Entry | null {
  let e = lex.seen.get(text);
  if (e === undefined) {
    e = lex.words.get(keyOf(text)) ?? null;
    if (lex.seen.size > 50_000) lex.seen.clear();
    lex.seen.set(text, e);
  }
  return e;
}

/** The category a name written in a tool call stands for ("groceries" → "Groceries"), if any. */
export function categoryOf(lex: Lexicon, name: string): string | undefined {
  const e = entryOf(lex, name);
  return e?.dim === "category" ? e.value : undefined;
}

// ---------------------------------------------------------------------------------------
// Mentions

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
/** A month's name, or its abbreviation with its full stop ("Sept."): a full name's full stop ends a sentence. */
const MONTH_WORD = String.raw`(?:January|February|March|April|May|June|July|August|September|October|November|December|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?)`;
const DAY_WORD = String.raw`(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun)`;
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

const ISO_RANGE = /(?<!\d)(\d{4})-(\d{2})-(\d{2})\s*(?:to|…|–|until|-)\s*(\d{4})-(\d{2})-(\d{2})(?!\d)/g;
const ISO_DAY = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g;
/** A month, also in a file's name ("statement-2026-10.csv"), not inside a longer run of digits and dashes. */
const ISO_MONTH = /(?<!\d|\d-)(\d{4})-(\d{2})(?![\d-]\d)/g;
const DOTTED_DAY = /(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\d)/g;
/** "and" joins the two ends of a range only after "between" ("between January and June 2024"); else it lists two months. */
const RANGE_TO = String.raw`(?:to|–|-|until|through|(?<=\bbetween\s+[A-Za-z.]+\s+)and)`;
const MONTH_RANGE = new RegExp(String.raw`\b(${MONTH_WORD})\s+${RANGE_TO}\s+(${MONTH_WORD})\s+((?:19|20)\d{2})\b`, "gi");
/**
 * A year written right before a month ("In 2023 March was …"; with a comma after "in", "during" or "for": "In 2025, July
 * cost …"): that month of that year ("Compared with 2024, March rose" is this year's March). Capitals only ("2025 may" is a verb).
 */
const YEAR_MONTH = new RegExp(String.raw`\b((?:19|20)\d{2})(?:,(?<=\b(?:[Ii]n|[Dd]uring|[Ff]or)\s+\d{4},))?\s+(${MONTH_WORD})(?![\p{L}])`, "gu");
const MONTH_YEAR = new RegExp(String.raw`\b(?:(\d{1,2})\.?\s+)?(${MONTH_WORD})(?:\s+(\d{1,2})(?:st|nd|rd|th)?,?)?\s+((?:19|20)\d{2})\b`, "gi");
const MONTH_ALONE = new RegExp(String.raw`(?:(?<![\d.,'’])\b\d{1,2}(?:st|nd|rd|th)?\.?\s+)?\b(${MONTH_WORD})(?![\p{L}])(?:\s+\d{1,2}(?:st|nd|rd|th)?\b(?![.,'’]\d))?`, "gu");
/** A year, also possessive ("2024's total"), not a number's group ("2'024") nor its integer part ("2024.50"). */
const YEAR = /(?<![\d'’.,-])((?:19|20)\d{2})(?!\d|['’](?!s\b)|[.,]\d|-\d)/g;
/** A range of years written with a dash or a slash ("2024–2025", "2024 - 2025", "2024/25", "2024-25"): both years, not the one (rev-uqa6 #3). */
const YEAR_RANGE = /(?<![\d'’.,-])((?:19|20)\d{2})\s*[–—/-]\s*((?:19|20)?\d{2})(?!\d|['’]\d|[.,]\d|-\d)/g;
/**
 * A quarter or a half, with its year or without ("the second quarter", "Q3 2025", "H1", "the first half of 2025"); a
 * range of months without a year ("July to December"). Without a year it is the year written last before it in the
 * paragraph, else the turn's latest year ("this year"): answers name quarters of the year they are about.
 */
const PART_OF_YEAR = /\b(?:(first|second|third|fourth|last|1st|2nd|3rd|4th)\s+(quarter|half)|Q([1-4])|H([12]))(?:\s+(?:of\s+)?((?:19|20)\d{2}))?(?![\p{L}\p{N}])/giu;
const ORDINAL: Record<string, number> = { first: 1, "1st": 1, second: 2, "2nd": 2, third: 3, "3rd": 3, fourth: 4, "4th": 4, last: 4 };
const MONTH_RANGE_BARE = new RegExp(String.raw`\b(${MONTH_WORD})\s+${RANGE_TO}\s+(${MONTH_WORD})(?!\s+(?:of\s+)?(?:19|20)\d{2})(?![\p{L}])`, "gu");
/**
 * "Between January and June" joined by "and" in a sentence that speaks of a difference or a change ("the difference between
 * January and June 2024", "between January and June groceries rose 3%"): the two months compared, not a range.
 */
function twoCompared(text: string, m: RegExpMatchArray): boolean {
  if (!/\sand\s/i.test(m[0])) return false;
  const start = sentenceStart(text, m.index!);
  const rest = text.slice(m.index! + m[0].length).search(/[.!?]\s|\n/);
  const sentence = text.slice(start, rest < 0 ? undefined : m.index! + m[0].length + rest);
  return CHANGE_WORDS.test(sentence.replace(/\bbetween\b/gi, ""));
}

/** The year written last in `text` before `at`, else `fallback`. */
function yearBefore(text: string, at: number, fallback?: number): number | undefined {
  let year = fallback;
  for (const m of allMatches(YEAR, text.slice(0, at))) year = Number(m[1]);
  return year;
}
/** Words before a period that make it an end of a longer one ("until April", "since January", "to the end of October"). */
const BOUND_BEFORE = /\b(?:until|till|since|from|to|through|after|before|by|on|stops?|ends?|ended|start(?:s|ed)?|(?:the\s+)?(?:end|start|beginning)\s+of)\s+(?:the\s+)?(?:end\s+of\s+|start\s+of\s+)?$/i;
/** Inside a bracket that is still open ("**Euros (the Italy trip in June):** €580.00"): an aside, whatever follows it. */
const IN_ASIDE = /\([^()]*$/;
/** "this year": the latest year of the turn's own calls. */
const THIS_YEAR = /\bthis year\b/gi;
/** "last year", "last year's": the year before the one the turn is in (check.ts lastYearOf). */
const LAST_YEAR = /\blast year(?:['’]s)?(?![\p{L}])/giu;
const WEEKDAY_RANGE = new RegExp(String.raw`\b(${DAY_WORD})s?\s+(?:to|–|-|through|until)\s+(${DAY_WORD})s?\b`, "g");
const WEEKDAY = new RegExp(String.raw`\b(${DAY_WORD})(?:day)?s?\b`, "g");
const WEEK_PARTS = /\b(weekends?|weekdays|working days)\b/gi;
const CURRENCY_WORD = /\b(CHF|EUR|USD|GBP|francs?|euros?|dollars?)\b/gi;
const CURRENCY_OF: Record<string, string> = { franc: "CHF", francs: "CHF", euro: "EUR", euros: "EUR", dollar: "USD", dollars: "USD" };

const monthIndex = (w: string) => MONTHS.indexOf(w.slice(0, 3).toLowerCase()) + 1;
const dayIndex = (w: string) => WEEKDAYS.findIndex((d) => d.startsWith(w.toLowerCase().slice(0, 3)));
const span = (y: number, m1: number, m2 = m1): Span => ({ from: y * 10000 + m1 * 100 + 1, to: y * 10000 + m2 * 100 + daysInMonth(y, m2) });
const day = (y: number, m: number, d: number) => y * 10000 + m * 100 + d;
const validDay = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);

/** The names of `text` the lexicon knows: the longest run of words that is a name, left to right. */
function namesOf(text: string, lex: Lexicon): Mention[] {
  const out: Mention[] = [];
  const toks = tokensOf(text);
  const folded = toks.map((t) => foldName(t.text));
  for (let i = 0; i < toks.length; i++) {
    let key = "";
    let best: { n: number; e: Entry } | null = null;
    for (let n = 1; n <= lex.maxWords && i + n <= toks.length; n++) {
      key = n === 1 ? folded[i]! : `${key} ${folded[i + n - 1]}`;
      const e = lex.words.get(key);
      // Written as the data writes it: "Savings" is an account, "savings" a word.
      if (e && !((e.capitalOnly || (e.dim === "name" && /^\p{Lu}/u.test(e.value))) && !/^\p{Lu}/u.test(toks[i]!.text))) best = { n, e };
      if (!lex.prefixes.has(key)) break;
    }
    if (!best) continue;
    // A category's word in lower case right after a name is that name's thing, not the category ("the Kita Sonnenschein
    // fee", "the Kita fee"): the fee of a Children merchant is no Fees figure (tuning, r4s10, r4s11). Not the category's
    // own name: "Migros groceries" is said of Groceries (review of r4-leadfig: Dining's total passed as Migros's groceries).
    const before = out[out.length - 1];
    if (best.e.dim === "category" && before?.dim === "name" && !/^\p{Lu}/u.test(toks[i]!.text) && /^\s+$/.test(text.slice(before.end, toks[i]!.start)) && foldName(text.slice(toks[i]!.start, toks[i + best.n - 1]!.end)) !== foldName(best.e.value)) {
      i += best.n - 1;
      continue;
    }
    out.push({ start: toks[i]!.start, end: toks[i + best.n - 1]!.end, dim: best.e.dim, value: best.e.value });
    i += best.n - 1;
  }
  return out;
}

/**
 * The mentions of `text` outside the `masked` spans (the figures themselves), in order;
 * `names`: the names already found (they are read first: a name may hold digits, "Visa 4417").
 */
function mentionsOf(text: string, masked: readonly { start: number; end: number }[], names: Mention[], currencies = true, years: Years = {}): Mention[] {
  const { thisYear, lastYear, unwritten } = years;
  const out: Mention[] = [...names];
  /** Which characters a figure, a name or a mention already holds. */
  const taken = new Uint8Array(text.length + 1);
  const take = (s: number, e: number) => taken.fill(1, s, e);
  for (const m of masked) take(m.start, m.end);
  for (const m of names) take(m.start, m.end);
  const put = (m: Mention) => {
    for (let i = m.start; i < m.end; i++) if (taken[i]) return;
    take(m.start, m.end);
    if (m.dim === "period" || m.dim === "month") {
      if (BOUND_BEFORE.test(text.slice(Math.max(0, m.start - 24), m.start)) || (m.dim === "month" && /^\d/.test(text.slice(m.start, m.end)))) m.bound = "end";
      else if (IN_ASIDE.test(text.slice(Math.max(0, m.start - 40), m.start))) m.bound = "aside";
    }
    out.push(m);
  };
  const periods = (re: RegExp, f: (m: RegExpMatchArray) => Span | null) => {
    for (const m of allMatches(re, text)) {
      const p = f(m);
      if (p) put({ start: m.index!, end: m.index! + m[0].length, dim: "period", period: p, value: m[0] });
    }
  };
  // Each family of writings is looked for only where a cheap look finds its mark (this runs for every paragraph).
  const digits = /\d/.test(text);
  const iso = digits && /\d-\d/.test(text);
  const monthNames = /Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec/.test(text);
  if (iso) periods(ISO_RANGE, (m) => {
    const [y1, m1, d1, y2, m2, d2] = m.slice(1).map(Number) as [number, number, number, number, number, number];
    return validDay(y1, m1, d1) && validDay(y2, m2, d2) ? { from: day(y1, m1, d1), to: day(y2, m2, d2) } : null;
  });
  if (iso) periods(ISO_DAY, (m) => {
    const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
    return validDay(y, mo, d) ? { from: day(y, mo, d), to: day(y, mo, d) } : null;
  });
  if (iso) periods(ISO_MONTH, (m) => {
    const [y, mo] = m.slice(1).map(Number) as [number, number];
    return mo >= 1 && mo <= 12 ? span(y, mo) : null;
  });
  if (digits && /\d\.\d/.test(text)) periods(DOTTED_DAY, (m) => {
    const [d, mo, y] = m.slice(1).map(Number) as [number, number, number];
    return validDay(y, mo, d) ? { from: day(y, mo, d), to: day(y, mo, d) } : null;
  });
  if (digits && monthNames) periods(MONTH_RANGE, (m) => {
    if (twoCompared(text, m)) return null;
    const a = monthIndex(m[1]!);
    const b = monthIndex(m[2]!);
    return a && b && a <= b ? span(Number(m[3]), a, b) : null;
  });
  if (digits && monthNames) periods(MONTH_YEAR, (m) => {
    const mo = monthIndex(m[2]!);
    const y = Number(m[4]);
    const d = Number(m[1] ?? m[3] ?? 0);
    if (!mo) return null;
    return d && validDay(y, mo, d) ? { from: day(y, mo, d), to: day(y, mo, d) } : span(y, mo);
  });
  if (digits && monthNames) periods(YEAR_MONTH, (m) => {
    const mo = monthIndex(m[2]!);
    return mo ? span(Number(m[1]), mo) : null;
  });
  if (/quarter|half|\b[QH][1-4]\b/i.test(text)) periods(PART_OF_YEAR, (m) => {
    // "Last quarter" without "the" or a year is the one before now, not the fourth ("the last quarter of 2025").
    if (m[1]?.toLowerCase() === "last" && !m[5] && !/\bthe\s+$/i.test(text.slice(Math.max(0, m.index! - 4), m.index))) return null;
    const y = m[5] ? Number(m[5]) : yearBefore(text, m.index!, unwritten);
    if (!y) return null;
    const half = m[2]?.toLowerCase() === "half" || m[4] !== undefined;
    const n = m[3] ? Number(m[3]) : m[4] ? Number(m[4]) : half && m[1]!.toLowerCase() === "last" ? 2 : ORDINAL[m[1]!.toLowerCase()]!;
    if (half) return n <= 2 ? span(y, 6 * n - 5, 6 * n) : null;
    return span(y, 3 * n - 2, 3 * n);
  });
  if (monthNames) periods(MONTH_RANGE_BARE, (m) => {
    if (twoCompared(text, m)) return null;
    const a = monthIndex(m[1]!);
    const b = monthIndex(m[2]!);
    const y = yearBefore(text, m.index!, unwritten);
    return a && b && a < b && y ? span(y, a, b) : null;
  });
  if (monthNames) for (const m of allMatches(MONTH_ALONE, text)) {
    const w = m[1]!;
    // "May" is also a verb: not at a sentence's start, unless what follows says what the month did ("May was the peak").
    if (w === "May" && /(?:^|[.!?]\s+)$/.test(text.slice(Math.max(0, m.index! - 3), m.index)) && !MAY_THE_MONTH.test(text.slice(m.index! + 3, m.index! + 16))) continue;
    const mo = monthIndex(w);
    if (mo && /^\p{Lu}/u.test(w)) put({ start: m.index!, end: m.index! + m[0].length, dim: "month", value: mo });
  }
  if (digits) periods(YEAR_RANGE, (m) => {
    const y1 = Number(m[1]);
    const y2 = m[2]!.length === 2 ? Math.floor(y1 / 100) * 100 + Number(m[2]) : Number(m[2]);
    return y2 > y1 && y2 - y1 <= 10 ? { from: span(y1, 1).from, to: span(y2, 12).to } : null;
  });
  if (digits) periods(YEAR, (m) => span(Number(m[1]), 1, 12));
  if (thisYear && /\bthis year\b/i.test(text)) periods(THIS_YEAR, () => span(thisYear, 1, 12));
  if (lastYear && /\blast year/i.test(text)) periods(LAST_YEAR, () => span(lastYear, 1, 12));
  const weekdays = (start: number, end: number, days: number[]) => put({ start, end, dim: "weekday", value: days.join(","), days });
  const dayNames = /Mon|Tue|Wed|Thu|Fri|Sat|Sun/.test(text);
  if (dayNames) for (const m of allMatches(WEEKDAY_RANGE, text)) {
    const a = dayIndex(m[1]!);
    const b = dayIndex(m[2]!);
    if (a >= 0 && b >= a) weekdays(m.index!, m.index! + m[0].length, Array.from({ length: b - a + 1 }, (_, i) => a + i));
  }
  if (dayNames) for (const m of allMatches(WEEKDAY, text)) weekdays(m.index!, m.index! + m[0].length, [dayIndex(m[1]!)]);
  if (/week|working/i.test(text)) for (const m of allMatches(WEEK_PARTS, text)) weekdays(m.index!, m.index! + m[0].length, /^weekend/i.test(m[1]!) ? [5, 6] : [0, 1, 2, 3, 4]);
  if (currencies && /CHF|EUR|USD|GBP|franc|euro|dollar/i.test(text)) for (const m of allMatches(CURRENCY_WORD, text)) {
    const w = m[1]!;
    put({ start: m.index!, end: m.index! + w.length, dim: "currency", value: CURRENCY_OF[w.toLowerCase()] ?? w.toUpperCase() });
  }
  out.sort((a, b) => a.start - b.start);
  return monthsOfTheYearSaid(text, out);
}

/** After "May" opening a sentence, words that make it the month: "May was the peak", "May's bill", "May cost …". */
const MAY_THE_MONTH = /^(?:['’]s\b|\s+(?:was|is|had|has|cost|came|saw|brought|reached|rose|fell|dropped|ended|stood|peaked|went)\b)/;

/** A year the sentence is set in: "In 2025 groceries peaked in May", "During 2024, …" (not "Compared with 2024, March rose"). */
const YEAR_OPENER = /(?:^|[.!?:;]\s+|\n\s*(?:[-*]\s+)?|^\s*(?:[-*]\s+)?)(?:in|during|for|throughout|across)\s+$/i;

/**
 * A month named without its year in a sentence set in one year ("in 2025 groceries peaked in May at CHF 1'706.20") is that
 * month of that year: May 2025, not May 2026. Only a year that opens a sentence or a clause ("In 2025 …", "…; in 2025 …"),
 * for the months after it up to the sentence's end or another year: "Compared with 2024, March rose" is not March 2024.
 */
function monthsOfTheYearSaid(text: string, ms: Mention[]): Mention[] {
  let year: number | null = null;
  let sentenceEnd = -1;
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i]!;
    if (m.start > sentenceEnd && year !== null) year = null;
    const p = m.period;
    if (m.dim === "period" && p && p.from % 10000 === 101 && p.to % 10000 === 1231 && Math.floor(p.from / 10000) === Math.floor(p.to / 10000)) {
      const lead = text.slice(Math.max(0, m.start - 40), m.start);
      year = YEAR_OPENER.test(lead) ? Math.floor(p.from / 10000) : null;
      if (year !== null) {
        const end = /[.!?](?:\s|$)|\n/.exec(text.slice(m.end));
        sentenceEnd = end ? m.end + end.index : text.length;
      }
      continue;
    }
    if (m.dim === "month" && year !== null && m.start < sentenceEnd) {
      const mo = m.value as number;
      ms[i] = { ...m, dim: "period", period: span(year, mo), value: `${year}-${mo}` };
    }
  }
  return ms;
}

// ---------------------------------------------------------------------------------------
// Clauses and attachment

/** Where clauses end: a sentence's end, a semicolon, a line break, a dash between clauses. */
const CLAUSE_END = /[.!?](?=\s+[\p{Lu}\p{N}(*"“-]|\s*$)|;|\n|\s[—–]\s/gu;
/** Abbreviations whose full stop ends no sentence. */
const ABBREVIATION = /(?:^|[\s(])(?:Dr|Fr|SFr|St|Nr|No|ca|approx|vs|etc|e\.g|i\.e|Mio|avg|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)$/i;

/** A booking's noun between a figure and what it is of ("a CHF 312.45 settlement in April", "a late fee in July"). */
const BOOKING_NOUN = String.raw`settlement|refund|fee|late\s+fee|payment|charge|premium|bill|bonus|instalment|installment|withdrawal|reimbursement`;
/**
 * Filler between a figure and a mention that belongs to it: "CHF 9'850.81 in 2024", "CHF
 * 1'509.13 a month in 2025", "CHF 30.05 in Basel in October", "914 grocery shops", "196 (October)",
 * "CHF 288.08 still uncategorised", "CHF 399.18 are unclassified".
 */
const RIGHT_GLUE = new RegExp(
  String.raw`^\s*(?:(?:a|an|per|each|every|spent|paid|went|was|were|is|came|arrived|booked|charged|in total|total|altogether|overall|together|net|month|year|week|day|of it|of that|so far|only|just|alone|more|less|${BOOKING_NOUN})\s+){0,3}(?:(?:in|at)\s+\p{Lu}[\p{L}-]+\s+)?(?:on|for|at|in|during|to|with|by|of|under|as|until|till|since|from|through)\s+(?:the\s+|your\s+|my\s+|its\s+)?(?:(?:first|second|third|fourth|last)\s+(?:half|quarter|months?|weeks?)\s+of\s+)?$|^\s$|^\s\($|^\s+(?:(?:is|are|was|were|stayed|remains?|remained|still|yet)\s+){1,2}$`,
  "iu",
);
/** From a mention to the next figure: its possessive, then at most a rounding word ("April's CHF 738.95", "May’s about CHF 1.2k"). */
const POSSESSIVE_BEFORE_FIGURE = /^['’]s\s+(?:(?:about|roughly|around|nearly|almost|some|only|just)\s+)?$/i;
/** A booking's noun then what it is for or from ("a CHF 1'333.05 bill for February"): not when the figure was booked. */
const BOOKING_FOR = new RegExp(String.raw`\b(?:${BOOKING_NOUN})\s+(?:for|of|from|since|until|till|through)\s`, "i");
/** The longest filler RIGHT_GLUE can match (three words, a place, a preposition, an article, "first half of"). */
const MAX_GLUE = 90;
/** Words before a figure that set it against another: its period is not the one said before. */
const CONTRAST = /(?:\b(?:against|vs\.?|versus|compared (?:with|to)|from|after|before|instead of|than|while|whereas)|→)\s*(?:(?:only|just|about|roughly|some|around|nearly|almost)\s+)?$/i;
const BRACKETED = /^\s*\(\s*$/;
/** Words before a mention that make it what a figure is compared with. */
const COMPARED_WITH = /\b(?:than|against|versus|vs\.?|compared (?:with|to)|times|twice|as much as)\s+(?:in\s+|on\s+|at\s+|for\s+)?(?:the\s+)?$/i;
/**
 * A mention in the part of a clause set against what it is about, up to a comma: "more than November, and …", "close behind
 * September with …", "against 39 meals in May". What the figure is compared with is not what a later figure is about.
 */
const SET_AGAINST = /\b(?:than|against|versus|vs\.?|compared (?:with|to)|behind|ahead of|instead of)\b[^,;:()]*$/i;
/** From the figure before to this one, words that say this one tells more of it: "CHF 18'382.95 in 2024 (931 payments)", "CHF 26'880.00 in 2025: 12 payments", "CHF 5'442.00 in 2025 in 48 payments", "334 times in 2024 for a total of CHF 6'775.70". */
const ELABORATES = /^[^()]*?(?:\(\s*|:\s*|\b(?:in|over|across|from|with|for a total of|totalling|totaling|i\.e\.|that is|or)\s+(?:(?:about|roughly|around|nearly|almost|some|only|just)\s+)?)$/i;
/** From the figure before to this one, a comparison that sets this one against it: "more than the first (", "than in 2024: ". */
const CONTRASTED_PART = /\b(?:than|against|versus|vs\.?|compared (?:with|to)|instead of)\b[^,;]*$/i;
/** What may stand between a mention and the figure it is that figure's own, though set against another: "than November's CHF 661.90", "than May (CHF 990.30)". */
const OWN_BEFORE_FIGURE = /^(?:['’]s)?\s*\(?\s*(?:(?:about|roughly|around|nearly|almost|only|just)\s+)?$/i;
/** An aside naming what a figure before consists of: "CHF 244.80, all Netflix, CHF 20.40 a month". */
const ASIDE = /\b(?:all|only|mostly|entirely)\s+$/i;
/** Mentions of one dimension joined into a set: "Coop and Migros", "Housing, Children and Other". */
const JOINED = /^\s*(?:,|and|&|or|\+|,\s*and)\s*$/i;
/** A booking quoted as its merchant and its text ('"Helsana · Prämie KVG Alex Muster 12.2025"'): a name in the text (the insured person) goes with the merchant. */
const BOOKING_TEXT = /^ · [^"·]*$/;

const RATE_AFTER = /^\s*(?:(?:a|per|each|every|\/)\s*(month|year|week|day|quarter)\b|(monthly|yearly|annually|weekly|daily|quarterly)\b)/i;
const RATE_BEFORE = /(?:\b(monthly|yearly|annual|annually|weekly|daily|quarterly)(?:\s+(?:cost|costs|total|amount|fee|price|bill))?:?|\bper\s+(month|year|week|day|quarter))\s*\(?\s*$/i;
/** A rate a few words after a figure ("203 rows a month", "CHF 2'950 saved per month", "CHF 14'700 in an average month") or before it in its clause ("Per month you put aside …"). */
const RATE_NEAR_AFTER = /^\s*(?:[\p{L}]+\s+){0,3}?(?:(?:a|an|per|each|every)\s+(?:average\s+|typical\s+|normal\s+)?(month|year|week|day|quarter)\b|(monthly|yearly|annually|weekly|daily|quarterly)\b)/iu;
/** Two figures sharing the rate written after the second: " and EUR 9.20 a day", " or CHF 61 a week". */
const SHARED_RATE = /^\s+(?:and|or)\s+(?:about\s+|around\s+|roughly\s+)?(?:(?:CHF|EUR|USD|GBP|Fr\.)\s?|[€$£])?\d[\d'’.,]*(?:\s?(?:CHF|EUR|USD|GBP))?\s+(?:a|an|per|each|every)\s+(month|year|week|day|quarter)\b/i;
const RATE_NEAR_BEFORE = /(?:\b(?:per|a|each|every)\s+(month|week|day|quarter)\b|\b(monthly|weekly|daily|quarterly)\b)[^;]*$/i;
const RATES: Record<string, Rate> = { month: "month", monthly: "month", year: "year", yearly: "year", annual: "year", annually: "year", week: "week", weekly: "week", day: "day", daily: "day", quarter: "quarter", quarterly: "quarter" };
/** A rate a chart's title, a column's header or a row's cell gives all its values ("yearly cost", "money out per month", "monthly"). */
const RATE_IN = /\b(?:(monthly|yearly|annual|annually|weekly|daily|quarterly)|(?:a|per|each|every)\s+(month|year|week|day|quarter))\b/i;

const MEASURE_BEFORE = /\b(average|avg|mean|median|usual|net|kept|saved|now|currently)(?:\s+(?:of|is|was|were|payment|bill|amount|that is|this is|it is))?\s*:?\s*\(?\s*$/i;
/** A measure a column's header or a chart's title gives all its values ("Usual amount", "Average", "Current amount"). */
const MEASURE_IN = /^\s*(usual|median|average|avg|mean|current)\b/i;
const MEASURE_AFTER = /^\s*(?:[\p{L}]+\s+){0,3}?on average\b/iu;
const MEASURES: Record<string, Measure> = { average: "average", avg: "average", mean: "average", median: "median", usual: "median", net: "net", kept: "net", saved: "net", now: "current", currently: "current", current: "current" };

const RATE_WORDS = /month|year|week|\bday|daily|annual|quarter/;
const MEASURE_WORDS = /average|\bavg|\bmean\b|median|usual|\bnet\b|\bkept\b|\bsaved\b|\bnow\b|currently|\bleft\b|\bleav|balance|in the red|in the black|surplus|deficit/;
/** What is left of an income after spending, in other words: "July left CHF 3'525.70", "on balance CHF …", "CHF 659.52 in the red". */
/** Words that put an amount below zero ("CHF 3'145.03 in the red", "in the red by CHF …", "a deficit of …") or above it. */
const RED_AFTER = /^\s+(?:in the red|(?:of\s+)?deficit)\b/i;
const RED_BEFORE = /\b(?:in the red by|a deficit of|a shortfall of)\s+$/i;
const BLACK_AFTER = /^\s+(?:in the black|(?:of\s+)?surplus)\b/i;
const BLACK_BEFORE = /\b(?:in the black by|a surplus of)\s+$/i;
/** Words that say a figure is a total of several things, in its clause before it or right after it. */
const TOTAL_WORDS = /together|combined|in all|in total|between them|add(?:s|ed)? up|came to|come to|comes to|total|sum/;
const TOTAL_BEFORE = /\b(?:together|combined|in all|in total|between them|add(?:s|ed)? up|came to|come to|comes to|totall?(?:ed|ing|s)?|sum(?:s|med)?)\b/i;
const TOTAL_AFTER = /^\s*(?:together|combined|in all|in total|between them|all told)\b/i;
const NET_BEFORE = /\b(?:left|leaves|leaving|on balance|a surplus of|a deficit of)\s+$/i;
const NET_AFTER = /^\s+(?:in the (?:red|black)|on balance|(?:of\s+)?(?:surplus|deficit))\b/i;
/** Words that say a figure is a change or a gap between two ("the difference", "a gap of", "between them"), besides up/down. */
const CHANGE_WORDS = /\b(?:difference|differ|gap|chang|swing|between|apart|more|less|up\b|down\b|rose|rise|rising|risen|fell|fall|grew|grow|dropped|drop|increase|decrease|higher|lower|cheaper|dearer|jump|climb|gain|lost|cut\b|shr[iau]nk|doubled|tripled|halved)/i;
const DIRECTION_WORDS = /\b(?:up|rose|risen|grew|grown|increase|gained|jumped|climbed|higher|down|fell|fallen|dropped|decrease|declined|lost|shrank|sank|lower|cut|more|less|cheaper|larger|bigger|greater|dearer|smaller|fewer)/;

/** Verbs of a change made (an approval's outcome and the answer reporting it). */
const ACTION_WORDS = String.raw`moved|recategori[sz]ed|refiled|filed|changed|created|removed|deleted|renamed|merged|undone|applied`;
const ACTION = new RegExp(String.raw`\b(${ACTION_WORDS})\b`, "i");
const ACTION_ALL = new RegExp(ACTION.source, "gi");
/** A verb of its own right after a figure ("CHF 1'215.00 invested", "… were moved"): a money verb or an action. */
const OWN_VERB_AFTER = new RegExp(String.raw`^\s*(?:(?:was|were|is|are|got|been)\s+)?(?:invested|spent|paid|saved|earned|received|kept|${ACTION_WORDS})\b`, "i");
/** A verb of spending or saving after the action's figure: the next figure is what that verb says ("… and invested CHF 4'128.00"). */
const OTHER_VERB = /\b(?:invested|spent|paid|saved|earned|received|kept|cost|costs|came to|went to)\b/i;

const UP = /\b(?<!\b(?:make|makes|made|making|add|adds|added|adding|sum|sums|summed|came|comes|come|end|ends|ended|ending)\s)(?:up|rose|risen|grew|grown|increased|gained|jumped|climbed|higher)(?:\s+by)?(?:\s+(?:about|roughly|around|almost|nearly|some|over|just))?\s*$/i;
const DOWN = /\b(?:down|fell|fallen|dropped|decreased|declined|lost|shrank|sank|lower|cut)(?:\s+by)?(?:\s+(?:about|roughly|around|almost|nearly|some|over|just))?\s*$/i;
const UP_AFTER = /^\s+(?:more|higher|up|larger|bigger|greater|dearer)\b/i;
const DOWN_AFTER = /^\s+(?:less|lower|down|cheaper|smaller|fewer)\b/i;

/** An amount per item right after a figure: "each", "apiece", "a visit", "per payment" (not a rate: "a month"). */
/** An amount a count of things is "of" or "at" is each one's: "9 payments of about CHF 2'089", "45 visits at CHF 23.30". */
const COUNT_OF_BEFORE = /(?<![\d.,'’])\d{1,4}\s+\p{L}+(?:\s+\p{L}+)?\s+(?:of|at)\s+(?:about|around|roughly|some|~)?\s*$/iu;
const PER_ITEM_AFTER = /^\s*(?:each|apiece|(?:a|an|per)\s+(\p{L}+))\b/iu;
/** Which side of a budget a remaining amount is, right after it: "over (the) budget/limit", "over," / "left", "to spare", "under budget". */
const BUDGET_WORDS_ANYWHERE = /over|above|left|spare|remaining|under|below|short/;
const BUDGET_WORDS = /^\s+(?:over|above|left|to spare|remaining|under|below|short)\b/i;
const OVER_BUDGET_AFTER = /^\s+(?:(?:over|above)(?:\s+(?:the\s+|its\s+|their\s+|your\s+)?(?:budget|limit|plan)|\s*[,;.)]|\s+(?:for|in)\b|\s*$))/i;
const UNDER_BUDGET_AFTER = /^\s+(?:(?:left|to spare|remaining|(?:under|below)\s+(?:the\s+|its\s+|their\s+|your\s+)?(?:budget|limit|plan))\b|(?:under|below)\s*(?:[,;.)]|$))/i;

/** Families of things a count counts: a count of one family is not a count of another ("6 premiums" is not "6 series"). */
const UNITS: Record<string, string> = Object.fromEntries([
  ...["transaction", "transactions", "tx", "payment", "payments", "row", "rows", "purchase", "purchases", "visit", "visits", "meal", "meals", "bill", "bills", "premium", "premiums", "ticket", "tickets", "trip", "trips", "booking", "bookings", "order", "orders", "instalment", "instalments", "installment", "installments", "match", "matches", "charge", "charges", "refund", "refunds", "stay", "stays", "flight", "flights"].map((w) => [w, "rows"]),
  ...["series"].map((w) => [w, "series"]),
  ...["category", "categories"].map((w) => [w, "categories"]),
  ...["merchant", "merchants", "payee", "payees"].map((w) => [w, "merchants"]),
  ...["account", "accounts"].map((w) => [w, "accounts"]),
]);

/** How many things a clause says a figure is of: "those three", "the top 5", "these six payments", "all four", "both". */
const ITEMS_BEFORE = /\b(?:(?:those|these|the|top|first|last|all)\s+(?:top\s+)?((?:two|three|four|five|six|seven|eight|nine|ten)\b|\d{1,2}\b(?![\d'’.,]))|(both))/i;
/** Where the sentence holding `at` starts. */
const sentenceStart = (text: string, at: number) =>
  Math.max(text.lastIndexOf(". ", at) + 1, text.lastIndexOf("! ", at) + 1, text.lastIndexOf("? ", at) + 1, text.lastIndexOf("\n", at) + 1);

/** Items a clause says are changes one way: "those three increases", "the four biggest drops". */
const ITEMS_UP = /\b(?:increases|rises|jumps|gains|climbs)\b/i;
const ITEMS_DOWN = /\b(?:decreases|drops|falls|declines|cuts|savings)\b/i;
const ITEM_NUMBERS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** After a ratio, words that say it compares how many: "as many", "as often", "more often", "more visits". */
const OF_COUNTS_AFTER = /^\s+(?:as\s+many|as\s+often|more\s+often|(?:more|fewer)\s+(?:\p{L}+\s+)?(?:transactions|payments|visits|purchases|rows|trips|meals|bookings|orders))\b/iu;

/** After a count, its things and a name or place in its clause: "460 payments at Coop", "227 earlier payments to Migros". */
const NAMED_AFTER_COUNT = /^\s+(?:[\p{L}-]+\s+){1,3}(?:at|to|from|with|for|in|on|by)\s+\p{Lu}/u;
/** Words that make payments a recurring series. */
const REGULAR = /^(?:regular|recurring|standing|repeating)$/i;
/** Words after "regular payments" in their clause that say which of them: the active or the ended ones. */
const ACTIVE_OR_ENDED = /^[^\d,;.:()\n]*\b(?:active|ended|stopped|cancell?ed|running|inactive|lapsed)\b/i;
/** The family of "regular payments": series or their rows (unitsAgree). */
const RECURRING = "recurring";
/** Whether two count families agree: the same, or "regular payments" beside series or rows. */
export const unitsAgree = (a: string, b: string) => a === b || (a === RECURRING && (b === "series" || b === "rows")) || (b === RECURRING && (a === "series" || a === "rows"));

/** The family a count counts: the first of the (up to three) words right after it that names one ("127 unusually large payments"). */
export function unitAfter(after: string): string | undefined {
  const m = /^\s+(\p{L}+)(?:[ -](\p{L}+))?(?:[ -](\p{L}+))?/u.exec(after);
  if (!m) return undefined;
  // "13 regular payments", "5 recurring payments", "4 standing orders": the series of a recurring_payments result ("13
  // series") or the rows that came at their usual amount (unusual_transactions' "122 … expected"): either family.
  // Not when its clause says which of them ("6 regular payments are still active"): the series count includes ended ones,
  // so such a count is read as before (a count of payments), as the "N active" it is said to be.
  if (REGULAR.test(m[1]!) && m[2] && /^(?:payments|orders|debits|charges)$/i.test(m[2]) && !ACTIVE_OR_ENDED.test(after.slice(m[0].length))) return RECURRING;
  for (const w of [m[1], m[2], m[3]]) {
    if (!w) break;
    const u = UNITS[w.toLowerCase()];
    if (u) return u;
  }
  return undefined;
}

/**
 * What a count of a table column or a summary label counts, as the unit families above: a count of months, weeks or
 * days ("activity" is the months with payments, "Days since last"), else the family its words name ("Transactions",
 * "Merchants"). A count said of other things is not it: "11 payments" is no "(activity in 11)", "3 merchants" no row's
 * "Transactions 3". The same on both sides: a tool's table column (collect.ts) and an answer table's (table.ts).
 */
export function unitOfLabel(label: string): string | undefined {
  if (/^activity$/i.test(label)) return "months";
  const time = /\b(month|week|day)s?\b/i.exec(label);
  if (time) return `${time[1]!.toLowerCase()}s`;
  return unitAfter(` ${label}`);
}

/** A count of months, weeks or days: it counts no rows. */
export const isCountOfTime = (unit: string | undefined) => unit === "months" || unit === "weeks" || unit === "days";

/** A figure or a cell; a figure read from an answer table's cell carries the unit its column header names. */
type Target = { start: number; end: number; unit?: string };

/** Clause boundaries of `text` (offsets where a clause ends), none inside a figure. */
function clauseEnds(text: string, figures: readonly Target[]): number[] {
  const ends: number[] = [];
  let fi = 0;
  for (const m of allMatches(CLAUSE_END, text)) {
    const at = m.index!;
    while (fi < figures.length && figures[fi]!.end <= at) fi++;
    if (fi < figures.length && figures[fi]!.start <= at) continue;
    if (m[0] === "." && ABBREVIATION.test(text.slice(Math.max(0, at - 8), at))) continue;
    // A dash after a label with no figure of its own ("3. **Tibits** — CHF 1'246.70") joins the label to what follows.
    if (m[0].trim() !== "" && /[—–]/.test(m[0]) && !(fi > 0 && figures[fi - 1]!.end > (ends.at(-1) ?? 0))) continue;
    ends.push(at);
  }
  ends.push(text.length);
  return ends;
}

/** A markdown table row's cells (offsets), or null when the line is no table row. */
export function tableCells(text: string, lineStart: number, lineEnd: number): Target[] | null {
  const line = text.slice(lineStart, lineEnd);
  if (!/^\s*\|.*\|\s*$/.test(line)) return null;
  const cells: Target[] = [];
  let at = line.indexOf("|") + 1;
  while (true) {
    const next = line.indexOf("|", at);
    if (next < 0) break;
    cells.push({ start: lineStart + at, end: lineStart + next });
    at = next + 1;
  }
  return cells;
}

const DIMS: Dim[] = ["period", "month", "weekday", "category", "name", "currency"];

/** Sets a dimension from mentions of it (several for "Coop and Migros"). */
function setDim(ctx: FigureContext, ms: Mention[]): void {
  const m = ms[0]!;
  switch (m.dim) {
    case "period":
      ctx.periods = ms.map((x) => x.period!);
      if (ms.every((x) => x.bound)) ctx.bound = true;
      break;
    case "month":
      if (ms.every((x) => x.bound)) ctx.bound = true;
      // Several months ("March, September and December together …") are no one month's: the figure is not said of March.
      if (ms.every((x) => x.value === m.value)) ctx.month = m.value as number;
      else ctx.months = [...new Set(ms.map((x) => x.value as number))];
      break;
    case "weekday":
      ctx.weekdays = [...new Set(ms.flatMap((x) => x.days!))];
      break;
    case "category":
      ctx.categories = [...new Set(ms.map((x) => x.value as string))];
      break;
    case "name":
      ctx.names = [...new Set(ms.map((x) => x.value as string))];
      break;
    case "currency":
      ctx.currency = m.value as string;
      break;
  }
}

/** The dimension a mention fills ("month" and "period" are one: a month with or without its year). */
const slot = (d: Dim): Dim => (d === "month" ? "period" : d);
/** Categories and names are one subject: a figure said to be about a merchant takes no category from elsewhere. */
const isSubject = (d: Dim) => d === "category" || d === "name";

/** What a figure said to be about (by rules 2–4) hands to the next one in its clause. */
function handed(c: FigureContext, d: Dim): FigureContext | null {
  switch (d) {
    case "period":
    case "month":
      return c.periods ? { periods: c.periods, ...(c.bound ? { bound: c.bound } : {}) } : c.month ? { month: c.month, ...(c.bound ? { bound: c.bound } : {}) } : null;
    case "weekday":
      return c.weekdays ? { weekdays: c.weekdays } : null;
    case "category":
      return c.categories ? { categories: c.categories } : null;
    case "name":
      return c.names ? { names: c.names } : null;
    case "currency":
      return c.currency ? { currency: c.currency } : null;
  }
}

/** The categories, names and weekdays mentions name (a weekday as its number). */
function subjectsOf(ms: Mention[]): string[] {
  return [...new Set(ms.flatMap((m) => (isSubject(m.dim) ? [String(m.value)] : m.dim === "weekday" ? m.days!.map(String) : [])))];
}

/** The figures of a text read together with what each is about; numbers that are part of a name ("Visa 4417") are no figures. */
/**
 * `answer`: the text is a model's answer, whose writer may name things the data has no name for
 * ("the tax office", "other costs"): such a subject is none of the clause's. A tool's summary
 * names things by the data's names only. `years`: what "this year" and "last year" are about, and the year of a quarter or
 * a range of months written without one (Years).
 */
export function readInContext<F extends Target>(text: string, read: readonly F[], lex: Lexicon, opts: { answer?: boolean; years?: Years } = {}): { figures: F[]; contexts: FigureContext[] } {
  // A text with no figure (prose, or only dates and years) has no context to read: its names and mentions are not looked
  // for. Most paragraphs of an answer are such, and each is checked as it ends (a prose paragraph: ~12 µs → ~1 µs).
  if (!read.length) return { figures: [], contexts: [] };
  const names = opts.answer ? withAliases(text, namesOf(text, lex)) : namesOf(text, lex);
  const figures = read.filter((f) => !names.some((n) => f.start >= n.start && f.end <= n.end && n.end - n.start > f.end - f.start));
  return { figures, contexts: contextsOf(text, figures, names, opts.answer ?? false, opts.years) };
}

/** The context of each figure of `text` (same order as `figures`), from the mentions around it. */
const tableRow = /^\s*\|/;

/** Words that deny what follows them: "counted neither as spending nor as income", "isn't counted as income", "none in 2024". */
const NEGATED = /\b(?:neither|nor|not|no|none|nothing|never|\w+n['’]t)(?:\s+(?:counted\s+)?(?:as|in|for|during))?\s+$/i;

/** A white space character as \s reads it. */
const isSpace = (c: number) => (c >= 9 && c <= 13) || c === 32 || c === 160 || c === 5760 || (c >= 8192 && c <= 8202) || c === 8232 || c === 8233 || c === 8239 || c === 8287 || c === 12288 || c === 65279;

/**
 * Whether `before` may end as COUNT_OF_BEFORE needs (its last word before the spaces "of", "at", "about", "around",
 * "roughly", "some" or "~"): a look at one character before the expression, which runs for every figure.
 */
function endsLikeCountOf(before: string): boolean {
  let i = before.length - 1;
  while (i >= 0 && isSpace(before.charCodeAt(i))) i--;
  if (i < 0) return false;
  const c = before.charCodeAt(i) | 32;
  return c === 102 || c === 116 || c === 100 || c === 121 || c === 101 || c === 126;
}

/** What NEGATED needs somewhere in the text (without its word boundary, which a cut of the text may make up). */
const MAY_NEGATE = /(?:neither|nor|not|no|none|nothing|never|n['’]t)\s/i;

function contextsOf(text: string, figures: readonly Target[], names: Mention[], answer: boolean, years?: Years): FigureContext[] {
  // A mention denied is no mention: "(…, counted neither as spending nor as income): CHF 670.58" is not about Income.
  const all = mentionsOf(text, figures, names, true, years);
  const mentions = MAY_NEGATE.test(text) ? all.filter((m) => !NEGATED.test(text.slice(Math.max(0, m.start - 30), m.start))) : all;
  const actions = ACTION.test(text);
  const out: FigureContext[] = figures.map(() => ({}));
  if (!figures.length) return out;
  let header: Target[] | null = null;
  let clauseStart = 0;
  let fi = 0;
  let mi = 0;
  for (const end of clauseEnds(text, figures)) {
    const inClause: number[] = [];
    while (fi < figures.length && figures[fi]!.start < end) inClause.push(fi++);
    // The clause's mentions: the sorted mentions from where the last clause's stopped.
    while (mi < mentions.length && mentions[mi]!.start < clauseStart) mi++;
    let me = mi;
    while (me < mentions.length && mentions[me]!.end <= end) me++;
    if (!inClause.length && !tableRow.test(text.slice(clauseStart, Math.min(end, clauseStart + 8)))) {
      header = null;
      clauseStart = end + 1;
      continue;
    }
    const cells = tableCells(text, clauseStart, end);
    if (cells) {
      // A table's first row is its header: its cells name what the columns below hold.
      if (!header) header = cells;
      else if (!/^[\s|:-]+$/.test(text.slice(clauseStart, end))) attachRow(text, figures, inClause, mentions, cells, header, out);
    } else {
      header = null;
      if (inClause.length) attach(text, figures, inClause, mentions.slice(mi, me), clauseStart, end, out, answer);
    }
    clauseStart = end + 1;
  }
  // Each family of words below is looked for near a figure only when the text has one of them at all (this runs for every figure).
  const lower = text.toLowerCase();
  const rates = RATE_WORDS.test(lower);
  const measures = MEASURE_WORDS.test(lower);
  const directions = DIRECTION_WORDS.test(lower);
  const budgets = BUDGET_WORDS_ANYWHERE.test(lower);
  const changes = answer && CHANGE_WORDS.test(text);
  const totals = answer && TOTAL_WORDS.test(lower);
  /** Whether a period or month is set off by a comma at all (what opens a sentence, "In April, …"). */
  const openers = answer && mentions.some((m) => (m.dim === "period" || m.dim === "month") && text.charCodeAt(m.end) === 44);
  figures.forEach((f, i) => {
    const before = text.slice(Math.max(0, f.start - 40), f.start);
    const after = text.slice(f.end, f.end + 24);
    const near = rates || measures || directions ? `${before} ${after}`.toLowerCase() : "";
    /** The figure's clause before it, cut once (up to five of the looks below read it). */
    let cut: string | undefined;
    const ownClause = () => (cut ??= clauseBefore(text, f.start));
    if (rates && RATE_WORDS.test(near)) {
      const rate = RATE_AFTER.exec(after) ?? RATE_BEFORE.exec(before);
      if (rate) out[i]!.per = RATES[(rate[1] ?? rate[2])!.toLowerCase()];
    }
    if (rates && !out[i]!.per && (after.startsWith(" and ") || after.startsWith(" or "))) {
      // "about CHF 150.67 and EUR 9.20 a day": the rate after the second of two figures is the first's too.
      const shared = SHARED_RATE.exec(text.slice(f.end, f.end + 48));
      if (shared) out[i]!.per = RATES[shared[1]!.toLowerCase()];
    }
    if (rates && !out[i]!.per) {
      const near = RATE_WORDS.test(after) ? RATE_NEAR_AFTER.exec(after) : null;
      const clause = near ? "" : ownClause();
      const rate = near ?? (RATE_WORDS.test(clause) ? RATE_NEAR_BEFORE.exec(clause) : null);
      if (rate) out[i]!.perNear = RATES[(rate[1] ?? rate[2])!.toLowerCase()];
    }
    const c = after.charCodeAt(0) === 32 ? after.charCodeAt(1) | 32 : 0;
    // "each", "apiece", "a …", "an …", "per …": the first letter is a, e or p.
    if (c === 97 || c === 101 || c === 112) {
      const item = PER_ITEM_AFTER.exec(after);
      if (item && !RATES[item[1]?.toLowerCase() ?? ""]) out[i]!.perItem = true;
    }
    if (!out[i]!.perItem && endsLikeCountOf(before) && COUNT_OF_BEFORE.test(before)) out[i]!.perItem = true;
    if (budgets && BUDGET_WORDS.test(after)) {
      if (OVER_BUDGET_AFTER.test(after)) out[i]!.budget = "over";
      else if (UNDER_BUDGET_AFTER.test(after)) out[i]!.budget = "under";
    }
    const d = text.charCodeAt(f.start);
    if (d >= 48 && d <= 57) {
      const unit = f.unit ?? unitAfter(text.slice(f.end, f.end + 40));
      if (unit) out[i]!.unit = unit;
    }
    if (OF_COUNTS_AFTER.test(after)) out[i]!.ofCounts = true;
    if (measures && MEASURE_WORDS.test(near)) {
      const m = MEASURE_BEFORE.exec(before);
      // "the median of 327 earlier payments": a count of things after "median of" / "average of" is how many the measure
      // is over, not a median itself.
      // Not when a name or place follows in its clause ("the median of 460 payments at Coop"): the count keeps the measure
      // (and so is checked as before), since nothing here binds it to that name.
      const over = !!m && out[i]!.unit !== undefined && /\bof\s*:?\s*\(?\s*$/i.test(m[0]) && !NAMED_AFTER_COUNT.test(after);
      const measure = (over ? undefined : m?.[1]) ?? (MEASURE_AFTER.test(after) ? "average" : undefined);
      if (measure) out[i]!.measure = MEASURES[measure.toLowerCase()];
      else if (NET_BEFORE.test(before) || NET_AFTER.test(after)) out[i]!.measure = "net";
      if (RED_AFTER.test(after) || RED_BEFORE.test(before)) out[i]!.balance = -1;
      else if (BLACK_AFTER.test(after) || BLACK_BEFORE.test(before)) out[i]!.balance = 1;
    }
    if (directions && DIRECTION_WORDS.test(near)) {
      if (UP.test(before) || UP_AFTER.test(after)) out[i]!.sign = 1;
      else if (DOWN.test(before) || DOWN_AFTER.test(after)) out[i]!.sign = -1;
    }
    if (out[i]!.sign !== undefined || (changes && (CHANGE_WORDS.test(after) || CHANGE_WORDS.test(ownClause())))) out[i]!.changeSaid = true;
    if (openers && !out[i]!.periods && !out[i]!.month) {
      // A period that opens the sentence ("In April, …; you ate out 35 times") is what its later clauses are about too.
      const opened = sentenceOpener(text, f.start, mentions);
      if (opened) setDim(out[i]!, [opened]);
    }
    if (totals && (TOTAL_BEFORE.test(ownClause()) || TOTAL_AFTER.test(after))) out[i]!.total = true;
    // How many things its clause says the figure is of: a count of things (what a run of counts may add up: check.ts
    // countedRun); a total ("those four decreases add up to CHF 1'247.61": a sum of that many); a share ("of the three,
    // Hotelplan alone was 36.6%" in the sentence before it, "72.1% of these six payments" right after: of a whole list of that many).
    const percent = answer && /%|percent/.test(text.slice(f.start, f.end));
    if (answer && (out[i]!.unit || out[i]!.total || percent)) {
      const n = percent ? (ITEMS_BEFORE.exec(text.slice(sentenceStart(text, f.start), f.start)) ?? (/^\s+of\s/.test(after) ? ITEMS_BEFORE.exec(after) : null)) : ITEMS_BEFORE.exec(ownClause());
      if (n) out[i]!.items = n[2] ? 2 : (ITEM_NUMBERS[n[1]!.toLowerCase()] ?? Number(n[1]));
      if (n && ITEMS_UP.test(ownClause())) out[i]!.itemsChange = 1;
      else if (n && ITEMS_DOWN.test(ownClause())) out[i]!.itemsChange = -1;
    }
    if (actions) {
      // The verb of the figure's own part of the clause: "moved CHF 5'500.00 … and invested CHF 4'128.00" — another verb
      // since the figure before is another action (or none).
      // Nor the verb right after the figure before, which is that figure's, when this figure has a verb of its own after it
      // ("CHF 2'310.00 moved to your own accounts and CHF 1'215.00 invested": the investment is no move; "… and CHF
      // 1'215.00 more" shares the verb: review of r4-leadfig).
      const own = ownClause();
      const last = [...own.matchAll(ACTION_ALL)].at(-1);
      const action = last?.[1];
      const since = i > 0 ? text.slice(Math.max(figures[i - 1]!.end, f.start - own.length), f.start) : "";
      const other = i > 0 ? OTHER_VERB.test(since) : false;
      const previous = i > 0 && last !== undefined && f.start - own.length + last.index >= figures[i - 1]!.end && /^\s*(?:(?:was|were|is|are|got|been)\s+)?$/i.test(text.slice(figures[i - 1]!.end, f.start - own.length + last.index));
      const ownAfter = OWN_VERB_AFTER.test(text.slice(f.end, f.end + 40));
      if (action && !other && !(previous && ownAfter)) out[i]!.action = action.toLowerCase();
    }
  });
  return out;
}

/** Words before a period that opens a sentence: "In April, …", "During the second quarter, …". */
const OPENER = /^\s*(?:[-*]\s+)?(?:in|during|for|over|throughout|across)\s+(?:the\s+)?$/i;

/** The period or month that opens the sentence of the figure at `at`, set off by a comma ("In April, …"), if any. */
function sentenceOpener(text: string, at: number, mentions: readonly Mention[]): Mention | undefined {
  const head = text.slice(Math.max(0, at - 400), at);
  const cut = Math.max(head.lastIndexOf(". "), head.lastIndexOf("! "), head.lastIndexOf("? "), head.lastIndexOf("\n"));
  const start = at - head.length + cut + 1;
  return mentions.find((m) => (m.dim === "period" || m.dim === "month") && m.start >= start && m.start - start < 40 && m.end < at && text[m.end] === "," && OPENER.test(text.slice(start, m.start)));
}

/** The text of a figure's clause before it (up to 120 characters). */
function clauseBefore(text: string, at: number): string {
  const window = text.slice(Math.max(0, at - 120), at);
  const cut = Math.max(window.lastIndexOf(". "), window.lastIndexOf(";"), window.lastIndexOf("\n"));
  return window.slice(cut + 1);
}

/** What a mention says, as a key: two mentions of one period or value say the same. */
const mentionKey = (m: Mention) => (m.period ? `${m.period.from}-${m.period.to}` : String(m.value));

/** Rules 1–4 (see the module comment) for the figures of one clause. */
function attach(text: string, figures: readonly Target[], idx: number[], ms: Mention[], start: number, end: number, out: FigureContext[], answer: boolean): void {
  const taken = new Set<Mention>();
  const done = idx.map(() => new Set<Dim>());
  /** Dimensions a figure got by rule 1: it hands them only to a figure that tells more of it (ELABORATES). */
  const own = idx.map(() => new Set<Dim>());
  // Rule 1: right after the figure, chained ("at Restaurant Krone on Saturday").
  let first = 0;
  idx.forEach((fi, k) => {
    const nextStart = k + 1 < idx.length ? figures[idx[k + 1]!]!.start : end;
    let pos = figures[fi]!.end;
    while (first < ms.length && ms[first]!.start < pos) first++;
    for (let mi = first; mi < ms.length; mi++) {
      const m = ms[mi]!;
      if (m.start < pos) continue;
      // No glue is longer than a few words ("a month in total at … in"): a mention further on is not joined to the figure.
      if (m.end > nextStart || m.start - pos > MAX_GLUE || !RIGHT_GLUE.test(text.slice(pos, m.start)) || BOOKING_FOR.test(text.slice(pos, m.start))) break;
      // A possessive before the next figure is that figure's: "May jumped to CHF 1'264.20 from April's CHF 738.95".
      if (nextStart < end && POSSESSIVE_BEFORE_FIGURE.test(text.slice(m.end, nextStart))) break;
      if (!done[k]!.has(slot(m.dim))) {
        setDim(out[fi]!, [m]);
        if (m.dim === "name") out[fi]!.ownName = true;
        done[k]!.add(slot(m.dim));
        own[k]!.add(slot(m.dim));
      }
      taken.add(m);
      pos = m.end;
    }
  });
  // Rule 2: the nearest before it, since the figure before it.
  let from = 0;
  idx.forEach((fi, k) => {
    const f = figures[fi]!;
    const prevEnd = k > 0 ? figures[idx[k - 1]!]!.end : start;
    while (from < ms.length && ms[from]!.start < prevEnd) from++;
    let to = from;
    while (to < ms.length && ms[to]!.end <= f.start) to++;
    // What stands right before a bracket is the bracketed figure's too, though the figure before took it: the base a change
    // is from ("down 38.4% from March (CHF 990.30)"), the thing a ratio is of ("housing almost 5 times groceries (CHF 5'040)";
    // not a rate's start: "CHF 2'520.00 a month from May (CHF 30'240.00 a year)").
    const base = (m: Mention) =>
      BRACKETED.test(text.slice(m.end, f.start)) && k > 0 && (isSubject(m.dim) || DIRECTION_WORDS.test(text.slice(Math.max(start, figures[idx[k - 1]!]!.start - 30), m.start).toLowerCase()));
    // A mention set against ("more than November, and the month's net was CHF 9'020.53") is not this figure's — unless the
    // figure is itself the change between them ("Compared with 2024, spending was 10.4% higher").
    let change: boolean | undefined;
    const isChange = () => {
      if (change === undefined) {
        const lead = text.slice(Math.max(prevEnd, f.start - 30), f.start);
        change = CHANGE_WORDS.test(text.slice(f.end, f.end + 24)) || CHANGE_WORDS.test(lead.slice(Math.max(lead.lastIndexOf(","), lead.lastIndexOf(";")) + 1));
      }
      return change;
    };
    const setAgainst = (m: Mention) => SET_AGAINST.test(text.slice(Math.max(start, m.start - 40), m.start)) && !OWN_BEFORE_FIGURE.test(text.slice(m.end, f.start)) && !isChange();
    const before = ms.slice(from, to).filter((m) => (!taken.has(m) || base(m)) && (!setAgainst(m) || base(m)));
    // A period written as an end of one or as a day ("So far in 2025 (to the end of October)", "in 2025 … on 5 June") yields
    // to the period the clause is about.
    const periodSaid = before.some((m) => slot(m.dim) === "period" && m.bound !== "end");
    for (let j = before.length - 1; j >= 0; j--) {
      const m = before[j]!;
      if (done[k]!.has(slot(m.dim)) || (periodSaid && m.bound === "end" && slot(m.dim) === "period")) continue;
      const group = [m];
      for (let g = j - 1; g >= 0; g--) {
        const x = before[g]!;
        if (x.dim !== m.dim || !(JOINED.test(text.slice(x.end, group[0]!.start)) || BOOKING_TEXT.test(text.slice(x.end, group[0]!.start)))) break;
        group.unshift(x);
      }
      setDim(out[fi]!, group);
      done[k]!.add(slot(m.dim));
      for (const x of group) taken.add(x);
      if (m.dim === "name" && !ASIDE.test(text.slice(Math.max(prevEnd, m.start - 6), m.start))) out[fi]!.ownName = true;
    }
  });
  // Rules 3 and 4: handed on from the figure before, else the clause's one free value.
  // Per dimension, the one value the clause's free mentions give it (null: none, or more than one).
  const freeOne = new Map<Dim, Mention | null>();
  for (const m of ms) {
    // What a figure is compared with ("4.2 points more than in October") is no value the clause's figures are about.
    if (taken.has(m) || COMPARED_WITH.test(text.slice(Math.max(start, m.start - 24), m.start)) || SET_AGAINST.test(text.slice(Math.max(start, m.start - 40), m.start))) continue;
    const seen = freeOne.get(m.dim);
    if (seen === undefined) freeOne.set(m.dim, m);
    else if (seen && mentionKey(seen) !== mentionKey(m)) freeOne.set(m.dim, null);
  }
  const subjects = subjectsOf(ms);
  idx.forEach((fi, k) => {
    const f = figures[fi]!;
    const ctx = out[fi]!;
    const prevEnd = k > 0 ? figures[idx[k - 1]!]!.end : start;
    // Set against the figure before: right after a contrast word ("down from CHF …"), or after one with the words it compares
    // with ("more than the first (CHF 4'957.05)").
    const contrasted = CONTRAST.test(text.slice(Math.max(prevEnd, f.start - 48), f.start)) || (k > 0 && CONTRASTED_PART.test(text.slice(prevEnd, f.start)));
    // The subject (category and name together) comes from one place: the figure's own mentions, else the figure before, else the clause.
    let subjectSaid = done[k]!.has("category") || done[k]!.has("name");
    // Words between the figure before (or the clause's start) and this one that are no glue name something the data
    // has no name for ("and other costs with …", "and the tax office with …"): its subject, which is none of the clause's.
    if (answer && !subjectSaid && namesOther(text.slice(prevEnd, f.start), ms, prevEnd)) subjectSaid = true;
    if (k > 0) {
      const prev = out[idx[k - 1]!]!;
      // A figure that tells more of the one before ("CHF 18'382.95 in 2024 (931 payments)", "… in 2025: 12 payments",
      // "… in 2025 in 48 payments") takes what that one was said to be about right beside it too — but for a period written
      // as an end of one ("from May"), its figure's bound.
      const elaborates = ELABORATES.test(text.slice(prevEnd, f.start));
      const ownOf = (d: Dim) => own[k - 1]!.has(d) && (!elaborates || (d === "period" && !!prev.bound));
      const handedSubject = !subjectSaid && !ownOf("category") && !ownOf("name") && (prev.categories || prev.names);
      for (const d of ["period", "weekday", "category", "name", "currency"] as const) {
        if (done[k]!.has(d) || ownOf(d) || (d === "period" && contrasted) || (isSubject(d) && !handedSubject)) continue;
        const value = handed(prev, d);
        if (value) {
          Object.assign(ctx, value);
          done[k]!.add(d);
        }
      }
      subjectSaid ||= !!handedSubject;
    }
    if (freeOne.size) {
      for (const d of DIMS) {
        if (done[k]!.has(slot(d)) || (slot(d) === "period" && contrasted) || (isSubject(d) && subjectSaid)) continue;
        const one = freeOne.get(d);
        if (one) {
          setDim(ctx, [one]);
          done[k]!.add(slot(d));
        }
      }
    }
    if (subjects.length) ctx.subjects = subjects;
  });
}

/**
 * Words that link a figure to the one before it without naming a new subject: linking words,
 * verbs of spending and changing, rounding and measure words, the units a count or an amount
 * is of ("41 visits, at CHF 62.35 a visit", "CHF 20.40 on average, CHF 244.80 in all").
 */
const GLUE = new Set(
  (
    "and or then with at of for in on to from by over under per a an the its their your my our each every which who whom is was were are be been being " +
    "that this these those it so also too just only still about roughly around nearly almost some more less than as up down rose risen fell fallen grew grown " +
    "dropped increase increased decrease decreased gained lost jumped climbed higher lower average averaged averaging avg usual usually typical typically median net " +
    "total totalling totaling together altogether overall all alone both spent paid pay pays cost costs came come comes took take takes making made added adding " +
    "left remaining spare over came went goes going got gets bringing brought worth i.e e.g means meaning works out share percent cent when while where there " +
    "visit visits payment payments transaction transactions tx row rows time times order orders purchase purchases shop shops bill bills ticket tickets meal meals " +
    "instalment instalments installment installments premium premiums trip trips booking bookings month months year years week weeks day days quarter quarters " +
    "monthly yearly annual annually weekly daily quarterly franc francs euro euros dollar dollars chf eur usd like instead against compared versus vs another other's " +
    "i you we they he she it us me them yes no not here now since until after before first last next previous so far in all this that " +
    "one single once dinner dinners lunch lunches breakfast breakfasts"
  ).split(" "),
);

const ONE_OF = /^\s+of\b/i;

/** Whether `between` (the text from the figure before up to a figure) has a word that is no glue and no name the clause's mentions hold. */
function namesOther(between: string, ms: Mention[], offset: number): boolean {
  const n = between.length;
  let i = 0;
  while (i < n) {
    if (!isLetterAt(between, i)) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && (isLetterAt(between, i) || "'’.-".includes(between[i]!))) i++;
    const word = between.slice(start, i).toLowerCase();
    // Its possessive 's dropped (by hand: this runs for every word between an answer's figures).
    const z = word.length;
    const w = z >= 2 && word.charCodeAt(z - 1) === 115 && (word.charCodeAt(z - 2) === 39 || word.charCodeAt(z - 2) === 8217) ? word.slice(0, -2) : word;
    // "one of 12 transactions" names a part of a whole: the whole is no figure of the one before.
    if (GLUE.has(w) && !(w === "one" && ONE_OF.test(between.slice(i)))) continue;
    const at = offset + start;
    if (ms.some((x) => at >= x.start && at < x.end)) continue;
    return true;
  }
  return false;
}

const LETTER = /\p{L}/u;
/** Whether `s[i]` is a letter (ASCII looked at directly: this runs for every character between an answer's figures). */
function isLetterAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c > 127 && LETTER.test(s[i]!));
}

/** What an answer calls a name it introduced, right before it: "the main account, CH93 …", "your landlord (Livit AG)". */
const APPOSITION = /(?:,\s*|\s*\(\s*)$/;

/**
 * The names of an answer with the names it gave them: a phrase right before a name and set off
 * from it ("the main account, CH93 0076 …", "the Visa card (Visa 4417)", "your landlord, Livit
 * AG") stands for that name where the answer uses it again ("… and the main account had 23
 * payments"). Up to three words that are no glue, the last of four letters or more.
 */
function withAliases(text: string, names: Mention[]): Mention[] {
  const aliases: { words: string; value: string; after: number; qualifier: string | undefined }[] = [];
  for (const n of names) {
    if (n.dim !== "name") continue;
    const before = text.slice(Math.max(0, n.start - 60), n.start);
    const sep = APPOSITION.exec(before);
    if (!sep) continue;
    const words = before.slice(0, sep.index).match(/[\p{L}][\p{L}'’-]*/gu) ?? [];
    const alias: string[] = [];
    for (let w = words.length - 1; w >= 0 && alias.length < 3; w--) {
      if (GLUE.has(words[w]!.toLowerCase())) break;
      alias.unshift(words[w]!.toLowerCase());
    }
    // The phrase must end right at the separator (no digits or other names between).
    const phrase = alias.join(" ");
    if (!alias.length || alias.at(-1)!.length < 4 || !before.slice(0, sep.index).toLowerCase().endsWith(alias.at(-1)!)) continue;
    aliases.push({ words: phrase, value: String(n.value), after: n.end, qualifier: qualifierBefore(before.slice(0, sep.index - phrase.length)) });
  }
  if (!aliases.length) return names;
  const lower = text.toLowerCase();
  const more: Mention[] = [];
  for (const a of aliases) {
    for (let at = lower.indexOf(a.words, a.after); at >= 0; at = lower.indexOf(a.words, at + a.words.length)) {
      const end = at + a.words.length;
      if (/[\p{L}\p{N}]/u.test(lower[at - 1] ?? " ") || /[\p{L}\p{N}]/u.test(lower[end] ?? " ")) continue;
      // Set apart by another word than the name's own ("the main CHF account (CH44 …)" … "the second CHF account"): another one.
      const q = qualifierBefore(lower.slice(Math.max(0, at - 40), at));
      if (q && q !== a.qualifier) continue;
      if ([...names, ...more].some((m) => m.start < end && at < m.end)) continue;
      more.push({ start: at, end, dim: "name", value: a.value });
    }
  }
  return more.length ? [...names, ...more].sort((x, y) => x.start - y.start) : names;
}

/** Words that open a noun phrase: a word before them is not the phrase's. */
const DETERMINERS = new Set(["the", "a", "an", "your", "our", "my", "its", "their", "this", "that", "these", "those"]);

/** The word that sets a phrase apart, right before it (other glue, a currency, skipped; none past its article): "main" of "the main CHF account". */
function qualifierBefore(before: string): string | undefined {
  const words = before.split(/[.,;:()!?]/).at(-1)!.match(/[\p{L}][\p{L}'’-]*/gu) ?? [];
  for (let w = words.length - 1; w >= 0; w--) {
    const word = words[w]!.toLowerCase();
    if (DETERMINERS.has(word)) return undefined;
    if (!GLUE.has(word)) return word;
  }
  return undefined;
}

/** A table column of changes, by its header: "Change", "Difference", "Δ", "+/−". */
const CHANGE_HEADER = /^\s*(?:change|difference|diff\.?|Δ|delta|\+\s*\/\s*[-−])(?:\s*\([^)]*\))?\s*$/i;

/** A table row: each figure takes its own cell's mentions, then its column's header, then the row's first cell. */
function attachRow(text: string, figures: readonly Target[], idx: number[], ms: Mention[], cells: Target[], header: Target[], out: FigureContext[]): void {
  const within = (t: Target | undefined) => (t ? ms.filter((m) => m.start >= t.start && m.end <= t.end) : []);
  const row = { start: cells[0]!.start, end: cells.at(-1)!.end };
  const subjects = subjectsOf(within(row));
  for (const i of idx) {
    const f = figures[i]!;
    const c = cells.findIndex((cell) => f.start >= cell.start && f.end <= cell.end);
    if (c < 0) continue;
    const ctx = out[i]!;
    const done = new Set<Dim>();
    for (const list of [within(cells[c]), within(header[c]), c > 0 ? within(cells[0]) : []]) {
      for (const m of list) {
        if (done.has(slot(m.dim))) continue;
        setDim(ctx, [m]);
        done.add(slot(m.dim));
      }
    }
    if (subjects.length) ctx.subjects = subjects;
    // A cell of a column headed "Change" is a change ("-201.25" beside "+607.04"), its minus a fall (review of r4-leadfig).
    if (header[c] && CHANGE_HEADER.test(text.slice(header[c]!.start, header[c]!.end))) {
      ctx.changeSaid = true;
      if (ctx.sign === undefined && /^[\s|]*[-−–]/.test(text.slice(cells[c]!.start, f.end))) ctx.sign = -1;
    }
  }
}

/** Every mention of a short text (a chart's label or title, a table row's cells), as one context: all of them count. */
export function mentionedIn(text: string, lex: Lexicon): FigureContext {
  const ctx: FigureContext = {};
  const add = <T>(list: T[] | undefined, v: T): T[] => (list?.includes(v) ? list : [...(list ?? []), v]);
  // A chart's or a table's currency is its own (never read from its labels).
  for (const m of mentionsOf(text, [], namesOf(text, lex), false)) {
    switch (m.dim) {
      case "period":
        ctx.periods = add(ctx.periods, m.period!);
        break;
      case "month":
        ctx.month ??= m.value as number;
        break;
      case "weekday":
        for (const d of m.days!) ctx.weekdays = add(ctx.weekdays, d);
        break;
      case "category":
        ctx.categories = add(ctx.categories, m.value as string);
        break;
      case "name":
        ctx.names = add(ctx.names, m.value as string);
        break;
      case "currency":
        ctx.currency ??= m.value as string;
        break;
    }
  }
  const rate = RATE_IN.exec(text);
  if (rate) ctx.per = RATES[(rate[1] ?? rate[2])!.toLowerCase()];
  // A column of usual amounts is no column of the prices now ("Usual amount" beside "Current amount").
  const measure = MEASURE_IN.exec(text);
  if (measure) ctx.measure = MEASURES[measure[1]!.toLowerCase()];
  return ctx;
}

// ---------------------------------------------------------------------------------------
// Conflicts

const overlaps = (a: Span, b: Span) => a.from <= b.to && b.from <= a.to;
const monthOf = (s: Span) => (s.from % 10000 / 100) | 0;
const oneMonth = (s: Span) => Math.floor(s.from / 100) === Math.floor(s.to / 100);

/** A span of less than a year: a month named without its year can fall outside it. */
const withinYear = (s: Span) => s.to - s.from < 10000;
/** Whether the span holds a day of the month (1–12) in any of its years. */
function covers(s: Span, month: number): boolean {
  const y1 = Math.floor(s.from / 10000);
  const y2 = Math.floor(s.to / 10000);
  for (let y = y1; y <= y2; y++) {
    const m = y * 100 + month;
    if (m >= Math.floor(s.from / 100) && m <= Math.floor(s.to / 100)) return true;
  }
  return false;
}

/** Names agree when one contains the other as whole words ("Migros" and "Migros Restaurant"), case, accents and umlaut spellings aside. */
function sameName(x: string, y: string): boolean {
  if (x === y) return true;
  const a = foldName(x);
  const b = foldName(y);
  if (a === b) return true;
  const [s, l] = a.length < b.length ? [a, b] : [b, a];
  if (!s) return ` ${l} `.includes(` ${s} `);
  // ` ${l} `.includes(` ${s} `) without the two strings it makes: s in l, at a word's start and end (this runs for every
  // name of every candidate source of every figure of an answer).
  for (let at = l.indexOf(s); at >= 0; at = l.indexOf(s, at + 1)) {
    const end = at + s.length;
    if ((at === 0 || l.charCodeAt(at - 1) === 32) && (end === l.length || l.charCodeAt(end) === 32)) return true;
  }
  return false;
}

/**
 * Whether what the answer says of a figure (`said`) contradicts what a source figure is about
 * (`about`) on any dimension: period or month, weekday, category, merchant or account,
 * currency, rate, direction, measure. Not when they agree or either side is silent.
 */
export function contradicts(said: FigureContext, about: FigureContext): boolean {
  if (said.currency && about.currency && said.currency !== about.currency) return true;
  if (said.per && about.per && said.per !== about.per) return true;
  if (said.sign && about.sign && said.sign !== about.sign) return true;
  if (said.measure && about.measure && said.measure !== about.measure) return true;
  if (said.budget && about.budget && said.budget !== about.budget) return true;
  if (said.unit && about.unit && !unitsAgree(said.unit, about.unit)) return true;
  if (said.categories && about.categories && !shareOne(said.categories, about.categories) && !ofAllSpending(said, about.categories)) return true;
  if (said.periods && about.periods) {
    if (!anyOverlap(said.periods, about.periods) || yearOfAStraddle(said, about)) return true;
  } else if (said.month && about.periods && about.periods.every(withinYear) && !about.periods.some((q) => covers(q, said.month!))) return true;
  if (said.weekdays && about.weekdays && !shareOne(said.weekdays, about.weekdays)) return true;
  return !!(said.names && about.names && !anySameName(said.names, about.names));
}

/**
 * Whether the answer says a figure is about a part of the one period a source figure is about: "CHF 2'983.10 in
 * September alone" of the quarter's total, "September's 207 purchases" of the year's count. The whole period's figure is
 * not the part's, though the periods overlap. A month named without its year is a part of any longer span holding it; a
 * period named (a month, a quarter: four weeks or more) is a part of a strictly longer one of at most a year (not of all
 * dates, which a search reports whatever the rows' dates), both in whole months (a total's period, not the days a price
 * was in force). Not for rates, averages and typical amounts, which say nothing of the length of the period they were
 * taken over.
 */
export function saidOfAPart(said: FigureContext, about: FigureContext): boolean {
  if (said.bound || said.per || said.measure || about.per || about.measure) return false;
  const spans = about.periods;
  if (!spans?.length) return false;
  // A total's period is whole months (a call's, a summary's quarter or year); a price is in force from one day to another.
  for (const s of spans) if (s.to - s.from >= 10000 || oneMonth(s) || s.from % 100 !== 1 || s.to % 100 !== daysInMonth(Math.floor(s.to / 10000), monthOf({ from: s.to, to: s.to }))) return false;
  if (said.month !== undefined && !said.periods) {
    for (const s of spans) if (!covers(s, said.month)) return false;
    return true;
  }
  const p = said.periods?.length === 1 ? said.periods[0]! : null;
  if (!p || p.to - p.from < 27 || p.to - p.from > 300) return false;
  for (const s of spans) if (!(s.from <= p.from && p.to <= s.to) || (s.from === p.from && s.to === p.to)) return false;
  return true;
}

/**
 * Whether a clause's categories may be said of the spending of every category at once: when it writes the figure as the
 * whole spending ("Housing and groceries drove your spending of …"), or names Income only, no spending category ("spending
 * was 86.3% of income": which way the money went is the flow's to tell, as before rev-uqa6 #2).
 */
function ofAllSpending(said: FigureContext, about: readonly string[]): boolean {
  if (about[0] !== EVERY_SPENDING_CATEGORY) return false;
  return !!said.wholeSpending || said.categories!.every((c) => c.toLowerCase() === "income");
}

/** A source about the rows not classified yet (Uncategorised): the category is unknown, not another one. */
export const unclassified = (about: FigureContext) => about.categories?.length === 1 && about.categories[0] === UNCATEGORISED;

// Plain loops, no closures: `contradicts` runs for every candidate source of every figure of an answer.
function shareOne<T>(a: readonly T[], b: readonly T[]): boolean {
  for (const x of a) if (b.includes(x)) return true;
  return false;
}
/**
 * Whether a total is said of one calendar year ("In 2025 …") while its source is a period that reaches into the year
 * and out of it (Jul 2024 – Jun 2025, the data's last twelve months): that total is not the year's (uqa6 #2). When the
 * source states its rows' days (a search) and they all lie inside the year, it is the year's total (rev-uqa6 #3). A year range written in the clause ("2024–2025") is no one year. Not for rates, averages
 * and bounds, which say nothing of the length of the period they were taken over.
 */
function yearOfAStraddle(said: FigureContext, about: FigureContext): boolean {
  if (said.bound || said.per || said.measure || said.periods?.length !== 1) return false;
  const y = said.periods[0]!;
  if (y.from % 10000 !== 101 || y.to !== y.from + 1130) return false;
  // Its rows' own days when the source states them: a search over Nov 2024 – Oct 2025 whose rows all lie in 2025 is
  // 2025's total (rev-uqa6 #3).
  if (about.rowDays && y.from <= about.rowDays.from && about.rowDays.to <= y.to) return false;
  const meeting = about.periods!.filter((q) => overlaps(y, q));
  return meeting.length > 0 && meeting.every((q) => (q.from < y.from && q.to < y.to) || (q.from > y.from && q.to > y.to));
}
function anyOverlap(a: readonly Span[], b: readonly Span[]): boolean {
  for (const p of a) for (const q of b) if (overlaps(p, q)) return true;
  return false;
}
function anySameName(a: readonly string[], b: readonly string[]): boolean {
  for (const n of a) for (const m of b) if (sameName(n, m)) return true;
  return false;
}

/** Whether a source figure is about one of the categories, names or weekdays a clause mentions. */
export function isNamedIn(subjects: readonly string[], about: FigureContext): boolean {
  if (!subjects.length) return false;
  // Its categories, then its names (plain loops: this runs for every candidate source of a derivation).
  for (const mine of [about.categories, about.names]) {
    if (mine) for (const x of mine) for (const s of subjects) if (sameName(s, x)) return true;
  }
  return about.weekdays?.length === 1 && subjects.includes(String(about.weekdays[0])) ? true : false;
}

/** The ISO dates written so far (every source of every check writes its period: the same few days again and again). */
const isoDays = new Map<number, string>();
const iso = (d: number) => {
  let s = isoDays.get(d);
  if (s === undefined) {
    s = `${Math.floor(d / 10000)}-${String(Math.floor(d / 100) % 100).padStart(2, "0")}-${String(d % 100).padStart(2, "0")}`;
    if (isoDays.size > 50_000) isoDays.clear();
    isoDays.set(d, s);
  }
  return s;
};

/** The periods written so far, by from × 10⁸ + to (both yyyymmdd, so the key is exact). */
const spanLabels = new Map<number, string>();

/** A period as people read it: "2025", "2025-03", "2025-03-14", "2025-01-01…2025-06-30". */
export function spanLabel(s: Span): string {
  const key = s.from * 1e8 + s.to;
  let label = spanLabels.get(key);
  if (label === undefined) {
    label = writeSpan(s);
    if (spanLabels.size > 50_000) spanLabels.clear();
    spanLabels.set(key, label);
  }
  return label;
}

function writeSpan(s: Span): string {
  const y1 = Math.floor(s.from / 10000);
  const y2 = Math.floor(s.to / 10000);
  if (s.from % 10000 === 101 && s.to % 10000 === 1231 && y1 === y2) return String(y1);
  if (s.from % 100 === 1 && oneMonth(s) && s.to % 100 === daysInMonth(y1, monthOf(s))) return iso(s.from).slice(0, 7);
  if (s.from === s.to) return iso(s.from);
  return `${iso(s.from)}…${iso(s.to)}`;
}

/** The ISO date of a yyyymmdd. */
export const isoOf = iso;

/** The context in a few words, for the note of a figure: "2024 · Groceries". */
export function contextLabel(c: FigureContext): string {
  const parts: string[] = [];
  if (c.periods?.length) parts.push(c.periods.map(spanLabel).join(" / "));
  else if (c.month) parts.push(MONTH_NAMES[c.month - 1]!);
  if (c.weekdays?.length) parts.push(c.weekdays.map((d) => WEEKDAYS[d]!.replace(/^./, (x) => x.toUpperCase())).join(" / "));
  if (c.categories?.length) parts.push(c.categories.join(" / "));
  if (c.names?.length) parts.push(c.names.join(" / "));
  if (c.currency) parts.push(c.currency);
  if (c.per) parts.push(`a ${c.per}`);
  if (c.balance) parts.push(c.balance < 0 ? "in the red" : "in the black");
  if (c.flow) parts.push(c.flow === "in" ? "money in" : "money out");
  return parts.join(" · ");
}
