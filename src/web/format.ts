/**
 * Number formatting shared by the web views, the SSE fragments and the CLI.
 * de-CH style with an ASCII apostrophe as thousands separator (Intl's de-CH output uses
 * U+2019 on some ICU versions, so this is done by hand and is identical everywhere).
 * public/app.js carries a copy of formatMoney for chart tooltips: keep the two in step.
 */

/** Groups the integer digits in threes with `'`: "1234567" → "1'234'567". */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, "'");
}

/**
 * `CHF 1'234.50`; negatives put the sign after the code: `CHF -12.00`.
 * Rounds half away from zero to cents (1.005 → 1.01, despite binary floating point);
 * `-0` and amounts that round to zero print without a sign. Non-finite amounts print as `CHF –`.
 */
export function formatMoney(amount: number, currency: string): string {
  const code = currency || "";
  const prefix = code ? `${code} ` : "";
  if (typeof amount !== "number" || !Number.isFinite(amount)) return `${prefix}–`;
  const cents = Math.round(Number((Math.abs(amount) * 100).toPrecision(15)));
  const whole = Math.floor(cents / 100).toString();
  const frac = (cents % 100).toString().padStart(2, "0");
  const sign = amount < 0 && cents > 0 ? "-" : "";
  return `${prefix}${sign}${group(whole)}.${frac}`;
}

/** An integer count with the same grouping: 12345 → "12'345". */
export function formatCount(n: number): string {
  if (typeof n !== "number" || !Number.isFinite(n)) return "–";
  const r = Math.round(n);
  return `${r < 0 ? "-" : ""}${group(Math.abs(r).toString())}`;
}

/** A plain number for table cells: integers grouped, fractions with up to 2 decimals. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return "–";
  if (Number.isInteger(n)) return formatCount(n);
  const [int, frac] = Math.abs(n).toFixed(2).replace(/0+$/, "").split(".");
  return `${n < 0 ? "-" : ""}${group(int!)}${frac ? `.${frac}` : ""}`;
}

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
