import { formatCount } from "../src/core/format.ts";
import { safeId } from "../src/ui/dom-ids.ts";
import { MAX_ACCOUNT_NAME } from "../src/store/account-names.ts";

export type AccountNameView = { account: string; masked: string; name: string; rows: number };

/**
 * Settings → Accounts: a name for each bank account the data has, shown instead of its
 * number on every page (the number only masked: "CH93 … 2957"). An empty name removes it.
 */
export function AccountNamesForm({ accounts, saved }: { accounts: AccountNameView[]; saved?: string | null }) {
  return (
    <section class="settings-section" id="account-names" aria-labelledby="account-names-title">
      <h2 id="account-names-title">Accounts</h2>
      {accounts.length === 0 ? (
        <p class="muted">No accounts yet: they come with your first import.</p>
      ) : (
        <>
          <p class="muted">A name for each account, shown instead of its number on every page.</p>
          <ul class="account-list">
            {accounts.map((a) => {
              const id = `account-${safeId(a.account)}`;
              return (
                <li class="account-row" id={id}>
                  <form method="post" action="/settings/accounts" hx-post="/settings/accounts" hx-target="#account-names" hx-swap="outerHTML" class="stack-form">
                    <input type="hidden" name="account" value={a.account} />
                    <label for={`${id}-name`}>
                      <span class="account-number">{a.masked}</span> <span class="muted">({formatCount(a.rows)} {a.rows === 1 ? "transaction" : "transactions"})</span>
                    </label>
                    <input type="text" id={`${id}-name`} name="name" value={a.name} maxlength={MAX_ACCOUNT_NAME} autocomplete="off" placeholder="e.g. Household account" />
                    <button type="submit">Save</button>
                  </form>
                </li>
              );
            })}
          </ul>
          {saved ? (
            <p class="muted" role="status">
              {saved}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
