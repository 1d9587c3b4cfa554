/**
 * Data tables for the demo database (SPEC §1 "Demo data"): a Zürich household with two
 * salaries, one child, a rented flat, public transport and the usual Swiss merchants.
 * Amounts are CHF. Nothing here is random; demo.ts draws from these tables with a
 * seeded PRNG.
 *
 * Raw description templates may contain placeholders:
 *   {city} / {CITY}   a shop location ("Zürich HB" / "ZUERICH HB")
 *   {n2} {n4}         a store number, fixed per merchant and location
 *   {n3} {n6} {n8}    random digits (references, phone numbers)
 *   {r2}              two random digits, may start with 0
 * The pipeline's raw_key (merchant_cache) strips digits, so random digits do not create
 * new cache keys.
 */

export type Rounding =
  | "c1" // cents
  | "c5" // 5 Rappen, like most Swiss shop prices
  | "price" // whole francs minus 10 or 5 Rappen: 49.90, 129.95
  | "int" // whole francs
  | "h10" // tens of francs
  | "h100"; // hundreds of francs

export type AmountSpec = {
  /** Typical amount in CHF (the median of a log-normal draw). */
  median: number;
  /** Log-normal spread: 0.3 tight, 1.0 very wide. */
  sigma: number;
  min: number;
  max: number;
  round?: Rounding;
  /** Fixed amounts to choose from instead of a draw (ATM withdrawals, tickets). */
  choices?: number[];
};

export type VariantSpec = {
  raw: string;
  weight?: number;
  /** The normalised merchant name the classifier produced for this spelling, if not the merchant's own. */
  merchant?: string;
  /** The user corrected this spelling by hand (source 'manual'). */
  manual?: boolean;
};

export type MerchantSpec = {
  name: string;
  weight: number;
  variants: (string | VariantSpec)[];
  amount: AmountSpec;
  /** Per calendar month (Jan..Dec) weight multipliers for this merchant. */
  season?: number[];
};

export type EventType = {
  key: string;
  category: string;
  sign: 1 | -1;
  /** Average events per month for one household. */
  perMonth: number;
  /** Per calendar month (Jan..Dec) frequency multipliers. */
  season?: number[];
  /** Weekday weights Mon..Sun. */
  weekdays?: number[];
  /** Classified by a deterministic pipeline rule (source 'rule'). */
  rule?: boolean;
  merchants: MerchantSpec[];
};

export type Place = { name: string; upper: string; weight: number };

export const PLACES: Place[] = [
  { name: "Zürich HB", upper: "ZUERICH HB", weight: 5 },
  { name: "Zürich Oerlikon", upper: "ZUERICH OERLIKON", weight: 4 },
  { name: "Zürich Altstetten", upper: "ZUERICH ALTSTETTEN", weight: 3 },
  { name: "Zürich Wiedikon", upper: "ZUERICH WIEDIKON", weight: 3 },
  { name: "Winterthur", upper: "WINTERTHUR", weight: 1.2 },
  { name: "Bern", upper: "BERN", weight: 0.8 },
  { name: "Basel", upper: "BASEL", weight: 0.6 },
  { name: "Luzern", upper: "LUZERN", weight: 0.6 },
  { name: "Baden", upper: "BADEN", weight: 0.5 },
  { name: "Zug", upper: "ZUG", weight: 0.5 },
];

// Weekday profiles, Mon..Sun. Swiss shops are closed on Sundays (station shops excepted).
const SHOPS = [1, 1, 1, 1.1, 1.3, 1.8, 0.08];
const EVENINGS = [0.7, 0.8, 0.9, 1, 1.4, 1.5, 0.9];
const OFFICE = [1, 1, 1, 1, 1, 0.25, 0.1];
const ANY_DAY = [1, 1, 1, 1, 1, 1, 1];

// Seasonal profiles, Jan..Dec.
const SUMMER_TRAVEL = [0.6, 1.5, 0.7, 1.0, 0.9, 1.2, 3.2, 2.8, 0.9, 1.4, 0.5, 0.9];

const A = (median: number, sigma: number, min: number, max: number, round: Rounding = "c5"): AmountSpec => ({
  median,
  sigma,
  min,
  max,
  round,
});

export const EVENT_TYPES: EventType[] = [
  {
    key: "groceries",
    category: "Groceries",
    sign: -1,
    perMonth: 62,
    season: [1, 0.95, 1, 1, 1, 0.97, 0.88, 0.88, 1, 1, 1.02, 1.2],
    weekdays: SHOPS,
    merchants: [
      {
        name: "Migros",
        weight: 30,
        amount: A(15, 0.8, 1.9, 290),
        variants: [
          { raw: "MIGROS {CITY} {n4}", weight: 4 },
          { raw: "Migros M-Express {city}", weight: 2 },
          { raw: "TWINT *Migros", weight: 1.5 },
          { raw: "MIGROS MM {CITY}", weight: 1.5 },
          { raw: "Migros Online Shop", weight: 0.5 },
        ],
      },
      {
        name: "Coop",
        weight: 27,
        amount: A(14.5, 0.8, 1.9, 280),
        variants: [
          { raw: "COOP-{n4} {CITY}", weight: 4 },
          { raw: "Coop Supermarkt {city}", weight: 1.5 },
          { raw: "TWINT *Coop", weight: 1 },
          { raw: "COOP CITY {CITY}", weight: 0.7 },
        ],
      },
      {
        name: "Coop Pronto",
        weight: 5,
        amount: A(8, 0.6, 1.5, 80),
        variants: [{ raw: "COOP PRONTO {CITY} {n4}", weight: 3 }, "Coop Pronto Shop {city}"],
      },
      {
        name: "Denner",
        weight: 9,
        amount: A(12, 0.7, 1.5, 180),
        variants: [{ raw: "DENNER {CITY} {n4}", weight: 3 }, "Denner Satellit {city}", "TWINT *Denner"],
      },
      {
        name: "Aldi Suisse",
        weight: 8,
        amount: A(21, 0.7, 2, 260),
        variants: [{ raw: "ALDI SUISSE {n2} {CITY}", weight: 3 }, "Aldi Suisse AG {city}", "ALDI-{n4} {CITY}"],
      },
      {
        name: "Lidl",
        weight: 7,
        amount: A(19, 0.7, 2, 240),
        variants: [{ raw: "LIDL SCHWEIZ {n4} {CITY}", weight: 3 }, "Lidl Schweiz {city}", "LIDL {CITY}"],
      },
      {
        name: "Volg",
        weight: 2,
        amount: A(10.5, 0.6, 1.5, 120),
        variants: ["VOLG {CITY}", "Volg Laden {city}"],
      },
      {
        name: "Bäckerei Jung",
        weight: 6,
        amount: A(6, 0.5, 1.8, 60),
        variants: [{ raw: "BAECKEREI JUNG {CITY}", weight: 2 }, "Bäckerei-Confiserie Jung", "SUMUP *BAECKEREI JUNG"],
      },
      {
        name: "Metzgerei Keller",
        weight: 2,
        amount: A(22, 0.6, 5, 160),
        variants: ["METZGEREI KELLER ZUERICH", "Metzgerei Keller AG"],
      },
      {
        name: "Wochenmarkt Oerlikon",
        weight: 1.5,
        amount: A(14.5, 0.5, 3, 90),
        variants: [
          { raw: "SUMUP *MARKTSTAND OERLIKON", manual: true },
          { raw: "TWINT *Gemuese Huber Markt", manual: true },
        ],
      },
    ],
  },
  {
    key: "dining",
    category: "Dining",
    sign: -1,
    perMonth: 24,
    season: [0.85, 0.9, 1, 1, 1.1, 1.15, 1.05, 1, 1.05, 1, 1, 1.35],
    weekdays: EVENINGS,
    merchants: [
      { name: "Restaurant Hiltl", weight: 3, amount: A(51, 0.45, 18, 320), variants: ["HILTL AG ZUERICH", "Restaurant Hiltl Zürich", "SUMUP *HILTL"] },
      { name: "Zeughauskeller", weight: 1.5, amount: A(65, 0.4, 25, 360), variants: ["ZEUGHAUSKELLER ZUERICH", "Zeughauskeller AG"] },
      { name: "Tibits", weight: 3, amount: A(21, 0.45, 9, 140), variants: ["TIBITS ZUERICH", "tibits ag {city}", "TWINT *tibits"] },
      { name: "Holy Cow!", weight: 2, amount: A(18.5, 0.4, 9, 90), variants: ["HOLY COW {CITY}", "Holy Cow! Gourmet Burger"] },
      {
        name: "McDonald's",
        weight: 3,
        amount: A(12.5, 0.45, 4, 70),
        variants: [{ raw: "MCDONALDS {CITY} {n4}", weight: 2 }, "McDonald's Restaurant {city}", "TWINT *McDonald's"],
      },
      { name: "Starbucks", weight: 3, amount: A(6.5, 0.35, 4.2, 30), variants: ["STARBUCKS {CITY}", "Starbucks Coffee {city}"] },
      { name: "Sprüngli", weight: 2, amount: A(13, 0.5, 5, 120), variants: ["CONFISERIE SPRUENGLI {CITY}", "Sprüngli Paradeplatz", "TWINT *Spruengli"] },
      { name: "Café Schober", weight: 1.5, amount: A(10.5, 0.45, 4.5, 60), variants: ["CAFE SCHOBER ZUERICH", "SUMUP *CAFE SCHOBER"] },
      { name: "Smood", weight: 2, amount: A(35, 0.4, 18, 140), variants: ["SMOOD.CH", "Smood SA Delivery"] },
      { name: "Uber Eats", weight: 1.5, amount: A(30, 0.4, 15, 120), variants: ["UBER *EATS", "Uber Eats Zürich"] },
      { name: "Vapiano", weight: 1.5, amount: A(26, 0.4, 12, 140), variants: ["VAPIANO {CITY}", "Vapiano Zürich"] },
      { name: "Ristorante Molino", weight: 1.5, amount: A(46, 0.45, 20, 240), variants: ["RISTORANTE MOLINO {CITY}", "Molino Pizzeria {city}"] },
      { name: "Migros Restaurant", weight: 2, amount: A(14, 0.45, 6, 80), variants: ["MIGROS RESTAURANT {CITY}", "Migros Take Away {city}"] },
      { name: "Coop Restaurant", weight: 1.5, amount: A(13, 0.45, 6, 75), variants: ["COOP RESTAURANT {CITY}", "Coop Restaurant {city}"] },
    ],
  },
  {
    key: "transport",
    category: "Transport",
    sign: -1,
    perMonth: 20,
    season: [1, 1, 1, 1, 1.05, 1, 0.85, 0.8, 1.05, 1.05, 1, 1.05],
    weekdays: ANY_DAY,
    merchants: [
      {
        name: "SBB",
        weight: 10,
        amount: A(12, 0.9, 2.8, 220),
        variants: [
          { raw: "SBB CFF FFS {CITY}", weight: 2 },
          { raw: "SBB Mobile Ticket", weight: 3 },
          "SBB EASYRIDE",
          "TWINT *SBB CFF FFS",
          "SBB.CH Online-Ticket",
        ],
      },
      {
        name: "ZVV",
        weight: 6,
        amount: { median: 4.6, sigma: 0, min: 2.8, max: 9.2, choices: [2.8, 4.6, 4.6, 4.6, 7, 9.2, 8.8] },
        variants: [{ raw: "ZVV TICKET APP", weight: 2 }, "ZVV Ticketautomat {CITY}", "VBZ ZUERI-LINIE TICKET"],
      },
      { name: "Mobility", weight: 2, amount: A(58, 0.6, 9, 420), variants: ["MOBILITY COOPERATIVE", "Mobility Carsharing Rotkreuz", "MOBILITY.CH"] },
      { name: "Uber", weight: 1.5, amount: A(24, 0.5, 8, 110, "c1"), variants: ["UBER *TRIP", "Uber BV Zürich"] },
      { name: "PubliBike", weight: 1, amount: A(3.5, 0.4, 1, 12), variants: ["PUBLIBIKE", "PubliBike AG"] },
    ],
  },
  {
    key: "shopping",
    category: "Shopping",
    sign: -1,
    perMonth: 12,
    // January sales, Black Friday, Christmas.
    season: [1.1, 0.8, 0.9, 0.95, 0.95, 0.9, 0.85, 0.85, 1, 1, 1.5, 2.1],
    weekdays: [1, 1, 1, 1, 1.1, 1.4, 0.6],
    merchants: [
      { name: "Zalando", weight: 4, amount: A(59, 0.6, 19, 480, "price"), variants: [{ raw: "ZALANDO.CH", weight: 2 }, "Zalando SE Berlin", "PAYPAL *ZALANDO", "Klarna *Zalando"] },
      {
        name: "Digitec Galaxus",
        weight: 3.5,
        amount: A(47, 1, 5, 1400, "price"),
        variants: [
          { raw: "DIGITEC GALAXUS AG", weight: 2 },
          "Digitec Galaxus Zürich",
          { raw: "GALAXUS.CH", merchant: "Galaxus" },
          { raw: "TWINT *Galaxus", merchant: "Galaxus", weight: 0.5 },
        ],
      },
      { name: "Amazon", weight: 3, amount: A(27, 0.8, 6, 420, "c1"), variants: [{ raw: "AMAZON.DE", weight: 2 }, "AMZN Mktp DE", "Amazon EU S.a.r.l.", "AMAZON MARKETPLACE LU"] },
      { name: "IKEA", weight: 1.5, amount: A(72, 0.9, 4, 1600), variants: ["IKEA AG SPREITENBACH", "IKEA Dietlikon", "IKEA.CH Online"] },
      { name: "H&M", weight: 2, amount: A(33, 0.6, 9, 260, "price"), variants: ["H&M {CITY}", "H & M Hennes & Mauritz {city}"] },
      { name: "Manor", weight: 1.5, amount: A(38, 0.7, 8, 380, "price"), variants: ["MANOR {CITY}", "Manor AG {city}"] },
      { name: "Interdiscount", weight: 1, amount: A(64, 0.9, 9, 1200, "price"), variants: ["INTERDISCOUNT {CITY}", "Interdiscount Online"] },
      { name: "Decathlon", weight: 1, amount: A(42, 0.7, 8, 450, "price"), variants: ["DECATHLON {CITY}", "Decathlon Schweiz"] },
      { name: "Brack.ch", weight: 0.8, amount: A(68, 0.9, 9, 1500, "price"), variants: ["BRACK.CH ELECTRONICS AG", "Brack.ch Online"] },
      { name: "Orell Füssli", weight: 1, amount: A(22, 0.5, 9, 160, "price"), variants: ["ORELL FUESSLI {CITY}", "Orell Füssli Thalia AG"] },
    ],
  },
  {
    key: "children",
    category: "Children",
    sign: -1,
    perMonth: 4,
    season: [0.8, 0.8, 0.9, 1, 1, 1, 0.9, 0.9, 1.1, 1, 1.3, 2.8],
    weekdays: [1, 1, 1, 1, 1.1, 1.6, 0.5],
    merchants: [
      { name: "Franz Carl Weber", weight: 3, amount: A(34, 0.7, 6, 320, "price"), variants: ["FRANZ CARL WEBER {CITY}", "Franz Carl Weber AG", "FCW ONLINE SHOP"] },
      { name: "Smyths Toys", weight: 2, amount: A(30, 0.7, 6, 280, "price"), variants: ["SMYTHS TOYS {CITY}", "Smyths Toys Superstores"] },
      { name: "LEGO Store", weight: 1, amount: A(44, 0.7, 9, 350, "price"), variants: ["LEGO STORE ZUERICH", "LEGO Store Glattzentrum"] },
      { name: "Schwimmschule Wasserfloh", weight: 0.8, amount: A(96, 0.2, 80, 180, "int"), variants: ["SCHWIMMSCHULE WASSERFLOH", "Schwimmschule Wasserfloh GmbH"] },
      { name: "Zoo Zürich", weight: 1, amount: A(38, 0.4, 15, 140), variants: ["ZOO ZUERICH AG", "Zoo Zürich Kasse", "TWINT *Zoo Zuerich"], season: [0.5, 0.5, 0.8, 1.2, 1.5, 1.5, 1.6, 1.6, 1.2, 1, 0.6, 0.5] },
    ],
  },
  {
    key: "healthcare",
    category: "Healthcare",
    sign: -1,
    perMonth: 3,
    season: [1.4, 1.3, 1.1, 0.9, 0.9, 0.8, 0.7, 0.7, 0.9, 1, 1.2, 1.3],
    weekdays: OFFICE,
    merchants: [
      { name: "Amavita", weight: 3, amount: A(26, 0.7, 4, 180), variants: ["AMAVITA APOTHEKE {CITY}", "Amavita {city}", "TWINT *Amavita"] },
      { name: "Sun Store", weight: 1.5, amount: A(22, 0.7, 4, 150), variants: ["SUN STORE {CITY}", "Sun Store Apotheke {city}"] },
      { name: "TopPharm", weight: 1, amount: A(31, 0.7, 4, 200), variants: ["TOPPHARM APOTHEKE {CITY}", "TopPharm Apotheke"] },
      { name: "Praxis Dr. med. S. Brunner", weight: 1, amount: A(160, 0.5, 45, 600, "c1"), variants: ["PRAXIS DR MED S BRUNNER", "Arztpraxis Brunner Zürich"] },
      { name: "CSS", weight: 1, amount: A(140, 0.7, 15, 900, "c1"), variants: ["CSS KOSTENBETEILIGUNG", "CSS Versicherung Kostenbeteiligung"] },
      { name: "Physio Zürich West", weight: 0.5, amount: A(110, 0.3, 60, 250, "c1"), variants: ["PHYSIO ZUERICH WEST", "Physiotherapie Zürich West"] },
      { name: "Fielmann", weight: 0.3, amount: A(280, 0.6, 40, 900, "price"), variants: ["FIELMANN AG {CITY}", "Fielmann Optik"] },
    ],
  },
  {
    key: "travel",
    category: "Travel",
    sign: -1,
    perMonth: 2,
    season: SUMMER_TRAVEL,
    weekdays: ANY_DAY,
    merchants: [
      { name: "Swiss", weight: 2, amount: A(323, 0.6, 89, 2800, "price"), variants: [{ raw: "SWISS INTERNATIONAL AIR LINES", weight: 2 }, "SWISS.COM", "LX SWISS {n6}"] },
      { name: "easyJet", weight: 2.5, amount: A(119, 0.6, 39, 1200, "price"), variants: ["EASYJET {n6}", "easyJet Airline Company", "EASYJET.COM"] },
      { name: "Booking.com", weight: 2, amount: A(221, 0.7, 60, 2400, "c1"), variants: ["BOOKING.COM HOTEL", "Booking.com BV Amsterdam"] },
      { name: "Airbnb", weight: 1.5, amount: A(357, 0.6, 90, 3000, "c1"), variants: ["AIRBNB * {n6}", "Airbnb Payments"] },
      { name: "Hotel Schweizerhof Luzern", weight: 0.7, amount: A(238, 0.5, 120, 1400, "c1"), variants: ["HOTEL SCHWEIZERHOF LUZERN", "Schweizerhof Luzern AG"] },
      {
        name: "Hotel Miramare Rimini",
        weight: 0.7,
        amount: A(552, 0.4, 250, 2200, "c1"),
        variants: ["HOTEL MIRAMARE RIMINI", "Hotel Miramare Rimini IT"],
        season: [0, 0, 0, 0.2, 0.5, 1.5, 3, 3, 1, 0.2, 0, 0],
      },
      {
        name: "Weisse Arena Bergbahnen",
        weight: 1,
        amount: A(81, 0.5, 25, 600),
        variants: ["WEISSE ARENA BERGBAHNEN LAAX", "LAAX Ski Ticket"],
        season: [2, 3, 1.5, 0.3, 0, 0, 0.2, 0.2, 0, 0, 0.2, 1.5],
      },
      { name: "Hotelplan", weight: 0.5, amount: A(1190, 0.4, 600, 4800, "int"), variants: ["HOTELPLAN SUISSE", "Hotelplan Reisebüro"] },
      { name: "Europcar", weight: 0.3, amount: A(323, 0.5, 90, 1400, "c1"), variants: ["EUROPCAR {n6}", "Europcar International"] },
    ],
  },
  {
    key: "cash",
    category: "Cash",
    sign: -1,
    perMonth: 2.5,
    season: [1, 1, 1, 1, 1, 1.05, 1.3, 1.3, 1, 1, 1, 1.3],
    weekdays: ANY_DAY,
    rule: true,
    merchants: [
      {
        name: "ZKB Bancomat",
        weight: 4,
        amount: { median: 100, sigma: 0, min: 20, max: 500, choices: [20, 40, 50, 100, 100, 100, 200, 200, 300, 500] },
        variants: [{ raw: "BANCOMAT ZKB {CITY}", weight: 3 }, "Bargeldbezug ZKB {city}"],
      },
      {
        name: "UBS Bancomat",
        weight: 1.5,
        amount: { median: 100, sigma: 0, min: 20, max: 400, choices: [20, 50, 100, 100, 200, 300] },
        variants: ["ATM UBS {CITY}", "Bargeldbezug UBS {city}"],
      },
      {
        name: "PostFinance Postomat",
        weight: 1,
        amount: { median: 100, sigma: 0, min: 20, max: 300, choices: [20, 50, 100, 200] },
        variants: ["POSTOMAT {CITY}", "PostFinance Postomat {city}"],
      },
      {
        name: "CaixaBank ATM",
        weight: 0.6,
        amount: A(150, 0.4, 40, 420, "c1"),
        variants: ["ATM CAIXABANK BARCELONA", "Bargeldbezug Ausland CaixaBank"],
        season: [0, 0.3, 0.3, 1, 0.8, 1.5, 4, 4, 0.8, 1.5, 0, 0.3],
      },
    ],
  },
  {
    key: "fees",
    category: "Fees",
    sign: -1,
    perMonth: 1.6,
    season: [0.7, 1.2, 0.7, 0.9, 0.9, 1.1, 2, 1.9, 0.9, 1.2, 0.6, 0.9],
    weekdays: ANY_DAY,
    rule: true,
    merchants: [
      { name: "ZKB", weight: 3, amount: A(4, 0.8, 0.5, 45, "c1"), variants: ["GEBUEHR FREMDWAEHRUNG", "Bearbeitungsgebühr Fremdwährung 1.75%"] },
      { name: "ZKB", weight: 1, amount: { median: 5, sigma: 0, min: 2, max: 5, choices: [2, 5, 5] }, variants: ["BEZUGSGEBUEHR FREMDAUTOMAT", "Gebühr Bargeldbezug Fremdautomat"] },
      { name: "Swisscom", weight: 0.2, amount: { median: 20, sigma: 0, min: 20, max: 30, choices: [20, 30] }, variants: ["MAHNGEBUEHR SWISSCOM"] },
      { name: "ZKB", weight: 0.5, amount: { median: 2, sigma: 0, min: 2, max: 3, choices: [2, 3] }, variants: ["GEBUEHR PAPIERRECHNUNG", "Gebühr Papierauszug"] },
    ],
  },
  {
    key: "refunds",
    category: "Income",
    sign: 1,
    perMonth: 2,
    season: [1.7, 1.2, 1, 1, 1, 1, 1, 1, 1, 1, 1.1, 1.2],
    weekdays: OFFICE,
    merchants: [
      { name: "Zalando", weight: 4, amount: A(79, 0.6, 15, 420, "price"), variants: [{ raw: "ZALANDO SE GUTSCHRIFT", weight: 2 }, "Zalando Refund", "PAYPAL *ZALANDO REFUND"] },
      {
        name: "Digitec Galaxus",
        weight: 1.5,
        amount: A(69, 0.8, 9, 900, "price"),
        variants: ["DIGITEC GALAXUS AG RUECKERSTATTUNG", { raw: "Galaxus Refund", merchant: "Galaxus" }],
      },
      { name: "Amazon", weight: 1.5, amount: A(35, 0.7, 6, 300, "c1"), variants: ["AMAZON.DE REFUND", "AMZN Mktp DE Gutschrift"] },
      { name: "CSS", weight: 2, amount: A(135, 0.7, 12, 1200, "c1"), variants: ["CSS VERSICHERUNG RUECKERSTATTUNG", "CSS Leistungsabrechnung Gutschrift"] },
      { name: "Helsana", weight: 1, amount: A(90, 0.7, 12, 800, "c1"), variants: ["HELSANA RUECKERSTATTUNG", "Helsana Leistungen Gutschrift"] },
      { name: "SBB", weight: 0.5, amount: A(24, 0.6, 4, 120), variants: ["SBB CFF FFS RUECKERSTATTUNG", "SBB Erstattung Ticket"] },
      { name: "Alpina Software AG", weight: 1, amount: A(140, 0.6, 20, 900, "c1"), variants: ["SPESENRUECKERSTATTUNG ALPINA SOFTWARE", "Spesen Alpina Software AG"] },
    ],
  },
  {
    key: "from-savings",
    category: "Transfers",
    sign: 1,
    perMonth: 0.6,
    // Dipping into savings for summer holidays and Christmas.
    season: [0.5, 0.5, 0.5, 0.5, 0.5, 1, 2.5, 2.5, 0.5, 0.6, 0.6, 2.5],
    weekdays: OFFICE,
    rule: true,
    merchants: [
      {
        name: "Savings account",
        weight: 1,
        amount: A(1500, 0.5, 300, 6000, "h100"),
        variants: [{ raw: "TRANSFER FROM SAVINGS ACCOUNT", weight: 2 }, "Übertrag von Sparkonto (savings)"],
      },
    ],
  },
  {
    key: "to-own-accounts",
    category: "Transfers",
    sign: -1,
    perMonth: 0.6,
    season: [0.6, 1, 0.7, 1, 0.8, 1.2, 2, 2, 0.8, 1.2, 0.6, 1],
    weekdays: OFFICE,
    rule: true,
    merchants: [
      { name: "Savings account", weight: 1, amount: A(800, 0.5, 100, 5000, "h100"), variants: ["TRANSFER TO SAVINGS ACCOUNT", "Übertrag auf Sparkonto (savings)"] },
      { name: "Revolut", weight: 1, amount: A(200, 0.5, 50, 1000, "h10"), variants: ["REVOLUT TOP-UP", "Revolut Ltd Aufladung"] },
    ],
  },
  {
    key: "investments",
    category: "Investments",
    sign: -1,
    perMonth: 0.25,
    weekdays: OFFICE,
    merchants: [
      { name: "Swissquote", weight: 2, amount: A(1500, 0.5, 500, 8000, "h100"), variants: ["SWISSQUOTE BANK SA EINZAHLUNG", "Swissquote Trading Deposit"] },
      { name: "True Wealth", weight: 1, amount: A(1000, 0.3, 500, 3000, "h100"), variants: ["TRUE WEALTH AG", "True Wealth Einzahlung Portfolio"] },
    ],
  },
  {
    key: "investment-returns",
    category: "Investments",
    sign: 1,
    perMonth: 0.12,
    weekdays: OFFICE,
    merchants: [
      { name: "Swissquote", weight: 1, amount: A(1200, 0.5, 200, 6000, "h100"), variants: ["SWISSQUOTE BANK SA AUSZAHLUNG", "Swissquote Withdrawal"] },
    ],
  },
  {
    key: "home",
    category: "Housing",
    sign: -1,
    perMonth: 1,
    season: [0.7, 0.7, 1.2, 1.6, 1.5, 1.2, 0.8, 0.8, 1.1, 1.1, 0.8, 0.6],
    weekdays: SHOPS,
    merchants: [
      { name: "Hornbach", weight: 2, amount: A(65, 0.8, 5, 600), variants: ["HORNBACH BAUMARKT {CITY}", "Hornbach Baumarkt AG"] },
      { name: "Jumbo", weight: 1.5, amount: A(48, 0.8, 5, 500), variants: ["JUMBO {CITY}", "Jumbo-Markt AG"] },
      { name: "Putzfee GmbH", weight: 1, amount: A(180, 0.3, 90, 400, "int"), variants: ["PUTZFEE GMBH REINIGUNG", "Putzfee Reinigung Zürich"] },
    ],
  },
  {
    key: "apps",
    category: "Subscriptions",
    sign: -1,
    perMonth: 0.7,
    weekdays: ANY_DAY,
    merchants: [
      { name: "Apple", weight: 2, amount: { median: 6, sigma: 0, min: 1, max: 10, choices: [1, 3, 6, 6, 10] }, variants: ["APPLE.COM/BILL", "Apple Services"] },
      { name: "Google", weight: 1, amount: A(4, 0.6, 1, 20, "c1"), variants: ["GOOGLE *Google Play Apps", "Google Play"] },
    ],
  },
  {
    key: "insurance-extra",
    category: "Insurance",
    sign: -1,
    perMonth: 0.12,
    season: SUMMER_TRAVEL,
    weekdays: OFFICE,
    merchants: [
      { name: "Allianz Travel", weight: 1, amount: A(89, 0.3, 40, 200, "price"), variants: ["ALLIANZ TRAVEL VERSICHERUNG", "Allianz Travel Reiseversicherung"] },
    ],
  },
  {
    key: "other",
    category: "Other",
    sign: -1,
    perMonth: 5,
    season: [1, 1, 1, 1, 1.1, 1, 0.9, 0.9, 1, 1, 1.1, 1.8],
    weekdays: OFFICE,
    merchants: [
      { name: "Die Post", weight: 3, amount: A(8.5, 0.6, 1.1, 60), variants: ["DIE POST {CITY}", "Post CH AG Filiale {city}", "TWINT *Post CH"] },
      { name: "Coiffeur Haarscharf", weight: 1.5, amount: A(68, 0.3, 30, 160), variants: ["COIFFEUR HAARSCHARF ZUERICH", "SUMUP *COIFFEUR HAARSCHARF"] },
      { name: "Hair by Nina", weight: 0.5, amount: A(55, 0.3, 25, 120), variants: [{ raw: "SUMUP *NINA HAIR", manual: true }] },
      { name: "Blumen Krämer", weight: 1, amount: A(35, 0.5, 9, 160), variants: ["BLUMEN KRAEMER {CITY}", "Blumen Krämer AG"] },
      {
        name: "Glückskette",
        weight: 0.4,
        amount: A(100, 0.4, 20, 500, "h10"),
        variants: ["GLUECKSKETTE SPENDE", "Swiss Solidarity donation"],
        season: [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1, 5],
      },
      { name: "Stadt Zürich", weight: 0.4, amount: A(40, 0.5, 10, 200), variants: ["STADT ZUERICH GEBUEHREN", "Stadt Zürich Kreisbüro"] },
    ],
  },
  {
    key: "unclear-out",
    category: "Uncategorised",
    sign: -1,
    perMonth: 2.5,
    weekdays: ANY_DAY,
    merchants: [
      { name: "SumUp", weight: 3, amount: A(18, 0.8, 2, 200), variants: ["SUMUP *{n6}", "SUMUP *ZH {n4}"] },
      { name: "TWINT P2P", weight: 3, amount: A(25, 0.8, 2, 400), variants: ["TWINT *P2P +41 79 {n3} {r2} {r2}", "TWINT *Sent to +41 76 {n3} {r2} {r2}"] },
      { name: "PayPal", weight: 1.5, amount: A(35, 0.8, 3, 400, "c1"), variants: ["PAYPAL *{n8}", "PAYPAL *EBAY {n6}"] },
      { name: "Square", weight: 0.7, amount: A(15, 0.6, 2, 120), variants: ["SQ *{n6}"] },
      { name: "Unknown", weight: 1, amount: A(120, 0.8, 10, 1500, "c1"), variants: ["E-BANKING AUFTRAG {n6}", "ZAHLUNG {n8}"] },
    ],
  },
  {
    key: "unclear-in",
    category: "Uncategorised",
    sign: 1,
    perMonth: 0.8,
    weekdays: ANY_DAY,
    merchants: [
      { name: "TWINT P2P", weight: 3, amount: A(30, 0.7, 5, 300), variants: ["TWINT *P2P from +41 79 {n3} {r2} {r2}", "TWINT *Received +41 78 {n3} {r2} {r2}"] },
      { name: "Unknown", weight: 1, amount: A(150, 0.8, 10, 1500, "c1"), variants: ["GUTSCHRIFT {n8}", "EINGANG E-BANKING {n6}"] },
    ],
  },
];

/** A standing order, direct debit, salary or annual bill. */
export type RecurringSpec = {
  key: string;
  category: string;
  sign: 1 | -1;
  rule?: boolean;
  /** Day of the month; past the month's end means its last day. */
  day: number;
  /** Moved to the nearest business day (earlier, unless that leaves the month). */
  business?: boolean;
  /** Calendar months (1..12) it occurs in; default every month. */
  months?: number[];
  /** First and last 'YYYY-MM' it occurs in (inclusive). */
  from?: string;
  until?: string;
  /** CHF, or a list of [from 'YYYY-MM', CHF] steps (price rises, pay rises). */
  amount: number | [string, number][];
  /** Per calendar month multipliers (heating in winter). */
  amountSeason?: number[];
  /** Relative random variation, e.g. 0.1 for ±10 %. Jittered amounts round to 5 Rappen. */
  jitter?: number;
  merchant: string;
  /** Raw spellings; the first is the usual one. */
  raws: string[];
  /** Probability that another household (when scaling up) has this item. */
  share?: number;
  /**
   * What other households use instead (employer, landlord, insurer…). A household picks
   * the same position in every list of the same length, so its 13th salary comes from
   * its own employer and its service charges from its own landlord.
   */
  alternatives?: { merchant: string; raws: string[] }[];
};

const LANDLORDS = [
  { merchant: "Wincasa AG", raws: ["DAUERAUFTRAG WINCASA AG MIETE", "Miete Wincasa AG Verwaltung"] },
  { merchant: "Privera AG", raws: ["DAUERAUFTRAG PRIVERA AG MIETZINS"] },
  { merchant: "Apleona Real Estate", raws: ["DAUERAUFTRAG APLEONA VERWALTUNG MIETE"] },
  { merchant: "Liegenschaften Stadt Zürich", raws: ["MIETE LIEGENSCHAFTEN STADT ZUERICH"] },
];

const EMPLOYERS = [
  { merchant: "Zürcher Kantonalbank", raws: ["LOHN ZUERCHER KANTONALBANK", "Salär Zürcher Kantonalbank"] },
  { merchant: "ETH Zürich", raws: ["SALAER ETH ZUERICH", "Lohnzahlung ETH Zürich"] },
  { merchant: "Roche Diagnostics AG", raws: ["LOHN ROCHE DIAGNOSTICS AG", "Salär Roche Diagnostics"] },
  { merchant: "Stadt Zürich", raws: ["LOHN STADT ZUERICH HR", "Lohn Stadt Zürich"] },
  { merchant: "Google Switzerland GmbH", raws: ["SALARY GOOGLE SWITZERLAND GMBH", "Google Switzerland Salary"] },
];

export const RECURRING: RecurringSpec[] = [
  {
    key: "salary",
    category: "Income",
    sign: 1,
    rule: true,
    day: 25,
    business: true,
    amount: [["2023-11", 11250], ["2024-01", 11450], ["2025-01", 11640], ["2026-01", 11830]],
    merchant: "Alpina Software AG",
    raws: ["LOHN ALPINA SOFTWARE AG", "Salärzahlung Alpina Software AG"],
    alternatives: EMPLOYERS,
  },
  {
    key: "thirteenth",
    category: "Income",
    sign: 1,
    rule: true,
    day: 20,
    business: true,
    months: [12],
    amount: [["2023-11", 11250], ["2024-01", 11450], ["2025-01", 11640], ["2026-01", 11830]],
    merchant: "Alpina Software AG",
    raws: ["13. MONATSLOHN ALPINA SOFTWARE AG"],
    share: 0.7,
    alternatives: EMPLOYERS.map((e) => ({ merchant: e.merchant, raws: [`13. MONATSLOHN ${e.merchant.toUpperCase()}`] })),
  },
  {
    key: "salary-2",
    category: "Income",
    sign: 1,
    rule: true,
    day: 25,
    business: true,
    amount: [["2023-11", 4850], ["2024-07", 4940], ["2025-07", 5030]],
    merchant: "Universitätsspital Zürich",
    raws: ["LOHN UNIVERSITAETSSPITAL ZUERICH", "Gutschrift Lohn USZ"],
    share: 0.6,
    alternatives: [
      { merchant: "Kanton Zürich", raws: ["LOHN KANTON ZUERICH PERSONALAMT"] },
      { merchant: "Migros-Genossenschafts-Bund", raws: ["LOHN MIGROS-GENOSSENSCHAFTS-BUND"] },
      { merchant: "Swiss Re", raws: ["SALARY SWISS RE MANAGEMENT LTD"] },
    ],
  },
  {
    key: "rent",
    category: "Housing",
    sign: -1,
    rule: true,
    day: 31,
    business: true,
    amount: [["2023-11", 2450], ["2025-04", 2520]],
    merchant: "Livit AG",
    raws: ["DAUERAUFTRAG LIVIT AG VERWALTUNG MIETE", "Dauerauftrag Miete Livit AG Verwaltung"],
    alternatives: LANDLORDS,
  },
  {
    key: "service-charges",
    category: "Housing",
    sign: -1,
    day: 20,
    business: true,
    months: [3],
    amount: 480,
    jitter: 0.4,
    merchant: "Livit AG",
    raws: ["LIVIT AG NEBENKOSTENABRECHNUNG", "Nebenkostenabrechnung Livit AG"],
    alternatives: LANDLORDS.map((l) => ({ merchant: l.merchant, raws: [`NEBENKOSTENABRECHNUNG ${l.merchant.toUpperCase()}`] })),
  },
  {
    key: "electricity",
    category: "Housing",
    sign: -1,
    day: 20,
    business: true,
    amount: [["2023-11", 84], ["2024-01", 96], ["2025-01", 91]],
    amountSeason: [1.55, 1.45, 1.3, 1.05, 0.85, 0.72, 0.68, 0.7, 0.82, 1.0, 1.3, 1.55],
    jitter: 0.08,
    merchant: "ewz",
    raws: ["EWZ ELEKTRIZITAETSWERK ZUERICH", "ewz Stromrechnung eBill"],
  },
  {
    key: "gas-heating",
    category: "Housing",
    sign: -1,
    day: 22,
    business: true,
    amount: 62,
    amountSeason: [3.2, 2.9, 2.2, 1.3, 0.6, 0.3, 0.25, 0.25, 0.4, 1.0, 2.1, 3.0],
    jitter: 0.1,
    merchant: "Energie 360°",
    raws: ["ENERGIE 360 AG ERDGAS", "Energie 360° Gasrechnung"],
    share: 0.5,
  },
  {
    key: "css",
    category: "Insurance",
    sign: -1,
    day: 1,
    business: true,
    amount: [["2023-11", 812.6], ["2024-01", 868.4], ["2025-01", 912.3], ["2026-01", 951.75]],
    merchant: "CSS",
    raws: ["LSV CSS KRANKENVERSICHERUNG AG", "CSS Versicherung AG Prämie"],
    alternatives: [
      { merchant: "Swica", raws: ["LSV SWICA KRANKENVERSICHERUNG AG"] },
      { merchant: "Sanitas", raws: ["LSV SANITAS GRUNDVERSICHERUNGEN AG"] },
      { merchant: "Helsana", raws: ["LSV+ HELSANA VERSICHERUNGEN AG"] },
    ],
  },
  {
    key: "helsana",
    category: "Insurance",
    sign: -1,
    day: 1,
    business: true,
    amount: [["2023-11", 112.3], ["2024-01", 119.8], ["2025-01", 126.4], ["2026-01", 133.1]],
    merchant: "Helsana",
    raws: ["LSV+ HELSANA VERSICHERUNGEN AG", "Helsana Prämie Kind"],
    share: 0.5,
  },
  {
    key: "mobiliar",
    category: "Insurance",
    sign: -1,
    day: 15,
    business: true,
    months: [1],
    amount: [["2023-11", 486.6], ["2025-01", 502.4]],
    merchant: "Die Mobiliar",
    raws: ["DIE MOBILIAR HAUSRAT PRIVATHAFTPFLICHT", "Mobiliar Versicherung Prämie"],
  },
  {
    key: "axa",
    category: "Insurance",
    sign: -1,
    day: 10,
    business: true,
    months: [4],
    amount: 318.9,
    merchant: "AXA",
    raws: ["AXA VERSICHERUNGEN AG RECHTSSCHUTZ", "AXA Rechnung Rechtsschutz"],
    share: 0.6,
  },
  {
    key: "swisscom",
    category: "Subscriptions",
    sign: -1,
    day: 12,
    business: true,
    amount: [["2023-11", 109], ["2024-04", 114]],
    merchant: "Swisscom",
    raws: ["SWISSCOM (SCHWEIZ) AG", "Swisscom Rechnung eBill"],
    alternatives: [
      { merchant: "Sunrise", raws: ["SUNRISE GMBH RECHNUNG"] },
      { merchant: "Salt", raws: ["SALT MOBILE SA"] },
    ],
  },
  {
    key: "netflix",
    category: "Subscriptions",
    sign: -1,
    day: 3,
    amount: [["2023-11", 18.9], ["2024-06", 20.9]],
    merchant: "Netflix",
    raws: ["NETFLIX.COM", "Netflix International B.V."],
    share: 0.7,
  },
  {
    key: "spotify",
    category: "Subscriptions",
    sign: -1,
    day: 17,
    amount: [["2023-11", 19.95], ["2025-02", 21.95]],
    merchant: "Spotify",
    raws: ["SPOTIFY AB STOCKHOLM", "Spotify Family"],
    share: 0.6,
  },
  {
    key: "icloud",
    category: "Subscriptions",
    sign: -1,
    day: 9,
    amount: [["2023-11", 3], ["2025-03", 10]],
    merchant: "Apple",
    raws: ["APPLE.COM/BILL ICLOUD", "Apple iCloud+"],
    share: 0.6,
  },
  {
    key: "newspaper",
    category: "Subscriptions",
    sign: -1,
    day: 1,
    months: [10],
    amount: 429,
    merchant: "NZZ",
    raws: ["NZZ ABO DIGITAL", "Neue Zürcher Zeitung Abo"],
    share: 0.3,
  },
  {
    key: "kita",
    category: "Children",
    sign: -1,
    rule: true,
    day: 1,
    business: true,
    until: "2026-07",
    amount: [["2023-11", 2180], ["2024-08", 2240]],
    merchant: "Kita Sonnenschein",
    raws: ["KITA SONNENSCHEIN GMBH", "Kita Sonnenschein Betreuungsbeitrag"],
    share: 0.35,
    alternatives: [
      { merchant: "Kita Zwergli", raws: ["KITA ZWERGLI AG BETREUUNG"] },
      { merchant: "Globegarden", raws: ["GLOBEGARDEN AG KITA"] },
    ],
  },
  {
    key: "hort",
    category: "Children",
    sign: -1,
    rule: true,
    day: 1,
    business: true,
    from: "2026-08",
    amount: 640,
    merchant: "Hort Schulhaus Letzi",
    raws: ["STADT ZUERICH HORT LETZI", "Betreuung Hort Schulhaus Letzi"],
    share: 0.35,
  },
  {
    key: "music-school",
    category: "Children",
    sign: -1,
    day: 15,
    business: true,
    months: [2, 5, 8, 11],
    amount: 280,
    merchant: "Musikschule Konservatorium Zürich",
    raws: ["MUSIKSCHULE KONSERVATORIUM ZUERICH", "MKZ Semesterbeitrag"],
    share: 0.25,
  },
  {
    key: "savings",
    category: "Transfers",
    sign: -1,
    rule: true,
    day: 26,
    business: true,
    amount: [["2023-11", 1000], ["2025-01", 1500]],
    merchant: "Savings account",
    raws: ["TRANSFER TO SAVINGS ACCOUNT", "Übertrag auf Sparkonto (savings)"],
  },
  {
    key: "pillar-3a",
    category: "Investments",
    sign: -1,
    rule: true,
    day: 27,
    business: true,
    amount: [["2023-11", 588], ["2025-01", 605]],
    merchant: "VIAC",
    raws: ["VIAC SAEULE 3A EINZAHLUNG", "VIAC 3a Vorsorge"],
    share: 0.6,
    alternatives: [{ merchant: "frankly", raws: ["FRANKLY 3A ZKB EINZAHLUNG"] }],
  },
  {
    key: "bank-package",
    category: "Fees",
    sign: -1,
    rule: true,
    day: 31,
    amount: [["2023-11", 6], ["2025-01", 8]],
    merchant: "ZKB",
    raws: ["PREIS FUER BANKPAKET", "Kontoführung ZKB Bankpaket"],
  },
  {
    key: "card-fee",
    category: "Fees",
    sign: -1,
    rule: true,
    day: 3,
    months: [3],
    amount: 100,
    merchant: "ZKB",
    raws: ["JAHRESGEBUEHR KREDITKARTE", "Jahresgebühr Visa Karte"],
  },
  {
    key: "zvv-pass",
    category: "Transport",
    sign: -1,
    day: 1,
    amount: 89,
    merchant: "ZVV",
    raws: ["ZVV NETZPASS ABO", "SBB Abo ZVV NetzPass"],
    share: 0.7,
  },
  {
    key: "half-fare",
    category: "Transport",
    sign: -1,
    day: 1,
    months: [9],
    amount: 190,
    merchant: "SBB",
    raws: ["SBB HALBTAX ABO", "SBB CFF FFS Halbtax"],
    share: 0.8,
  },
  {
    key: "serafe",
    category: "Other",
    sign: -1,
    day: 28,
    months: [2],
    amount: 335,
    merchant: "Serafe AG",
    raws: ["SERAFE AG", "Serafe AG Haushaltabgabe"],
  },
  {
    key: "taxes",
    category: "Other",
    sign: -1,
    day: 30,
    business: true,
    months: [3, 6, 9, 12],
    amount: [["2023-11", 4400], ["2025-01", 4650]],
    merchant: "Steueramt Zürich",
    raws: ["STEUERAMT KANTON ZUERICH", "Kanton Zürich Steuern Rate"],
  },
];

/** Memorable one-off transactions of the demo household (not scaled with --transactions). */
export type OutlierSpec = { date: string; category: string; merchant: string; raw: string; amount: number };

export const OUTLIERS: OutlierSpec[] = [
  { date: "2024-03-14", category: "Shopping", merchant: "Digitec Galaxus", raw: "DIGITEC GALAXUS AG", amount: -3249.0 },
  { date: "2024-09-18", category: "Healthcare", merchant: "Zahnarztpraxis Dr. Keller", raw: "ZAHNARZTPRAXIS DR MED DENT R KELLER", amount: -2185.4 },
  { date: "2025-06-05", category: "Shopping", merchant: "Möbel Pfister", raw: "MOEBEL PFISTER AG SUHR", amount: -6480.0 },
  { date: "2025-07-02", category: "Travel", merchant: "Hotelplan", raw: "HOTELPLAN SUISSE", amount: -4850.0 },
  { date: "2026-03-25", category: "Income", merchant: "Alpina Software AG", raw: "BONUS ALPINA SOFTWARE AG", amount: 12000.0 },
  { date: "2026-05-12", category: "Healthcare", merchant: "Kieferorthopädie Dr. Lang", raw: "KIEFERORTHOPAEDIE DR LANG ZUERICH", amount: -3120.0 },
];
