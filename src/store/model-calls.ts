/**
 * Model calls made outside an answer (SPEC §10.1: "classification tokens and cost are counted in
 * usage as 'import classification'"): what an import's classification of its new merchants cost,
 * from the page or the command line, and `budget-chat classify`; the check of the classification
 * against the hand-set rows and classifying unsure rows again (SPEC §14). The usage report (usage-report.ts)
 * adds them up beside the answers' turns.
 */
import type { Usage } from "../core/events.ts";
import { json, type StoreDb } from "./db.ts";

/** What the calls were for, as the usage page and `budget-chat usage` name them. */
export const MODEL_CALL_PURPOSES = ["import classification", "classification check", "unsure rows again"] as const;
export type ModelCallPurpose = (typeof MODEL_CALL_PURPOSES)[number];

export type ModelCallRecord = {
  /** Who asked (null: the command line on this machine). */
  userId: string | null;
  purpose: ModelCallPurpose;
  model: string;
  /** Requests made. */
  calls: number;
  usage: Usage;
  /** What they were about (the file, the merchants asked about). */
  detail: Record<string, unknown>;
};

export class ModelCalls {
  constructor(private readonly s: StoreDb) {}

  add(r: ModelCallRecord): void {
    this.s.exec(
      `INSERT INTO model_calls (at, user_id, purpose, model, calls, input_tokens, output_tokens, cache_creation_input_tokens, cache_read_input_tokens, detail)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      this.s.iso(),
      r.userId,
      r.purpose,
      r.model,
      r.calls,
      r.usage.input_tokens,
      r.usage.output_tokens,
      r.usage.cache_creation_input_tokens,
      r.usage.cache_read_input_tokens,
      json(r.detail),
    );
  }
}
