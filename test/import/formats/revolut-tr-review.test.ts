/**
 * Review of r4-qa51: what the Revolut layout in Spanish, Italian, French and Portuguese, and the Trade Republic (pytr)
 * layout, must not read. A declined payment left last (no completion date, no balance) was skipped by the generic reader
 * and booked by the layout; Portfolio Performance's import vocabulary (unsigned values, the side in "Typ") was taken for
 * pytr's; a German pytr file of whole euros read "1.500" as 1.50.
 */
import { expect, test } from "bun:test";
import { NeedsColumnMapping } from "../../../src/core/errors.ts";
import { parseStatement } from "../../../src/import/formats/index.ts";
import { read, utf8 } from "./support.ts";

test("Revolut in Spanish: a RECHAZADO payment left last is skipped, not booked (its balance cannot catch it)", () => {
  const text = [
    "Tipo,Producto,Fecha de inicio,Fecha de finalización,Descripción,Importe,Comisión,Divisa,State,Saldo",
    "Recargas,Actual,2026-01-30 08:10:00,2026-01-30 08:10:04,Recarga,300.00,0.00,EUR,COMPLETADO,300.00",
    "Pago con tarjeta,Actual,2026-01-31 22:40:12,2026-02-02 06:15:40,Panadería,-12.40,0.00,EUR,COMPLETADO,287.60",
    "Pago con tarjeta,Actual,2026-02-04 13:10:00,,Hotel Sol,-250.00,0.00,EUR,RECHAZADO,",
  ].join("\n");
  const s = read(utf8(text + "\n"), { fileName: "revolut.csv" });
  expect(s.layout).toBe("revolut");
  expect(s.rows.map((r) => [r.date, r.amount])).toEqual([["2026-01-30", 300], ["2026-02-02", -12.4]]);
  expect(s.skipped.map((k) => k.line)).toEqual([4]);
});

test("Portfolio Performance's import columns (a security name, the booking currency) are not a pytr export", () => {
  const text = ["Datum;Typ;Wert;Buchungswährung;Gebühren;Steuern;Stück;ISIN;Wertpapiername;Notiz", "02.03.2026;Einlage;5.000,00;EUR;;;;;;", "05.03.2026;Kauf;2.201,00;EUR;1,00;;10;US0378331005;Apple Inc;", "01.04.2026;Entnahme;300,00;EUR;;;;;;"].join("\n");
  let layout: string | null = null;
  try {
    layout = parseStatement(utf8(text + "\n"), { fileName: "pp.csv" }).layout;
  } catch (e) {
    expect(e).toBeInstanceOf(NeedsColumnMapping);
  }
  expect(layout).not.toBe("trade-republic");
});

test("a German pytr export of whole euros only (\"1.500\"): refused for its decimal mark, not read as 1.50", () => {
  const text = ["Datum;Typ;Wert;Notiz;ISIN;Stück;Gebühren;Steuern", "2026-05-04T09:15:02;Einlage;1.500;Jonas;;;;", "2026-05-06T14:40:31;Kauf;-1.250;MSCI Europe;LU0000000003;12;1;", "2026-05-28T19:22:10;Entnahme;-2.000;Jonas;;;;"].join("\n");
  expect(() => parseStatement(utf8(text + "\n"), { fileName: "pytr.csv" })).toThrow('pytr.csv: cannot tell the decimal mark of "Wert"');
});
