/**
 * The Import page (SPEC §10.1) and its drop: the files dropped, each held and previewed in the parse worker, with the
 * columns proposed for a CSV nothing recognised, and with several files their combined preview.
 */
import type { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { streamSSE } from "hono/streaming";
import type { FileSettings } from "../../../import/mapping.ts";
import { ImportBatch } from "../../../../views/ImportBatch.tsx";
import { ImportPage } from "../../../../views/ImportPage.tsx";
import { ImportProgress } from "../../../../views/ImportProgress.tsx";
import { renderPage } from "../../../../views/Layout.tsx";
import { assetUrl } from "../../assets.ts";
import type { WebDeps, WebEnv } from "../../context.ts";
import { signedInName } from "../../middleware/auth/index.ts";
import { isHtmxRequest, refusalOf } from "../../middleware/respond.ts";
import { toHtml } from "../../sse-renderer.ts";
import { errorNotice } from "./fragments.tsx";
import type { ImportSession } from "./import-session.tsx";
import { readUploads, statementsOf, toWorker, upload, type Upload } from "./uploads.ts";

export function previewRoutes(r: Hono<WebEnv>, s: ImportSession, deps: WebDeps) {
  const { importer } = deps;
  const { pending, userOf, noIdleTimeout, accountWords, outcomeFor, savedAccountFor, fileViewOf, summaryOf, startGroup } = s;

  const asset = (name: string) => assetUrl(deps.assets, name);

  r.get("/import", async (c) => {
    const user = c.get("user");
    const name = signedInName(user);
    return c.html(await renderPage(<ImportPage imports={importer.list()} account={accountWords()} demo={deps.budget.demo} asset={asset} user={name ? { name } : null} />));
  });

  // The dropped files, each held and previewed in the parse worker; the page gets progress while they are read,
  // then their previews (one each, and with several the combined preview with "Import all").
  r.post("/import/preview", upload, async (c) => {
    let files: Upload[];
    try {
      files = await statementsOf(await readUploads(c));
    } catch (e) {
      if (e instanceof HTTPException) return c.html(errorNotice(e.message), e.status as 413);
      const refused = refusalOf(e);
      if (!refused) throw e;
      return c.html(errorNotice((e as Error).message), refused.status);
    }
    noIdleTimeout(c);
    const userId = userOf(c);
    const previews = async (progress?: (label: string) => Promise<void>) => {
      const ids: string[] = [];
      // One currency for every file of the drop that names none, however many of them are imported before another.
      const assumedCurrency = importer.assumedCurrency();
      for (const [k, up] of files.entries()) {
        await progress?.(files.length > 1 ? `Reading ${up.name} (${k + 1} of ${files.length})…` : `Reading ${up.name}…`);
        // The worker keeps the file's text from its first preview on: later ones name it only.
        const sent = toWorker(up);
        const file = { name: sent.name, id: sent.id, size: sent.size };
        let settings: FileSettings = {};
        let outcome = await outcomeFor(sent, settings, null, assumedCurrency);
        let guessed = false;
        let signsInDoubt: string | undefined;
        let guessedWhy: string | undefined;
        // Columns nothing recognised: the roles proposed for them are tried at once, and the mapping screen opens
        // with their preview (the user checks and corrects them) rather than with only a question — or with what the
        // proposal still lacks ("Choose how the dates are written"), which says more than "cannot tell which columns".
        if ("problem" in outcome && outcome.needsColumns && outcome.mapping) {
          // (A saved layout's roles, for its header's names in another order: its "Flip signs" with them.)
          const proposal: FileSettings = { columns: { roles: outcome.mapping.roles, dateFormat: outcome.mapping.dateFormat, decimal: outcome.mapping.decimal, currency: outcome.mapping.currency }, ...(outcome.mapping.flipSigns ? { flipSigns: true as const } : {}) };
          const tried = await outcomeFor(file, proposal, outcome.mapping, assumedCurrency);
          // Only a guess: previewed to be checked, imported once the user confirms or changes it (as the CLI and the API
          // refuse the file until its columns are named). The signs in doubt (uqa9's card CSV: its purchases money in,
          // unsaid) stay said beside "Flip signs" until then, as the command line says them.
          if ("preview" in tried || tried.needsColumns) [settings, outcome, guessed, signsInDoubt, guessedWhy] = [proposal, tried, true, outcome.signs ? outcome.problem : undefined, outcome.mapping.savedAs ? outcome.problem : undefined];
        }
        // Read with a layout the user saved with an account, a file that names none is that account's, as the Account
        // field then shows (uqa10: it landed with no account, where the user had named one when saving the layout).
        const kept = "preview" in outcome ? savedAccountFor(outcome.preview) : null;
        if (kept) {
          settings = { ...settings, account: kept };
          outcome = await outcomeFor(file, settings, outcome.mapping, assumedCurrency);
        }
        ids.push(pending.add({ file, settings, outcome, version: 1, assumedCurrency, ...(guessed ? { columnsGuessed: true as const } : {}), ...(signsInDoubt ? { signsInDoubt } : {}), ...(guessedWhy ? { guessedWhy } : {}) }, userId));
      }
      const group = startGroup(ids);
      const account = accountWords();
      const views = ids.map((id) => fileViewOf(id, pending.get(id, userId), account));
      return toHtml(<ImportBatch group={group} files={views} summary={summaryOf(c, group)} />);
    };
    if (!isHtmxRequest(c)) return c.html(await previews());
    return streamSSE(c, async (stream) => {
      const html = await previews((label) => stream.writeSSE({ data: toHtml(<ImportProgress label={label} />) }));
      await stream.writeSSE({ data: html });
    });
  });
}
