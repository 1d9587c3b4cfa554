/**
 * The server while a large statement is previewed (SPEC §13.1, issue 29 items 2 and 3): the web
 * app in its own process (serve-for-bench.ts), a 49 MB statement uploaded to POST /api/imports
 * (the body read straight into shared memory, the preview made whole in the parse worker, which
 * keeps the file's text; the server's thread holds a status byte per row and the first rows),
 * while this process asks GET /healthz every 10 ms. Side by side: the same /healthz with nothing
 * running. And the server's memory: its peak during the preview over its resident size before
 * (target ≤ 3× the file + 100 MB), and what the held preview keeps.
 *
 *   node_modules/.bin/bun bench/import-responsive.ts [--mb N] [--format csv|camt]
 */
import { readFileSync } from "node:fs";
import { startFakeAnthropic } from "../test/support/fake-anthropic.ts";
import { CLASSIFY_TOOL } from "../src/import/classify.ts";
import { emit, startServer, stats, timer } from "./lib.ts";

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const MB = Number(arg("--mb", "49"));
const FORMAT = arg("--format", "csv");
const elapsed = timer();

const MERCHANTS = ["Migros Zürich", "Coop Bern", "SBB CFF FFS", "Denner", "Restaurant Hiltl", "Digitec Galaxus", "Swisscom", "Apotheke Bahnhof"];
const day = (i: number) => new Date(Date.UTC(2020, 0, 1) + (i % 1500) * 86_400_000).toISOString().slice(0, 10);

function statement(targetBytes: number): Uint8Array {
  const parts: string[] = [];
  let size = 0;
  if (FORMAT === "camt") {
    parts.push(`<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Acct><Id><IBAN>CH4431999123000889012</IBAN></Id></Acct>\n`);
    for (let i = 0; size < targetBytes - 200; i++) {
      const e = `<Ntry><Amt Ccy="CHF">${(((i * 7919) % 100_000) / 100 + 0.05).toFixed(2)}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day(i)}</Dt></BookgDt><AcctSvcrRef>R${i}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Cdtr><Pty><Nm>${MERCHANTS[i % 8]}</Nm></Pty></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry>\n`;
      parts.push(e);
      size += e.length;
    }
    parts.push("</Stmt></BkToCstmrStmt></Document>\n");
  } else {
    // A bank's export as people get it (~110 bytes a row): booking and value date, the other party, the purpose, the amount, the balance.
    parts.push("Buchungsdatum;Valuta;Auftraggeber/Empfänger;Verwendungszweck;Betrag;Saldo;Währung\n");
    let balance = 10_000_000;
    for (let i = 0; size < targetBytes; i++) {
      const cents = -(((i * 7919) % 100_000) + 5);
      balance += cents;
      const l = `${day(i)};${day(i)};${MERCHANTS[i % 8]} AG;Rechnung ${100_000 + (i % 9973)} Kartenzahlung;${(cents / 100).toFixed(2)};${(balance / 100).toFixed(2)};CHF\n`;
      parts.push(l);
      size += l.length;
    }
  }
  return new TextEncoder().encode(parts.join(""));
}

const procStatus = (pid: number) => readFileSync(`/proc/${pid}/status`, "utf8");
const kb = (status: string, key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;

async function pollHealth(url: string, until: () => boolean): Promise<number[]> {
  const out: number[] = [];
  while (!until()) {
    const t = performance.now();
    const res = await fetch(`${url}/healthz`);
    await res.text();
    out.push(performance.now() - t);
    await Bun.sleep(10);
  }
  return out;
}

const fake = await startFakeAnthropic();
fake.setHandler((body) => {
  const items = JSON.parse(String(body.messages![0].content).split("\n")[1]!) as { id: string }[];
  return { kind: "message", content: [{ type: "tool_use", name: CLASSIFY_TOOL, input: { results: items.map((it) => ({ id: it.id, merchant_name: `M${it.id}`, category: "Groceries", confidence: 0.9 })) } }] };
});
const server = await startServer(fake.url);
try {
  const bytes = statement(MB * 1024 * 1024);
  // Idle: /healthz with nothing else running (the baseline).
  let idleDone = false;
  setTimeout(() => (idleDone = true), 2000);
  const idle = await pollHealth(server.url, () => idleDone);
  await fetch(`${server.control}/gc`);
  const before = procStatus(server.pid);
  const rssBefore = kb(before, "VmRSS");
  const hwmBefore = kb(before, "VmHWM");

  let done = false;
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], `big.${FORMAT === "camt" ? "xml" : "csv"}`));
  const t0 = performance.now();
  const upload = fetch(`${server.url}/api/imports`, { method: "POST", body: form }).then(async (r) => {
    const body = await r.json();
    done = true;
    return { status: r.status, body, ms: performance.now() - t0 };
  });
  const busy = await pollHealth(server.url, () => done);
  const result = await upload;
  if (result.status !== 200) throw new Error(`preview failed: ${result.status} ${JSON.stringify(result.body).slice(0, 300)}`);
  const after = procStatus(server.pid);
  const peakGrowth = kb(after, "VmHWM") - Math.max(hwmBefore, rssBefore);
  const peakOverBefore = kb(after, "VmHWM") - rssBefore;
  await fetch(`${server.control}/gc`);
  const held = kb(procStatus(server.pid), "VmRSS") - rssBefore;
  const heap = (await (await fetch(`${server.control}/gc`)).json()) as { heapUsed: number };
  const fileMb = bytes.length / 1024 / 1024;
  const limit = 3 * fileMb + 100;
  const i = stats(idle);
  const b = stats(busy);
  emit({
    id: "import-responsive",
    title: `/healthz and memory while a ${fileMb.toFixed(0)} MB ${FORMAT} statement is previewed`,
    method: [
      "the web app in its own process; POST /api/imports of the file (body into shared memory, the whole preview in the parse worker) while this process GETs /healthz every 10 ms",
      "baseline: the same /healthz polling for 2 s with nothing running",
      "memory: the server's VmHWM after the preview over its VmRSS before it (after a full GC); held: VmRSS after a full GC with the preview held, over VmRSS before",
    ],
    columns: ["", "requests", "p50", "p99", "max"],
    rows: [
      ["/healthz, idle", String(i.n), `${i.p50.toFixed(1)} ms`, `${i.p99.toFixed(1)} ms`, `${i.max.toFixed(1)} ms`],
      ["/healthz, during the preview", String(b.n), `${b.p50.toFixed(1)} ms`, `${b.p99.toFixed(1)} ms`, `${b.max.toFixed(1)} ms`],
    ],
    checks: [
      { name: "/healthz during a 50 MB preview (max)", target: "≤ 100 ms", value: `${b.max.toFixed(1)} ms`, ok: b.max <= 100 },
      { name: "memory per preview (peak over before)", target: `≤ 3× file + 100 MB = ${limit.toFixed(0)} MB`, value: `${peakOverBefore.toFixed(0)} MB`, ok: peakOverBefore <= limit },
    ],
    notes: [
      `the preview took ${(result.ms / 1000).toFixed(1)} s: ${result.body.rows} rows, ${result.body.new} new`,
      `held after a full GC: ${held.toFixed(0)} MB RSS over before (JS heap in use ${(heap.heapUsed / 1e6).toFixed(0)} MB); peak growth over the process's earlier peak: ${peakGrowth.toFixed(0)} MB`,
    ],
    seconds: elapsed(),
  });
} finally {
  await server.stop();
  await fake.stop();
}
