/**
 * Previews waiting for the user's "Import" (web): held in this process's memory, for 30 minutes,
 * for the user who made them. A held preview keeps its statement's text (in the parse worker, which
 * reads the rows again from it for a re-preview or the commit) and what the preview said, with one
 * status byte per row — not the rows: so what previews hold is about their files' size, and bounded by it (SPEC §13.1):
 * the files' bytes together stay under a budget, the oldest preview giving way to a new one. A
 * preview let go (or past its time) says so when it is used ("this preview expired; drop the file
 * again"), instead of "not found". A restart forgets them; nothing was written yet.
 *
 * A preview has a version, one more at every re-preview (a field changed: account, signs, the
 * columns' roles). An import names the version it was shown (and the settings on the page), and is
 * refused while a re-preview runs or when the version moved on: it never imports old settings
 * (SPEC §10.1: "a commit always uses what the page shows").
 */
import { randomUUID } from "node:crypto";
import { ChangeRefused } from "../core/errors.ts";
import type { FileSettings } from "./mapping.ts";
import type { FallbackCurrency } from "./formats/index.ts";

import type { StatementPreview } from "./preview.ts";
import type { CsvMappingView } from "./user-layouts.ts";

export const PENDING_IMPORT_TTL_MS = 30 * 60_000;
/** The statements' bytes all held previews may add up to. */
export const PENDING_IMPORT_BYTES = 200 * 1024 * 1024;
/** Ids of previews let go that are still recognised as such (a bounded memory of them). */
const EXPIRED_REMEMBERED = 10_000;


/** What a preview came to: the preview itself, or the problem with the file (its columns must be named, or it cannot be read). */
export type PreviewOutcome =
  | { preview: StatementPreview; mapping: CsvMappingView | null }
  | { problem: string; needsColumns: boolean; mapping: CsvMappingView | null; signs?: true };

export type HeldImport = {
  /** The statement: its name, its id in the parse worker (which holds its text), its size in bytes. */
  file: { name: string; id: string; size: number };
  settings: FileSettings;
  outcome: PreviewOutcome;
  version: number;
  /**
   * The columns' roles are the page's proposal for a CSV nothing recognised (the command line and the API refuse such
   * a file until its columns are named): previewed, but imported only once the user has confirmed or chosen them.
   */
  columnsGuessed?: true;
  /**
   * Why the signs of that proposal are in doubt (the command line's refusal in the page's words: amounts nearly all
   * positive, nothing to tell card purchases from money coming in): said beside "Flip signs" while the columns are a
   * guess; ticking "Flip signs" or confirming the columns as they are (the signs as written) answers it.
   */
  signsInDoubt?: string;
  /** Why the columns are a guess, when a saved layout's are (its header's names in another order, or with more): said above the confirmation. */
  guessedWhy?: string;
  /** The currency it takes if it names none, decided once for the files dropped with it (Importer.assumedCurrency). */
  assumedCurrency?: FallbackCurrency;
};

type Entry = HeldImport & { userId: string; expires: number; size: number; busy: null | "previewing" | "importing" };

export type PendingLookup = { held: HeldImport } | { expired: true } | { imported: true } | { unknown: true };

export const EXPIRED_MESSAGE = "This preview expired; drop the file again.";
/** A preview this server does not know: held by a server before a restart (previews live in memory), most likely. */
export const GONE_MESSAGE = "This preview expired (the server was restarted since it was made, say); drop the file again to preview it.";
export const IMPORTED_MESSAGE = "This preview was imported already (see Past imports); drop the file again to preview it anew.";
export const CHANGED_MESSAGE = "The preview changed; check it and import again.";

/** Two settings alike, whatever the order of their fields (settingsFromFields leaves out what is not set). */
export function sameSettings(a: FileSettings, b: FileSettings): boolean {
  const canon = (v: unknown): unknown =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.keys(v)
          .sort()
          .map((k) => [k, canon((v as Record<string, unknown>)[k])])
      : v;
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}

/** Memory a held preview stands for: its file, a byte per row, and the rows it shows. */
function sizeOf(h: HeldImport): number {
  const p = "preview" in h.outcome ? h.outcome.preview : null;
  // At least one byte, so that the budget also bounds the count of empty statements.
  return Math.max(1, h.file.size + (p ? p.status.length + p.rows.length * 300 : 0));
}

export class PendingImports {
  private readonly entries = new Map<string, Entry>();
  private readonly expired = new Set<string>();
  /** The previews imported (user and id), the latest EXPIRED_REMEMBERED of them: a second import of one says so. */
  private readonly imported = new Set<string>();
  private held = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly budgetBytes = PENDING_IMPORT_BYTES,
    /** What else lets a preview's file go when the preview goes (the parse worker's text of it). */
    private readonly release: (h: HeldImport) => void = () => {},
  ) {}

  /** Bytes the held previews stand for. */
  get heldBytes(): number {
    return this.held;
  }

  add(h: HeldImport, userId: string): string {
    this.prune();
    const size = sizeOf(h);
    this.makeRoom(size);
    const id = randomUUID();
    this.entries.set(id, { ...h, userId, expires: this.now() + PENDING_IMPORT_TTL_MS, size, busy: null });
    this.held += size;
    return id;
  }

  /** The user's preview; or that it expired (let go, or past its time) or was imported; or unknown (held before a restart, never made, or another user's). */
  lookup(id: string, userId: string): PendingLookup {
    this.prune();
    const e = this.entries.get(id);
    if (e && e.userId === userId) return { held: e };
    const key = `${userId} ${id}`;
    return this.expired.has(key) ? { expired: true } : this.imported.has(key) ? { imported: true } : { unknown: true };
  }

  /** The user's preview, or the refusal that says why there is none. */
  get(id: string, userId: string): HeldImport {
    const found = this.lookup(id, userId);
    if ("expired" in found) throw new ChangeRefused("expired", EXPIRED_MESSAGE);
    if ("imported" in found) throw new ChangeRefused("not_found", IMPORTED_MESSAGE);
    if ("unknown" in found) throw new ChangeRefused("not_found", GONE_MESSAGE);
    return found.held;
  }

  /**
   * A re-preview of a held file with other settings: `work` makes the new outcome while the preview is
   * marked busy (an import meanwhile is refused); the version moves on even when the work fails (the page
   * shows the new problem, not the old preview).
   */
  async repreview(id: string, userId: string, settings: FileSettings, work: (h: HeldImport) => Promise<PreviewOutcome>): Promise<{ id: string; held: HeldImport }> {
    const e = this.entry(id, userId);
    if (e.busy === "importing") throw new ChangeRefused("conflict", "This statement is being imported.");
    e.busy = "previewing";
    const version = ++e.version;
    let outcome: PreviewOutcome;
    try {
      outcome = await work(e);
    } catch (err) {
      if (e.version === version) e.busy = null;
      throw err;
    }
    // A later re-preview of the same file won the race: its outcome stands.
    if (e.version !== version) return { id, held: e };
    e.busy = null;
    e.settings = settings;
    e.outcome = outcome;
    e.expires = this.now() + PENDING_IMPORT_TTL_MS;
    this.held -= e.size;
    e.size = sizeOf(e);
    this.held += e.size;
    return { id, held: e };
  }

  /**
   * An import of a held preview, if it is the one the page showed: the same version (when named) and the same
   * settings (when named), no re-preview running. `work` runs with the preview marked busy; done, the preview
   * is gone (imported once); failed, it stays for another try.
   */
  async commit<R>(id: string, userId: string, shown: { version?: number; settings?: FileSettings }, work: (h: HeldImport) => Promise<R>): Promise<R> {
    const e = this.entry(id, userId);
    if (e.busy === "importing") throw new ChangeRefused("conflict", "This statement is being imported already.");
    const changed = e.busy === "previewing" || (shown.version !== undefined && shown.version !== e.version) || (shown.settings !== undefined && !sameSettings(shown.settings, e.settings));
    if (changed) throw new ChangeRefused("conflict", CHANGED_MESSAGE);
    e.busy = "importing";
    try {
      const r = await work(e);
      this.remove(id);
      remember(this.imported, `${userId} ${id}`);
      return r;
    } finally {
      e.busy = null;
    }
  }

  private entry(id: string, userId: string): Entry {
    this.get(id, userId);
    return this.entries.get(id)!;
  }

  private makeRoom(size: number): void {
    // The oldest give way until the new one fits (a single statement larger than the budget is still held alone);
    // a preview being imported is not let go under its import.
    for (const [id, e] of this.entries) {
      if (this.held + size <= this.budgetBytes) return;
      if (e.busy !== "importing") this.drop(id);
    }
  }

  private remove(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.entries.delete(id);
    this.held -= e.size;
    this.release(e);
  }

  private drop(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.remove(id);
    remember(this.expired, `${e.userId} ${id}`);
  }

  private prune(): void {
    const t = this.now();
    for (const [id, e] of this.entries) if (e.expires <= t && e.busy === null) this.drop(id);
  }
}

/** Add a preview's key to a set of the latest EXPIRED_REMEMBERED, the oldest forgotten. */
function remember(keys: Set<string>, key: string): void {
  keys.add(key);
  if (keys.size > EXPIRED_REMEMBERED) keys.delete(keys.values().next().value!);
}
