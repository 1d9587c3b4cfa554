/**
 * The user's own CSV layouts (SPEC §10.1, issue 32 item 3): roles make a layout in the shape of a bank's, checked
 * in the page's words; a saved one is found by the header of any later file (from the page and the command line:
 * one store); the roles of the columns a file was read with, and those proposed for a file nothing recognised.
 * And the estimate of what classifying new merchants will take.
 */
import { describe, expect, test } from "bun:test";
import { ChangeRefused } from "../../src/core/errors.ts";
import { estimateClassification, LLM_BATCH } from "../../src/import/classify.ts";
import { SavedLayoutDiffers } from "../../src/import/formats/csv.ts";
import type { ColumnPlan } from "../../src/import/formats/csv-layout.ts";
import { parseStatement } from "../../src/import/formats/index.ts";
import { choiceOf, layoutFromChoice, mappingView, proposeNotation, proposeRoles, savedLayout, savedLayouts, saveLayout, type ColumnRole } from "../../src/import/user-layouts.ts";
import { Store } from "../../src/store/store.ts";

const HEADER = ["Buchung", "Wert", "Gegenpartei", "Zweck", "Soll/Haben", "Betrag", "Saldo"];
const choice = (roles: ColumnRole[]) => ({ header: HEADER, delimiter: ";", roles, dateFormat: "DD.MM.YYYY" as const, decimal: "," as const, flipSigns: false });
const refused = (f: () => unknown) => {
  try {
    f();
    return null;
  } catch (e) {
    return e instanceof ChangeRefused ? [e.kind, e.message] : String(e);
  }
};

describe("a layout from roles", () => {
  test("the roles become a bank layout's fields: the sign column with its amount, payee · purpose as the text, the balance", () => {
    const layout = layoutFromChoice(choice(["date", "ignore", "payee", "purpose", "indicator", "amount", "balance"]), "Sparkasse Giro");
    expect(layout).toEqual({
      id: "saved:Sparkasse Giro",
      bank: "your layout",
      name: "Sparkasse Giro",
      header: HEADER,
      encoding: "utf-8",
      delimiter: ";",
      dates: ["DD.MM.YYYY"],
      decimal: ",",
      date: "Buchung",
      money: { amount: "Betrag", indicator: "Soll/Haben" },
      balance: "Saldo",
      description: { columns: ["Gegenpartei", "Zweck"] },
      counterparty: "Gegenpartei",
      purpose: ["Zweck"],
    });
    // The file it was made for reads with it: S is money out, H money in, whatever the cell's sign; the balance checks it.
    const csv = `${HEADER.join(";")}\n02.01.2026;02.01.2026;Migros;Einkauf;S;45,10;954,90\n03.01.2026;03.01.2026;Arbeitgeber AG;Lohn;H;5000,00;5954,90\n`;
    const s = parseStatement(new TextEncoder().encode(csv), { fileName: "giro.csv", userLayouts: [layout], fallbackCurrency: { code: "EUR", from: "test" } });
    expect([s.layout, s.rows.toArray().map((r) => [r.date, r.amount, r.description]), s.reconciliation.map((r) => r.status)]).toEqual([
      "saved:Sparkasse Giro",
      [
        ["2026-01-02", -45.1, "Migros · Einkauf"],
        ["2026-01-03", 5000, "Arbeitgeber AG · Lohn"],
      ],
      ["ok"],
    ]);
  });

  // The user's flip may come from a layout saved with "Flip signs" (review of impl7, finding 3): held against the file's
  // balances as the command line's and the page's flip are; the flag on top of it turns the signs back (no flip then).
  test("a layout saved with Flip signs: the flip against balances that agree as written is marked and said, naming no flag", () => {
    const layout = layoutFromChoice({ ...choice(["date", "ignore", "payee", "purpose", "indicator", "amount", "balance"]), flipSigns: true }, "Sparkasse Giro");
    const csv = new TextEncoder().encode(`${HEADER.join(";")}\n02.01.2026;02.01.2026;Migros;Einkauf;S;45,10;954,90\n03.01.2026;03.01.2026;Arbeitgeber AG;Lohn;H;5000,00;5954,90\n`);
    const read = (flipSigns: boolean) => parseStatement(csv, { fileName: "giro.csv", userLayouts: [layout], flipSigns, fallbackCurrency: { code: "EUR", from: "test" } });
    const flipped = read(false);
    expect([flipped.rows.toArray().map((r) => r.amount), flipped.reconciliation.map((r) => [r.status, r.flipContradicts ?? false]), flipped.notes.filter((n) => n.includes("flipped"))]).toEqual([
      [45.1, -5000],
      [["off", true]],
      ["EUR: the signs were flipped, and flipped, the amounts contradict the balances the file states, which agree with them as written (opening EUR 1'000.00 + 2 entries = closing EUR 5'954.90): if these are an account's balances, the flip is wrong; if they are the amount owed on a card, it is right"],
    ]);
    const back = read(true);
    expect([back.rows.toArray().map((r) => r.amount), back.reconciliation.map((r) => [r.status, r.flipContradicts ?? false]), back.notes.filter((n) => n.includes("flipped"))]).toEqual([[-45.1, 5000], [["ok", false]], []]);
  });

  test("what does not make a layout is refused in the page's words", () => {
    expect(refused(() => layoutFromChoice(choice(["ignore", "ignore", "payee", "ignore", "ignore", "amount", "ignore"]), null))).toEqual(["invalid", "Choose the column that holds the date."]);
    expect(refused(() => layoutFromChoice(choice(["date", "date", "payee", "ignore", "ignore", "amount", "ignore"]), null))).toEqual(["invalid", "Only one column can be the date (“Buchung” and “Wert” both are)."]);
    expect(refused(() => layoutFromChoice(choice(["date", "ignore", "payee", "ignore", "ignore", "ignore", "ignore"]), null))).toEqual([
      "invalid",
      "Choose the column that holds the amount (or a money-out and a money-in column).",
    ]);
    expect(refused(() => layoutFromChoice(choice(["date", "ignore", "payee", "ignore", "ignore", "debit", "ignore"]), null))).toEqual(["invalid", "Choose the money-in column too: money out and money in go together."]);
    expect(refused(() => layoutFromChoice(choice(["date", "ignore", "payee", "credit", "ignore", "amount", "ignore"]), null))).toEqual([
      "invalid",
      "Choose a signed amount column, or a money-out and a money-in column, not both.",
    ]);
    expect(refused(() => layoutFromChoice(choice(["date", "ignore", "ignore", "ignore", "ignore", "amount", "ignore"]), null))).toEqual([
      "invalid",
      "Choose at least one column that describes the payment (payee, purpose or other text).",
    ]);
    // Dates that read both ways (01/02/2025: 1 February or 2 January) leave the notation unchosen: the file is not
    // read day-first behind a select that says "choose" (the command line refuses such a file too).
    expect(refused(() => layoutFromChoice({ ...choice(["date", "ignore", "payee", "ignore", "ignore", "amount", "ignore"]), dateFormat: null }, null))).toEqual([
      "invalid",
      "Choose how the dates are written: day first, month first or year first.",
    ]);
  });

  test("saved once, found by name and by header, the newest first; a layout saved before round 4 as flags stays usable by name", () => {
    const store = Store.memory();
    saveLayout(store, "Giro", layoutFromChoice(choice(["date", "ignore", "payee", "purpose", "indicator", "amount", "balance"]), "Giro"), "ann");
    store.csvMappings.save("old-bank", { dateColumn: "When", amountColumn: "How much" }, "cli");
    expect(savedLayouts(store).map((l) => l.id)).toEqual(["saved:Giro"]);
    expect(savedLayout(store, "old-bank")).toEqual({ name: "old-bank", flags: { dateColumn: "When", amountColumn: "How much" } });
    expect(savedLayout(store, "Giro")).toMatchObject({ name: "Giro", layout: { id: "saved:Giro", date: "Buchung" } });
  });
});

describe("a layout saved from a card's export read with purchases positive", () => {
  // QA of the page on the binary (round 4): a file the header guess reads as a card's (purchases positive, the payment
  // to the card negative), flipped by the user and saved, read the next file with the other signs: the layout kept the
  // flip but not the card's rule it was ticked over (the preview turned back after "Save layout"; so did --save-mapping).
  const csv = "Ref~Datum~Betrag~Wo~Notiz\n9101~03.02.2016~18,50~Teestube Lindenhof~Zvieri\n9102~05.02.2016~7,20~Buchladen Amsel~Heft\n9103~09.02.2016~-120,00~Zahlung danke~Ausgleich\n";
  const bytes = new TextEncoder().encode(csv);
  const read = (o: { flipSigns?: boolean; userLayouts?: ReturnType<typeof layoutFromChoice>[] }) =>
    parseStatement(bytes, { fileName: "teestube-card.csv", fallbackCurrency: { code: "CHF", from: "test" }, ...o });
  const amounts = (s: ReturnType<typeof read>) => s.rows.toArray().map((r) => r.amount);
  for (const [flipSigns, expected] of [
    [false, [-18.5, -7.2, 120]],
    [true, [18.5, 7.2, -120]],
  ] as const) {
    test(`${flipSigns ? "flipped" : "as the guess read it"}: the saved layout reads the file as it was read when saved`, () => {
      const first = read({ flipSigns });
      expect(amounts(first)).toEqual([...expected]);
      const layout = layoutFromChoice(choiceOf(first.columns!, "~", flipSigns), "Teestube card");
      const again = read({ userLayouts: [layout] });
      expect([again.layout, amounts(again)]).toEqual(["saved:Teestube card", [...expected]]);
      // The mapping screen's view of that read makes the same layout (the page's "Save layout as …").
      const view = mappingView(csv, "teestube-card.csv", first.columns!, flipSigns)!;
      const fromView = layoutFromChoice({ ...view, flipSigns, currency: view.currency ?? undefined }, "Teestube card");
      expect(amounts(read({ userLayouts: [fromView] }))).toEqual([...expected]);
    });
  }
});

describe("a saved layout is found by its very header: names and order, none more (issue 32)", () => {
  const header = ["Valuta", "Empfänger", "Belastung", "Gutschrift", "Saldo"];
  const layout = layoutFromChoice({ header, delimiter: ";", roles: ["date", "payee", "debit", "credit", "balance"], dateFormat: "DD.MM.YYYY", decimal: ",", flipSigns: true }, "Kasse Mühlbach");
  const read = (csv: string, o: { layout?: typeof layout } = {}) => parseStatement(new TextEncoder().encode(csv), { fileName: "mai.csv", userLayouts: [layout], fallbackCurrency: { code: "CHF", from: "test" }, ...o });
  const reason = (f: () => unknown) => {
    try {
      f();
      return null;
    } catch (e) {
      return e instanceof SavedLayoutDiffers ? e.message : String(e);
    }
  };

  test("the same header is read with the layout, its Flip signs too", () => {
    const s = read("Valuta;Empfänger;Belastung;Gutschrift;Saldo\n04.05.2026;Velo Brunner;80,00;;920,00\n06.05.2026;Lohn Holzbau AG;;3000,00;3920,00\n");
    expect([s.layout, s.rows.toArray().map((r) => [r.date, r.amount, r.description])]).toEqual([
      "saved:Kasse Mühlbach",
      [
        ["2026-05-04", 80, "Velo Brunner"],
        ["2026-05-06", -3000, "Lohn Holzbau AG"],
      ],
    ]);
  });

  test("blank header cells, named by their place as the mapping screen shows them, are the same header", () => {
    const csv = "Date,Text,,Amount,\n2026-01-03,COOP,x,-18.50,\n2026-01-05,MIGROS,y,-7.20,\n";
    const view = mappingView(csv, "blank.csv", null, false)!;
    expect(view.header).toEqual(["Date", "Text", "column 3", "Amount", "column 5"]);
    const blank = layoutFromChoice({ ...view, roles: ["date", "payee", "ignore", "amount", "ignore"], currency: "CHF" }, "Blank cells");
    const s = parseStatement(new TextEncoder().encode(csv), { fileName: "blank.csv", userLayouts: [blank] });
    expect([s.layout, s.rows.toArray().map((r) => r.amount)]).toEqual(["saved:Blank cells", [-18.5, -7.2]]);
  });

  test("a delimiter at the end of every line, added or dropped since the layout was saved, is the same header (review of r4-layouts)", () => {
    const trailing = "Valuta;Empfänger;Belastung;Gutschrift;Saldo;\n04.05.2026;Velo Brunner;80,00;;920,00;\n06.05.2026;Lohn Holzbau AG;;3000,00;3920,00;\n";
    expect([read(trailing).layout, read(trailing).rows.toArray().map((r) => r.amount)]).toEqual(["saved:Kasse Mühlbach", [80, -3000]]);
    // Saved from a file whose lines ended in ";" ("column 6", ignored): the next export without it is its header too.
    const view = mappingView(trailing, "mai.csv", null, false)!;
    const savedTrailing = layoutFromChoice({ ...view, roles: ["date", "payee", "debit", "credit", "balance", "ignore"], dateFormat: "DD.MM.YYYY", decimal: ",", currency: "CHF" }, "Mit Strichpunkt");
    const plain = "Valuta;Empfänger;Belastung;Gutschrift;Saldo\n04.05.2026;Velo Brunner;80,00;;920,00\n";
    const s = parseStatement(new TextEncoder().encode(plain), { fileName: "juni.csv", userLayouts: [savedTrailing] });
    expect([view.header[5], s.layout, s.rows.toArray().map((r) => r.amount)]).toEqual(["column 6", "saved:Mit Strichpunkt", [-80]]);
  });

  // Its names in another order (money in and out swapped), or one column more: read with the layout's roles by name, its
  // columns were taken as the user never saw them. Refused, naming the layout and what differs; the mapping screen opens
  // with the layout's roles by those names (the page), `--mapping NAME` reads it with them (the command line).
  const swapped = "Valuta;Empfänger;Gutschrift;Belastung;Saldo\n04.05.2026;Velo Brunner;;80,00;920,00\n06.05.2026;Lohn Holzbau AG;3000,00;;3920,00\n";
  test("the same names in another order: refused, the screen prefilled with the layout's roles by name", () => {
    expect(reason(() => read(swapped))).toBe(
      'mai.csv: its header has the columns of your saved layout "Kasse Mühlbach" in another order; a saved layout reads a file of its very header only: name its columns (--date-column …), or read it with the layout, its columns found by their names (--mapping "Kasse Mühlbach")',
    );
    let plan: ColumnPlan | null = null;
    try {
      read(swapped);
    } catch (e) {
      if (e instanceof SavedLayoutDiffers) plan = e.plan;
    }
    const view = mappingView(swapped, "mai.csv", plan, true)!;
    expect([view.roles, view.dateFormat, view.decimal, view.flipSigns, view.savedAs]).toEqual([["date", "payee", "credit", "debit", "balance"], "DD.MM.YYYY", ",", true, "Kasse Mühlbach"]);
    // Named (--mapping, the page's saved layout chosen): read with it, its columns by their names.
    expect(read(swapped, { layout }).rows.toArray().map((r) => r.amount)).toEqual([80, -3000]);
  });

  test("one column more: refused, naming it", () => {
    const wider = "Valuta;Empfänger;Belastung;Gutschrift;Gebühr;Saldo\n04.05.2026;Velo Brunner;80,00;;1,50;918,50\n";
    expect(reason(() => read(wider))).toBe(
      'mai.csv: its header has the columns of your saved layout "Kasse Mühlbach" with a column it does not have ("Gebühr"); a saved layout reads a file of its very header only: name its columns (--date-column …), or read it with the layout, its columns found by their names (--mapping "Kasse Mühlbach")',
    );
  });
});

describe("roles for the mapping screen", () => {
  test("the roles of the columns a file was read with (here, the header guess) round-trip through a layout", () => {
    const csv = "Datum;Empfänger;Verwendungszweck;Betrag;Währung\n01.02.2026;Coop;Einkauf;-12,50;CHF\n";
    const s = parseStatement(new TextEncoder().encode(csv), { fileName: "x.csv" });
    const c = choiceOf(s.columns!, ";", false);
    expect([c.roles, c.dateFormat, c.decimal]).toEqual([["date", "payee", "purpose", "amount", "currency"], "DD.MM.YYYY", ","]);
    const again = parseStatement(new TextEncoder().encode(csv), { fileName: "x.csv", layout: layoutFromChoice(c, null) });
    expect([again.rows.toArray()[0]!.amount, again.rows.toArray()[0]!.description, choiceOf(again.columns!, ";", false).roles]).toEqual([-12.5, "Coop · Einkauf", c.roles]);
  });

  test("a column of one value on every row (the cardholder) is not proposed as the payee when another text column varies (uqa9, finding 2)", () => {
    const header = ["Transactiedatum", "Boekingsdatum", "Omschrijving", "Naam kaarthouder", "Kaartnummer", "Bedrag", "Valuta", "Land"];
    const rows = [
      ["03-03-2031", "04-03-2031", "BAKKERIJ VAN DAM ZWOLLE NL", "P. JANSEN", "**** **** **** 9031", "8,40", "EUR", "NL"],
      ["05-03-2031", "06-03-2031", "FIETSENMAKER DE SPAAK NL", "P. JANSEN", "**** **** **** 9031", "45,00", "EUR", "NL"],
    ];
    expect(proposeRoles(header, rows)).toEqual(["date", "ignore", "text", "ignore", "ignore", "amount", "currency", "ignore"]);
    // The only text column, of one value: still proposed (a payment has some description), as is a file of one row.
    expect(proposeRoles(["Datum", "Naam", "Bedrag"], [["03-03-2031", "P. JANSEN", "8,40"], ["05-03-2031", "P. JANSEN", "45,00"]])).toEqual(["date", "payee", "amount"]);
    expect(proposeRoles(header, rows.slice(0, 1))).toEqual(["date", "ignore", "text", "payee", "ignore", "amount", "currency", "ignore"]);
  });

  test("a file nothing recognises: header words where they speak, else the values (dates, amounts, a sign column, the longest text)", () => {
    const header = ["Nr", "Tag", "Wieviel", "DC", "Wer"];
    const rows = [
      ["17", "03/14/2026", "12.50", "D", "Bäckerei Kleiner"],
      ["18", "03/15/2026", "100.00", "C", "Lohn März"],
    ];
    // "Nr" is all numbers too, but it is the first: the user corrects it on the screen (the proposal is only that).
    expect(proposeRoles(header, rows)).toEqual(["amount", "date", "ignore", "indicator", "payee"]);
    expect(proposeNotation(rows, ["ignore", "date", "amount", "indicator", "payee"])).toEqual({ dateFormat: "MM/DD/YYYY", decimal: "." });
    // 01/02/2026 reads both ways: the notation is left for the user to choose.
    expect(proposeNotation([["01/02/2026", "1'234"]], ["date", "amount"])).toEqual({ dateFormat: null, decimal: "." });
    // …unless the amounts are written with a decimal comma: then day first, as the reader reads such a file.
    expect(proposeNotation([["01/02/2026", "-1.234,50"]], ["date", "amount"])).toEqual({ dateFormat: "DD.MM.YYYY", decimal: "," });
    const view = mappingView("Nr|Tag|Wieviel|DC|Wer\n17|03/14/2026|12.50|D|Bäckerei Kleiner\n", "x.csv", null, false);
    expect(view).toEqual({
      header,
      rows: [["17", "03/14/2026", "12.50", "D", "Bäckerei Kleiner"]],
      delimiter: "|",
      roles: ["amount", "date", "ignore", "indicator", "payee"],
      dateFormat: "MM/DD/YYYY",
      decimal: ".",
      flipSigns: false,
      purchasesPositive: false,
      currency: null,
      savedAs: null,
      byContent: false,
    });
  });
});

describe("the estimate of classifying new merchants", () => {
  const categories = [{ name: "Groceries", description: "Food" }];
  test("one request per 50 merchants; each answer 30 tokens and each request 20 more; no list price, no cost", () => {
    const one = estimateClassification(LLM_BATCH, 1000, categories, [], "claude-test");
    const more = estimateClassification(LLM_BATCH + 1, 1020, categories, [], "claude-test");
    expect([one.requests, one.outputTokens, one.cost]).toEqual([1, 50 * 30 + 20, "unknown"]);
    expect([more.requests, more.outputTokens]).toEqual([2, 51 * 30 + 2 * 20]);
    // A second request repeats the system prompt and the tool: more input than the 20 characters of one more merchant.
    expect(more.inputTokens - one.inputTokens).toBeGreaterThan(Math.ceil((20 + 60) / 3.2));
  });

  test("priced at the model's list price: Opus 4.5 at USD 5 per million input tokens and 25 per million output", () => {
    const e = estimateClassification(10, 200, categories, [], "claude-opus-4-5");
    expect(e.cost).toBe(Math.round((e.inputTokens * 5 + e.outputTokens * 25)) / 1_000_000);
  });
});

test("a saved layout's currency column is each row's currency, even beside an amount whose header names one (review of r4-qa29)", () => {
  const header = ["Date", "Description", "Amount (EUR)", "Currency"];
  const layout = layoutFromChoice({ header, delimiter: ",", roles: ["date", "payee", "amount", "currency"], dateFormat: "YYYY-MM-DD", decimal: ".", flipSigns: false }, "Mixed card");
  const csv = `${header.join(",")}\n2026-04-02,Bakery,-3.80,EUR\n2026-04-06,Bookshop London,-24.50,GBP\n`;
  const s = parseStatement(new TextEncoder().encode(csv), { fileName: "mixed.csv", userLayouts: [layout] });
  expect([s.layout, s.rows.toArray().map((r) => [r.amount, r.currency, r.facts.originalCurrency ?? null])]).toEqual([
    "saved:Mixed card",
    [
      [-3.8, "EUR", null],
      [-24.5, "GBP", null],
    ],
  ]);
});
