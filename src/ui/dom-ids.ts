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
