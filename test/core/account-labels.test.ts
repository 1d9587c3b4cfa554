/** Accounts as pages name them (issue 36): the household's name, else the number masked, never the whole IBAN. */
import { describe, expect, test } from "bun:test";
import { accountLabel, maskAccount } from "../../src/core/account-labels.ts";
import { IBAN, VISA } from "../fixtures/budget-fixture.ts";

describe("account labels", () => {
  test("an IBAN shows its first and last four characters", () => {
    expect(maskAccount(IBAN)).toBe("CH93 … 2957"); // CH93 0076 2011 6238 5295 7 → "CH93" … "2957"
    expect(maskAccount("ch9300762011623852957")).toBe("CH93 … 2957");
    expect(maskAccount("DE89-3704-0044-0532-0130-00")).toBe("DE89 … 3000");
  });
  test("a card number too; a short label or a name stays as it is", () => {
    expect(maskAccount("4417 1234 5678 9010")).toBe("4417 … 9010");
    expect(maskAccount("4417 XXXX XXXX 9010")).toBe("4417 … 9010");
    expect(maskAccount(VISA)).toBe("Visa 4417");
    expect(maskAccount("Household account")).toBe("Household account");
  });
  test("a name wins over the number", () => {
    const names = new Map([[IBAN, "Household account"]]);
    expect(accountLabel(IBAN, names)).toBe("Household account");
    expect(accountLabel(VISA, names)).toBe("Visa 4417");
  });
});
