import { withLocal } from "../app.ts";
import { StoreError } from "../store/db.ts";
import { userNameProblem } from "../store/accounts.ts";
import { flagHelp, flagOptions, parseBind, readSettings } from "../config.ts";
import { UsageError } from "../core/errors.ts";
import { plural } from "../core/format.ts";
import { parse } from "./args.ts";

export const USERS_HELP = `budget-chat users add NAME [--public-url URL]
budget-chat users link NAME [--public-url URL]
budget-chat users list
budget-chat users remove NAME
budget-chat users token NAME
budget-chat users revoke-token NAME

The allowlist. With at least one user, every page and API call needs a session, which
starts from a one-time login link; without users budget-chat runs in single-user local
mode (loopback only).
  add NAME          add a user and print their one-time login link (the first user
                    takes over the conversations made before, in single-user mode)
  link NAME         print a new one-time login link for an existing user (lost link)
  list              list the users
  remove NAME       remove a user and end their sessions (their conversations stay)
  token NAME        print a new personal token for MCP over HTTP (Authorization: Bearer …);
                    it replaces the user's earlier token
  revoke-token NAME make the user's personal token stop working
  --base-url URL    the same as --public-url
${flagHelp(["publicUrl", "chatDb", "loginLinkTtl"])}
Without --public-url / PUBLIC_URL the link starts with the address from --bind / BIND_ADDRESS.

A login link works once, and only within --login-link-ttl hours (give serve the same
value): \`users link NAME\` makes a fresh one. Login links and personal tokens are stored
only as hashes, so they cannot be shown again.`;

const WILDCARD = new Set(["0.0.0.0", "::", ""]);
const ACTIONS = "add, link, list, remove, token or revoke-token";

/** The public address as given (--public-url / PUBLIC_URL, or --base-url): an http(s) URL, without a trailing slash. */
export function publicUrlOf(value: string, name = "--public-url"): string {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new UsageError(`${name} must be an http(s) URL like https://budget.example.com, got "${value}"`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new UsageError(`${name} must start with http:// or https://, got "${value}"`);
  return u.origin + u.pathname.replace(/\/+$/, "");
}

/**
 * Where login links point: the public address the server is configured with
 * (--public-url / PUBLIC_URL, or --base-url), else its bind address (a wildcard bind
 * becomes 127.0.0.1, with a note).
 */
export function loginBaseUrl(flags: { "base-url"?: string; "public-url"?: string }, env = process.env): { url: string; note: string | null } {
  if (flags["base-url"] !== undefined) return { url: publicUrlOf(flags["base-url"], "--base-url"), note: null };
  const publicUrl = readSettings(["publicUrl"], flags, env).publicUrl;
  if (publicUrl !== undefined) return { url: publicUrlOf(publicUrl, flags["public-url"] !== undefined ? "--public-url" : "PUBLIC_URL"), note: null };
  const bind = parseBind(readSettings(["bind"], {}, env).bind);
  const wildcard = WILDCARD.has(bind.hostname);
  const host = wildcard ? "127.0.0.1" : bind.hostname;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${bind.port}`;
  const note = wildcard
    ? `The server listens on every address (${bind.hostname}): from another machine, replace 127.0.0.1 with the name it is reached by (or pass --base-url).`
    : null;
  return { url, note };
}

export async function usersCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    "base-url": { type: "string" },
    ...flagOptions(["chatDb", "loginLinkTtl", "publicUrl"]),
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    console.log(USERS_HELP);
    return 0;
  }
  const [action, ...rest] = positionals;
  if (!action) throw new UsageError(`users: missing action: ${ACTIONS} (see budget-chat users --help)`);
  const needName = () => {
    if (rest.length !== 1 || !rest[0]!.trim()) throw new UsageError(`users ${action}: give exactly one NAME`);
    return rest[0]!;
  };

  switch (action) {
    case "add":
    case "link": {
      const name = needName();
      // A bad name is bad input (exit 2), said in the name's own terms.
      const problem = action === "add" ? userNameProblem(name) : null;
      if (problem) throw new UsageError(`users add: ${problem}`);
      const base = loginBaseUrl(values);
      const ttl = readSettings(["loginLinkTtl"], values).loginLinkTtl;
      return withLocal(values, ({ store }) => {
        let token: string;
        let who: string;
        if (action === "add") {
          let added;
          try {
            added = store.users.add(name);
          } catch (e) {
            if (e instanceof StoreError) throw new UsageError(`users add: ${e.message}${/exists/.test(e.message) ? ` (for a new link: budget-chat users link ${name.trim()})` : ""}`);
            throw e;
          }
          token = added.loginToken;
          who = added.user.name;
          store.audit.add({ kind: "security", userId: added.user.id, detail: { event: "user added", name: who, adopted: added.adopted } });
          console.log(`Added user ${who}.`);
          if (added.adopted) console.log(`${who} takes over the ${plural(added.adopted, "conversation")} made before there were users.`);
        } else {
          const user = store.users.byName(name);
          const issued = user ? store.users.issueLoginToken(user.name) : null;
          if (!user || !issued) throw new UsageError(`users link: no such user: ${name.trim()} (add one with: budget-chat users add NAME)`);
          token = issued;
          who = user.name;
          store.audit.add({ kind: "security", userId: user.id, detail: { event: "login link issued", name: who } });
        }
        console.log(`One-time login link for ${who} (works once, within ${plural(ttl, "hour")}; open it in their browser):`);
        console.log(`  ${base.url}/login?token=${encodeURIComponent(token)}`);
        if (base.note) console.log(base.note);
        return 0;
      });
    }
    case "list": {
      if (rest.length) throw new UsageError("users list takes no arguments");
      return withLocal(values, ({ store }) => {
        const users = store.users.list();
        if (!users.length) {
          console.log("No users: budget-chat runs in single-user local mode (loopback only). Add one with: budget-chat users add NAME");
          return 0;
        }
        const width = Math.max(4, ...users.map((u) => u.name.length));
        console.log(`${"NAME".padEnd(width)}  ADDED`);
        for (const u of users) console.log(`${u.name.padEnd(width)}  ${u.createdAt}`);
        return 0;
      });
    }
    case "remove": {
      const name = needName();
      return withLocal(values, ({ store }) => {
        const user = store.users.byName(name);
        if (!user || !store.users.remove(user.name)) throw new UsageError(`users remove: no such user: ${name.trim()}`);
        store.audit.add({ kind: "security", userId: user.id, detail: { event: "user removed", name: user.name } });
        console.log(`Removed user ${user.name}; their sessions and login links no longer work.`);
        if (store.users.count() === 0) console.log("No users left: budget-chat runs in single-user local mode (loopback only).");
        return 0;
      });
    }
    case "token": {
      const name = needName();
      const base = loginBaseUrl(values);
      return withLocal(values, ({ store }) => {
        const user = store.users.byName(name);
        const token = user ? store.users.issuePersonalToken(user.name) : null;
        if (!user || !token) throw new UsageError(`users token: no such user: ${name.trim()} (add one with: budget-chat users add NAME)`);
        store.audit.add({ kind: "security", userId: user.id, detail: { event: "personal token issued", name: user.name } });
        console.log(`Personal token for ${user.name} (shown once; it replaces any earlier one; revoke it with: budget-chat users revoke-token ${user.name}):`);
        console.log(`  ${token}`);
        console.log(`Use it for MCP over HTTP at ${base.url}/mcp with the header:`);
        console.log(`  Authorization: Bearer ${token}`);
        if (base.note) console.log(base.note);
        return 0;
      });
    }
    case "revoke-token": {
      const name = needName();
      return withLocal(values, ({ store }) => {
        const user = store.users.byName(name);
        if (!user) throw new UsageError(`users revoke-token: no such user: ${name.trim()}`);
        if (!store.users.revokePersonalToken(user.name)) {
          console.log(`${user.name} has no personal token; nothing to revoke.`);
          return 0;
        }
        store.audit.add({ kind: "security", userId: user.id, detail: { event: "personal token revoked", name: user.name } });
        console.log(`Revoked the personal token of ${user.name}; MCP clients using it are refused from now on.`);
        return 0;
      });
    }
    default:
      throw new UsageError(`users: unknown action "${action}": ${ACTIONS}`);
  }
}
