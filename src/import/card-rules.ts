/**
 * The pipeline's rules for UBS credit-card rows (budget-analyser cc_rules.rs), so a card invoice
 * imported here is classified as the pipeline would: merchant overrides on the booking text first
 * (TWINT to family members, TWINT P2P, supermarkets, the UBS staff restaurant), then the card's
 * sector (the merchant category) mapped to a category; anything else falls through (null) to the
 * cache and the model.
 */
export type CardRuleResult = { merchant: string; category: string; confidence: number };

// Word boundary as the pipeline's Unicode-aware `\b` after an ASCII word: JS `\b` would see one
// before "É" in "COOPÉRATIVE".
const END_OF_WORD = "(?=$|[^\\p{L}\\p{N}_])";

const OVERRIDES: { re: RegExp; merchant: string | null; category: string }[] = [
  { re: new RegExp(`^TWINT\\s+\\*Sent\\s+to\\s+([LT](?:\\.H[A-Z]*)?\\.?|K\\.H[A-Z]*\\.?)(?:\\s|$)`, "u"), merchant: "Family", category: "Children" },
  { re: /^TWINT\s+\*Sent\s+to\s+/u, merchant: "TWINT P2P", category: "Transfers" },
  { re: /^TWINT\s+\*UBS\s+TWINT/u, merchant: "UBS TWINT", category: "Transfers" },
  // null merchant: the pipeline's "Normalise" label, the cleaned booking text.
  { re: new RegExp(`^(MIGROS|COOP|ALDI|LIDL|DENNER)${END_OF_WORD}`, "iu"), merchant: null, category: "Groceries" },
  { re: /UBS Rest\./iu, merchant: "UBS Staff Restaurant", category: "Dining" },
];

const SECTORS: Record<string, string[]> = {
  Dining: ["Restaurants", "Fast Food Restaurant", "Fast-Food Restaurants", "Caterers", "Bakeries"],
  Groceries: ["Grocery stores", "Candy and nut stores", "Package stores - beer", "Freezer and locker meat provisioners"],
  Travel: [
    "Hotels", "Travel agencies", "Tourist Attractions and Exhibits", "Camp grounds", "Aparments", "Airlines", "British Airways",
    "Swiss International Air Lines", "KLM", "Lufthansa", "LOT (Poland)", "Airports",
  ],
  Transport: [
    "Commuter transportation", "Passenger railways", "Bus lines", "Taxicabs", "Gasoline service stations", "Parking & Garages",
    "Automobile services", "Toll and bridge fees", "Car Rental Company", "Fines",
  ],
  Healthcare: ["Pharmacies", "Doctors and Physicians", "Hospitals", "Dentists and Orthodontists", "Optician"],
  Shopping: [
    "Clothing store", "Clothing - sports", "Shoe stores", "Department stores", "Furniture", "Electronics Stores",
    "Home supply warehouse stores", "Hardware stores", "Cosmetic stores", "Book stores", "Office supply stores", "Secondhand stores",
    "Household appliance stores", "Garden and hardware center", "Games and hobby stores", "Leather goods", "Jewelry stores",
    "Clock or jewelry or watch stores", "Non-durable Goods (B2B)", "Retail business", "Barber or beauty shops",
    "Cleaning - laundry and garment services",
  ],
  Subscriptions: [
    "Digital goods", "Computer software stores", "Computer network/Information services", "Continuity / Subscription Merchant",
    "Membership Organizations", "Misc. publishing and printing services", "Books & newspapers (B2B)", "Telegraph services",
    "Data processing services", "Films / Video production / distribution", "Bands Orchestras & Music Entertainment",
  ],
  Fees: ["Government Services", "Postal Services", "Money orders - wire transfer"],
  Children: ["Schools and Educational Services"],
  Other: ["Theather Production / Ticket Agencies", "Cinema", "Recreation Services", "Commercial Sports", "Banks - merchandise and services"],
  Housing: ["Electric utilities"],
};

const SECTOR_CATEGORY = new Map(Object.entries(SECTORS).flatMap(([category, sectors]) => sectors.map((s) => [s, category] as const)));

const ASCII_PUNCT_OR_SPACE = /^[\s!-/:-@[-`{-~]+|[\s!-/:-@[-`{-~]+$/gu;

/** The pipeline's merchant name for a card booking text ("Coop-1234   Bern   CHE" → "Coop-1234 Bern"). */
export function normaliseCardMerchant(description: string): string {
  return description
    .replace(/\s+[A-Z]{3}$/u, "") // trailing ISO country code
    .replace(/\s{2,}(\d{4,5}|[A-Z]{2}\s+\d)$/u, "") // trailing postcode-like location tail
    .replace(/\s{2,}/gu, " ")
    .replace(/[*X]{3,}.*$/u, "") // card-number mask and everything after
    .replace(ASCII_PUNCT_OR_SPACE, "");
}

/** The pipeline's rule result for a card row (sector may be empty), or null to fall through. */
export function cardSectorRule(sector: string, description: string): CardRuleResult | null {
  for (const o of OVERRIDES) {
    if (o.re.test(description)) return { merchant: o.merchant ?? normaliseCardMerchant(description), category: o.category, confidence: 0.95 };
  }
  const category = SECTOR_CATEGORY.get(sector.trim());
  return category ? { merchant: normaliseCardMerchant(description), category, confidence: 0.9 } : null;
}
