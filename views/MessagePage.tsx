import type { Child } from "hono/jsx";
import type { NavUser } from "./AppNav.tsx";
import { Layout, type AssetUrl } from "./Layout.tsx";

/**
 * A page that only says something (not found, an error, a rename that needs a title…),
 * in the app's layout with its navigation (the way on).
 */
export function MessagePage({ title, message, asset, children, user = null }: { title: string; message: string; asset?: AssetUrl; children?: Child; user?: NavUser }) {
  return (
    <Layout title={`${title} · budget-chat`} asset={asset} bodyClass="page-message" nav={{ user }}>
      <main class="page narrow" id="main">
        <h1>{title}</h1>
        <p class="page-message-text">{message}</p>
        {children}
      </main>
    </Layout>
  );
}
