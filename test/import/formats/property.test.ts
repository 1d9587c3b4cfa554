/**
 * A property of the CSV reader over files a generator makes (issue 31): a random header language
 * (EN, DE, FR, IT, NL, ES), money layout (one signed column, debit and credit columns, an amount
 * with an indicator column whose word wins over a misleading sign), order (oldest or newest first),
 * encoding (UTF-8, UTF-8 with BOM, windows-1252, UTF-16 with BOM), delimiter, decimal mark and
 * grouping, date notation, one or two currencies, a running balance column per currency, a total
 * line and a balance note among the rows. Whatever the draw: the rows' amounts add up to the file's
 * own amounts per currency, to the cent; every data line is a row or a skipped line (none bad,
 * none lost); and every currency's balances check out. Deterministic: the seeds are fixed.
 */
import { describe, expect, test } from "bun:test";
import { parseStatement } from "../../../src/import/formats/index.ts";

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Lang = { date: string; text: string; amount: string; debit: string; credit: string; indicator: string; balance: string; currency: string; signs: [string, string]; total: string; note: string };

const LANGS: Record<string, Lang> = {
  en: { date: "Date", text: "Description", amount: "Amount", debit: "Debit", credit: "Credit", indicator: "Type", balance: "Balance", currency: "Currency", signs: ["DR", "CR"], total: "Total", note: "Closing balance" },
  de: { date: "Buchungsdatum", text: "Buchungstext", amount: "Betrag", debit: "Belastung", credit: "Gutschrift", indicator: "Soll/Haben", balance: "Saldo", currency: "Währung", signs: ["S", "H"], total: "Summe", note: "Kontostand" },
  fr: { date: "Date", text: "Libellé", amount: "Montant", debit: "Montant débité", credit: "Montant crédité", indicator: "Sens", balance: "Solde", currency: "Devise", signs: ["Débit", "Crédit"], total: "Total", note: "Solde final" },
  it: { date: "Data", text: "Descrizione", amount: "Importo", debit: "Importo di addebito", credit: "Importo di accredito", indicator: "Segno", balance: "Saldo", currency: "Valuta", signs: ["Addebito", "Accredito"], total: "Totale", note: "Saldo finale" },
  nl: { date: "Datum", text: "Omschrijving", amount: "Bedrag", debit: "Bedrag af", credit: "Bedrag bij", indicator: "Af Bij", balance: "Saldo", currency: "Munt", signs: ["Af", "Bij"], total: "Totaal", note: "Saldo" },
  es: { date: "Fecha", text: "Concepto", amount: "Importe", debit: "Cargo", credit: "Abono", indicator: "Tipo", balance: "Saldo", currency: "Moneda", signs: ["Cargo", "Abono"], total: "Total", note: "Saldo final" },
};
const MERCHANTS = ["Migros Zürich", "Café Schwarzenbach", "Boulangerie Genève", "Bäckerei Müller", "Farmacia Lugano", "Albert Heijn", "SBB CFF FFS", "Librería Pérez"];

function generate(seed: number) {
  const rnd = mulberry32(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const langKey = pick(Object.keys(LANGS));
  const L = LANGS[langKey]!;
  const money = pick(["signed", "split", "indicator"] as const);
  const order = pick(["forward", "reverse"] as const);
  const encoding = pick(["utf8", "utf8-bom", "cp1252", "utf16"] as const);
  const delimiter = pick([";", ",", "\t", "|"]);
  const decimal = pick([".", ","] as const);
  const grouping = rnd() < 0.5;
  const dates = pick(["iso", "dmy-dot", "dmy-slash"] as const);
  const currencies = rnd() < 0.3 ? ["CHF", "EUR"] : [pick(["CHF", "EUR", "USD"])];
  const n = 3 + Math.floor(rnd() * 40);

  const fmtAmount = (cents: number, signed: boolean) => {
    const neg = cents < 0;
    const abs = Math.abs(cents);
    let whole = String(Math.floor(abs / 100));
    if (grouping) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, decimal === "." ? "'" : ".");
    const s = `${whole}${decimal}${String(abs % 100).padStart(2, "0")}`;
    return signed && neg ? `-${s}` : s;
  };
  const fmtDate = (day: number) => {
    const d = String(day).padStart(2, "0");
    return dates === "iso" ? `2025-06-${d}` : dates === "dmy-dot" ? `${d}.06.2025` : `${d}/06/2025`;
  };

  // The rows in time order; day 28 is always there, so day-first is decided.
  type Row = { day: number; cents: number; currency: string; text: string };
  const rows: Row[] = [];
  for (let i = 0; i < n; i++) {
    const out = rnd() < 0.75;
    const cents = (out ? -1 : 1) * (5 + Math.floor(rnd() * 500_000));
    rows.push({ day: i === 0 ? 28 : 1 + Math.floor(rnd() * 28), cents, currency: pick(currencies), text: `${pick(MERCHANTS)} ${i}` });
  }
  rows.sort((a, b) => a.day - b.day);
  const balance = new Map(currencies.map((c) => [c, Math.floor(rnd() * 1_000_000) - 200_000]));
  const balances = rows.map((r) => {
    const b = balance.get(r.currency)! + r.cents;
    balance.set(r.currency, b);
    return b;
  });

  const cols = [L.date, L.text, ...(money === "signed" ? [L.amount] : money === "split" ? [L.debit, L.credit] : [L.amount, L.indicator]), L.balance, L.currency];
  const quote = (cell: string) => (cell.includes(delimiter) || cell.includes('"') ? `"${cell.replace(/"/g, '""')}"` : cell);
  const line = (cells: string[]) => cells.map(quote).join(delimiter);
  const moneyCells = (cents: number) => {
    if (money === "signed") return [fmtAmount(cents, true)];
    if (money === "split") return cents < 0 ? [rnd() < 0.5 ? fmtAmount(cents, true) : fmtAmount(-cents, false), ""] : ["", fmtAmount(cents, false)];
    // The indicator wins: the amount cell sometimes carries a sign that says the opposite.
    const misleading = rnd() < 0.3;
    const shown = misleading ? -cents : Math.abs(cents);
    return [fmtAmount(shown, true), cents < 0 ? L.signs[0] : L.signs[1]];
  };
  const body = rows.map((r, i) => line([fmtDate(r.day), r.text, ...moneyCells(r.cents), fmtAmount(balances[i]!, true), r.currency]));
  if (order === "reverse") body.reverse();
  // Lines that are no transactions: a balance note with a date and no amount, and a total line without a date.
  const emptyMoney = money === "signed" ? [""] : ["", ""];
  const note = line([fmtDate(28), `${L.note}`, ...emptyMoney, "", currencies[0]!]);
  const total = line(["", L.total, ...(money === "signed" ? [fmtAmount(rows.reduce((s, r) => s + r.cents, 0), true)] : money === "split" ? ["1", "2"] : ["1", L.signs[0]]), "", currencies[0]!]);
  const text = [line(cols), ...body, "", note, total].join(rnd() < 0.5 ? "\r\n" : "\n") + "\n";

  let bytes: Uint8Array;
  if (encoding === "utf16") {
    const u = new Uint8Array(2 + text.length * 2);
    u[0] = 0xff;
    u[1] = 0xfe;
    for (let i = 0; i < text.length; i++) {
      u[2 + 2 * i] = text.charCodeAt(i) & 0xff;
      u[3 + 2 * i] = text.charCodeAt(i) >> 8;
    }
    bytes = u;
  } else if (encoding === "cp1252") bytes = Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
  else {
    const e = new TextEncoder().encode(text);
    bytes = encoding === "utf8-bom" ? Uint8Array.from([0xef, 0xbb, 0xbf, ...e]) : e;
  }
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.currency, (totals.get(r.currency) ?? 0) + r.cents);
  return { bytes, rows, totals, dataLines: n + 2, draw: { langKey, money, order, encoding, delimiter, decimal, grouping, dates, currencies, n } };
}

describe("generated bank CSVs (property)", () => {
  for (let seed = 1; seed <= 300; seed++) {
    const g = generate(seed);
    test(`seed ${seed}: ${JSON.stringify(g.draw)}`, () => {
      const s = parseStatement(g.bytes, { fileName: `gen-${seed}.csv` });
      const rows = s.rows.toArray();
      // Σ rows = Σ the file's amounts, per currency, to the cent.
      const got = new Map<string, number>();
      for (const r of rows) got.set(r.currency, (got.get(r.currency) ?? 0) + Math.round(r.amount * 100));
      expect(Object.fromEntries(got)).toEqual(Object.fromEntries(g.totals));
      expect(rows.length).toBe(g.rows.length);
      // Every data line accounted for: the rows, the note and the total line (skipped); nothing bad, nothing lost.
      expect(s.badRows).toEqual([]);
      expect(s.skipped.length).toBe(2);
      expect(s.dataLines).toBe(g.dataLines);
      expect(rows.length + s.skipped.length + s.badRows.length).toBe(s.dataLines);
      // Each currency's running balance checks out, in the file's order or its reverse.
      expect(s.reconciliation.map((r) => [r.currency, r.status])).toEqual([...g.totals.keys()].filter((c) => g.rows.filter((r) => r.currency === c).length >= 2).map((c) => [c, "ok"]).concat(
        [...g.totals.keys()].filter((c) => g.rows.filter((r) => r.currency === c).length < 2).map((c) => [c, "none"]),
      ).sort((a, b) => s.reconciliation.findIndex((r) => r.currency === a[0]) - s.reconciliation.findIndex((r) => r.currency === b[0])));
    });
  }
});
