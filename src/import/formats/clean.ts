/**
 * Stored text is clean (SPEC §13.1): control characters (C0 except tab and newline, DEL, C1) and
 * the bidi embeddings, overrides and isolates that make text display as something else are
 * removed from every imported text; a field is cut at 1,000 characters, ending with "…", so a
 * 40 MB cell never becomes a 40 MB description.
 */

export const MAX_TEXT_CHARS = 1000;

const UNWANTED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const ANY_UNWANTED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export function cleanText(raw: string): string {
  if (raw.length <= MAX_TEXT_CHARS && !ANY_UNWANTED.test(raw)) return raw;
  // Only the first few thousand characters can survive the cut; removing controls from the rest is wasted work.
  let t = (raw.length > MAX_TEXT_CHARS * 4 ? raw.slice(0, MAX_TEXT_CHARS * 4) : raw).replace(UNWANTED, "");
  if (t.length > MAX_TEXT_CHARS) {
    let end = MAX_TEXT_CHARS - 1;
    // Never cut a surrogate pair in two.
    const code = t.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end--;
    t = `${t.slice(0, end).trimEnd()}…`;
  }
  // A copy of its own: a slice may keep the whole (possibly huge) original string alive.
  return raw.length > MAX_TEXT_CHARS ? Array.from(t).join("") : t;
}
