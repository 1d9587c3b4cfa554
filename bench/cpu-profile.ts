/**
 * A `bun --cpu-prof` profile (Chrome .cpuprofile JSON) read for given windows of time only:
 * which functions the JS thread ran inside them, by self samples. bench/concurrency.ts
 * --profile uses it for the turn-start windows alone (the rest of the run — warm-up, the
 * turns' answers — is left out).
 *
 * A sample is taken only while the thread runs JS (or native code called from it), every
 * ~1 ms of wall time; on a loaded machine a sample's wall time includes time the thread was
 * not on a CPU, so samples are counted (shares), and turned into µs per turn by the caller
 * with the JS thread's measured CPU time over the same windows. Those shares are of wall
 * time inside the windows: a call where the thread tends to lose its CPU weighs more than
 * its CPU. Native fetch() is one (it wakes Bun's HTTP client thread, which on 2 busy cores
 * often takes the JS thread's place): it showed 85–280 µs per turn in profiles, while its
 * own CPU, timed around calls in the server, is ≈ 10–40 µs. (Handing a tick's calls to fetch
 * together at its end cut this to ~17 µs and the HTTP client thread's CPU per turn from ~70 to
 * ~36 µs, but the first model calls reached the model later: added p99 to first text 249/335 ms
 * against 212/151 ms without, so it was reverted.)
 */
import { readFileSync } from "node:fs";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

export type HotFunction = { name: string; where: string; caller: string; samples: number; share: number };
/** A function of ours (under src/) with every sample it was on the stack for (itself and what it called). */
export type OurFunction = { name: string; where: string; samples: number; share: number };

/** `file:///…/node_modules/hono/dist/x.js` → `hono/dist/x.js`; our own files relative to the repository. */
function shortUrl(url: string, line: number): string {
  if (!url) return "[native code]";
  const path = url.replace(/^file:\/\//, "");
  const nm = path.lastIndexOf("/node_modules/");
  const short = nm >= 0 ? path.slice(nm + "/node_modules/".length) : path.replace(/^.*?\/(src|bench|test)\//, "$1/");
  return line >= 0 ? `${short}:${line + 1}` : short;
}

/** Self samples per function inside the windows ([from, to] in µs since the epoch, the profile's clock). */
export function hotFunctionsIn(file: string, windows: readonly [number, number][]): { samples: number; hot: HotFunction[]; inclusive: OurFunction[] } {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const ours = (f: CallFrame) => f.url.includes("/src/");
  const label = (f: CallFrame) => `${f.functionName || "(anonymous)"} ${shortUrl(f.url, f.lineNumber)}`;
  // A library's or native frame is named with the nearest caller of ours (else the nearest JS one), so `run` reads as whose SQL.
  const callerOf = (id: number): string => {
    let nearestJs = "";
    for (let p = parent.get(id); p !== undefined; p = parent.get(p)) {
      const f = byId.get(p)!.callFrame;
      if (ours(f)) return label(f);
      if (f.url && !nearestJs) nearestJs = label(f);
    }
    return nearestJs;
  };
  const counts = new Map<string, HotFunction>();
  const inclusive = new Map<string, OurFunction>();
  let t = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i]!;
    if (!windows.some(([from, to]) => t >= from && t <= to)) return;
    const f = byId.get(id)!.callFrame;
    if (f.functionName === "(root)" || f.functionName === "(program)" || f.functionName === "(idle)") return;
    total++;
    const where = shortUrl(f.url, f.lineNumber);
    const caller = ours(f) ? "" : callerOf(id);
    const key = `${f.functionName}|${where}|${caller}`;
    const onStack = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const frame = byId.get(n)!.callFrame;
      if (ours(frame)) onStack.add(label(frame));
    }
    for (const l of onStack) {
      const [name, where] = l.split(" ");
      const e = inclusive.get(l) ?? { name: name!, where: where!, samples: 0, share: 0 };
      e.samples++;
      inclusive.set(l, e);
    }
    const entry = counts.get(key) ?? { name: f.functionName || "(anonymous)", where, caller, samples: 0, share: 0 };
    entry.samples++;
    counts.set(key, entry);
  });
  const hot = [...counts.values()].sort((a, b) => b.samples - a.samples);
  const ourFunctions = [...inclusive.values()].sort((a, b) => b.samples - a.samples);
  for (const h of [...hot, ...ourFunctions]) h.share = h.samples / Math.max(1, total);
  return { samples: total, hot, inclusive: ourFunctions };
}
