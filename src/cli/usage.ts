import { existsSync } from "node:fs";
import { withLocal } from "../app.ts";
import { type ModelUsage } from "../store/usage-report.ts";
import { chatDbPath, flagHelp, flagOptions } from "../config.ts";
import { ConfigError, UsageError } from "../core/errors.ts";
import { estimateCost, formatUsd } from "../pricing.ts";
import { formatCount } from "../core/format.ts";
import { parse, parseSince } from "./args.ts";

export const USAGE_HELP = `budget-chat usage [--since YYYY-MM-DD] [--chat-db PATH]

Print token usage per model (turns, input, output, cache write and cache read tokens)
and an estimated cost in USD at list prices (src/pricing.ts). Memory summarisation calls
and the classification of imported merchants are rows of their own per model
("(memory summaries)", "(import classification)"; the count is of calls).
  --since YYYY-MM-DD   only turns started on or after this day (00:00 UTC)
${flagHelp(["chatDb"])}`;

export async function usageCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    since: { type: "string" },
    ...flagOptions(["chatDb"]),
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    console.log(USAGE_HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError(`usage: unexpected argument "${positionals[0]}" (see budget-chat usage --help)`);
  const since = values.since === undefined ? undefined : parseSince(values.since);
  const path = chatDbPath(values);
  // A report must not create an empty database (and its directory) by accident.
  if (!existsSync(path)) throw new ConfigError(`no app database at ${path} (set --chat-db or CHAT_DATABASE_URL)`);
  const rows = await withLocal(values, ({ store }) => store.usage.byModel(since ? { since } : {}));
  for (const line of usageReport(rows, { since: values.since })) console.log(line);
  return 0;
}

/** The report's lines (pure, for tests and other front ends). */
export function usageReport(rows: readonly ModelUsage[], opts: { since?: string } = {}): string[] {
  const scope = opts.since ? `since ${opts.since} (UTC)` : "all time";
  if (!rows.length) return [`No turns recorded ${opts.since ? `since ${opts.since}` : "yet"}.`];
  const header = ["model", "turns", "input", "output", "cache write", "cache read", "est. cost"];
  const body: string[][] = [];
  const total = { turns: 0, input: 0, output: 0, cacheWrite: 0, cacheRead: 0, cost: 0 };
  const unknown: string[] = [];
  for (const r of rows) {
    const cost = estimateCost(r.model, r);
    if (cost === "unknown") unknown.push(r.model);
    else total.cost += cost;
    total.turns += r.turns;
    total.input += r.input_tokens;
    total.output += r.output_tokens;
    total.cacheWrite += r.cache_creation_input_tokens;
    total.cacheRead += r.cache_read_input_tokens;
    body.push([
      r.source ? `${r.model} (${r.source})` : r.model,
      formatCount(r.turns),
      formatCount(r.input_tokens),
      formatCount(r.output_tokens),
      formatCount(r.cache_creation_input_tokens),
      formatCount(r.cache_read_input_tokens),
      formatUsd(cost),
    ]);
  }
  const totalCost =
    unknown.length === rows.length ? "unknown" : formatUsd(Math.round(total.cost * 1e10) / 1e10) + (unknown.length ? " + unknown" : "");
  const footer = ["total", formatCount(total.turns), formatCount(total.input), formatCount(total.output), formatCount(total.cacheWrite), formatCount(total.cacheRead), totalCost];
  const table = [header, ...body, footer];
  const widths = header.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
  const fmt = (row: string[]) =>
    row
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join("  ")
      .trimEnd();
  const lines = [`Token usage, ${scope}:`, "", fmt(header), ...body.map(fmt)];
  if (body.length > 1 || unknown.length) lines.push(fmt(footer));
  if (unknown.length) lines.push("", `No price known for ${unknown.join(", ")}: not included in the total.`);
  lines.push("", "Costs are estimates at list prices (USD); check your provider's invoice for the real amount.");
  return lines;
}
