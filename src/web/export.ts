import { type Conversation } from "../store/conversations.ts";
import { type TurnWithEvents } from "../store/turns.ts";
import { type ChartSpec, type TableSpec } from "../core/events.ts";
import { formatChartValue } from "../core/format.ts";

/**
 * A conversation as a markdown document: questions, answers, and every chart and
 * table as a markdown table of its figures (the numbers matter more than the picture).
 */
export function exportMarkdown(conversation: Conversation, turns: TurnWithEvents[], currency: string): string {
  const out: string[] = [`# ${oneLine(conversation.title)}`, "", `_Exported from budget-chat, ${conversation.updatedAt.slice(0, 10)}._`, ""];
  for (const turn of turns) {
    out.push(`## ${oneLine(turn.question)}`, "");
    let text = "";
    const flush = () => {
      if (text.trim()) out.push(text.trim(), "");
      text = "";
    };
    for (const e of turn.events) {
      if (e.type === "text") text += e.text;
      else if (e.type === "chart") {
        flush();
        out.push(chartTable(e.chart, currency), "");
      } else if (e.type === "table") {
        flush();
        out.push(tableMarkdown(e.table), "");
      } else if (e.type === "notice" || e.type === "error") {
        flush();
        out.push(`> ${oneLine(e.message)}`, "");
      }
    }
    flush();
  }
  return out.join("\n");
}

function chartTable(chart: ChartSpec, currency: string): string {
  const { labels, datasets } = chart.data;
  return tableMarkdown({
    title: chart.title,
    columns: ["", ...datasets.map((d) => d.name)],
    rows: labels.map((label, i) => [label, ...datasets.map((d) => formatChartValue(d.values[i] ?? 0, chart, currency))]),
  });
}

function tableMarkdown(table: TableSpec): string {
  const cell = (v: string | number | null) => oneLine(String(v ?? "")).replace(/\|/g, "\\|");
  return [
    `**${oneLine(table.title)}**`,
    "",
    `| ${table.columns.map(cell).join(" | ")} |`,
    `| ${table.columns.map(() => "---").join(" | ")} |`,
    ...table.rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
  ].join("\n");
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}
