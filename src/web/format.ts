
/** Keeps an id usable inside an HTML id and a `#id` CSS selector. */
export function safeId(s: string): string {
  return String(s).replace(/[^A-Za-z0-9_-]/g, "_");
}

/**
 * DOM ids of an assistant turn's zones and items. The views and the SSE fragments
 * (src/web/fragments.ts) both use these, so a streamed turn and a re-rendered one match.
 */
export const domIds = {
  turn: (turnId: string) => `turn-${safeId(turnId)}`,
  status: (turnId: string) => `status-${safeId(turnId)}`,
  tools: (turnId: string) => `tools-${safeId(turnId)}`,
  artifacts: (turnId: string) => `artifacts-${safeId(turnId)}`,
  text: (turnId: string) => `text-${safeId(turnId)}`,
  notices: (turnId: string) => `notices-${safeId(turnId)}`,
  usage: (turnId: string) => `usage-${safeId(turnId)}`,
  /** Text block k of a turn: text between two tool calls. */
  block: (turnId: string, k: number) => `tb-${safeId(turnId)}-${k}`,
  tool: (turnId: string, toolId: string) => `tool-${safeId(turnId)}-${safeId(toolId)}`,
  approval: (approvalId: string) => `approval-${safeId(approvalId)}`,
  approvalActions: (approvalId: string) => `approval-actions-${safeId(approvalId)}`,
};

const TOOL_LABELS: Record<string, string> = {
  spending_by_category: "Analysing spending by category…",
  monthly_trend: "Computing the monthly trend…",
  merchant_breakdown: "Breaking spending down by merchant…",
  income_vs_spending: "Comparing income and spending…",
  search_transactions: "Searching transactions…",
  list_transactions: "Listing transactions…",
  recategorise_transactions: "Preparing a recategorisation…",
};

/** What the user sees while a tool runs: "Analysing spending by category…". */
export function toolLabel(tool: string): string {
  return TOOL_LABELS[tool] ?? `Running ${tool}…`;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text (or an attribute value) made safe to put into HTML built as a string. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
