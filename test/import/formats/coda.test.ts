/**
 * CODA (Belgium) beyond its fixtures (fixtures.test.ts): the facts of a movement (the other party's IBAN, the structured
 * communication and the client's reference, the value date), and files that are not whole or were edited — a movement's
 * amount, a record left out, the trailer's count — refused with the reason, never imported wrong; a batch whose details
 * do not add up to its total booked once, as the total.
 */
import { describe, expect, test } from "bun:test";
import { brief, cp1252, fixture, read, utf8 } from "./support.ts";

const LINES = new TextDecoder().decode(fixture("coda-be.cod")).split("\r\n").slice(0, -1);

/** coda-be.cod with some of its lines (1-based) changed (a function of the line, giving one line or several) or left out (null). */
function edited(changes: Record<number, ((l: string) => string | string[]) | null>): Uint8Array {
  return utf8(LINES.flatMap((l, i) => {
    const change = changes[i + 1];
    return change === null ? [] : [change ? change(l) : l].flat();
  }).join("\r\n") + "\r\n");
}

/** A record's characters from `from` (1-based, as Febelfin numbers them) replaced by `to`. */
const at = (from: number, to: string) => (l: string) => l.slice(0, from - 1) + to + l.slice(from - 1 + to.length);

const refusal = (bytes: Uint8Array) => {
  try {
    read(bytes, { fileName: "b.cod" });
  } catch (e) {
    return (e as Error).message;
  }
  return "read";
};

describe("CODA", () => {
  test("a movement's facts: the other party's IBAN, the structured communication and the client's reference, the value date", () => {
    const s = read(fixture("coda-be.cod"), { fileName: "b.cod" });
    expect(s.rows.map((r) => [r.line, r.facts.counterpartyIban ?? null, r.facts.reference ?? null, r.facts.valueDate ?? null, r.named ?? false])).toEqual([
      [3, "BE15001765432130", null, "2026-04-01", true],
      [6, "BE20733001234556", "+++090/0312/02627+++ · LOON-2026-03", "2026-04-01", true],
      [11, "BE65001223344596", null, "2026-04-01", true],
      [14, "BE74363001112207", null, "2026-04-01", true],
      [17, null, null, "2026-03-30", false],
      // Value date 000000: none.
      [20, null, null, null, false],
    ]);
  });

  test("structured communications read by place: a direct debit's mandate as reference, a payment abroad's original amount", () => {
    const s = read(fixture("coda-be-structured.cod"), { fileName: "b.cod" });
    expect(s.rows.map((r) => r.facts)).toEqual([
      { counterparty: "WATERBEDRIJF DE BRON", counterpartyIban: "BE32091000123402", purpose: "VOORSCHOT WATER APRIL 2026 KLANT 88213", reference: "WDB-2019-004411", valueDate: "2026-04-07" },
      { purpose: "CARREFOUR MARKET GENT", valueDate: "2026-04-06" },
      { counterparty: "LONDON BOOKS LTD", valueDate: "2026-04-05", originalAmount: 39.9, originalCurrency: "GBP", exchangeRate: 1.15037594 },
    ]);
  });

  test("the same records back to back, with no line breaks, read the same", () => {
    const s = read(utf8(LINES.join("")), { fileName: "b.cod" });
    // Numbered as records: the same numbers as the lines.
    expect(brief(s.rows)).toEqual(brief(read(fixture("coda-be.cod"), { fileName: "b.cod" }).rows));
  });

  test("a movement's amount edited (84.65 → 84.56): the trailer's debit total disagrees, refused", () => {
    expect(refusal(edited({ 3: at(33, "000000000084560") }))).toBe(
      "b.cod: line 23: the trailer (9) totals the debits 452.50, the file's movements add up to 452.41: records are missing or edited, or the file is not whole",
    );
  });

  test("a movement left out (its 2.1, 2.2 and 2.3): the trailer's count and debits disagree, refused", () => {
    expect(refusal(edited({ 3: null, 4: null, 5: null }))).toBe(
      "b.cod: line 20: the trailer (9) counts 20 records, the file has 17 (records 1, 2.x, 3.x and 8); totals the debits 452.50, the file's movements add up to 367.85: records are missing or edited, or the file is not whole",
    );
  });

  test("a continuation left out: the record that says one follows names it; a 2.2 left out, the trailer's count", () => {
    expect(refusal(edited({ 5: null }))).toBe("b.cod: line 5: the record on line 4 says a continuation of its movement (2.2 or 2.3) follows, this line is a record 2.1: a record is missing");
    expect(refusal(edited({ 9: null }))).toBe("b.cod: line 9: the record on line 8 says an information record (3.x) follows, this line is a record 2.1: a record is missing");
    expect(refusal(edited({ 4: null }))).toBe(
      "b.cod: line 22: the trailer (9) counts 20 records, the file has 19 (records 1, 2.x, 3.x and 8): records are missing or edited, or the file is not whole",
    );
  });

  test("a trailer whose count is wrong, and a trailer before the new balance, are refused", () => {
    expect(refusal(edited({ 23: at(17, "000021") }))).toBe(
      "b.cod: line 23: the trailer (9) counts 21 records, the file has 20 (records 1, 2.x, 3.x and 8): records are missing or edited, or the file is not whole",
    );
    expect(refusal(edited({ 21: null }))).toBe("b.cod: line 22: the trailer (9) before the new balance (8) of the statement from line 2");
  });

  test("an entry date that is no real date (31 February) is refused; only 000000 falls back to the value date", () => {
    expect(refusal(edited({ 3: at(116, "310226") }))).toBe('b.cod: line 3: the entry date "310226" is not a real date (DDMMYY)');
    expect(read(edited({ 3: at(116, "000000") }), { fileName: "b.cod" }).rows[0]!.date).toBe("2026-04-01");
  });

  test("a new balance (8) naming another account than its old balance (1): read, balances checked, and said in a note", () => {
    const s = read(edited({ 21: at(5, "BE71096123456769") }), { fileName: "b.cod" });
    expect([s.rows.map((r) => r.account), s.reconciliation.map((r) => r.status), s.notes]).toEqual([
      Array(6).fill("BE14063123456783"),
      ["ok"],
      ["the new balance (8, line 21) names the account BE71096123456769, its old balance (1, line 2) BE14063123456783: the statement's rows are booked to BE14063123456783"],
    ]);
  });

  test("a counterparty account of zeros (a bank's own booking) is no account", () => {
    const s = read(edited({ 5: at(11, "000000000000    ") }), { fileName: "b.cod" });
    expect(s.rows[0]!.facts.counterpartyIban ?? null).toBe(null);
  });

  test("a file without its trailer is read, and says its totals are not checked", () => {
    const s = read(edited({ 23: null }), { fileName: "b.cod" });
    expect([s.rows.length, s.reconciliation.map((r) => r.status), s.notes]).toEqual([6, ["ok"], ["the file from line 1 has no trailer (9): its records and totals are not checked"]]);
  });

  test("a batch whose details do not add up to its total (120.00 edited to 110.00) is booked once, as its total", () => {
    const s = read(edited({ 14: at(33, "000000000110000") }), { fileName: "b.cod" });
    expect(brief(s.rows).slice(2, 4)).toEqual([
      [10, "2026-04-01", -320, "EUR", "BATCH 2026-04 2 OVERSCHRIJVINGEN"],
      [17, "2026-04-01", -47.85, "EUR", "BETALING DEBETKAART 30-03 LONDON GBP 39,90"],
    ]);
    expect(s.skipped.slice(0, 2)).toEqual([
      { line: 11, reason: "a detail of the total on line 10 (globalisation): its amount 200.00 is part of that booking, not a booking of its own" },
      { line: 14, reason: "a detail of the total on line 10 (globalisation): its amount 110.00 is part of that booking, not a booking of its own" },
    ]);
    expect(s.notes).toEqual(["the total on line 10 (EUR -320.00) is booked as one row: its details (lines 11, 14) add up to EUR -310.00"]);
    expect(s.reconciliation.map((r) => [r.status, r.entries, r.difference])).toEqual([["ok", 5, 0]]);
  });

  test("a globalisation its last detail does not close: the next movement that is no detail ends it, said", () => {
    const s = read(edited({ 14: at(125, "0") }), { fileName: "b.cod" });
    expect(brief(s.rows)).toEqual(brief(read(fixture("coda-be.cod"), { fileName: "b.cod" }).rows));
    expect(s.notes).toEqual(["the globalisation of the total on line 10 is not closed by a detail with its code 1: it ends before line 17"]);
    expect(s.reconciliation.map((r) => r.status)).toEqual(["ok"]);
  });

  test("a file that stops before its new balance (8): its rows, its balance not checked, and why", () => {
    const s = read(edited({ 21: null, 22: null, 23: null }), { fileName: "b.cod" });
    expect([s.rows.length, s.reconciliation.map((r) => [r.status, r.opening, r.closing, r.entries]), s.notes]).toEqual([
      6,
      [["none", 1250.4, null, 6]],
      ["the statement of BE14063123456783 (from line 2) has no new balance (8): the file stops before it, movements after it could be missing, and its balance is not checked"],
    ]);
  });

  test("a globalisation in two levels: the total booked as its first-level details, their own details skipped", () => {
    // The first detail of the batch (200.00, line 11) opens a level 2 (code 2) with two details of its own (150.00 and
    // 50.00, type 9), the second of which closes it; inserted after its 2.3 (line 13). The trailer counts them.
    const detail = (amount: string, glob: string) => (l: string) => at(126, "0")(at(125, glob)(at(54, "9")(at(33, amount)(l))));
    const s = read(edited({
      11: at(125, "2"),
      13: (l) => [l, detail("000000000150000", "0")(LINES[10]!), detail("000000000050000", "2")(LINES[10]!)],
      23: at(17, "000022"),
    }), { fileName: "b.cod" });
    expect(brief(s.rows).map((r) => r[0])).toEqual([3, 6, 11, 16, 19, 22]);
    expect(s.skipped.slice(0, 3)).toEqual([
      { line: 10, reason: "a total of 2 movements (globalisation), booked as its details on lines 11, 16, which add up to it" },
      { line: 14, reason: "a detail of the detail on line 11 of the total on line 10 (globalisation): part of that booking, not a booking of its own" },
      { line: 15, reason: "a detail of the detail on line 11 of the total on line 10 (globalisation): part of that booking, not a booking of its own" },
    ]);
    expect([s.dataLines, s.rows.length + s.skipped.length, s.reconciliation.map((r) => r.status), s.notes]).toEqual([11, 11, ["ok"], []]);
  });

  test("a movement that says nothing but its transaction code is named by the code's family", () => {
    // Line 20's communication blanked: its code 0 04 01 000 is of the family 04, cards.
    const s = read(edited({ 20: at(63, " ".repeat(53)) }), { fileName: "b.cod" });
    expect(brief(s.rows)[5]).toEqual([20, "2026-04-02", 15, "EUR", "Cards"]);
  });

  test("a CODA file of version 1 is refused, naming it", () => {
    expect(refusal(edited({ 1: at(128, "1") }))).toBe('b.cod: line 1: the header (0) says CODA version "1": this reader reads version 2 (download the statement as CODA 2, camt.053 XML or MT940 instead)');
  });
});

describe("CODA in windows-1252", () => {
  test("a name with accents, as Belgian banks write it (one byte a character), is read at its places", () => {
    const text = LINES.map((l, i) => (i + 1 === 8 ? l.replace("ATELIER PEETERS BV", "CRÈCHE L'ÉTOILE BV") : l)).join("\r\n") + "\r\n";
    const s = read(cp1252(text), { fileName: "b.cod" });
    expect([s.rows[1]!.description, s.rows[1]!.amount, s.reconciliation[0]!.status]).toEqual(["CRÈCHE L'ÉTOILE BV · +++090/0312/02627+++ · LOON MAART 2026 BEDIENDE", 2450, "ok"]);
  });
});
