/** The lexicon of names: the ledger's categories, merchants and accounts as a text may write them. */
import { textsOf } from "../../ledger/ledger.ts";
import type { Vocabulary } from "./types.ts";

/** `value`: the name as the data spells it; `account`: an account's name, not a merchant's. */
/** `phraseEnd`: the words name it only where the phrase ends (see ENDING_ONLY). */
export type Entry = { dim: "category" | "name"; value: string; capitalOnly?: boolean; account?: true; phraseEnd?: true };
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
export function tokensOf(s: string): Token[] {
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
 * was), another spelling or a synonym the tools' own summaries use ("Unclassified money in (Uncategorised rows …)"), what
 * answers write for the rows of none ("2 transactions without a category", "… that has no category").
 */
const CATEGORY_WORDS: Record<string, string[]> = { investments: ["invested"], uncategorised: ["uncategorized", "unclassified", "no category", "without a category"] };
/**
 * Words for the rows of no category only where the phrase ends ("… without a category.", "(no category)", "no category
 * yet"): followed by a noun they say something else ("no category budget set", "no category for pets"; review of r4-figctx).
 */
const ENDING_ONLY = new Set(["no category", "without a category"]);

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
    for (const word of CATEGORY_WORDS[k] ?? []) add(word, ENDING_ONLY.has(word) ? { ...e, phraseEnd: true } : e);
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
