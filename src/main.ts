#!/usr/bin/env bun
import pkg from "../package.json" with { type: "json" };
import { envHelp } from "./config.ts";
import { UsageError } from "./core/errors.ts";


/** The help; the formats an import reads from their one list (loaded only for it: a start loads only its command's file). */
const help = async () => `budget-chat ${pkg.version} — talk to your own spending data

Usage:
  budget-chat [serve]          run the web app (default)
  budget-chat ask "QUESTION"   one answer streamed to the terminal
  budget-chat tool NAME JSON   run one analysis tool, print its output as JSON
  budget-chat demo-db          write demo data (--out, --seed, --transactions, --force)
  budget-chat budgets set CATEGORY AMOUNT | list | remove CATEGORY   monthly budgets per category
  budget-chat categories list | add NAME --description TEXT | rename OLD NEW | merge FROM INTO | describe NAME TEXT
  budget-chat rules list | add PATTERN --category NAME | test ID | apply ID | remove ID | undo CHANGE   your category rules
  budget-chat accounts contribution add|remove|list COUNTERPARTY   money in from a partner counted as household income
  budget-chat users add|link|list|remove NAME   the allowlist (add prints a one-time login link)
  budget-chat users token|revoke-token NAME     a personal token for MCP over HTTP (/mcp)
  budget-chat import FILE...   import bank statements into your budget database:
                               ${(await import("./import/formats/registry.ts")).FORMATS_IN_SHORT}
  budget-chat imports list | undo BATCH   past imports; undo one (removes exactly its rows)
  budget-chat classify         classify imported rows that wait (--check: how good it is; --below T: again)
  budget-chat mcp              MCP server on stdio: the read tools for Claude Desktop, Claude Code, …
  budget-chat audit            print the audit log (--since DATE, --user NAME)
  budget-chat usage            token usage and estimated cost (--since YYYY-MM-DD)
  budget-chat eval             score a model on the question set (--model, --repeat, --questions, --min-score, …)
  budget-chat backup           snapshot of the budget database (--db PATH, --out PATH)
  budget-chat restore SNAPSHOT put a snapshot back (--db PATH; refused while a server uses it)
  budget-chat --help | --version

Run "budget-chat COMMAND --help" for a command's options.

Environment (flags win; a .env file in the working directory is read):
${envHelp()}`;

type Command = (argv: string[]) => Promise<number>;

const commands: Record<string, () => Promise<Command>> = {
  serve: async () => (await import("./cli/serve.ts")).serveCommand,
  ask: async () => (await import("./cli/ask.ts")).askCommand,
  tool: async () => (await import("./cli/tool.ts")).toolCommand,
  usage: async () => (await import("./cli/usage.ts")).usageCommand,
  "demo-db": async () => (await import("./cli/demo-db.ts")).demoDbCommand,
  users: async () => (await import("./cli/users.ts")).usersCommand,
  budgets: async () => (await import("./cli/budgets.ts")).budgetsCommand,
  categories: async () => (await import("./cli/categories.ts")).categoriesCommand,
  rules: async () => (await import("./cli/rules.ts")).rulesCommand,
  accounts: async () => (await import("./cli/accounts.ts")).accountsCommand,
  audit: async () => (await import("./cli/audit.ts")).auditCommand,
  mcp: async () => (await import("./cli/mcp.ts")).mcpCommand,
  eval: async () => (await import("./cli/eval.ts")).evalCommand,
  backup: async () => (await import("./cli/backup.ts")).backupCommand,
  restore: async () => (await import("./cli/backup.ts")).restoreCommand,
  import: async () => (await import("./cli/import.ts")).importCommand,
  imports: async () => (await import("./cli/import.ts")).importsCommand,
  classify: async () => (await import("./cli/classify.ts")).classifyCommand,
};

export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === "--help" || first === "-h" || first === "help") {
    console.log(await help());
    return 0;
  }
  if (first === "--version" || first === "-v") {
    console.log(pkg.version);
    return 0;
  }
  const name = first === undefined || first.startsWith("-") ? "serve" : first;
  const args = name === first ? rest : argv;
  const load = commands[name];
  if (!load) throw new UsageError(`unknown command "${name}" (see budget-chat --help)`);
  return (await load())(args);
}

if (import.meta.main) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (e) {
    const err = e as Error;
    console.error(`budget-chat: ${err.message}`);
    process.exitCode = err instanceof UsageError ? 2 : 1;
  }
}
