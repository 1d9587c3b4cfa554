export type NavUser = { name: string } | null;

/** The app's pages, and who is logged in with a Log out button (only when users are configured). */
export function AppNav({ user, current }: { user: NavUser; current?: "chat" | "transactions" | "categories" | "memories" | "budgets" | "import" | "usage" | "settings" }) {
  const here = (page: typeof current) => (page === current ? "page" : undefined);
  return (
    <nav class="app-nav" aria-label="Pages">
      <a href="/" aria-current={here("chat")}>
        Chat
      </a>
      <a href="/transactions" aria-current={here("transactions")}>
        Transactions
      </a>
      <a href="/categories" aria-current={here("categories")}>
        Categories
      </a>
      <a href="/memories" aria-current={here("memories")}>
        Memories
      </a>
      <a href="/budgets" aria-current={here("budgets")}>
        Budgets
      </a>
      <a href="/import" aria-current={here("import")}>
        Import
      </a>
      <a href="/usage" aria-current={here("usage")}>
        Usage
      </a>
      <a href="/settings" aria-current={here("settings")}>
        Settings
      </a>
      {user ? (
        <form method="post" action="/logout" class="logout-form">
          <span class="muted user-name">{user.name}</span>{" "}
          <button type="submit" class="link">
            Log out
          </button>
        </form>
      ) : null}
    </nav>
  );
}
