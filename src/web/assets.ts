import htmx from "../../node_modules/htmx.org/dist/htmx.min.js" with { type: "file" };
import hxSse from "../../node_modules/htmx.org/dist/ext/hx-sse.min.js" with { type: "file" };
import frappe from "../../node_modules/frappe-charts/dist/frappe-charts.min.umd.js" with { type: "file" };
import figuresJs from "../../public/figures.js" with { type: "file" };
import pageJs from "../../public/page.js" with { type: "file" };
import appJs from "../../public/app.js" with { type: "file" };
import appCss from "../../public/app.css" with { type: "file" };
import figuresCss from "../../public/figures.css" with { type: "file" };
import pagesCss from "../../public/pages.css" with { type: "file" };
import { readFileSync } from "node:fs";

const JS = "text/javascript; charset=utf-8";
const CSS = "text/css; charset=utf-8";

import { gzipped } from "./asset-gzip.ts" with { type: "macro" };

/**
 * Every browser asset, embedded in the compiled binary (a real path under `bun run`,
 * a /$bunfs path in the binary). Served gzip-compressed with an immutable cache
 * lifetime; the URL carries a content hash so a new build never serves stale files.
 * Compressed at build time (asset-gzip.ts, a macro: its arguments must be literals);
 * the plain file is read only for a client that takes no gzip.
 */
const SOURCES: Record<string, { path: string; type: string; built: { gzip: string; etag: string } }> = {
  "htmx.min.js": { path: htmx, type: JS, built: gzipped("../../node_modules/htmx.org/dist/htmx.min.js") },
  "hx-sse.min.js": { path: hxSse, type: JS, built: gzipped("../../node_modules/htmx.org/dist/ext/hx-sse.min.js") },
  "frappe-charts.min.umd.js": { path: frappe, type: JS, built: gzipped("../../node_modules/frappe-charts/dist/frappe-charts.min.umd.js") },
  "figures.js": { path: figuresJs, type: JS, built: gzipped("../../public/figures.js") },
  "page.js": { path: pageJs, type: JS, built: gzipped("../../public/page.js") },
  "app.js": { path: appJs, type: JS, built: gzipped("../../public/app.js") },
  "app.css": { path: appCss, type: CSS, built: gzipped("../../public/app.css") },
  "figures.css": { path: figuresCss, type: CSS, built: gzipped("../../public/figures.css") },
  "pages.css": { path: pagesCss, type: CSS, built: gzipped("../../public/pages.css") },
};

export type Asset = { name: string; type: string; readonly body: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer>; etag: string };

let loaded: Map<string, Asset> | null = null;

export async function loadAssets(): Promise<Map<string, Asset>> {
  if (loaded) return loaded;
  const map = new Map<string, Asset>();
  for (const [name, { path, type, built }] of Object.entries(SOURCES)) {
    let body: Uint8Array<ArrayBuffer> | null = null;
    map.set(name, {
      name,
      type,
      get body() {
        return (body ??= new Uint8Array(readFileSync(path)));
      },
      gzip: new Uint8Array(Buffer.from(built.gzip, "base64")),
      etag: built.etag,
    });
  }
  loaded = map;
  return map;
}

/** `/assets/NAME?v=HASH`: a versioned URL for the page to reference. */
export function assetUrl(assets: Map<string, Asset>, name: string): string {
  const a = assets.get(name);
  if (!a) throw new Error(`unknown asset ${name}`);
  return `/assets/${name}?v=${a.etag.slice(1, -1)}`;
}

export function assetResponse(asset: Asset, acceptEncoding: string | null, ifNoneMatch: string | null): Response {
  const headers: Record<string, string> = {
    "content-type": asset.type,
    "cache-control": "public, max-age=31536000, immutable",
    etag: asset.etag,
    vary: "accept-encoding",
  };
  if (ifNoneMatch === asset.etag) return new Response(null, { status: 304, headers });
  if (acceptEncoding && /\bgzip\b/.test(acceptEncoding)) {
    return new Response(asset.gzip, { headers: { ...headers, "content-encoding": "gzip" } });
  }
  return new Response(asset.body, { headers });
}
