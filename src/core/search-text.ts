/**
 * How text search folds letters (SPEC §1, round 4): the one place. Every search of the
 * product — the tools (through the ledger's dictionaries), the Transactions page, the SQL
 * selections of approvals, the conversation and memory search of chat.db, and the user's
 * category rules — matches with `matchesSearch` (or the SQL function it registers), so
 * "Zuerich", "Zürich", "Zurich" and "ZURICH" find the same rows everywhere.
 *
 * The rule, as a Swiss or German user types: letter case and accents do not matter
 * (é = e), and the umlaut spellings are one letter: ü = ue = u, ö = oe = o, ä = ae = a,
 * ß = ss. A substring matches when it is a substring of the text after folding both
 * sides in either of two ways:
 * - plain: case and accents folded (ü → u, ß → ss);
 * - umlaut: plain, then "ae", "oe", "ue" read as "a", "o", "u".
 * Why two: the umlaut fold alone would make "Gebuehr" = "Gebühr" = "Gebuhr", but it eats
 * the "e" of "ue", so "er" would no longer be found in "Bauer" ("baur"); the plain fold
 * keeps every letter. `%` and `_` are ordinary characters (no pattern language).
 */
import type { Database } from "bun:sqlite";

const COMBINING_MARKS = /[\u0300-\u036f]/g;
/** Letters that are not a base letter plus a combining mark, spelt as a German keyboard spells them. */
const LIGATURES: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", đ: "d", ł: "l", ı: "i" };
const LIGATURE = /[ßæœøđłı]/g;
const NON_ASCII = /[^\x00-\x7f]/;
const UMLAUT_SPELLING = /([aou])e/g;

/** The plain fold: lower case, accents and umlauts dropped (ü → u), ß → ss. */
export function foldPlain(text: string): string {
  const lower = text.toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  return lower.normalize("NFD").replace(COMBINING_MARKS, "").replace(LIGATURE, (c) => LIGATURES[c]!);
}

/** The umlaut fold of a plain-folded text: "ae", "oe", "ue" as "a", "o", "u" (the same string when it has none). */
export function foldUmlaut(plain: string): string {
  return plain.includes("e") ? plain.replace(UMLAUT_SPELLING, "$1") : plain;
}

/** A text folded both ways, for matching many terms against it (the ledger keeps these per dictionary entry). */
export type FoldedText = { readonly plain: string; readonly umlaut: string };

export function foldText(text: string): FoldedText {
  const plain = foldPlain(text);
  return { plain, umlaut: foldUmlaut(plain) };
}

/** A search term folded once, matched against many folded texts. */
export class SearchTerm {
  readonly plain: string;
  readonly umlaut: string;
  constructor(readonly term: string) {
    this.plain = foldPlain(term);
    this.umlaut = foldUmlaut(this.plain);
  }

  /** Whether a folded text contains this term (an empty term is in every text). */
  inFolded(text: FoldedText): boolean {
    return text.plain.includes(this.plain) || text.umlaut.includes(this.umlaut);
  }

  /** Whether a text contains this term, folded as search folds. */
  in(text: string): boolean {
    return this.inFolded(foldText(text));
  }

  /** Whether a folded text begins with this term. */
  startsFolded(text: FoldedText): boolean {
    return text.plain.startsWith(this.plain) || text.umlaut.startsWith(this.umlaut);
  }

  /** Whether a folded text is this term. */
  equalsFolded(text: FoldedText): boolean {
    return text.plain === this.plain || text.umlaut === this.umlaut;
  }

  /**
   * Whether a folded text matches this term in the way `kind` says (a user's category rule:
   * SPEC §14). For `starts_with` and `equals` the text is taken without the spaces at its ends
   * (fold it from `text.trim()`); `contains` is search's own match.
   */
  matchesFolded(text: FoldedText, kind: TextMatchKind): boolean {
    return kind === "contains" ? this.inFolded(text) : kind === "starts_with" ? this.startsFolded(text) : this.equalsFolded(text);
  }
}

/** How a category rule's pattern must meet a text: anywhere in it (as search), at its start, or the whole text. */
export const TEXT_MATCH_KINDS = ["contains", "starts_with", "equals"] as const;
export type TextMatchKind = (typeof TEXT_MATCH_KINDS)[number];

/**
 * THE search match: whether `text` contains `term`, as every search of the product decides
 * it (case, accents, ü = ue = u, ö = oe = o, ä = ae = a, ß = ss). Use this for any new
 * matching of user text (e.g. category rules) so it agrees with search.
 */
export function matchesSearch(text: string, term: string): boolean {
  return new SearchTerm(term).in(text);
}

/** The SQL function registered by `registerSearchFunction`: `search_matches($term, text1, text2, …)`. */
export const SEARCH_SQL_FUNCTION = "search_matches";

/**
 * Registers `search_matches(term, text, …)` on a connection: 1 when any of the texts (NULL
 * ones skipped) contains the term as matchesSearch decides, else 0. SQL then searches
 * exactly as the ledger does (`WHERE search_matches($q, merchant_name, raw_description)`).
 * Each distinct text is folded once per term (a table repeats its descriptions a lot).
 */
export function registerSearchFunction(db: Database): void {
  let term: SearchTerm | null = null;
  const seen = new Map<string, boolean>();
  db.function(SEARCH_SQL_FUNCTION, { varargs: true, deterministic: true }, (...args: unknown[]) => {
    const raw = String(args[0] ?? "");
    if (term?.term !== raw) {
      term = new SearchTerm(raw);
      seen.clear();
    }
    for (let k = 1; k < args.length; k++) {
      const v = args[k];
      if (v === null || v === undefined) continue;
      const text = typeof v === "string" ? v : v instanceof Uint8Array ? new TextDecoder().decode(v) : String(v);
      let hit = seen.get(text);
      if (hit === undefined) {
        hit = term.in(text);
        if (seen.size < 200_000) seen.set(text, hit);
      }
      if (hit) return 1;
    }
    return 0;
  });
}
