import type { ImportRecord } from "../src/store/import-records.ts";
import { AppNav } from "./AppNav.tsx";
import { ImportForm } from "./ImportForm.tsx";
import { ImportList } from "./ImportList.tsx";
import { Layout, type AssetUrl } from "./Layout.tsx";

export type ImportPageProps = {
  imports: ImportRecord[];
  /** Names of saved CSV mappings. */
  mappings: string[];
  /** Demo data is being shown: the first import creates the user's own database. */
  demo: boolean;
  asset?: AssetUrl;
  userName?: string | null;
};

/** Bank statements in: choose or drop a file, preview what it adds, import it; past imports with undo. */
export function ImportPage(p: ImportPageProps) {
  return (
    <Layout title="Import · budget-chat" asset={p.asset} bodyClass="page-import">
      <main class="page import-page" id="main">
        <AppNav user={p.userName ? { name: p.userName } : null} current="import" />
        <h1>Import bank statements</h1>
        <p class="muted">
          Export a statement from your e-banking as CAMT.053 (XML) or CSV (UBS account and card CSVs, any bank's CSV) or OFX/QFX, and
          choose or drop it below. You see every row first; nothing is written until you press Import.
        </p>
        {p.demo ? (
          <p class="notice" role="note">
            You are looking at demo data. Your first import creates your own budget database, and budget-chat switches to it.
          </p>
        ) : null}
        <ImportForm mappings={p.mappings} />
        <section id="import-preview" class="import-preview" aria-live="polite"></section>
        <div id="import-notice" aria-live="polite"></div>
        <ImportList imports={p.imports} />
      </main>
    </Layout>
  );
}
