/**
 * One fixture per bank layout (SPEC §10.1, issue 32), each written for this project from what the research
 * (/work/wt/research/bank-layouts.md, each bank's section) says that bank's real export looks like: header wording,
 * preamble and footer lines, encoding and BOM, date and decimal notation, sign rule, detail and pending lines. The
 * expected rows, money out and in per currency, skipped lines and balance checks were worked out by hand from each
 * file (the arithmetic of every balance check is in the comment above it). fixtures.test.ts reads them with the
 * other fixtures (and holds the "no silent loss" count for each); registry.test.tsx holds that every layout has one.
 */
import type { Expected } from "./support.ts";

export const BANK_EXPECTED: Record<string, Expected> = {
  // ANZ (New Zealand), written by qa50 in the layout of a user's export (blind pass: refused, "cannot tell the date
  // format", as every day of its month was 12 or less). The same here: 2 to 11 March, day-first as in New Zealand
  // (month-first would be 3 February to 3 November). A transfer's Particulars "Debit" / "Credit" is the payer's word, no
  // sign mark (another real export of it was refused, "Particulars \"\" is neither debit nor credit"). Details, then
  // Particulars, Code, Reference, then the Type; NZD for every row. Out 52.30 + 620.00 + 400.00 + 18.99 + 96.40 =
  // 1'187.69 (5 rows), in 3'150.00 + 250.00 + 0.12 = 3'400.12 (3 rows); no balance.
  "anz-nz.csv": {
    format: "csv",
    layout: "anz-nz",
    account: null,
    dataLines: 8,
    rows: [
      [2, "2026-03-02", -52.3, "NZD", "Harbourside Grocer · 4835********1234 · Eftpos"],
      [3, "2026-03-03", 3150, "NZD", "Kowhai Design Ltd · Salary · March · Direct Credit"],
      [4, "2026-03-04", -620, "NZD", "Totara Property · Rent · Flat 4 · Automatic Payment"],
      [5, "2026-03-05", -400, "NZD", "01-0123-0456789-00 · Debit · Transfer · 100342"],
      [6, "2026-03-06", 250, "NZD", "06-0501-0099887-00 · Credit Transfer · 5521"],
      [7, "2026-03-09", -18.99, "NZD", "Online Books Ltd · 4835********1234 · Visa Purchase"],
      [8, "2026-03-11", -96.4, "NZD", "City Power · Acct 55120 · Mar · Bill Payment"],
      [9, "2026-03-11", 0.12, "NZD", "Credit Interest Paid"],
    ],
    totals: [{ currency: "NZD", out: 1187.69, outRows: 5, in: 3400.12, inRows: 3 }],
    reconciliation: [{ currency: "NZD", status: "none", opening: null, closing: null, entries: 8, difference: null }],
    notes: ["the currency NZD (from the ANZ (New Zealand) layout) for every row"],
  },
  // S-Pankki (FI), written by the lead from public descriptions (QA round 4, blind pass: "Summa" was no amount word;
  // refused). The payee for money out, the payer for money in, first; the holder's own name in the other column is left
  // out. EUR for every row (Finland). Out 64.20 + 1'200.00 = 1'264.20, in 2'800.00.
  "spankki-fi.csv": {
    format: "csv",
    layout: "s-pankki",
    account: null,
    dataLines: 3,
    rows: [
      [2, "2026-02-03", -64.2, "EUR", "PRISMA HELSINKI · KORTTIOSTO"],
      [3, "2026-02-05", 2800, "EUR", "ACME OY · PALKKA HELMIKUU · TILISIIRTO"],
      [4, "2026-02-14", -1200, "EUR", "VUOKRANANTAJA OY · TILISIIRTO"],
    ],
    totals: [{ currency: "EUR", out: 1264.2, outRows: 2, in: 2800, inRows: 1 }],
    reconciliation: [{ currency: "EUR", status: "none", opening: null, closing: null, entries: 3, difference: null }],
    notes: ["the currency EUR (from the S-Pankki layout) for every row"],
  },
  // Nordea (Sweden), the older export "Datum,Transaktion,Kategori,Belopp,Saldo", ISO-8859-1, newest first, its card
  // payments reserved but not booked yet listed on top as "Reservation Kortköp …" with no "Saldo" (qa28: aniamer's
  // nordea-to-gnucash export.csv was refused, "Transaktion" unknown as the text; once read, its 22 reservations were
  // booked as spending beside the bookings that replace them; its layout is nordea-se.ts). The two reservations (−312.00, −145.00) are skipped;
  // 5'000.00 − 500.00 − 3'800.00 + 25'000.00 − 86.50 = 25'613.50 = the newest balance ✓; out 4'386.50 (3 rows).
  "nordea-se-2013-reservations.csv": {
    format: "csv",
    layout: "nordea-se",
    account: null,
    dataLines: 6,
    rows: [
      [4, "2026-02-26", -86.5, "SEK", "Kortköp 260224 ICA NARA"],
      [5, "2026-02-25", 25000, "SEK", "Lön"],
      [6, "2026-02-24", -3800, "SEK", "Betalning BG 123-4567 Hyresvärd AB"],
      [7, "2026-02-20", -500, "SEK", "Bankomat kl 10.15 260220"],
    ],
    totals: [{ currency: "SEK", out: 4386.5, outRows: 3, in: 25000, inRows: 1 }],
    skipped: [
      { line: 2, reason: 'not booked: reserved, not yet booked (its text starts "Reservation" and it has no balance)' },
      { line: 3, reason: 'not booked: reserved, not yet booked (its text starts "Reservation" and it has no balance)' },
    ],
    reconciliation: [{ currency: "SEK", status: "ok", opening: 5000, closing: 25613.5, entries: 4, difference: 0 }],
    notes: ["the currency SEK (from the Nordea (Sweden) layout) for every row"],
  },
  // Nordea (Sweden), the same export: the layout's skip takes only a row whose text starts "Reservation " and whose "Saldo"
  // is empty. A hotel booked and paid ("Reservation Hotell Skeppsholmen", its balance written) is a booking like the others.
  // Oldest first: 2'000.00 + 10'000.00 − 250.00 − 1'450.00 = 10'300.00 ✓ (3 entries); out 1'700.00 (2 rows); line 2 skipped.
  "nordea-se-2013-booked-reservation.csv": {
    format: "csv",
    layout: "nordea-se",
    account: null,
    dataLines: 4,
    rows: [
      [3, "2026-03-09", -1450, "SEK", "Reservation Hotell Skeppsholmen"],
      [4, "2026-03-08", -250, "SEK", "Kortköp 260306 ICA KVANTUM"],
      [5, "2026-03-05", 10000, "SEK", "Lön"],
    ],
    totals: [{ currency: "SEK", out: 1700, outRows: 2, in: 10000, inRows: 1 }],
    skipped: [{ line: 2, reason: 'not booked: reserved, not yet booked (its text starts "Reservation" and it has no balance)' }],
    reconciliation: [{ currency: "SEK", status: "ok", opening: 2000, closing: 10300, entries: 3, difference: 0 }],
    notes: ["the currency SEK (from the Nordea (Sweden) layout) for every row"],
  },
  // Swedbank (EE/LV/LT): written by the lead from what is publicly known of the export (QA round 4, blind pass). Before
  // its layout the generic reader took the opening balance, both turnovers, the closing balance and the accrued interest
  // as bookings (7 rows, EUR 6'456.56 in); "K" (kredit) was no credit mark. Bookings: out 23.45 + 19.99 = 43.44, in
  // 1'500.00 ("1 500,00": a space groups the thousands); the skipped lines state 1'000.00 + 1'456.56 = 2'456.56.
  "swedbank-ee.csv": {
    format: "csv",
    layout: "swedbank-baltic",
    account: "EE382200221020145685",
    dataLines: 8,
    rows: [
      [3, "2026-02-03", -23.45, "EUR", "RIMI EESTI FOOD AS · PIRKANMAA RIMI TALLINN"],
      [4, "2026-02-05", 1500, "EUR", "ACME OU · Palk veebruar"],
      [5, "2026-02-07", -19.99, "EUR", "ELISA EESTI AS · Arve 12345"],
    ],
    totals: [{ currency: "EUR", out: 43.44, outRows: 2, in: 1500, inRows: 1 }],
    skipped: [
      { line: 2, reason: "the statement's opening balance (\"Opening balance\"), checked against its rows" },
      { line: 6, reason: "the period's turnover (a total of the bookings), not a booking" },
      { line: 7, reason: "the period's turnover (a total of the bookings), not a booking" },
      { line: 8, reason: "the statement's closing balance (\"closing balance\"), checked against its rows" },
      { line: 9, reason: "accrued interest (a statement of interest due, not booked)" },
    ],
    // Since the review of stop 46 its balance lines are the statement's: 1'000.00 − 43.44 + 1'500.00 = 2'456.56 ✓.
    reconciliation: [{ currency: "EUR", status: "ok", opening: 1000, closing: 2456.56, entries: 3, difference: 0 }],
  },
  // Swedbank EE in Estonian, an account in two currencies (written for the review of stop 46: the balance lines were skipped
  // unchecked). Each currency's Algsaldo/Lõppsaldo (row types 10/86) opens and closes its own rows; the EUR opening is an
  // overdraft (D). By hand: EUR −150.00 + 1'200.00 − 45.60 = 1'004.40 ✓; USD 500.00 − 120.00 = 380.00 ✓.
  "swedbank-ee-two-currencies.csv": {
    format: "csv",
    layout: "swedbank-baltic",
    account: "EE382200221020145685",
    dataLines: 10,
    rows: [
      [3, "2026-03-02", 1200, "EUR", "ACME OU · Palk veebruar"],
      [4, "2026-03-04", -45.6, "EUR", "SELVER AS · PIRKING SELVER TARTU"],
      [9, "2026-03-10", -120, "USD", "AMAZON.COM · AMAZON MKTPLACE"],
    ],
    totals: [{ currency: "EUR", out: 45.6, outRows: 1, in: 1200, inRows: 1 }, { currency: "USD", out: 120, outRows: 1, in: 0, inRows: 0 }],
    skipped: [
      { line: 2, reason: "the statement's opening balance (\"Algsaldo\"), checked against its rows" },
      { line: 5, reason: "the period's turnover (a total of the bookings), not a booking" },
      { line: 6, reason: "the period's turnover (a total of the bookings), not a booking" },
      { line: 7, reason: "the statement's closing balance (\"Lõppsaldo\"), checked against its rows" },
      { line: 8, reason: "the statement's opening balance (\"Algsaldo\"), checked against its rows" },
      { line: 10, reason: "the period's turnover (a total of the bookings), not a booking" },
      { line: 11, reason: "the statement's closing balance (\"Lõppsaldo\"), checked against its rows" },
    ],
    reconciliation: [
      { currency: "EUR", status: "ok", opening: -150, closing: 1004.4, entries: 2, difference: 0 },
      { currency: "USD", status: "ok", opening: 500, closing: 380, entries: 1, difference: 0 },
    ],
  },
  // Review of r4-left: the balance lines were kept by currency only, so two accounts in EUR had theirs unchecked (and
  // said "checked"). Each account's own Algsaldo/Lõppsaldo check its own rows. By hand: EE38… −150.00 (D) + 1'200.00 =
  // 1'050.00 ✓; EE11… 10.00 − 5.00 = 5.00 ✓. Two accounts: the statement names none.
  "swedbank-ee-two-accounts.csv": {
    format: "csv",
    layout: "swedbank-baltic",
    account: null,
    dataLines: 6,
    rows: [
      [3, "2026-03-02", 1200, "EUR", "ACME OU · Palk veebruar"],
      [6, "2026-03-04", -5, "EUR", "SELVER AS · PIRKING SELVER TARTU"],
    ],
    totals: [{ currency: "EUR", out: 5, outRows: 1, in: 1200, inRows: 1 }],
    skipped: [
      { line: 2, reason: "the statement's opening balance (\"Algsaldo\"), checked against its rows" },
      { line: 4, reason: "the statement's closing balance (\"Lõppsaldo\"), checked against its rows" },
      { line: 5, reason: "the statement's opening balance (\"Algsaldo\"), checked against its rows" },
      { line: 7, reason: "the statement's closing balance (\"Lõppsaldo\"), checked against its rows" },
    ],
    reconciliation: [
      { currency: "EUR", status: "ok", opening: -150, closing: 1050, entries: 1, difference: 0 },
      { currency: "EUR", status: "ok", opening: 10, closing: 5, entries: 1, difference: 0 },
    ],
  },
  // Review of r4-left: balance lines of a currency with no booking were said "checked" and nothing was. By hand: EUR
  // 150.00 + 1'200.00 = 1'350.00 ✓; USD, no booking: 500.00 + 0 ≠ 380.00, off by 120.00 (the quiet period's rule: its
  // opening must be its closing); GBP states its opening only (20.00), no closing line: nothing to check, said so.
  "swedbank-ee-balances-without-bookings.csv": {
    format: "csv",
    layout: "swedbank-baltic",
    account: "EE382200221020145685",
    dataLines: 7,
    rows: [
      [3, "2026-03-02", 1200, "EUR", "ACME OU · Palk veebruar"],
      [8, "2026-03-12", -5, "GBP", "PIRKING TESCO LONDON"],
    ],
    totals: [{ currency: "EUR", out: 0, outRows: 0, in: 1200, inRows: 1 }, { currency: "GBP", out: 5, outRows: 1, in: 0, inRows: 0 }],
    skipped: [
      { line: 2, reason: "the statement's opening balance (\"Algsaldo\"), checked against its rows" },
      { line: 4, reason: "the statement's closing balance (\"Lõppsaldo\"), checked against its rows" },
      { line: 5, reason: "the statement's opening balance (\"Algsaldo\"), checked against its rows" },
      { line: 6, reason: "the statement's closing balance (\"Lõppsaldo\"), checked against its rows" },
      { line: 7, reason: "the statement's opening balance (\"Algsaldo\"), kept, not checked (the statement states its opening balance only)" },
    ],
    reconciliation: [
      { currency: "EUR", status: "ok", opening: 150, closing: 1350, entries: 1, difference: 0 },
      { currency: "GBP", status: "none", opening: 20, closing: null, entries: 1, difference: null },
      { currency: "USD", status: "off", opening: 500, closing: 380, entries: 0, difference: 120 },
    ],
    notes: ["the statement's opening balance USD 500.00 + its 0 rows (USD 0.00) make USD 500.00, but it states a closing balance of USD 380.00"],
  },
  // Swedbank's older English export (Lithuania 2014 in bank2ynab's test data, which QA round 4 ran as it is: its opening
  // balance, both turnovers and its closing balance were stored as four bookings). Written for this project in its
  // shape: an unnamed second column holds the row type; trailing commas; ISO dates; D/K. Bookings: out 18.75 + 42.16 =
  // 60.91 (the D turnover), in 1'450.00 (the K turnover); 812.40 − 60.91 + 1'450.00 = 2'201.49, the closing balance line.
  "swedbank-lv-2015-en.csv": {
    format: "csv",
    layout: "swedbank-baltic-en-2014",
    account: "LV80HABA0551000000001",
    dataLines: 7,
    rows: [
      [3, "2015-03-02", -18.75, "EUR", "PIRKUMS 2015.02.28 18.75 EUR (402117) RIMI ALFA RIGA"], // the payee is in the text: not repeated,
      [4, "2015-03-05", 1450, "EUR", "SIA DARBA DEVEJS · Alga par februari"],
      [5, "2015-03-09", -42.16, "EUR", "LATVENERGO AS · Rekins 77120431"],
    ],
    totals: [{ currency: "EUR", out: 60.91, outRows: 2, in: 1450, inRows: 1 }],
    skipped: [
      { line: 2, reason: "the statement's opening balance (\"Opening balance\"), checked against its rows" },
      { line: 6, reason: "the period's turnover (a total of the bookings), not a booking" },
      { line: 7, reason: "the period's turnover (a total of the bookings), not a booking" },
      { line: 8, reason: "the statement's closing balance (\"Closing balance\"), checked against its rows" },
    ],
    // Since the review of stop 46 its balance lines are the statement's: it reconciles (2'201.49, worked out above).
    reconciliation: [{ currency: "EUR", status: "ok", opening: 812.4, closing: 2201.49, entries: 3, difference: 0 }],
  },
  // ASB (New Zealand): six preamble lines, the header, a blank line, YYYY/MM/DD dates, a signed amount. Before its layout
  // (issue 32, the last pass's leftover) its dollars took the data's main currency (CHF, with a note); now NZD. The
  // preamble's "Ledger Balance … as of" the download day is no statement balance: nothing is reconciled. Out 50.90, in 2'000.00.
  "asb-nz.csv": {
    format: "csv",
    layout: "asb",
    account: null,
    dataLines: 2,
    rows: [
      [9, "2026-01-22", -50.9, "NZD", "COUNTDOWN AUCKLAND · 4835-****-****-1234 Df"],
      [10, "2026-01-15", 2000, "NZD", "ACME LTD · SALARY"],
    ],
    totals: [{ currency: "NZD", out: 50.9, outRows: 1, in: 2000, inRows: 1 }],
    reconciliation: [{ currency: "NZD", status: "none", opening: null, closing: null, entries: 2, difference: null }],
    notes: ["the currency NZD (from the ASB (New Zealand) layout) for every row"],
  },
  // Nubank's layouts (issue 32, the last pass's leftover): these files, read before by their header words with the data's
  // main currency (CHF, with a note), are reais (BRL); the card's purchases are positive by its layout, not only when a
  // payment to the card shows it.
  // Nubank (BR) card: "date,title,amount", purchases positive, the payment to the card "Pagamento recebido" negative. "title"
  // was no description word (refused); with it, the three purchases were read as income: a payment received written
  // negative now tells a card's export. Out 187.45 + 23.90 + 55.90 = 267.25, in 1'500.00.
  "nubank-card-br.csv": {
    format: "csv",
    layout: "nubank-card",
    account: null,
    dataLines: 4,
    rows: [
      [2, "2026-02-03", -187.45, "BRL", "Pão de Açúcar Loja 123"],
      [3, "2026-02-05", 1500, "BRL", "Pagamento recebido"],
      [4, "2026-02-14", -23.9, "BRL", "Uber *Trip"],
      [5, "2026-02-20", -55.9, "BRL", "Netflix.com"],
    ],
    totals: [{ currency: "BRL", out: 267.25, outRows: 3, in: 1500, inRows: 1 }],
    reconciliation: [{ currency: "BRL", status: "none", opening: null, closing: null, entries: 4, difference: null }],
    notes: ["the currency BRL (from the Nubank layout) for every row", "a card export that writes purchases positive: they are read as money out, payments to the card as money in"],
  },
  // Nubank (BR) account: "Data,Valor,Identificador,Descrição" (Portuguese words; refused before), signed amounts. Out
  // 187.45 + 2'100.00 + 89.90 = 2'377.35, in 8'500.00.
  "nubank-conta-br.csv": {
    format: "csv",
    layout: "nubank-conta",
    account: null,
    dataLines: 4,
    rows: [
      [2, "2026-02-03", -187.45, "BRL", "Compra no débito - Pão de Açúcar"],
      [3, "2026-02-05", 8500, "BRL", "Transferência recebida pelo Pix - ACME LTDA"],
      [4, "2026-02-14", -2100, "BRL", "Transferência enviada pelo Pix - IMOBILIARIA CENTRAL"],
      [5, "2026-02-20", -89.9, "BRL", "Pagamento de boleto efetuado - CLARO SA"],
    ],
    totals: [{ currency: "BRL", out: 2377.35, outRows: 3, in: 8500, inRows: 1 }],
    reconciliation: [{ currency: "BRL", status: "none", opening: null, closing: null, entries: 4, difference: null }],
    notes: ["the currency BRL (from the Nubank layout) for every row"],
  },
  // Nubank (Brazil) credit card: `date,title,amount`, purchases positive, the payment negative as "Pagamento recebido". QA round 4, pass 9: "title" was no description word (refused), then the purchases read as income; the payment the card received (negative) now says it is a card's export. Out 23.90 + 12.40 = 36.30, in 500.00.
  "nubank-br-card.csv": {
    format: "csv",
    layout: "nubank-card",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2026-01-20",-23.9,"BRL","Uber *Trip"],
      [3,"2026-01-18",500,"BRL","Pagamento recebido"],
      [4,"2026-01-11",-12.4,"BRL","Padaria Pão Quente"],
    ],
    totals: [{"currency":"BRL","out":36.3,"outRows":2,"in":500,"inRows":1}],
    reconciliation: [{"currency":"BRL","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["the currency BRL (from the Nubank layout) for every row", "a card export that writes purchases positive: they are read as money out, payments to the card as money in"],
  },
  // Nubank (Brazil) account: `Data,Valor,Identificador,Descrição`, day-first (15/01 decides), a signed amount. QA round 4, pass 9: the Portuguese "Valor" and "Descrição" were no header words (refused). Out 45.90, in 3'200.00.
  "nubank-br-conta.csv": {
    format: "csv",
    layout: "nubank-conta",
    account: null,
    dataLines: 2,
    rows: [
      [2,"2026-01-05",-45.9,"BRL","Compra no débito - Supermercado Dia"],
      [3,"2026-01-15",3200,"BRL","Transferência recebida pelo Pix - ACME LTDA"],
    ],
    totals: [{"currency":"BRL","out":45.9,"outRows":1,"in":3200,"inRows":1}],
    reconciliation: [{"currency":"BRL","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],
    notes: ["the currency BRL (from the Nubank layout) for every row"],
  },
  "ubs-account-en-2026.csv": {
    format: "ubs-account",
    layout: "ubs-account-en",
    account: "CH930023523512345640A",
    dataLines: 6,
    rows: [
      [11,"2026-02-12",-877.45,"CHF","Steueramt;Musterstrasse 1; 7000 Chur; CH"],
      [12,"2026-02-11",-11.8,"CHF","SBB MOBILE,Bern"],
      [13,"2026-02-01",5000,"CHF","ACME AG"],
      [14,"2026-01-30",-40,"CHF","Sammelauftrag · Muster Max,8000 Zürich · Beispiel AG,3000 Bern"],
    ],
    totals: [{"currency":"CHF","out":929.25,"outRows":3,"in":5000,"inRows":1}],
    skipped: [{"line":15,"reason":"a batch's detail line: its amount -25.00 is part of the booking on line 14, not a booking of its own"},{"line":16,"reason":"a batch's detail line: its amount -15.00 is part of the booking on line 14, not a booking of its own"}],
    // Newest first: 1'483.82 + 877.45 = 2'361.27 (line 12) + 11.80 = 2'373.07 (line 13) − 5'000 = −2'626.93 (line 14) + 40 = −2'586.93 opening; lines 15–16 are the collective order's parts (25 + 15 = 40)
    reconciliation: [{"currency":"CHF","status":"ok","opening":-2586.93,"closing":1483.82,"entries":4,"difference":0}],
  },
  "ubs-account-de-2022.csv": {
    format: "ubs-account",
    layout: "ubs-account-de",
    account: "CH1200230230098765401",
    dataLines: 3,
    rows: [
      [11,"2022-11-28",-100,"CHF","Müller Gärten AG;Zürich"],
      [12,"2022-11-07",-5.35,"CHF","Lidl Viganello"],
      [13,"2022-11-02",10.7,"CHF","Rückerstattung"],
    ],
    totals: [{"currency":"CHF","out":105.35,"outRows":2,"in":10.7,"inRows":1}],
    // 905.35 + 100 = 1'005.35 (line 12) + 5.35 = 1'010.70 (line 13) − 10.70 = 1'000.00 opening; the 2022-11 German header still says "Debit amount"
    reconciliation: [{"currency":"CHF","status":"ok","opening":1000,"closing":905.35,"entries":3,"difference":0}],
  },
  "ubs-account-fr-2026.csv": {
    format: "ubs-account",
    layout: "ubs-account-fr",
    account: "CH440024024011122201B",
    dataLines: 4,
    rows: [
      [11,"2026-06-20",-1808,"CHF","Ordre groupé · Régie Immobilière SA, Genève · SIG Services Industriels"],
      [14,"2026-06-05",-7.9,"CHF","Boulangerie du Pont, Lausanne"],
    ],
    totals: [{"currency":"CHF","out":1815.9,"outRows":2,"in":0,"inRows":0}],
    skipped: [{"line":12,"reason":"a batch's detail line: its amount -1500.00 is part of the booking on line 11, not a booking of its own"},{"line":13,"reason":"a batch's detail line: its amount -308.00 is part of the booking on line 11, not a booking of its own"}],
    // The balance column is empty on every row (as in real 2024–2026 French exports): nothing to check; "Devise", "No de transaction"
    reconciliation: [{"currency":"CHF","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],
  },
  "ubs-account-it-2024.csv": {
    format: "ubs-account",
    layout: "ubs-account-it",
    account: "CH270024724755566601C",
    dataLines: 4,
    rows: [
      [11,"2024-11-11",1300,"CHF","Accredito riferimento QR · Rossi Mario;Via Nassa 1;6900 Lugano · Bianchi SA;6500 Bellinzona"],
      [14,"2024-11-04",-33.4,"CHF","Coop Pronto Lugano"],
    ],
    totals: [{"currency":"CHF","out":33.4,"outRows":1,"in":1300,"inRows":1}],
    skipped: [{"line":12,"reason":"a batch's detail line: its amount 800.00 is part of the booking on line 11, not a booking of its own"},{"line":13,"reason":"a batch's detail line: its amount 500.00 is part of the booking on line 11, not a booking of its own"}],
    // A QR collective credit whose parts (800 + 500) follow it. Newest first: 3'416.60 − 1'300 = 2'116.60 (line 14) + 33.40 = 2'150.00 opening
    reconciliation: [{"currency":"CHF","status":"ok","opening":2150,"closing":3416.6,"entries":2,"difference":0}],
  },
  "ubs-account-2022-de.csv": {
    format: "ubs-account",
    layout: "ubs-account-2022",
    account: "CH1200230230098765401",
    dataLines: 2,
    rows: [
      [11,"2022-09-28",100,"CHF","Gutschrift · Einzahlung Bancomat"],
      [12,"2022-09-27",-5.35,"CHF","Lidl Viganello · 123456-0 07/24, Zahlung Debitkarte"],
    ],
    totals: [{"currency":"CHF","out":5.35,"outRows":1,"in":100,"inRows":1}],
    // The indicator signs the amount: 1'105.35 − 100 = 1'005.35 (line 12) + 5.35 = 1'010.70 opening
    reconciliation: [{"currency":"CHF","status":"ok","opening":1010.7,"closing":1105.35,"entries":2,"difference":0}],
  },
  "ubs-account-legacy-de.csv": {
    format: "csv",
    layout: "ubs-account-legacy",
    account: "CH000023023012345678A",
    dataLines: 7,
    rows: [
      [2,"2018-09-03",6600,"CHF","Gutschrift · ARBEITGEBER AG · LOHN AUGUST"],
      [3,"2018-08-31",-9165.8,"CHF","e-banking-Sammelauftrag · MUSTER AG · Hauswart Müller"],
      [6,"2018-08-30",-12.5,"CHF","Bäckerei Frisch · Zahlung Debitkarte"],
    ],
    totals: [{"currency":"CHF","out":9178.3,"outRows":2,"in":6600,"inRows":1}],
    skipped: [{"line":4,"reason":"a batch's detail line: its amount -4512.35 is part of the booking on line 3, not a booking of its own"},{"line":5,"reason":"a batch's detail line: its amount -4653.45 is part of the booking on line 3, not a booking of its own"},{"line":8,"reason":"a balance, total or note line without an amount"},{"line":9,"reason":"a balance, total or note line without an amount"}],
    // Newest first: 16'707.09 − 6'600 = 10'107.09 (line 3) + 9'165.80 = 19'272.89 (line 6) + 12.50 = 19'285.39 opening; the detail lines 4–5 (4'512.35 + 4'653.45 = 9'165.80) and the footer (lines 8–9) are skipped
    reconciliation: [{"currency":"CHF","status":"ok","opening":19285.39,"closing":16707.09,"entries":3,"difference":0}],
  },
  "ubs-card-de.csv": {
    format: "ubs-card",
    layout: "ubs-card-de",
    account: "4901 18XX XXXX 1234",
    dataLines: 5,
    rows: [
      [4,"2026-01-15",-16.1,"CHF","Coop-1511 Stadelhofen    Zürich       CHE"],
      [5,"2026-01-12",-77.5,"CHF","EXAMPLE TRAVEL           LONDON       GBR"],
    ],
    totals: [{"currency":"CHF","out":93.6,"outRows":2,"in":0,"inRows":0}],
    skipped: [{"line":3,"reason":"no purchase date: the balance brought forward from the last invoice"},{"line":6,"reason":"pending: not booked yet (no Booked date)"},{"line":7,"reason":"a total line of the invoice, no booking of its own"}],
    // 16.10 + 77.50 = 93.60 billed in CHF (the GBP flight's EUR 82.34 is its original amount); Saldovortrag, the pending row (no Buchung) and the total are no bookings
    reconciliation: [{"currency":"CHF","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],
  },
  "ubs-card-fr.csv": {
    format: "ubs-card",
    layout: "ubs-card-fr",
    account: "5412 34XX XXXX 9876",
    dataLines: 3,
    rows: [
      [3,"2026-02-03",-54.3,"CHF","Migros Genève Plainpalais Genève      CHE"],
      [4,"2026-02-01",19.9,"CHF","Remboursement Manor     Lausanne     CHE"],
    ],
    totals: [{"currency":"CHF","out":54.3,"outRows":1,"in":19.9,"inRows":1}],
    skipped: [{"line":5,"reason":"no purchase date: the balance brought forward from the last invoice"}],
    // Débit 54.30 out, Crédit 19.90 in; "Report de solde" has no purchase date
    reconciliation: [{"currency":"CHF","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],
  },
  "postfinance-account-2024.csv": {
    format: "csv",
    layout: "postfinance-account",
    account: "CH5209000000123456789",
    dataLines: 5,
    rows: [
      [9,"2023-12-31",-5,"CHF","PREIS FÜR KONTOFÜHRUNG 12.2023"],
      [10,"2023-12-29",-51.5,"CHF","TWINT-ZAHLUNG VOM 28.12.2023 KARTEN NR. XXXX1234 MUSTER SHOP ZÜRICH"],
      [11,"2023-07-03",258.5,"CHF","GIRO AUS KONTO CH00 0000 0000 0000 0000 0 MUSTER AG MITTEILUNG: LOHN JUNI"],
    ],
    totals: [{"currency":"CHF","out":56.5,"outRows":2,"in":258.5,"inRows":1}],
    skipped: [{"line":13,"reason":"not a row of the table (a note or footer line)"},{"line":14,"reason":"not a row of the table (a note or footer line)"}],
    // Debits written negative in "Lastschrift in CHF" (−5, −51.5), the credit 258.5; the disclaimer after the rows is no booking
    reconciliation: [{"currency":"CHF","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["the currency CHF (from the column \"Lastschrift in CHF\") for every row"],
  },
  "postfinance-account-2022.csv": {
    format: "csv",
    layout: "postfinance-account",
    account: "CH5209000000123456789",
    dataLines: 6,
    rows: [
      [7,"2022-12-31",-5,"CHF","Preis für Bankpaket Smart"],
      [8,"2022-12-29",-42.35,"CHF","KAUF/DIENSTLEISTUNG VOM 28.12.2022 KARTEN NR. XXXX1234 MIGROS M ZUERICH"],
      [9,"2022-12-29",5200,"CHF","GIRO AUS KONTO 30-1234-5 MUSTER AG MITTEILUNGEN: LOHN"],
      [10,"2022-12-28",-1000,"CHF","ÜBERTRAG AUF SPARKONTO"],
    ],
    totals: [{"currency":"CHF","out":1047.35,"outRows":3,"in":5200,"inRows":1}],
    skipped: [{"line":12,"reason":"a note or footer line: no date and no amount"},{"line":13,"reason":"a note or footer line: no date and no amount"}],
    // The balance is stated on each day's last booking only (newest first): 7'881.98 + 5 = 7'886.98 (line 8) + 42.35 − 5'200 = 2'729.33 (line 10) + 1'000 = 3'729.33 opening
    reconciliation: [{"currency":"CHF","status":"ok","opening":3729.33,"closing":7881.98,"entries":4,"difference":0}],
    notes: ["the currency CHF (from the column \"Lastschrift in CHF\") for every row"],
  },
  "postfinance-card.csv": {
    format: "csv",
    layout: "postfinance-card",
    account: "0000 1234 5678 9012",
    dataLines: 5,
    rows: [
      [7,"2024-10-30",-34,"CHF","Tankstelle Muster Chur"],
      [8,"2024-10-23",-15.87,"CHF","Apple Pay"],
      [9,"2024-10-20",80,"CHF","6131 STORNO JAHRESPREIS"],
    ],
    totals: [{"currency":"CHF","out":49.87,"outRows":2,"in":80,"inRows":1}],
    skipped: [{"line":10,"reason":"a balance, total or note line without an amount"},{"line":11,"reason":"a balance, total or note line without an amount"}],
    // Purchases negative in the debit column (−34, −15.87), the refund 80; dated by the purchase (Einkaufsdatum)
    reconciliation: [{"currency":"CHF","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["the currency CHF (from the column \"Lastschrift in CHF\") for every row"],
  },
  "zkb.csv": {
    format: "csv",
    layout: "zkb",
    account: null,
    dataLines: 5,
    rows: [
      [2,"2022-02-11",-32,"CHF","Einkauf ZKB Visa Debit Karte"],
      [3,"2022-02-10",-1000,"CHF","Belastungen (2) · Muster AG, Bahnhofstrasse 1, 8000 Zürich · Beispiel GmbH, Hauptstrasse 2, 8400 Winterthur"],
      [6,"2022-02-10",1712.72,"CHF","Gutschrift Auftraggeber: Muster Max · Rechnung 42 · Herr Muster, Zürich"],
    ],
    totals: [{"currency":"CHF","out":1032,"outRows":2,"in":1712.72,"inRows":1}],
    skipped: [{"line":4,"reason":"a batch's detail line: its amount 500.00 is part of the booking on line 3, not a booking of its own"},{"line":5,"reason":"a batch's detail line: its amount 500.00 is part of the booking on line 3, not a booking of its own"}],
    // Newest first: 23'708.77 + 32 = 23'740.77 (line 3) + 1'000 = 24'740.77 (line 6) − 1'712.72 = 23'028.05 opening; lines 4–5 are the collective debit's parts (500 + 500)
    reconciliation: [{"currency":"CHF","status":"ok","opening":23028.05,"closing":23708.77,"entries":3,"difference":0}],
    notes: ["the currency CHF (from the column \"Belastung CHF\") for every row"],
  },
  "raiffeisen.csv": {
    format: "csv",
    layout: "raiffeisen",
    account: "CH0080808001234567890",
    // Line 4 (text only) continues line 3's booking: its text is line 3's, and it is no data line of its own.
    dataLines: 3,
    rows: [
      [2,"2024-07-02",-11.45,"CHF","Einkauf Muster Shop Zürich 01.07.2024, 12:34, Karten-Nr. 12345678"],
      [3,"2024-07-03",10,"CHF","Gutschrift MUSTER MAX, ZÜRICH · Rückzahlung Abendessen · Fortsetzung des Textes auf nächster Zeile"],
      [5,"2024-07-08",5760,"CHF","Gutschrift (Lohn ACME AG), CH00 0000 0000 0000 0000 0 · LOHN JULI"],
    ],
    totals: [{"currency":"CHF","out":11.45,"outRows":1,"in":5770,"inRows":2}],
    // Oldest first: 2'078.76 + 11.45 = 2'090.21 opening; + 10 = 2'088.76 (line 3); + 5'760 = 7'848.76 (line 5)
    reconciliation: [{"currency":"CHF","status":"ok","opening":2090.21,"closing":7848.76,"entries":3,"difference":0}],
    notes: ["a line of text only (no date, no amount) continued the booking above it: its text was added to that booking's description", "the currency CHF (from the IBAN's country (CH)) for every row"],
  },
  "credit-suisse.csv": {
    format: "csv",
    layout: "credit-suisse",
    account: null,
    dataLines: 5,
    rows: [
      [8,"2024-01-29",-76.86,"CHF","Zahlung QR-Rechnung · Muster Energie AG · Referenz: 21 00000 00003 13947 14300 09017"],
      [9,"2024-01-29",-27.95,"CHF","Belastung Debitkarte · COOP-4711 ZUERICH 27.01.2024 12:01 · Karten-Nr. 1234 56XX XXXX 7890"],
      [10,"2024-01-25",1739.25,"CHF","Gutschrift · ARBEITGEBER AG · LOHN JANUAR"],
    ],
    totals: [{"currency":"CHF","out":104.81,"outRows":2,"in":1739.25,"inRows":1}],
    skipped: [{"line":7,"reason":"pending: not booked yet"},{"line":11,"reason":"a total or balance line, no booking of its own"}],
    // The pending booking (line 7: "Vorgemerkt" where its date goes) is skipped. The balance on each day's first row (newest first): 18'367.58 + 76.86 + 27.95 = 18'472.39 (line 10) − 1'739.25 = 16'733.14 opening
    reconciliation: [{"currency":"CHF","status":"ok","opening":16733.14,"closing":18367.58,"entries":3,"difference":0}],
    notes: ["the currency CHF (from the file's preamble) for every row"],
  },
  "bank-cler.csv": {
    format: "csv",
    layout: "bank-cler",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2025-12-31",-108,"CHF","Muster Energie AG Hauptstrasse 1 4000 Basel Pers. Ref.: Rechnung 4711 · QR-Rechnung"],
      [6,"2025-12-30",101.2,"CHF","Muster Max Beispielweg 2 8000 Zürich Rückzahlung · Gutschrift"],
      [10,"2025-12-30",-2,"CHF","Kontoführungsspesen"],
    ],
    totals: [{"currency":"CHF","out":110,"outRows":2,"in":101.2,"inRows":1}],
    // Newest first: 5'555.11 + 108 = 5'663.11 (line 6) − 101.20 = 5'561.91 (line 10) + 2 = 5'563.91 opening
    reconciliation: [{"currency":"CHF","status":"ok","opening":5563.91,"closing":5555.11,"entries":3,"difference":0}],
    notes: ["the currency CHF (from the column \"Belastungsbetrag (CHF)\") for every row"],
  },
  "migros-bank.csv": {
    format: "csv",
    layout: "migros-bank",
    account: "CH5508401000111111111",
    dataLines: 2,
    rows: [
      [15,"2026-02-20",-125.4,"CHF","Muster Energie AG, Hauptstrasse 1, 4000 Basel, CH0000000000000000000 · Rechnung 4711"],
      [16,"2026-02-23",-30,"CHF","Muster Max, Weg 1, 8000 Zürich · Rückzahlung"],
    ],
    totals: [{"currency":"CHF","out":155.4,"outRows":2,"in":0,"inRows":0}],
    // Oldest first: 25'918.95 + 125.40 = 26'044.35 opening; − 30 = 25'888.95 (line 16)
    reconciliation: [{"currency":"CHF","status":"ok","opening":26044.35,"closing":25888.95,"entries":2,"difference":0}],
    notes: ["the currency CHF (from the IBAN's country (CH)) for every row"],
  },
  "migros-bank-fr.csv": {
    format: "csv",
    layout: "migros-bank",
    account: "CH6608401000222222222",
    dataLines: 2,
    rows: [
      [7,"2025-01-06",-1918.85,"CHF","Régie du Lac SA, 1003 Lausanne · Loyer janvier"],
      [8,"2025-01-25",5200,"CHF","Employeur SA, 1201 Genève · Salaire janvier"],
    ],
    totals: [{"currency":"CHF","out":1918.85,"outRows":1,"in":5200,"inRows":1}],
    // The French export writes a decimal comma ("-1.918,85"): decided per file; no balance column
    reconciliation: [{"currency":"CHF","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],
    notes: ["the currency CHF (from the IBAN's country (CH)) for every row"],
  },
  "valiant.csv": {
    format: "csv",
    layout: "valiant",
    account: null,
    dataLines: 3,
    rows: [
      [13,"2023-12-31",-19.95,"CHF","Einkauf Muster Boutique Bern"],
      [14,"2023-11-15",500,"CHF","Gutschrift Muster AG"],
      [15,"2023-11-02",-1450,"CHF","Dauerauftrag Miete Wohnung Bärenplatz"],
    ],
    totals: [{"currency":"CHF","out":1469.95,"outRows":2,"in":500,"inRows":1}],
    // No balance column in the German export; "Saldo: CHF 30920.51" in the preamble names the currency
    reconciliation: [{"currency":"CHF","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["the currency CHF (from the file's preamble) for every row"],
  },
  "bancastato.csv": {
    format: "csv",
    layout: "bancastato",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2023-11-13",-20000,"CHF","Bonifico a favore di: Muster SA, 6900 Lugano"],
      [3,"2023-11-13",30000,"CHF","Accredito da ordinante: Rossi Mario"],
      [4,"2023-10-30",-20,"CHF","Spese tenuta conto"],
    ],
    totals: [{"currency":"CHF","out":20020,"outRows":2,"in":30000,"inRows":1}],
    // "20.000,00": a decimal comma, decided per file. Newest first: 16'703.70 + 20'000 = 36'703.70 (line 3) − 30'000 = 6'703.70 (line 4) + 20 = 6'723.70 opening
    reconciliation: [{"currency":"CHF","status":"ok","opening":6723.7,"closing":16703.7,"entries":3,"difference":0}],
    notes: ["the currency CHF (from the column \"Addebiti (CHF)\") for every row"],
  },
  "yuh.csv": {
    format: "csv",
    layout: "yuh",
    account: null,
    dataLines: 5,
    rows: [
      [2,"2023-09-04",1000,"CHF","Überweisung von Muster Max"],
      [3,"2023-11-02",-45.2,"CHF","Migros Zürich"],
      [4,"2023-12-16",-10.55,"CHF","Autoexchange"],
      [4,"2023-12-16",12,"USD","Autoexchange"],
      [5,"2023-12-16",-12,"USD","Amazon US · Seattle"],
    ],
    totals: [{"currency":"CHF","out":55.75,"outRows":2,"in":1000,"inRows":1},{"currency":"USD","out":12,"outRows":1,"in":12,"inRows":1}],
    // Line 4 is an exchange: CHF 10.55 out (part 1) and USD 12.00 in (part 2), two rows of one line
    reconciliation: [{"currency":"CHF","status":"none","opening":null,"closing":null,"entries":3,"difference":null},{"currency":"USD","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],
  },
  "trade-republic-pytr-en.csv": {
    format: "csv",
    layout: "trade-republic",
    account: null,
    dataLines: 5,
    rows: [
      [2,"2026-03-02",250,"EUR","Marta Lindqvist · Deposit"],
      [3,"2026-03-04",-18.4,"EUR","Card Payment - Bakery Sonnenkorn · Removal"],
      [4,"2026-03-05",-101,"EUR","FTSE All-World USD (Acc) · Buy"],
      [5,"2026-03-15",2.61,"EUR","Nordic Utilities (Dist) · Dividend"],
      [6,"2026-04-01",0.87,"EUR","Interest"],
    ],
    // Value is the cash that moved: the buy's -101.0 has its fee (Fees -1.0) in it, the dividend's 2.61 is after its
    // tax (Taxes -0.46); neither is booked again. pytr writes no currency: the account is in euros.
    totals: [{"currency":"EUR","out":119.4,"outRows":2,"in":253.48,"inRows":3}],
    reconciliation: [{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":5,"difference":null}],
    notes: ["the currency EUR (from the Trade Republic layout) for every row"],
  },
  "trade-republic-pytr-de.csv": {
    format: "csv",
    layout: "trade-republic",
    account: null,
    dataLines: 5,
    rows: [
      [2,"2026-05-04",1500,"EUR","Jonas Achterberg · Einlage"],
      [3,"2026-05-06",-1201.5,"EUR","MSCI Europe EUR (Acc) · Kauf"],
      [5,"2026-05-20",310.12,"EUR","Kiwi Robotics · Verkauf"],
      [6,"2026-05-28",-64.9,"EUR","Kartenzahlung - Wochenmarkt Linden · Entnahme"],
    ],
    // pytr's German header with its localised decimals ("1.500" is 1500 in a file whose other amounts have a decimal
    // comma) and ISO date-times; the split moves no money.
    totals: [{"currency":"EUR","out":1266.4,"outRows":2,"in":1810.12,"inRows":2}],
    skipped: [{"line":4,"reason":"no amount: notice (\"Kiwi Robotics · Split\"), 0.00: no money moved"}],
    reconciliation: [{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":4,"difference":null}],
    notes: ["the currency EUR (from the Trade Republic layout) for every row"],
  },
  "neon.csv": {
    format: "csv",
    layout: "neon",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2023-12-30",-5,"CHF","App Store"],
      [3,"2023-03-03",2000,"CHF","Muster Max"],
      [4,"2023-02-26",-538.28,"CHF","American Stuff Inc"],
    ],
    totals: [{"currency":"CHF","out":543.28,"outRows":2,"in":2000,"inRows":1}],
    // One signed amount in francs; the USD card payment keeps its original amount as a fact
    reconciliation: [{"currency":"CHF","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["the currency CHF (from the neon layout) for every row"],
  },
  "swisscard.csv": {
    format: "csv",
    layout: "swisscard",
    account: "3776 62**** *1234",
    dataLines: 4,
    rows: [
      [3,"2024-06-29",-65.2,"CHF","COOP-4711 ZÜRICH, ZÜRICH · Coop"],
      [4,"2024-06-15",-535,"CHF","EXAMPLE HOTEL, LONDON · Example Hotel"],
      [5,"2024-06-01",1100.9,"CHF","IHRE ZAHLUNG – BESTEN DANK"],
    ],
    totals: [{"currency":"CHF","out":600.2,"outRows":2,"in":1100.9,"inRows":1}],
    skipped: [{"line":2,"reason":"pending: not booked yet"}],
    // Purchases positive with "Belastung", the payment −1'100.90 with "Gutschrift": the indicator decides; the pending row (only its USD amount) is skipped
    reconciliation: [{"currency":"CHF","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
  },
  // Cembra (the statement's columns, cp1252, ' thousands): purchases in "Belastung CHF" are money out, the payment and a
  // refund in "Gutschrift CHF" money in; the "Saldo per …" lines (no date) are the balance owed on those days. Out 86.40 +
  // 128.00 + 293.65 = 508.05; in 1'204.35 + 49.90 = 1'254.25; −1'204.35 + 1'254.25 − 508.05 = −458.15 = the closing "Saldo" ✓.
  "cembra.csv": {
    format: "csv",
    layout: "cembra",
    account: null,
    dataLines: 7,
    rows: [
      [3,"2026-01-05",-86.4,"CHF","COOP-1234 ZÜRICH CH"],
      [4,"2026-01-06",-128,"CHF","SBB CFF FFS BERN CH"],
      [5,"2026-01-10",1204.35,"CHF","IHRE ZAHLUNG - BESTEN DANK"],
      [6,"2026-01-16",49.9,"CHF","GALAXUS.CH ZÜRICH CH"],
      [7,"2026-01-23",-293.65,"CHF","BOOKING.COM AMSTERDAM NL EUR 312.00 KURS 0.9412"],
    ],
    totals: [{"currency":"CHF","out":508.05,"outRows":3,"in":1254.25,"inRows":2}],
    skipped: [{"line":2,"reason":"the statement's balance on 2025-12-31 (\"Saldo per 31.12.2025 zu unseren Gunsten\"), checked against its rows"},{"line":8,"reason":"the statement's balance on 2026-01-31 (\"Saldo per 31.01.2026 zu unseren Gunsten\"), checked against its rows"}],
    reconciliation: [{"currency":"CHF","status":"ok","opening":-1204.35,"closing":-458.15,"entries":5,"difference":0}],
    notes: ["the currency CHF (from the Cembra layout) for every row"],
  },
  "viseca.csv": {
    format: "csv",
    layout: "viseca",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2025-03-01",-29,"CHF","Muster Gastro AG · Davos Platz"],
      [3,"2025-05-05",-12.9,"CHF","Example SaaS"],
      [4,"2025-05-28",80,"CHF","APPLE.COM/BILL"],
    ],
    totals: [{"currency":"CHF","out":41.9,"outRows":2,"in":80,"inRows":1}],
    // Purchases positive (29.000, 12.900) are money out, the payment −80.000 money in
    reconciliation: [{"currency":"CHF","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["a card export that writes purchases positive: they are read as money out, payments to the card as money in"],
  },
  // Viseca with a PENDING hotel charge (−96.00) and a REVERSED one (−42.50) (QA round 16: both were imported as spending):
  // skipped. Booked: out 18.40, in 18.40 (the refund) + 250.00 (the payment) = 268.40.
  "viseca-pending-reversed.csv": {
    format: "csv",
    layout: "viseca",
    account: null,
    dataLines: 5,
    rows: [
      [2,"2026-03-01",-18.4,"CHF","Bäckerei Sonne · Baeckerei Sonne Luzern"],
      [5,"2026-03-05",18.4,"CHF","Bäckerei Sonne · Luzern · Gutschrift Baeckerei Sonne"],
      [6,"2026-03-06",250,"CHF","Ihre Zahlung - Danke"],
    ],
    totals: [{"currency":"CHF","out":18.4,"outRows":1,"in":268.4,"inRows":2}],
    skipped: [{"line":3,"reason":"not booked (pending or reversed): no money moved"},{"line":4,"reason":"not booked (pending or reversed): no money moved"}],
    reconciliation: [{"currency":"CHF","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["a card export that writes purchases positive: they are read as money out, payments to the card as money in"],
  },
  "viseca-migros-card.csv": {
    format: "csv",
    layout: "viseca",
    account: null,
    dataLines: 1,
    rows: [
      [3,"2025-06-21",-53.1,"CHF","Migros Zürich"],
    ],
    totals: [{"currency":"CHF","out":53.1,"outRows":1,"in":0,"inRows":0}],
    // The Migros Bank card export: Viseca's columns, a blank line after every row
    reconciliation: [{"currency":"CHF","status":"none","opening":null,"closing":null,"entries":1,"difference":null}],
    notes: ["a card export that writes purchases positive: they are read as money out, payments to the card as money in"],
  },
  // Revolut with a Savings pocket: each Product runs its own Balance (QA round 4, fifth pass: the file was refused as "off"
  // at line 5). Current: 0 + 500 − 23.45 − 200 − (100 + 2.00 fee) = 174.55 ✓; Savings: 0 + 200 + 0.41 = 200.41 ✓; together
  // opening 0, closing 374.96. The PENDING Uber row moved no money. Out 23.45 + 200 + 102 = 325.45; in 500 + 200 + 0.41 = 700.41.
  // N26 (2024, English): "Payment Reference" is "-" when there is none (QA round 4, fifth pass: "REWE Sagt Danke · -" in the
  // description); a CHF payment keeps its original amount as a fact. Out 23.45 + 185.20 = 208.65; in 2'800.00.
  "n26-2024-en.csv": {
    format: "csv",
    layout: "n26",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2026-01-03",-23.45,"EUR","REWE Sagt Danke"],
      [3,"2026-01-10",2800,"EUR","Arbeitgeber GmbH · Gehalt Januar"],
      [4,"2026-01-15",-185.2,"EUR","Hotel Zürich"],
    ],
    totals: [{"currency":"EUR","out":208.65,"outRows":2,"in":2800,"inRows":1}],
    skipped: [],
    reconciliation: [{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["the currency EUR (from the column \"Amount (EUR)\") for every row"],
  },
  "revolut-savings.csv": {
    format: "csv",
    layout: "revolut",
    account: null,
    dataLines: 7,
    rows: [
      [2,"2026-03-01",500,"EUR","Payment from MUSTER MAX"],
      [3,"2026-03-03",-23.45,"EUR","Lidl"],
      [4,"2026-03-04",-200,"EUR","To EUR Savings"],
      [5,"2026-03-04",200,"EUR","From EUR Current"],
      [6,"2026-03-31",0.41,"EUR","Interest earned"],
      [8,"2026-03-06",-102,"EUR","Cash at Sparkasse"],
    ],
    totals: [{"currency":"EUR","out":325.45,"outRows":3,"in":700.41,"inRows":3}],
    skipped: [{"line":7,"reason":"not completed (pending, reverted, declined or failed): no money moved"}],
    reconciliation: [{"currency":"EUR","status":"ok","opening":0,"closing":374.96,"entries":6,"difference":0}],
  },
  "revolut-es.csv": {
    format: "csv",
    layout: "revolut",
    account: null,
    dataLines: 5,
    rows: [
      [2,"2026-01-30",300,"EUR","Recarga de *4821"],
      [3,"2026-02-02",-12.4,"EUR","Panadería Olmo"],
      [4,"2026-02-03",-61.2,"EUR","Retirada en cajero Calle Mayor"],
    ],
    // The Spanish app's header ("State" left in English, its values translated); dated by "Fecha de finalización", the
    // ATM's 1.20 fee booked with it, the reverted and the pending card payments at the end skipped.
    totals: [{"currency":"EUR","out":73.6,"outRows":2,"in":300,"inRows":1}],
    skipped: [{"line":5,"reason":"not completed (pending, reverted, declined or failed): no money moved"},{"line":6,"reason":"not completed (pending, reverted, declined or failed): no money moved"}],
    reconciliation: [{"currency":"EUR","status":"ok","opening":0,"closing":226.4,"entries":3,"difference":0}],
  },
  "revolut-it.csv": {
    format: "csv",
    layout: "revolut",
    account: null,
    dataLines: 5,
    rows: [
      [2,"2026-04-01",150,"EUR","Ricarica di *7710"],
      [3,"2026-04-03",-27.5,"EUR","Trattoria Gallo"],
      [5,"2026-04-06",-20.1,"EUR","Servizio estero"],
    ],
    // The Italian header: "Costo" is the fee (0.20, booked with the payment), "Valuta" the currency; a cancelled
    // ("OPERAZIONE ANNULLATA") and a pending ("IN SOSPESO") payment moved no money.
    totals: [{"currency":"EUR","out":47.6,"outRows":2,"in":150,"inRows":1}],
    skipped: [{"line":4,"reason":"not completed (pending, reverted, declined or failed): no money moved"},{"line":6,"reason":"not completed (pending, reverted, declined or failed): no money moved"}],
    reconciliation: [{"currency":"EUR","status":"ok","opening":0,"closing":102.4,"entries":3,"difference":0}],
  },
  "revolut-fr.csv": {
    format: "csv",
    layout: "revolut",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2026-06-28",200,"EUR","Recharge de *3390"],
      [3,"2026-07-01",-6.8,"EUR","Boulangerie du Port"],
    ],
    // The French header ("État", "TERMINÉ"): the card payment is July's (its "Date de fin"), the last one still
    // "EN ATTENTE" (read without the layout it was booked, exit 0).
    totals: [{"currency":"EUR","out":6.8,"outRows":1,"in":200,"inRows":1}],
    skipped: [{"line":4,"reason":"not completed (pending, reverted, declined or failed): no money moved"}],
    reconciliation: [{"currency":"EUR","status":"ok","opening":0,"closing":193.2,"entries":2,"difference":0}],
  },
  "revolut-pt.csv": {
    format: "csv",
    layout: "revolut",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2026-08-30",120,"EUR","Carregamento de *5512"],
      [3,"2026-09-01",-4.6,"EUR","Pastelaria Sol"],
      [4,"2026-09-02",-40.5,"EUR","Levantamento Multibanco"],
    ],
    // The Portuguese header ("Estado", "CONCLUÍDO"); the withdrawal's 0.50 "Taxa" booked with it, the REVERTIDO payment
    // skipped (read without the layout the file was refused as off by the fee).
    totals: [{"currency":"EUR","out":45.1,"outRows":2,"in":120,"inRows":1}],
    skipped: [{"line":5,"reason":"not completed (pending, reverted, declined or failed): no money moved"}],
    reconciliation: [{"currency":"EUR","status":"ok","opening":0,"closing":74.9,"entries":3,"difference":0}],
  },
  "revolut.csv": {
    format: "csv",
    layout: "revolut",
    account: null,
    dataLines: 5,
    rows: [
      [2,"2026-02-04",200,"CHF","Payment from MUSTER MAX"],
      [3,"2026-02-06",-39.9,"CHF","Migros"],
      [4,"2026-02-06",-100.5,"CHF","Exchanged to EUR"],
      [5,"2026-02-06",104.2,"EUR","Exchanged from CHF"],
    ],
    totals: [{"currency":"CHF","out":140.4,"outRows":2,"in":200,"inRows":1},{"currency":"EUR","out":0,"outRows":0,"in":104.2,"inRows":1}],
    skipped: [{"line":6,"reason":"not completed (pending, reverted, declined or failed): no money moved"}],
    // Oldest first, CHF: 775.46 − 200 = 575.46 opening; − 39.90 = 735.56; − 100.00 − fee 0.50 = 635.06. EUR states one balance only: nothing to check
    reconciliation: [{"currency":"CHF","status":"ok","opening":575.46,"closing":635.06,"entries":3,"difference":0},{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":1,"difference":null}],
  },
  // Revolut with "Completed Date" left blank on COMPLETED rows (QA round 4, pass 23: a budgeting tool's regression file of a
  // Swedish account, its balances consistent): every row was a bad row, "no date in Completed Date", the file refused. Dated
  // by "Started Date" then, with a note; the PENDING row (line 5) is still skipped. Oldest first: 1'250.00 − 1'000.00 =
  // 250.00 opening; − 157.85 = 1'092.15; − 577.24 − fee 5.77 = 509.14.
  "revolut-blank-completed.csv": {
    format: "csv",
    layout: "revolut",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2026-03-02",1000,"SEK","Top-Up"],
      [3,"2026-03-03",-157.85,"SEK","Train"],
      [4,"2026-03-04",-583.01,"SEK","Restaurant,"],
    ],
    totals: [{"currency":"SEK","out":740.86,"outRows":2,"in":1000,"inRows":1}],
    skipped: [{"line":5,"reason":"not completed (pending, reverted, declined or failed): no money moved"}],
    reconciliation: [{"currency":"SEK","status":"ok","opening":250,"closing":509.14,"entries":3,"difference":0}],
    notes: ["3 rows with no \"Completed Date\" are dated by their \"Started Date\""],
  },
  // Revolut's German export (QA round 4, pass 15; headers as a peer's importer test writes them): "Datum des Abschlusses",
  // "Gebühr", "Status" ABGESCHLOSSEN/AUSSTEHEND, amounts with a decimal comma in quotes. Read without the layout, the fee
  // was lost and the file refused as off by CHF 0.50. Oldest first: 775.46 − 200 = 575.46 opening; − 39.90 = 735.56;
  // − 100.00 − fee 0.50 = 635.06; the AUSSTEHEND row (line 5) moved nothing.
  "revolut-de.csv": {
    format: "csv",
    layout: "revolut",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2026-02-04",200,"CHF","Zahlung von MUSTER MAX"],
      [3,"2026-02-06",-39.9,"CHF","Migros"],
      [4,"2026-02-06",-100.5,"CHF","In EUR umgetauscht"],
    ],
    totals: [{"currency":"CHF","out":140.4,"outRows":2,"in":200,"inRows":1}],
    skipped: [{"line":5,"reason":"not completed (pending, reverted, declined or failed): no money moved"}],
    reconciliation: [{"currency":"CHF","status":"ok","opening":575.46,"closing":635.06,"entries":3,"difference":0}],
  },
  // revolut.csv after a spreadsheet (US settings) saved it again (QA round 4, pass 15): "2/4/2026 17:59", "-39.9", "0": the
  // layout did not fit its dates, and the generic reader refused ("Completed Date" fits both orders; "Started Date" has
  // 2/25/2026). Read with the layout, month-first: the same rows and balances as revolut.csv.
  "revolut-excel-us.csv": {
    format: "csv",
    layout: "revolut",
    account: null,
    dataLines: 5,
    rows: [
      [2,"2026-02-04",200,"CHF","Payment from MUSTER MAX"],
      [3,"2026-02-06",-39.9,"CHF","Migros"],
      [4,"2026-02-06",-100.5,"CHF","Exchanged to EUR"],
      [5,"2026-02-06",104.2,"EUR","Exchanged from CHF"],
    ],
    totals: [{"currency":"CHF","out":140.4,"outRows":2,"in":200,"inRows":1},{"currency":"EUR","out":0,"outRows":0,"in":104.2,"inRows":1}],
    skipped: [{"line":6,"reason":"not completed (pending, reverted, declined or failed): no money moved"}],
    reconciliation: [{"currency":"CHF","status":"ok","opening":575.46,"closing":635.06,"entries":3,"difference":0},{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":1,"difference":null}],
    notes: ["the file is not written as this bank's export writes it (saved again by a spreadsheet?): read with dates month-first, as the file's own values tell"],
  },
  // Wise's transaction history (QA round 4, pass 15: refused, "cannot tell which columns hold the date, the amount"): one
  // transfer per line, unsigned, a Direction. OUT: 498.80 + fee 1.20 = 500.00 CHF out (line 2), 64.20 (line 4); NEUTRAL
  // (line 3) converts 99.45 + fee 0.55 = 100.00 CHF into 106.20 EUR: two rows; IN 2'800.00 (line 8). REFUNDED on an OUT
  // (line 5) and CANCELLED (line 6) moved nothing; a NEUTRAL in one currency (line 7, into a jar) is neither in nor out.
  // CHF out 500.00 + 100.00 + 64.20 = 664.20 (3 rows), in 2'800.00; EUR in 106.20. Data lines: 7, the split one counting 2.
  "wise-history.csv": {
    format: "csv",
    layout: "wise-history",
    account: null,
    dataLines: 8,
    rows: [
      [2,"2026-02-14",-500,"CHF","Erika Beispiel · Rent"],
      [3,"2026-02-10",-100,"CHF","Max Muster"],
      [3,"2026-02-10",106.2,"EUR","Max Muster"],
      [4,"2026-02-03",-64.2,"CHF","Migros"],
      [8,"2026-02-01",2800,"CHF","Acme AG · Salary"],
    ],
    totals: [{"currency":"CHF","out":664.2,"outRows":3,"in":2800,"inRows":1},{"currency":"EUR","out":0,"outRows":0,"in":106.2,"inRows":1}],
    skipped: [
      {"line":5,"reason":"refunded: the payment was reversed (no money moved)"},
      {"line":6,"reason":"cancelled: no money moved"},
      {"line":7,"reason":"neither money in nor money out: Direction says \"NEUTRAL\" in one currency (a move between the account holder's own balances)"},
    ],
    reconciliation: [{"currency":"CHF","status":"none","opening":null,"closing":null,"entries":4,"difference":null},{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":1,"difference":null}],
  },
  // chase-checking.csv after a spreadsheet with German settings saved it again (QA round 4, pass 15): semicolons, dates
  // "01.12.2025", amounts "2590,73": the layout did not fit, and the generic reader stored the dollars as the data's CHF
  // ING (Germany) with its two "Währung" columns, the balance's and the amount's, saying different things on line 16
  // (siddhantgoel/beancount-ing's test of a USD balance beside a EUR amount; QA round 16: the −78.00 EUR was booked as
  // USD, read from the first "Währung"). The amount's currency is the one after "Betrag". Newest first: 138.75 +
  // 2'150.00 = 2'288.75; − 6.40 = 2'282.35; − 78.00 = 2'204.35, the stated "Saldo" ✓.
  "ing-de-two-currency-columns.csv": {
    format: "csv",
    layout: "ing-de",
    account: "DE12500105170648489890",
    dataLines: 3,
    rows: [
      [16,"2026-02-26",-78,"EUR","Stadtwerke Beispielstadt · Abschlag Strom Februar · Lastschrift"],
      [17,"2026-02-14",-6.4,"EUR","Bäckerei Korn · Kartenzahlung · Lastschrift"],
      [18,"2026-02-02",2150,"EUR","Muster GmbH · Gehalt Januar · Gehalt/Rente"],
    ],
    totals: [{"currency":"EUR","out":84.4,"outRows":2,"in":2150,"inRows":1}],
    reconciliation: [{"currency":"EUR","status":"ok","opening":138.75,"closing":2204.35,"entries":3,"difference":0}],
  },
  // (said, but wrong). Read with the Chase layout, day-first and a decimal comma: the rows and balances of chase-checking.csv.
  "chase-checking-excel-de.csv": {
    format: "csv",
    layout: "chase-checking",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2025-12-01",-16,"USD","ZELLE PAYMENT TO JOHN DOE 123456789"],
      [3,"2025-11-28",-15,"USD","INTERNATIONAL INCOMING WIRE FEE"],
      [4,"2025-11-27",2590.73,"USD","ACME CORP PAYROLL PPD ID: 1111111111"],
      [5,"2025-11-20",-120,"USD","CHECK 1042"],
    ],
    totals: [{"currency":"USD","out":151,"outRows":3,"in":2590.73,"inRows":1}],
    reconciliation: [{"currency":"USD","status":"ok","opening":48907.06,"closing":51362.79,"entries":3,"difference":0}],
    notes: [
      "the file is not written as this bank's export writes it (saved again by a spreadsheet?): read with dates day-first and a decimal comma, as the file's own values tell",
      "the currency USD (from the Chase layout) for every row",
      "1 USD row lies outside the balance column's first and last balance and is not covered by its check",
    ],
  },
  "wise.csv": {
    format: "csv",
    layout: "wise",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2024-04-06",1000,"EUR","Received money from MUSTER MAX with reference Miete"],
      [3,"2024-04-05",-250,"EUR","Sent money to Erika Beispiel · Rent"],
      [4,"2024-04-03",-12.5,"EUR","Card transaction of 12.50 EUR issued by Albert Heijn AMSTERDAM"],
    ],
    totals: [{"currency":"EUR","out":262.5,"outRows":2,"in":1000,"inRows":1}],
    // Newest first: 1'737.50 − 1'000 = 737.50 (line 3) + 250 = 987.50 (line 4) + 12.50 = 1'000.00 opening
    reconciliation: [{"currency":"EUR","status":"ok","opening":1000,"closing":1737.5,"entries":3,"difference":0}],
  },
  "n26.csv": {
    format: "csv",
    layout: "n26",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2024-03-02",-23.45,"EUR","REWE Markt"],
      [3,"2024-03-01",2500,"EUR","ACME GmbH · Gehalt März"],
      [4,"2024-02-28",-42.1,"EUR","Example Ltd"],
    ],
    totals: [{"currency":"EUR","out":65.55,"outRows":2,"in":2500,"inRows":1}],
    // EUR from the header "Amount (EUR)"; no balance
    reconciliation: [{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["the currency EUR (from the column \"Amount (EUR)\") for every row"],
  },
  "n26-2022-de.csv": {
    format: "csv",
    layout: "n26-2022",
    account: null,
    dataLines: 2,
    rows: [
      [2,"2021-05-03",-4.8,"EUR","Bäckerei Körner"],
      [3,"2021-05-01",3100,"EUR","Arbeitgeber GmbH · Gehalt April"],
    ],
    totals: [{"currency":"EUR","out":4.8,"outRows":1,"in":3100,"inRows":1}],
    // EUR from the header "Betrag (EUR)"; no balance
    reconciliation: [{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],
    notes: ["the currency EUR (from the column \"Betrag (EUR)\") for every row"],
  },
  "dkb.csv": {
    format: "csv",
    layout: "dkb",
    account: "DE00120300001234567890",
    dataLines: 3,
    rows: [
      [7,"2025-12-08",200,"EUR","Erika Mustermann · Nebenkosten"],
      [8,"2025-12-05",-1062.3,"EUR","Muster GmbH · KD-Nr. 123 RE 456"],
    ],
    totals: [{"currency":"EUR","out":1062.3,"outRows":1,"in":200,"inRows":1}],
    skipped: [{"line":6,"reason":"pending (Vorgemerkt): not booked yet"}],
    // "-1.062,3": thousands point, decimal comma, one decimal; the Vorgemerkt row (line 6) is pending. The other party is the payer of money in (line 7), the payee of money out (line 8)
    reconciliation: [{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],
    notes: ["the currency EUR (from the column \"Betrag (€)\") for every row"],
  },
  // A purchase abroad on DKB's card (uqa4 F1, after a real export's "-37,00 DKK"): "Fremdwährungsbetrag" holds the amount and
  // its currency in one cell ("-1.240,00 USD"); the currency was lost (original amount 1'240 with no currency, so
  // foreign_spending said there was none). Out 31.28 + 195.73 + 1'140.80 + 4.95 + 65.45 = 1'438.21, in 432.46.
  "dkb-card-abroad.csv": {
    format: "csv",
    layout: "dkb-card",
    account: null,
    dataLines: 6,
    rows: [
      [7,"2026-05-18",-31.28,"EUR","MTA NYCT SUBWAY"],
      [8,"2026-05-15",-195.73,"EUR","MACYS HERALD SQ"],
      [9,"2026-05-11",-1140.8,"EUR","MARRIOTT NEW YORK"],
      [10,"2026-05-09",-4.95,"EUR","ROEDBY PUTTGARDEN FAERGE"],
      [11,"2026-05-07",-65.45,"EUR","ADOBE *CREATIVE CLOUD"],
      [12,"2026-05-04",432.46,"EUR","Ausgleich Kreditkarte"],
    ],
    totals: [{"currency":"EUR","out":1438.21,"outRows":5,"in":432.46,"inRows":1}],
    reconciliation: [{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":6,"difference":null}],
    notes: ["the currency EUR (from the column \"Betrag (€)\") for every row"],
  },
  "dkb-card.csv": {
    format: "csv",
    layout: "dkb-card",
    account: null,
    dataLines: 2,
    rows: [
      [6,"2023-01-30",-10.8,"EUR","REWE Markt Berlin"],
      [7,"2023-01-28",250,"EUR","Ausgleich Kreditkarte"],
    ],
    totals: [{"currency":"EUR","out":10.8,"outRows":1,"in":250,"inRows":1}],
    // Amounts with a euro sign ("-10,80 €")
    reconciliation: [{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],
    notes: ["the currency EUR (from the column \"Betrag (€)\") for every row"],
  },
  // Review of r4-qa23 (F3): DKB's card export saved again through a wrong code page, its header's "€" and "ä" lost to U+FFFD
  // ("Betrag (\ufffd)", "Fremdw\ufffdhrungsbetrag"). The lost "€" was guessed a letter ("betrag e"): the card layout was no longer
  // known (the pending row, line 6, skipped by the generic rule). Only a U+FFFD against a letter is a lost letter: the
  // dkb-card layout. Out 41.90 (line 7), in 300.00 (line 8); the currency from the preamble's "1.234,56 EUR".
  "dkb-card-lost-euro-sign.csv": {
    format: "csv",
    layout: "dkb-card",
    account: null,
    dataLines: 3,
    rows: [
      [7,"2023-02-24",-41.9,"EUR","EDEKA Hamburg"],
      [8,"2023-02-20",300,"EUR","Ausgleich Kreditkarte"],
    ],
    totals: [{"currency":"EUR","out":41.9,"outRows":1,"in":300,"inRows":1}],
    skipped: [{"line":6,"reason":"pending (Vorgemerkt): not booked yet"}],
    reconciliation: [{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],
    notes: ["the currency EUR (from the file's preamble) for every row"],
  },
  "dkb-2022.csv": {
    format: "csv",
    layout: "dkb-2022",
    account: "DE44120300001234567890",
    dataLines: 3,
    rows: [
      [9,"2018-01-30",-15.37,"EUR","Stadtwerke Köln · Abschlag Januar · Lastschrift"],
      [10,"2018-01-26",2450,"EUR","Arbeitgeber GmbH · Gehalt Januar · Gutschrift"],
    ],
    totals: [{"currency":"EUR","out":15.37,"outRows":1,"in":2450,"inRows":1}],
    skipped: [{"line":8,"reason":"the month's closing (Abschluss) with no amount: no payment"}],
    // The month's "Abschluss" line (line 8) moved no money (0,00) and is skipped
    reconciliation: [{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],
    notes: ["the currency EUR (from the column \"Betrag (EUR)\") for every row"],
  },
  // DKB Girokonto (until 2023): the quarter's closing ("Abschluss", line 8) books its overdraft interest, -7,50: a
  // booking (it was skipped as a balance line, the 7.50 lost with exit 0; review of r4-payee); the closing of a quarter
  // with nothing to book (0,00, line 10) is skipped. Out 7.50 + 62.00 = 69.50 (2).
  "dkb-2022-abschluss-interest.csv": {
    format: "csv",
    layout: "dkb-2022",
    account: "DE02120300000000202051",
    dataLines: 3,
    rows: [
      [8,"2019-12-31",-7.5,"EUR","Abrechnung 31.12.2019 Zinsen für Dispositionskredit 7,50S · Abschluss"],
      [9,"2019-12-30",-62,"EUR","Stromversorger Nord · Abschlag Dezember · Lastschrift"],
    ],
    totals: [{"currency":"EUR","out":69.5,"outRows":2,"in":0,"inRows":0}],
    skipped: [{"line":10,"reason":"the month's closing (Abschluss) with no amount: no payment"}],
    reconciliation: [{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],
    notes: ["the currency EUR (from the column \"Betrag (EUR)\") for every row"],
  },
  "ing-de.csv": {
    format: "csv",
    layout: "ing-de",
    account: "DE00500105170123456789",
    dataLines: 3,
    rows: [
      [16,"2025-12-09",-13.98,"EUR","VISA MUSTER SHOP · NR XXXX 4025 NUERNBERG DE KAUFUMSATZ 05.12 13.98 · Lastschrift"],
      [17,"2025-12-08",-200,"EUR","Erika Musterfrau · Nebenkosten · Dauerauftrag / Terminueberweisung"],
      [18,"2025-12-01",3250,"EUR","ACME GmbH · Gehalt 12/2025 · Gehalt/Rente"],
    ],
    totals: [{"currency":"EUR","out":213.98,"outRows":2,"in":3250,"inRows":1}],
    // Newest first: 66'331.90 + 13.98 = 66'345.88 (line 17) + 200 = 66'545.88 (line 18) − 3'250 = 63'295.88 opening
    reconciliation: [{"currency":"EUR","status":"ok","opening":63295.88,"closing":66331.9,"entries":3,"difference":0}],
  },
  "ing-nl.csv": {
    format: "csv",
    layout: "ing-nl",
    account: "NL00INGB0001234567",
    dataLines: 3,
    rows: [
      [2,"2022-07-13",-2.35,"EUR","Kosten OranjePakket · 1 jun t/m 30 jun 2022 ING BANK N.V. Valutadatum: 13-07-2022"],
      [3,"2022-07-12",-34.82,"EUR","Albert Heijn 1234 · Pasvolgnr: 001 12-07-2022 14:32 Transactie: 1A2B3C Term: AB123C Valutadatum: 12-07-2022"],
      [4,"2022-07-10",2150,"EUR","Naam: Werkgever BV Omschrijving: Salaris juli IBAN: NL00BANK0123456789 Valutadatum: 10-07-2022"],
    ],
    totals: [{"currency":"EUR","out":37.17,"outRows":2,"in":2150,"inRows":1}],
    // "Af"/"Bij" sign the unsigned amounts. Newest first: 256.31 + 2.35 = 258.66 (line 3) + 34.82 = 293.48 (line 4) − 2'150 = −1'856.52 opening
    reconciliation: [{"currency":"EUR","status":"ok","opening":-1856.52,"closing":256.31,"entries":3,"difference":0}],
    notes: ["the currency EUR (from the column \"Bedrag (EUR)\") for every row"],
  },
  // ING NL of three rows, the oldest's date cut short ("2026110"): a bad row, named, not a sign that the file writes its
  // dates otherwise (uqa9, finding 9: read as unknown columns, "guessed", its account lost). Newest first: 987.50 + 12.50
  // = 1'000.00 (line 3) − 900.00 = 100.00 opening ✓ (the bad row left out of the check).
  "ing-nl-bad-date.csv": {
    format: "csv",
    layout: "ing-nl",
    account: "NL00INGB0007654321",
    dataLines: 3,
    rows: [
      [2,"2026-11-05",-12.5,"EUR","Bakkerij Smit · Pasvolgnr: 002 05-11-2026"],
      [3,"2026-11-04",900,"EUR","Werkgever BV · Salaris november"],
    ],
    totals: [{"currency":"EUR","out":12.5,"outRows":1,"in":900,"inRows":1}],
    bad: [{ line: 4, reason: 'Datum "2026110" is not a real date' }],
    reconciliation: [{"currency":"EUR","status":"ok","opening":100,"closing":987.5,"entries":2,"difference":0}],
    notes: ["the currency EUR (from the column \"Bedrag (EUR)\") for every row"],
  },
  // ING Netherlands' English export (uqa10: read as guessed columns, "Account" taken for the other party's, so the rows
  // of NL00INGB0001234567 were stored with no account): its own layout, the Dutch one's columns in English, "Debit"/
  // "Credit" for "Af"/"Bij". Newest first: 3'435.80 + 1'200 = 4'635.80 (line 3) − 2'800 = 1'835.80 (line 4) + 64.20
  // = 1'900.00 opening. Out 1'200 + 64.20 = 1'264.20 (2 rows), in 2'800.00.
  "ing-nl-en.csv": {
    format: "csv",
    layout: "ing-nl-en",
    account: "NL00INGB0001234567",
    dataLines: 3,
    rows: [
      [2,"2026-02-14",-1200,"EUR","Name: J de Vries Description: Rent February IBAN: NL91ABNA0417164300"],
      [3,"2026-02-05",2800,"EUR","Name: Employer BV Description: Salary February"],
      [4,"2026-02-03",-64.2,"EUR","Albert Heijn 1234 · Card sequence no.: 001 03/02/2026 12:34 Transaction: 1A2B3C Term: AB123C"],
    ],
    totals: [{"currency":"EUR","out":1264.2,"outRows":2,"in":2800,"inRows":1}],
    reconciliation: [{"currency":"EUR","status":"ok","opening":1900,"closing":3435.8,"entries":3,"difference":0}],
    notes: ["the currency EUR (from the column \"Amount (EUR)\") for every row"],
  },
  // ING's English export of two of its accounts (QA round 21, RSHKwee/ing2ofx's Alle_rekeningen_eng.csv): each row is
  // booked to its "Account", each account's balance checked on its own. NL11…: 595.00 − 95.00 = 500.00 + 500.00 = 1'000.00
  // − 23.40 = 976.60 ✓; NL22…: 1'000.00 − 750.00 = 250.00 + 2'400.00 = 2'650.00 ✓. Out 23.40 + 95.00 + 750.00 = 868.40; in 2'900.00.
  "ing-nl-en-two-accounts.csv": {
    format: "csv",
    layout: "ing-nl-en",
    account: null,
    dataLines: 5,
    rows: [
      [2,"2026-02-20",-23.4,"EUR","Albert Heijn 1234 · Card sequence no.: 001 20/02/2026 18:02 Transaction: 9Z8Y7X Term: AB123C"],
      [3,"2026-02-12",500,"EUR","From Orange savings account · From Oranje spaarrekening V12345678 Value date: 12/02/2026"],
      [4,"2026-02-03",-95,"EUR","Name: Vattenfall Description: Termijn februari IBAN: NL86INGB0002445588"],
      [5,"2026-02-18",2400,"EUR","Name: Employer BV Description: Salary February"],
      [6,"2026-02-10",-750,"EUR","Name: J de Vries Description: Rent February IBAN: NL91ABNA0417164300"],
    ],
    totals: [{"currency":"EUR","out":868.4,"outRows":3,"in":2900,"inRows":2}],
    reconciliation: [
      {"currency":"EUR","status":"ok","opening":595,"closing":976.6,"entries":3,"difference":0},
      {"currency":"EUR","status":"ok","opening":1000,"closing":2650,"entries":2,"difference":0},
    ],
    notes: ["the currency EUR (from the column \"Amount (EUR)\") for every row"],
  },
  "sparkasse.csv": {
    format: "csv",
    layout: "sparkasse",
    account: "DE00280501000001234567",
    dataLines: 3,
    rows: [
      [3,"2025-12-03",67.5,"EUR","Eva Beispiel · Rechnung 203047 · GUTSCHR. UEBERWEISUNG"],
      [4,"2025-12-01",-4.35,"EUR","Bäckerei Müller · 2025-11-29T12:31 Debitk.1 2028-12 · KARTENZAHLUNG"],
    ],
    totals: [{"currency":"EUR","out":4.35,"outRows":1,"in":67.5,"inRows":1}],
    skipped: [{"line":2,"reason":"pending (Umsatz vorgemerkt): not booked yet"}],
    // "Umsatz vorgemerkt" (line 2) is pending; no balance column
    reconciliation: [{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],
  },
  "commerzbank.csv": {
    format: "csv",
    layout: "commerzbank",
    account: "DE00500400000123456700",
    dataLines: 3,
    rows: [
      [2,"2024-12-31",-9.9,"EUR","Kontoführung vom 01.12.2024 bis 31.12.2024 Grundpreis 9,90- EUR · Zinsen/Entgelte"],
      [3,"2025-01-21",-12.34,"EUR","Muster Media GmbH KD-Nr. K12345678 End-to-End-Ref.: 009876584321 Mandatsref: 009876584321 Gläubiger-ID: DE012345678 SEPA-BASISLASTSCHRIFT wiederholend · Lastschrift"],
      [4,"2025-01-22",2500,"EUR","Arbeitgeber AG Gehalt Januar · Gutschrift"],
    ],
    totals: [{"currency":"EUR","out":22.24,"outRows":2,"in":2500,"inRows":1}],
    // Amounts without fixed decimals ("-9,9", "2500"); the file is oldest first here
    reconciliation: [{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
  },
  "chase-checking.csv": {
    format: "csv",
    layout: "chase-checking",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2025-12-01",-16,"USD","ZELLE PAYMENT TO JOHN DOE 123456789"],
      [3,"2025-11-28",-15,"USD","INTERNATIONAL INCOMING WIRE FEE"],
      [4,"2025-11-27",2590.73,"USD","ACME CORP        PAYROLL                    PPD ID: 1111111111"],
      [5,"2025-11-20",-120,"USD","CHECK 1042"],
    ],
    totals: [{"currency":"USD","out":151,"outRows":3,"in":2590.73,"inRows":1}],
    // Line 2 is pending (a blank balance): outside the check. Newest first: 51'362.79 + 15 = 51'377.79 (line 4) − 2'590.73 = 48'787.06 (line 5) + 120 = 48'907.06 opening
    reconciliation: [{"currency":"USD","status":"ok","opening":48907.06,"closing":51362.79,"entries":3,"difference":0}],
    notes: ["the currency USD (from the Chase layout) for every row","1 USD row lies outside the balance column's first and last balance and is not covered by its check"],
  },
  "chase-card.csv": {
    format: "csv",
    layout: "chase-card",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2025-10-24",2519.13,"USD","Payment Thank You - Web"],
      [3,"2025-10-24",-20.96,"USD","UBER   *TRIP"],
      [4,"2025-10-23",-8.97,"USD","STARBUCKS STORE 05640"],
      [5,"2025-10-20",35.5,"USD","AMAZON MKTPL RETURN"],
    ],
    totals: [{"currency":"USD","out":29.93,"outRows":2,"in":2554.63,"inRows":2}],
    // Purchases negative (Sale), the payment and the return positive
    reconciliation: [{"currency":"USD","status":"none","opening":null,"closing":null,"entries":4,"difference":null}],
    notes: ["the currency USD (from the Chase layout) for every row"],
  },
  // Written for card-payments.test.ts: a Chase card's month with the nine ways issuers write a payment to the card (money
  // in), a purchase, a refund, the first payment's text again as money out (a payment returned) and a purchase. Out 64.20 +
  // 410.00 + 18.50 = 492.70; in the payments 2'096.68 + the refund 23.99 = 2'120.67.
  "card-payments-chase-card.csv": {
    format: "csv",
    layout: "chase-card",
    account: null,
    dataLines: 13,
    rows: [
      [2,"2026-03-01",410,"USD","PAYMENT - THANK YOU"],
      [3,"2026-03-02",120,"USD","AUTOPAY PAYMENT - THANK YOU"],
      [4,"2026-03-03",95.5,"USD","ONLINE PAYMENT, THANK YOU"],
      [5,"2026-03-04",60,"USD","MOBILE PAYMENT - THANK YOU"],
      [6,"2026-03-05",250,"USD","PAYMENT RECEIVED - THANK YOU"],
      [7,"2026-03-06",731.18,"USD","DIRECTPAY FULL BALANCE"],
      [8,"2026-03-07",80,"USD","Payment Thank You-Mobile"],
      [9,"2026-03-08",150,"USD","INTERNET PAYMENT THANK YOU"],
      [10,"2026-03-09",200,"USD","AUTOMATIC PAYMENT - THANK"],
      [11,"2026-03-10",-64.2,"USD","MAPLE GROCERS #214"],
      [12,"2026-03-12",23.99,"USD","AMAZON.COM REFUND"],
      [13,"2026-03-14",-410,"USD","PAYMENT - THANK YOU"],
      [14,"2026-03-16",-18.5,"USD","HARBOR LINE FERRY"],
    ],
    totals: [{"currency":"USD","out":492.7,"outRows":3,"in":2120.67,"inRows":10}],
    reconciliation: [{"currency":"USD","status":"none","opening":null,"closing":null,"entries":13,"difference":null}],
    notes: ["the currency USD (from the Chase layout) for every row"],
  },
  // Written for card-payments.test.ts: a Chase checking account's client payment ("PAYMENT RECEIVED"), a Zelle memo with
  // the word, a student loan's E-PAYMENT, the card paid from it, and a card's own payment line on this account. Oldest
  // first: 3'800.00 − 1'800.00 = 2'000.00 opening; + 1'800 + 42 − 210 − 410 + 25 = 3'247.00 closing ✓.
  "card-payments-checking.csv": {
    format: "csv",
    layout: "chase-checking",
    account: null,
    dataLines: 5,
    rows: [
      [2,"2026-03-02",1800,"USD","PAYMENT RECEIVED"],
      [3,"2026-03-03",42,"USD","ZELLE PAYMENT FROM J DOE payment for dinner"],
      [4,"2026-03-04",-210,"USD","NAVIENT E-PAYMENT"],
      [5,"2026-03-05",-410,"USD","CHASE CREDIT CRD AUTOPAY"],
      [6,"2026-03-06",25,"USD","PAYMENT RECEIVED - THANK YOU"],
    ],
    totals: [{"currency":"USD","out":620,"outRows":2,"in":1867,"inRows":3}],
    reconciliation: [{"currency":"USD","status":"ok","opening":2000,"closing":3247,"entries":5,"difference":0}],
    notes: ["the currency USD (from the Chase layout) for every row"],
  },
  // RBC's download ends with a NUL and a CR after its last line (a short one: the NUL within the first 4 KB). QA round 4,
  // pass 26 (REFUSED before: "this is binary data"). One chequing account; out 4.00 + 60.00 + 87.25 = 151.25, in 2'150.40.
  "rbc-ca-nul-end.csv": {
    format: "csv",
    layout: "rbc",
    account: "04321-5566778",
    dataLines: 4,
    rows: [
      [2, "2026-02-03", -4, "CAD", "MONTHLY FEE"],
      [3, "2026-02-05", 2150.4, "CAD", "PAYROLL DEPOSIT · MAPLE WORKS INC"],
      [4, "2026-02-13", -60, "CAD", "Withdrawal · PTB WD --- KX118204"],
      [5, "2026-02-20", -87.25, "CAD", "MISC PAYMENT · TORONTO HYDRO"],
    ],
    totals: [{ currency: "CAD", out: 151.25, outRows: 3, in: 2150.4, inRows: 1 }],
    reconciliation: [{ currency: "CAD", status: "none", opening: null, closing: null, entries: 4, difference: null }],
  },
  "rbc.csv": {
    format: "csv",
    layout: "rbc",
    // Three accounts in one export: no one account for the file, each row its own.
    account: null,
    dataLines: 6,
    rows: [
      [2,"2026-01-15",2500,"CAD","PAYROLL DEPOSIT · ACME CORP"],
      [3,"2026-01-17",-150,"CAD","e-Transfer sent · J SMITH"],
      [4,"2026-01-20",-800,"CAD","CHEQUE #123"],
      [5,"2026-01-21",-42.5,"USD","TRANSFER · WWW TRF DDA"],
      [6,"2026-01-28",0.31,"USD","INTEREST"],
      [7,"2026-01-29",-4.75,"CAD","TIM HORTONS #1234"],
    ],
    // The filled column names the currency: CAD$ → CAD (150 + 800 + 4.75 out, 2'500 in), USD$ → USD (42.50 out, 0.31 in)
    totals: [{"currency":"CAD","out":954.75,"outRows":3,"in":2500,"inRows":1},{"currency":"USD","out":42.5,"outRows":1,"in":0.31,"inRows":1}],
    // No balance column: one unchecked statement per account and currency
    reconciliation: [
      {"currency":"CAD","status":"none","opening":null,"closing":null,"entries":3,"difference":null},
      {"currency":"USD","status":"none","opening":null,"closing":null,"entries":2,"difference":null},
      {"currency":"CAD","status":"none","opening":null,"closing":null,"entries":1,"difference":null},
    ],
  },
  // Tangerine (Canada): month-first dates and no currency named anywhere; before its layout the month-first rule read its dollars as US dollars (QA round 4, sixth pass). Out 4.75 + 95.40 = 100.15, in 2'150.00 + 0.87 = 2'150.87.
  "tangerine-ca.csv": {
    format: "csv",
    layout: "tangerine",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2026-01-05",-4.75,"CAD","TIM HORTONS #1234 · Interac purchase"],
      [3,"2026-01-09",2150,"CAD","EFT Deposit from ACME CORP · Payroll"],
      [4,"2026-01-14",-95.4,"CAD","Bill Payment - ROGERS"],
      [5,"2026-01-31",0.87,"CAD","Interest Paid"],
    ],
    totals: [{"currency":"CAD","out":100.15,"outRows":2,"in":2150.87,"inRows":2}],
    reconciliation: [{"currency":"CAD","status":"none","opening":null,"closing":null,"entries":4,"difference":null}],
    notes: ["the currency CAD (from the Tangerine layout) for every row"],
  },
  // Bank Norwegian's card with every purchase abroad (review of stop 46: no row not converted, so the rows took the data's
  // main currency, CHF, and the note said the file names no currency): the account's kroner, "Amount". By hand: out
  // 496.91 + 2'175.00 + 63.70 = 2'735.61 NOK (3); dates day-first as the layout reads them.
  "bank-norwegian-abroad.csv": {"format":"csv","layout":"bank-norwegian","account":null,"dataLines":3,"rows":[[2,"2026-06-02",-496.91,"NOK","EDEKA MUENCHEN"],[3,"2026-06-05",-2175,"NOK","SAS HOTEL KOBENHAVN"],[4,"2026-06-14",-63.7,"NOK","STARBUCKS STOCKHOLM"]],"totals":[{"currency":"NOK","out":2735.61,"outRows":3,"in":0,"inRows":0}],"reconciliation":[{"currency":"NOK","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],"notes":["the currency NOK (from the Bank Norwegian layout: its accounts are in Norwegian kroner and no row of this file is in the account's own currency; for a Swedish, Danish or Finnish card set its currency (--currency CODE)) for every row"]},
  // Bank Norwegian's card (QA round 16, after yngvark/beancount-no-bank-norwegian's test file): day-first dates, every
  // day 12 or less (refused as ambiguous before); "Currency" is the purchase's own currency (EUR in Berlin), the
  // "Amount" the account's: with the dates told apart the −288.00 NOK was booked as EUR. The account's currency is
  // NOK, said by the rows whose "Currency Amount" is their "Amount". Out 312.40 + 288.00 + 249.00 = 849.40, in 4'500.00.
  "bank-norwegian-card.csv": {
    format: "csv",
    layout: "bank-norwegian",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2026-03-04",-312.4,"NOK","REMA 1000 GRUNERLOKKA · OSLO"],
      [3,"2026-03-07",-288,"NOK","ZALANDO SE · BERLIN"],
      [4,"2026-03-09",4500,"NOK","Fra 12345678903"],
      [5,"2026-03-11",-249,"NOK","VY TOG · OSLO"],
    ],
    totals: [{"currency":"NOK","out":849.4,"outRows":3,"in":4500,"inRows":1}],
    reconciliation: [{"currency":"NOK","status":"none","opening":null,"closing":null,"entries":4,"difference":null}],
    notes: ["the currency NOK (from the column \"Currency\" of the rows not converted (\"Currency Amount\" = \"Amount\")) for every row"],
  },
  // Tangerine's credit card (QA round 16): `Transaction date` first, every day 12 or less: refused as ambiguous before; the
  // Two rows and one step of the balance (QA round 16, reds_importers' Schwab checking file): the step agrees only with
  // both signs turned round (1'200.00 = 2'700.00 − 1'500.00), and the file was turned round on that one amount (the
  // payroll "Deposit" money out, the ATM "Withdrawal" money in). One step is too little to turn a file round: the
  // balance column disagrees at line 2 (as written: 2'700.00 + 1'500.00 = 4'200.00, stated 1'200.00; the opening
  // 2'700.00 + 300.00 = 3'000.00 and 3'000.00 − 300.00 + 1'500.00 = 4'200.00: off by −3'000.00).
  "schwab-one-balance-step-contradicts.csv": {
    format: "csv",
    layout: "schwab",
    account: null,
    dataLines: 2,
    rows: [
      [2,"2026-03-14",1500,"USD","PAYROLL NORTHWIND"],
      [3,"2026-03-10",-300,"USD","ATM WITHDRAWAL 55 ELM ST"],
    ],
    totals: [{"currency":"USD","out":300,"outRows":1,"in":1500,"inRows":1}],
    reconciliation: [{"currency":"USD","status":"off","opening":3000,"closing":1200,"entries":2,"difference":-3000,"line":2}],
    notes: ["the currency USD (from the Charles Schwab layout) for every row","line 2: the balance column disagrees with the amounts by USD -3'000.00"],
  },
  // layout reads M/D/YYYY. Out 21.18 + 3.30 = 24.48, in 250.00 (the payment).
  "tangerine-card-ca.csv": {
    format: "csv",
    layout: "tangerine",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2026-03-02",-21.18,"CAD","SHOPPERS DRUG MART #812 TORONTO ON · Rewards earned: 0.42 ~ Category: Health"],
      [3,"2026-03-05",-3.3,"CAD","PRESTO FARE/3VBZ TORONTO ON · Rewards earned: 0.05 ~ Category: Transportation"],
      [4,"2026-03-10",250,"CAD","PAYMENT - THANK YOU"],
    ],
    totals: [{"currency":"CAD","out":24.48,"outRows":2,"in":250,"inRows":1}],
    reconciliation: [{"currency":"CAD","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["the currency CAD (from the Tangerine layout) for every row"],
  },
  // Rogers Bank Mastercard (QA round 16), the export since 2023: purchases positive with a "$" ("$84.12", "$1,024.50"),
  // the payment in parentheses; before, USD (read from the "$") and dated by the posting date. Out 84.12 + 6.45 +
  // 1'024.50 = 1'115.07, in 300.00.
  // BMO Bank of Montreal's Mastercard (qa44 blind pass, WRONG silently before: with no word of a payment in its texts the
  // payment to the card, "TRSF FROM/DE ACCT/CPT", was spending and every purchase income, in francs): purchases positive,
  // dated by the Transaction Date (Posting Date the value date). Out 84.12 + 12.99 = 97.11 (2), in 500.00 + 23.40 =
  // 523.40 (2), Canadian dollars.
  "bmo-ca-card.csv": {
    format: "csv",
    layout: "bmo-card",
    account: null,
    dataLines: 4,
    rows: [
      [4,"2026-03-02",-84.12,"CAD","LOBLAWS 1122 OTTAWA ON"],
      [5,"2026-03-05",500,"CAD","TRSF FROM/DE ACCT/CPT 4410-XXXX-208"],
      [6,"2026-03-06",-12.99,"CAD","SPOTIFY P3A1B2 STOCKHOLM"],
      [7,"2026-03-08",23.4,"CAD","CANADIAN TIRE 441 OTTAWA ON"],
    ],
    totals: [{"currency":"CAD","out":97.11,"outRows":2,"in":523.4,"inRows":2}],
    reconciliation: [{"currency":"CAD","status":"none","opening":null,"closing":null,"entries":4,"difference":null}],
    notes: ["the currency CAD (from the BMO Bank of Montreal layout) for every row","a card export that writes purchases positive: they are read as money out, payments to the card as money in"],
  },
  // BMO Bank of Montreal's chequing and savings export (qa44 blind pass: read right, but in francs): "First Bank Card"
  // (the debit card's number), DEBIT/CREDIT, YYYYMMDD, a signed amount, two empty lines around the header. Out 1'450.00
  // + 62.18 = 1'512.18 (2), in 2'875.40 + 0.02 = 2'875.42 (2), Canadian dollars.
  "bmo-ca-chequing.csv": {
    format: "csv",
    layout: "bmo-account",
    account: null,
    dataLines: 4,
    rows: [
      [7,"2026-03-02",-1450,"CAD","[SO]RENT 4411 MAPLE AVE"],
      [8,"2026-03-03",2875.4,"CAD","[DN]NORTHWIND LTD PAY/PAY"],
      [9,"2026-03-05",-62.18,"CAD","[PR]METRO 227 TORONTO ON"],
      [10,"2026-03-06",0.02,"CAD","[IN]"],
    ],
    totals: [{"currency":"CAD","out":1512.18,"outRows":2,"in":2875.42,"inRows":2}],
    reconciliation: [{"currency":"CAD","status":"none","opening":null,"closing":null,"entries":4,"difference":null}],
    notes: ["the currency CAD (from the BMO Bank of Montreal layout) for every row"],
  },
  "rogers-ca-card.csv": {
    format: "csv",
    layout: "rogers",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2026-03-02",-84.12,"CAD","NO FRILLS 3412 · Toronto"],
      [3,"2026-03-04",-6.45,"CAD","TIM HORTONS 2291 · Toronto"],
      [4,"2026-03-06",300,"CAD","Rogers Bank · Toronto"],
      [5,"2026-03-09",-1024.5,"CAD","INDIGO 0114 · Toronto"],
    ],
    totals: [{"currency":"CAD","out":1115.07,"outRows":3,"in":300,"inRows":1}],
    reconciliation: [{"currency":"CAD","status":"none","opening":null,"closing":null,"entries":4,"difference":null}],
    notes: ["the currency CAD (from the Rogers Bank layout) for every row","a card export that writes purchases positive: they are read as money out, payments to the card as money in"],
  },
  // Rogers Bank's older export (QA round 16, WRONG silently before: the purchases were income in US dollars, the cash
  // back spending): `Transaction Date`, `Merchant Category`. Out 52.10 + 1'212.77 = 1'264.87, in 43.00.
  "rogers-ca-card-2019.csv": {
    format: "csv",
    layout: "rogers",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2019-11-04",-52.1,"CAD","SHELL C07766"],
      [3,"2019-11-12",43,"CAD","CashBack / Remises"],
      [4,"2019-11-18",-1212.77,"CAD","COSTCO WHOLESALE W1281"],
    ],
    totals: [{"currency":"CAD","out":1264.87,"outRows":2,"in":43,"inRows":1}],
    reconciliation: [{"currency":"CAD","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["the currency CAD (from the Rogers Bank layout) for every row","a card export that writes purchases positive: they are read as money out, payments to the card as money in"],
  },
  // Simplii Financial (Canada): " Funds Out"/" Funds In" with leading spaces, unsigned; before: refused (no amount column), and with the columns named it would have been USD. Out 63.25 + 120.10 = 183.35, in 1'800.00.
  "simplii-ca.csv": {
    format: "csv",
    layout: "simplii",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2026-01-05",-63.25,"CAD","POINT OF SALE PURCHASE LOBLAWS #1012"],
      [3,"2026-01-15",1800,"CAD","PAYROLL DEPOSIT ACME CORP"],
      [4,"2026-01-20",-120.1,"CAD","INTERNET BILL PAY HYDRO ONE"],
    ],
    totals: [{"currency":"CAD","out":183.35,"outRows":2,"in":1800,"inRows":1}],
    reconciliation: [{"currency":"CAD","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["the currency CAD (from the Simplii Financial layout) for every row"],
  },
  // Revolut Business: read by its "Amount" (the fee left out), every fee was lost and the balance column disagreed (QA round 4, sixth pass); its layout reads "Total amount". 1'000.00 − 56.30 = 943.70 + 1'500.00 = 2'443.70 − 800.20 = 1'643.50 ✓; the PENDING row moved no money.
  "revolut-business.csv": {
    format: "csv",
    layout: "revolut-business",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2026-01-05",-56.3,"EUR","AWS EMEA"],
      [3,"2026-01-10",1500,"EUR","Payment from Client GmbH · INV-2026-001"],
      [4,"2026-01-12",-800.2,"EUR","To Office Rent Ltd · Rent January"],
    ],
    totals: [{"currency":"EUR","out":856.5,"outRows":2,"in":1500,"inRows":1}],
    skipped: [{"line":5,"reason":"not completed (pending, reverted, declined or failed): no money moved"}],
    reconciliation: [{"currency":"EUR","status":"ok","opening":1000,"closing":1643.5,"entries":3,"difference":0}],
  },
  // Discover card, a month with purchases only (qa40: a real Discover export of two purchases, read by the header guess
  // with no payment row to show the sign, booked both as money IN, exit 0). Discover writes charges positive: every row
  // out, 63.18 + 11.99 + 38.40 = 113.57; dated by "Trans. Date", dollars from the layout.
  "discover-card-purchases-only.csv": {
    format: "csv",
    layout: "discover",
    account: null,
    dataLines: 3,
    rows: [
      [2, "2026-02-02", -63.18, "USD", "KROGER #0421 COLUMBUS OH"],
      [3, "2026-02-06", -11.99, "USD", "SPOTIFY USA \"PREMIUM\" 877-778-1161 NY"],
      [4, "2026-02-11", -38.4, "USD", "MARATHON PETRO 22817 DUBLIN OH"],
    ],
    totals: [{ currency: "USD", out: 113.57, outRows: 3, in: 0, inRows: 0 }],
    reconciliation: [{ currency: "USD", status: "none", opening: null, closing: null, entries: 3, difference: null }],
    notes: [
      "the currency USD (from the Discover layout) for every row",
      "a card export that writes purchases positive: they are read as money out, payments to the card as money in",
    ],
  },
  "capital-one.csv": {
    format: "csv",
    layout: "capital-one",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2026-03-12",38.99,"USD","AMAZON.COM, REFUND"],
      [3,"2026-03-10",1250,"USD","CAPITAL ONE AUTOPAY PYMT"],
      [4,"2026-03-04",-15.49,"USD","NETFLIX.COM"],
    ],
    totals: [{"currency":"USD","out":15.49,"outRows":1,"in":1288.99,"inRows":2}],
    // Debit 15.49 out; the refund 38.99 and the payment 1'250 in
    reconciliation: [{"currency":"USD","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["the currency USD (from the Capital One layout) for every row"],
  },
  // Citi card (qa29: real Citi files imported with USD guessed and said so): purchases in Debit out (118.40 + 42.15 =
  // 160.55), the payment and the return in Credit in (300.00 + 18.40 = 318.40). USD from the layout.
  "citi.csv": {
    format: "csv",
    layout: "citi",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2026-02-03",-118.4,"USD","BIGBOX WAREHOUSE 412"],
      [3,"2026-02-09",-42.15,"USD","FUEL STOP 77"],
      [4,"2026-02-14",300,"USD","ONLINE PAYMENT THANK YOU"],
      [5,"2026-02-20",18.4,"USD","BIGBOX WAREHOUSE 412 RETURN"],
    ],
    totals: [{"currency":"USD","out":160.55,"outRows":2,"in":318.4,"inRows":2}],
    reconciliation: [{"currency":"USD","status":"none","opening":null,"closing":null,"entries":4,"difference":null}],
    notes: ["the currency USD (from the Citi layout) for every row"],
  },
  // …with a Pending line whose Date is empty (review of r4-qa44: the layout's test that its dates are written in digits
  // failed on the empty cell, the file was read by its header words, its USD said to be guessed from the dates' order).
  // Out 64.90 + 12.75 = 77.65, in 250.00; the Pending line not booked. USD from the layout.
  "citi-pending-no-date.csv": {
    format: "csv",
    layout: "citi",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2026-03-04",-64.9,"USD","HARBOR HARDWARE 118"],
      [3,"2026-03-11",-12.75,"USD","METRO TRANSIT FARE"],
      [4,"2026-03-16",250,"USD","ONLINE PAYMENT THANK YOU"],
    ],
    totals: [{"currency":"USD","out":77.65,"outRows":2,"in":250,"inRows":1}],
    skipped: [{ line: 5, reason: "not booked (pending, declined or cancelled): no money moved" }],
    reconciliation: [{"currency":"USD","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["the currency USD (from the Citi layout) for every row"],
  },
  // Capital One card, its other export (qa29: a real file read right with USD guessed): Posted Date first, month first.
  // Debit 63.20 + 12.99 = 76.19 out (2 rows), the autopay 500.00 in. USD from the layout.
  "capital-one-posted.csv": {
    format: "csv",
    layout: "capital-one-posted",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2026-03-14",-63.2,"USD","GREEN GROCER 88"],
      [3,"2026-03-17",-12.99,"USD","STREAMFLIX"],
      [4,"2026-03-25",500,"USD","AUTOPAY PAYMENT"],
    ],
    totals: [{"currency":"USD","out":76.19,"outRows":2,"in":500,"inRows":1}],
    reconciliation: [{"currency":"USD","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["the currency USD (from the Capital One layout) for every row"],
  },
  // Bank of America card (qa29: a real file of 82 rows read right with USD guessed): signed Amount, purchases negative.
  // Out 18.75 + 96.40 = 115.15 (2 rows), the payment 400.00 in. USD from the layout.
  "bank-of-america-card.csv": {
    format: "csv",
    layout: "bank-of-america-card",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2026-04-22",-18.75,"USD","RIVERSIDE CAFE"],
      [3,"2026-04-18",400,"USD","PAYMENT - THANK YOU"],
      [4,"2026-04-15",-96.4,"USD","HARDWARE PLUS"],
    ],
    totals: [{"currency":"USD","out":115.15,"outRows":2,"in":400,"inRows":1}],
    reconciliation: [{"currency":"USD","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["the currency USD (from the Bank of America layout) for every row"],
  },
  // EQ Bank (Canada; qa29: its "$" amounts were read as US dollars, with a note): "$" and "-$" amounts, newest first.
  // 2'000.00 + 1'000.50 = 3'000.50 − 250.00 = 2'750.50 + 4.12 = 2'754.62 ✓; out 250.00, in 1'004.62. CAD from the layout.
  "eq-bank.csv": {
    format: "csv",
    layout: "eq-bank",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2026-05-20",4.12,"CAD","Interest earned"],
      [3,"2026-05-12",-250,"CAD","Transfer to 555000111"],
      [4,"2026-05-02",1000.5,"CAD","E-Transfer from Mara Lind"],
    ],
    totals: [{"currency":"CAD","out":250,"outRows":1,"in":1004.62,"inRows":2}],
    reconciliation: [{"currency":"CAD","status":"ok","opening":2000,"closing":2754.62,"entries":3,"difference":0}],
    notes: ["the currency CAD (from the EQ Bank layout) for every row"],
  },
  "schwab.csv": {
    format: "csv",
    layout: "schwab",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2022-07-31",1,"USD","Interest Paid"],
      [3,"2022-07-29",-200,"USD","ATM WITHDRAWAL 1234 MAIN ST"],
      [5,"2022-07-27",1250,"USD","PAYROLL ACME INC"],
    ],
    totals: [{"currency":"USD","out":200,"outRows":1,"in":1251,"inRows":2}],
    skipped: [{"line":4,"reason":"pending: not posted yet"}],
    // The pending row (line 4) is skipped. Newest first: 5'002 − 1 = 5'001 (line 3) + 200 = 5'201 (line 5) − 1'250 = 3'951 opening
    reconciliation: [{"currency":"USD","status":"ok","opening":3951,"closing":5002,"entries":3,"difference":0}],
    notes: ["the currency USD (from the Charles Schwab layout) for every row"],
  },
  "amex-us.csv": {
    format: "csv",
    layout: "amex-us",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2025-09-19",-11,"USD","AplPay EXAMPLE CAFE BROOKLYN         NY"],
      [7,"2025-09-15",1000,"USD","ONLINE PAYMENT - THANK YOU"],
      [8,"2025-09-12",-84.37,"USD","WHOLEFDS BKN 10234"],
    ],
    totals: [{"currency":"USD","out":95.37,"outRows":2,"in":1000,"inRows":1}],
    // Charges positive (11.00, 84.37) are money out, the payment −1'000 money in; lines 2–6 and 8–9 are one record each (multi-line cells)
    reconciliation: [{"currency":"USD","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],
    notes: ["the currency USD (from the American Express layout) for every row","a card export that writes purchases positive: they are read as money out, payments to the card as money in"],
  },
  "amex-uk.csv": {
    format: "csv",
    layout: "amex-uk",
    account: null,
    dataLines: 2,
    rows: [
      [2,"2025-03-15",-23.45,"GBP","TESCO STORES 2041 LONDON"],
      [3,"2025-03-02",500,"GBP","PAYMENT RECEIVED - THANK YOU"],
    ],
    totals: [{"currency":"GBP","out":23.45,"outRows":1,"in":500,"inRows":1}],
    // Day-first dates, pounds
    reconciliation: [{"currency":"GBP","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],
    notes: ["the currency GBP (from the American Express layout) for every row","a card export that writes purchases positive: they are read as money out, payments to the card as money in"],
  },

  "amex-us-card-member.csv": {
    format: "csv",
    layout: "amex-us-card-member",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2025-03-15",-1234.56,"USD","WHOLE FOODS, NEW YORK"],
      [3,"2025-03-10",500,"USD","ONLINE PAYMENT - THANK YOU"],
      [4,"2025-03-05",-23.4,"USD","UBER TRIP"],
      [5,"2025-03-02",15,"USD","AMAZON MARKETPLACE REFUND"],
    ],
    // By hand: charges positive (1,234.56 and 23.40) are money out, 1'257.96 in all; the payment −500 and the refund −15 money in, 515
    totals: [{"currency":"USD","out":1257.96,"outRows":2,"in":515,"inRows":2}],
    // Two cards (accounts -12345: three rows, -12346: one), each its own account; neither states balances
    reconciliation: [{"currency":"USD","status":"none","opening":null,"closing":null,"entries":3,"difference":null},{"currency":"USD","status":"none","opening":null,"closing":null,"entries":1,"difference":null}],
    notes: ["the currency USD (from the American Express layout) for every row","a card export that writes purchases positive: they are read as money out, payments to the card as money in"],
  },
  // BoursoBank: UTF-8 BOM, camel-case headers, "-1 129,99" (space thousands, decimal comma), two accounts in one file
  // (each row's accountNum), euros by the layout. Out 1'129.99 + 19.99 = 1'149.98; in 2'500.00 + 500.00 = 3'000.00;
  // one reconciliation line per account, none stated.
  "boursorama.csv": {
    format: "csv",
    layout: "boursorama",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2026-01-28",-1129.99,"EUR","CARTE 27/01/26 FNAC PARIS CB*1234"],
      [3,"2026-01-15",2500,"EUR","VIR SEPA EMPLOYEUR · Salaire janvier"],
      [4,"2026-01-03",-19.99,"EUR","PRLV SEPA FREE MOBILE"],
      [5,"2026-01-10",500,"EUR","VIR INTERNE"],
    ],
    totals: [{"currency":"EUR","out":1149.98,"outRows":2,"in":3000,"inRows":2}],
    reconciliation: [{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":3,"difference":null},{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":1,"difference":null}],
    notes: ["the currency EUR (from the BoursoBank layout) for every row"],
  },
  // Mint (Intuit): every account of the user in one export, each row naming its own ("Account Name"), month-first dates
  // whose days are all 12 or less, unsigned amounts with "debit"/"credit" (QA round 4, pass 27: refused as ambiguous
  // dates). The card payment is on both accounts: 300.00 in to the card, 300.00 out of checking. Out 63.18 + 300.00 +
  // 27.00 = 390.18 (3 rows); in 1'842.50 + 300.00 = 2'142.50 (2 rows); one reconciliation line per account, no balances.
  // Row 6's "Pine Cinema" is inside its original description, so it is said once.
  "mint-export.csv": {
    format: "csv",
    layout: "mint",
    account: null,
    dataLines: 5,
    rows: [
      [2,"2023-03-11",-63.18,"USD","Lakeview Market · LAKEVIEW MKT #0412 SPRINGFIELD"],
      [3,"2023-03-10",1842.5,"USD","Payroll Deposit · NORTHWIND LLC DIRECT DEP"],
      [4,"2023-03-07",300,"USD","Credit Card Payment · PAYMENT THANK YOU"],
      [5,"2023-03-07",-300,"USD","Credit Card Payment · ONLINE PMT REWARDS VISA"],
      [6,"2023-03-02",-27,"USD","PINE CINEMA 22 SPRINGFIELD · date night"],
    ],
    totals: [{"currency":"USD","out":390.18,"outRows":3,"in":2142.5,"inRows":2}],
    reconciliation: [{"currency":"USD","status":"none","opening":null,"closing":null,"entries":3,"difference":null},{"currency":"USD","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],
    notes: ["the file names no currency anywhere: every row was taken as USD (the Mint (Intuit) layout: Mint exported the dollars of US and Canadian accounts and names no currency); if this account is in another currency, set the currency of every row (--currency CODE) and import the file again"],
  },
  // Money Forward ME (Japan), its 入出金明細 download: a bank account and a card in one file, each row naming its own under
  // 保有金融機関 (qa42's blind pass: finlake's export read by guessed columns, both in one statement). Shift_JIS, signed yen
  // with comma thousands. The card bill paid from the bank (振替 1) and the advance left out of the app's budget (計算対象 0)
  // are money that moved on that account. Lines 3 and 7 are two purchases alike, with IDs of their own: both kept.
  // みなと銀行: 285'400 − 5'912 − 23'070 = 256'418 (3 rows); さくらカード: −648 − 12'000 − 648 = −13'296 (3 rows).
  // Out 648 + 5'912 + 23'070 + 12'000 + 648 = 42'278 (5 rows), in 285'400.
  "moneyforward-me-jp.csv": {
    format: "csv",
    layout: "moneyforward-me",
    account: null,
    dataLines: 6,
    rows: [
      [2, "2026-03-25", 285400, "JPY", "給与 ミドリ商事"],
      [3, "2026-03-22", -648, "JPY", "ファミリーマート 港南店"],
      [4, "2026-03-20", -5912, "JPY", "東京ガス"],
      [5, "2026-03-18", -23070, "JPY", "カード引き落とし さくらカード"],
      [6, "2026-03-15", -12000, "JPY", "立替 歓送迎会 · 幹事立替分"],
      [7, "2026-03-22", -648, "JPY", "ファミリーマート 港南店"],
    ],
    totals: [{ currency: "JPY", out: 42278, outRows: 5, in: 285400, inRows: 1 }],
    reconciliation: [
      { currency: "JPY", status: "none", opening: null, closing: null, entries: 3, difference: null },
      { currency: "JPY", status: "none", opening: null, closing: null, entries: 3, difference: null },
    ],
    notes: ["the currency JPY (from the Money Forward ME layout) for every row"],
  },
  // Morgan Stanley's activity export of two of the holder's accounts, each row naming its own (qa40: a real export's rows
  // of two accounts were booked to no account, as one), written after that export's layout: descriptions over several
  // lines (line 2's over lines 2–4), month-first dates, signed dollars. The transfer of 10/19 is one leg in each account:
  // out of the CashPlus account (line 9), into the AAA account (line 11). Out 73.46 + 1'000.00 + 650.00 = 1'723.46 (3 rows);
  // in 4'215.38 + 18.90 + 1'000.00 = 5'234.28 (3 rows); one reconciliation line per account (CashPlus 4 rows, AAA 2).
  // "Activity" is left out where the description says it already ("DEBIT CARD PURCHASE" beside "Debit Card").
  "morgan-stanley-two-accounts.csv": {
    format: "csv",
    layout: "morgan-stanley-activity",
    account: null,
    dataLines: 6,
    rows: [
      [2, "2026-10-14", 4215.38, "USD", "DIRECT DEP FUNDS RECVD NORTHWIND TRADERS PAYROLL · Direct Deposit"],
      [5, "2026-10-14", -73.46, "USD", "DEBIT CARD PURCHASE TRADER JOES #552"],
      [7, "2026-10-16", 18.9, "USD", "DIVIDEND VANGUARD TOTAL STK MKT"],
      [9, "2026-10-19", -1000, "USD", "FUNDS TRANSFERRED TO AAA 101 418822 · monthly saving"],
      [11, "2026-10-19", 1000, "USD", "FUNDS RECEIVED FROM PLATINUM CASHPLUS 101 557310 · monthly saving"],
      [13, "2026-10-21", -650, "USD", "CHECK 2231"],
    ],
    totals: [{ currency: "USD", out: 1723.46, outRows: 3, in: 5234.28, inRows: 3 }],
    reconciliation: [
      { currency: "USD", status: "none", opening: null, closing: null, entries: 4, difference: null },
      { currency: "USD", status: "none", opening: null, closing: null, entries: 2, difference: null },
    ],
    notes: ["the currency USD (from the Morgan Stanley layout) for every row"],
  },
  // Cash App's bitcoin report (qa36's blind pass: Pjrich1313's transactions_2023.csv read by guessed columns, the gross
  // "Amount" booked, fees lost, and its bitcoin withdrawals booked as money in). The "Net Amount" is what moved in the
  // cash balance: +12.09 (12.40 less the 0.31 fee), −50.00 (48.75 and the 1.25 fee), −9.85. The withdrawal of line 3
  // sent coins out of the app: no dollars moved, skipped. Out 50.00 + 9.85 = 59.85 (2 rows), in 12.09.
  "cash-app-bitcoin-report.csv": {
    format: "csv",
    layout: "cash-app",
    account: null,
    dataLines: 4,
    rows: [
      [2, "2024-05-20", 12.09, "USD", "Bitcoin Sale"],
      [4, "2024-05-11", -50, "USD", "Bitcoin Buy"],
      [5, "2024-05-03", -9.85, "USD", "Bitcoin Buy"],
    ],
    totals: [{ currency: "USD", out: 59.85, outRows: 2, in: 12.09, inRows: 1 }],
    skipped: [{ line: 3, reason: "bitcoin sent to or received from a wallet outside Cash App: no dollars moved" }],
    reconciliation: [{ currency: "USD", status: "none", opening: null, closing: null, entries: 3, difference: null }],
  },
  // Cash App's activity export (the layout of Minance's cash_app_debit.csv): month-first dates (03/14 decides), the
  // instant deposit's −100.00 and its −1.75 fee took −101.75 ("Net Amount"); the failed payment of line 4 moved nothing.
  // Out 23.40 + 101.75 + 7.25 = 132.40 (3 rows), in 60.00.
  "cash-app-activity.csv": {
    format: "csv",
    layout: "cash-app",
    account: null,
    dataLines: 5,
    rows: [
      [2, "2024-03-14", -23.4, "USD", "BLUE DOOR DELI · Cash Card Debit"],
      [3, "2024-03-13", 60, "USD", "Dana Ortiz · rent share · Received P2P"],
      [5, "2024-03-11", -101.75, "USD", "Instant Deposit"],
      [6, "2024-03-02", -7.25, "USD", "CITY PARKING 22 · Cash Card Debit"],
    ],
    totals: [{ currency: "USD", out: 132.4, outRows: 3, in: 60, inRows: 1 }],
    skipped: [{ line: 4, reason: "not completed (failed, cancelled, declined or pending): no money moved" }],
    reconciliation: [{ currency: "USD", status: "none", opening: null, closing: null, entries: 4, difference: null }],
  },
  // Westpac (Australia), layout westpac: day-first, debit/credit both positive, a balance, newest first, AUD (no currency in the file; QA round 4, pass 9: stored in the data's main currency). 19.75 − 5.00 = 14.75 − 200.00 = −185.25 + 3'200.00 = 3'014.75 − 84.35 = 2'930.40 ✓.
  "westpac-au.csv": {
    format: "csv",
    layout: "westpac",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2026-01-20",-84.35,"AUD","DEBIT CARD PURCHASE COLES 0456 SYDNEY AU"],
      [3,"2026-01-15",3200,"AUD","DEPOSIT ACME PTY LTD SALARY"],
      [4,"2026-01-13",-200,"AUD","WITHDRAWAL ATM 123 GEORGE ST"],
      [5,"2026-01-02",-5,"AUD","MONTHLY PLAN FEE"],
    ],
    totals: [{"currency":"AUD","out":289.35,"outRows":3,"in":3200,"inRows":1}],
    reconciliation: [{"currency":"AUD","status":"ok","opening":19.75,"closing":2930.4,"entries":4,"difference":0}],
    notes: ["the currency AUD (from the Westpac layout) for every row"],
  },
  // HDFC Bank (India), layout hdfc-delimited: the net banking "Delimited" download (qa53's blind pass: a real one's
  // lines, days 01 and 06, were refused, "cannot tell the date format"; its rupees were the data's main currency): a line
  // of bare commas, a header and cells padded with spaces, DD/MM/YY dates all 12 or less, 0.00 on the other side, INR
  // named by no cell. 50'000.00 − 1'245.50 = 48'754.50 + 92'000.00 = 140'754.50 − 5'000.00 = 135'754.50 − 2'000.00 =
  // 133'754.50 ✓. Out 8'245.50 (3 rows), in 92'000.00 (1 row).
  "hdfc-in-delimited-early-days.csv": {
    format: "csv",
    layout: "hdfc-delimited",
    account: null,
    dataLines: 4,
    rows: [
      [3,"2026-03-02",-1245.5,"INR","UPI-FRESHMART-FRESHMART@OKAXIS-UTIB0000123-605112345678-GROCERIES"],
      [4,"2026-03-05",92000,"INR","NEFT CR-NORTHWIND SOFTWARE PVT LTD-SALARY FEB"],
      [5,"2026-03-07",-5000,"INR","ACH D- CONTOSO MUTUAL FUND-SIP0042"],
      [6,"2026-03-11",-2000,"INR","ATW-512345XXXXXX6789-S1ANMU01-MUMBAI"],
    ],
    totals: [{"currency":"INR","out":8245.5,"outRows":3,"in":92000,"inRows":1}],
    reconciliation: [{"currency":"INR","status":"ok","opening":50000,"closing":133754.5,"entries":4,"difference":0}],
    notes: ["the currency INR (from the HDFC Bank layout) for every row"],
  },
  // NAB (Australia), layout nab: dates "21 Jan 26", a signed amount, a column with no header, the merchant ("Woolworths", already said by the details), AUD. 100.00 − 100.00 = 0.00 + 1'900.00 = 1'900.00 − 45.90 = 1'854.10 ✓.
  // Up (Australia), qa44 blind pass (WRONG silently before: "Round Up (AUD)" was taken as the amount, the café's −5.00
  // booked as its −0.50 round-up and the other three rows skipped as "no money moved"; a file of one row without a
  // round-up was refused). "Total (AUD)" is the money: out 5.00 + 23.18 + 200.00 = 228.18 (3), in 2'140.00 (1); the
  // date the Time's own day (its offset +11:00 is the account's), the USD 15.00 paid kept as the original amount.
  "up-au.csv": {
    format: "csv",
    layout: "up",
    account: null,
    dataLines: 4,
    rows: [
      [2,"2026-02-02",-5,"AUD","BEAN COUNTER CAFE, FITZROY"],
      [3,"2026-02-03",2140,"AUD","Northwind Pty Ltd PAYROLL"],
      [4,"2026-02-05",-23.18,"AUD","Figma Monthly, SAN FRANCISCO"],
      [5,"2026-02-06",-200,"AUD","Transfer to Holiday Saver"],
    ],
    totals: [{"currency":"AUD","out":228.18,"outRows":3,"in":2140,"inRows":1}],
    reconciliation: [{"currency":"AUD","status":"none","opening":null,"closing":null,"entries":4,"difference":null}],
    notes: ["the currency AUD (from the Up layout) for every row"],
  },
  "nab-au.csv": {
    format: "csv",
    layout: "nab",
    account: null,
    dataLines: 3,
    rows: [
      [2,"2026-01-21",-45.9,"AUD","WOOLWORTHS 3356 MELBOURNE · EFTPOS DEBIT"],
      [3,"2026-01-14",1900,"AUD","ACME PTY LTD PAY · SALARY"],
      [4,"2026-01-03",-100,"AUD","INTERNET TRANSFER TO SAVINGS · TRANSFER DEBIT"],
    ],
    totals: [{"currency":"AUD","out":145.9,"outRows":2,"in":1900,"inRows":1}],
    reconciliation: [{"currency":"AUD","status":"ok","opening":100,"closing":1854.1,"entries":3,"difference":0}],
    notes: ["the currency AUD (from the NAB (National Australia Bank) layout) for every row"],
  },
  // Review of r4-qa13, defect 5: the Nubank card layout now needs its rows to be the card's; a card file of purchases
  // only (every amount positive, no "Pagamento recebido") still is. Out 12.40 + 23.90 + 21.90 = 58.20 BRL.
  "nubank-card-purchases-only.csv": {"format":"csv","layout":"nubank-card","account":null,"dataLines":3,"rows":[[2,"2026-03-02",-12.4,"BRL","Padaria Pão Quente"],[3,"2026-03-05",-23.9,"BRL","Uber *Trip"],[4,"2026-03-09",-21.9,"BRL","Spotify"]],"totals":[{"currency":"BRL","out":58.2,"outRows":3,"in":0,"inRows":0}],"reconciliation":[{"currency":"BRL","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],"notes":["the currency BRL (from the Nubank layout) for every row","a card export that writes purchases positive: they are read as money out, payments to the card as money in"]},
  // Chase's card header written by another tool with purchases positive (Type "Sale" 23.99), the payment to the card and
  // a return negative (QA of stop 46: every purchase was money in, under the layout's purchases-negative reading). The kind
  // column says which sign purchases carry: out 23.99 + 5.75 = 29.74 (2 rows), in 500.00 + 12.00 = 512.00 (2 rows).
  "chase-card-header-sales-positive.csv": {"format":"csv","layout":"chase-card","account":null,"dataLines":4,"rows":[[2,"2026-03-01",-23.99,"USD","AMAZON MKTPL*AB12CD"],[3,"2026-03-03",500,"USD","PAYMENT THANK YOU"],[4,"2026-03-05",-5.75,"USD","STARBUCKS STORE 05640"],[5,"2026-03-07",12,"USD","AMAZON MKTPL RETURN"]],"totals":[{"currency":"USD","out":29.74,"outRows":2,"in":512,"inRows":2}],"reconciliation":[{"currency":"USD","status":"none","opening":null,"closing":null,"entries":4,"difference":null}],"notes":["the currency USD (from the Chase layout) for every row","a card export that writes purchases positive: they are read as money out, payments to the card as money in"]},
  // QA round 4, pass 18 (blind; peers' real test files and exports written from firefly-iii's import configurations):
  // Poste Italiane's BancoPosta (QA round 4, pass 23, blind: real exports of the banks our fixtures covered least), layout bancoposta,
  // "Lista movimenti" (after ofxstatement-bancoposta's real test files): its opening balance line writes the amount with a
  // "|" after it ("1.520,40|"), its closing one the "|" before the label ("|SALDO FINALE"): the "|" made the opening
  // balance a bad amount and the whole file was refused (7 of 7 files). Two-digit years, "Addebiti"/"Accrediti" unsigned.
  // 1'520.40 − 2.00 − 64.20 + 1'850.00 − 500.00 = 2'804.20 = SALDO FINALE ✓ (euros: the layout's).
  "bancoposta-it-pipe.csv": {"format":"csv","layout":"bancoposta","account":null,"dataLines":6,"rows":[[3,"2026-02-03",-2,"EUR","IMPOSTA DI BOLLO"],[4,"2026-02-09",-64.2,"EUR","PAGAMENTO POSTAMAT CONAD ROMA CARTA 12345"],[5,"2026-02-12",1850,"EUR","BONIFICO A VOSTRO FAVORE TRN ABC123 DA ACME SRL PER STIPENDIO FEBBRAIO"],[6,"2026-02-20",-500,"EUR","POSTAGIRO A Mario Rossi per affitto TRN XYZ789"]],"totals":[{"currency":"EUR","out":566.2,"outRows":3,"in":1850,"inRows":1}],"skipped":[{"line":2,"reason":"the statement's opening balance (\"SALDO INIZIALE\"), checked against its rows"},{"line":7,"reason":"the statement's closing balance (\"|SALDO FINALE\"), checked against its rows"}],"reconciliation":[{"currency":"EUR","status":"ok","opening":1520.4,"closing":2804.2,"entries":4,"difference":0}],"notes":["the currency EUR (from the Poste Italiane (BancoPosta) layout) for every row"]},
  // Review of r4-qa23 (F2): a booking whose text holds "SALDO FINALE" (settling an invoice, line 4) was taken for the closing
  // balance: skipped, 350.00 lost (or the file refused as off by it). The balance lines are the whole text SALDO INIZIALE /
  // SALDO FINALE (the "|" aside). 980.15 − 2.00 − 350.00 + 1'420.00 − 38.60 = 2'009.55 = SALDO FINALE ✓.
  "bancoposta-it-saldo-in-text.csv": {"format":"csv","layout":"bancoposta","account":null,"dataLines":6,"rows":[[3,"2026-04-02",-2,"EUR","IMPOSTA DI BOLLO"],[4,"2026-04-07",-350,"EUR","BONIFICO SALDO FINALE FATTURA 27 IDRAULICO"],[5,"2026-04-10",1420,"EUR","BONIFICO A VOSTRO FAVORE DA BETA SRL STIPENDIO MARZO"],[6,"2026-04-15",-38.6,"EUR","PAGAMENTO POS ESSELUNGA MILANO"]],"totals":[{"currency":"EUR","out":390.6,"outRows":3,"in":1420,"inRows":1}],"skipped":[{"line":2,"reason":"the statement's opening balance (\"SALDO INIZIALE\"), checked against its rows"},{"line":7,"reason":"the statement's closing balance (\"|SALDO FINALE\"), checked against its rows"}],"reconciliation":[{"currency":"EUR","status":"ok","opening":980.15,"closing":2009.55,"entries":4,"difference":0}],"notes":["the currency EUR (from the Poste Italiane (BancoPosta) layout) for every row"]},
  // BancoPosta with an overdrawn opening balance written with its sign under Accrediti ("-150,00|"): the sign in the cell
  // counts, as in a Caisse d'Epargne balance line (before: read on the column's side, +150.00, the file refused as off by
  // 300.00). −150.00 − 2.00 + 1'200.00 − 45.30 = 1'002.70 = SALDO FINALE ✓.
  "bancoposta-it-signed-balance.csv": {"format":"csv","layout":"bancoposta","account":null,"dataLines":5,"rows":[[3,"2026-04-02",-2,"EUR","IMPOSTA DI BOLLO"],[4,"2026-04-10",1200,"EUR","BONIFICO A VOSTRO FAVORE DA GAMMA SRL STIPENDIO MARZO"],[5,"2026-04-14",-45.3,"EUR","PAGAMENTO POS COOP TORINO"]],"totals":[{"currency":"EUR","out":47.3,"outRows":2,"in":1200,"inRows":1}],"skipped":[{"line":2,"reason":"the statement's opening balance (\"SALDO INIZIALE\"), checked against its rows"},{"line":6,"reason":"the statement's closing balance (\"|SALDO FINALE\"), checked against its rows"}],"reconciliation":[{"currency":"EUR","status":"ok","opening":-150,"closing":1002.7,"entries":3,"difference":0}],"notes":["the currency EUR (from the Poste Italiane (BancoPosta) layout) for every row"]},
  // BancoPosta, its opening balance an overdraft written with the minus after it ("80,00-") or in parentheses
  // ("(80,00)") under Accrediti (review of r4-impleft: read as +80.00, the file refused as off by 160.00): −80.00 − 2.00
  // + 950.00 − 31.40 = 836.60.
  "bancoposta-it-trailing-minus-balance.csv": {"format":"csv","layout":"bancoposta","account":null,"dataLines":5,"rows":[[3,"2026-03-03",-2,"EUR","IMPOSTA DI BOLLO"],[4,"2026-03-09",950,"EUR","BONIFICO A VOSTRO FAVORE DA DELTA SNC STIPENDIO FEBBRAIO"],[5,"2026-03-17",-31.4,"EUR","PAGAMENTO POS CONAD MILANO"]],"totals":[{"currency":"EUR","out":33.4,"outRows":2,"in":950,"inRows":1}],"skipped":[{"line":2,"reason":"the statement's opening balance (\"SALDO INIZIALE\"), checked against its rows"},{"line":6,"reason":"the statement's closing balance (\"|SALDO FINALE\"), checked against its rows"}],"reconciliation":[{"currency":"EUR","status":"ok","opening":-80,"closing":836.6,"entries":3,"difference":0}],"notes":["the currency EUR (from the Poste Italiane (BancoPosta) layout) for every row"]},
  "bancoposta-it-parenthesised-balance.csv": {"format":"csv","layout":"bancoposta","account":null,"dataLines":5,"rows":[[3,"2026-03-03",-2,"EUR","IMPOSTA DI BOLLO"],[4,"2026-03-09",950,"EUR","BONIFICO A VOSTRO FAVORE DA DELTA SNC STIPENDIO FEBBRAIO"],[5,"2026-03-17",-31.4,"EUR","PAGAMENTO POS CONAD MILANO"]],"totals":[{"currency":"EUR","out":33.4,"outRows":2,"in":950,"inRows":1}],"skipped":[{"line":2,"reason":"the statement's opening balance (\"SALDO INIZIALE\"), checked against its rows"},{"line":6,"reason":"the statement's closing balance (\"|SALDO FINALE\"), checked against its rows"}],"reconciliation":[{"currency":"EUR","status":"ok","opening":-80,"closing":836.6,"entries":3,"difference":0}],"notes":["the currency EUR (from the Poste Italiane (BancoPosta) layout) for every row"]},
  // Caisse d'Epargne (FR), layout caisse-epargne: debits and credits in columns of their own (here written with their
  // signs, "-64,20", "+2 800,00"), a space grouping thousands, no currency column: a French app's fixtures of this export
  // were stored in the data's main currency (CHF). Out 64.20 + 1'200.00 = 1'264.20, in 2'800.00 EUR.
  "caisse-epargne-fr.csv": {"format":"csv","layout":"caisse-epargne","account":null,"dataLines":3,"rows":[[2,"2026-02-03",-64.2,"EUR","CB CARREFOUR MARKET 02/02"],[3,"2026-02-05",2800,"EUR","VIR SEPA ACME SAS · Salaire fevrier"],[4,"2026-02-14",-1200,"EUR","PRLV SEPA SCI DU PARC · Loyer fevrier"]],"totals":[{"currency":"EUR","out":1264.2,"outRows":2,"in":2800,"inRows":1}],"reconciliation":[{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],"notes":["the currency EUR (from the Caisse d'Epargne layout) for every row"]},
  // Caisse d'Epargne, written for the re-import of a file whose currency was assumed (reimport-older-ids.test.ts):
  // out 8.40 + 72.15 = 80.55 (2), in 2'450.00 (1), EUR from the layout.
  "caisse-epargne-assumed-fr.csv": {"format":"csv","layout":"caisse-epargne","account":null,"dataLines":3,"rows":[[2,"2026-03-02",-8.4,"EUR","CB BOULANGERIE PAUL 01/03"],[3,"2026-03-05",2450,"EUR","VIR SEPA DUPONT SARL · Salaire mars"],[4,"2026-03-10",-72.15,"EUR","PRLV SEPA EDF · Facture electricite"]],"totals":[{"currency":"EUR","out":80.55,"outRows":2,"in":2450,"inRows":1}],"reconciliation":[{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],"notes":["the currency EUR (from the Caisse d'Epargne layout) for every row"]},
  // Caisse d'Epargne's professional account export ("Date comptable", no "Libelle operation"): the same layout. Out 612.00, in 1'450.00 EUR.
  "caisse-epargne-pro-fr.csv": {"format":"csv","layout":"caisse-epargne","account":null,"dataLines":2,"rows":[[2,"2026-02-16",1450,"EUR","CLIENT DURAND · Facture 2026-014"],[3,"2026-02-18",-612,"EUR","URSSAF · Cotisations janvier"]],"totals":[{"currency":"EUR","out":612,"outRows":1,"in":1450,"inRows":1}],"reconciliation":[{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],"notes":["the currency EUR (from the Caisse d'Epargne layout) for every row"]},
  // Tesco Bank credit card (UK), layout tesco-bank-card: unsigned "Billing Amount" with a D/C "Debit/Credit Flag" (the
  // refund on line 5 is C), address headers ending in a space, no currency column: stored in the data's main currency.
  // Out 45.67 + 12.00 = 57.67, in 150.00 + 8.99 = 158.99 GBP.
  "tesco-bank-uk-card.csv": {"format":"csv","layout":"tesco-bank-card","account":null,"dataLines":4,"rows":[[2,"2026-01-05",-45.67,"GBP","TESCO STORES 2345 · READING"],[3,"2026-01-09",-12,"GBP","NETFLIX.COM · AMSTERDAM"],[4,"2026-01-15",150,"GBP","DIRECT DEBIT PAYMENT - THANK YOU"],[5,"2026-01-20",8.99,"GBP","AMAZON PRIME*AB12C · AMAZON.CO.UK"]],"totals":[{"currency":"GBP","out":57.67,"outRows":2,"in":158.99,"inRows":2}],"reconciliation":[{"currency":"GBP","status":"none","opening":null,"closing":null,"entries":4,"difference":null}],"notes":["the currency GBP (from the Tesco Bank layout) for every row"]},
  // MBNA credit card (UK), layout lloyds-group-card (Halifax's and Lloyds Bank's cards write the same header): purchases positive, the payment negative, a trailing comma (a column without a
  // header), the card reference was part of every description. Out 23.40 + 56.80 + 4.35 = 84.55, in 200.00 GBP.
  "mbna-uk-card.csv": {"format":"csv","layout":"lloyds-group-card","account":null,"dataLines":4,"rows":[[2,"2026-01-06",-23.4,"GBP","SAINSBURYS S/MKTS LONDON"],[3,"2026-01-11",-56.8,"GBP","TRAINLINE.COM LONDON"],[4,"2026-01-18",200,"GBP","PAYMENT RECEIVED - THANK YOU"],[5,"2026-01-22",-4.35,"GBP","CAFFE NERO LONDON"]],"totals":[{"currency":"GBP","out":84.55,"outRows":3,"in":200,"inRows":1}],"reconciliation":[{"currency":"GBP","status":"none","opening":null,"closing":null,"entries":4,"difference":null}],"notes":["the currency GBP (from the Lloyds Banking Group (MBNA, Halifax, Lloyds Bank) layout) for every row","a card export that writes purchases positive: they are read as money out, payments to the card as money in"]},
  // A Halifax card export (layout lloyds-group-card) with a "Currency" column (review of pass 18: the layout's fixed GBP
  // won, the euros were booked as pounds): each row takes its own cell, the empty one (line 5) the layout's GBP.
  // Purchases positive as the layout reads them: EUR out 123.40 + 56.80 = 180.20 (2); GBP out 7.99 (1), in 250.00 (1).
  "halifax-card-currency-column.csv": {"format":"csv","layout":"lloyds-group-card","account":null,"dataLines":4,"rows":[[2,"2026-02-06",-123.4,"EUR","HOTEL LE MARAIS PARIS"],[3,"2026-02-11",-56.8,"EUR","SNCF PARIS"],[4,"2026-02-18",250,"GBP","PAYMENT RECEIVED - THANK YOU"],[5,"2026-02-20",-7.99,"GBP","BOOTS LONDON"]],"totals":[{"currency":"EUR","out":180.2,"outRows":2,"in":0,"inRows":0},{"currency":"GBP","out":7.99,"outRows":1,"in":250,"inRows":1}],"reconciliation":[{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":2,"difference":null},{"currency":"GBP","status":"none","opening":null,"closing":null,"entries":2,"difference":null}],"notes":["each row's currency is read from the column \"Currency\"; the Lloyds Banking Group (MBNA, Halifax, Lloyds Bank) layout's GBP only where that cell is empty","the currency GBP (from the Lloyds Banking Group (MBNA, Halifax, Lloyds Bank) layout) for 1 row without a currency of its own","a card export that writes purchases positive: they are read as money out, payments to the card as money in"]},
  // A Tesco Bank card export (layout tesco-bank-card) of a card billed in euros, "Billing Currency" EUR (review of pass
  // 18: booked as GBP): D rows out 45.67 + 12.00 = 57.67 (2), the C row in 100.00, all EUR.
  "tesco-card-billing-currency.csv": {"format":"csv","layout":"tesco-bank-card","account":null,"dataLines":3,"rows":[[2,"2026-02-05",-45.67,"EUR","SUPERVALU · DUBLIN"],[3,"2026-02-09",-12,"EUR","NETFLIX.COM · AMSTERDAM"],[4,"2026-02-16",100,"EUR","DIRECT DEBIT PAYMENT - THANK YOU"]],"totals":[{"currency":"EUR","out":57.67,"outRows":2,"in":100,"inRows":1}],"reconciliation":[{"currency":"EUR","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],"notes":["each row's currency is read from the column \"Billing Currency\"; the Tesco Bank layout's GBP only where that cell is empty"]},
  // The Lloyds card's header over purchases written negative and the card's payment positive (another tool's export;
  // review of pass 18: read as the card, every purchase booked as income): not as the card writes its rows, so the
  // generic reader reads it, its Reference a text. By hand: 16/02 tells day-first; out 18.20 + 24.00 = 42.20 (2), in
  // 150.00; no currency named, the data's main one (CHF).
  "lloyds-header-purchases-negative.csv": {"format":"csv","layout":"guessed","account":null,"dataLines":3,"rows":[[2,"2026-02-03",-18.2,"CHF","TESCO METRO LONDON · TX1001"],[3,"2026-02-09",-24,"CHF","ODEON CINEMAS · TX1002"],[4,"2026-02-16",150,"CHF","PAYMENT RECEIVED - THANK YOU · TX1003"]],"totals":[{"currency":"CHF","out":42.2,"outRows":2,"in":150,"inRows":1}],"reconciliation":[{"currency":"CHF","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],"notes":["the file names no currency anywhere: every row was taken as CHF (the main currency of your data); if this account is in another currency, set the currency of every row (--currency CODE) and import the file again"]},
  // Marcus by Goldman Sachs savings (UK), layout marcus-uk: dates 20260131, a signed Value, AccountBalance after each
  // row, newest first. 9'000.00 + 2'000.00 = 11'000.00 − 1'000.00 = 10'000.00 + 500.00 = 10'500.00 + 12.34 = 10'512.34 ✓.
  "marcus-uk.csv": {"format":"csv","layout":"marcus-uk","account":"12345678","dataLines":4,"rows":[[2,"2026-01-31",12.34,"GBP","Interest"],[3,"2026-01-15",500,"GBP","Deposit from nominated account"],[4,"2026-01-10",-1000,"GBP","Withdrawal to nominated account"],[5,"2026-01-02",2000,"GBP","Deposit from nominated account"]],"totals":[{"currency":"GBP","out":1000,"outRows":1,"in":2512.34,"inRows":3}],"reconciliation":[{"currency":"GBP","status":"ok","opening":9000,"closing":10512.34,"entries":4,"difference":0}],"notes":["the currency GBP (from the Marcus by Goldman Sachs (United Kingdom) layout) for every row"]},
  // Swedbank Lithuania's older export in Lithuanian (pass 18, after ofxstatement-lithuanian's real test file of 2012):
  // "Sąskaitos Nr.","","Data","Gavėjas","Paaiškinimai","Suma","Valiuta","D/K","Įrašo Nr.",… — the English 2014 export's
  // columns, the row type in the unnamed second. The real file was refused (no description column); this one, its
  // "Gavėjas" filled more often, was read by content with exit 0: the opening balance (1'900.00), both turnovers and the
  // closing balance (3'435.80) booked as four payments (WRONG, silent). Out 64.20 + 1'200.00, in 2'800.00 LTL; 1'900.00 −
  // 1'264.20 + 2'800.00 = 3'435.80, the stated closing.
  "swedbank-lt-2012-lt.csv": {"format":"csv","layout":"swedbank-baltic-en-2014","account":"LT121000011101001000","dataLines":7,"rows":[[3,"2012-03-03",-64.2,"LTL","PIRKINYS 5168********1234 2012.03.02 64.20 LTL MAXIMA LT Vilnius"],[4,"2012-03-05",2800,"LTL","UAB Darbdavys · Atlyginimas už vasarį"],[5,"2012-03-14",-1200,"LTL","Jonas Jonaitis · Nuoma už kovą"]],"totals":[{"currency":"LTL","out":1264.2,"outRows":2,"in":2800,"inRows":1}],"skipped":[{"line":2,"reason":"the statement's opening balance (\"Likutis pradžiai\"), checked against its rows"},{"line":6,"reason":"the period's turnover (a total of the bookings), not a booking"},{"line":7,"reason":"the period's turnover (a total of the bookings), not a booking"},{"line":8,"reason":"the statement's closing balance (\"Likutis pabaigai\"), checked against its rows"}],"reconciliation":[{"currency":"LTL","status":"ok","opening":1900,"closing":3435.8,"entries":3,"difference":0}]},
  // Tesco's card header with the purchase's own "Transaction Amount" and "Transaction Currency" beside the billed amount
  // (review of stop 46: the billed pounds of the euro purchase were booked as EUR 39.12). The transaction currency is the
  // transaction amount's: every billed row is GBP. Out 39.12 + 12.00 = 51.12 (2 rows), in 100.00.
  "tesco-card-transaction-currency.csv": {"format":"csv","layout":"tesco-bank-card","account":null,"dataLines":3,"rows":[[2,"2026-02-05",-39.12,"GBP","SUPERVALU · DUBLIN"],[3,"2026-02-09",-12,"GBP","NETFLIX.COM · LONDON"],[4,"2026-02-16",100,"GBP","DIRECT DEBIT PAYMENT - THANK YOU"]],"totals":[{"currency":"GBP","out":51.12,"outRows":2,"in":100,"inRows":1}],"reconciliation":[{"currency":"GBP","status":"none","opening":null,"closing":null,"entries":3,"difference":null}],"notes":["the currency GBP (from the Tesco Bank layout) for every row"]},
};
