import { formatCount } from "../src/core/format.ts";

export type DemoInfo = { firstDate: string | null; lastDate: string | null; transactions: number };

/** Says that the data is the built-in demo, and which period it covers. */
export function DemoBanner({ demo }: { demo: DemoInfo }) {
  return (
    <p class="demo-banner" id="demo-banner" role="note">
      <strong>Demo data:</strong> {formatCount(demo.transactions)} made-up transactions
      {demo.firstDate && demo.lastDate ? ` from ${demo.firstDate} to ${demo.lastDate}` : ""}. <a href="/import">Import your bank statements</a> (or
      point budget-chat at your own budget.db) to see yours.
    </p>
  );
}
