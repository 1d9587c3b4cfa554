import { formatCount, formatDate, formatPercent } from "../src/core/format.ts";
import type { FigureShare } from "../src/store/usage-report.ts";
import { Layout, type AssetUrl } from "./Layout.tsx";
import { numeric, ScrollTable } from "./ScrollTable.tsx";

/** One row of the usage table; `cost` is already formatted (e.g. "USD 0.12" or "unknown"). */
export type UsageRow = {
  day: string;
  userName: string;
  model: string;
  /** What the tokens were for, other than answers ("import classification"); `turns` counts model calls then. */
  source?: string;
  turns: number;
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
  cost: string;
};

/**
 * Token counts and estimated cost per day (UTC), user and model, newest first, with totals (answers,
 * and the model's classification of imported merchants on rows of their own: SPEC §10.1); then per
 * model the share of its answers' figures no tool result backed (SPEC §11).
 */
export function UsagePage({
  rows,
  totalCost,
  figures = [],
  asset,
  userName,
}: {
  rows: UsageRow[];
  totalCost: string;
  figures?: FigureShare[];
  asset?: AssetUrl;
  userName?: string | null;
}) {
  const sum = (k: "turns" | "input_tokens" | "output_tokens" | "cache_read_input_tokens" | "cache_creation_input_tokens") => rows.reduce((n, r) => n + r[k], 0);
  const total = {
    turns: sum("turns"),
    input: sum("input_tokens"),
    output: sum("output_tokens"),
    cacheRead: sum("cache_read_input_tokens"),
    cacheWrite: sum("cache_creation_input_tokens"),
  };
  return (
    <Layout title="Usage · budget-chat" asset={asset} bodyClass="page-usage" nav={{ current: "usage", user: userName ? { name: userName } : null }}>
      <main class="page" id="main">
        <h1>Usage</h1>
        <p class="muted">
          Tokens the model used per day (days in UTC), user and model, with the estimated cost at list prices: for answers, and for classifying the new
          merchants of an import (“import classification”, counted in model calls).
        </p>
        {rows.length ? (
          <ScrollTable
            label="Usage per day"
            class="usage-table"
            columns={["Day", "User", "Model", "For", ...numeric("Answers or calls", "Input", "Output", "Cache read", "Cache write", "Cost")]}
            foot={
              <tr>
                <th scope="row" colspan={4}>
                  Total
                </th>
                <td class="num">{formatCount(total.turns)}</td>
                <td class="num">{formatCount(total.input)}</td>
                <td class="num">{formatCount(total.output)}</td>
                <td class="num">{formatCount(total.cacheRead)}</td>
                <td class="num">{formatCount(total.cacheWrite)}</td>
                <td class="num">{totalCost}</td>
              </tr>
            }
          >
            {rows.map((r) => (
              <tr>
                <td>
                  <time datetime={r.day}>{formatDate(r.day)}</time>
                </td>
                <td>{r.userName}</td>
                <td>{r.model}</td>
                <td>{r.source ?? "answers"}</td>
                <td class="num">{formatCount(r.turns)}</td>
                <td class="num">{formatCount(r.input_tokens)}</td>
                <td class="num">{formatCount(r.output_tokens)}</td>
                <td class="num">{formatCount(r.cache_read_input_tokens)}</td>
                <td class="num">{formatCount(r.cache_creation_input_tokens)}</td>
                <td class="num">{r.cost}</td>
              </tr>
            ))}
          </ScrollTable>
        ) : (
          <p class="muted">No answers yet.</p>
        )}
        {figures.length ? (
          <>
            <h2>Figures not found in the data</h2>
            <p class="muted">Per model: the numbers its answers stated, and the share that no tool result of the answer backed.</p>
            <ScrollTable
              label="Figures not found per model"
              class="figure-share-table"
              columns={["Model", ...numeric("Answers", "Figures checked", "Not found", "Share not found")]}
            >
              {figures.map((f) => (
                <tr>
                  <td>{f.model}</td>
                  <td class="num">{formatCount(f.answers)}</td>
                  <td class="num">{formatCount(f.checked)}</td>
                  <td class="num">{formatCount(f.ungrounded)}</td>
                  <td class="num">{f.checked ? formatPercent(f.ungrounded, f.checked) : "–"}</td>
                </tr>
              ))}
            </ScrollTable>
          </>
        ) : null}
      </main>
    </Layout>
  );
}
