import htmx from "../../node_modules/htmx.org/dist/htmx.min.js" with { type: "file" };
import hxSse from "../../node_modules/htmx.org/dist/ext/hx-sse.min.js" with { type: "file" };
import frappe from "../../node_modules/frappe-charts/dist/frappe-charts.min.umd.js" with { type: "file" };
import figuresJs from "../../public/figures.js" with { type: "file" };
import pageJs from "../../public/page.js" with { type: "file" };
import appJs from "../../public/app.js" with { type: "file" };
import appCss from "../../public/app.css" with { type: "file" };
import figuresCss from "../../public/figures.css" with { type: "file" };
import pagesCss from "../../public/pages.css" with { type: "file" };

/**
 * Every browser asset, embedded in the compiled binary (a real path under `bun run`,
 * a /$bunfs path in the binary). Served gzip-compressed with an immutable cache
 * lifetime; the URL carries a content hash so a new build never serves stale files.
 */
const SOURCES: Record<string, { path: string; type: string }> = {
  "htmx.min.js": { path: htmx, type: "text/javascript; charset=utf-8" },
  "hx-sse.min.js": { path: hxSse, type: "text/javascript; charset=utf-8" },
  "frappe-charts.min.umd.js": { path: frappe, type: "text/javascript; charset=utf-8" },
  "figures.js": { path: figuresJs, type: "text/javascript; charset=utf-8" },
  "page.js": { path: pageJs, type: "text/javascript; charset=utf-8" },
  "app.js": { path: appJs, type: "text/javascript; charset=utf-8" },
  "app.css": { path: appCss, type: "text/css; charset=utf-8" },
  "figures.css": { path: figuresCss, type: "text/css; charset=utf-8" },
  "pages.css": { path: pagesCss, type: "text/css; charset=utf-8" },
};

export type Asset = { name: string; type: string; body: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer>; etag: string };

let loaded: Map<string, Asset> | null = null;

export async function loadAssets(): Promise<Map<string, Asset>> {
  if (loaded) return loaded;
  const map = new Map<string, Asset>();
  for (const [name, { path, type }] of Object.entries(SOURCES)) {
    const body = new Uint8Array(await Bun.file(path).arrayBuffer());
    const etag = `"${Bun.hash(body).toString(36)}"`;
    map.set(name, { name, type, body, gzip: Bun.gzipSync(body, { level: 9 }) as Uint8Array<ArrayBuffer>, etag });
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
