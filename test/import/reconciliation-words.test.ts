/**
 * A reconciliation that is off, worded as its line (reconciliationText) and as the import's refusal
 * (unreconciledMessage): why it is off (by how much, a balance owed, amounts with no sign) and whose it is are written
 * once for both (reconciliation-words.ts). Every kind, alone and with the user's flip contradicted, word for word as
 * before they shared it (the start tree of stop 60 gives these same strings, for these and every other combination of
 * kind, account and line: 24 cases).
 */
import { describe, expect, test } from "bun:test";
import type { Reconciliation } from "../../src/import/formats/index.ts";
import { reconciliationText, unreconciledMessage } from "../../src/import/reconciliation-words.ts";

/** A statement of EUR 1,000.00 that three entries of −120.00 bring to 900.00 where it states 920.00: off by 20.00. */
const off = (o: Partial<Reconciliation>): Reconciliation => ({
  account: null,
  currency: "EUR",
  opening: 1000,
  openingDate: "2026-01-01",
  closing: 900,
  closingDate: "2026-01-31",
  entries: 3,
  entriesTotal: -120,
  difference: -20,
  status: "off",
  basis: "balance column",
  ...o,
});

const kinds = (kind: string): Partial<Reconciliation> => ({
  ...(kind.includes("flip") ? { flipContradicts: true as const } : {}),
  ...(kind.startsWith("owed") ? { owedLike: true as const } : {}),
  ...(kind.startsWith("unsigned") ? { unsignedFalls: true as const } : {}),
});

/** The page masks an account as its preview does; the refusal takes how the account is named. */
const masked = (a: string) => `…${a.slice(-4)}`;

describe("a reconciliation that is off, as its line and as the refusal", () => {
  const cases: { kind: string; account: string | null; line: number | undefined; text: string; refusal: string }[] = [
    {
      kind: "plain",
      account: null,
      line: undefined,
      text: "EUR: does not reconcile: off by EUR 20.00",
      refusal: "f.csv: EUR does not reconcile: off by EUR 20.00; nothing was imported (--accept-unreconciled, or the tick on the page, imports it anyway)",
    },
    {
      kind: "plain",
      account: "DE44500105175407324931",
      line: 7,
      text: "DE44500105175407324931 EUR: does not reconcile: off by EUR 20.00 (first at line 7)",
      refusal: "f.csv: …4931 EUR does not reconcile: off by EUR 20.00 (first at line 7); nothing was imported (--accept-unreconciled, or the tick on the page, imports it anyway)",
    },
    {
      kind: "flip",
      account: "DE44500105175407324931",
      line: 7,
      text: "DE44500105175407324931 EUR: does not reconcile with its signs flipped (as written, they agree with the file's balances): off by EUR 20.00 (first at line 7)",
      refusal: "f.csv: …4931 EUR does not reconcile with its signs flipped: off by EUR 20.00 (first at line 7); as written, its amounts agree with the balances it states, flipped they do not: if these are an account's balances, import it without flipping the signs (--flip-signs); if they are the amount owed on a card, the flip is right; nothing was imported (--accept-unreconciled, or the tick on the page, imports it anyway)",
    },
    {
      kind: "owed",
      account: "DE44500105175407324931",
      line: 7,
      text: "DE44500105175407324931 EUR: does not reconcile as written: its balance rises as its amounts written negative fall, as the amount owed on a card or a loan does",
      refusal: "f.csv: …4931 EUR does not reconcile: its balance rises as its amounts written negative fall, as the amount owed on a card or a loan does: if it is the amount owed on a card or a loan, its signs are right as written; if it is an account's balance, they are the other way round: flip the signs (--flip-signs); nothing was imported (--accept-unreconciled, or the tick on the page, imports it anyway, as written)",
    },
    {
      kind: "unsigned",
      account: "DE44500105175407324931",
      line: 7,
      text: "DE44500105175407324931 EUR: does not reconcile: its amounts carry no sign, and its balance falls (first at line 7): some rows are money out, and the file does not say which",
      refusal: "f.csv: …4931 EUR does not reconcile: its amounts carry no sign, and its balance falls (first at line 7): some rows are money out, and the file does not say which; if every row is money out, flip the signs (--flip-signs); nothing was imported (--accept-unreconciled, or the tick on the page, imports it anyway, every row as money in)",
    },
    {
      kind: "owed+flip",
      account: "DE44500105175407324931",
      line: 7,
      text: "DE44500105175407324931 EUR: does not reconcile as written: its balance rises as its amounts written negative fall, as the amount owed on a card or a loan does",
      refusal: "f.csv: …4931 EUR does not reconcile with its signs flipped: its balance rises as its amounts written negative fall, as the amount owed on a card or a loan does: if it is the amount owed on a card or a loan, its signs are right as written; if it is an account's balance, they are the other way round: flip the signs (--flip-signs); as written, its amounts agree with the balances it states, flipped they do not: if these are an account's balances, import it without flipping the signs (--flip-signs); if they are the amount owed on a card, the flip is right; nothing was imported (--accept-unreconciled, or the tick on the page, imports it anyway, as written)",
    },
    {
      kind: "unsigned+flip",
      account: "DE44500105175407324931",
      line: 7,
      text: "DE44500105175407324931 EUR: does not reconcile: its amounts carry no sign, and its balance falls (first at line 7): some rows are money out, and the file does not say which",
      refusal: "f.csv: …4931 EUR does not reconcile with its signs flipped: its amounts carry no sign, and its balance falls (first at line 7): some rows are money out, and the file does not say which; as written, its amounts agree with the balances it states, flipped they do not: if these are an account's balances, import it without flipping the signs (--flip-signs); if they are the amount owed on a card, the flip is right; if every row is money out, flip the signs (--flip-signs); nothing was imported (--accept-unreconciled, or the tick on the page, imports it anyway, every row as money in)",
    },
  ];
  for (const c of cases) {
    test(`${c.kind}${c.account ? ", an account's, first off at a line" : ""}`, () => {
      const r = off({ account: c.account, ...(c.line !== undefined ? { line: c.line } : {}), ...kinds(c.kind) });
      expect(reconciliationText(r)).toBe(c.text);
      expect(unreconciledMessage("f.csv", "csv", [r], masked)).toBe(c.refusal);
    });
  }

  test("several off: one refusal naming each, the account given whole where no one masks it", () => {
    const recs = [off({}), off(kinds("flip")), off(kinds("owed")), off(kinds("unsigned"))];
    expect(unreconciledMessage("f.csv", "camt", recs)).toBe("f.csv: EUR does not reconcile: off by EUR 20.00; EUR does not reconcile with its signs flipped: off by EUR 20.00; EUR does not reconcile: its balance rises as its amounts written negative fall, as the amount owed on a card or a loan does; EUR does not reconcile: its amounts carry no sign, and its balance falls: some rows are money out, and the file does not say which: if it is the amount owed on a card or a loan, its signs are right as written; if it is an account's balance, they are the other way round: flip the signs (--flip-signs); as written, its amounts agree with the balances it states, flipped they do not: if these are an account's balances, import it without flipping the signs (--flip-signs); if they are the amount owed on a card, the flip is right; if every row is money out, flip the signs (--flip-signs); nothing was imported (--accept-unreconciled, or the tick on the page, imports it anyway, every row as money in)");
  });

  test("nothing off: no refusal", () => {
    expect(unreconciledMessage("f.csv", "csv", [off({ status: "ok", closing: 880, difference: 0 })])).toBeNull();
  });
});
