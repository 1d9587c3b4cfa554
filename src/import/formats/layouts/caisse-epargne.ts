/**
 * Caisse d'Epargne (France), the account export of its web banking: `Date de comptabilisation;Libelle simplifie;Libelle
 * operation;Reference;Informations complementaires;Type operation;Categorie;Sous categorie;Debit;Credit;Date operation;
 * Date de valeur;Pointage operation` (its professional accounts: `Date comptable;Libelle simplifie;Reference;Informations
 * complementaires;Type operation;Debit;Credit;Date operation;Date de valeur;Pointage`), headers without accents,
 * day-first dates, a decimal comma, debits and credits in columns of their own, in euros (no currency column). Read by
 * the generic reader its euros were stored in the data's main currency (QA round 4, pass 18: a French budgeting app's
 * test fixtures of both exports, run as they are). "Reference" is the bank's reference of the payment (kept as a fact).
 */
import type { BankLayout } from "../csv-layout.ts";

const BOOKED = ["Date de comptabilisation", "Date comptable"];

export const CAISSE_EPARGNE: BankLayout = {
  id: "caisse-epargne",
  bank: "Caisse d'Epargne",
  name: "account export (personal and professional)",
  header: [BOOKED, "Libelle simplifie", "Informations complementaires", "Type operation", "Debit", "Credit"],
  encoding: "utf-8",
  delimiter: ";",
  dates: ["DD/MM/YYYY"],
  decimal: ",",
  date: BOOKED,
  valueDate: "Date de valeur",
  money: { debit: "Debit", credit: "Credit" },
  currency: { fixed: "EUR" },
  referenceFact: "Reference",
  description: { columns: ["Libelle operation", "Libelle simplifie", "Informations complementaires"] },
  counterparty: "Libelle simplifie",
  purpose: ["Informations complementaires"],
};
