/**
 * The checked figures of an answer (SPEC §11) on screen: which written number each mark
 * wraps, what its note says, and the markdown rendered with the marks in it.
 *
 * The figures event lists the answer's figures in order. Each piece of text shown (a
 * paragraph of a text block, or a run of text in the export) is read again with the same
 * reader, and its figures are paired with the event's in order by their written text, so
 * the marks need no offsets into a text the page cuts differently. A number the event does
 * not list (one from the question) stays unmarked.
 */
import { escapeHtml } from "../core/html.ts";
import type { AnswerFigure } from "../core/figures.ts";
import { readFigures } from "../figures/read.ts";
import { figureNote } from "../figures/note.ts";
import { renderMarkdown } from "./markdown.ts";
import { figureRowsLinks, type FigureRowsLink } from "../transactions/link.ts";
import { finishedSegments } from "./turn-model.ts";

/** A figure of the event found in a piece of text: its place there and its index in the event. */
export type FigureMark = { start: number; end: number; index: number; figure: AnswerFigure };


/** Pairs the figures of `pieces` (in order) with the event's figures (in order) by their written text. */
export function placeFigures(pieces: readonly string[], figures: readonly AnswerFigure[]): FigureMark[][] {
  let next = 0;
  return pieces.map((piece) => {
    const marks: FigureMark[] = [];
    if (next >= figures.length) return marks;
    for (const f of readFigures(piece)) {
      const want = figures[next];
      if (!want) break;
      if (f.text !== want.text) continue;
      marks.push({ start: f.start, end: f.end, index: next, figure: want });
      next++;
    }
    return marks;
  });
}

/** The marks of each finished text block, per paragraph (as the page renders them), by block number. */
export function marksByBlock(blocks: readonly { n: number; text: string }[], figures: readonly AnswerFigure[]): Map<number, FigureMark[][]> {
  const segments = blocks.map((b) => finishedSegments(b.text));
  const placed = placeFigures(segments.flat(), figures);
  const out = new Map<number, FigureMark[][]>();
  let k = 0;
  blocks.forEach((b, i) => out.set(b.n, placed.slice(k, (k += segments[i]!.length))));
  return out;
}

/** A text block's finished paragraphs as HTML, each with its figures' marks (the view and the stream alike). */
export function blockHtml(segments: readonly string[], marks: readonly FigureMark[][] | undefined, notePrefix: string): string {
  return segments.map((s, i) => renderMarkedMarkdown(s, marks?.[i] ?? [], notePrefix)).join("");
}

/** A figure no result backs as written: not found or found as something else, and not corrected. */
const unverified = (f: AnswerFigure) => (f.status === "ungrounded" || f.status === "mismatched") && !f.correction;

/**
 * The per-answer line, only when something was not found or corrected: "3 figures checked · 1
 * not found", after the repair round "5 figures checked · 2 corrected · 1 not found".
 */
export function figuresLine(figures: readonly AnswerFigure[]): string | null {
  const missing = figures.filter(unverified).length;
  const corrected = figures.filter((f) => f.correction).length;
  if (!missing && !corrected) return null;
  return [`${figures.length} ${figures.length === 1 ? "figure" : "figures"} checked`, ...(corrected ? [`${corrected} corrected`] : []), ...(missing ? [`${missing} not found`] : [])].join(" · ");
}

/** The repair round's corrections, one each (SPEC §11.1): "CHF 33'351.95 → CHF 34'231.60 (Housing, 2025)". */
export function corrections(figures: readonly AnswerFigure[]): string[] {
  return figures.filter((f) => f.correction).map((f) => `${f.text} → ${f.correction!.text}${f.correction!.note ? ` (${f.correction!.note})` : ""}`);
}

/** Private-use characters that mark where a figure starts (one per figure of a piece) and ends in the markdown source. */
const OPEN = 0xe100;
const CLOSE = "\ue000";
const MARKERS = /[\ue000-\ue8ff]/;

/** The id of a figure's note (its mark's aria-describedby). */
export function figureNoteId(prefix: string, index: number): string {
  return `${prefix}-${index}`;
}

/**
 * Markdown rendered with each figure of `marks` wrapped in its mark:
 * `<span class="fig" data-figure="…" tabindex="0" aria-describedby="…">CHF 1'234.50<span class="fig-note" role="tooltip" id="…">…</span></span>`.
 * The markdown is rendered (and sanitised) first with markers in the text; a marker pair
 * becomes a mark only inside one text node of the result, so nothing of the model's text
 * is ever taken as HTML and a mark never lands inside a tag or an attribute.
 */
export function renderMarkedMarkdown(text: string, marks: readonly FigureMark[], notePrefix: string): string {
  if (!marks.length || MARKERS.test(text)) return renderMarkdown(text);
  let marked = "";
  let at = 0;
  marks.forEach((m, i) => {
    marked += `${text.slice(at, m.start)}${String.fromCharCode(OPEN + i)}${text.slice(m.start, m.end)}${CLOSE}`;
    at = m.end;
  });
  marked += text.slice(at);
  const html = renderMarkdown(marked);
  // Tags (with their attributes) and text alternate; markers are replaced in text only.
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith("<")) return part.replace(/[\ue000-\ue8ff]/g, "");
      return part
        .replace(/([\ue100-\ue8ff])([^\ue000-\ue8ff]*)\ue000/g, (_, open: string, inner: string) => {
          const m = marks[open.charCodeAt(0) - OPEN];
          return m ? markHtml(m, inner, notePrefix) : inner;
        })
        .replace(/[\ue000-\ue8ff]/g, "");
    })
    .join("");
}

function markHtml(m: FigureMark, innerHtml: string, notePrefix: string): string {
  const id = figureNoteId(notePrefix, m.index);
  const f = m.figure;
  // A corrected figure shows as corrected; a mismatched one like one not found (SPEC §11.1).
  const status = f.correction ? "corrected" : f.status;
  // The note is the mark's description (read by screen readers, shown on hover, focus and tap), with links to
  // the rows behind the figure; a mark's "?" is CSS (figures.css), so copying the text does not copy it.
  return (
    `<span class="fig" data-figure="${status}" tabindex="0" aria-describedby="${id}">${innerHtml}` +
    `<span class="fig-note" id="${id}">${escapeHtml(figureNote(f))}${rowsLinksHtml(figureRowsLinks(f))}</span></span>`
  );
}

/** The note's links to the rows: "See the rows", or "Rows of each part: <term>, <term>". */
function rowsLinksHtml(links: readonly FigureRowsLink[]): string {
  const a = (l: FigureRowsLink) => `<a class="fig-rows" href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`;
  if (!links.length) return "";
  if (links[0]!.of === "figure") return ` ${a(links[0]!)}`;
  return ` <span class="fig-rows-terms">Rows of each part: ${links.map(a).join(", ")}</span>`;
}
