/**
 * Configuration: every setting declared once, with its flag, environment variable,
 * default and help line. Commands pick the settings they take; their parseArgs options,
 * their --help text and the validated values all derive from this table (flags win over
 * the environment; a .env file in the working directory is read by Bun).
 */
import { resolve } from "node:path";
import type { ParseArgsConfig } from "node:util";
import { ConfigError, UsageError } from "./core/errors.ts";

type Kind = "string" | "int" | "boolean" | "list";
type Setting = {
  /** The command-line flag (without --); none for environment-only settings. */
  flag?: string;
  env?: string;
  /** The value's placeholder in help text. */
  arg?: string;
  kind: Kind;
  default?: string | number;
  min?: number;
  max?: number;
  help: string;
};

export const SETTINGS = {
  apiKey: { env: "ANTHROPIC_API_KEY", kind: "string", help: "required for serve (unless --no-model) and ask" },
  model: { flag: "model", env: "ANTHROPIC_MODEL", arg: "ID", kind: "string", default: "claude-sonnet-5-5", help: "model id" },
  baseUrl: { env: "ANTHROPIC_BASE_URL", kind: "string", help: "any Messages-API-compatible endpoint (default Anthropic)" },
  db: { flag: "db", env: "DATABASE_URL", arg: "PATH", kind: "string", default: "data/budget.db", help: "budget database, opened read-only" },
  notSpending: {
    flag: "not-spending",
    env: "NOT_SPENDING",
    arg: "LIST",
    kind: "string",
    default: "Transfers,Investments",
    help: "categories that are neither spending nor income (comma-separated)",
  },
  chatDb: { flag: "chat-db", env: "CHAT_DATABASE_URL", arg: "PATH", kind: "string", default: "data/chat.db", help: "app database: conversations, approvals, audit log, memories" },
  bind: { flag: "bind", env: "BIND_ADDRESS", arg: "HOST:PORT", kind: "string", default: "127.0.0.1:3000", help: "where the server listens" },
  allowHost: { flag: "allow-host", arg: "HOST", kind: "list", help: "another Host header to accept (repeatable), e.g. a reverse proxy's name" },
  allowOrigin: { flag: "allow-origin", arg: "ORIGIN", kind: "list", help: "another Origin to accept for changes (repeatable), e.g. https://budget.example.com behind a TLS proxy" },
  maxSteps: { flag: "max-steps", arg: "N", kind: "int", default: 10, min: 1, max: 50, help: "model calls per answer" },
  history: { flag: "history", arg: "N", kind: "int", default: 20, min: 2, max: 500, help: "messages of history the model sees" },
  maxTokens: { flag: "max-tokens", arg: "N", kind: "int", default: 4096, min: 256, max: 64_000, help: "output tokens per model call" },
  readOnly: { flag: "read-only", kind: "boolean", help: "never offer tools that change data" },
  noModel: {
    flag: "no-model",
    kind: "boolean",
    help: "serve every page but the chat without a model (no ANTHROPIC_API_KEY needed; the chat page says how to add one)",
  },
  showUsage: { flag: "show-usage", kind: "boolean", help: "show token counts under each answer (the Usage page always has them)" },
  noRepair: { flag: "no-repair", kind: "boolean", help: "do not ask the model once more about figures the check could not back (the repair round)" },
  loginLinkTtl: { flag: "login-link-ttl", env: "LOGIN_LINK_TTL", arg: "HOURS", kind: "int", default: 24, min: 1, max: 8760, help: "hours a one-time login link stays valid" },
  approvalTimeout: { flag: "approval-timeout", arg: "S", kind: "int", default: 600, min: 5, max: 86_400, help: "seconds an approval stays open" },
  keepBackups: { flag: "keep-backups", env: "KEEP_BACKUPS", arg: "N", kind: "int", default: 7, min: 0, max: 1000, help: "daily snapshots of the budget database kept in backups/ beside it (0: none)" },
  embeddingsUrl: { env: "EMBEDDINGS_URL", kind: "string", help: "optional OpenAI-compatible /v1/embeddings endpoint for memory recall" },
  embeddingsModel: { env: "EMBEDDINGS_MODEL", kind: "string", help: "its model (required with EMBEDDINGS_URL)" },
  embeddingsApiKey: { env: "EMBEDDINGS_API_KEY", kind: "string", help: "its key, if it needs one" },
  publicUrl: {
    flag: "public-url",
    env: "PUBLIC_URL",
    arg: "URL",
    kind: "string",
    help: "the address people open, e.g. https://budget.example.com behind a proxy: printed login links start with it, and serve accepts its Host and Origin",
  },
} as const satisfies Record<string, Setting>;

export type SettingKey = keyof typeof SETTINGS;

type ValueOf<S extends Setting> = S["kind"] extends "int"
  ? number
  : S["kind"] extends "boolean"
    ? boolean
    : S["kind"] extends "list"
      ? string[]
      : S extends { default: string }
        ? string
        : string | undefined;

/** The values of some settings, by key. */
export type Settings<K extends SettingKey> = { [P in K]: ValueOf<(typeof SETTINGS)[P]> };

type Options = NonNullable<ParseArgsConfig["options"]>;

/** The parseArgs options of the settings that have a flag. */
export function flagOptions(keys: readonly SettingKey[]): Options {
  const out: Options = {};
  for (const k of keys) {
    const s: Setting = SETTINGS[k];
    if (!s.flag) continue;
    out[s.flag] = s.kind === "boolean" ? { type: "boolean" } : s.kind === "list" ? { type: "string", multiple: true } : { type: "string" };
  }
  return out;
}

/** "  --db PATH              budget database, opened read-only (env DATABASE_URL, default data/budget.db)". */
export function flagHelp(keys: readonly SettingKey[]): string {
  return keys
    .map((k) => [k, SETTINGS[k] as Setting] as const)
    .filter(([, s]) => s.flag)
    .map(([, s]) => {
      const left = `--${s.flag}${s.arg ? ` ${s.arg}` : ""}`;
      const extras = [s.env ? `env ${s.env}` : null, s.default !== undefined ? `default ${s.default}` : null].filter(Boolean);
      return `  ${left.padEnd(22)} ${s.help}${extras.length ? ` (${extras.join(", ")})` : ""}`;
    })
    .join("\n");
}

/** "  ANTHROPIC_API_KEY    required for serve and ask" for every setting read from the environment. */
export function envHelp(): string {
  return Object.values(SETTINGS as Record<string, Setting>)
    .filter((s) => s.env)
    .map((s) => `  ${s.env!.padEnd(20)} ${s.help}${s.default !== undefined ? ` (default ${s.default})` : ""}`)
    .join("\n");
}

/** The validated values of `keys`: flag, else environment, else default. Bad values are usage errors. */
export function readSettings<K extends SettingKey>(keys: readonly K[], flags: Record<string, unknown>, env = process.env): Settings<K> {
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const s: Setting = SETTINGS[k];
    const given = s.flag !== undefined ? flags[s.flag] : undefined;
    const fromEnv = s.env ? env[s.env]?.trim() || undefined : undefined;
    const name = s.flag ? `--${s.flag}` : s.env!;
    switch (s.kind) {
      case "boolean":
        out[k] = given === true;
        break;
      case "list":
        out[k] = (given as string[] | undefined) ?? [];
        break;
      case "int": {
        const raw = (given as string | undefined) ?? fromEnv;
        out[k] = raw === undefined ? s.default : parseInt(raw, name, s.min!, s.max!);
        break;
      }
      case "string":
        out[k] = (given as string | undefined) ?? fromEnv ?? s.default;
        break;
    }
  }
  return out as Settings<K>;
}

const INT = /^-?\d+$/;

function parseInt(value: string, name: string, min: number, max: number): number {
  if (!INT.test(value)) throw new UsageError(`${name} must be a whole number, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

/**
 * DATABASE_URL may be a plain path or a `sqlite:`/`file:` URL (`sqlite:///abs/budget.db`,
 * `file:data/budget.db?mode=ro`); paths resolve against the working directory. URL query
 * options are understood, not taken for part of the file name: `mode=ro` is what budget-chat
 * does anyway for the budget database; other options are dropped.
 */
export function dbPath(value: string): string {
  const url = /^(sqlite|file):/i.test(value);
  let path = value.replace(/^sqlite:(\/\/)?/i, "").replace(/^file:(\/\/)?/i, "");
  if (url) {
    path = path.replace(/\?.*$/, "");
    try {
      path = decodeURIComponent(path);
    } catch {
      /* not percent-encoded: keep it as written */
    }
  }
  return resolve(process.cwd(), path);
}

/** `notSpendingGiven`: the not-spending list came from --not-spending or NOT_SPENDING (a name that is no category is warned about). */
export type BudgetDbLocation = { path: string; explicit: boolean; notSpending: string[]; notSpendingGiven?: boolean };

/** Where the budget database is, whether the user named it (a missing named file is an error), and how to read it. */
export function budgetDbLocation(flags: Record<string, unknown>, env = process.env): BudgetDbLocation {
  const given = (flags.db as string | undefined) ?? (env.DATABASE_URL?.trim() || undefined);
  const notSpending = readSettings(["notSpending"], flags, env)
    .notSpending.split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  const notSpendingGiven = flags[SETTINGS.notSpending.flag] !== undefined || (env[SETTINGS.notSpending.env]?.trim() ?? "") !== "";
  return { path: dbPath(given ?? SETTINGS.db.default), explicit: given !== undefined, notSpending, notSpendingGiven };
}

/** The app database's path (`--chat-db`, CHAT_DATABASE_URL, default data/chat.db). */
export function chatDbPath(flags: Record<string, unknown>, env = process.env): string {
  return dbPath(readSettings(["chatDb"], flags, env).chatDb);
}

/**
 * Without a key there is no model, and the message names the three ways on (SPEC §5): a key, a local
 * model through ANTHROPIC_BASE_URL, or `serve --no-model` for every page but the chat.
 */
export const MISSING_KEY_MESSAGE = [
  "ANTHROPIC_API_KEY is not set, so there is no model to answer questions. Three ways on:",
  "  - an Anthropic API key: ANTHROPIC_API_KEY=sk-ant-… in the environment or in a .env file where you run budget-chat;",
  "  - a local model (Ollama, llama-server): ANTHROPIC_BASE_URL=http://localhost:11434 ANTHROPIC_API_KEY=ollama ANTHROPIC_MODEL=qwen3:8b",
  "    (README, \"Local models\");",
  "  - no model: budget-chat serve --no-model (npm start -- --no-model) serves every page but the chat:",
  "    import, transactions, categories, budgets, usage.",
].join("\n");

/** What a question gets from a server started with --no-model (nothing reaches any model). */
export const NO_MODEL_REFUSAL =
  "This budget-chat runs without a model (serve --no-model), so it cannot answer questions. Add ANTHROPIC_API_KEY, or a local model through ANTHROPIC_BASE_URL, and restart it.";

export function requireApiKey(key: string | undefined): string {
  if (!key?.trim()) throw new ConfigError(MISSING_KEY_MESSAGE);
  return key.trim();
}

export function parseBind(value: string): { hostname: string; port: number } {
  const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(value.trim());
  if (!m) throw new UsageError(`BIND_ADDRESS must look like HOST:PORT (e.g. 127.0.0.1:3000), got "${value}"`);
  const port = Number(m[2]);
  if (port > 65535) throw new UsageError(`port must be at most 65535, got ${port}`);
  return { hostname: m[1]!.replace(/^\[|\]$/g, ""), port };
}
