/**
 * FNV-1a 64 over the UTF-8 bytes, as 16 hex digits: the pipeline's id of a UBS card row (`cc-…`
 * over `purchase date|booking text|debit|credit|booked`). Two 32-bit halves keep it exact without BigInt.
 */
const utf8 = new TextEncoder();

export function fnv1a64Hex(text: string): string {
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (const byte of utf8.encode(text)) {
    lo ^= byte;
    lo >>>= 0;
    // (hi·2³² + lo) · (2⁴⁰ + 0x1b3) mod 2⁶⁴
    const low = lo * 0x1b3;
    const carry = Math.floor(low / 0x100000000);
    hi = (hi * 0x1b3 + ((lo << 8) >>> 0) + carry) % 0x100000000;
    lo = low % 0x100000000;
  }
  return hi.toString(16).padStart(8, "0") + lo.toString(16).padStart(8, "0");
}
