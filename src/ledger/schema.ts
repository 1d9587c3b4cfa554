/**
 * What budget-chat needs from a budget database to read it: the columns every tool
 * reads, how NULLs read, and the 17 default categories with their descriptions (SPEC §1).
 * The pipeline's own DDL is in pipeline.ts.
 */

/** Columns every tool reads. Anything else (source, confidence, …) is optional for reading. */
export const REQUIRED_TRANSACTION_COLUMNS = ["id", "date", "raw_description", "amount", "currency", "merchant_name", "category"] as const;

/** What a NULL category means. */
export const UNCATEGORISED = "Uncategorised";
/** What a NULL merchant is shown as. */
export const UNKNOWN_MERCHANT = "(unknown merchant)";
/** How rows without an account are named where accounts are listed (data_coverage) and picked (the Transactions page's Account filter). */
export const NO_ACCOUNT = "(no account)";

/** SQL expressions that give NULLs their documented meaning. */
export const MERCHANT_SQL = `COALESCE(merchant_name, '${UNKNOWN_MERCHANT}')`;
/** A row's category as the figures know it, before case-folding: blank or NULL is Uncategorised (compare with COLLATE NOCASE). */
export const CATEGORY_SQL = `COALESCE(NULLIF(TRIM(category), ''), '${UNCATEGORISED}')`;

/** The default categories and their descriptions (SPEC §1): written to a new budget.db (import, demo) and offered to the classifier when a database has no categories table. */
export const CATEGORY_DESCRIPTIONS: readonly (readonly [string, string])[] = [
  ["Groceries", "Supermarkets, bakeries, butchers and markets: food and household basics bought to eat at home (Migros, Coop, Denner, Aldi, Lidl, Volg)."],
  ["Dining", "Restaurants, cafés, bars, take-away and food delivery."],
  ["Transport", "Public transport tickets and passes (SBB, ZVV), car sharing (Mobility), taxis, bike sharing, fuel and parking."],
  ["Housing", "Rent, service charges (Nebenkosten), electricity, heating and gas, home repairs and maintenance."],
  ["Insurance", "Health insurance premiums (CSS, Helsana) and other insurance: household contents, liability, legal, travel (Mobiliar, AXA)."],
  ["Healthcare", "Doctors, dentists, pharmacies, opticians, therapy, and the patient's own share of medical bills (deductible / Kostenbeteiligung)."],
  ["Shopping", "Clothes, electronics, furniture, books, sports gear, household goods and online shops (Zalando, Digitec Galaxus, Amazon, IKEA)."],
  ["Subscriptions", "Recurring subscriptions: streaming, music, phone and internet (Swisscom), cloud storage, apps, newspapers."],
  ["Children", "Childcare (Kita, Hort), toys, children's activities and lessons, school costs."],
  ["Travel", "Flights, hotels, holiday rentals, package holidays, car hire abroad and ski passes."],
  ["Cash", "Cash withdrawals at ATMs (Bancomat, Postomat), at home and abroad."],
  ["Transfers", "Money moved between the account holder's own accounts, e.g. to and from the savings account or a Revolut card. Neither income nor spending."],
  ["Income", "Salary, bonuses and other earnings. Refunds and reimbursements (returned purchases, insurance reimbursements, expense claims) also belong here."],
  ["Investments", "Pillar 3a contributions, broker deposits and securities purchases, and money coming back from investment accounts."],
  ["Fees", "Bank account and card fees, foreign-currency and ATM charges, reminder and paper-bill fees."],
  ["Other", "Spending that fits no other category: taxes, postal services, hairdresser, flowers and gifts, donations, official fees."],
  ["Uncategorised", "Transactions the classifier could not categorise with confidence; they need review."],
];

