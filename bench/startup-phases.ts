/**
 * Where budget-chat's start-up time goes, phase by phase, replaying what
 * `budget-chat serve` does (src/cli/serve.ts) from source in a fresh process.
 * bench/startup.ts runs it; alone: bun bench/startup-phases.ts DB CHAT_DB
 * Prints one JSON line {phase: ms}. Module loading is measured on the compiled binary
 * (`budget-chat --version`) by bench/startup.ts instead: from source it includes transpiling.
 */
const [db, chatDb] = process.argv.slice(2);
const t = () => performance.now();
const phases: Record<string, number> = {};
let mark = t();
const lap = (name: string) => {
  const now = t();
  phases[name] = now - mark;
  mark = now;
};

const { appConfig, createApp } = await import("../src/app.ts");
const { loadAssets } = await import("../src/web/assets.ts");
const { createWebApp } = await import("../src/web/server.ts");
const { DEFAULT_LIMITS } = await import("../src/web/context.ts");
const { allowedHostsFor } = await import("../src/web/middleware/host-check/index.ts");
lap("import modules (from source, incl. transpile)");

const rt = createApp(appConfig({ db, "chat-db": chatDb }, { ownsStore: true }, { ...process.env, ANTHROPIC_API_KEY: "bench" }));
lap("createApp: open both DBs, migrate, close interrupted turns, SDK client, memory");
rt.budget.overview();
lap("start-up line: the data overview (one SQL statement)");
const assets = await loadAssets();
lap("loadAssets (gzip made at build time)");
// As src/cli/serve.ts does for a loopback bind.
const web = createWebApp({
  ...rt,
  assets,
  allowedOrigins: [],
  allowedHosts: allowedHostsFor("127.0.0.1", 3999),
  limits: DEFAULT_LIMITS,
  requireUsers: false,
});
lap("createWebApp");
const server = Bun.serve({ hostname: "127.0.0.1", port: 0, development: false, fetch: (req, srv) => web.fetch(req, { server: srv }) });
lap("Bun.serve listen");
const base = `http://127.0.0.1:${server.port}`;
const first = await fetch(`${base}/`, { headers: { host: "127.0.0.1:3999" } });
await first.arrayBuffer();
lap(`first GET / (${first.status})`);
const second = await fetch(`${base}/`, { headers: { host: "127.0.0.1:3999" } });
await second.arrayBuffer();
lap(`second GET / (${second.status})`);
server.stop(true);
await rt.close();
console.log(JSON.stringify(phases));

export {};
