import { relative } from "node:path";
import { loadAssets } from "../web/assets.ts";
import { createWebApp } from "../web/app.ts";
import { DEFAULT_LIMITS } from "../web/context.ts";
import { allowedHostsFor } from "../web/middleware/host-check/index.ts";
import { DEFAULT_BIND, isLoopback, parseBind } from "../config.ts";
import { ConfigError } from "../core/errors.ts";
import { parse } from "./args.ts";
import { AGENT_OPTIONS, AGENT_OPTIONS_HELP, createRuntime } from "./runtime.ts";

export const SERVE_HELP = `budget-chat [serve] [--bind HOST:PORT] [options]

Run the web app. Open the printed address in a browser.
  --bind HOST:PORT       where to listen (env BIND_ADDRESS, default ${DEFAULT_BIND})
  --allow-host HOST      another Host header to accept (repeatable), e.g. a reverse proxy's name
${AGENT_OPTIONS_HELP}`;

export async function serveCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    ...AGENT_OPTIONS,
    bind: { type: "string" },
    "allow-host": { type: "string", multiple: true },
  });
  if (values.help) {
    console.log(SERVE_HELP);
    return 0;
  }
  if (positionals.length) throw new ConfigError(`serve: unexpected argument "${positionals[0]}"`);
  const bind = parseBind(values.bind ?? process.env.BIND_ADDRESS ?? DEFAULT_BIND);
  const rt = createRuntime(values, { ownsAppDb: true });
  if (!isLoopback(bind.hostname) && rt.app.users.count() === 0) {
    await rt.close();
    throw new ConfigError(
      `refusing to listen on ${bind.hostname}, which is not a loopback address, with no users configured: ` +
        `anyone who can reach it could read your finances. Add a user first (budget-chat users add NAME), or bind to 127.0.0.1.`,
    );
  }
  const assets = await loadAssets();
  const web = createWebApp({
    app: rt.app,
    budget: rt.budget,
    chat: rt.chat,
    assets,
    allowedHosts: allowedHostsFor(bind.hostname, bind.port, values["allow-host"] ?? []),
    requireUsers: !isLoopback(bind.hostname),
    limits: DEFAULT_LIMITS,
  });
  const server = Bun.serve({
    hostname: bind.hostname,
    port: bind.port,
    development: false,
    fetch: (req, srv) => web.fetch(req, { server: srv }),
  });
  const url = `http://${bind.hostname.includes(":") ? `[${bind.hostname}]` : bind.hostname}:${server.port}/`;
  const summary = rt.budget.summary();
  console.log(`budget-chat listening on ${url}`);
  console.log(
    `  budget data: ${relative(process.cwd(), rt.budget.path) || rt.budget.path} (${summary.transactionCount} transactions, ${summary.firstDate} to ${summary.lastDate})`,
  );
  console.log(`  model: ${rt.model}${rt.readOnly ? " (read-only)" : ""}`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  console.log("shutting down: stopping running answers…");
  server.stop();
  await rt.close();
  return 0;
}
