import { withLocal } from "../app.ts";
import { type AuditEntry } from "../store/audit-log.ts";
import { flagHelp, flagOptions } from "../config.ts";
import { AUDIT_KINDS, LOCAL_USER_ID, type AuditKind } from "../core/vocab.ts";
import { UsageError } from "../core/errors.ts";
import { CONTROL_CHARS, terminalText } from "../core/validation.ts";
import { intOption, parse, parseSince } from "./args.ts";

export const AUDIT_HELP = `budget-chat audit [--since YYYY-MM-DD] [--user NAME] [--kind KIND] [--limit N] [--json]

Print the audit log, oldest first: turns (model, token usage incl. cache reads, duration),
tool calls (validated input, ok/error, duration), approvals (requested, approved,
rejected, expired), writes and undos (before/after), logins and security events.
  --since DATE     entries at or after this day (UTC) or ISO time
  --user NAME      only this user's entries ("local" in single-user mode)
  --kind KIND      only one kind: ${AUDIT_KINDS.join(", ")}
  --limit N        the most recent N entries (default 200)
  --json           one JSON object per line instead of text
${flagHelp(["chatDb"])}`;

/** Keys whose values are never printed, whatever put them there. */
const SECRET_KEY = /(token|api[_-]?key|secret|password|authori[sz]ation|cookie|session)/i;
/** Values that look like credentials (Anthropic keys, bearer tokens). */
const SECRET_VALUE = /\b(sk-ant-[\w-]{8,}|sk-[\w-]{20,}|Bearer\s+[\w.~+/-]{8,})/g;

/** A copy of an audit detail with anything that could be a secret replaced by "[redacted]". */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 20) return "…";
  if (typeof value === "string") return value.replace(SECRET_VALUE, "[redacted]");
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // Token *counts* (usage.input_tokens, …) are not secrets.
      out[k] = SECRET_KEY.test(k) && !/_tokens$|^usage$/i.test(k) && typeof v !== "number" ? "[redacted]" : redact(v, depth + 1);
    }
    return out;
  }
  return value;
}

type Detail = Record<string, any>;
type Field = [name: string, value: (d: Detail) => unknown];

const approval: Field = ["approval", (d) => d.approvalId];
const usageFields: Field[] = [
  ["input", (d) => d.usage?.input_tokens],
  ["output", (d) => d.usage?.output_tokens],
  ["cache_read", (d) => d.usage?.cache_read_input_tokens],
  ["cache_write", (d) => d.usage?.cache_creation_input_tokens],
];
/** A person's own change (issue 24): which edit, what kind, by whom, and for a category change what became of which. */
const editFields: Field[] = [
  ["edit", (d) => d.edit],
  ["change", (d) => d.change],
  ["by", (d) => (d.edit !== undefined ? d.by : undefined)],
  ["action", (d) => d.action],
  ["category", (d) => (d.change === "category" ? d.category : undefined)],
  ["target", (d) => d.target],
];
/** What a write that is no approval or edit changed: an import (its batch), a budget (old → new), a contribution. */
const budgetField = (name: string, value: (d: Detail) => unknown): Field => [name, (d) => (d.budget !== undefined ? (value(d) ?? "none") : undefined)];
const subjectFields: Field[] = [
  ["import", (d) => d.import],
  ["budget", (d) => d.budget],
  budgetField("currency", (d) => d.currency),
  budgetField("before", (d) => d.before),
  budgetField("after", (d) => d.after),
  ["contribution", (d) => d.contribution],
];
/** The rows a write changed, whichever writer recorded it (an import's undo counts the rows it deleted, a rule the rows it changed). */
const rowsField: Field = ["rows", (d) => d.moved ?? d.rows ?? d.deleted ?? d.changed];
/** The most telling fields per kind of entry; other kinds print every field. */
const FIELDS: Partial<Record<AuditKind, Field[]>> = {
  turn: [
    ["status", (d) => d.status],
    ["model", (d) => d.model],
    ...usageFields,
    ["ms", (d) => d.durationMs],
    ["error", (d) => d.error],
  ],
  tool_call: [
    // MCP calls (SPEC §9) say how they came and which client made them.
    ["via", (d) => (d.via === "mcp" ? `mcp/${d.transport}` : undefined)],
    ["client", (d) => (d.client ? `${d.client.name}/${d.client.version}` : undefined)],
    ["tool", (d) => d.tool],
    ["ok", (d) => d.ok],
    ["input", (d) => d.input],
    ["ms", (d) => (typeof d.durationMs === "number" ? Math.round(d.durationMs) : d.durationMs)],
    ["error", (d) => d.error],
  ],
  approval_requested: [approval, ["tool", (d) => d.tool], ["input", (d) => d.input], ["rows", (d) => d.rows], ["total", (d) => d.total], ["to", (d) => d.to], ["expires", (d) => d.expiresAt]],
  approval_decided: [approval, ["decision", (d) => d.decision]],
  approval_expired: [approval, ["reason", (d) => d.reason]],
  // Entries before round 2 carry `rows` and plain before/after arrays.
  write: [approval, ...subjectFields, ...editFields, ["rule", (d) => d.rule], ["ok", (d) => d.ok], rowsField, ["error", (d) => d.error]],
  undo: [approval, ...subjectFields, ...editFields, ["ok", (d) => d.ok], rowsField, ["error", (d) => d.error]],
  memory_summary: [
    ["model", (d) => d.model],
    ["ok", (d) => d.ok],
    ...usageFields,
    ["messages", (d) => d.messages],
    ["ms", (d) => d.durationMs],
    ["error", (d) => d.error],
  ],
};

/** The rows a write or undo changed, "#id:before→after", at most three. */
function changedRows(d: Detail): string[] {
  const before: any[] | undefined = d.before?.rows ?? d.before;
  const after: any[] | undefined = d.after?.rows ?? d.after;
  if (!Array.isArray(before) || !Array.isArray(after)) return [];
  const shown = before.slice(0, 3).map((b, i) => {
    const a = after.find((x) => x.id === b.id) ?? after[i];
    return `#${b.id}:${b.category}/${b.source}/${b.confidence}→${a?.category}/${a?.source}/${a?.confidence}`;
  });
  return before.length > 3 ? [...shown, `(+${before.length - 3} more)`] : shown;
}

/** The most telling fields of an entry, as `key=value` text. */
function describe(e: AuditEntry): string {
  const d = (redact(e.detail) ?? {}) as Detail;
  const fields: [string, unknown][] = FIELDS[e.kind]?.map(([name, value]) => [name, value(d)]) ?? Object.entries(d);
  const parts = fields
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => `${k}=${typeof v === "string" ? (/[\s"]/.test(v) || CONTROL_CHARS.test(v) ? JSON.stringify(v) : v) : JSON.stringify(v)}`);
  return [...parts, ...(e.kind === "write" || e.kind === "undo" ? changedRows(d) : [])].join(" ");
}

export async function auditCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    since: { type: "string" },
    user: { type: "string" },
    kind: { type: "string" },
    limit: { type: "string" },
    json: { type: "boolean" },
    ...flagOptions(["chatDb"]),
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    console.log(AUDIT_HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError(`audit: unexpected argument "${positionals[0]}"`);
  const since = values.since !== undefined ? parseSince(values.since) : undefined;
  const limit = intOption(values.limit, "limit", 1, 1_000_000) ?? 200;
  if (values.kind !== undefined && !(AUDIT_KINDS as readonly string[]).includes(values.kind))
    throw new UsageError(`--kind must be one of ${AUDIT_KINDS.join(", ")}, got "${values.kind}"`);

  return withLocal(values, ({ store }) => {
    const names = new Map(store.users.list().map((u) => [u.id, u.name]));
    let userId: string | undefined;
    if (values.user !== undefined) {
      const user = store.users.byName(values.user);
      if (user) userId = user.id;
      else if (values.user.trim() === LOCAL_USER_ID) userId = LOCAL_USER_ID;
      else throw new UsageError(`audit: no such user: ${values.user}`);
    }
    const entries = store.audit.list({ userId, since, kind: values.kind as AuditEntry["kind"] | undefined, limit }).reverse();
    for (const e of entries) {
      if (values.json) {
        console.log(JSON.stringify({ ...e, user: e.userId ? (names.get(e.userId) ?? e.userId) : null, detail: redact(e.detail) }));
        continue;
      }
      const who = e.userId ? (names.get(e.userId) ?? (e.userId === LOCAL_USER_ID ? LOCAL_USER_ID : `${e.userId.slice(0, 8)}(removed)`)) : "-";
      // The whole id: conversation ids are UUIDv7, whose first 8 digits are a clock that every conversation begun within
      // the same minute shares (uqa3: three conversations all read "conv=01a21dc4").
      const conv = e.conversationId ? ` conv=${e.conversationId}` : "";
      // File names and bank text reach the log as they were: shown, never obeyed by the terminal.
      console.log(terminalText(`${e.at} ${who} ${e.kind}${conv} ${describe(e)}`.trimEnd()));
    }
    if (!entries.length && !values.json) console.error("No audit entries match.");
    return 0;
  });
}
