import { expect, test } from "bun:test";
import { read, utf8 } from "./support.ts";

// r4-signs3 item 5: pytr writes Trade Republic's times in UTC; the holder's day is Berlin's (CET in winter, CEST in summer).
test("a pytr export's UTC times are booked on Berlin's day: a payment after midnight there is not dated the day before", () => {
  const text = [
    "Date;Type;Value;Note;ISIN;Shares;Fees;Taxes",
    // 23:30 UTC in January is 00:30 CET the next day; 22:10 UTC in July is 00:10 CEST the next day.
    "2026-01-14T23:30:05;Removal;-18.40;Card Payment - Night Bakery Sonnenkorn;;;;",
    // 22:59 UTC in January is 23:59 CET, the same day; 21:59 UTC in July is 23:59 CEST, the same day.
    "2026-01-15T22:59:00;Removal;-7.20;Card Payment - Kiosk am Ring;;;;",
    "2026-07-03T22:10:41;Removal;-12.00;Card Payment - Late Tram;;;;",
    "2026-07-04T21:59:59;Deposit;250.00;Marta Lindqvist;;;;",
    // A date without its time (older pytr) is the day as written.
    "2026-07-06;Deposit;10.00;Marta Lindqvist;;;;",
  ].join("\n");
  const s = read(utf8(text + "\n"), { fileName: "transactions.csv" });
  expect(s.layout).toBe("trade-republic");
  expect(s.rows.map((r) => [r.date, r.amount])).toEqual([
    ["2026-01-15", -18.4],
    ["2026-01-15", -7.2],
    ["2026-07-04", -12],
    ["2026-07-04", 250],
    ["2026-07-06", 10],
  ]);
  // A row's id keeps the day as written (its UTC day): a file imported before is not booked again with its moved rows.
  expect(s.rows.map((r) => r.idDate ?? null)).toEqual(["2026-01-14", null, "2026-07-03", null, null]);
});
