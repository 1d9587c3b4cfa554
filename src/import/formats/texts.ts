/**
 * raw_description as SPEC §10.1 wants it: what the bank says about a payment, the counterparty
 * and the purpose, joined with " · " and without repeats (a part already said, case and spacing
 * aside, is left out; a part that says more than an earlier one takes its place).
 */
import { cleanText } from "./clean.ts";

export const TEXT_SEPARATOR = " · ";

/** Case, accents and white space aside: how two parts are compared. */
const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

/** One line: a line break inside a quoted cell or an XML text is layout, not content. */
export const oneLine = (s: string) => (s.includes("\n") || s.includes("\r") ? s.replace(/\s*[\r\n]+\s*/g, " ") : s).trim();

/** Whether `outer` says all of `inner`, as whole words ("Coop Pronto Bern" holds "Coop", not "Co"). */
const holds = (outer: string, inner: string) => ` ${outer} `.includes(` ${inner} `);

export function joinTexts(parts: readonly (string | undefined | null)[]): string {
  // Most rows have one text: nothing to compare, nothing to fold.
  let only: string | null = null;
  let filled = 0;
  for (const p of parts) {
    if (p && p.trim() !== "") {
      filled++;
      only = p;
    }
  }
  if (filled <= 1) return only === null ? "" : cleanText(oneLine(only));
  const kept: { text: string; folded: string }[] = [];
  for (const raw of parts) {
    if (!raw) continue;
    const text = cleanText(oneLine(raw));
    if (text === "") continue;
    const folded = fold(text);
    if (kept.some((k) => holds(k.folded, folded))) continue;
    const wider = kept.findIndex((k) => holds(folded, k.folded));
    if (wider >= 0) {
      kept[wider] = { text, folded };
      // It may cover other earlier parts too.
      for (let i = kept.length - 1; i > wider; i--) if (holds(folded, kept[i]!.folded)) kept.splice(i, 1);
    } else kept.push({ text, folded });
  }
  return cleanText(kept.map((k) => k.text).join(TEXT_SEPARATOR));
}

/**
 * A reference field that holds no reference: what banks write where they have none ("NONREF", SEPA's "NOTPROVIDED",
 * "NONE", "0"). Taken as an id it would make every such row of every file the same payment.
 */
export const isPlaceholderReference = (ref: string) => /^(NONREF|NOTPROVIDED|NOT PROVIDED|NONE|N\/A|-+|0+)$/i.test(ref.trim());

/**
 * The references a file gives to two or more of its bookings (`values`: each booking's reference as written). A bank
 * reference is a transaction id only when it names one booking: one that repeats (banks that write a batch or day
 * number there) would make a later file's booking under it a "duplicate" of another amount (SPEC §10.1: no silent
 * loss), so those bookings are identified by their content instead.
 */
export function repeatedReferences(values: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const raw of values) {
    const v = raw.trim();
    if (v === "" || isPlaceholderReference(v)) continue;
    if (seen.has(v)) repeated.add(v);
    else seen.add(v);
  }
  return repeated;
}

/** The note a reader gives when it set repeated references aside. */
export const repeatedReferencesNote = (field: string, repeated: Set<string>, rows: number) =>
  repeated.size === 1
    ? `${rows} bookings share the ${field} "${[...repeated][0]}": it names no single booking, so those rows are identified by their content`
    : `${rows} bookings share ${repeated.size} ${field} values: they name no single booking, so those rows are identified by their content`;

/**
 * The pieces a bank cut one text into (CAMT's repeated `Ustrd`, a structured MT940 `:86:`'s subfields), as one text.
 * A bank that cuts at a fixed width cuts wherever the width falls, mid-word too: a piece `cutAtWidth` says is full,
 * with no whitespace on either side of the cut, goes on in the next without a space ("…Heizungs" + "anlage"). Any
 * other piece ended a line of the text, or the cut fell on a space the pieces still show: joined with a space.
 */
export function joinCutPieces(pieces: readonly string[], cutAtWidth: (piece: string) => boolean): string {
  let out = "";
  let before: string | null = null;
  for (const piece of pieces) {
    const t = piece.trim();
    if (!t) continue;
    const midWord = before !== null && cutAtWidth(before) && /\S$/.test(before) && /^\S/.test(piece);
    out += before === null || midWord ? t : ` ${t}`;
    before = piece;
  }
  return out;
}
