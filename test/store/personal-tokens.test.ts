/** Personal tokens (MCP over HTTP, issue 17): one per user, stored hashed, replaceable, revocable. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sha256 } from "../../src/store/db.ts";
import { PERSONAL_TOKEN_PREFIX } from "../../src/store/accounts.ts";
import { Store } from "../../src/store/store.ts";

const dir = mkdtempSync(join(tmpdir(), "personal-tokens-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("personal tokens", () => {
  test("issue, look up, replace, revoke; unknown users get none", () => {
    const a = Store.memory();
    const alice = a.users.add("alice").user;
    const bob = a.users.add("bob").user;
    expect(a.users.issuePersonalToken("nobody")).toBeNull();
    expect(a.users.byPersonalToken("")).toBeNull();

    const t1 = a.users.issuePersonalToken("alice")!;
    expect(t1.startsWith(PERSONAL_TOKEN_PREFIX)).toBe(true);
    expect(t1.length).toBeGreaterThan(40);
    expect(a.users.byPersonalToken(t1)?.id).toBe(alice.id);
    expect(a.users.byPersonalToken(`${t1}x`)).toBeNull();

    const t2 = a.users.issuePersonalToken(" alice ")!;
    expect(t2).not.toBe(t1);
    expect(a.users.byPersonalToken(t1)).toBeNull();
    expect(a.users.byPersonalToken(t2)?.id).toBe(alice.id);

    const tb = a.users.issuePersonalToken("bob")!;
    expect(a.users.revokePersonalToken("alice")).toBe(true);
    expect(a.users.revokePersonalToken("alice")).toBe(false);
    expect(a.users.revokePersonalToken("nobody")).toBe(false);
    expect(a.users.byPersonalToken(t2)).toBeNull();
    expect(a.users.byPersonalToken(tb)?.id).toBe(bob.id);

    // Removing a user removes their token.
    expect(a.users.remove("bob")).toBe(true);
    expect(a.users.byPersonalToken(tb)).toBeNull();
    expect((a.db.query("SELECT count(*) AS n FROM personal_tokens").get() as { n: number }).n).toBe(0);
    a.close();
  });

  test("only the SHA-256 is stored: the raw token is nowhere in the file", () => {
    const path = join(dir, "chat.db");
    const a = Store.open(path);
    a.users.add("alice");
    const token = a.users.issuePersonalToken("alice")!;
    expect(a.users.byPersonalToken(token)?.name).toBe("alice");
    const row = a.db.query("SELECT token_hash, last_used_at FROM personal_tokens").get() as { token_hash: string; last_used_at: string | null };
    expect(row.token_hash).toBe(sha256(token));
    expect(row.last_used_at).not.toBeNull();
    a.close();
    const bytes = readFileSync(path);
    expect(bytes.includes(token)).toBe(false);
    expect(bytes.includes(sha256(token))).toBe(true);
  });
});
