/**
 * Discover (United States) credit card: `Trans. Date,Post Date,Description,Amount,Category`, month-first dates, a
 * purchase positive and a payment or credit negative ("INTERNET PAYMENT - THANK YOU" -500.00), dollars, no currency
 * column. Known by its header (the abbreviated "Trans. Date" beside "Post Date" and "Category"): a month of purchases
 * only has no payment row to show the sign by, and read by the header guess every purchase was money in (qa40, a real
 * export of two purchases, exit 0).
 */
import type { BankLayout } from "../csv-layout.ts";

export const DISCOVER: BankLayout = {
  id: "discover",
  bank: "Discover",
  name: "credit card",
  card: true,
  header: ["Trans. Date", "Post Date", "Description", "Amount", "Category"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["MM/DD/YYYY"],
  decimal: ".",
  date: "Trans. Date",
  valueDate: "Post Date",
  money: { amount: "Amount" },
  purchasesPositive: true,
  currency: { fixed: "USD" },
  description: { columns: ["Description"] },
};
