/** The merchant filter of a figure about a name the data spells several ways (src/figures/context.ts `merchantSpelling`). */
import { expect, test } from "bun:test";
import { lexiconOf, merchantSpelling } from "../../src/figures/context.ts";

const lexicon = lexiconOf({ categoryNames: ["Shopping", "Groceries"], merchants: ["Velo Shop", "VELO SHOP", "Coop", "Coop ", "Denner"], accounts: [] });

test("a name of one spelling is itself; of several, the one its text writes: a whole table cell first, else the last written; none or one the page cannot tell apart: undefined", () => {
  expect(merchantSpelling(lexicon, "Denner", undefined)).toBe("Denner");
  // A table row (one cell a line): its Merchant cell, not the spelling inside its Description.
  expect(merchantSpelling(lexicon, "Velo Shop", "2025-05-09\nVelo Shop\nVELO SHOP THUN 0815\nShopping")).toBe("Velo Shop");
  // A summary's line up to the figure: the spelling nearest it.
  expect(merchantSpelling(lexicon, "Velo Shop", "Velo Shop / 2025-04 CHF 120.00 (1), VELO SHOP / 2025-05 ")).toBe("VELO SHOP");
  expect(merchantSpelling(lexicon, "Velo Shop", "VELO SHOPPING / 2025-05 ")).toBeUndefined();
  expect(merchantSpelling(lexicon, "Velo Shop", undefined)).toBeUndefined();
  // "Coop" and "Coop " open the same rows on the page (it trims), which the tools count apart.
  expect(merchantSpelling(lexicon, "Coop", "6. Coop ")).toBeUndefined();
});
