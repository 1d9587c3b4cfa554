/**
 * Issue 25 item 6: every route of the web app (enumerated from the Hono app itself, so a
 * new route is fuzzed without touching this file) × malformed bodies (broken multipart,
 * broken and wrong-shaped JSON, wrong and missing content types, binary), odd methods,
 * and a huge header: not one response with a status ≥ 500.
 *
 * Path parameters are filled with both an unknown id and a real one (a finished turn, its
 * conversation, an approval), so the handlers behind the 404s are reached too.
 */
import { beforeAll, expect, test } from "bun:test";
import { apiChat, browserHeaders, recategoriseScript, startTrustHarness } from "../trust/support.ts";
import { webSuite } from "../support/web-harness.ts";
import { waitFor } from "../support/wait.ts";

let real: { conversation: string; turn: string; approval: string };
const h = webSuite(() => startTrustHarness());
beforeAll(async () => {
  // A finished turn with a chart and a table, and an approval that was asked for (then expired by the stop below).
  h.fake.enqueue(...recategoriseScript({ search: "Starbucks", year: 2025, to_category: "groceries" }));
  const stream = await apiChat(h, "move Starbucks");
  const { id } = await stream.waitFor("approval_request");
  const approval = h.store.approvals.get("local", id)!;
  await fetch(`${h.url}/turns/${approval.turnId}/stop`, { method: "POST", headers: browserHeaders(h) });
  await stream.ended;
  real = { conversation: approval.conversationId, turn: approval.turnId, approval: id };
});

const BOUNDARY = "----fuzz";
const bodies: { name: string; type: string | null; body: BodyInit | null }[] = [
  { name: "broken multipart", type: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="message"\r\n\r\nunterminated` },
  { name: "multipart without boundary", type: "multipart/form-data", body: "--\r\n\r\n" },
  { name: "multipart, wrong boundary", type: `multipart/form-data; boundary=${BOUNDARY}`, body: "--other\r\n\r\nx\r\n--other--\r\n" },
  { name: "broken JSON", type: "application/json", body: '{"message": "hi", ' },
  { name: "JSON of the wrong shape", type: "application/json", body: '[1, {"decision": null}, "x"]' },
  { name: "JSON null", type: "application/json", body: "null" },
  { name: "urlencoded garbage", type: "application/x-www-form-urlencoded", body: "%E0%A4%A=&&==%ZZ&message" },
  { name: "wrong content type", type: "text/xml", body: "<message>hi</message>" },
  { name: "no content type", type: null, body: "message=hi" },
  { name: "binary", type: "application/octet-stream", body: new Uint8Array([0, 255, 254, 0, 1, 2, 3]) },
  { name: "empty", type: "application/json", body: "" },
];
const ODD_METHODS = ["PATCH", "OPTIONS", "HEAD", "PROPFIND"];

function concrete(path: string, which: "unknown" | "real"): string {
  return path
    .replace(/:file\{[^}]*\}/, "0.csv")
    .replace(/:n\{[^}]*\}/, "0")
    .replace(/:name/, which === "real" ? "app.js" : "nope.js")
    .replace(/:category/, which === "real" ? "Groceries" : "No%20such")
    .replace(/\/approvals\/:id/, `/approvals/${which === "real" ? real.approval : "00000000-0000-4000-8000-000000000000"}`)
    .replace(/\/turns\/:id/, `/turns/${which === "real" ? real.turn : "00000000-0000-4000-8000-000000000001"}`)
    .replace(/:id/, which === "real" ? real.conversation : "00000000-0000-4000-8000-000000000002")
    .replace(/\/\*$/, "/fuzz");
}

test("every route × malformed bodies, odd methods and a huge header: no 5xx", async () => {
  const routes = new Map<string, string>();
  for (const r of h.web.routes) routes.set(`${r.method} ${r.path}`, r.method);
  const targets = new Set<string>();
  for (const key of routes.keys()) {
    const [method, path] = key.split(" ") as [string, string];
    for (const which of ["unknown", "real"] as const) targets.add(`${method === "ALL" ? "POST" : method} ${concrete(path, which)}`);
  }
  expect(targets.size).toBeGreaterThan(60);

  const failures: string[] = [];
  let sent = 0;
  const send = async (method: string, path: string, init: { type?: string | null; body?: BodyInit | null; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...browserHeaders(h), ...init.headers };
    if (init.type) headers["content-type"] = init.type;
    const canHaveBody = !["GET", "HEAD"].includes(method);
    const res = await fetch(`${h.url}${path}`, { method, headers, body: canHaveBody ? (init.body ?? null) : null, signal: AbortSignal.timeout(5000) });
    sent++;
    // Streams (a finished turn's replay) end by themselves; read every body so nothing is left open.
    await res.arrayBuffer().catch(() => undefined);
    if (res.status >= 500) failures.push(`${method} ${path} (${init.type ?? "no type"}): ${res.status}`);
  };

  for (const target of targets) {
    const [method, path] = target.split(" ") as [string, string];
    if (method === "GET") await send("GET", path);
    else for (const b of bodies) await send(method, path, b);
    for (const odd of ODD_METHODS) await send(odd, path, bodies[0]);
    await send(method, path, { headers: { "x-fuzz": "a".repeat(12_000) }, ...(method === "GET" ? {} : bodies[3]) });
  }
  // Everything that started an answer has finished before the harness closes.
  await waitFor(() => h.chat.runningCount("local") === 0, { what: "the answers started to finish" });
  expect(sent).toBeGreaterThan(500);
  expect(failures).toEqual([]);
}, 30_000);
