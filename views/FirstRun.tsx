/**
 * The empty chat on demo data (a first run): bring your own statements in, or try the demo data first (with the
 * starter questions below, or, without a model, on the other pages).
 */
export function FirstRun({ canAsk = true }: { canAsk?: boolean }) {
  return (
    <section class="first-run" id="first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">Your own data, or the demo?</h2>
      <p>
        <a class="button primary" href="/import">
          Import your bank statements
        </a>{" "}
        (CAMT.053, CSV or OFX from your e-banking) —{" "}
        {canAsk ? (
          "or try the demo data with one of the questions below."
        ) : (
          <>
            or look around the demo data first: <a href="/transactions">Transactions</a>, <a href="/budgets">Budgets</a>.
          </>
        )}
      </p>
    </section>
  );
}
