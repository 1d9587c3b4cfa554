/** Issue 36: account names (shared, editable, removable) and sign-in links a user makes for themselves. */
import { describe, expect, test } from "bun:test";
import { Store } from "../../src/store/store.ts";
import { IBAN, VISA } from "../fixtures/budget-fixture.ts";

describe("account names", () => {
  test("set, rename (trimmed), remove with an empty name; each account on its own", () => {
    const s = Store.memory();
    expect(s.accountNames.all()).toEqual(new Map());
    s.accountNames.set(IBAN, "  Household account ", "erin");
    s.accountNames.set(VISA, "Anna's card", "anna");
    expect(s.accountNames.all()).toEqual(new Map([[IBAN, "Household account"], [VISA, "Anna's card"]]));
    s.accountNames.set(IBAN, "Joint account", "anna");
    expect(s.accountNames.all().get(IBAN)).toBe("Joint account");
    s.accountNames.set(VISA, "   ", "anna");
    expect(s.accountNames.all()).toEqual(new Map([[IBAN, "Joint account"]]));
    s.close();
  });
});

describe("a sign-in link made for yourself (Settings)", () => {
  test("works once; a new one makes the earlier unused ones stop working; other users' links stay", () => {
    const s = Store.memory();
    const { user: erin, loginToken: fromTerminal } = s.users.add("erin");
    const { loginToken: annsLink } = s.users.add("anna");
    const first = s.users.replaceLoginToken(erin.id);
    // The terminal's link is void once Erin makes one herself.
    expect(s.users.consumeLoginToken(fromTerminal)).toBeNull();
    const second = s.users.replaceLoginToken(erin.id);
    expect(s.users.consumeLoginToken(first)).toBeNull();
    expect(s.users.consumeLoginToken(second)?.id).toBe(erin.id);
    expect(s.users.consumeLoginToken(second)).toBeNull();
    expect(s.users.consumeLoginToken(annsLink)?.name).toBe("anna");
    s.close();
  });
});
