/** DOM ids shared by the views and the SSE renderer, so a streamed turn and a re-rendered one match. */
/** Keeps an id usable inside an HTML id and a `#id` CSS selector. */
export function safeId(s: string): string {
  return String(s).replace(/[^A-Za-z0-9_-]/g, "_");
}

/**
 * DOM ids of an assistant turn's zones and items. The views and the SSE fragments
 * (src/web/sse-renderer.ts) both use these, so a streamed turn and a re-rendered one match.
 */
export const domIds = {
  turn: (turnId: string) => `turn-${safeId(turnId)}`,
  status: (turnId: string) => `status-${safeId(turnId)}`,
  /** The answer's blocks, in the order they happened. */
  answer: (turnId: string) => `answer-${safeId(turnId)}`,
  /** Copy / Regenerate and follow-up suggestions, once the answer ended. */
  actions: (turnId: string) => `actions-${safeId(turnId)}`,
  notices: (turnId: string) => `notices-${safeId(turnId)}`,
  usage: (turnId: string) => `usage-${safeId(turnId)}`,
  /** Text block k of a turn: text between two tool calls. */
  block: (turnId: string, k: number) => `tb-${safeId(turnId)}-${k}`,
  /** Its finished paragraphs (rendered markdown). */
  blockDone: (turnId: string, k: number) => `tbd-${safeId(turnId)}-${k}`,
  /** Its unfinished paragraph while it streams (plain text). */
  blockLive: (turnId: string, k: number) => `tbl-${safeId(turnId)}-${k}`,
  /** Prefix of the ids of the notes of an answer's checked figures (figure-marks.ts figureNoteId). */
  figureNotes: (turnId: string) => `fign-${safeId(turnId)}`,
  /** The line and the "Checked:" note under an answer (views/FiguresCheck.tsx). */
  figuresCheck: (turnId: string) => `figs-${safeId(turnId)}`,
  chart: (turnId: string, n: number) => `chart-${safeId(turnId)}-${n}`,
  table: (turnId: string, n: number) => `table-${safeId(turnId)}-${n}`,
  question: (turnId: string) => `q-${safeId(turnId)}`,
  tool: (turnId: string, toolId: string) => `tool-${safeId(turnId)}-${safeId(toolId)}`,
  approval: (approvalId: string) => `approval-${safeId(approvalId)}`,
  approvalHead: (approvalId: string) => `approval-head-${safeId(approvalId)}`,
  approvalActions: (approvalId: string) => `approval-actions-${safeId(approvalId)}`,
};
