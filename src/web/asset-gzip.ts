/**
 * Run at build time (imported `with { type: "macro" }` by assets.ts: `bun build` and Bun's own
 * transpiler call it and put its result into the code): an asset's gzip (level 9, as base64)
 * and its ETag, so a start decodes them instead of compressing every asset again.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** `rel`: the asset's path relative to this file. */
export function gzipped(rel: string): { gzip: string; etag: string } {
  const body = readFileSync(join(import.meta.dir, rel));
  return { gzip: Buffer.from(Bun.gzipSync(body, { level: 9 })).toString("base64"), etag: `"${Bun.hash(body).toString(36)}"` };
}
