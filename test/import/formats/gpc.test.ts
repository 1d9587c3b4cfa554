/**
 * GPC (ABO) beyond its fixture (fixtures.test.ts): an item's facts (the other party, the bank's id and symbols, the
 * value date), the balances of a header checked against its items, and what is refused rather than guessed.
 */
import { describe, expect, test } from "bun:test";
import { fixture, read } from "./support.ts";

/** The fixture as text, to edit one field of it (the file is ASCII). */
const text = () => new TextDecoder().decode(fixture("gpc-fio-cz.gpc"));
const bytes = (t: string) => new TextEncoder().encode(t);

describe("GPC (ABO)", () => {
  test("an item's facts: the other party, the bank's id with the payment's symbols, the value date; a 078 line is the purpose", () => {
    const s = read(bytes(text()), { fileName: "v.gpc" });
    expect(s.rows.map((r) => r.facts)).toEqual([
      { counterparty: "ELEKTRO ENERGIE AS", reference: "8812004101 · VS 2024031501 · KS 0308", valueDate: "2024-04-01" },
      { counterparty: "ZAMESTNAVATEL SRO", reference: "8812004102 · KS 0138", valueDate: "2024-04-10" },
      { counterparty: "KARTA LIDL PRAHA", reference: "8812004103", valueDate: "2024-04-14", purpose: "NAKUP KARTOU 412500******1234 PRAHA 5 CZ" },
      { counterparty: "VRACENI PLATBY", reference: "8812004104 · VS 77001", valueDate: "2024-04-22" },
    ]);
  });

  test("a 076 between an item and its 078 ends no item: the message is still its purpose (review of r4-qa49: it was lost, exit 0)", () => {
    const lines = text().split("\r\n");
    const with076 = [...lines.slice(0, 4), "07600000000000000000000000000000000000000000000000000000000000000000000", ...lines.slice(4)].join("\r\n");
    const s = read(bytes(with076), { fileName: "v.gpc" });
    expect(s.rows.map((r) => r.facts.purpose ?? null)).toEqual([null, null, "NAKUP KARTOU 412500******1234 PRAHA 5 CZ", null]);
  });

  test("a header whose new balance was edited is off by the difference", () => {
    const edited = text().replace("+00000005576010+", "+00000005576000+");
    const s = read(bytes(edited), { fileName: "v.gpc" });
    expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing, r.entries, r.difference])).toEqual([["off", 15000, 55760, 4, 0.1]]);
  });

  test("an accounting code other than 1, 2, 4 or 5 is a bad row, not booked with a guessed sign", () => {
    const s = read(bytes(text().replace("0000000389901", "0000000389903")), { fileName: "v.gpc" });
    expect(s.rows.map((r) => r.line)).toEqual([2, 3, 6]);
    expect(s.badRows).toEqual([{ line: 4, reason: 'accounting code "3" is none of 1 (debit), 2 (credit), 4 (storno of a debit), 5 (storno of a credit)' }]);
  });

  test("an item of another account than its header's is refused", () => {
    const other = text().split("\r\n").map((l, i) => (i === 2 ? l.replace("0750000001234567890", "0750000001234567891") : l)).join("\r\n");
    expect(() => read(bytes(other), { fileName: "v.gpc" })).toThrow("v.gpc: line 3: the item names the account 1234567891, its header (074, line 1) 1234567890");
  });
});
