/**
 * foreign_spending (round 4, SPEC §10.1): what was spent abroad, or in one foreign currency,
 * on a card or account that books in another, and what the exchange cost. A purchase counts
 * when the import's transaction_details give it an original amount in a currency other than
 * the one it was booked in (a card payment in EUR booked in CHF). Spending semantics (SPEC §1):
 * money out of the spending categories, a refund abroad reducing it. The exchange cost is what
 * the bank recorded as fees on those purchases, plus the fee rows whose text names a
 * foreign-currency fee (e.g. "Bearbeitungsgebühr Fremdwährung"), which some banks book apart
 * (those name no currency, so they count only when no original_currency is asked for).
 */
import { todayOf } from "./query/today.ts";
import { z } from "zod";
import type { TransactionDetail } from "../ledger/details.ts";
import { UNKNOWN_MERCHANT } from "../ledger/schema.ts";
import { formatMoney, plural, round2 } from "../core/format.ts";
import type { TableSpec } from "../core/events.ts";
import { categoryMask, resolveCategory, roleMask, rolesOf } from "./query/categories.ts";
import { chartTitle, PerCurrency } from "./query/currency.ts";
import { categoryField, periodFields } from "./query/fields.ts";
import { foreignAmount, unstatedNote } from "./query/foreign.ts";
import { coverageSentence, periodPhrase, resolvePeriod } from "./query/period.ts";
import { forEachRow } from "./query/rows.ts";
import { accountPhrase, scopeOf } from "./query/scope.ts";
import { unclassifiedInflow } from "./query/unclassified.ts";
import { lazySchema } from "../core/validation.ts";
import type { ReadTool } from "./types.ts";

const schema = lazySchema(() =>
  z.strictObject({
    original_currency: z
      .string()
      .min(3)
      .max(3)
      .optional()
      .describe("Only purchases made in this currency, e.g. EUR (default: every foreign one)."),
    category: categoryField().optional().describe("Only this category."),
    ...periodFields(),
  }),
);

/** Text of a fee row that is a foreign-currency fee (searched like any text: "Fremdwährung" = "FREMDWAEHRUNG"). */
const FX_FEE_WORDS = ["fremdwahrung", "auslandeinsatz", "auslandsgebuhr", "currency conversion", "foreign transaction", "foreign currency fee", "fx fee", "frais de change", "commissione di cambio", "wechselkurs"];
/** Merchants named per original currency. */
const TOP_MERCHANTS = 5;

/**
 * `original` and `bookedStated` over the rows whose original amount the bank stated; `unstated`: purchases (money out) it
 * stated none for; `refundsUnstated`: what was booked back on refunds it stated none for (not in `original`).
 */
type PerOriginal = {
  original: number;
  booked: number;
  bookedStated: number;
  rows: number;
  unstated: number;
  refundsUnstated: number;
  purchases: number;
  fees: number;
  feeRows: number;
  merchants: Map<number, number>;
};
/** The bank stated the original amount of none of the purchases. */
const allUnstated = (o: PerOriginal) => o.purchases > 0 && o.unstated === o.purchases;

type Figures = { rows: number; byOriginal: Map<string, PerOriginal>; fxFees: number; fxFeeRows: number };

export const foreignSpending: ReadTool<ReturnType<typeof schema>> = {
  name: "foreign_spending",
  label: "Looking at spending in other currencies…",
  promptHint: "spending abroad or in a foreign currency: original and booked amounts, rate, exchange fees.",
  description:
    "Payments made in another currency than booked (EUR booked in CHF), from the import's facts: per booking and original " +
    "currency the purchases, both amounts, average rate and exchange cost (fees, fee rows booked apart). An account kept in a " +
    "foreign currency is not foreign here: use currency with the other tools. The UI draws a bar chart and a table.",
  risk: "low",
  schema,
  run(db, input, ctx) {
    const l = db.ledger();
    const period = resolvePeriod(input);
    const scope = scopeOf(l, input);
    const category = input.category === undefined ? undefined : resolveCategory(db, input.category);
    const mask = category === undefined ? roleMask(rolesOf(db, l), "spending") : categoryMask(l, [category]);
    const wanted = input.original_currency?.trim().toUpperCase();
    const details = db.details();
    const unclassified = unclassifiedInflow(l);
    const where = `${periodPhrase(period, l)}${accountPhrase(l, input)}`;
    const per = new PerCurrency<Figures>(l, () => ({ rows: 0, byOriginal: new Map(), fxFees: 0, fxFeeRows: 0 }));
    const spending = roleMask(rolesOf(db, l), "spending");
    // Each word matched once against the ledger's folded texts, then per row by its text's entry.
    const fxWords = FX_FEE_WORDS.map((w) => l.textMatch(w)).filter((m) => m.any);
    const feeText = (i: number) => fxWords.some((m) => l.rowMatches(m, i));
    forEachRow(l, { period, ...scope }, (i) => {
      const d: TransactionDetail | undefined = details.get(l.idAt(i));
      const named = foreignAmount(l, i, d);
      // A fee row the bank booked apart names the currency it was for, but is no purchase in it (review of uqa3 D3: the
      // Swisscard "Bearbeitungsgebuehr Fremdwaehrung" became a fifth purchase in EUR): a fee row, as before.
      const paid = named?.amount === null && feeText(i) ? null : named;
      if (paid && mask[l.categoryAt(i)] && !unclassified(i) && (wanted === undefined || paid.currency === wanted)) {
        const f = per.of(l.currencyAt(i));
        const o = f.byOriginal.get(paid.currency) ?? { original: 0, booked: 0, bookedStated: 0, rows: 0, unstated: 0, refundsUnstated: 0, purchases: 0, fees: 0, feeRows: 0, merchants: new Map() };
        o.rows++;
        if (paid.amount === null && l.amountAt(i) < 0) o.unstated++;
        else if (paid.amount === null) o.refundsUnstated += l.amountAt(i);
        else {
          o.original -= paid.amount;
          o.bookedStated -= l.amountAt(i);
        }
        o.booked -= l.amountAt(i);
        if (l.amountAt(i) < 0) o.purchases++;
        if (d?.fees) {
          o.fees += Math.abs(d.fees);
          o.feeRows++;
        }
        o.merchants.set(l.merchantAt(i), (o.merchants.get(l.merchantAt(i)) ?? 0) - l.amountAt(i));
        f.byOriginal.set(paid.currency, o);
        f.rows++;
      } else if (wanted === undefined && !paid && l.amountAt(i) < 0 && spending[l.categoryAt(i)] && feeText(i)) {
        // A foreign-currency fee the bank booked as a row of its own (its text names no currency: only without original_currency).
        const f = per.of(l.currencyAt(i));
        f.fxFees -= l.amountAt(i);
        f.fxFeeRows++;
      }
    });
    const subject = `${category ? `${category} ` : ""}spending in ${wanted ?? "other currencies"}`;
    const found = per.list().filter(([, f]) => f.rows > 0);
    if (!found.length) {
      const none = details.size
        ? `No ${subject} ${where} (purchases whose original currency, as the bank stated it, differs from the currency they were booked in).`
        : `No ${subject} ${where}: this database holds no transaction facts (transaction_details, written by the import), so purchases abroad cannot be told from the others.`;
      return { summary: `${none} ${coverageSentence(l, period, todayOf(ctx))}`, charts: [] };
    }
    const merchantName = (m: number) => l.merchantNameOf(m) ?? UNKNOWN_MERCHANT;
    const parts = found.map(([cur, f]) => {
      const lines = [...f.byOriginal]
        .sort((a, b) => b[1].booked - a[1].booked || a[0].localeCompare(b[0]))
        .map(([oc, o]) => {
          const top = [...o.merchants]
            .sort((a, b) => b[1] - a[1])
            .slice(0, TOP_MERCHANTS)
            .map(([m, v]) => `${merchantName(m)} ${formatMoney(v, cur)}`);
          const note = unstatedNote(o.unstated, o.purchases, oc);
          const refunds = o.refundsUnstated ? `; ${formatMoney(o.refundsUnstated, cur)} of refunds without their ${oc} amount not in it` : "";
          return (
            (allUnstated(o)
              ? `${plural(o.purchases, "purchase")} paid in ${oc} (${note})`
              : `${formatMoney(o.original, oc)} paid in ${oc} (${plural(o.purchases, "purchase")}${note ? `; ${note}` : ""}${refunds})`) +
            `, booked ${formatMoney(o.booked, cur)}` +
            (o.original ? `, on average ${rate(o)} ${cur} per ${oc}${o.unstated ? " (where it was stated)" : ""}` : "") +
            `, fees recorded on them ${formatMoney(o.fees, cur)}; largest: ${top.join(", ")}`
          );
        });
      const booked = [...f.byOriginal.values()].reduce((t, o) => t + o.booked, 0);
      const recorded = [...f.byOriginal.values()].reduce((t, o) => t + o.fees, 0);
      const cost = recorded + f.fxFees;
      return (
        `${cur}: ${formatMoney(booked, cur)} booked for ${subject}. ${lines.join("; ")}. ` +
        `Exchange cost: ${formatMoney(cost, cur)} (${formatMoney(recorded, cur)} in fees recorded on the purchases` +
        (wanted === undefined ? `, ${formatMoney(f.fxFees, cur)} in ${plural(f.fxFeeRows, "foreign-currency fee row")} booked apart)` : "; fee rows booked apart name no currency, so they are counted only without original_currency)") +
        (booked ? `, ${((cost / booked) * 100).toFixed(1)}% of what was booked.` : ".")
      );
    });
    const [[mainCur, main], ...others] = found as [[string, Figures], ...[string, Figures][]];
    const labels = [...main.byOriginal].sort((a, b) => b[1].booked - a[1].booked || a[0].localeCompare(b[0]));
    const many = found.length > 1;
    const table: TableSpec = {
      title: `Spending in other currencies, ${period.label}`,
      columns: ["Paid in", "Purchases", "Original amount", ...(many ? ["Currency"] : []), "Booked", "Average rate", "Fees recorded"],
      kinds: ["text", "count", "text", ...(many ? (["currency"] as const) : []), "money", "text", "money"],
      totalRows: found.reduce((n, [, f]) => n + f.byOriginal.size, 0),
      rows: found.flatMap(([cur, f]) =>
        [...f.byOriginal]
          .sort((a, b) => b[1].booked - a[1].booked)
          .map(([oc, o]) => [oc, o.purchases, allUnstated(o) ? "not stated" : formatMoney(o.original, oc), ...(many ? [cur] : []), round2(o.booked), o.original ? rate(o) : null, round2(o.fees)]),
      ),
      ...(many ? {} : { currency: mainCur }),
    };
    return {
      summary: [`Spending in other currencies ${where}${wanted ? ` (${wanted} only)` : ""}${category ? ` in ${category}` : ""}.`, ...parts].join(" "),
      charts: [
        {
          type: "bar_h",
          title: chartTitle(`Booked for purchases in other currencies, ${period.label}`, mainCur, others.map(([c, f]) => [c, [...f.byOriginal.values()].reduce((t, o) => t + o.booked, 0)])),
          currency: mainCur,
          data: { labels: labels.map(([oc]) => oc), datasets: [{ name: "Booked", values: labels.map(([, o]) => round2(o.booked)) }] },
        },
      ],
      tables: [table],
    };
  },
};

/** The average rate paid, booked per unit of the original currency (where the bank stated it), to four decimals ("0.9531"). */
function rate(o: PerOriginal): string {
  return (o.bookedStated / o.original).toFixed(4);
}
