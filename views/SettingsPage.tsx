import { AppNav } from "./AppNav.tsx";
import { ContributionsSection, type ContributionsSectionProps } from "./ContributionsSection.tsx";
import { Layout, type AssetUrl } from "./Layout.tsx";

export type SettingsPageProps = { contributions: ContributionsSectionProps; asset?: AssetUrl; userName?: string | null };

/** Household settings: one section per setting, each its own component. */
export function SettingsPage(p: SettingsPageProps) {
  return (
    <Layout title="Settings · budget-chat" asset={p.asset} bodyClass="page-settings">
      <main class="page settings-page" id="main">
        <AppNav user={p.userName ? { name: p.userName } : null} current="settings" />
        <h1>Settings</h1>
        <ContributionsSection {...p.contributions} />
      </main>
    </Layout>
  );
}
