/**
 * Previews waiting for the user's "Import" (web): held in this process's memory, for
 * 30 minutes, for the user who made them. What they hold is bounded by size, not count
 * (SPEC §13.1): the statements' bytes together stay under a budget, the oldest preview
 * giving way to a new one; a preview let go (or past its time) says so when it is
 * committed ("this preview expired; drop the file again"), instead of "not found". A
 * restart forgets them; the user drops the file again (nothing was written yet).
 */
import { randomUUID } from "node:crypto";
import type { FilePlan } from "./importer.ts";

export const PENDING_IMPORT_TTL_MS = 30 * 60_000;
/** The statements' bytes all held previews may add up to: each holds its rows (≈ its file's size) until imported. */
export const PENDING_IMPORT_BYTES = 200 * 1024 * 1024;
/** Ids of previews let go that are still recognised as such (a bounded memory of them). */
const EXPIRED_REMEMBERED = 10_000;

type Entry = { plan: FilePlan; userId: string; expires: number; bytes: number };

export type PendingLookup = { plan: FilePlan } | { expired: true } | { unknown: true };

export class PendingImports {
  private readonly entries = new Map<string, Entry>();
  private readonly expired = new Set<string>();
  private held = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly budgetBytes = PENDING_IMPORT_BYTES,
  ) {}

  /** Bytes the held previews stand for. */
  get heldBytes(): number {
    return this.held;
  }

  add(plan: FilePlan, userId: string): string {
    this.prune();
    // At least one byte each, so that a budget also bounds the count of empty statements.
    const bytes = Math.max(1, plan.bytes);
    // The oldest give way until the new one fits (a single statement larger than the budget is still held alone).
    while (this.entries.size > 0 && this.held + bytes > this.budgetBytes) this.drop(this.entries.keys().next().value!);
    const id = randomUUID();
    this.entries.set(id, { plan, userId, expires: this.now() + PENDING_IMPORT_TTL_MS, bytes });
    this.held += bytes;
    return id;
  }

  /** The user's preview; or that it expired (let go, or past its time); or unknown (never made, or another user's). */
  lookup(id: string, userId: string): PendingLookup {
    this.prune();
    const e = this.entries.get(id);
    if (e && e.userId === userId) return { plan: e.plan };
    return this.expired.has(`${userId} ${id}`) ? { expired: true } : { unknown: true };
  }

  /** Take it out: a preview is imported at most once. */
  take(id: string, userId: string): PendingLookup {
    const found = this.lookup(id, userId);
    if ("plan" in found) {
      this.held -= this.entries.get(id)!.bytes;
      this.entries.delete(id);
    }
    return found;
  }

  private drop(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.entries.delete(id);
    this.held -= e.bytes;
    this.expired.add(`${e.userId} ${id}`);
    if (this.expired.size > EXPIRED_REMEMBERED) this.expired.delete(this.expired.values().next().value!);
  }

  private prune(): void {
    const t = this.now();
    for (const [id, e] of this.entries) if (e.expires <= t) this.drop(id);
  }
}
