import { type Conversation } from "../store/conversations.ts";
import { type TurnWithEvents } from "../store/turns.ts";
import { type ApprovalPreview, type ChartSpec, type TableSpec } from "../core/events.ts";
import { formatChartValue, formatClock } from "../core/format.ts";
import type { Approval } from "../store/approvals.ts";
import { approvalState, decisionWords } from "../ui/approval-view.ts";
import type { Token } from "marked";
import type { AnswerFigure } from "../core/figures.ts";
import { corrections, figuresLine, placeFigures, type FigureMark } from "../ui/figure-marks.ts";
import { NOT_FOUND } from "../figures/note.ts";
import { figureRowsLinks } from "../transactions/link.ts";
import { markedModule, safeHref } from "../ui/markdown.ts";

/**
 * A conversation as a markdown document: questions, answers, every chart and table as a
 * markdown table of its figures (the numbers matter more than the picture), and each
 * approval as it stands now (`approvals`: the conversation's, from the store): what was
 * asked, what was decided, and when it was undone. Under each answer, the links to the rows
 * behind its figures (SPEC §11.1), on `origin` (the server's address) so they open from the file.
 */
export function exportMarkdown(conversation: Conversation, turns: TurnWithEvents[], currency: string, approvals: Approval[] = [], timeZone?: string, origin = ""): string {
  const out: string[] = [`# ${plain(oneLine(conversation.title))}`, "", `_Exported from budget-chat, ${conversation.updatedAt.slice(0, 10)}._`, ""];
  const byId = new Map(approvals.map((a) => [a.id, a]));
  for (const turn of turns) {
    out.push(`## ${turn.continues ? "_(after the decision)_" : plain(oneLine(turn.question))}`, "");
    // The answer's pieces in order: text (model markdown) and what is shown between (charts, tables, notices).
    const pieces: ({ text: string } | { md: string })[] = [];
    let text = "";
    const flush = () => {
      if (text.trim()) pieces.push({ text: text.trim() });
      text = "";
    };
    let figures: AnswerFigure[] = [];
    for (const e of turn.events) {
      if (e.type === "text") text += e.text;
      else if (e.type === "chart") {
        flush();
        pieces.push({ md: chartTable(e.chart, currency) });
      } else if (e.type === "table") {
        flush();
        pieces.push({ md: tableMarkdown(e.table) });
      } else if (e.type === "approval_requested") {
        flush();
        pieces.push({ md: approvalMarkdown(e.preview, byId.get(e.id), timeZone) });
      } else if (e.type === "notice" || e.type === "error") {
        flush();
        pieces.push({ md: `> ${plain(oneLine(e.message))}` });
      } else if (e.type === "figures" || e.type === "repair") figures = e.figures;
    }
    flush();
    const texts = pieces.flatMap((p) => ("text" in p ? [p.text] : []));
    const marks = placeFigures(texts, figures);
    let k = 0;
    for (const p of pieces) out.push("text" in p ? neutraliseMarkdown(markUngrounded(p.text, marks[k++]!)) : p.md, "");
    const line = figuresLine(figures);
    if (line) out.push(`> ${line}`, "");
    const fixed = corrections(figures);
    if (fixed.length) out.push(`> Checked: ${fixed.map((c) => plain(oneLine(c))).join("; ")}`, "");
    const rows = rowsLinksMarkdown(figures, origin);
    if (rows) out.push(rows, "");
  }
  return out.join("\n");
}

/**
 * The rows behind an answer's figures, one line each: "CHF 8'665.70: [See the rows](…)", or for a
 * figure that sets its terms against each other, "12.5%: rows of each part: [2025 · Dining](…), [2025 · Groceries](…)".
 */
function rowsLinksMarkdown(figures: readonly AnswerFigure[], origin: string): string {
  const lines = figures.flatMap((f) => {
    const links = figureRowsLinks(f);
    if (!links.length) return [];
    const md = links.map((l) => `[${literal(oneLine(l.label))}](${origin}${l.href})`).join(", ");
    return [`> - ${plain(oneLine(f.correction?.text ?? f.text))}: ${links[0]!.of === "term" ? `rows of each part: ${md}` : md}`];
  });
  return lines.length ? ["> Rows behind the figures:", ">", ...lines].join("\n") : "";
}

/** An approval card as a quote: what was asked and its figures (totals per currency, never one sum), then what happened (and when it was undone). */
function approvalMarkdown(preview: ApprovalPreview, a: Approval | undefined, timeZone?: string): string {
  const lines = [`> **Approval:** ${plain(oneLine(preview.title))}`];
  const facts = preview.facts.filter((f) => f.value !== undefined).map((f) => `${plain(oneLine(f.label))}: ${plain(oneLine(f.value!))}`);
  if (facts.length) lines.push(`> ${facts.join(" · ")}`);
  const state = a ? approvalState(a) : null;
  if (!a || !state?.decision) lines.push(`> Waiting for the user's decision.`);
  else lines.push(`> ${plain(oneLine(decisionWords(state.decision, a.preview)))}`);
  if (state?.undo?.kind === "done") lines.push(`> Undone at ${formatClock(state.undo.at, timeZone)} — ${plain(oneLine(state.undo.message))}`);
  return lines.join("\n>\n");
}

/** SPEC §11, §11.1: a figure no tool result of the turn backs (or found as something else, or corrected) is marked where it stands, in words. */
function markUngrounded(text: string, marks: readonly FigureMark[]): string {
  let out = "";
  let at = 0;
  for (const m of marks) {
    const f = m.figure;
    const words = f.correction
      ? `corrected: ${f.correction.text}`
      : f.status === "ungrounded"
        ? NOT_FOUND
        : f.status === "mismatched"
          ? `found as ${f.sources[0]?.about ?? "something else"}`
          : null;
    if (!words) continue;
    out += `${text.slice(at, m.end)} *[${plain(oneLine(words))}]*`;
    at = m.end;
  }
  return out + text.slice(at);
}

function chartTable(chart: ChartSpec, currency: string): string {
  const { labels, datasets } = chart.data;
  return tableMarkdown({
    title: chart.title,
    columns: ["", ...datasets.map((d) => d.name)],
    rows: labels.map((label, i) => [label, ...datasets.map((d) => formatChartValue(d.values[i] ?? 0, chart, currency))]),
  });
}

function tableMarkdown(table: Pick<TableSpec, "title" | "columns" | "rows">): string {
  const cell = (v: string | number | null) => plain(oneLine(String(v ?? ""))).replace(/\|/g, "\\|");
  return [
    `**${plain(oneLine(table.title))}**`,
    "",
    `| ${table.columns.map(cell).join(" | ")} |`,
    `| ${table.columns.map(() => "---").join(" | ")} |`,
    ...table.rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
  ].join("\n");
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

/**
 * Text that is not markdown (a question, a title, a transaction description, a notice)
 * as markdown that shows exactly that text: no tag, entity or image syntax in it acts.
 */
function plain(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/!\[/g, "!\\[");
}

/**
 * Text as markdown that shows exactly that text wherever it stands, inside a link's text too: every ASCII
 * punctuation character backslash-escaped (CommonMark lets any of them be), the backslash itself included, so
 * bank text such as `Shop\](https://…) [x` can neither close the link nor open one, a tag or an entity.
 */
function literal(s: string): string {
  return s.replace(/[!-/:-@[-`{-~]/g, "\\$&");
}

/**
 * Model markdown as the page shows it (src/ui/markdown.ts): raw HTML (block and inline)
 * becomes visible text, an image becomes its alt text and URL as text, a link the page
 * would not make a link (javascript:, data:, vbscript:, …) becomes its text and URL as
 * text, so no viewer of the file loads a remote image or runs markup or script. Everything else (code included) is kept
 * byte for byte: only the source ranges of html and image tokens are rewritten.
 */
export function neutraliseMarkdown(src: string): string {
  const edits: { from: number; to: number; text: string }[] = [];
  // Each child's raw text lies inside its parent's, in order: find it from a cursor.
  const walk = (tokens: readonly Token[], base: number, parentRaw: string) => {
    let cursor = 0;
    for (const t of tokens) {
      const at = parentRaw.indexOf(t.raw, cursor);
      if (at < 0 || !t.raw) continue;
      const start = base + at;
      cursor = at + t.raw.length;
      if (t.type === "html") edits.push({ from: start, to: start + t.raw.length, text: plain(t.raw) });
      else if (t.type === "image") {
        const alt = (t as { text?: string }).text || "image";
        const href = String((t as { href?: string }).href ?? "").replace(/`/g, "");
        edits.push({ from: start, to: start + t.raw.length, text: `\\[${plain(alt).replace(/[[\]]/g, "\\$&")}: \`${href}\`\\]` });
      } else if (t.type === "link" && safeHref((t as { href?: string }).href) === null) {
        // As the page does: a javascript:, data:, vbscript: (any non-http(s)/mailto) link is no link, its URL shown as text.
        const label = (t as { text?: string }).text || "link";
        const href = String((t as { href?: string }).href ?? "").replace(/`/g, "");
        edits.push({ from: start, to: start + t.raw.length, text: `${plain(label).replace(/[[\]]/g, "\\$&")} (\`${href}\`)` });
      } else {
        const children = childTokens(t);
        if (children.length) walk(children, start, t.raw);
      }
    }
  };
  walk(new (markedModule().Lexer)({ gfm: true }).lex(src), 0, src);
  let out = "";
  let last = 0;
  for (const e of edits.sort((a, b) => a.from - b.from)) {
    if (e.from < last) continue;
    out += src.slice(last, e.from) + e.text;
    last = e.to;
  }
  return out + src.slice(last);
}

function childTokens(t: Token): Token[] {
  const any = t as { tokens?: Token[]; items?: Token[]; header?: { tokens: Token[] }[]; rows?: { tokens: Token[] }[][] };
  if (t.type === "code" || t.type === "codespan") return [];
  const out: Token[] = [...(any.items ?? []), ...(any.tokens ?? [])];
  if (t.type === "table") {
    for (const h of any.header ?? []) out.push(...h.tokens);
    for (const row of any.rows ?? []) for (const c of row) out.push(...c.tokens);
  }
  return out;
}
