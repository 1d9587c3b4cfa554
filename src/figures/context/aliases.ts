/** The names an answer gives the names it introduced ("the main account, CH93 …"). */
import { GLUE } from "./glue.ts";
import type { Mention } from "./types.ts";

/** What an answer calls a name it introduced, right before it: "the main account, CH93 …", "your landlord (Livit AG)". */
const APPOSITION = /(?:,\s*|\s*\(\s*)$/;

/**
 * The names of an answer with the names it gave them: a phrase right before a name and set off
 * from it ("the main account, CH93 0076 …", "the Visa card (Visa 4417)", "your landlord, Livit
 * AG") stands for that name where the answer uses it again ("… and the main account had 23
 * payments"). Up to three words that are no glue, the last of four letters or more.
 */
export function withAliases(text: string, names: Mention[]): Mention[] {
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
