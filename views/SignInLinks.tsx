import { formatDateTime } from "../src/core/format.ts";

export type NewSignInLink = { url: string; expiresAt: string };

export type SignInLinksProps = {
  /** Null in single-user local mode (nobody signs in). */
  userName: string | null;
  /** The link just made (shown once: only its hash is stored). */
  link?: NewSignInLink | null;
  /** How long a link stays valid. */
  ttlHours: number;
  timeZone?: string;
};

/**
 * Settings → Sign in on another device: a signed-in user makes a one-time sign-in link for
 * themselves (a phone, a second browser, or to get back in after logging out there),
 * without the terminal. A new link voids the earlier unused ones.
 */
export function SignInLinks({ userName, link, ttlHours, timeZone }: SignInLinksProps) {
  return (
    <section class="settings-section" id="sign-in-links" aria-labelledby="sign-in-links-title">
      <h2 id="sign-in-links-title">Sign in on another device</h2>
      {userName === null ? (
        <p>
          Nobody needs to sign in: budget-chat serves this computer only. To use it from other devices, or for more people, add users in the terminal (
          <code>budget-chat users add NAME</code>) and start it on a network address.
        </p>
      ) : (
        <>
          <p>
            A sign-in link for <strong>{userName}</strong>: open it on the other device (or in this browser after logging out) and it signs you in there. It works once,
            within {ttlHours} {ttlHours === 1 ? "hour" : "hours"}; a new one makes earlier unused links stop working.
          </p>
          {link ? (
            <div class="new-link" role="status">
              <label for="sign-in-link-url">Your sign-in link (shown only now)</label>
              <div class="copy-row">
                <input type="text" id="sign-in-link-url" value={link.url} readonly autocomplete="off" spellcheck={false} />
                <button type="button" class="copy-text" data-copy="sign-in-link-url">
                  Copy
                </button>
              </div>
              <p class="muted">
                Valid until{" "}
                <time class="local-datetime" datetime={link.expiresAt}>
                  {formatDateTime(link.expiresAt, timeZone)}
                </time>
                . Send it only to yourself: whoever opens it is signed in as you.
              </p>
            </div>
          ) : null}
          <form method="post" action="/settings/sign-in-link" hx-post="/settings/sign-in-link" hx-target="#sign-in-links" hx-swap="outerHTML">
            <button type="submit" class={link ? undefined : "primary"}>
              {link ? "Make a new link" : "Create a sign-in link"}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
