import type { ImportRecord } from "../src/store/import-records.ts";
import type { NavUser } from "./AppNav.tsx";
import { ImportForm } from "./ImportForm.tsx";
import { ImportList } from "./ImportList.tsx";
import { Layout, type AssetUrl } from "./Layout.tsx";

export type ImportPageProps = {
  imports: ImportRecord[];
  /** An account's name (Settings) or its masked number. */
  account: (a: string) => string;
  /** Demo data is being shown: the first import creates the user's own database. */
  demo: boolean;
  asset?: AssetUrl;
  user: NavUser;
};

/** The note that demo data is shown; the first import removes it (the route swaps it away). */
export const DEMO_NOTE_ID = "import-demo-note";

/** Bank statements in: choose or drop files, preview what they add, import them; past imports with undo. */
export function ImportPage(p: ImportPageProps) {
  return (
    <Layout title="Import · budget-chat" asset={p.asset} bodyClass="page-import" nav={{ current: "import", user: p.user }}>
      <main class="page import-page" id="main">
        <h1>Import bank statements</h1>
        <p class="muted">
          Export your statements from your e-banking — camt.053 XML, MT940, OFX or QFX, QIF, any bank's CSV, or a ZIP of them — and choose or drop them below, one or many at once. You see
          every file first; nothing is written until you press Import.
        </p>
        {p.demo ? (
          <p class="notice" role="note" id={DEMO_NOTE_ID}>
            You are looking at demo data. Your first import creates your own budget database, and budget-chat switches to it.
          </p>
        ) : null}
        <ImportForm />
        <section id="import-preview" class="import-preview" aria-label="Preview"></section>
        <div id="import-notice" aria-live="polite"></div>
        <ImportList imports={p.imports} account={p.account} />
      </main>
    </Layout>
  );
}
