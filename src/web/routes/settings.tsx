/**
 * Settings (issue 36), one section per concern:
 *   GET  /settings                  the page
 *   POST /settings/sign-in-link     a new one-time sign-in link for the signed-in user (their earlier unused ones
 *                                   stop working) → the section showing it once (htmx), or the page
 *   POST /settings/accounts         form {account, name}: name a bank account (empty: remove the name)
 *                                   → the section (htmx), or back to the page
 * Mounted after the session and Origin checks like every route that changes data.
 */
import { Hono, type Context } from "hono";
import { SETTINGS } from "../../config.ts";
import { ChangeRefused } from "../../core/errors.ts";
import { formatCount } from "../../core/format.ts";
import { MAX_ACCOUNT_NAME } from "../../store/account-names.ts";
import { maskAccount } from "../../ui/account-labels.ts";
import { AccountNamesForm, type AccountNameView } from "../../../views/AccountNamesForm.tsx";
import { renderPage } from "../../../views/Layout.tsx";
import { SettingsPage } from "../../../views/SettingsPage.tsx";
import { SignInLinks, type NewSignInLink } from "../../../views/SignInLinks.tsx";
import { assetUrl } from "../assets.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { signedInName } from "../middleware/auth/index.ts";
import { formBody, isHtmxRequest } from "../middleware/respond.ts";
import { toHtml } from "../sse-renderer.ts";

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
  const signInLinks = (c: Context<WebEnv>, link?: NewSignInLink) => (
    <SignInLinks userName={signedInName(c.get("user"))} link={link} ttlHours={ttlHours} timeZone={timeZone} />
  );
  const page = async (c: Context<WebEnv>, opts: { link?: NewSignInLink; saved?: string } = {}) =>
    c.html(
      await renderPage(
        <SettingsPage user={signedInName(c.get("user")) === null ? null : { name: c.get("user").name }} asset={asset}>
          {signInLinks(c, opts.link)}
          <AccountNamesForm accounts={accounts()} saved={opts.saved} />
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

  return r;
}
