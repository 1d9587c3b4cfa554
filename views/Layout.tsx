import type { Child } from "hono/jsx";
import { AppNav, type NavPage, type NavUser } from "./AppNav.tsx";

/** Maps an asset name (e.g. "app.css") to its URL; the server passes one with cache-busting hashes. */
export type AssetUrl = (name: string) => string;

export const defaultAssetUrl: AssetUrl = (name) => `/assets/${name}`;

export type LayoutProps = {
  title: string;
  asset?: AssetUrl;
  /** A class on <body>, e.g. "page-chat". */
  bodyClass?: string;
  /** The navigation at the top (every page a session can see; not the sign-in page). */
  nav?: { current?: NavPage; user: NavUser };
  /** The skip link, the first thing a keyboard reaches: default "Skip to the content" (#main). */
  skip?: { href: string; label: string };
  children?: Child;
};

/**
 * The full HTML page. No inline script, style or event handler anywhere (CSP
 * `default-src 'self'`): behaviour lives in /assets/app.js.
 */
export function Layout({ title, asset = defaultAssetUrl, bodyClass, nav, skip = { href: "#main", label: "Skip to the content" }, children }: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="referrer" content="same-origin" />
        <title>{title}</title>
        <link rel="stylesheet" href={asset("app.css")} />
        <link rel="stylesheet" href={asset("figures.css")} />
        <link rel="stylesheet" href={asset("pages.css")} />
        <script defer src={asset("htmx.min.js")}></script>
        <script defer src={asset("hx-sse.min.js")}></script>
        <script defer src={asset("frappe-charts.min.umd.js")}></script>
        <script defer src={asset("page.js")}></script>
        <script defer src={asset("figures.js")}></script>
        <script defer src={asset("app.js")}></script>
      </head>
      <body class={bodyClass}>
        <a class="skip-link" href={skip.href}>
          {skip.label}
        </a>
        {nav ? <AppNav user={nav.user} current={nav.current} /> : null}
        {children}
      </body>
    </html>
  );
}

/** `<!doctype html>` + the rendered page. */
export async function renderPage(node: unknown): Promise<string> {
  return `<!doctype html>${await String(await (node as { toString(): string | Promise<string> }).toString())}`;
}
