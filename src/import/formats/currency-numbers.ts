/**
 * ISO 4217 numbers of the currencies accounts are held in, for the fixed-width statements that name the currency by its
 * number (Norma 43's "978", GPC's "0203"). A number not listed here is refused by the reader, never guessed.
 */
export const CURRENCY_BY_NUMBER: Readonly<Record<string, string>> = {
  "978": "EUR", "840": "USD", "826": "GBP", "756": "CHF", "392": "JPY", "124": "CAD", "752": "SEK", "578": "NOK", "208": "DKK",
  "985": "PLN", "036": "AUD", "986": "BRL", "484": "MXN", "032": "ARS", "152": "CLP", "170": "COP", "604": "PEN", "504": "MAD",
  "203": "CZK",
};
