/**
 * Calendar arithmetic on days written as the integer yyyymmdd (20250314) and months as
 * year*12 + month-1, in UTC. Pure functions, shared by the ledger and the tools.
 */

/** 28–31 for month m (1–12) of year y (proleptic Gregorian). */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/**
 * The yyyymmdd of a well-formed transaction date, or null. Well-formed: exactly
 * `YYYY-MM-DD` naming a real calendar day, optionally followed by a time part that
 * starts with `T` or a space (`2025-03-14 10:22:00`, `2025-03-14T10:22:00Z`); the
 * time part itself is not inspected. `2025-3-1`, `14.03.2025`, `2025-13-01`,
 * `2025-02-30` and '' are all null.
 */
export function parseDay(s: string): number | null {
  if (typeof s !== "string" || s.length < 10) return null;
  if (s.length > 10) {
    const sep = s.charCodeAt(10);
    if (sep !== 84 /* T */ && sep !== 32 /* space */) return null;
  }
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return null;
  const y0 = s.charCodeAt(0) - 48;
  const y1 = s.charCodeAt(1) - 48;
  const y2 = s.charCodeAt(2) - 48;
  const y3 = s.charCodeAt(3) - 48;
  const m0 = s.charCodeAt(5) - 48;
  const m1 = s.charCodeAt(6) - 48;
  const d0 = s.charCodeAt(8) - 48;
  const d1 = s.charCodeAt(9) - 48;
  // (x >>> 0) > 9 is false exactly for the digits 0-9.
  if ((y0 >>> 0) > 9 || (y1 >>> 0) > 9 || (y2 >>> 0) > 9 || (y3 >>> 0) > 9) return null;
  if ((m0 >>> 0) > 9 || (m1 >>> 0) > 9 || (d0 >>> 0) > 9 || (d1 >>> 0) > 9) return null;
  const y = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const m = m0 * 10 + m1;
  const d = d0 * 10 + d1;
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return y * 10000 + m * 100 + d;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));
const pad4 = (n: number): string => (n >= 1000 && n <= 9999 ? String(n) : String(n).padStart(4, "0"));

/** 20250314 → "2025-03-14". */
export function dayToIso(day: number): string;
/** No day (an empty ledger, a month whose data runs to its end) stays null. */
export function dayToIso(day: number | null): string | null;
export function dayToIso(day: number | null): string | null {
  if (day === null) return null;
  const y = Math.floor(day / 10000);
  return `${pad4(y)}-${pad2(Math.floor(day / 100) % 100)}-${pad2(day % 100)}`;
}

/** The month index of a day: year*12 + month-1 (consecutive months differ by 1). */
export function monthKey(day: number): number {
  return Math.floor(day / 10000) * 12 + (Math.floor(day / 100) % 100) - 1;
}

/** A month index (see monthKey) as its label, "YYYY-MM". */
export function monthLabel(monthIndex: number): string {
  return `${pad4(Math.floor(monthIndex / 12))}-${pad2((monthIndex % 12) + 1)}`;
}

/** Days since 1970-01-01 of a yyyymmdd day (Howard Hinnant's days_from_civil). */
export function epochDay(day: number): number {
  let y = Math.floor(day / 10000);
  const m = Math.floor(day / 100) % 100;
  const d = day % 100;
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The yyyymmdd day of a count of days since 1970-01-01 (civil_from_days). */
export function fromEpochDay(n: number): number {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return y * 10000 + m * 100 + d;
}

/** The day n calendar days after (n < 0: before) a yyyymmdd day. */
export function addDays(day: number, n: number): number {
  return fromEpochDay(epochDay(day) + n);
}

/** Calendar days from a to b (b − a; negative when b is earlier). */
export function daysBetween(a: number, b: number): number {
  return epochDay(b) - epochDay(a);
}

/** Day of the week of a day count since 1970-01-01 (a Thursday): 0 = Monday … 6 = Sunday (ISO order). */
export function weekdayOf(epoch: number): number {
  return (((epoch + 3) % 7) + 7) % 7;
}

export const WEEKDAY_LABELS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** The ISO week of a day count since 1970-01-01 as its label, "2026-W06" (the year the week's Thursday lies in). */
export function isoWeekLabel(epoch: number): string {
  const thursday = fromEpochDay(epoch + 3 - weekdayOf(epoch));
  const year = Math.floor(thursday / 10000);
  const week = Math.floor((epochDay(thursday) - epochDay(year * 10000 + 101)) / 7) + 1;
  return `${pad4(year)}-W${pad2(week)}`;
}

/** A Date's calendar day in this process's time zone (the zone the system prompt states), as yyyymmdd. */
export function localDay(d: Date): number {
  return d.getFullYear() * 10000 + (d.getMonth() + 1) * 100 + d.getDate();
}
