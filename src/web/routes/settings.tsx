/**
 * Settings (issues 36 and 33), one section per concern:
 *   GET    /settings                         the page
 *   POST   /settings/sign-in-link            a new one-time sign-in link for the signed-in user (their earlier unused ones
 *                                            stop working) → the section showing it once (htmx), or the page
 *   POST   /settings/accounts                form {account, name}: name a bank account (empty: remove the name)
 *                                            → the section (htmx), or back to the page
 *   POST   /settings/contributions           form {action: add|remove, counterparty}: a household contribution (SPEC §1)
 *                                            → the section (htmx; a refusal said there, 422), or back to the page
 *   GET    /api/contributions                {contributions: [{counterparty, created_at, created_by, money_in: [{currency, total, count}]}]}
 *   POST   /api/contributions                {"counterparty": "Alex Muster"} → {counterparty, added}
 *   DELETE /api/contributions/:counterparty  → {removed}; 404 when it was not marked
 * Mounted after the session and Origin checks like every route that changes data. Contributions
 * are the household's: every user sees and changes the same list; each change is audited with the
 * user's name (store.contributions).
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { lazySchema } from "../../core/validation.ts";
import { SETTINGS } from "../../config.ts";
import { ChangeRefused } from "../../core/errors.ts";
import { formatCount, round2 } from "../../core/format.ts";
import { MAX_ACCOUNT_NAME } from "../../store/account-names.ts";
import type { ContributionActor } from "../../store/contributions.ts";
import { maskAccount } from "../../core/account-labels.ts";
import { AccountNamesForm, type AccountNameView } from "../../../views/AccountNamesForm.tsx";
import { ContributionsSection, type ContributionView } from "../../../views/ContributionsSection.tsx";
import { renderPage } from "../../../views/Layout.tsx";
import { SettingsPage } from "../../../views/SettingsPage.tsx";
import { SignInLinks, type NewSignInLink } from "../../../views/SignInLinks.tsx";
import { assetUrl } from "../assets.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { signedInName } from "../middleware/auth/index.ts";
import { formBody, isHtmxRequest, jsonBody, refusalOf } from "../middleware/respond.ts";
import { toHtml } from "../sse-renderer.ts";

const AddContribution = lazySchema(() => z.strictObject({ counterparty: z.string().max(200) }));

/** "the counterparty's name needs …" → "The counterparty's name needs ….": a refusal as the page says it. */
const sentence = (problem: string) => `${problem[0]!.toUpperCase()}${problem.slice(1)}.`;

export function settingsRoutes(deps: WebDeps) {
  const r = new Hono<WebEnv>();
  const { store, budget } = deps;
  const asset = (name: string) => assetUrl(deps.assets, name);
  const ttlMs = deps.loginLinkTtlMs ?? SETTINGS.loginLinkTtl.default * 3_600_000;
  const ttlHours = Math.round(ttlMs / 3_600_000);
  const timeZone = deps.chat.deps.settings.timeZone;

  const accounts = (): AccountNameView[] => {
    const names = store.accountNames.all();
    return budget.summaryOrLast().accounts.map((a) => ({ account: a.account, masked: maskAccount(a.account), name: names.get(a.account) ?? "", rows: a.count }));
  };
  const contributionActor = (c: Context<WebEnv>, via: ContributionActor["via"]): ContributionActor => {
    const user = c.get("user");
    return { via, by: user.name, userId: user.id };
  };
  /** Each marked counterparty with its money in per currency (rows matching the name, folded like search). */
  const contributions = (): ContributionView[] => {
    const l = budget.ledger();
    return store.contributions.list().map((c) => {
      const per = new Map<string, { total: number; count: number }>();
      for (const i of l.matchingRows(l.textMatch(c.counterparty))) {
        if (!(l.amountAt(i) > 0)) continue;
        const t = per.get(l.currencyCode(i)) ?? { total: 0, count: 0 };
        t.total += l.amountAt(i);
        t.count++;
        per.set(l.currencyCode(i), t);
      }
      return { counterparty: c.counterparty, createdBy: c.createdBy, createdAt: c.createdAt, moneyIn: [...per].map(([currency, t]) => ({ currency, ...t })) };
    });
  };
  /**
   * Mark or unmark a contribution. Refusals are thrown (ChangeRefused), as clauses ("… is not a household
   * contribution"): a name that cannot be a counterparty (ContributionNameError), one that is not marked.
   * Returns the counterparty as the list spells it.
   */
  const changeContribution = (c: Context<WebEnv>, action: string, name: string, via: ContributionActor["via"]): string => {
    if (action === "remove") {
      const removed = store.contributions.remove(name, contributionActor(c, via));
      if (removed === null) throw new ChangeRefused("not_found", `"${name.trim()}" is not a household contribution`);
      return removed;
    }
    if (action !== "add") throw new ChangeRefused("invalid", "the action must be add or remove");
    return store.contributions.add(name, contributionActor(c, via)).counterparty;
  };
  const signInLinks = (c: Context<WebEnv>, link?: NewSignInLink) => (
    <SignInLinks userName={signedInName(c.get("user"))} link={link} ttlHours={ttlHours} timeZone={timeZone} />
  );
  const page = async (c: Context<WebEnv>, opts: { link?: NewSignInLink; saved?: string } = {}) =>
    c.html(
      await renderPage(
        <SettingsPage user={signedInName(c.get("user")) === null ? null : { name: c.get("user").name }} asset={asset}>
          {signInLinks(c, opts.link)}
          <AccountNamesForm accounts={accounts()} saved={opts.saved} />
          <ContributionsSection contributions={contributions()} />
        </SettingsPage>,
      ),
      200,
      opts.link ? { "Cache-Control": "no-store" } : {},
    );

  r.get("/settings", (c) => page(c));

  r.post("/settings/sign-in-link", async (c) => {
    const user = c.get("user");
    if (signedInName(user) === null) throw new ChangeRefused("conflict", "Nobody signs in to this budget-chat (single-user mode): there is no sign-in link to make.");
    const raw = store.users.replaceLoginToken(user.id);
    store.audit.add({ kind: "security", userId: user.id, detail: { event: "sign-in link created", via: "settings" } });
    const base = deps.publicUrl ?? new URL(c.req.url).origin;
    const link = { url: `${base}/login?token=${encodeURIComponent(raw)}`, expiresAt: new Date(Date.now() + ttlMs).toISOString() };
    // The token is in the answer: no cache may keep it.
    if (isHtmxRequest(c)) return c.html(toHtml(signInLinks(c, link)), 200, { "Cache-Control": "no-store" });
    return page(c, { link });
  });

  r.post("/settings/accounts", async (c) => {
    const body = await formBody(c);
    const account = typeof body.account === "string" ? body.account : "";
    const name = typeof body.name === "string" ? body.name.trim() : "";
    const known = budget.summaryOrLast().accounts.some((a) => a.account === account);
    if (!known) throw new ChangeRefused("not_found", "There is no such account in your data.");
    if (name.length > MAX_ACCOUNT_NAME) throw new ChangeRefused("invalid", `An account name has at most ${formatCount(MAX_ACCOUNT_NAME)} characters.`);
    store.accountNames.set(account, name, c.get("user").name);
    const saved = name ? `${maskAccount(account)} is now called “${name}”.` : `${maskAccount(account)} has no name any more.`;
    if (isHtmxRequest(c)) return c.html(toHtml(<AccountNamesForm accounts={accounts()} saved={saved} />));
    return c.redirect("/settings", 303);
  });

  r.post("/settings/contributions", async (c) => {
    const form = await formBody(c);
    const name = typeof form.counterparty === "string" ? form.counterparty : "";
    c.header("Cache-Control", "no-store");
    try {
      changeContribution(c, typeof form.action === "string" ? form.action : "", name, "page");
    } catch (e) {
      const refused = refusalOf(e);
      if (!refused) throw e;
      // Without JavaScript: the refusal as plain text (as the Budgets page's plain forms); with htmx: said in the section.
      if (!isHtmxRequest(c)) return c.text(sentence((e as Error).message), refused.status);
      return c.html(toHtml(<ContributionsSection contributions={contributions()} error={sentence((e as Error).message)} typed={name} />), 422);
    }
    if (!isHtmxRequest(c)) return c.redirect("/settings", 303);
    return c.html(toHtml(<ContributionsSection contributions={contributions()} />));
  });

  r.get("/api/contributions", (c) =>
    c.json({
      contributions: contributions().map((v) => ({
        counterparty: v.counterparty,
        created_at: v.createdAt,
        created_by: v.createdBy,
        money_in: v.moneyIn.map((m) => ({ currency: m.currency, total: round2(m.total), count: m.count })),
      })),
    }),
  );

  r.post("/api/contributions", jsonBody(AddContribution, (problem) => `invalid request: ${problem}; send {"counterparty": "Alex Muster"}`), (c) => {
    const res = store.contributions.add(c.req.valid("json").counterparty, contributionActor(c, "api"));
    return c.json({ counterparty: res.counterparty, added: res.added });
  });

  r.delete("/api/contributions/:counterparty", (c) => {
    return c.json({ removed: changeContribution(c, "remove", c.req.param("counterparty"), "api") });
  });

  return r;
}
