import { describe, expect, test } from "bun:test";
import { brief, fixture, read, utf8 } from "./support.ts";

// Norma 43 records written here, 80 characters each (positions as the reader's header says).
const pad = (s: string, n = 80) => s.padEnd(n, " ");
const n = (v: number, width: number) => String(v).padStart(width, "0");
const r11 = (account = "305807129988776655", opening = 50000, currency = "978") =>
  pad(`11${account}260301260331` + `2${n(opening, 14)}${currency}3` + pad("P.RUIZ MORA", 26));
const r22 = (date: string, dh: "1" | "2", cents: number) => pad(`22    0712${date}${date}12000${dh}${n(cents, 14)}${"0".repeat(22)}`);
const r23 = (text: string) => pad(`2301${pad(text, 38)}`);
const r33 = (nd: number, td: number, nh: number, th: number, closing: number, account = "305807129988776655", currency = "978") =>
  pad(`33${account}${n(nd, 5)}${n(td, 14)}${n(nh, 5)}${n(th, 14)}2${n(closing, 14)}${currency}`);
const r88 = (count: number) => pad(`88${"9".repeat(18)}${n(count, 6)}`);
const file = (...records: string[]) => utf8(records.map((r) => `${r}\r\n`).join(""));
const opts = { fileName: "extracto.n43" };

// 500.00 − 12.35 − 7.65 + 100.00 = 580.00
const account = [r11(), r22("260305", "1", 1235), r23("PANADERIA SOL"), r22("260309", "1", 765), r22("260320", "2", 10000)];

describe("Norma 43: each account's end (33) against what was read", () => {
  test("a 33 that agrees: read, reconciled, no note", () => {
    const s = read(file(...account, r33(2, 2000, 1, 10000, 58000), r88(7)), opts);
    expect(brief(s.rows)).toEqual([
      [2, "2026-03-05", -12.35, "EUR", "PANADERIA SOL"],
      [4, "2026-03-09", -7.65, "EUR", "Tarjetas de crédito - tarjetas débito"],
      [5, "2026-03-20", 100, "EUR", "Tarjetas de crédito - tarjetas débito"],
    ]);
    expect(s.reconciliation.map((r) => r.status)).toEqual(["ok"]);
    expect(s.notes).toEqual([]);
  });

  test("a 33 counting other debits and credits than the 22s is refused, naming the line and both figures", () => {
    expect(() => read(file(...account, r33(3, 2000, 1, 9000, 58000), r88(7)), opts)).toThrow(
      "extracto.n43: line 6: the account's end (33) counts 3 debits, the file has 2; totals the credits 90.00, the file's add up to 100.00: movements are missing or the file is not whole",
    );
  });

  test("a 33 naming another account or currency than its 11 is refused", () => {
    expect(() => read(file(...account, r33(2, 2000, 1, 10000, 58000, "305807120000000001", "840")), opts)).toThrow(
      'extracto.n43: line 6: the account\'s end (33) names the account 3058 0712 0000000001, its header (11, line 1) 3058 0712 9988776655; has the currency number "840", its header (11, line 1) "978": movements are missing or the file is not whole',
    );
  });

  test("no 88: a note that accounts after it could be missing", () => {
    const s = read(file(...account, r33(2, 2000, 1, 10000, 58000)), opts);
    expect(s.rows.length).toBe(3);
    expect(s.notes).toEqual(["the file has no end record (88): it stops at line 6, and accounts after it could be missing"]);
  });

  test("the last account without its 33: a note that movements could be missing", () => {
    const s = read(file(...account), opts);
    expect(s.reconciliation.map((r) => r.status)).toEqual(["none"]);
    expect(s.notes).toEqual([
      "the account 3058 0712 9988776655 (from line 1) has no end record (33): the file stops at line 5, movements after it could be missing, and its closing balance is not checked",
    ]);
  });

  test("an 88 whose count is neither the records before it nor those and itself: a note", () => {
    expect(read(file(...account, r33(2, 2000, 1, 10000, 58000), r88(6)), opts).notes).toEqual([]);
    expect(read(file(...account, r33(2, 2000, 1, 10000, 58000), r88(11)), opts).notes).toEqual([
      "the end of file (88, line 7) counts 11 records; the file has 6 before it",
    ]);
  });
});

describe("Norma 43: how the records are laid out", () => {
  const whole = [...account, r33(2, 2000, 1, 10000, 58000), r88(7)];
  const rows = [
    [2, "2026-03-05", -12.35, "EUR", "PANADERIA SOL"],
    [4, "2026-03-09", -7.65, "EUR", "Tarjetas de crédito - tarjetas débito"],
    [5, "2026-03-20", 100, "EUR", "Tarjetas de crédito - tarjetas débito"],
  ];

  test("records back to back without line breaks (the last one's trailing spaces gone) are split every 80 characters", () => {
    const s = read(utf8(whole.join("").trimEnd()), opts);
    expect(brief(s.rows)).toEqual(rows);
    expect(s.reconciliation.map((r) => r.status)).toEqual(["ok"]);
  });

  test("a line longer than a record in a file with line breaks is refused", () => {
    expect(() => read(file(account[0]!, account[1]! + account[2]!, r33(1, 1235, 0, 0, 48765)), opts)).toThrow(
      "extracto.n43: line 2: the line is 97 characters long, a record 80",
    );
  });

  test("a DOS end-of-file mark (Ctrl-Z) after the last record is no record", () => {
    const s = read(utf8(`${whole.map((r) => `${r}\r\n`).join("")}\x1a`), opts);
    expect(brief(s.rows)).toEqual(rows);
    expect(s.notes).toEqual([]);
  });
});

describe("Norma 43: a movement that cannot be read", () => {
  test("a badly dated movement is a bad row naming its date, its concept line skipped with it; the rest read, the balance then off", () => {
    // The 33 counts the movements the bank wrote: the badly dated one (12.35) too.
    const s = read(file(r11(), pad(`22    0712261340260305120001${n(1235, 14)}${"0".repeat(22)}`), r23("PANADERIA SOL"), ...account.slice(3), r33(2, 2000, 1, 10000, 58000), r88(7)), opts);
    expect(brief(s.rows)).toEqual([
      [4, "2026-03-09", -7.65, "EUR", "Tarjetas de crédito - tarjetas débito"],
      [5, "2026-03-20", 100, "EUR", "Tarjetas de crédito - tarjetas débito"],
    ]);
    expect(s.badRows).toEqual([{ line: 2, reason: 'operation date "261340" is not a real date (YYMMDD)' }]);
    expect(s.skipped).toEqual([{ line: 3, reason: "a concept line of the movement on line 2, which is a bad row" }]);
    expect(s.dataLines).toBe(4);
    expect(s.reconciliation.map((r) => [r.status, r.difference])).toEqual([["off", 12.35]]);
  });
});

describe("Norma 43: the user's flip of every sign", () => {
  // Before: --flip-signs was ignored for Norma 43 (every row as the D/H marks say, "balance checked ✓"), unsaid.
  test("turns every movement, and the balances the file states then say the flip contradicts them", () => {
    const s = read(fixture("norma43-es.n43"), { fileName: "una.n43", flipSigns: true });
    expect(s.rows.map((r) => r.amount)).toEqual([64.2, -2800, 64.5]);
    expect(s.reconciliation.map((r) => [r.status, r.difference, r.flipContradicts ?? false])).toEqual([["off", -5342.6, true]]);
  });
});

describe("Norma 43: a file of several accounts", () => {
  test("each account's movements go to its own number; one account given for every row (--account) is refused, naming them", () => {
    const bytes = fixture("norma43-two-accounts.n43");
    const s = read(bytes, { fileName: "dos-cuentas.n43" });
    expect(s.rows.map((r) => [r.line, r.account])).toEqual([[2, "2100 0418 4502000510"], [4, "2100 0418 4502000510"], [8, "2100 0418 4502000528"]]);
    expect(s.reconciliation.map((r) => r.account)).toEqual(["2100 0418 4502000510", "2100 0418 4502000528"]);
    // Before: every movement and both balances under the one name, two accounts' money added into one, exit 0.
    expect(() => read(bytes, { fileName: "dos-cuentas.n43", accountOverride: "Cuenta nomina" })).toThrow(
      `dos-cuentas.n43: the file holds 2 accounts (2100 0418 4502000510, 2100 0418 4502000528), and the account "Cuenta nomina" given for every row would put them all into one; nothing was imported: import it without naming an account, and each account's rows go to its own account`,
    );
    // A file of one account takes the name given.
    expect(read(fixture("norma43-es.n43"), { fileName: "una.n43", accountOverride: "Cuenta nomina" }).rows.map((r) => r.account)).toEqual(["Cuenta nomina", "Cuenta nomina", "Cuenta nomina"]);
  });
});
