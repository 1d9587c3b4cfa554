/**
 * Previews waiting for the user's "Import" (web): held in this process's memory, for
 * 30 minutes, for the user who made them. A restart forgets them; the user uploads the
 * file again (the preview is cheap to make again, and nothing was written yet).
 */
import { randomUUID } from "node:crypto";
import type { FilePlan } from "./importer.ts";

export const PENDING_IMPORT_TTL_MS = 30 * 60_000;
/** At most this many previews wait at once (each holds a whole statement, up to 50 MB of it). */
const MAX_PENDING = 10;

type Entry = { plan: FilePlan; userId: string; expires: number };

export class PendingImports {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  add(plan: FilePlan, userId: string): string {
    this.prune();
    // The oldest gives way when too many wait: memory stays bounded.
    while (this.entries.size >= MAX_PENDING) this.entries.delete(this.entries.keys().next().value!);
    const id = randomUUID();
    this.entries.set(id, { plan, userId, expires: this.now() + PENDING_IMPORT_TTL_MS });
    return id;
  }

  /** The user's preview, or null (unknown, expired, or another user's). */
  get(id: string, userId: string): FilePlan | null {
    this.prune();
    const e = this.entries.get(id);
    return e && e.userId === userId ? e.plan : null;
  }

  /** Take it out: a preview is imported at most once. */
  take(id: string, userId: string): FilePlan | null {
    const plan = this.get(id, userId);
    if (plan) this.entries.delete(id);
    return plan;
  }

  private prune(): void {
    const t = this.now();
    for (const [id, e] of this.entries) if (e.expires <= t) this.entries.delete(id);
  }
}
