/**
 * A file's settings changed on the page (its account, format, flip, or the mapping screen's columns): the file read
 * again as the page now shows it; "Save layout as …" saves the columns chosen by name.
 */
import type { Context, Hono } from "hono";
import { ChangeRefused } from "../../../core/errors.ts";
import { chosenLayout, settingsFromFields, withLayoutFlip, type FileSettings } from "../../../import/mapping.ts";
import type { HeldImport } from "../../../import/pending.ts";
import { saveLayout } from "../../../import/user-layouts.ts";
import type { WebDeps, WebEnv } from "../../context.ts";
import { formBody, refusalOf } from "../../middleware/respond.ts";
import { errorNotice } from "./fragments.tsx";
import type { ImportSession } from "./import-session.tsx";
import { small } from "./uploads.ts";

export function mappingRoutes(r: Hono<WebEnv>, s: ImportSession, deps: WebDeps) {
  const { store } = deps;
  const { pending, userOf, noIdleTimeout, outcomeFor, mappingOf, fileHtml, summaryPartial } = s;

  // A field of a file's preview changed: the file is read again with the settings the page now shows.
  r.post("/import/:id/settings", small, async (c) => {
    const id = c.req.param("id");
    const body = await formBody(c);
    const columns = c.req.query("columns") === "chosen" ? "chosen" : body.columns;
    noIdleTimeout(c);
    const userId = userOf(c);
    try {
      // A field the page cannot use (a currency that is no ISO code) is said beside the file, which stays as it was.
      const before = pending.get(id, userId);
      let settings = withLayoutFlip(settingsFromFields({ ...body, columns }), before.settings, mappingOf(before));
      if (c.req.query("save") === "1") settings = saveChosen(c, before, settings, typeof body["save-as"] === "string" ? body["save-as"] : "");
      const { held } = await pending.repreview(id, userId, settings, (h) => outcomeFor(h.file, settings, mappingOf(h), h.assumedCurrency));
      // A choice made on the mapping screen ("Use these columns" too) is the user's, no longer a guess; a change of the
      // account or the format leaves the guess a guess.
      if (c.req.query("columns") === "chosen" || !held.settings.columns) {
        delete held.columnsGuessed;
        delete held.signsInDoubt;
        delete held.guessedWhy;
      }
      // "Flip signs" ticked answers the signs' doubt (the command line's --flip-signs), not the columns' guess.
      if (held.settings.flipSigns) delete held.signsInDoubt;
    } catch (e) {
      const refused = refusalOf(e);
      if (!refused) throw e;
      // The file is still held (a name missing for its layout, an import running): it stays, saying why.
      if ("held" in pending.lookup(id, userId)) return c.html(fileHtml(c, id, (e as Error).message), refused.status);
      return c.html(errorNotice((e as Error).message), refused.status);
    }
    return c.html(fileHtml(c, id) + summaryPartial(c, id));
  });

  /** "Save layout as …": the roles chosen on the mapping screen saved by name; the file is then read with the saved layout. */
  const saveChosen = (c: Context<WebEnv>, h: HeldImport, settings: FileSettings, name: string): FileSettings => {
    const view = mappingOf(h);
    const trimmed = name.trim();
    if (!trimmed) throw new ChangeRefused("invalid", "Give the layout a name to save it under.");
    if (!view || !settings.columns) throw new ChangeRefused("invalid", "Choose what each column holds first.");
    const layout = chosenLayout(view, { ...settings, columns: settings.columns }, trimmed);
    const account = settings.account?.trim();
    saveLayout(store, trimmed, account ? { ...layout, savedAccount: account } : layout, c.get("user").name);
    // Its flip is the layout's now: read with it, the file needs no flip of its own.
    return { ...(settings.account ? { account: settings.account } : {}), ...(settings.format ? { format: settings.format } : {}), layout: trimmed };
  };
}
