import { Layout, type AssetUrl } from "./Layout.tsx";

/**
 * Shown to a visitor without a session (401), or after a sign-in link that is not valid
 * (`error`: what was wrong with it). The way to a new link is said once, and needs no
 * terminal when another device is still signed in (Settings → Sign in on another device).
 */
export function LoginPage({ error, asset }: { error?: string | null; asset?: AssetUrl }) {
  const title = error ? "Sign-in link not valid" : "Sign in";
  return (
    <Layout title={`${title} · budget-chat`} asset={asset} bodyClass="page-login">
      {/* The navigation's place, with only the name: none of its pages opens without a session. */}
      <header class="site-head">
        <span class="brand">budget-chat</span>
      </header>
      <main class="page narrow" id="main">
        <h1>{title}</h1>
        {error ? (
          <p class="notice notice-error" role="alert">
            {error}
          </p>
        ) : (
          <p>To sign in, open your personal sign-in link in this browser: it signs you in and keeps you signed in.</p>
        )}
        <p class="sign-in-advice">
          {error ? "For a new link" : "No link, or it no longer works? For a new one"}: on a device where you are still signed in, open{" "}
          <strong>Settings → Sign in on another device</strong>; or ask whoever runs budget-chat to make one with <code>budget-chat users link NAME</code>.
        </p>
      </main>
    </Layout>
  );
}
