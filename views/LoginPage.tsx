import { Layout, type AssetUrl } from "./Layout.tsx";

/** Shown to a visitor without a session (401), or after a login link that is not valid: sign in with a login link. */
export function LoginPage({ error, asset }: { error?: string | null; asset?: AssetUrl }) {
  return (
    <Layout title={`${error ? "Login link not valid" : "Sign in"} · budget-chat`} asset={asset} bodyClass="page-login">
      <main class="page narrow" id="main">
        <p class="brand-line">budget-chat</p>
        <h1>{error ? "Login link not valid" : "Sign in"}</h1>
        {error ? (
          <p class="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}
        <p>To sign in, open your personal login link in this browser. It signs you in and keeps you signed in.</p>
        <p class="muted">
          No link, or it no longer works? Whoever runs this budget-chat can make a new one with <code>budget-chat users link NAME</code>.
        </p>
      </main>
    </Layout>
  );
}
