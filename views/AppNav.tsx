export type NavUser = { name: string } | null;

/** The app's pages, in the order the navigation lists them (the same on every page). */
export const NAV_PAGES = [
  { page: "chat", href: "/", label: "Chat" },
  { page: "transactions", href: "/transactions", label: "Transactions" },
  { page: "budgets", href: "/budgets", label: "Budgets" },
  { page: "categories", href: "/categories", label: "Categories" },
  { page: "rules", href: "/rules", label: "Rules" },
  { page: "import", href: "/import", label: "Import" },
  { page: "memories", href: "/memories", label: "Memories" },
  { page: "usage", href: "/usage", label: "Usage" },
  { page: "settings", href: "/settings", label: "Settings" },
] as const;

export type NavPage = (typeof NAV_PAGES)[number]["page"];

/**
 * The one navigation, at the top of every page: the name, the pages (the current one
 * marked), and who is logged in with Log out (only when users are configured). One line
 * on a desktop; on a phone the pages fold into a drawer behind "Menu" (page.js).
 * Layout renders it before <main>, on every page.
 */
export function AppNav({ user, current }: { user: NavUser; current?: NavPage }) {
  return (
    <header class="site-head" id="site-head">
      <a class="brand" href="/">
        budget-chat
      </a>
      <button type="button" class="nav-toggle" aria-controls="app-nav" aria-expanded="false">
        Menu
      </button>
      <nav class="app-nav" id="app-nav" aria-label="Pages">
        <ul>
          {NAV_PAGES.map((p) => (
            <li>
              <a href={p.href} aria-current={p.page === current ? "page" : undefined}>
                {p.label}
              </a>
            </li>
          ))}
        </ul>
        {user ? (
          <form method="post" action="/logout" class="logout-form">
            <span class="user-name">{user.name}</span>
            <button type="submit" class="link">
              Log out
            </button>
          </form>
        ) : null}
      </nav>
      <div class="nav-backdrop" id="nav-backdrop" hidden></div>
    </header>
  );
}
