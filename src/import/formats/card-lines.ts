/**
 * A card issuer's own lines for a payment the card received ("PAYMENT - THANK YOU", "DIRECTPAY FULL BALANCE" …), as the
 * whole text: what files a card's payment as a transfer (card-payments.ts), and what tells a card's export that writes
 * its purchases positive (csv-signs.ts).
 */

/**
 * The channel a card was paid by, as its issuer writes it before its line ("ONLINE PAYMENT - THANK YOU", "MOBILE AUTOPAY
 * PAYMENT", "ACH PAYMENT RECEIVED"): one word list for every such line (here and csv-signs.ts).
 */
export const CHANNEL = String.raw`online|internet|mobile|electronic|automatic|ach`;
/** How the issuer may name the way it was paid, before "PAYMENT". */
const PAID_BY = String.raw`(?:(?:${CHANNEL}|web|phone|autopay|auto|direct\s+debit)\s+)?`;
/** The thanks after it, cut short as some exports cut it ("AUTOMATIC PAYMENT - THANK"). */
const THANKS = String.raw`\W*thank(?:\s*you)?`;
/**
 * What an issuer may write after its line: the channel ("-Mobile", " - Web") or a reference or date ("REF 0412",
 * "#88231", "03/07", "REF0412"), words each after a separator. A reference is digits after at most four letters, so a
 * name with a digit ("JSMITH1", "4ACME", "PAYPAL1") is none. Separators and words share no character (a date's "/" is a
 * separator between two numbers), so a long text that is no such line fails in time linear in its length (no
 * backtracking between them; a word that took "/" or "-" too took 13 s on a 108-character text).
 */
export const TAIL = String.raw`(?:[\s,.:;/#*\u2013\u2014-]+(?:mobile|web|online|app|phone|ref|conf|no|[a-z]{0,4}\d+))*`;

/**
 * The issuers' own lines for a payment received on the card, as the whole text (US, UK and Canadian cards): "PAYMENT -
 * THANK YOU", "ONLINE PAYMENT, THANK YOU", "Payment Thank You-Mobile", "PAYMENT RECEIVED - THANK YOU", "INTERNET PAYMENT
 * RECEIVED", "AUTOPAY PAYMENT", "CAPITAL ONE AUTOPAY PYMT", "DIRECT DEBIT PAYMENT - THANK YOU", "DIRECTPAY FULL BALANCE".
 */
export const CARD_PAYMENT_LINE = new RegExp(
  String.raw`^\W*(?:` +
    [
      `${PAID_BY}payment(?:\\s+received)?${THANKS}`,
      `${PAID_BY}payment\\s+received`,
      String.raw`auto(?:pay|matic)\s+payment`,
      String.raw`(?:capital\s+one\s+)?(?:autopay|mobile|online)\s+pymt`,
      String.raw`direct\s+debit${THANKS}`,
      String.raw`direct\s*pay\s+full\s+balance`,
    ].join("|") +
    `)${TAIL}\\W*$`,
  "i",
);
