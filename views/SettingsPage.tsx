import type { Child } from "hono/jsx";
import type { NavUser } from "./AppNav.tsx";
import { Layout, type AssetUrl } from "./Layout.tsx";

/** Settings: one section per concern (sign-in links, account names, …), each its own component. */
export function SettingsPage({ user, asset, children }: { user: NavUser; asset?: AssetUrl; children?: Child }) {
  return (
    <Layout title="Settings · budget-chat" asset={asset} bodyClass="page-settings" nav={{ current: "settings", user }}>
      <main class="page settings-page" id="main">
        <h1>Settings</h1>
        {children}
      </main>
    </Layout>
  );
}
