/**
 * The words banks head their CSV columns with, and write in their sign columns, in English,
 * German, French, Italian, Dutch and Spanish (SPEC §10.1). Headers are compared normalised: lower
 * case, accents off, letters and digits apart ("Montant débité" → "montant debite").
 */

import type { Role } from "./csv-roles.ts";
import { WORLD_INDICATORS, WORLD_INDICATORS_UNDER, WORLD_NEUTRAL, WORLD_NOT_BOOKED, WORLD_WORDS } from "./csv-words-world.ts";

/**
 * Lower case, accents off, letters and digits apart, words written together in camel case apart ("Beschreibung1" →
 * "beschreibung 1", "Débit" → "debit", Boursorama's "dateOp" → "date op"); the Nordic letters that are no accented
 * ones (ø, æ, Polish ł, đ, Icelandic ð and þ) as their plain ones ("Beløb" → "belob", "Tytuł" → "tytul": it was "tytu", and ING Bank
 * Śląski's title column was left out of the description; QA round 4, pass 9).
 */
export function normaliseHeader(h: string): string {
  return h.includes("\ufffd") ? lostLetters(h, LOST_LETTER_GUESSES) : plainHeader(h);
}

/** A card's or a loan's amount owed, as a header of the balance column names it (no "balance" in it): OWED_BALANCE_HEADERS. */
const OWED_AMOUNT = ["amount owed", "amount owing"];

/**
 * The headers that joined a description, or moved a row's date, after the content-hash ids were fixed, normalised:
 * Hype's "Nome" (the other party) and "Tipologia" (the kind) since bc56641; since ff421e0 (qa34) Nordea Finland's
 * "Mottagare/Betalare" and "Bokningsdag", Bank Pekao's "Tytułem", Air Bank's "Název protistrany", Danske's
 * "Specifikation"; Westpac NZ's "Other Party" and the Israeli cards' merchant and original-amount words (qa35). A
 * file with no round-3 text column takes its ids from the description, and every file from the date, as read without
 * them (csv-guess.ts: idDescription, idDate). Every word added to WORDS belongs here (test:
 * words-when-ids-were-fixed.test.ts).
 */
export const JOINED_SINCE_IDS = new Set([
  "nome", "tipologia", "mottagare betalare", "betalare mottagare", "bokningsdag", "tytulem", "nazev protistrany", "specifikation",
  // qa35: Westpac NZ's "Other Party"; the Israeli card exports' merchant ("שם בית העסק") and the purchase's own amount.
  "other party", "שם בית העסק", "שם בית עסק", "בית עסק", "סכום עסקה", "סכום העסקה", "סכום מקורי",
  // Issue 32: Venmo's "From" and "To".
  "from", "to",
  // qa42: PayPal's French "Nom" (the other party).
  "nom",
  // qa43: VTB's and Bulgarian banks' "Основание" (the payment's grounds).
  "основание",
  // r4-signs3: a card's "Amount owed" (OWED_BALANCE_HEADERS), a balance.
  ...OWED_AMOUNT,
]);

/**
 * A header as it was read when the ids were fixed: a word of JOINED_SINCE_IDS is no word (its norm matches none), and a
 * lost letter (U+FFFD) is not guessed as "l" ("Tytu\ufffd" was no word then: ING's title column was left out of the ids).
 */
export function headerAsIdsWereFixed(h: string): string {
  const n = h.includes("\ufffd") ? lostLetters(h, LOST_LETTER_GUESSES_WHEN_IDS_WERE_FIXED) : plainHeader(h);
  return JOINED_SINCE_IDS.has(n) ? `\u0001${n}` : n;
}

function plainHeader(h: string): string {
  const prepared = h.replace(/(\p{Ll})(\p{Lu})(?=\p{Ll})/gu, "$1 $2").replace(/[øØ]/g, "o").replace(/[æÆ]/g, "ae").replace(/[łŁ]/g, "l").replace(/[đĐðÐ]/g, "d").replace(/[þÞ]/g, "th");
  return NON_LATIN_LETTER.test(prepared) ? nonLatinHeader(prepared) : round3Header(prepared);
}

/**
 * A header whose accented letters were lost to U+FFFD (a cp1252 file opened as UTF-8 and saved again: Fortuneo's "Date
 * op�ration;Date valeur;libell�;D�bit;Cr�dit;"; QA round 4, pass 23: its debit and credit columns were no
 * words, "the file has no header row"): each lost letter (a U+FFFD against a letter) read as the plain letter (e, a, o, i,
 * u, c: é, ä, ó, …) that makes the header a word of some role, the first that does; else as a gap between words, as before.
 */
function lostLetters(h: string, guesses: readonly string[]): string {
  for (const letter of guesses) {
    const n = plainHeader(h.replace(LOST_LETTER, letter));
    if ((Object.keys(WORDS) as Role[]).some((role) => headerTier(n, role) !== null)) return n;
  }
  return plainHeader(h);
}

/**
 * Vowels and ç first; then Polish ł (ING Bank Śląski's "Tytuł" lost to "Tytu\ufffd" in its cp1250 export saved again as
 * UTF-8: qa34's blind pass, the title column left out of every row).
 */
const LOST_LETTER_GUESSES_WHEN_IDS_WERE_FIXED = ["e", "a", "o", "i", "u", "c"];
const LOST_LETTER_GUESSES = [...LOST_LETTER_GUESSES_WHEN_IDS_WERE_FIXED, "l"];
/**
 * A U+FFFD that stands for a letter: one against a letter ("libell\ufffd", "D\ufffdbit"). One between other marks stood for a
 * symbol ("Betrag (\ufffd)", DKB's lost "€": read as "betrag e", its card layout was no longer known; review of r4-qa23).
 */
const LOST_LETTER = /(?<=\p{L})\ufffd|\ufffd(?=\p{L})/gu;

/** A letter of a script other than Latin that banks head their columns in (Cyrillic, Greek, Hebrew, Arabic, Thai, CJK, Hangul). */
const NON_LATIN_LETTER = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Thai}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * round3Header's normal form for a header with letters of another script ("Дата операции" → "дата операции", "Ποσό" →
 * "ποσο", "出金(円)" → "出金 円"): those letters kept beside a-z and 0-9 (round 3 dropped them, and a Russian, Greek or
 * Japanese header was empty: QA round 4, pass 12). Accents off, composed again (Hangul syllables, kana); Cyrillic й and ё
 * lose their marks like any accent (the word lists are written through this same function).
 */
function nonLatinHeader(h: string): string {
  return h
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .normalize("NFC")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/(\p{L})(\d)/gu, "$1 $2")
    .replace(/[^a-z0-9\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Thai}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]+/gu, " ")
    .trim();
}

/**
 * A header as round 3 normalised it (no camel-case split, ø and æ dropped), frozen: the content-hash id of a guessed
 * CSV's row takes its text from the columns round 3 chose with it, so a file imported before round 4 is still known.
 */
export function round3Header(h: string): string {
  return h
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/([a-z])(\d)/g, "$1 $2")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export type { Role };

/**
 * Header words per role, best first (one tier per array). A header matches a phrase when it equals
 * it or holds it as whole words; a phrase written "=x" matches only a header that is exactly x
 * (short words such as "af", "bij", "s" would match too much inside other headers).
 */
export const WORDS: Record<Role, string[][]> = {
  date: [
    ["booking date", "buchungsdatum", "buchungstag", "buchung", "completed date", "date comptable", "date de comptabilisation", "data contabile", "data di registrazione", "data di contabilizzazione", "posting date", "posted date", "date posted", "boekdatum", "fecha contable", "fecha de contabilizacion",
      // Swedish, Danish, Norwegian, Finnish (Handelsbanken's "Reskontradatum" is its booking day; "Transaktionsdatum"
      // beside it is the day of the purchase).
      "reskontradatum", "bokforingsdag", "bokforingsdatum", "bokfort", "bokford", "bogfort", "bogforingsdato", "bokforingsdato", "kirjauspaiva",
      // Nordea Finland's Swedish 'Transaktioner' export: "Bokningsdag" beside "Valutadag" and "Betalningsdag" (qa34: its
      // rows were dated by "Valutadag", the value date, a day before the booking when they differ; the ids keep that date,
      // JOINED_SINCE_IDS). "Betalningsdag" is no date word: the payment or due day of a Swedish card or invoice export.
      "bokningsdag",
      // Dutch and Flemish banks' booking and execution dates (Belfius, BNP Paribas Fortis).
      "boekingsdatum", "uitvoeringsdatum", "verwerkingsdatum",
      // Polish; Czech and Slovak (ČSOB's, Raiffeisen CZ's "Datum zaúčtování", beside its "Datum provedení").
      "data ksiegowania", "datum zauctovani", "datum zauctovania",
      // Portuguese (Brazil: Itaú's "Data lançamento").
      "data lancamento", "data do lancamento",
      // Deutsche Bank's card export: "Eingangstag", the day a purchase was booked (beside "Belegdatum", the receipt's).
      "eingangstag"],
    ["date", "datum", "data", "transaction date", "transaktionsdatum", "belegdatum", "trade date", "abschlussdatum", "purchase date", "einkaufsdatum", "date operation", "date de transaction", "data operazione", "data dell operazione", "fecha", "fecha operacion", "transactiedatum", "dato", "datum", "transaktionsdag", "maksupaiva", "tapahtumapaiva", "data operacji", "data transakcji",
      // Sabadell's "F. Operativa" (Spain). (ING España's only date, "F. VALOR", is read as the value date, which dates a
      // file that has no other.)
      "f operativa", "fecha operativa", "f operacion",
      // Venmo's "Datetime".
      "datetime", "date time", "date and time",
      // Monzo's older export ("created": 2018-02-25 12:34:56 +0000).
      "=created",
      // ABN AMRO's Excel export, saved as CSV ("transactiondate", "Transactiedatum"; QA round 21: refused).
      "transactiondate"],
  ],
  valueDate: [["value date", "valuta", "valutadatum", "wertstellung", "date valeur", "date de valeur", "data valuta", "data di valuta", "fecha valor", "rentedatum", "valutadatum", "date val", "valutadag", "rentedag", "arvopaiva", "f valor", "valuedate"]],
  amount: [["amount", "betrag", "montant", "importo", "umsatz", "transaction amount", "sum", "summe", "value", "bedrag", "importe", "importo della transazione", "montant de la transaction", "belopp", "belob", "belop", "maara",
    // HDFC Bank's card statement ("AMT"; exact only).
    "=amt",
    // Polish (mBank's "#Kwota").
    "kwota", "kwota operacji",
    // Czech and Slovak (Fio's "Objem", "Částka").
    "objem", "castka",
    // Portuguese (Nubank's account export "Valor"; exact only: Spanish and Portuguese "Fecha valor"/"Data valor" are value dates).
    "=valor", "valor r",
    // PayPal's amount after its fee (beside "Gross"/"Brutto", which the fee still has to come off).
    "net", "netto", "net amount", "montant net", "importo netto", "neto",
    // Portuguese (Millennium bcp's "Montante"), Finnish, Estonian and Latvian ("Summa": S-Pankki, Swedbank).
    "montante", "=summa",
    // A Sparkasse card's export (Ostseesparkasse: "Buchungsbetrag" beside "Originalbetrag").
    "buchungsbetrag",
    // ABN AMRO's Excel export, in Dutch, saved as CSV (QA round 21: refused).
    "transactiebedrag"]],
  debit: [
    [
      "debit", "debits", "debit amount", "amount debited", "withdrawal", "withdrawals", "paid out", "money out", "out",
      "belastung", "belastungen", "lastschrift", "soll", "ausgang", "ausgaben", "abgang",
      "debite", "montant debite", "debit en", "sortie", "sorties", "retrait", "retraits",
      "addebito", "addebiti", "importo di addebito", "uscite", "uscita", "dare", "importo dare",
      "=af", "bedrag af", "debet",
      "cargo", "cargos", "importe cargo", "debito", "salida", "salidas",
      // Norwegian (DNB's "Uttak fra konto"), Danish, Swedish, Finnish.
      "uttak", "uttak fra konto", "haevet", "haevning", "uttag", "veloitus", "=ut",
      // Canadian banks (Simplii's " Funds Out").
      "funds out",
      // Polish (Bank Millennium's "Obciążenia").
      "obciazenia", "obciazenie",
      // Swiss cantonal banks' "Belastungsbetrag (CHF)" (BLKB; Bank Cler's layout has it too).
      "belastungsbetrag",
      // YNAB's register export ("Outflow" beside "Inflow"; QA round 4, pass 27: refused).
      "outflow",
      // Toshl's export ("Expense amount" beside "Income amount"; qa33: refused, the expense column taken for a signed amount).
      "expense amount",
    ],
  ],
  credit: [
    [
      "credit", "credits", "credit amount", "amount credited", "deposit", "deposits", "paid in", "money in",
      "gutschrift", "gutschriften", "haben", "eingang", "einnahmen", "zugang",
      "credite", "montant credite", "credit en", "entree", "entrees", "versement", "versements",
      "accredito", "accrediti", "importo di accredito", "entrate", "entrata", "avere", "importo avere",
      "=bij", "bedrag bij",
      "abono", "abonos", "importe abono", "credito", "ingreso", "ingresos",
      "innskudd", "innskudd pa konto", "indsat", "indsaettelse", "insattning", "hyvitys", "=inn",
      "funds in",
      // Polish (Bank Millennium's "Uznania").
      "uznania", "uznanie",
      "gutschriftsbetrag",
      "inflow",
      "income amount",
    ],
  ],
  indicator: [
    [
      "debit credit", "credit debit", "soll haben", "haben soll", "s h", "d c", "c d", "dr cr", "cr dr", "af bij", "bij af",
      "debit credit indicator", "soll haben kennzeichen", "cdtdbtind", "belastung gutschrift", "gutschrift belastung",
      "addebito accredito", "accredito addebito", "dare avere", "credit debit indicator", "debito credito", "cargo abono",
      "=type", "=typ", "=art", "=sign", "=indicator", "=sens", "=segno", "=signe", "=direction", "=richtung", "=vorzeichen",
      "=dc", "=cd", "=sh", "=mouvement", "=tipo",
      "inflow outflow", "outflow inflow", "inflow or outflow", "inflow or outflow indicator",
      // ICICI Bank's card export: "BillingAmountSign", "CR" on money in, empty on a purchase.
      "=billing amount sign",
    ],
  ],
  currency: [["currency", "wahrung", "waehrung", "whrg", "devise", "valuta", "divisa", "ccy", "curr", "currency code", "monnaie", "moneta", "munt", "moneda", "=whg", "devies", "mena", "valuutta",
    // Polish (PKO BP, ING Bank Śląski: "Waluta"; QA round 4, pass 9: their PLN rows were stored in the data's main currency), Portuguese.
    "waluta", "moeda",
    // A Sparkasse card's export: "Buchungswährung", the booked amount's (beside "Originalwährung", the purchase's).
    "buchungswahrung"]],
  balance: [["balance", "saldo", "solde", "kontostand", "running balance", "balance after", "saldo nach buchung", "solde apres", "saldo dopo", "running bal", "guthaben",
    // Czech and Slovak (ČSOB's "zůstatek").
    "zustatek", "zostatok",
    // A card's or a loan's amount owed (OWED_BALANCE_HEADERS): a balance, not the amount ("Amount owed").
    ...OWED_AMOUNT]],
  detail: [
    [
      "individual amount", "einzelbetrag", "betrag detail", "detail amount", "sous montant", "montant partiel", "montant individuel",
      "importo singolo", "importo parziale", "teilbetrag", "deelbedrag", "importe parcial",
      // ZKB's English and French exports ("Amount details", "Montant détail": QA round 4, pass 15).
      "amount details", "montant detail", "importo dettaglio",
      // BLKB's and TKB's "Betrag Einzelzahlung (CHF)", a collective order's parts (QA round 4, pass 20: taken for the
      // amount, every booking was refused as having none).
      "betrag einzelzahlung",
    ],
  ],
  payee: [["payee", "payee name",
    "beneficiary", "empfanger", "empfaenger", "zahlungsempfanger", "zahlungsempfaenger", "zahlungsempfanger in", "beguenstigter", "creditor", "beneficiaire", "beneficiario", "destinataire", "begunstigde",
    // Oberbank's (AT) "Empfängername" beside "Auftraggebername" (qa25's blind pass: neither was read, the rows kept no other party).
    "empfangername", "empfaengername", "empfanger name",
    // Venmo's "To" beside its "From" (the payee of money out, the payer of money in: QA issue 32, every statement's names
    // left out, only the note kept). Exact only, as "From".
    "=to"]],
  payer: [["payer", "zahlungspflichtiger", "zahlungspflichtige", "zahlungspflichtige r", "auftraggeber", "remitter", "debtor", "donneur d ordre", "ordinante", "opdrachtgever", "ordenante",
    "auftraggebername", "auftraggeber name", "=from"]],
  party: [["counterparty", "counterparty name", "counter party", "merchant", "merchant name", "name", "auftraggeber empfanger", "auftraggeber empfaenger", "beguenstigter zahlungspflichtiger", "gegenpartei", "contrepartie", "controparte", "naam", "tegenpartij", "naam omschrijving", "contraparte",
    // Deutsche Bank's "Begünstigter / Auftraggeber" is both sides (its "Abweichender Empfänger" is the payee column).
    "begunstigter auftraggeber", "auftraggeber begunstigter", "begunstigter zahlungspflichtiger", "empfanger zahlungspflichtiger", "empfaenger zahlungspflichtiger", "naam tegenpartij", "namn", "navn", "saaja maksaja", "mottaker",
    // Nordea Finland's Swedish export: "Mottagare/Betalare" (qa34: the other party left out of every row).
    "mottagare betalare", "betalare mottagare", "nimi", "nazev protiuctu",
    // Erste's George (Austria); Czech (ČSOB's "název účtu protiúčtu", Raiffeisen CZ's "Název obchodníka"); Polish (ING's
    // "Dane kontrahenta", Millennium's "Odbiorca/Zleceniodawca").
    "partnername", "nazev uctu protiuctu", "nazev obchodniku", "nazev obchodnika", "obchodnik", "dane kontrahenta", "nazwa kontrahenta", "nadawca odbiorca", "odbiorca nadawca",
    "kontrahent", "odbiorca zleceniodawca", "odbiorca", "zleceniodawca",
    // Air Bank's (Czech) "Název protistrany", the other party (qa34's blind pass: left out; a card payment had no text at all).
    "nazev protistrany",
    // KBC's card export (Belgium): "Handelaar", the merchant.
    "handelaar",
    // Knab's "Tegenrekeninghouder" (the other account's holder), Belfius's French "Nom contrepartie contient" (QA round 4, pass 15).
    "tegenrekeninghouder", "nom contrepartie contient", "nom contrepartie", "nom de la contrepartie", "naam tegenpartij bevat",
    // PayPal's Spanish download: "Nombre", its "Name" (QA round 4, qa24: the other party left out of every description).
    // Exact only (review of qa24: "Nombre del titular", "Nombre de la cuenta" are the holder's, the account's).
    "=nombre",
    // Its French download: "Nom" (qa42's blind pass: BIZ4Africa's sample, every payment's payee left out). Exact only,
    // as "Nombre" ("Nom de la banque" is PayPal's bank's name).
    "=nom",
    // Hype's (Italy) "Nome" beside its "Descrizione": the other party ("Acme Srl" for a salary whose text is "STIPENDIO
    // FEBBRAIO"; qa31: left out of every description). Exact only, as "Nombre".
    "=nome",
    // Westpac New Zealand's "Other Party" (the payee or payer; qa35's blind pass: left out of every description). Exact only:
    // BNZ's "Other Party Account" is its account number.
    "=other party"]],
  text: [["description", "booking text", "buchungstext", "text", "beschreibung", "libelle", "descrizione", "details", "bezeichnung", "transaction details", "narrative", "designation", "description 1", "beschreibung 1", "omschrijving", "descripcion", "concepto", "texte", "testo",
    "buchungsdetails", "detail de l ecriture", "detail", "transactie", "label", "libelles", "tekst", "rubrik", "beskrivning", "beskrivelse", "selitys", "forklaring", "otsikko",
    // Danske Bank Sweden's "Specifikation" (qa34's blind pass: refused, "cannot tell which columns hold the description").
    "specifikation",
    "item title", "artikelbezeichnung", "titre de l objet", "subject", "betreff", "objet", "opis operacji", "opis", "tytul", "tytul operacji",
    // Indian banks (HDFC's "Narration", "Particulars"; QA round 4, pass 9: refused).
    "narration", "particulars",
    // A Norma 43 (CSB43, Spain) statement written as CSV by csb43's csb2format: its two concept lines.
    "item 1", "item 2",
    // Czech (Komerční banka's "Systémový popis", ČSOB's "označení operace"); Portuguese (Nubank's "Descrição", its card's
    // "title"; Bradesco's "Histórico", Itaú's "lançamento").
    "popis", "systemovy popis", "oznaceni operace", "descricao", "=title", "historico", "=lancamento",
    // Nordea's older Swedish export ("Datum,Transaktion,Kategori,Belopp,Saldo"; qa28: refused, no description column).
    "=transaktion",
    // Banco do Brasil's "Detalhes" beside "Lançamento" (the Pix's other party and time; QA round 4, qa29's blind pass: left out).
    "detalhes",
    // Paytm's wallet statement (India): "Activity", its only words ("Paid to …", "Added to wallet"; qa29: every description empty).
    "=activity",
    // Intesa Sanpaolo's "Operazione"/"Dettagli" (Italy), Argenta's "Beschrijving" (Belgium).
    "=operazione", "dettagli", "dettaglio", "descrizione operazione", "beschrijving",
    // A Sparkasse card's export (Ostseesparkasse: "Transaktionsbeschreibung", "Transaktionsbeschreibung Zusatz").
    "transaktionsbeschreibung",
    // Fidelity's cash account ("Action": "DIRECT DEPOSIT ACME CORP PAYROLL (Cash)", its "Description" says "No Description").
    "=action",
    // flatex's giro account ("Buchungsinformationen"; QA round 4, pass 18: its BIC and own account's name were taken as the text).
    "buchungsinformationen",
    // Austrian livebank's "Umsatztext" (the payment's own lines, beside its "Buchungstext").
    "umsatztext"]],
  memo: [["verwendungszweck", "memo", "purpose", "mitteilung", "communication", "reference", "referenz", "motif", "causale", "note", "notes", "remarks", "zahlungszweck", "avisierungstext", "mededelingen", "observaciones", "informations complementaires",
    "mededeling", "vrije mededeling", "viesti", "meddelelse", "meddelande", "comment", "comments", "hinweis", "poznamka", "zprava pro prijemce", "bericht",
    // Czech (Raiffeisen CZ's "Zpráva", Komerční banka's "Popis příkazce", "Popis pro příjemce").
    "zprava", "popis prikazce", "popis pro prijemce", "av pole",
    // Bank Pekao's "Tytułem" (Poland: the transfer's title; qa34's blind pass: left out of every row).
    "tytulem",
    // KBC's card export: "toelichting", the explanation. GLS Bank's purpose in fourteen columns "VWZ1" … "VWZ14".
    "toelichting", "vwz",
    // Belfius's French "Communications", an English export's "Message" (QA round 4, pass 15: the payment's words were lost).
    "communications", "message", "notifications",
    // Satispay's "extra info" (the payer's own words; QA round 4, pass 18: left out).
    "extra info", "additional info", "additional information"]],
  reference: [["transaction no", "transaction number", "transaktions nr", "transaktionsnummer", "n de transaction", "no de transaction", "n di transazione", "transaction id", "zkb referenz", "referenznummer", "end to end id", "end to end referenz",
    "id transakce", "identifikace transakce", "nr transakcji", "identificador"]],
  iban: [["counterparty iban", "iban gegenpartei", "gegenkonto", "konto gegenpartei", "tegenrekening", "iban du beneficiaire", "iban beguenstigter", "iban auftraggeber", "iban zahlungspflichtiger", "iban empfanger", "iban empfaenger",
    "rekening tegenpartij", "rekeningnummer tegenpartij", "tegenrekening iban bban", "saajan tilinumero",
    // flatex: "IBAN / Kontonummer" (the other party's, beside "BIC / BLZ").
    "iban kontonummer"]],
  originalAmount: [["original amount", "originalbetrag", "ursprungsbetrag", "foreign amount", "montant original", "importo originale", "betrag in originalwahrung", "amount in original currency",
    "originalni castka", "puvodni castka", "puvodni castka a mena", "kwota platnosci w walucie", "intl amount", "international amount"]],
  originalCurrency: [["original currency", "originalwahrung", "originalwaehrung", "devise originale", "valuta originale", "foreign currency", "fremdwahrung", "originalni mena", "puvodni mena"]],
  rate: [["exchange rate", "rate", "kurs", "devisenkurs", "taux", "taux de change", "cambio", "tasso di cambio", "wisselkoers", "koers", "tipo de cambio", "kurz"]],
  fees: [["fee", "fees", "gebuhr", "gebuhren", "gebuehr", "gebuehren", "spesen", "frais", "commissione", "commissioni", "kosten", "comision", "comisiones"]],
  card: [["card number", "kartennummer", "karten nr", "karte", "card", "carte", "numero de carte", "cardmember", "card member", "card holder", "karteninhaber", "kaartnummer", "numero carta", "carta", "tarjeta",
    // Citi's card export names the card's holder in "Member Name" on every row (QA round 4, pass 15: "JANE DOE · …").
    "member name",
    // Barclays Germany's card export: "Name des Karteninhabers" (QA round 4, pass 18: the holder began every description).
    "name des karteninhabers"]],
};

// The other languages' words (csv-words-world.ts), in the normal form headers are compared in, each in its tier (a role
// with one tier takes them all in it).
for (const [role, tiers] of Object.entries(WORLD_WORDS) as [Role, string[][]][]) {
  tiers.forEach((words, t) => {
    const tier = WORDS[role][Math.min(t, WORDS[role].length - 1)]!;
    for (const w of words) tier.push(w.startsWith("=") ? `=${normaliseHeader(w.slice(1))}` : normaliseHeader(w));
  });
}

/**
 * Letters of scripts written without spaces between words: a phrase in them also matches at the end of a header's word,
 * where such a compound puts its head noun ("金額" in "支払い金額", "残高" in "差引残高"), not inside it ("出金" is no
 * debit in Japan Post's title "入出金明細", a statement of deposits and withdrawals).
 */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** Every role's phrases in those scripts: a header word that is one of them is that phrase only ("入出金" names no "出金"). */
const UNSPACED_WORDS = new Set(Object.values(WORDS).flat(2).filter((w) => UNSPACED.test(w)));

/** The name of a column whose header cell is blank, or of a file with no header: "column N", by its place. */
export const columnName = (i: number): string => `column ${i + 1}`;

/** Headers that never name the row's own amount or its currency (a foreign or original amount, a rate). */
const FOREIGN_OR_RATE = /\b(foreign|original|orig|fremdwahrung|exchange|originale|origine|originalwahrung|rate|kurs|cours|cambio|koers|fx|originalni|puvodni|kurz|blokady|walucie)\b/;
/**
 * "Intl", "international": a foreign amount's header, never the row's own amount. ICICI Bank's card export writes the
 * foreign amount as "Intl.Amount" (0 on a rupee purchase) beside "Amount(in Rs)" (QA round 4, pass 26: taken as the
 * amount, every purchase was dropped as "0.00: no money moved").
 */
const INTERNATIONAL = /\b(intl|international)\b/;

/** Headers that never name the row's own amount (FOREIGN_OR_RATE, INTERNATIONAL). */
export const NOT_THE_AMOUNT = new RegExp(`${FOREIGN_OR_RATE.source}|${INTERNATIONAL.source}`);

/**
 * A header (normalised, among the file's) that never names the row's currency: a foreign or original one, a rate's; an
 * "international" one only beside another international column, a foreign amount's currency ("Intl.Amount" and
 * "Intl.Currency"). Alone, "International Currency" is the rows' currency (review of pass 26: passed over, every row
 * was taken as the data's main currency under the note that the file names none, its codes GBP).
 */
export function notTheCurrency(norm: string, norms: readonly string[]): boolean {
  return FOREIGN_OR_RATE.test(norm) || (INTERNATIONAL.test(norm) && norms.some((n) => n !== norm && INTERNATIONAL.test(n)));
}

/**
 * Headers of a balance column that is the amount owed on a card or a loan (normalised): it rises with the purchases and
 * falls with a payment, the other way round from an account's balance (r4-signs3: a card's month of purchases written
 * positive beside "Amount owed" walked with them as written, and was booked as money in, exit 0). Not a bare "Owed" or
 * "Owing" (review of r4-signs3: a savings account's "Owing" column, taken by what it holds, had every sign turned).
 */
export const OWED_BALANCE_HEADERS: ReadonlySet<string> = new Set([...OWED_AMOUNT, "balance owed", "balance owing", "outstanding balance"]);

/** The tier (0 best; +0.5 when the phrase is only part of the header) at which a header matches a role, or null. */
export function headerTier(header: string, role: Role): number | null {
  if (header === "") return null;
  const padded = ` ${header} `;
  const tiers = WORDS[role];
  for (let t = 0; t < tiers.length; t++) if (tiers[t]!.some((w) => (w.startsWith("=") ? w.slice(1) : w) === header)) return t;
  for (let t = 0; t < tiers.length; t++) if (tiers[t]!.some((w) => !w.startsWith("=") && (padded.includes(` ${w} `) || (UNSPACED.test(w) && header.split(" ").some((t) => t.endsWith(w) && !UNSPACED_WORDS.has(t)))))) return t + 0.5;
  return null;
}

/** Indicator cell → sign: CRDT/DBIT, C/D, S/H, Soll/Haben, Gutschrift/Belastung, Crédit/Débit, Accredito/Addebito, Af/Bij, +/−, … */
const INDICATOR: Record<string, 1 | -1> = {
  s: -1, h: 1, d: -1, c: 1, dr: -1, cr: 1, db: -1, dbt: -1, cdt: 1, debit: -1, credit: 1, soll: -1, haben: 1, dbit: -1, crdt: 1,
  // Italian banks abbreviate Dare/Avere to D/A.
  belastung: -1, gutschrift: 1, lastschrift: -1, dare: -1, avere: 1, a: 1, addebito: -1, accredito: 1, af: -1, bij: 1,
  debito: -1, credito: 1, cargo: -1, abono: 1, out: -1, in: 1, uscita: -1, entrata: 1, ausgang: -1, eingang: 1,
  sortie: -1, entree: 1, debet: -1,
  // Debit/Kredit in the Baltic and Nordic banks' exports (Swedbank's D/K; Estonian Deebet/Kreedit, Latvian Debets/Kredīts).
  k: 1, kredit: 1, kreedit: 1, deebet: -1, debets: -1, kredits: 1,
  // A kind column of only withdrawals and deposits over unsigned amounts (QA round 4, pass 15: every withdrawal was income).
  withdrawal: -1, deposit: 1, einzahlung: 1, auszahlung: -1,
  // YNAB's words for money out and in, as converters for it write them in a column of their own beside unsigned amounts
  // ("Inflow/Outflow"; review of pass 27: every row was money in).
  outflow: -1, inflow: 1,
};
for (const [word, sign] of Object.entries(WORLD_INDICATORS)) INDICATOR[normaliseHeader(word)] = sign;

/**
 * Out/in by their first letter, as YNAB-minded exports flag rows "O"/"I" (QA of stop 46: bank2ynab's flag column of an
 * Austrian export, every outflow booked as money in). Only beside amounts that carry no sign (csv-signs.ts mostlyMarks):
 * "O"/"I" are as often a register's outstanding, a channel's online/in-store (review of stop 46: such a column turned
 * signed amounts round).
 */
export const LETTER_MARKS: Readonly<Record<string, 1 | -1>> = { o: -1, i: 1 };

/**
 * A sign column's numbers for money in and out ("Sign" 1 / −1 beside unsigned amounts; review of QA round 21: every row
 * was money in). Read only under a header that names a sign (csv-signs.ts numberMarks): a 1 elsewhere is a count.
 */
export const NUMBER_MARKS: Readonly<Record<string, 1 | -1>> = { "1": 1, "+1": 1, "-1": -1 };

/**
 * A sign column's "+" and "–" (any dash or minus, as values.ts asciiMinus reads it) beside unsigned amounts. Read only in
 * a column of these two marks and nothing else (csv-signs.ts dashMarks): a lone dash among other marks (a Dr/Cr column's
 * "–") is a placeholder for nothing, no minus (indicatorSign).
 */
export const DASH_MARKS: Readonly<Record<string, 1 | -1>> = { "+": 1, "-": -1 };

/**
 * A card statement's kinds of rows beside amounts written without signs (normalised): purchases, interest and fees
 * are money out, payments to the card, returns and credits money in (review of stop 47: a card's statement of
 * unsigned amounts, "Purchase" and "Payment", was read as money in on every row). Read only in a column that holds
 * "Purchase" (csv-signs.ts kindMarks): in a bank account's, a "Payment" is money out.
 */
/** A money app's kinds of a row that say money out or in (1Money's TYPE; csv-signs.ts appKindMarks), normalised. */
export const APP_KIND_MARKS: Readonly<Record<string, 1 | -1>> = { expense: -1, income: 1, ausgabe: -1, einnahme: 1 };

export const KIND_MARKS: Readonly<Record<string, 1 | -1>> = {
  purchase: -1, purchases: -1, "interest charge": -1, "interest charged": -1, interest: -1, fee: -1, "late fee": -1, "annual fee": -1, "cash advance": -1,
  payment: 1, "payment received": 1, "payment thank you": 1, return: 1, refund: 1, credit: 1, "statement credit": 1,
  // A money app's kinds too, also read beside a card's "Purchase".
  ...APP_KIND_MARKS,
};

/**
 * Indicator cells that say only the sign, nothing of the payment (normalised, beside "+", "-" and marks of one or two
 * letters: "D"/"C", "DR"/"CR"): unlike a booking kind (Consorsbank's LASTSCHRIFT, a direct debit), never part of a
 * description (csv-guess.ts; review of r4-qa29: "RENT · DR").
 */
const BARE_SIGN_WORDS = new Set(["debit", "credit", "debito", "credito", "debet", "kredit"]);

/** An indicator cell that is a bare sign mark (BARE_SIGN_WORDS), or empty. */
export function bareSignMark(raw: string): boolean {
  const t = normaliseHeader(raw.trim());
  return raw.trim() === "" || (indicatorSign(raw) !== undefined && (t.length <= 2 || BARE_SIGN_WORDS.has(t)));
}

/**
 * Indicator cell → sign, or 0 for a row the bank marks as neither money in nor out (csv-words-world.ts: WORLD_NEUTRAL).
 * `norm`: its column's header, normalised, for the marks read only under one (WORLD_INDICATORS_UNDER).
 */
export function indicatorSign(raw: string, norm?: string): 1 | -1 | 0 | undefined {
  const t = raw.trim();
  if (t === "+") return 1;
  // (A minus sign alone, also written U+2212, small or fullwidth; not a hyphen or dash U+2010–U+2013 alone: that is a
  // cell's placeholder for nothing, as PLACEHOLDER_TEXT reads it, no sign: a row so marked is a bad row, never money out.)
  if (t === "-" || t === "\u2212" || t === "\ufe63" || t === "\uff0d") return -1;
  if (WORLD_NEUTRAL.has(t)) return 0;
  return t.length <= 16 ? (INDICATOR[normaliseHeader(t)] ?? (norm === undefined ? undefined : WORLD_INDICATORS_UNDER[norm]?.[t])) : undefined;
}

/** A cell that is an IBAN as banks write it (with or without its groups' spaces). */
export const IBAN_CELL = /^[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}$/;

/**
 * The other party's account as a row's cell names it, without its spaces: an IBAN with its bank's BIC after it (OP's
 * "Saajan tilinumero ja pankin BIC": "FI21 1234 5600 0007 85 NDEAFIHH"; qa41's blind pass: kept as one IBAN with the BIC
 * glued to it) is the IBAN alone.
 */
export function accountOfCell(raw: string): string {
  const withBic = /^(.*\S)\s+[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.exec(raw.trim());
  return (withBic && IBAN_CELL.test(withBic[1]!) ? withBic[1]! : raw).replace(/\s+/g, "");
}

/** Texts of a line that carries no amount of its own because it states a balance or a total. */
/**
 * The column names of a card statement's summary table (HDFC Bank's "Opening Bal~Payment/ Credits~Purchase/ Debits~Finance
 * Charges~Total Dues" and its line of figures; issue 31, the last stop's leftover): normalised. A line naming two of them,
 * with no digit, heads a block of totals, no bookings. Its account statement's "STATEMENT SUMMARY :-" block too ("Opening
 * Balance,,,,Dr Count,Cr Count,Closing Bal"; qa47: "Dr Count" was read as an amount, the file refused): the counts of
 * bookings out and in are no table's column names.
 */
export const SUMMARY_COLUMNS: ReadonlySet<string> = new Set(["opening bal", "opening balance", "payment credits", "payments credits", "purchase debits", "purchases debits", "finance charges", "total dues", "total amount due", "minimum amount due", "minimum due", "closing bal", "closing balance", "dr count", "cr count", "credit limit", "available credit limit", "available cash limit", "cash limit"]);

/** A summary figure written as a word for none ("Nil", "NA", "N/A", "None"): a figure, not a booking's text. Normalised. */
export const NIL_FIGURES: ReadonlySet<string> = new Set(["nil", "na", "n a", "none"]);

/**
 * The names a summary table's header line gives (two of SUMMARY_COLUMNS at least, no digit in any cell), or null. Not the
 * table's own header written again (`header`: its "Opening Bal" and "Closing Bal" columns; review of r4-qa47: the booking
 * after it was skipped as the summary's figures, exit 0).
 */
export function summaryHeaderNames(fields: readonly string[], header: readonly string[]): string[] | null {
  if (fields.some((x) => /\d/.test(x))) return null;
  const named = fields.map((x) => x.trim()).filter((x) => x !== "");
  const own = new Set(header.map((x) => normaliseHeader(x)));
  if (named.every((x) => own.has(normaliseHeader(x)))) return null;
  return named.filter((x) => SUMMARY_COLUMNS.has(normaliseHeader(x))).length >= 2 ? named : null;
}

export const TOTAL_LINE = /\b(total|totale|totaal|summe|somme|suma|saldo|solde|balance|kontostand|ubertrag|uebertrag|report|brought forward|carried forward|anfangssaldo|endsaldo|schlusssaldo|opening|closing|saldo iniziale|saldo finale|solde initial|solde final)\b/;

/**
 * A cell that is a balance or total line's label, not a booking's text: it starts with such a word ("Endsaldo per
 * 31.01.2026 (Kontoauszug Nr. 1/2026)", "Summe der Umsätze vom …"; review of r4-qa31: a long one was booked as money in,
 * exit 0), however long. A text that only holds one further on is a booking's (Danske Bank LT's "Memo", "Mokejimo
 * nurodymas …, pradinė suma: USD0001,01": qa31, skipped as a total line). Normalised.
 */
export const TOTAL_LABEL = new RegExp(`^${TOTAL_LINE.source}`);

/**
 * Labels of the statement's own opening or closing balance written as a line of the table or a footer (Volksbank's and
 * Raiffeisen's (DE) "Anfangssaldo"/"Endsaldo" rows, comdirect's "Alter Kontostand"/"Neuer Kontostand", Caisse d'Epargne's
 * "Solde en fin de période" above the table and "Solde en début de période" under it), normalised:
 * the balances the statement states, which its rows are reconciled against (SPEC §10.1).
 */
const STATED_BALANCE_LABELS: ReadonlyMap<string, "opening" | "closing"> = new Map([
  // Standard Bank's (ZA) "OPEN BALANCE" and "CLOSE BALANCE" lines (QA round 4, pass 32: skipped unread, a real file of 625
  // rows not checked though its balances agree). Labels only (LABEL_ONLY_BALANCES).
  ["open balance", "opening"],
  ["close balance", "closing"],
  ...["anfangssaldo", "alter kontostand", "alter saldo", "saldo alt", "kontostand alt", "opening balance", "beginning balance", "starting balance", "solde initial", "ancien solde", "solde precedent", "saldo iniziale", "saldo inicial", "saldo anterior", "beginsaldo", "startsaldo", "saldo poczatkowe", "pocatecni zustatek", "initial balance", "inngaende saldo", "ingaende saldo", "solde en debut de periode", "balance at start of period"].map((t) => [t, "opening"] as const),
  ...["endsaldo", "schlusssaldo", "neuer kontostand", "neuer saldo", "saldo neu", "kontostand neu", "closing balance", "ending balance", "solde final", "nouveau solde", "saldo finale", "saldo final", "s a l d o", "eindsaldo", "saldo koncowe", "konecny zustatek", "final balance", "utgaende saldo", "solde en fin de periode", "balance at end of period"].map((t) => [t, "closing"] as const),
]);

/**
 * The whole text of a line that states the period's turnover, the sum of its debits or of its credits, no booking
 * (Swedbank's export in the Baltics, row type 82 "Turnover" beside "Opening balance" and "Closing balance"; Lithuanian
 * "Apyvarta", Estonian "Käive", Latvian "Apgrozījums"), normalised. qa25's blind pass: a headerless Swedbank LT file booked
 * both turnovers as money and was refused as off by them.
 */
export const TURNOVER_TEXTS: ReadonlySet<string> = new Set(["turnover", "apyvarta", "kaive", "apgrozijums"]);

/**
 * The whole text of Swedbank's accrued-interest line (row type 900: interest accrued on the account up to the statement's
 * end, reported and not booked — peers' Swedbank importers book row type 20 only, and the balances close without it),
 * normalised: English, Swedish, Estonian, Latvian, Lithuanian.
 */
export const ACCRUED_INTEREST_TEXTS: ReadonlySet<string> = new Set(["accrued interest", "upplupen ranta", "kogunenud intress", "uzkratie procenti", "sukauptos palukanos"]);

/** The whole text of a line that states a balance between the bookings, not the statement's opening or closing one (Banco do Brasil's "Saldo do dia"), normalised. */
export const INTERIM_BALANCE_TEXTS: ReadonlySet<string> = new Set(["saldo", "saldo do dia", "saldo del dia", "saldo diario"]);

/**
 * The book balance written as a dated row of its own, its text the label alone (an Italian cooperative bank's (BCC)
 * "ListaMovimenti": "31/12/2015;;;2356.06;EUR;Saldo contabile" under its rows; qa31: booked as money in, exit 0), and
 * the Spanish wording of it: the balance on the row's day, which opens the statement when dated before every row and
 * closes it otherwise, as a "Saldo per 31.12.2025" line does (normalised).
 */
export const BOOK_BALANCE_TEXTS: ReadonlySet<string> = new Set(["saldo contabile", "saldo contable"]);

/**
 * The available balance written as a dated row of its own beside the book balance (a BCC's "Saldo disponibile" under its
 * "Saldo contabile"; review of r4-qa31: booked as money in, exit 0), normalised: no booking, and not checked against the
 * rows, as it counts what is not booked yet (authorised card payments, a credit line).
 */
export const AVAILABLE_BALANCE_TEXTS: ReadonlySet<string> = new Set(["saldo disponibile", "saldo disponible"]);

/**
 * A balance line that names its day ("Saldo per 31.12.2025 zu unseren Gunsten": Cembra's statement; "Solde au
 * 31.01.2026", "Saldo al …", "Balance as of 01/31/2026", "Kontostand am …"): the day as written, or null.
 */
export function datedBalanceDay(text: string): string | null {
  return /^\s*(?:saldo (?:per|am|al|vom)|solde (?:au|du)|balance (?:as (?:of|at)|on)|kontostand (?:am|per|vom))\s+(\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2})\b/i.exec(text)?.[1] ?? null;
}

/**
 * Whether a (normalised) cell is the label of a stated opening or closing balance: as written, or with its day after it,
 * the day's word too ("Saldo iniziale al 01/02/2026", an Italian bank's preamble and footer; qa41's blind pass: both
 * lines were read as no balance, the rows went unchecked; "Anfangssaldo am …", "Solde initial au …").
 */
export const statedBalanceKind = (norm: string): "opening" | "closing" | null => {
  const undated = norm.replace(/(?: \d{1,4}){3}$/, "");
  return STATED_BALANCE_LABELS.get(norm) ?? STATED_BALANCE_LABELS.get(undated) ?? (undated === norm ? null : STATED_BALANCE_LABELS.get(undated.replace(/ (?:al|am|per|vom|zum|au|du|as of|as at|on|op)$/, ""))) ?? null;
};

/**
 * A statement's own totals of its money in and out, in its summary table beside its balances (Mercado Pago's
 * "INITIAL_BALANCE;CREDITS;DEBITS;FINAL_BALANCE"), as normaliseHeader writes them.
 */
export const statedTurnoverKind = (norm: string): "credits" | "debits" | null => (norm === "credits" ? "credits" : norm === "debits" ? "debits" : null);

/**
 * Standard Bank's words state a balance only as a label in a cell of their own, beside an empty description (its "OPEN
 * BALANCE" under "BANK ACTIVITY STATUS"): a booking's own text "Open balance" or "Close balance" (an account opened, a
 * card closed) is a booking (review of r4-qa32: such a row was dropped as the statement's opening balance, unchecked, exit 0).
 */
const LABEL_ONLY_BALANCES: ReadonlySet<string> = new Set(["open balance", "close balance"]);

/** Whether a row's own (normalised) text is the label of a stated opening or closing balance, as a row of its own writes it (Banco do Brasil's "Saldo Anterior"). */
export const statedBalanceText = (norm: string): "opening" | "closing" | null => (LABEL_ONLY_BALANCES.has(norm) ? null : statedBalanceKind(norm));

/** A booking's state as banks write it in a status column, when no money moved (yet). */
export const NOT_BOOKED = [
  "pending", "declined", "failed", "reverted", "cancelled", "canceled", "rejected", "authorised", "authorized", "on hold", "vorgemerkt",
  "umsatz vorgemerkt", "ausstehend", "abgelehnt", "storniert", "in bearbeitung", "en attente", "en cours", "refuse", "refusee", "annule", "annulee", "in sospeso", "in attesa",
  "rifiutato", "annullato", "pendiente", "rechazado", "cancelado", "in behandeling", "geweigerd", "geannuleerd",
  // BNP Paribas Fortis's English export: "Refused" ("Insufficient balance"; QA round 4, pass 15: the refused −9'999.00 was spending).
  "refused", "not executed", "denied", "void", "voided", "expired", "fehlgeschlagen", "zuruckgewiesen", "rejete", "rejetee", "echoue", "echouee",
  "respinto", "fallito", "mislukt", "afgewezen", "denegado", "fallido",
  // A charge given back before it was booked (Viseca's StateType "REVERSED"; QA round 16: booked as spending).
  "reversed",
  // Fineco's "Autorizzato" (authorised, not booked yet: QA round 4 imported it), comdirect's "offen", the Nordic banks' "Venter", "Reserverad".
  "autorizzato", "non contabilizzato", "da contabilizzare", "offen", "venter", "reserveret", "reserverad", "reservert", "vantande", "odottaa",
  // Nordea Finland's netbank export in Swedish writes "Reserverat" where a reservation's booking day goes (qa34's blind pass:
  // the whole file refused as having a bad date).
  "reserverat",
  // Satispay's "NOT APPROVED" (a payment the other side refused; QA round 4, pass 18: imported as spending).
  "not approved", "non approvato",
  ...WORLD_NOT_BOOKED.map(normaliseHeader),
];

/**
 * A line of text only that is a note of the statement's, no part of a booking's text (normalised): a disclaimer or
 * notice ("Disclaimer: This statement is for reference only", "This statement is provided for information only"), or a
 * word that bookings are not booked yet ("Transactions below are pending"). Review of r4-qa13: OCBC-shaped files glued
 * them onto the booking above as if they were its merchant.
 */
const NOTICE = /^(disclaimer|notice|note|notes|important|remark|hinweis|remarque|avis|nota|opmerking|please note)\b|\b(for (your )?(reference|information) only|this statement|dieser kontoauszug|ce releve|computer generated|end of (the )?statement)\b/;
const BOOKINGS_WORD = /\b(transactions?|bookings?|entries|items|payments|umsatze|buchungen|operations|mouvements|movimenti|movimientos|transacties)\b/;
export function noteLine(norm: string): boolean {
  if (NOTICE.test(norm) || NOT_BOOKED.includes(norm) || SECTION_TITLES.has(norm)) return true;
  const words = ` ${norm} `;
  return BOOKINGS_WORD.test(norm) && NOT_BOOKED.some((w) => words.includes(` ${w} `));
}

/**
 * Section titles written as lines of one cell in a file of no known layout ("Pending transactions", then "Posted
 * transactions"; "Vorgemerkte Umsätze", then "Gebuchte Umsätze"): the lines under a pending title are skipped as not
 * booked (QA round 4: they were imported), up to a booked one. Normalised titles.
 */
const PENDING_SECTION = "pending: not booked yet (under a section title that says so)";
export const SECTION_TITLES: ReadonlyMap<string, string | null> = new Map([
  ...["pending", "pending transactions", "pending charges", "authorizations", "authorisations", "vorgemerkt", "vorgemerkte umsatze", "vorgemerkte buchungen", "offene umsatze", "noch nicht gebuchte umsatze", "operations en attente", "operations en cours", "operations a venir", "movimenti in attesa", "movimenti non contabilizzati", "movimientos pendientes", "transacciones pendientes", "in behandeling", "openstaande transacties",
    // Itaú (BR): its scheduled entries under the booked ones, money out and in under their own sub-titles (qa49: they
    // were imported as booked).
    "lancamentos futuros", "saidas futuras", "entradas futuras"].map((t) => [t, PENDING_SECTION] as const),
  ...["posted", "posted transactions", "booked", "booked transactions", "cleared", "cleared transactions", "settled", "settled transactions", "completed", "completed transactions", "processed transactions", "gebucht", "gebuchte umsatze", "gebuchte buchungen", "operations comptabilisees", "movimenti contabilizzati", "movimientos contabilizados", "geboekte transacties", "lancamentos",
    // HDFC Bank's card statement: its domestic table, then its international one, each under its title and header.
    "domestic transactions", "international transactions"].map((t) => [t, null] as const),
]);

/** Words that a note is about the lines below it ("Transactions below are pending", "Die folgenden Umsätze sind vorgemerkt"). */
const BELOW = /\b(below|following|hereafter|unten|nachstehend|nachstehende|nachfolgend|nachfolgende|folgende|folgenden|ci dessous|suivantes|di seguito|seguenti|a continuacion|siguientes|hieronder|onderstaande|volgende)\b/;
const BOOKED_WORDS = ["posted", "booked", "cleared", "settled", "completed", "processed", "gebucht", "verbucht", "comptabilise", "comptabilisees", "comptabilisee", "contabilizzati", "contabilizzato", "contabilizados", "contabilizado", "geboekt"];
/** "not yet posted", "noch nicht gebucht": pending, said by what has not happened yet. */
const NOT_YET = /\b(?:(?:have|has) )?not yet (?:been )?(?:posted|booked|cleared|settled)\b|\bnoch nicht (?:gebucht|verbucht)\b|\bpas encore comptabilisees?\b|\bnog niet geboekt\b/g;
/** NOT_BOOKED's phrases of several words ("en attente", "in bearbeitung", "on hold"), read as one word in a note. */
const NOT_BOOKED_PHRASES = NOT_BOOKED.filter((w) => w.includes(" "));
/**
 * The words a note saying which lines below are pending or booked may hold besides those: articles, the rows' names,
 * "below", a verb of being. A note with any other word ("The transactions below include pending ones", "Listed below:
 * all transactions. Pending ones are marked with *") says something else, and opens no section (review of stop 46: such
 * notes hid every booked row as pending).
 */
const NOTE_FILLER = new Set([
  "and", "may", "still", "change", "authorisation", "authorization", "approval", "confirmation",
  "the", "all", "of", "your", "these", "those", "following", "below", "hereafter", "transactions", "transaction", "bookings", "booking", "entries", "items", "payments", "rows", "lines", "are", "is", "were", "was", "listed", "shown",
  "die", "der", "unten", "nachstehend", "nachstehende", "nachstehenden", "nachfolgend", "nachfolgende", "nachfolgenden", "folgende", "folgenden", "umsatze", "buchungen", "sind", "ist", "stehenden",
  "les", "operations", "mouvements", "ci", "dessous", "suivantes", "sont", "est",
  "i", "movimenti", "di", "seguito", "seguenti", "sono", "e",
  "los", "las", "movimientos", "a", "continuacion", "siguientes", "son", "es",
  "de", "transacties", "hieronder", "onderstaande", "volgende", "zijn",
]);

/**
 * The section a line of one filled cell opens in a file of no section titles of its layout's: a title of SECTION_TITLES,
 * or a note that the lines below are pending (PENDING_SECTION) or booked (null) — ",,Transactions below are pending,,"
 * (QA round 16: the pending rows under it were imported as booked today) — and nothing else. Inside a pending section,
 * any other line of one cell that is no pending note or disclaimer ("Card transactions", "Account activity", "Statement
 * period …") ends it: booked rows are never skipped for a title this reader does not know. Undefined: no section.
 */
export function sectionNote(norm: string, inPending: boolean): string | null | undefined {
  if (SECTION_TITLES.has(norm)) return SECTION_TITLES.get(norm)!;
  // A phrase of several words that says not booked ("en attente", "in Bearbeitung", "on hold") is one word here.
  let said = norm.replace(NOT_YET, "pending");
  for (const phrase of NOT_BOOKED_PHRASES) said = ` ${said} `.replace(` ${phrase} `, " pending ").trim();
  const words = said.split(" ").filter((w) => w !== "");
  const pending = words.filter((w) => NOT_BOOKED.includes(w) || w === "vorgemerkte");
  const booked = words.filter((w) => BOOKED_WORDS.includes(w));
  const plain = words.every((w) => NOTE_FILLER.has(w) || pending.includes(w) || booked.includes(w));
  if (BELOW.test(said) && plain && (pending.length > 0) !== (booked.length > 0)) return pending.length > 0 ? PENDING_SECTION : null;
  if (inPending && pending.length === 0 && !NOTICE.test(norm)) return null;
  return undefined;
}

/** A row's kind when it is a refund: money in, whatever sign the file writes it with. */
export const REFUND_KINDS = new Set(["refund", "refunds", "erstattung", "ruckerstattung", "gutschrift", "remboursement", "rimborso", "reembolso", "terugbetaling", "restitution"]);
/**
 * Words of a booking's text (normalised) for money given back: the refund kinds, and words that say so in a text but
 * not as a row's kind, where they may undo either side ("STORNO" of a credit, a "RETOUR" of a transfer sent): an order
 * "REFUNDED", "RÜCKERSTATTUNG", a "STORNO", a French "AVOIR", a Spanish "DEVOLUCIÓN", a Dutch "RETOUR", Revolut France's
 * "RETOURNÉ" (r4-signs3: a card's refund in these words was not read as one, its month's purchase booked as money in).
 */
export const MONEY_BACK_WORDS: readonly string[] = [...REFUND_KINDS, "refunded", "rueckerstattung", "storno", "avoir", "devolucion", "retour", "retourne"];
