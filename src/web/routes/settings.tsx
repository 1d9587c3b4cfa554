/**
 * The Settings page and the household contributions (SPEC §1, round 4):
 *   GET    /settings                         the page
 *   POST   /settings/contributions           form {action: add|remove, counterparty} → the section (htmx), or back to the page
 *   GET    /api/contributions                {contributions: [{counterparty, created_at, created_by, money_in: [{currency, total, count}]}]}
 *   POST   /api/contributions                {"counterparty": "Alex Muster"} → {counterparty, added}
 *   DELETE /api/contributions/:counterparty  → {removed}; 404 when it was not marked
 * Mounted after the session and Origin checks (src/web/server.ts). Contributions are the
 * household's: every user sees and changes the same list; each change is audited with the
 * user's name (store.contributions).
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { round2 } from "../../core/format.ts";
import { oneLineError } from "../../core/validation.ts";
import { LOCAL_USER_ID } from "../../core/vocab.ts";
import { ContributionNameError, type ContributionActor } from "../../store/contributions.ts";
import { ContributionsSection, type ContributionView } from "../../../views/ContributionsSection.tsx";
import { renderPage } from "../../../views/Layout.tsx";
import { SettingsPage } from "../../../views/SettingsPage.tsx";
import { assetUrl } from "../assets.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { formBody, isHtmxRequest } from "../middleware/respond.ts";
import { toHtml } from "../sse-renderer.ts";

const AddRequest = z.strictObject({ counterparty: z.string().max(200) });

export function settingsRoutes(deps: WebDeps) {
  const r = new Hono<WebEnv>();
  const { budget, store } = deps;
  const asset = (name: string) => assetUrl(deps.assets, name);
  const actor = (c: Context<WebEnv>, via: ContributionActor["via"]): ContributionActor => {
    const user = c.get("user");
    return { via, by: user.name, userId: user.id };
  };

  /** Each marked counterparty with its money in per currency (rows matching the name, folded like search). */
  const views = (): ContributionView[] => {
    const l = budget.ledger();
    return store.contributions.list().map((c) => {
      const match = l.textMatch(c.counterparty);
      const per = new Map<string, { total: number; count: number }>();
      for (const i of l.matchingRows(match)) {
        if (!(l.amount[i]! > 0)) continue;
        const cur = l.currencies[l.currency[i]!]!;
        const t = per.get(cur) ?? { total: 0, count: 0 };
        t.total += l.amount[i]!;
        t.count++;
        per.set(cur, t);
      }
      return { counterparty: c.counterparty, createdBy: c.createdBy, createdAt: c.createdAt, moneyIn: [...per].map(([currency, t]) => ({ currency, ...t })) };
    });
  };

  /** Add or remove; null on success, else what is wrong. */
  const change = (c: Context<WebEnv>, action: string, name: string, via: ContributionActor["via"]): { status: 400 | 404; message: string } | null => {
    if (action === "remove") {
      return store.contributions.remove(name, actor(c, via)) === null ? { status: 404, message: `"${name.trim()}" is not a household contribution.` } : null;
    }
    if (action !== "add") return { status: 400, message: "action must be add or remove" };
    try {
      store.contributions.add(name, actor(c, via));
      return null;
    } catch (e) {
      if (e instanceof ContributionNameError) return { status: 400, message: `${e.message[0]!.toUpperCase()}${e.message.slice(1)}.` };
      throw e;
    }
  };

  r.get("/settings", async (c) => {
    const user = c.get("user");
    return c.html(
      await renderPage(<SettingsPage contributions={{ contributions: views() }} asset={asset} userName={user.id === LOCAL_USER_ID ? null : user.name} />),
      200,
      { "Cache-Control": "no-store" },
    );
  });

  r.post("/settings/contributions", async (c) => {
    const form = await formBody(c);
    const name = typeof form.counterparty === "string" ? form.counterparty : "";
    const problem = change(c, typeof form.action === "string" ? form.action : "", name, "page");
    c.header("Cache-Control", "no-store");
    if (!isHtmxRequest(c)) return problem ? c.text(problem.message, problem.status) : c.redirect("/settings", 303);
    return c.html(toHtml(<ContributionsSection contributions={views()} error={problem?.message} typed={problem ? name : undefined} />), problem ? 422 : 200);
  });

  r.get("/api/contributions", (c) =>
    c.json({
      contributions: views().map((v) => ({
        counterparty: v.counterparty,
        created_at: v.createdAt,
        created_by: v.createdBy,
        money_in: v.moneyIn.map((m) => ({ currency: m.currency, total: round2(m.total), count: m.count })),
      })),
    }),
  );

  r.post("/api/contributions", async (c) => {
    const body = AddRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json({ error: `invalid request: ${oneLineError(body.error)}; send {"counterparty": "Alex Muster"}` }, 400);
    try {
      const res = store.contributions.add(body.data.counterparty, actor(c, "api"));
      return c.json({ counterparty: res.counterparty, added: res.added });
    } catch (e) {
      if (e instanceof ContributionNameError) return c.json({ error: e.message }, 400);
      throw e;
    }
  });

  r.delete("/api/contributions/:counterparty", (c) => {
    const removed = store.contributions.remove(c.req.param("counterparty"), actor(c, "api"));
    if (removed === null) return c.json({ error: `"${c.req.param("counterparty")}" is not a household contribution` }, 404);
    return c.json({ removed });
  });

  return r;
}
