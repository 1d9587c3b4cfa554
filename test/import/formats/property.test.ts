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
import type { BankLayout } from "../../../src/import/formats/csv-layout.ts";
import { parseStatement } from "../../../src/import/formats/index.ts";
import { LAYOUTS } from "../../../src/import/formats/layouts/index.ts";

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

/**
 * The same property over every bank layout (issue 32): a file written the way the layout says its bank writes it (its
 * header's cells, delimiter, encoding, date notation, decimal mark, sign rule, currency, balance column) is recognised
 * as that layout with no flag, and its rows add up to what was written, per currency, to the cent, none bad, the
 * balance column checking out.
 */
const first = (c: string | readonly string[]) => (typeof c === "string" ? c : c[0]!);

function formatDate(day: number, notation: string): string {
  const d = String(day).padStart(2, "0");
  const table: Record<string, string> = {
    "YYYY-MM-DD": `2025-06-${d}`,
    "YYYY-MM-DD HH:MM:SS": `2025-06-${d} 12:34:56`,
    YYYYMMDD: `202506${d}`,
    "YYYY/MM/DD": `2025/06/${d}`,
    "DD.MM.YYYY": `${d}.06.2025`,
    "DD.MM.YY": `${d}.06.25`,
    "DD.MM.YYYY HH:MM": `${d}.06.2025 08:15`,
    "DD/MM/YYYY": `${d}/06/2025`,
    "DD/MM/YY": `${d}/06/25`,
    "DD-MM-YYYY": `${d}-06-2025`,
    "MM/DD/YYYY": `06/${d}/2025`,
  };
  return table[notation]!;
}

function generateForLayout(layout: BankLayout, seed: number) {
  const rnd = mulberry32(seed * 7919 + layout.id.length);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const decimal = layout.decimal === "per file" ? pick([".", ","] as const) : layout.decimal;
  const m = layout.money;
  const fixed = layout.currency && "fixed" in layout.currency ? layout.currency.fixed : null;
  // A currency its money header names ("Betrag (€)", "Bedrag (EUR)"); else the layout's account currency (Bank Norwegian's
  // NOK: the generated rows hold no amount in its purchase columns, so no row tells it); else the file's fallback.
  const moneyName = first("direction" in m ? m.source.amount : "debit" in m ? m.debit : "byCurrency" in m ? m.byCurrency[0]!.column : m.amount);
  const inHeader = /€/.test(moneyName) ? "EUR" : /\(([A-Z]{3})\)/.exec(moneyName)?.[1];
  const currencies = fixed ? [fixed] : "byCurrency" in m ? m.byCurrency.map((c) => c.currency) : layout.currency && "column" in layout.currency ? (rnd() < 0.3 ? ["CHF", "EUR"] : [pick(["CHF", "EUR", "USD"])]) : layout.sideCurrencies ? ["CHF", "USD"] : [inHeader ?? layout.homeCurrency?.code ?? "CHF"];
  const named = (c: string) => c.replace("{CCY}", currencies[0]!);
  // The columns: the identifying ones and every one a row is read from, each once, in a random order.
  const cols: string[] = [];
  const add = (c: string | readonly string[] | undefined) => {
    if (c === undefined) return;
    const name = named(first(c));
    if (!cols.includes(name)) cols.push(name);
  };
  for (const h of layout.header) add(h);
  add(layout.date);
  if ("direction" in m) for (const c of [m.direction, m.source.amount, m.source.currency, m.target.amount, m.target.currency]) add(c);
  else if ("debit" in m) (add(m.debit), add(m.credit));
  else if ("byCurrency" in m) for (const c of m.byCurrency) add(c.column);
  else (add(m.amount), add(m.indicator));
  if (layout.currency && "column" in layout.currency) add(layout.currency.column);
  if (layout.sideCurrencies) (add(layout.sideCurrencies.debit), add(layout.sideCurrencies.credit));
  add(layout.balance);
  add(layout.description.columns[0]);
  for (const c of layout.checkDates ?? []) add(c);
  const col = (c: string | readonly string[] | undefined) => (c === undefined ? -1 : cols.indexOf(named(first(c))));
  const n = 2 + Math.floor(rnd() * 25);
  type Row = { day: number; cents: number; currency: string };
  const rows: Row[] = [];
  for (let i = 0; i < n; i++) rows.push({ day: 1 + Math.floor(rnd() * 28), cents: (rnd() < 0.75 ? -1 : 1) * (1 + Math.floor(rnd() * 900_000)), currency: pick(currencies) });
  rows.sort((a, b) => a.day - b.day);
  const money = (cents: number) => {
    const abs = Math.abs(cents);
    return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}${decimal}${String(abs % 100).padStart(2, "0")}`;
  };
  const balance = new Map(currencies.map((c) => [c, 1_000_000]));
  const lines = rows.map((r) => {
    const cells = cols.map(() => "x");
    cells[col(layout.date)] = formatDate(r.day, layout.dates[0]!);
    for (const c of layout.checkDates ?? []) cells[col(c)] = formatDate(r.day, layout.dates[0]!);
    if ("direction" in m) {
      // A transfer out of the holder's balance, or into it: the amounts unsigned, the direction says which.
      cells[col(m.direction)] = r.cents < 0 ? m.out : m.in;
      for (const side of [m.source, m.target]) (cells[col(side.amount)] = money(Math.abs(r.cents)), (cells[col(side.currency)] = r.currency));
    } else if ("debit" in m) {
      cells[col(m.debit)] = r.cents < 0 ? money(rnd() < 0.5 ? r.cents : -r.cents) : "";
      cells[col(m.credit)] = r.cents > 0 ? money(r.cents) : "";
    } else if ("byCurrency" in m) {
      // Each row's amount in its currency's column, the others empty.
      for (const c of m.byCurrency) cells[col(c.column)] = c.currency === r.currency ? money(r.cents) : "";
    } else if (m.indicator) {
      cells[col(m.amount)] = money(Math.abs(r.cents));
      cells[col(m.indicator)] = r.cents < 0 ? "Debit" : "Credit";
    } else cells[col(m.amount)] = money(layout.purchasesPositive ? -r.cents : r.cents);
    if (layout.currency && "column" in layout.currency) cells[col(layout.currency.column)] = r.currency;
    if (layout.sideCurrencies) {
      cells[col(layout.sideCurrencies.debit)] = r.cents < 0 ? r.currency : "";
      cells[col(layout.sideCurrencies.credit)] = r.cents > 0 ? r.currency : "";
    }
    if (layout.balance) {
      const b = balance.get(r.currency)! + r.cents;
      balance.set(r.currency, b);
      cells[col(layout.balance)] = money(b);
    }
    // A layout that asks its rows for evidence (Nubank's card: a payment to it is "Pagamento recebido") gets it.
    cells[col(layout.description.columns[0]!)] = layout.evidence && r.cents > 0 ? "Pagamento recebido" : `Shop ${r.day}`;
    return cells.map((c) => (c.includes(layout.delimiter) ? `"${c}"` : c)).join(layout.delimiter);
  });
  const preamble = layout.format === "ubs-card" ? ["sep=;"] : layout.format === "ubs-account" ? ["IBAN:;CH93 0023 5235 1234 5601 X;", ""] : [];
  const text = [...preamble, cols.join(layout.delimiter), ...(rnd() < 0.5 ? lines : lines.reverse())].join(rnd() < 0.5 ? "\r\n" : "\n") + "\n";
  const bytes = layout.encoding === "windows-1252" ? Uint8Array.from([...text].map((c) => c.charCodeAt(0))) : new TextEncoder().encode(layout.encoding === "utf-8-bom" ? `\ufeff${text}` : text);
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.currency, (totals.get(r.currency) ?? 0) + r.cents);
  return { bytes, rows, totals };
}

describe("generated files in every bank layout (property)", () => {
  for (const layout of LAYOUTS) {
    for (let seed = 1; seed <= 4; seed++) {
      test(`${layout.id}, seed ${seed}`, () => {
        const g = generateForLayout(layout, seed);
        const s = parseStatement(g.bytes, { fileName: `${layout.id}.csv`, fallbackCurrency: { code: "CHF", from: "the main currency of your data" } });
        expect([s.format, s.layout]).toEqual([layout.format ?? "csv", layout.id]);
        const got = new Map<string, number>();
        for (const r of s.rows.toArray()) got.set(r.currency, (got.get(r.currency) ?? 0) + Math.round(r.amount * 100));
        expect(Object.fromEntries(got)).toEqual(Object.fromEntries(g.totals));
        expect([s.badRows, s.skipped, s.rows.length, s.dataLines]).toEqual([[], [], g.rows.length, g.rows.length]);
        if (layout.balance) for (const r of s.reconciliation) expect([r.currency, r.status]).toEqual([r.currency, r.entries >= 2 ? "ok" : "none"]);
      });
    }
  }
});

/**
 * MT940 and QIF written from random bookings: MT940 with its text wrapped at 65 characters and its balances, QIF in
 * one of its date notations and either decimal mark. The rows add up to the bookings, to the cent; MT940's balances
 * reconcile; every booking is a row.
 */
describe("generated MT940 and QIF files (property)", () => {
  const bookings = (rnd: () => number, n: number) =>
    Array.from({ length: n }, (_, i) => ({ day: 1 + Math.floor((i * 27) / n), cents: (rnd() < 0.7 ? -1 : 1) * (1 + Math.floor(rnd() * 500_000)), text: `${MERCHANTS[Math.floor(rnd() * MERCHANTS.length)]} Zahlung ${i} `.repeat(1 + Math.floor(rnd() * 4)).trim() }));
  const swift = (cents: number) => `${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, "0")}`;

  for (let seed = 1; seed <= 40; seed++) {
    test(`MT940, seed ${seed}`, () => {
      const rnd = mulberry32(seed);
      const list = bookings(rnd, 1 + Math.floor(rnd() * 30));
      const opening = Math.floor(rnd() * 1_000_000) - 200_000;
      const closing = opening + list.reduce((s, b) => s + b.cents, 0);
      const bal = (tag: string, c: number, day: number) => `:${tag}:${c < 0 ? "D" : "C"}2506${String(day).padStart(2, "0")}EUR${swift(c)}`;
      const wrap = (s: string) => s.match(/.{1,65}/g)!.join("\n");
      const lines = [":20:GEN", ":25:DE89370400440532013000", ":28C:1/1", bal("60F", opening, 1)];
      for (const b of list) lines.push(`:61:2506${String(b.day).padStart(2, "0")}${b.cents < 0 ? "D" : "C"}${swift(b.cents)}NTRFNONREF`, wrap(`:86:${b.text}`));
      lines.push(bal("62F", closing, 28), "-");
      const s = parseStatement(new TextEncoder().encode(lines.join(rnd() < 0.5 ? "\r\n" : "\n")), { fileName: "gen.sta" });
      expect(s.format).toBe("mt940");
      expect(s.rows.toArray().map((r) => [Math.round(r.amount * 100), r.description])).toEqual(list.map((b) => [b.cents, b.text]));
      expect(s.reconciliation.map((r) => r.status)).toEqual(["ok"]);
      expect(s.rows.length + s.badRows.length + s.skipped.length).toBe(s.dataLines);
    });
  }

  for (let seed = 1; seed <= 40; seed++) {
    test(`QIF, seed ${seed}`, () => {
      const rnd = mulberry32(seed + 1000);
      const list = bookings(rnd, 1 + Math.floor(rnd() * 30));
      const notation = Math.floor(rnd() * 4);
      const decimal = rnd() < 0.5 ? "." : ",";
      // Day 28 is always there (the last booking's), so a slash notation is decided.
      const date = (day: number) => {
        const d = String(day).padStart(2, "0");
        return [`6/${day}'25`, `${d}.06.2025`, `2025-06-${d}`, `${d}/06/2025`][notation]!;
      };
      list[list.length - 1]!.day = 28;
      const amount = (c: number) => `${c < 0 ? "-" : ""}${Math.floor(Math.abs(c) / 100)}${decimal}${String(Math.abs(c) % 100).padStart(2, "0")}`;
      const text = [pick(rnd, ["!Type:Bank", "!Type:CCard"]), ...list.flatMap((b) => [`D${date(b.day)}`, `T${amount(b.cents)}`, `P${b.text}`, "^"])].join("\n");
      const s = parseStatement(new TextEncoder().encode(text), { fileName: "gen.qif", fallbackCurrency: { code: "CHF", from: "x" } });
      expect(s.format).toBe("qif");
      expect(s.rows.toArray().map((r) => [r.date, Math.round(r.amount * 100), r.description])).toEqual(list.map((b) => [`2025-06-${String(b.day).padStart(2, "0")}`, b.cents, b.text]));
      expect([s.badRows, s.dataLines]).toEqual([[], list.length]);
    });
  }
});

const pick = <T,>(rnd: () => number, xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
