/**
 * Categories (SPEC §12) in the web app, over src/categories/:
 *   GET  /categories        the page
 *   POST /categories        form {action: add|rename|merge|describe, name, new_name?, into?, description?}
 *                           → a toast with Undo (htmx; the page refreshes itself), or back to the page
 *   GET  /api/categories    every category: name, description, rows, role, budget
 *   POST /api/categories    the same change as JSON → {edit_id, message}
 * Undo is POST /edits/:id/undo (routes/transactions.tsx), as for transaction edits.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { CATEGORY_ACTIONS, changeCategory, listCategories, roleNote, type CategoryRequest } from "../../categories/categories.ts";
import { ChangeRefused, WriteConflictError } from "../../core/errors.ts";
import { lazySchema, oneLineError } from "../../core/validation.ts";
import { CategoriesPage } from "../../../views/CategoriesPage.tsx";
import { EditToast } from "../../../views/EditToast.tsx";
import { renderPage } from "../../../views/Layout.tsx";
import { assetUrl } from "../assets.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { formBody, isHtmxRequest, jsonBody } from "../middleware/respond.ts";
import { signedInName } from "../middleware/auth/index.ts";
import { toHtml } from "../sse-renderer.ts";
import { refusedChange } from "../refused-change.tsx";
import { UNDO_LATER } from "../../transactions/edit.ts";
import { whenBudgetReadable } from "../middleware/budget-readable.ts";

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const ChangeRequest = lazySchema(() =>
  z.strictObject({
    action: z.enum(CATEGORY_ACTIONS, "action must be add, rename, merge or describe"),
    name: z.string("name is required").max(200),
    new_name: z.preprocess(blank, z.string().max(200).optional()),
    into: z.preprocess(blank, z.string().max(200).optional()),
    description: z.preprocess(blank, z.string().max(2000).optional()),
  }),
);
const invalidChange = (problem: string) => `Invalid change: ${problem}`;

export function categoryRoutes(deps: WebDeps) {
  const r = new Hono<WebEnv>();
  const { budget, store } = deps;
  // Every route here reads budget.db on the spot: wait for another program's lock without freezing the server.
  for (const path of ["/categories", "/categories/*", "/api/categories", "/api/categories/*"]) r.use(path, whenBudgetReadable(budget));
  const asset = (name: string) => assetUrl(deps.assets, name);
  const catDeps = { budget, writer: deps.writer, store };

  /** Make a change: what it did (the stored edit: null when chat.db records it a moment later). A refusal is thrown (an unknown category, bad input, a conflict with what is there now), as is a busy or read-only budget.db. */
  const apply = async (c: Context<WebEnv>, b: z.output<ReturnType<typeof ChangeRequest>>, via: "page" | "api") => {
    const req: CategoryRequest = { action: b.action, name: b.name, newName: b.new_name, into: b.into, description: b.description };
    const user = c.get("user");
    try {
      return await changeCategory(catDeps, { id: user.id, name: user.name }, req, via);
    } catch (e) {
      if (e instanceof WriteConflictError) throw new ChangeRefused("conflict", `Nothing was changed: ${e.message}.`);
      throw e;
    }
  };

  r.get("/categories", async (c) => {
    const user = c.get("user");
    return c.html(
      await renderPage(
        <CategoriesPage
          categories={listCategories(budget, store)}
          edits={store.edits.list(user.id, { limit: 20 })}
          asset={asset}
          userName={signedInName(user)}
          notSpendingNote={budget.notSpendingWarning()}
        />,
      ),
      200,
      { "Cache-Control": "no-store" },
    );
  });

  r.post("/categories", async (c) => {
    const form = ChangeRequest().safeParse(Object.fromEntries(Object.entries(await formBody(c)).filter(([, v]) => typeof v === "string")));
    c.header("Cache-Control", "no-store");
    let res: Awaited<ReturnType<typeof apply>>;
    try {
      if (!form.success) throw new ChangeRefused("invalid", invalidChange(oneLineError(form.error)));
      res = await apply(c, form.data, "page");
    } catch (e) {
      return refusedChange(c, e, asset);
    }
    if (!isHtmxRequest(c)) return c.redirect("/categories", 303);
    c.header("HX-Trigger", "data-changed");
    const note = roleNote(budget, res.plan);
    const message = `${res.message}${note ? ` Note: ${note}` : ""}${res.edit ? "" : ` ${UNDO_LATER}`}`;
    return c.html(toHtml(<EditToast message={message} undoId={res.edit?.id} />));
  });

  r.get("/api/categories", (c) => c.json({ categories: listCategories(budget, store) }));

  r.post("/api/categories", jsonBody(ChangeRequest, invalidChange), async (c) => {
    const res = await apply(c, c.req.valid("json"), "api");
    return c.json({ edit_id: res.edit?.id ?? null, message: res.message, role_note: roleNote(budget, res.plan) });
  });

  return r;
}
