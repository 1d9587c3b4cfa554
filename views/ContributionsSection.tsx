import { formatCount, formatMoney } from "../src/core/format.ts";

/** A marked counterparty with what its money in comes to in the data (so the user sees the name matches). */
export type ContributionView = { counterparty: string; createdBy: string; createdAt: string; moneyIn: { currency: string; total: number; count: number }[] };

export type ContributionsSectionProps = { contributions: ContributionView[]; error?: string | null; typed?: string };

/** Forms post to /settings/contributions (without JavaScript too); with htmx the section swaps itself. */
const post = { method: "post", action: "/settings/contributions", "hx-post": "/settings/contributions", "hx-target": "#contributions", "hx-swap": "outerHTML" } as const;

/**
 * The Settings page's household contributions (SPEC §1): counterparties whose money in counts
 * as income (a partner paying into a joint account); their rows stay in their category.
 */
export function ContributionsSection({ contributions, error, typed }: ContributionsSectionProps) {
  return (
    <section class="settings-section contributions" id="contributions" aria-labelledby="contributions-heading">
      <h2 id="contributions-heading">Household contributions</h2>
      <p class="muted">
        Money a partner or housemate pays into a shared account is a transfer by category, but for the household it is income. Name them as the bank text does (letter
        case, accents and umlaut spellings do not matter): their money in then counts as income in "income vs spending" and the savings rate, on its own line. Their
        transactions keep their category.
      </p>
      {contributions.length ? (
        <ul class="contribution-list">
          {contributions.map((c) => (
            <li class="contribution-row">
              <span class="contribution-name">{c.counterparty}</span>{" "}
              <span class="muted">
                {c.moneyIn.length
                  ? c.moneyIn.map((m) => `${formatMoney(m.total, m.currency)} in ${formatCount(m.count)} ${m.count === 1 ? "payment" : "payments"}`).join(", ")
                  : "no money in from them in the data yet"}
              </span>
              <form {...post} class="inline-form">
                <input type="hidden" name="action" value="remove" />
                <input type="hidden" name="counterparty" value={c.counterparty} />
                <button type="submit" class="danger" aria-label={`Remove ${c.counterparty}`}>
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        <p>No household contributions yet.</p>
      )}
      <form {...post} class="stack-form">
        <input type="hidden" name="action" value="add" />
        <label for="contribution-name">Counterparty</label>
        <input
          type="text"
          id="contribution-name"
          name="counterparty"
          required
          maxlength={100}
          autocomplete="off"
          placeholder="e.g. Alex Muster"
          value={typed ?? ""}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={error ? "contribution-error" : undefined}
        />
        <button type="submit" class="primary">
          Count as income
        </button>
      </form>
      {error ? (
        <p class="form-error" id="contribution-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
