/**
 * S-Pankki (S-Bank, Finland): `Kirjauspäivä;Maksupäivä;Summa;Tapahtumalaji;Maksaja;Saajan nimi;Saajan tilinumero;
 * Saajan BIC-tunnus;Viitenumero;Viesti;Arkistointitunnus`, dates `DD.MM.YYYY`, a signed amount with a decimal comma
 * ("+2800,00", "-64,20"), the payer and the payee in columns of their own (the account holder's own name in the other),
 * the archive id unique per booking. Finnish accounts are in euros. Written from public descriptions of the export
 * (QA round 4, blind pass: "Summa" was no amount word, and the generic reader put the holder's own name in the
 * description of money received; confidence medium).
 */
import type { BankLayout } from "../csv-layout.ts";

export const S_PANKKI: BankLayout = {
  id: "s-pankki",
  bank: "S-Pankki",
  name: "account",
  header: ["Kirjauspäivä", "Maksupäivä", "Summa", "Tapahtumalaji", "Maksaja", "Saajan nimi"],
  encoding: "utf-8",
  delimiter: ";",
  dates: ["DD.MM.YYYY"],
  decimal: ",",
  date: "Kirjauspäivä",
  money: { amount: "Summa" },
  currency: { fixed: "EUR" },
  reference: "Arkistointitunnus",
  referenceFact: "Viitenumero",
  party: { out: "Saajan nimi", in: "Maksaja" },
  description: { columns: ["Viesti", "Tapahtumalaji"] },
  purpose: ["Viesti"],
  counterpartyIban: "Saajan tilinumero",
};
