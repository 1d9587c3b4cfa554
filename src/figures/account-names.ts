/**
 * Numbers that are part of an account's name: "Visa 4417 CHF: 249 rows", "CH44 0900 0000 8765 4321 0 CHF: …" (data_coverage
 * writes each account before its currency). Read alone they are amounts ("4417 CHF", "0 CHF") about that account, whose
 * link opened its rows (249 rows netting CHF -24'498.47 for 4417 CHF): they total no rows. They stay figures of the result,
 * so that the account's clauses keep the shape of their list and their currency (a sum of the accounts' rows).
 */
import type { Lexicon } from "./context.ts";

/** Whether a figure starting at `start` of `text` starts inside a writing of an account's name with a digit in it. */
export function inAccountName(text: string, lexicon: Lexicon): (start: number) => boolean {
  const spans: [number, number][] = [];
  for (const name of lexicon.accounts) {
    if (!/\d/.test(name)) continue;
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) spans.push([at, at + name.length]);
  }
  return (start) => spans.some(([from, to]) => start > from && start < to);
}
