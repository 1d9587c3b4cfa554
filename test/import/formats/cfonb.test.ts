/**
 * CFONB 120 beyond its fixtures (fixtures.test.ts): the complements (05) of an operation read into its text and facts —
 * the other party (NPY/NBE), more label (LIB), the client's reference and purpose (RCN), references (REF), the amount in
 * its original currency with the rate (MMO), fees (FEE) — and a statement whose new balance was edited is off.
 */
import { describe, expect, test } from "bun:test";
import { brief, fixture, read } from "./support.ts";

describe("CFONB 120", () => {
  test("MMO, FEE, RCN and REF complements are read into the operation's facts and text, its id text kept (impl8)", () => {
    const s = read(fixture("cfonb-120-complements.txt"), { fileName: "c.txt" });
    expect(brief(s.rows)).toEqual([
      [2, "2024-04-03", -57.4, "EUR", "CARTE 02/04 AMAZON US"],
      [5, "2024-04-08", 750, "EUR", "SCI LES TILLEULS · VIR SEPA RECU REMBOURSEMENT DEPOT GARANTIE"],
    ]);
    expect(s.rows.map((r) => r.facts)).toEqual([
      { valueDate: "2024-04-03", purpose: "CARTE 02/04 AMAZON US", originalAmount: 62.35, originalCurrency: "USD", exchangeRate: 1.0862, fees: 1.2 },
      { valueDate: "2024-04-08", reference: "VIR0804 · LOYER-2024-04 · E2E-88412", counterparty: "SCI LES TILLEULS", purpose: "VIR SEPA RECU REMBOURSEMENT DEPOT GARANTIE" },
    ]);
    // The content-hash id's text stays what it was before the RCN purpose was read (a file imported then is still recognised).
    expect(s.rows.map((r) => r.idText)).toEqual(["CARTE 02/04 AMAZON US", "SCI LES TILLEULS · VIR SEPA RECU"]);
  });

  test("a statement whose new balance (07) was edited is off by the difference, not checked ✓", () => {
    const s = read(fixture("cfonb-120-edited-balance.txt"), { fileName: "c.txt" });
    expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing, r.entries, r.difference])).toEqual([["off", 2480, 3172.5, 2, 0.1]]);
  });
});
