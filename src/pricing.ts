/**
 * Model prices, in ONE place: USD per million tokens for input, output, prompt-cache
 * writes (5-minute cache) and cache reads. Used for the cost estimates of the usage
 * command (and anything else that shows a cost).
 *
 * Source: Anthropic's public pricing page (platform.claude.com/docs/en/about-claude/pricing),
 * list prices as of 2026-11. Cache writes are 1.25× input and cache reads 0.1× input
 * unless a row says otherwise (newer models have cheaper cache reads). Prices change:
 * update the table below, nothing else. Estimates ignore batch discounts, regional
 * (inference_geo) surcharges, fast mode, 1-hour cache writes and Haiku 5.5's
 * long-prompt tier (prompts over 100k tokens cost more).
 */
import { formatMoney } from "./core/format.ts";

export type Price = {
  /** USD per million input tokens (not cached). */
  input: number;
  output: number;
  /** USD per million tokens written to the prompt cache (5-minute TTL). */
  cacheWrite: number;
  /** USD per million tokens read from the prompt cache. */
  cacheRead: number;
};

export type ModelFamily = "opus" | "sonnet" | "haiku" | "fable" | "mythos";

/** A row: applies to a family from `since` (version major×10+minor, e.g. 4.5 → 45) up to the next row. */
type Row = { since: number; input: number; output: number; cacheWrite?: number; cacheRead?: number; label: string };

/**
 * Per family, newest first; the first row whose `since` ≤ the model's version applies.
 * A model id without a recognisable version gets the family's first (newest) row.
 */
const PRICES: Record<ModelFamily, Row[]> = {
  opus: [
    { since: 55, input: 4, output: 20, cacheRead: 0.2, label: "Opus 5.5+" },
    { since: 45, input: 5, output: 25, label: "Opus 4.5 – 5" },
    { since: 0, input: 15, output: 75, label: "Opus 3 – 4.1" },
  ],
  sonnet: [
    { since: 55, input: 2, output: 10, cacheRead: 0.1, label: "Sonnet 5.5+" },
    { since: 50, input: 2, output: 10, label: "Sonnet 5" },
    { since: 0, input: 3, output: 15, label: "Sonnet 3.5 – 4.6" },
  ],
  haiku: [
    { since: 55, input: 0.1, output: 0.5, label: "Haiku 5.5+ (prompts ≤ 100k tokens)" },
    { since: 45, input: 1, output: 5, label: "Haiku 4.5" },
    { since: 35, input: 0.8, output: 4, label: "Haiku 3.5" },
    { since: 0, input: 0.25, output: 1.25, cacheWrite: 0.3, cacheRead: 0.03, label: "Haiku 3" },
  ],
  fable: [
    { since: 51, input: 10, output: 50, cacheRead: 0.25, label: "Fable 5.1+" },
    { since: 0, input: 10, output: 50, label: "Fable 5" },
  ],
  mythos: [
    { since: 51, input: 10, output: 50, cacheRead: 0.25, label: "Mythos 5.1+" },
    { since: 0, input: 10, output: 50, label: "Mythos 5" },
  ],
};

export type ModelPrice = Price & { family: ModelFamily; label: string };

/**
 * Recognise a model id's family and version: `claude-sonnet-5-5`, `claude-opus-4-20250514`,
 * `claude-sonnet-4-5-20250929`, `claude-3-5-haiku-20241022`, provider-prefixed ids like
 * `anthropic.claude-opus-4-1-20250805-v1:0` or `us.anthropic.…`, and suffixes like `[1m]`.
 */
export function parseModelId(model: string): { family: ModelFamily; version: number | null } | null {
  const id = model.toLowerCase();
  const families = "opus|sonnet|haiku|fable|mythos";
  // New style: family-major[-minor][-date]
  let m = new RegExp(`(?:^|[^a-z])(${families})-(\\d{1,2})(?:[-.](\\d{1,2}))?(?!\\d)`).exec(id);
  if (m) return { family: m[1] as ModelFamily, version: Number(m[2]) * 10 + (m[3] ? Number(m[3]) : 0) };
  // Old style: claude-major[-minor]-family
  m = new RegExp(`claude-(\\d)(?:[-.](\\d))?-(${families})`).exec(id);
  if (m) return { family: m[3] as ModelFamily, version: Number(m[1]) * 10 + (m[2] ? Number(m[2]) : 0) };
  // Just the family ("sonnet", "claude-opus-latest")
  m = new RegExp(`(?:^|[^a-z])(${families})(?![a-z])`).exec(id);
  if (m) return { family: m[1] as ModelFamily, version: null };
  return null;
}

/** The price of a model, or null when it is not a known family (then the cost is "unknown"). */
export function priceFor(model: string): ModelPrice | null {
  const parsed = parseModelId(model);
  if (!parsed) return null;
  const rows = PRICES[parsed.family];
  const row = parsed.version === null ? rows[0]! : (rows.find((r) => r.since <= parsed.version!) ?? rows.at(-1)!);
  return {
    family: parsed.family,
    label: row.label,
    input: row.input,
    output: row.output,
    cacheWrite: row.cacheWrite ?? round(row.input * 1.25),
    cacheRead: row.cacheRead ?? round(row.input * 0.1),
  };
}

export type TokenCounts = {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
};

/** Estimated USD cost of some usage with a model, or "unknown" for a model without a price. */
export function estimateCost(model: string, usage: TokenCounts): number | "unknown" {
  const p = priceFor(model);
  if (!p) return "unknown";
  // Sum in micro-dollars-per-token units first, divide once: fewer rounding steps.
  const total =
    usage.input_tokens * p.input +
    usage.output_tokens * p.output +
    (usage.cache_creation_input_tokens ?? 0) * p.cacheWrite +
    (usage.cache_read_input_tokens ?? 0) * p.cacheRead;
  return round(total / 1_000_000, 10);
}

/** The currency every price here is in. */
export const USAGE_CURRENCY = "USD";

/**
 * A cost as the Usage page shows it: money in the usage currency with 2 decimals, as
 * every amount of the app is written (`USD 6.01`); "unknown" for a model without a price.
 */
export function formatCost(cost: number | "unknown"): string {
  return cost === "unknown" ? "unknown" : formatMoney(cost, USAGE_CURRENCY);
}

/** `$0.0123` style; always 4 decimals (turn costs are small): the CLI's `usage` table for operators. */
export function formatUsd(cost: number | "unknown"): string {
  return cost === "unknown" ? "unknown" : `$${cost.toFixed(4)}`;
}

function round(x: number, digits = 6): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
