/**
 * Revolut: `Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance`, date and time,
 * a signed amount with the fee apart (positive; the balance moves by Amount − Fee, so the row books both), a
 * currency per row, a running balance, oldest first. Rows not COMPLETED (PENDING, REVERTED, DECLINED, FAILED) moved
 * no money and are skipped. Each Product (Current, Savings, Deposit) runs a balance of its own: checked apart, added up. Research: bank-layouts.md §17 (confidence high).
 * The app's German export heads the same columns `Art,Produkt,Startdatum,Datum des Abschlusses,Beschreibung,Betrag,Gebühr,
 * Währung,Status,Saldo` ("Abschlussdatum" also seen) and may write "-12,90" with a decimal comma; its states are
 * ABGESCHLOSSEN, AUSSTEHEND… (a peer's importer test; QA round 4, pass 15: refused as "off by" every fee, read without
 * the layout). The Spanish, Italian, French and Portuguese apps translate the header too (Spanish and Italian leave
 * "State" in English, its values translated: COMPLETADO, PENDIENTE, REVERTIDO; COMPLETATO, IN SOSPESO, STORNATO,
 * OPERAZIONE ANNULLATA; TERMINÉ, EN ATTENTE; CONCLUÍDO). Read without the layout, a French file's last payment still
 * EN ATTENTE was booked (exit 0), and the Spanish and Italian files were refused as "off by" their fees (QA round 4,
 * pass 51; the spellings from peers' importer tests of real exports).
 */
import type { BankLayout, SkipRule } from "../csv-layout.ts";
import { NOT_BOOKED } from "../csv-words.ts";

// Each column in English, German, Spanish, Italian, French and Portuguese (the app's language).
const COMPLETED = ["Completed Date", "Datum des Abschlusses", "Abschlussdatum", "Fecha de finalización", "Data di completamento", "Date de fin", "Data de conclusão"];
const STARTED = ["Started Date", "Startdatum", "Fecha de inicio", "Data di inizio", "Date de début", "Data de início"];
const DESCRIPTION = ["Description", "Beschreibung", "Descripción", "Descrizione", "Descrição"];
const AMOUNT = ["Amount", "Betrag", "Importe", "Importo", "Montant", "Montante"];
const FEE = ["Fee", "Gebühr", "Comisión", "Costo", "Frais", "Taxa"];
const CURRENCY = ["Currency", "Währung", "Divisa", "Valuta", "Devise", "Moeda"];
const STATE = ["State", "Status", "État", "Estado"];

/** Rows not COMPLETED (both Revolut exports): no money moved. */
const NOT_COMPLETED: SkipRule = {
  column: STATE,
  // English, German, Spanish, Italian, French.
  equals: [
    "pending", "reverted", "declined", "failed",
    "ausstehend", "zurückgesetzt", "rückgängig gemacht", "abgelehnt", "fehlgeschlagen",
    "pendiente", "revertido",
    "in sospeso", "stornato", "rifiutato", "operazione annullata",
    "en attente",
    // Every other word a status column says "not booked" with (csv-words.ts), and its accented spellings: read without
    // the layout, a Spanish RECHAZADO or an Italian IN ATTESA was skipped (review of r4-qa51).
    ...NOT_BOOKED, "refusé", "annulé", "échoué", "rejeté", "pendente", "recusado", "falhado",
  ],
  reason: "not completed (pending, reverted, declined or failed): no money moved",
};

export const REVOLUT: BankLayout = {
  id: "revolut",
  bank: "Revolut",
  name: "account statement",
  header: [["Type", "Art", "Typ", "Tipo"], STARTED, COMPLETED, DESCRIPTION, AMOUNT, FEE, CURRENCY, STATE],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["YYYY-MM-DD HH:MM:SS"],
  decimal: "per file",
  date: COMPLETED,
  // A COMPLETED row with its "Completed Date" left blank (a Swedish account's export; QA round 4, pass 23: every row a bad
  // row, the file refused) took its money on the day it started.
  dateWhenEmpty: STARTED,
  money: { amount: AMOUNT },
  feeNotInAmount: true,
  fees: FEE,
  currency: { column: CURRENCY },
  balance: ["Balance", "Saldo", "Solde"],
  // A Savings or Deposit row's Balance is that pocket's (QA round 4, fifth pass: a move to Savings made the file "off").
  balancePocket: ["Product", "Produkt", "Producto", "Prodotto", "Produit", "Produto"],
  description: { columns: [DESCRIPTION] },
  counterparty: DESCRIPTION,
  skip: [NOT_COMPLETED],
};

/**
 * Revolut Business: `Date started (UTC),Date completed (UTC),ID,Type,State,Description,Reference,Payer,Card number,
 * Orig currency,Orig amount,Payment currency,Amount,Total amount,Exchange rate,Fee,Fee currency,Balance,Account,…`.
 * "Amount" leaves the fee out; "Total amount" has it and is what moved the balance (QA round 4, sixth pass: read by
 * its "Amount", every fee was lost and the balance column disagreed). One balance per account ("Main EUR"). Rows not
 * COMPLETED moved no money. Research: Revolut Business's help page on statements and peers' importers (confidence
 * medium).
 */
export const REVOLUT_BUSINESS: BankLayout = {
  id: "revolut-business",
  bank: "Revolut",
  name: "Business account statement",
  header: ["Date started (UTC)", "Date completed (UTC)", "State", "Description", "Payment currency", "Total amount", "Fee", "Balance"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["YYYY-MM-DD", "YYYY-MM-DD HH:MM:SS"],
  decimal: ".",
  date: "Date completed (UTC)",
  money: { amount: "Total amount" },
  fees: "Fee",
  currency: { column: "Payment currency" },
  balance: "Balance",
  balancePocket: "Account",
  description: { columns: ["Description", "Reference"] },
  counterparty: "Description",
  purpose: ["Reference"],
  referenceFact: "ID",
  counterpartyIban: "Beneficiary IBAN",
  originalAmount: "Orig amount",
  originalCurrency: "Orig currency",
  exchangeRate: "Exchange rate",
  skip: [NOT_COMPLETED],
};
