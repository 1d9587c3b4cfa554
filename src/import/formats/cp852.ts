/**
 * DOS code page 852 (IBM "Latin 2"), which no TextDecoder knows: the code page of MT940 files from Central European
 * banks' DOS-era cash-management programs (Raiffeisen HU's CMI, QA round 4, qa45: "átutalás" stored as " tutal s").
 */

/** The characters of the bytes 0x80–0xFF, in order (the bytes below are ASCII). */
const UPPER_HALF = "ÇüéâäůćçłëŐőîŹÄĆÉĹĺôöĽľŚśÖÜŤťŁ×čáíóúĄąŽžĘę¬źČş«»░▒▓│┤ÁÂĚŞ╣║╗╝Żż┐└┴┬├─┼Ăă╚╔╩╦╠═╬¤đĐĎËďŇÍÎě┘┌█▄ŢŮ▀ÓßÔŃńňŠšŔÚŕŰýÝţ´\u00ad˝˛ˇ˘§÷¸°¨˙űŘř■\u00a0";

/** The text of bytes in code page 852. */
export function decodeCp852(bytes: Uint8Array): string {
  let text = "";
  for (let start = 0; start < bytes.length; start += 8192) {
    // 16-bit codes: the letters above 0xFF (ő, ł …) do not fit a byte.
    const codes = Uint16Array.from(bytes.subarray(start, start + 8192), (b) => (b < 0x80 ? b : UPPER_HALF.charCodeAt(b - 0x80)));
    text += String.fromCharCode(...codes);
  }
  return text;
}
