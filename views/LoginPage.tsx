import { Layout, type AssetUrl } from "./Layout.tsx";

/** Shown to a visitor without a session: sign in with a login link. */
export function LoginPage({ error, asset }: { error?: string | null; asset?: AssetUrl }) {
  return (
    <Layout title="Sign in · budget-chat" asset={asset} bodyClass="page-login">
      <main class="page narrow" id="main">
        <h1>budget-chat</h1>
        {error ? (
          <p class="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}
        <p>To sign in, open your personal login link in this browser. Use your login link: it signs you in and keeps you signed in.</p>
        <p class="muted">
          No link, or it no longer works? Whoever runs this budget-chat can make a new one with <code>budget-chat users add NAME</code>.
        </p>
      </main>
    </Layout>
  );
}
