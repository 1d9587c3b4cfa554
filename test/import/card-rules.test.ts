import { describe, expect, test } from "bun:test";
import { cardSectorRule, normaliseCardMerchant } from "../../src/import/card-rules.ts";

describe("card-sector rules (the pipeline's cc_rules)", () => {
  test("merchant names cleaned as the pipeline cleans them", () => {
    expect(normaliseCardMerchant("Phills BBQ              Cham         CHE")).toBe("Phills BBQ Cham");
    expect(normaliseCardMerchant("MERCHANT NAME XXXXXXXXXX 1234 CHE")).toBe("MERCHANT NAME");
    expect(normaliseCardMerchant("MIGROS ZH TIEFE           ZURICH       CHE")).toBe("MIGROS ZH TIEFE ZURICH");
    expect(normaliseCardMerchant("Coop-1234               Bern         CHE")).toBe("Coop-1234 Bern");
    expect(normaliseCardMerchant("APPLE.COM/BILL          CUPERTINO    USA")).toBe("APPLE.COM/BILL CUPERTINO");
    expect(normaliseCardMerchant("Kiosk   8001")).toBe("Kiosk");
  });

  test("overrides on the booking text come before the sector", () => {
    expect(cardSectorRule("", "TWINT  *Sent to L.H.     076***0912   CHE")).toEqual({ merchant: "Family", category: "Children", confidence: 0.95 });
    expect(cardSectorRule("", "TWINT *Sent to K.H 076***0001 CHE")!.category).toBe("Children");
    expect(cardSectorRule("", "TWINT  *Sent to K.       079***3438   CHE")).toEqual({ merchant: "TWINT P2P", category: "Transfers", confidence: 0.95 });
    expect(cardSectorRule("", "TWINT *Sent to J.V. 079***8439 CHE")!.category).toBe("Transfers");
    expect(cardSectorRule("", "TWINT *UBS TWINT Zürich CHE")).toEqual({ merchant: "UBS TWINT", category: "Transfers", confidence: 0.95 });
    expect(cardSectorRule("Fast-Food Restaurants", "Migros MR Brunaupark Zürich CHE")).toEqual({ merchant: "Migros MR Brunaupark Zürich", category: "Groceries", confidence: 0.95 });
    expect(cardSectorRule("Hotels", "UBS Rest. Flur Zürich Zürich CHE")).toEqual({ merchant: "UBS Staff Restaurant", category: "Dining", confidence: 0.95 });
  });

  test("a supermarket name must end at a word boundary, as with the pipeline's Unicode \\b", () => {
    expect(cardSectorRule("", "COOPÉRATIVE VINICOLE")).toBeNull();
    expect(cardSectorRule("", "Coop-1511 Stadelhofen    Zurich       CHE")!.category).toBe("Groceries");
  });

  test("sectors map to categories; unknown or empty sectors fall through", () => {
    const buckets: [string, string][] = [
      ["Restaurants", "Dining"], ["Grocery stores", "Groceries"], ["Hotels", "Travel"], ["Airlines", "Travel"], ["Passenger railways", "Transport"],
      ["Pharmacies", "Healthcare"], ["Clothing store", "Shopping"], ["Digital goods", "Subscriptions"], ["Government Services", "Fees"],
      ["Schools and Educational Services", "Children"], ["Barber or beauty shops", "Shopping"], ["Cinema", "Other"], ["Electric utilities", "Housing"],
    ];
    for (const [sector, category] of buckets) expect([sector, cardSectorRule(` ${sector} `, "Some Merchant   Bern   CHE")]).toEqual([sector, { merchant: "Some Merchant Bern", category, confidence: 0.9 }]);
    expect(cardSectorRule("Future Sector", "Unknown Merchant")).toBeNull();
    expect(cardSectorRule("   ", "Unknown Merchant")).toBeNull();
  });
});
