import { resolve } from "node:path";
import { ConfigError, UsageError } from "./core/errors.ts";

export const DEFAULT_MODEL = "claude-sonnet-5-5";
export const DEFAULT_BUDGET_DB = "data/budget.db";
export const DEFAULT_CHAT_DB = "data/chat.db";
export const DEFAULT_BIND = "127.0.0.1:3000";

/** DATABASE_URL may be a plain path or a sqlite:/file: URL; paths resolve against the working directory. */
export function dbPath(value: string): string {
  const path = value.replace(/^sqlite:(\/\/)?/, "").replace(/^file:(\/\/)?/, "");
  return resolve(process.cwd(), path);
}

export type BudgetDbLocation = { path: string; explicit: boolean };

export function budgetDbLocation(flag: string | undefined, env = process.env): BudgetDbLocation {
  const given = flag ?? env.DATABASE_URL;
  return given ? { path: dbPath(given), explicit: true } : { path: dbPath(DEFAULT_BUDGET_DB), explicit: false };
}

export function chatDbPath(flag: string | undefined, env = process.env): string {
  return dbPath(flag ?? env.CHAT_DATABASE_URL ?? DEFAULT_CHAT_DB);
}

export function requireApiKey(env = process.env): string {
  const key = env.ANTHROPIC_API_KEY?.trim();
  if (!key) {
    throw new ConfigError(
      "ANTHROPIC_API_KEY is not set. Set it in the environment or in a .env file next to where you run budget-chat (ANTHROPIC_API_KEY=sk-ant-…).",
    );
  }
  return key;
}


export function parseBind(value: string): { hostname: string; port: number } {
  const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(value.trim());
  if (!m) throw new UsageError(`BIND_ADDRESS must look like HOST:PORT (e.g. 127.0.0.1:3000), got "${value}"`);
  const port = Number(m[2]);
  if (port > 65535) throw new UsageError(`port must be at most 65535, got ${port}`);
  return { hostname: m[1]!.replace(/^\[|\]$/g, ""), port };
}

export function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "::1" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}
