/**
 * DKB (Deutsche Kreditbank). The Girokonto export since 2023: every field quoted, a preamble (`"Girokonto";"DE…"`,
 * `"Kontostand vom …:";"4.093,32 €"`), `"Buchungsdatum";"Wertstellung";"Status";"Zahlungspflichtige*r";
 * "Zahlungsempfänger*in";"Verwendungszweck";"Umsatztyp";"IBAN";"Betrag (€)";…`, two-digit years, one signed amount
 * with a decimal comma and no fixed decimals (`-62,3`, `-1.450`), newest first. The other party is the payee of money
 * out and the payer of money in. Pending rows ("Vorgemerkt") are skipped. UTF-8 with BOM.
 *
 * The credit card since 2023 (`"Belegdatum";"Wertstellung";"Status";"Beschreibung";"Umsatztyp";"Betrag (€)";…`,
 * amounts with a euro sign, purchases negative) and the Girokonto until 2023 (ISO-8859-1, `"Buchungstag";
 * "Wertstellung";"Buchungstext";"Auftraggeber / Begünstigter";"Verwendungszweck";…;"Betrag (EUR)";…;`, whose
 * closing "Abschluss" line books the period's interest and charges, 0,00 when there were none). Research:
 * bank-layouts.md §20 (confidence high).
 */
import type { BankLayout } from "../csv-layout.ts";

const PENDING = { column: "Status", equals: ["vorgemerkt"], reason: "pending (Vorgemerkt): not booked yet" } as const;

export const DKB: BankLayout = {
  id: "dkb",
  bank: "DKB",
  name: "Girokonto (since 2023)",
  header: ["Buchungsdatum", "Wertstellung", "Status", "Zahlungspflichtige*r", "Zahlungsempfänger*in", "Verwendungszweck", ["Betrag (€)", "Betrag (EUR)"]],
  encoding: "utf-8-bom",
  delimiter: ";",
  dates: ["DD.MM.YY", "DD.MM.YYYY"],
  decimal: ",",
  date: "Buchungsdatum",
  valueDate: "Wertstellung",
  money: { amount: ["Betrag (€)", "Betrag (EUR)"] },
  party: { out: "Zahlungsempfänger*in", in: "Zahlungspflichtige*r" },
  description: { columns: ["Verwendungszweck"] },
  purpose: ["Verwendungszweck"],
  counterpartyIban: "IBAN",
  referenceFact: "Kundenreferenz",
  skip: [PENDING],
};

export const DKB_CARD: BankLayout = {
  id: "dkb-card",
  bank: "DKB",
  name: "credit card (since 2023)",
  card: true,
  header: ["Belegdatum", "Wertstellung", "Status", "Beschreibung", ["Betrag (€)", "Betrag (EUR)"]],
  encoding: "utf-8-bom",
  delimiter: ";",
  dates: ["DD.MM.YY", "DD.MM.YYYY"],
  decimal: ",",
  date: "Belegdatum",
  valueDate: "Wertstellung",
  money: { amount: ["Betrag (€)", "Betrag (EUR)"] },
  description: { columns: ["Beschreibung"] },
  counterparty: "Beschreibung",
  originalAmount: "Fremdwährungsbetrag",
  skip: [PENDING],
};

export const DKB_2022: BankLayout = {
  id: "dkb-2022",
  bank: "DKB",
  name: "Girokonto (until 2023)",
  header: ["Buchungstag", "Wertstellung", "Buchungstext", "Auftraggeber / Begünstigter", "Verwendungszweck", "Betrag (EUR)"],
  encoding: "windows-1252",
  delimiter: ";",
  dates: ["DD.MM.YYYY"],
  decimal: ",",
  date: "Buchungstag",
  valueDate: "Wertstellung",
  money: { amount: "Betrag (EUR)" },
  description: { columns: ["Auftraggeber / Begünstigter", "Verwendungszweck", "Buchungstext"] },
  counterparty: "Auftraggeber / Begünstigter",
  // The payer or payee, or empty (the closing's line: its interest and charges, or nothing); the kind is Buchungstext.
  partyNamed: true,
  purpose: ["Verwendungszweck"],
  counterpartyIban: "Kontonummer",
  // The closing ("Abschluss") books the period's interest and charges on its line: skipped only when it moved no money
  // (a quarter's overdraft interest of -7,50 was dropped with exit 0; review of r4-payee).
  skip: [{ column: "Buchungstext", equals: ["abschluss"], and: { column: "Betrag (EUR)", equals: ["0,00", "-0,00", "0"] }, reason: "the month's closing (Abschluss) with no amount: no payment" }],
};
