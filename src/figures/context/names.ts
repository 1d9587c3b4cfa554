/** The names a text writes that the lexicon knows. */
import { type Entry, foldName, type Lexicon, tokensOf } from "./lexicon.ts";
import type { Mention } from "./types.ts";

/** The names of `text` the lexicon knows: the longest run of words that is a name, left to right. */
export function namesOf(text: string, lex: Lexicon): Mention[] {
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
      const ends = !e?.phraseEnd || /^\s*(?:[.,;:!?()[\]]|$|yet\b)/.test(text.slice(toks[i + n - 1]!.end));
      if (e && ends && !((e.capitalOnly || (e.dim === "name" && /^\p{Lu}/u.test(e.value))) && !/^\p{Lu}/u.test(toks[i]!.text))) best = { n, e };
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
