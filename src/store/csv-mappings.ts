/**
 * CSV column mappings saved by name (`import --save-mapping NAME`, reused with
 * `--mapping NAME`): for a bank whose export the import cannot read on its own.
 * The mapping is stored as given (JSON); the import validates it when it uses it.
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
}
