/**
 * The user's saved CSV layouts, by name (the Import page's "Save layout as …", `import
 * --save-mapping NAME`; used by name with `--mapping NAME`, and for any CSV with the same header
 * on its own). Stored as given (JSON): a layout in the shape of a bank's (src/import/user-layouts.ts
 * reads it), or, saved before round 4, the command line's column flags.
 */
import { json, type StoreDb } from "./db.ts";

export class CsvMappings {
  constructor(private readonly s: StoreDb) {}

  save(name: string, mapping: Record<string, unknown>, by: string): void {
    this.s.exec(
      `INSERT INTO csv_mappings (name, mapping, updated_at, updated_by) VALUES (?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET mapping = excluded.mapping, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
      name,
      json(mapping),
      this.s.iso(),
      by,
    );
  }

  get(name: string): Record<string, unknown> | null {
    const r = this.s.one("SELECT mapping FROM csv_mappings WHERE name = ?", name);
    return r ? (JSON.parse(r.mapping) as Record<string, unknown>) : null;
  }

  names(): string[] {
    return this.s.many("SELECT name FROM csv_mappings ORDER BY name").map((r) => r.name as string);
  }

  /** Every saved one, the most recently saved first (the first whose header fits a file is the one used). */
  all(): { name: string; mapping: Record<string, unknown> }[] {
    return this.s.many("SELECT name, mapping FROM csv_mappings ORDER BY updated_at DESC, name").map((r) => ({ name: r.name as string, mapping: JSON.parse(r.mapping) as Record<string, unknown> }));
  }
}
