/**
 * A statement's balance checks in words and as data (SPEC §10.1): each reconciliation as `--json` and the API give it,
 * as the preview and the command line say it, and the ones that do not add up as the refusal of the import. Why a
 * reconciliation is off, and whose it is, are worded once for both the line and the refusal.
 */
import { formatMoney, rowPlace } from "../core/format.ts";
import type { Reconciliation } from "./formats/index.ts";

/** A file's reconciliation as `--json` and the API give it (SPEC §10.1: amounts as numbers). */
export function reconciliationJson(r: Reconciliation) {
  return {
    account: r.account,
    currency: r.currency,
    opening: r.opening,
    closing: r.closing,
    entries: r.entries,
    difference: r.difference,
    status: r.status,
    opening_date: r.openingDate,
    closing_date: r.closingDate,
    entries_total: r.entriesTotal,
    ...(r.line !== undefined ? { line: r.line } : {}),
    basis: r.basis,
    ...(r.flipContradicts ? { flip_contradicts: true } : {}),
    ...(r.unsignedFalls ? { unsigned_falls: true } : {}),
    ...(r.owedLike ? { owed_like: true } : {}),
  };
}

/** Why a statement whose amounts, mostly money out, agree with its balances only turned round does not reconcile (Reconciliation.owedLike). */
const OWED_LIKE = "its balance rises as its amounts written negative fall, as the amount owed on a card or a loan does";

/** Why a statement whose amounts carry no sign does not reconcile with a balance that falls (Reconciliation.unsignedFalls); `at`: where it first falls. */
const unsignedFalls = (at: string) => `its amounts carry no sign, and its balance falls${at}: some rows are money out, and the file does not say which`;
/** The way out of that refusal where it may hold, checked again by the balances once taken (a wrong flip is refused in turn). */
const IF_ALL_OUT = "if every row is money out, flip the signs (--flip-signs)";

/** Whose balances these are: "CH93… CHF", or the currency alone (`nameAccount`: how the account is named where it is read). */
const whose = (r: Reconciliation, nameAccount: (account: string) => string = (a) => a) => `${r.account ? `${nameAccount(r.account)} ` : ""}${r.currency}`;

/** Why a reconciliation is off: a card's or a loan's balance, amounts with no sign and a falling balance, else by how much; `at`: where it is first off. */
function whyOff(r: Reconciliation, at: string): string {
  if (r.owedLike) return OWED_LIKE;
  if (r.unsignedFalls) return unsignedFalls(at);
  return `off by ${formatMoney(Math.abs(r.difference ?? 0), r.currency)}${at}`;
}

/** "1 entry", "43 entries". */
const entriesWords = (n: number) => `${n} ${n === 1 ? "entry" : "entries"}`;

/**
 * One reconciliation in words: "balance checked ✓ (opening CHF 1'200.00 + 43 entries = closing CHF 2'311.45)". A check
 * that counted possible duplicates says they are not imported unless the user says (`included`: they were), and what
 * the account comes to without them: the check is not claimed for rows that were not stored.
 */
export function reconciliationText(r: Reconciliation, o: { included?: boolean } = {}): string {
  const who = whose(r);
  if (r.status === "ok") {
    const checked = `opening ${formatMoney(r.opening!, r.currency)} + ${entriesWords(r.entries)} = closing ${formatMoney(r.closing!, r.currency)}`;
    const held = r.held && !o.included ? r.held : null;
    if (!held) return `${who}: balance checked ✓ (${checked})`;
    const them = held.entries === 1 ? "a possible duplicate, which is" : `${held.entries} possible duplicates, which are`;
    return `${who}: balance checked ✓ with ${them} not imported unless you import ${held.entries === 1 ? "it" : "them"} too (${checked}; without ${held.entries === 1 ? "it" : "them"} the entries imported bring the balance to ${formatMoney(r.closing! - held.total, r.currency)})`;
  }
  if (r.status === "off") {
    // How it was read, where that is the point: as written (a balance owed), or with the user's flip against the file's balances.
    const how = r.owedLike ? " as written" : r.unsignedFalls || !r.flipContradicts ? "" : " with its signs flipped (as written, they agree with the file's balances)";
    return `${who}: does not reconcile${how}: ${whyOff(r, r.line !== undefined ? ` (first at line ${r.line})` : "")}`;
  }
  // One balance alone checks nothing: what it and the entries give is said, so the user can hold it against the bank's.
  const entries = entriesWords(r.entries);
  if (r.closing !== null) {
    return `${who}: closing balance ${formatMoney(r.closing, r.currency)} stated, but no opening balance to check it against (with the ${entries} it means an opening balance of ${formatMoney(r.closing - r.entriesTotal, r.currency)})`;
  }
  if (r.opening !== null) {
    return `${who}: opening balance ${formatMoney(r.opening, r.currency)} stated, but no closing balance to check the ${entries} against (they bring it to ${formatMoney(r.opening + r.entriesTotal, r.currency)})`;
  }
  return `${who}: the file states no balances to check`;
}

/**
 * The reconciliations that do not add up, as one refusal (SPEC §10.1: imported only when the user accepts it). `nameAccount`:
 * how the account is named where the refusal is read (the page masks it, as its preview does; the command line and the
 * API give it whole).
 */
export function unreconciledMessage(file: string, format: string, recs: readonly Reconciliation[], nameAccount: (account: string) => string = (a) => a): string | null {
  const off = recs.filter((r) => r.status === "off");
  if (off.length === 0) return null;
  const what = off
    .map((r) => `${whose(r, nameAccount)} does not reconcile${r.flipContradicts ? " with its signs flipped" : ""}: ${whyOff(r, r.line !== undefined ? ` (first at ${rowPlace(format, r.line)})` : "")}`)
    .join("; ");
  // The user's flip is what is off: said so, and both readings of the balances, neither advised (an account's say the flip
  // is wrong; a card's that are the amount owed agree with its purchases written positive, and there the flip is right).
  // Neither reading advised: the amount owed on a card or a loan says the signs are right, an account's balance says
  // they are the other way round.
  const owed = off.some((r) => r.owedLike) ? ": if it is the amount owed on a card or a loan, its signs are right as written; if it is an account's balance, they are the other way round: flip the signs (--flip-signs)" : "";
  const flip = off.some((r) => r.flipContradicts)
    ? "; as written, its amounts agree with the balances it states, flipped they do not: if these are an account's balances, import it without flipping the signs (--flip-signs); if they are the amount owed on a card, the flip is right"
    : "";
  // Accepted, amounts with no sign are every one money in: said, so the way out is not taken for a cure.
  const unsigned = off.some((r) => r.unsignedFalls);
  const anyway = unsigned ? "imports it anyway, every row as money in" : owed ? "imports it anyway, as written" : "imports it anyway";
  return `${file}: ${what}${owed}${flip}${unsigned ? `; ${IF_ALL_OUT}` : ""}; nothing was imported (--accept-unreconciled, or the tick on the page, ${anyway})`;
}
