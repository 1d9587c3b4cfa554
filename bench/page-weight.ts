/**
 * 5. Page weight: bytes on the wire for the first chat page (GET /) and every asset it
 * references, fetched the way a browser does (Accept-Encoding: gzip, deflate, br).
 *
 * Each resource is read over a raw HTTP/1.1 connection and every byte received is
 * counted (status line, headers and body as sent, compressed or not). Baseline: the
 * same resources uncompressed (identity), to show what compression saves.
 * Target: ≤ 100 KB (100,000 bytes) compressed in total.
 */
import { connect } from "node:net";
import { startWebHarness } from "../test/support/web-harness.ts";
import { bytes, type Check, emit, int, timer } from "./lib.ts";

const elapsed = timer();
const LIMIT = 100_000;
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

type Wire = { status: number; wire: number; body: number; encoding: string; text: string; type: string };

/** GET over a fresh connection; counts every byte the server sends. */
function rawGet(base: string, path: string, acceptEncoding: string): Promise<Wire> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sock = connect(Number(u.port), u.hostname, () => {
      sock.write(
        `GET ${path} HTTP/1.1\r\nHost: ${u.host}\r\nUser-Agent: Mozilla/5.0 (bench)\r\nAccept: */*\r\n` +
          `Accept-Encoding: ${acceptEncoding}\r\nConnection: close\r\n\r\n`,
      );
    });
    sock.on("data", (d: Buffer) => chunks.push(d));
    sock.on("error", reject);
    sock.on("close", () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      const head = all.subarray(0, split).toString("latin1");
      let body: Buffer<ArrayBufferLike> = all.subarray(split + 4);
      const bodyBytes = () => new Uint8Array(body);
      const headers = new Map(
        head
          .split("\r\n")
          .slice(1)
          .map((l) => [l.slice(0, l.indexOf(":")).trim().toLowerCase(), l.slice(l.indexOf(":") + 1).trim()] as [string, string]),
      );
      if (headers.get("transfer-encoding") === "chunked") body = dechunk(body);
      const encoding = headers.get("content-encoding") ?? "identity";
      let decoded: Uint8Array = body;
      if (encoding === "gzip") decoded = Bun.gunzipSync(bodyBytes());
      else if (encoding === "deflate") decoded = Bun.inflateSync(bodyBytes());
      else if (encoding === "br") decoded = require("node:zlib").brotliDecompressSync(body);
      else if (encoding === "zstd") decoded = Bun.zstdDecompressSync(bodyBytes());
      resolve({
        status: Number(head.split(" ")[1]),
        wire: all.length,
        body: body.length,
        encoding,
        text: new TextDecoder().decode(decoded),
        type: headers.get("content-type") ?? "",
      });
    });
  });
}

function dechunk(b: Buffer<ArrayBufferLike>): Buffer<ArrayBufferLike> {
  const out: Buffer[] = [];
  let i = 0;
  while (i < b.length) {
    const nl = b.indexOf("\r\n", i);
    const size = parseInt(b.subarray(i, nl).toString("latin1"), 16);
    if (!size) break;
    out.push(b.subarray(nl + 2, nl + 2 + size));
    i = nl + 2 + size + 2;
  }
  return Buffer.concat(out);
}

/** Same-origin resources a browser loads for the page: scripts, stylesheets, icons, images, and url() in CSS. */
function referenced(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<(?:script|img)\b[^>]*\bsrc="([^"]+)"/g)) out.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = m[0].match(/\brel="([^"]+)"/)?.[1] ?? "";
    const href = m[0].match(/\bhref="([^"]+)"/)?.[1];
    if (href && /stylesheet|icon|preload|modulepreload|manifest/.test(rel)) out.add(href);
  }
  return [...out].map((u) => u.replace(/&amp;/g, "&")).filter((u) => u.startsWith("/") && !u.startsWith("//"));
}

const h = await startWebHarness();
try {
  const page = await rawGet(h.url, "/", BROWSER_ENCODINGS);
  if (page.status !== 200) throw new Error(`GET / answered ${page.status}`);
  const paths = ["/", ...referenced(page.text)];
  // CSS may pull more (fonts, images).
  for (const p of [...paths]) {
    if (!/\.css(\?|$)/.test(p)) continue;
    const css = await rawGet(h.url, p, BROWSER_ENCODINGS);
    for (const m of css.text.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) if (m[1]!.startsWith("/")) paths.push(m[1]!);
  }
  // A browser also asks for /favicon.ico unless the page names an icon.
  if (!/rel="[^"]*icon/.test(page.text)) paths.push("/favicon.ico");

  const rows: string[][] = [];
  let total = 0;
  let totalIdentity = 0;
  const problems: string[] = [];
  for (const p of paths) {
    const c = p === "/" ? page : await rawGet(h.url, p, BROWSER_ENCODINGS);
    const id = await rawGet(h.url, p, "identity");
    total += c.wire;
    totalIdentity += id.wire;
    if (c.status >= 400 && p !== "/favicon.ico") problems.push(`${p} → ${c.status}`);
    const compressible = /text|javascript|json|svg|xml/.test(c.type);
    rows.push([
      p.replace(/\?v=.*/, ""),
      String(c.status),
      c.encoding,
      int(c.wire),
      int(id.wire),
      c.wire < id.wire ? `${((1 - c.wire / id.wire) * 100).toFixed(0)}%` : compressible && c.body > 1000 ? "not compressed" : "—",
    ]);
  }
  rows.push(["total", "", "", int(total), int(totalIdentity), `${((1 - total / totalIdentity) * 100).toFixed(0)}%`]);

  const uncompressedHtml = rows[0]![2] === "identity" && page.body > 1000;
  const checks: Check[] = [
    {
      name: "first chat page with all assets, on the wire (compressed)",
      target: "≤ 100 KB",
      value: `${bytes(total)} (${int(total)} bytes)`,
      ok: total <= LIMIT && problems.length === 0,
      why: total > LIMIT ? "the embedded scripts are the bulk; see the table" : problems.length ? problems.join(", ") : undefined,
    },
  ];
  const notes: string[] = [];
  if (uncompressedHtml) notes.push(`the HTML page itself is sent uncompressed (${int(page.body)} bytes); only /assets/* are gzipped`);
  emit({
    id: "page-weight",
    title: "5. Page weight (first chat page + every asset it loads, bytes on the wire incl. headers)",
    method: [
      `ours: GET each resource with Accept-Encoding: ${BROWSER_ENCODINGS}, as a browser on a cold cache`,
      "baseline: the same resources with Accept-Encoding: identity (no compression)",
      "bytes counted on a raw HTTP/1.1 connection: status line + headers + body as sent",
    ],
    columns: ["resource", "status", "encoding", "wire bytes", "identity bytes", "saved"],
    rows,
    checks,
    notes,
    seconds: elapsed(),
  });
} finally {
  await h.close();
}
