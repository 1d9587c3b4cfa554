/** Token usage summed from the turns table (for the header, the usage command and page). */
import type { Usage } from "../core/events.ts";
import { isoOf, type Row, type StoreDb } from "./db.ts";
import type { ModelCallPurpose } from "./model-calls.ts";
import { toUsage } from "./turns.ts";

export type UsageTotals = Usage & { turns: number };
/** What usage other than answers was for: memory summaries, an import's classification (`turns` counts calls then). */
export type UsageSource = "memory summaries" | ModelCallPurpose;
/** Usage of one model: its turns, or (`source`) the calls made with it for something else than an answer. */
export type ModelUsage = UsageTotals & { model: string; source?: UsageSource };
/** One row of the usage page: a user's turns (or other calls) of one day (UTC) with one model; `userId` null: the command line. */
export type DailyUsage = ModelUsage & { day: string; userId: string | null; userName: string };

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
   * model name; each model's memory summarisation calls (audit kind memory_summary) and its
   * calls for imports (model_calls, by purpose) follow its turns as rows of their own.
   */
  byModel(opts: { since?: Date | string; userId?: string } = {}): ModelUsage[] {
    const usage = (field: string) => `coalesce(sum(json_extract(detail, '$.usage.${field}')), 0) AS ${field}`;
    return this.s
      .many(
        `SELECT model, 0 AS rank, NULL AS source, count(*) AS turns, ${USAGE_SUMS} FROM turns
         WHERE (?1 IS NULL OR started_at >= ?1) AND (?2 IS NULL OR user_id = ?2)
         GROUP BY model
         UNION ALL
         SELECT json_extract(detail, '$.model') AS model, 1 AS rank, 'memory summaries' AS source, count(*) AS turns,
           ${usage("input_tokens")}, ${usage("output_tokens")}, ${usage("cache_creation_input_tokens")}, ${usage("cache_read_input_tokens")}
         FROM audit_log
         WHERE kind = 'memory_summary' AND (?1 IS NULL OR at >= ?1) AND (?2 IS NULL OR user_id = ?2)
         GROUP BY 1
         UNION ALL
         SELECT model, 2 AS rank, purpose AS source, sum(calls) AS turns, ${USAGE_SUMS} FROM model_calls
         WHERE (?1 IS NULL OR at >= ?1) AND (?2 IS NULL OR user_id = ?2)
         GROUP BY model, purpose
         ORDER BY model, rank, source`,
        opts.since !== undefined ? isoOf(opts.since) : null,
        opts.userId ?? null,
      )
      .map((r) => ({ model: r.model ?? "unknown", ...toTotals(r), ...(r.source ? { source: r.source as UsageSource } : {}) }));
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

  /**
   * Token usage per day (UTC), user and model, newest day first (the web usage page); an import's
   * classification calls are rows of their own (`source`), the command line's with no user.
   */
  daily(opts: { since?: Date | string; userId?: string } = {}): DailyUsage[] {
    return this.s
      .many(
        `SELECT day, user_id, user_name, model, source, turns, input_tokens, output_tokens, cache_creation_input_tokens, cache_read_input_tokens FROM (
           SELECT substr(t.started_at, 1, 10) AS day, t.user_id, coalesce(u.name, t.user_id) AS user_name, t.model, NULL AS source, count(*) AS turns,
             ${USAGE_SUMS.replace(/sum\(/g, "sum(t.")}
           FROM turns t LEFT JOIN users u ON u.id = t.user_id
           WHERE (?1 IS NULL OR t.started_at >= ?1) AND (?2 IS NULL OR t.user_id = ?2)
           GROUP BY day, t.user_id, t.model
           UNION ALL
           SELECT substr(m.at, 1, 10) AS day, m.user_id, coalesce(u.name, m.user_id, '') AS user_name, m.model, m.purpose AS source, sum(m.calls) AS turns,
             ${USAGE_SUMS.replace(/sum\(/g, "sum(m.")}
           FROM model_calls m LEFT JOIN users u ON u.id = m.user_id
           WHERE (?1 IS NULL OR m.at >= ?1) AND (?2 IS NULL OR m.user_id = ?2)
           GROUP BY day, m.user_id, m.model, m.purpose
         ) ORDER BY day DESC, user_name, model, source IS NOT NULL, source`,
        opts.since !== undefined ? isoOf(opts.since) : null,
        opts.userId ?? null,
      )
      .map((r) => ({ day: r.day, userId: r.user_id, userName: r.user_name, model: r.model, ...toTotals(r), ...(r.source ? { source: r.source as UsageSource } : {}) }));
  }
}

function toTotals(r: Row): UsageTotals {
  return { turns: r.turns, ...toUsage(r) };
}
