import { formatCount, formatDate } from "../src/core/format.ts";

export type DemoInfo = { firstDate: string | null; lastDate: string | null; transactions: number };

/**
 * Says that the data is the built-in demo, and which period it covers. It can be
 * dismissed (page.js hides it and remembers that in this browser); on a phone it takes
 * one line (the details are cut with an ellipsis, the whole text stays in `title`).
 */
export function DemoBanner({ demo }: { demo: DemoInfo }) {
  const period = demo.firstDate && demo.lastDate ? ` from ${formatDate(demo.firstDate)} to ${formatDate(demo.lastDate)}` : "";
  const facts = `${formatCount(demo.transactions)} made-up transactions${period}.`;
  const details = `${facts} Import your bank statements (or point budget-chat at your own budget.db) to see yours.`;
  return (
    <div class="demo-banner" id="demo-banner" role="note" title={`Demo data: ${details}`}>
      <p>
        <strong>Demo data:</strong>{" "}
        <span class="demo-details">
          {facts} <a href="/import">Import your bank statements</a> (or point budget-chat at your own budget.db) to see yours.
        </span>
      </p>
      <button type="button" class="demo-dismiss quiet" aria-label="Dismiss the demo data note">
        ×
      </button>
    </div>
  );
}
