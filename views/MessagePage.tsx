import type { Child } from "hono/jsx";
import { Layout, type AssetUrl } from "./Layout.tsx";

/**
 * A page that only says something (not found, an error, a login link that is not
 * valid, a rename that needs a title…), in the app's layout, with a way back.
 */
export function MessagePage({ title, message, asset, children, back = true }: { title: string; message: string; asset?: AssetUrl; children?: Child; back?: boolean }) {
  return (
    <Layout title={`${title} · budget-chat`} asset={asset} bodyClass="page-message">
      <main class="page narrow" id="main">
        <p class="brand-line">
          <a class="brand" href="/">
            budget-chat
          </a>
        </p>
        <h1>{title}</h1>
        <p class="page-message-text">{message}</p>
        {children}
        {back ? (
          <p>
            <a href="/">Back to the chat</a>
          </p>
        ) : null}
      </main>
    </Layout>
  );
}
