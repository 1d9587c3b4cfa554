import type { ChartSpec, TableSpec } from "../tools/types.ts";

/** Token usage of one turn, summed over its model calls. */
export type Usage = {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
};

/** What an approval card shows: computed by the server, never taken from model text. */
export type ApprovalPreview = {
  rows: number;
  /** Sum of the amounts that would move (signed, as stored). */
  total: number;
  currency: string;
  from: { category: string; rows: number }[];
  to: string;
  merchants: { name: string; rows: number }[];
  description: string;
};

/**
 * What the agent loop yields. The HTML/SSE renderer, the JSON API and the CLI are
 * thin consumers of this one stream.
 */
export type AgentEvent =
  | { type: "turn_started"; conversationId: string; turnId: string }
  | { type: "text"; text: string }
  | { type: "tool_started"; id: string; tool: string; input: unknown }
  | { type: "tool_finished"; id: string; tool: string; summary: string }
  | { type: "tool_failed"; id: string; tool: string; error: string }
  | { type: "chart"; toolId: string; chart: ChartSpec }
  | { type: "table"; toolId: string; table: TableSpec }
  | { type: "approval_requested"; id: string; toolId: string; preview: ApprovalPreview; expiresAt: string }
  | { type: "approval_decided"; id: string; decision: "approved" | "rejected" | "expired"; detail: string }
  | { type: "notice"; kind: "incomplete" | "max_tokens" | "refusal" | "stopped"; message: string }
  | { type: "done"; conversationId: string; turnId: string; incomplete: boolean; usage: Usage }
  | { type: "error"; message: string; retryable: boolean };
