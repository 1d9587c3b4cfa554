import { relative } from "node:path";
import { DEMO_DB_PATH } from "../ledger/open.ts";
import { dbPath } from "../config.ts";
import { writeDemoDb } from "../ledger/demo/generator.ts";
import { intOption, parse } from "./args.ts";

export const DEMO_HELP = `budget-chat demo-db [--out PATH] [--seed N] [--transactions N] [--force]

Write a synthetic budget database (CHF, Swiss merchants, about three years).
  --out PATH          where to write it (default ${DEMO_DB_PATH}; never the pipeline's data/budget.db unless you name it)
  --seed N            random seed; the same seed gives the same data (default 1)
  --transactions N    number of transactions (default about 7,300)
  --force             overwrite an existing file`;

export async function demoDbCommand(argv: string[]): Promise<number> {
  const { values } = parse(argv, {
    out: { type: "string" },
    seed: { type: "string" },
    transactions: { type: "string" },
    force: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    console.log(DEMO_HELP);
    return 0;
  }
  const out = dbPath(values.out ?? DEMO_DB_PATH);
  const started = performance.now();
  const made = writeDemoDb({
    out,
    seed: intOption(values.seed, "seed", 0, 2 ** 32 - 1),
    transactions: intOption(values.transactions, "transactions", 1, 50_000_000),
    force: values.force,
  });
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Wrote ${made.transactions} transactions (${made.firstDate} to ${made.lastDate}) to ${relative(process.cwd(), made.path) || made.path} in ${secs}s`,
  );
  return 0;
}
