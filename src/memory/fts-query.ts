/**
 * Turning a question into an FTS5 query over the memories (recall by BM25).
 *
 * Words too common to say what a question is about (English and German) are dropped:
 * without this, "how much did I spend on groceries" matches a memory by "on" as readily
 * as by "groceries" — bm25 weighs rare words up, and in a small memory table every word
 * is rare.
 */
const STOPWORDS = new Set(
  (
    "a an and are as at be been but by can could did do does doing for from had has have how i if in into is it its " +
    "me much my no not of on or our so than that the their them then there these they this to was we were what when " +
    "where which while who why will with would you your show tell give list about all any many please " +
    "der die das den dem des ein eine einen einem einer und oder ist sind war wie was wo wer warum ich du wir sie es " +
    "mein meine mir mich für von mit auf im in zu zum zur bei aus nicht auch viel wieviel"
  ).split(" "),
);

/**
 * A user's words as an FTS5 query that cannot be a syntax error: every run of letters
 * or digits becomes a quoted term, OR'ed together (common words dropped unless there is
 * nothing else). Null when there are no words.
 */
export function ftsQuery(text: string): string | null {
  const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
  const meaningful = words.filter((w) => !STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w)));
  const terms = (meaningful.length ? meaningful : words).slice(0, 32);
  if (!terms.length) return null;
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(" OR ");
}
