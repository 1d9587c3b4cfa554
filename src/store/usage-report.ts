/** Token usage summed from the turns table (for the header, the usage command and page). */
import type { Usage } from "../core/events.ts";
import { isoOf, type Row, type StoreDb } from "./db.ts";
import { toUsage } from "./turns.ts";

export type UsageTotals = Usage & { turns: number };
/** Usage of one model: its turns, or (`source`) the memory summarisation calls made with it (`turns` counts calls then). */
export type ModelUsage = UsageTotals & { model: string; source?: "memory summaries" };
/** One row of the usage page: a user's turns of one day (UTC) with one model. */
export type DailyUsage = ModelUsage & { day: string; userId: string; userName: string };

const USAGE_SUMS = `coalesce(sum(input_tokens), 0) AS input_tokens, coalesce(sum(output_tokens), 0) AS output_tokens,
  coalesce(sum(cache_creation_input_tokens), 0) AS cache_creation_input_tokens,
  coalesce(sum(cache_read_input_tokens), 0) AS cache_read_input_tokens`;

/** The checked figures of one model's answers (SPEC §11): how many, and how many no tool result backed. */
export type FigureShare = { model: string; answers: number; checked: number; ungrounded: number };

export class UsageReport {
  constructor(private readonly s: StoreDb) {}

  /** Token usage summed over a conversation's turns. */
  ofConversation(conversationId: string): UsageTotals {
    return toTotals(this.s.one(`SELECT count(*) AS turns, ${USAGE_SUMS} FROM turns WHERE conversation_id = ?`, conversationId)!);
  }

  /**
   * Token usage per model (turns started at or after `since`, optionally one user's), by
   * model name; each model's memory summarisation calls (audit kind memory_summary) follow
   * its turns as a row of their own.
   */
  byModel(opts: { since?: Date | string; userId?: string } = {}): ModelUsage[] {
    const usage = (field: string) => `coalesce(sum(json_extract(detail, '$.usage.${field}')), 0) AS ${field}`;
    return this.s
      .many(
        `SELECT model, 0 AS memory, count(*) AS turns, ${USAGE_SUMS} FROM turns
         WHERE (?1 IS NULL OR started_at >= ?1) AND (?2 IS NULL OR user_id = ?2)
         GROUP BY model
         UNION ALL
         SELECT json_extract(detail, '$.model') AS model, 1 AS memory, count(*) AS turns,
           ${usage("input_tokens")}, ${usage("output_tokens")}, ${usage("cache_creation_input_tokens")}, ${usage("cache_read_input_tokens")}
         FROM audit_log
         WHERE kind = 'memory_summary' AND (?1 IS NULL OR at >= ?1) AND (?2 IS NULL OR user_id = ?2)
         GROUP BY 1
         ORDER BY model, memory`,
        opts.since !== undefined ? isoOf(opts.since) : null,
        opts.userId ?? null,
      )
      .map((r) => ({ model: r.model ?? "unknown", ...toTotals(r), ...(r.memory ? { source: "memory summaries" as const } : {}) }));
  }

  /**
   * Checked figures per model, from the turns' audit entries (which count them by status),
   * for the usage page's share of figures not found; answers checked before issue 22 carry
   * no counts and are left out.
   */
  figuresByModel(opts: { userId?: string } = {}): FigureShare[] {
    return this.s
      .many(
        `SELECT json_extract(detail, '$.model') AS model, count(*) AS answers,
           coalesce(sum(json_extract(detail, '$.figures.checked')), 0) AS checked,
           coalesce(sum(json_extract(detail, '$.figures.ungrounded')), 0) + coalesce(sum(json_extract(detail, '$.figures.mismatched')), 0) AS ungrounded
         FROM audit_log
         WHERE kind = 'turn' AND json_extract(detail, '$.figures') IS NOT NULL AND (?1 IS NULL OR user_id = ?1)
         GROUP BY 1 ORDER BY 1`,
        opts.userId ?? null,
      )
      .map((r) => ({ model: r.model ?? "unknown", answers: r.answers, checked: r.checked, ungrounded: r.ungrounded }));
  }

  /** Token usage per day (UTC), user and model, newest day first (the web usage page). */
  daily(opts: { since?: Date | string; userId?: string } = {}): DailyUsage[] {
    return this.s
      .many(
        `SELECT substr(t.started_at, 1, 10) AS day, t.user_id, coalesce(u.name, t.user_id) AS user_name, t.model, count(*) AS turns, ${USAGE_SUMS.replace(/sum\(/g, "sum(t.")}
         FROM turns t LEFT JOIN users u ON u.id = t.user_id
         WHERE (?1 IS NULL OR t.started_at >= ?1) AND (?2 IS NULL OR t.user_id = ?2)
         GROUP BY day, t.user_id, t.model ORDER BY day DESC, user_name, t.model`,
        opts.since !== undefined ? isoOf(opts.since) : null,
        opts.userId ?? null,
      )
      .map((r) => ({ day: r.day, userId: r.user_id, userName: r.user_name, model: r.model, ...toTotals(r) }));
  }
}

function toTotals(r: Row): UsageTotals {
  return { turns: r.turns, ...toUsage(r) };
}
