/**
 * How the product names a bank account to people (pages, approval cards, a rule's refusal): the
 * name the household gave it (Settings), else the account masked ("CH93 … 2957"), never the
 * whole IBAN or card number.
 */

/** An IBAN or card number as its first and last four characters; anything shorter or without many digits as it is. */
export function maskAccount(account: string): string {
  const compact = account.replace(/[\s-]+/g, "");
  const digits = compact.replace(/\D/g, "").length;
  if (compact.length < 12 || digits < 8 || !/^[A-Za-z0-9*Xx]+$/.test(compact)) return account;
  return `${compact.slice(0, 4).toUpperCase()} … ${compact.slice(-4)}`;
}

/** An account number shown by its last 4 digits only, whatever its length or separators ("ending in 6789"); a name with no digit as it is. */
export function lastDigitsOf(account: string): string {
  const digits = account.replace(/\D/g, "");
  return digits ? `ending in ${digits.slice(-4)}` : account;
}

/** The account's name if it has one, else its masked number. */
export function accountLabel(account: string, names: ReadonlyMap<string, string>): string {
  return names.get(account) ?? maskAccount(account);
}
