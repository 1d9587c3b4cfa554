/**
 * BoursoBank (Boursorama, France): `dateOp;dateVal;label;category;categoryParent;supplierFound;amount;comment;
 * accountNum;accountLabel;accountbalance`, UTF-8 with a BOM, ISO dates, one signed amount with a decimal comma (and
 * spaces for thousands), every account of the customer in one file (its number on each row), in euros (no currency
 * column). `accountbalance` is not read as a running balance (it is the account's, not the row's). Read by the
 * generic reader it took the data's main currency and put the account's label into every description (QA round 4).
 * Sources: peers' importers (a BoursoBank CSV parser's documented header, a beancount importer's EUR default).
 */
import type { BankLayout } from "../csv-layout.ts";

export const BOURSORAMA: BankLayout = {
  id: "boursorama",
  bank: "BoursoBank",
  name: "operations export",
  header: ["dateOp", "dateVal", "label", "amount", "accountNum"],
  encoding: "utf-8-bom",
  delimiter: ";",
  dates: ["YYYY-MM-DD"],
  decimal: ",",
  date: "dateOp",
  valueDate: "dateVal",
  money: { amount: "amount" },
  currency: { fixed: "EUR" },
  description: { columns: ["label", "comment"] },
  purpose: ["comment"],
  account: { columns: ["accountNum"] },
};
