import { relative } from "node:path";
import { AGENT_SETTINGS, appConfig, createApp } from "../app.ts";
import { flagHelp, flagOptions, parseBind, readSettings } from "../config.ts";
import { ConfigError } from "../core/errors.ts";
import { createServer } from "../web/server.ts";
import { isLoopback } from "../web/middleware/host-check/index.ts";
import { parse } from "./args.ts";
import { publicUrlOf } from "./users.ts";
import { plural } from "../core/format.ts";
import type { DataOverview } from "../ledger/reader.ts";

/** SIGTERM/SIGINT end the process within this long, whatever is stuck. */
const SHUTDOWN_LIMIT_MS = 4500;

const SERVE_SETTINGS = ["bind", "publicUrl", "allowHost", "allowOrigin", "showUsage", "loginLinkTtl", "noModel", ...AGENT_SETTINGS] as const;

export const SERVE_HELP = `budget-chat [serve] [options]

Run the web app. Open the printed address in a browser. Needs ANTHROPIC_API_KEY (or a local
model through ANTHROPIC_BASE_URL) for the chat; with --no-model every other page works without one.
${flagHelp(SERVE_SETTINGS)}`;

export async function serveCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, flagOptions(SERVE_SETTINGS));
  if (values.help) {
    console.log(SERVE_HELP);
    return 0;
  }
  if (positionals.length) throw new ConfigError(`serve: unexpected argument "${positionals[0]}"`);
  const web = readSettings(["bind", "publicUrl", "allowHost", "allowOrigin", "showUsage", "loginLinkTtl"], values);
  const bind = parseBind(web.bind);
  // Behind a proxy, the address people open: its Host and Origin are accepted like the bind address's.
  const publicUrl = web.publicUrl === undefined ? null : new URL(publicUrlOf(web.publicUrl, values["public-url"] !== undefined ? "--public-url" : "PUBLIC_URL"));
  const app = createApp(appConfig(values, { ownsStore: true }));
  if (!isLoopback(bind.hostname) && app.store.users.count() === 0) {
    await app.close();
    throw new ConfigError(
      `refusing to listen on ${bind.hostname}, which is not a loopback address, with no users configured: ` +
        `anyone who can reach it could read your finances. Add a user first (budget-chat users add NAME), or bind to 127.0.0.1.`,
    );
  }
  const { server, url: address } = await createServer(app, {
    hostname: bind.hostname,
    port: bind.port,
    allowHosts: publicUrl ? [...web.allowHost, publicUrl.host] : web.allowHost,
    allowOrigins: publicUrl ? [...web.allowOrigin, publicUrl.origin] : web.allowOrigin,
    requireUsers: !isLoopback(bind.hostname),
    showUsage: web.showUsage,
    loginLinkTtlMs: web.loginLinkTtl * 3_600_000,
    publicUrl: publicUrl ? publicUrl.href.replace(/\/+$/, "") : undefined,
  });
  const url = `${address}/`;
  // One SQL statement, not the ledger: the first page is not held up by reading it (1M rows: seconds without its cache).
  const summary = app.budget.overview();
  console.log(`budget-chat listening on ${url}${publicUrl ? ` (public address ${publicUrl.href})` : ""}`);
  console.log(budgetDataLine(relative(process.cwd(), app.budget.path) || app.budget.path, app.budget.demo, summary));
  if (app.budget.demo) console.log(`  your own data: import your bank statements at ${url}import`);
  console.log(
    app.config.apiKey === null
      ? `  model: none (--no-model): every page but the chat; ${url} says how to add one`
      : `  model: ${app.config.model}${app.config.readOnly ? " (read-only)" : ""}`,
  );
  console.log(`  MCP clients: ${url}mcp${app.store.users.count() ? " (with a personal token: budget-chat users token NAME)" : ""}`);
  const signal = await new Promise<string>((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"));
    process.once("SIGTERM", () => resolve("SIGTERM"));
  });
  // A second signal, or a shutdown that overruns, ends the process at once.
  const now = () => {
    console.error("budget-chat: exiting now, without waiting for the shutdown to finish");
    process.exit(1);
  };
  process.once("SIGINT", now);
  process.once("SIGTERM", now);
  setTimeout(now, SHUTDOWN_LIMIT_MS).unref();
  console.log(`${signal}: shutting down: no new requests; stopping running answers (what they streamed is kept)…`);
  // Stop accepting; open streams end as their answers stop.
  void server.stop();
  await app.close();
  void server.stop(true);
  // Nothing left to do: do not let an idle connection keep the process alive.
  setTimeout(() => process.exit(process.exitCode ?? 0), 200).unref();
  return 0;
}

/** The start-up line about the data: "  budget data: data/budget.db (1 transaction, 2026-09-01 to 2026-09-01)". */
export function budgetDataLine(path: string, demo: boolean, o: Pick<DataOverview, "transactionCount" | "firstDate" | "lastDate">): string {
  const rows = o.transactionCount ? `${plural(o.transactionCount, "transaction")}, ${o.firstDate} to ${o.lastDate}` : "no transactions";
  return `  budget data: ${path}${demo ? " (demo data)" : ""} (${rows})`;
}
