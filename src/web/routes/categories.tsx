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
import { LOCAL_USER_ID } from "../../core/vocab.ts";
import { z } from "zod";
import { CATEGORY_ACTIONS, changeCategory, listCategories, roleNote, type CategoryRequest } from "../../categories/categories.ts";
import { ToolInputError } from "../../core/errors.ts";
import { oneLineError } from "../../core/validation.ts";
import { WriteConflictError } from "../../ledger/recategorise.ts";
import { CategoriesPage } from "../../../views/CategoriesPage.tsx";
import { EditToast } from "../../../views/EditToast.tsx";
import { renderPage } from "../../../views/Layout.tsx";
import { MessagePage } from "../../../views/MessagePage.tsx";
import { assetUrl } from "../assets.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { formBody, isHtmxRequest } from "../middleware/respond.ts";
import { toHtml } from "../sse-renderer.ts";
import { UNDO_LATER } from "../../transactions/edit.ts";

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const ChangeRequest = z.strictObject({
  action: z.enum(CATEGORY_ACTIONS, "action must be add, rename, merge or describe"),
  name: z.string("name is required").max(200),
  new_name: z.preprocess(blank, z.string().max(200).optional()),
  into: z.preprocess(blank, z.string().max(200).optional()),
  description: z.preprocess(blank, z.string().max(2000).optional()),
});

export function categoryRoutes(deps: WebDeps) {
  const r = new Hono<WebEnv>();
  const { budget, store } = deps;
  const asset = (name: string) => assetUrl(deps.assets, name);
  const catDeps = { budget, writer: deps.writer, store };

  /** Make a change; what it did (with the stored edit), or a refusal with its status. */
  const apply = async (c: Context<WebEnv>, body: unknown, via: "page" | "api") => {
    const parsed = ChangeRequest.safeParse(body);
    if (!parsed.success) return { ok: false as const, status: 400 as const, message: `Invalid change: ${oneLineError(parsed.error)}` };
    const b = parsed.data;
    const req: CategoryRequest = { action: b.action, name: b.name, newName: b.new_name, into: b.into, description: b.description };
    const user = c.get("user");
    try {
      return { ok: true as const, ...(await changeCategory(catDeps, { id: user.id, name: user.name }, req, via)) };
    } catch (e) {
      if (e instanceof ToolInputError) return { ok: false as const, status: e.message.startsWith("Unknown category") ? (404 as const) : (400 as const), message: e.message };
      if (e instanceof WriteConflictError) return { ok: false as const, status: 409 as const, message: `Nothing was changed: ${e.message}.` };
      throw e;
    }
  };

  r.get("/categories", async (c) => {
    const user = c.get("user");
    return c.html(
      await renderPage(
        <CategoriesPage
          categories={listCategories(budget, store)}
          edits={store.edits.list(user.id, { limit: 20 }).map((e) => ({ id: e.id, message: e.message, createdAt: e.createdAt, undoneAt: e.undoneAt }))}
          asset={asset}
          userName={user.id === LOCAL_USER_ID ? null : user.name}
        />,
      ),
      200,
      { "Cache-Control": "no-store" },
    );
  });

  r.post("/categories", async (c) => {
    const form = await formBody(c);
    const res = await apply(c, Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === "string")), "page");
    c.header("Cache-Control", "no-store");
    if (!isHtmxRequest(c)) {
      if (res.ok) return c.redirect("/categories", 303);
      return c.html(await renderPage(<MessagePage title="Not changed" message={res.message} asset={asset} />), res.status);
    }
    if (!res.ok) return c.html(toHtml(<EditToast message={res.message} error />));
    c.header("HX-Trigger", "data-changed");
    const note = roleNote(budget, res.plan);
    const message = `${res.message}${note ? ` Note: ${note}` : ""}${res.edit ? "" : ` ${UNDO_LATER}`}`;
    return c.html(toHtml(<EditToast message={message} undoId={res.edit?.id} />));
  });

  r.get("/api/categories", (c) => c.json({ categories: listCategories(budget, store) }));

  r.post("/api/categories", async (c) => {
    const res = await apply(c, await c.req.json().catch(() => undefined), "api");
    if (!res.ok) return c.json({ error: res.message }, res.status);
    return c.json({ edit_id: res.edit?.id ?? null, message: res.message, role_note: roleNote(budget, res.plan) });
  });

  return r;
}
