/**
 * Bytes → text for statement files, and the refusals that come before any parsing: files that
 * are plainly not statements (images, PDFs, archives, HTML pages). (XML with a DOCTYPE is refused
 * by markup.ts the moment it meets one: no entity expansion, no external entities, no XXE.)
 */
import { isAscii } from "node:buffer";
import { decodeCp852 } from "./cp852.ts";

const MAGIC: { bytes: number[]; kind: string }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], kind: "a PNG image" },
  { bytes: [0xff, 0xd8, 0xff], kind: "a JPEG image" },
  { bytes: [0x47, 0x49, 0x46, 0x38], kind: "a GIF image" },
  { bytes: [0x25, 0x50, 0x44, 0x46], kind: "a PDF document (a PDF statement is not read: export the statement as CSV, camt.053 XML, MT940 or OFX instead)" },
  // A ZIP given as a file is unpacked (zip.ts) before any of this: one found here is inside another archive.
  { bytes: [0x50, 0x4b, 0x03, 0x04], kind: "a ZIP archive inside an archive (unpack it and import its files)" },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], kind: "an Excel .xls workbook (a spreadsheet is not read: export the statement as CSV)" },
  { bytes: [0x1f, 0x8b], kind: "a gzip archive (unpack it first)" },
];

/** What a file that is plainly no statement is ("a PNG image"), or null. */
export function binaryKind(bytes: Uint8Array): string | null {
  for (const m of MAGIC) if (m.bytes.every((b, i) => bytes[i] === b)) return m.kind;
  // A NUL byte never occurs in a text statement, but as UTF-16's other half of every Latin letter, or as padding after its last line.
  if (!utf16Of(bytes) && bytes.subarray(0, Math.min(4096, withoutNulPadding(bytes).length)).includes(0)) return "binary data";
  return null;
}

/**
 * The bytes without NUL padding after the last line: from the first NUL of a run of NULs and line breaks that ends the
 * file. RBC's CSV download ends with a NUL and a CR (QA round 4, pass 26: a short one was refused as binary data, a
 * longer one, its NUL past the first 4 KB, read).
 */
function withoutNulPadding(bytes: Uint8Array): Uint8Array {
  // A few bytes at most, after text: a file of NULs (or one ending in a long run of them) is binary data still.
  const stop = Math.max(0, bytes.length - 16);
  let end = bytes.length;
  let cut = end;
  while (end > stop && (bytes[end - 1] === 0 || bytes[end - 1] === 0x0d || bytes[end - 1] === 0x0a)) if (bytes[--end] === 0) cut = end;
  return cut === bytes.length || end === stop ? bytes : bytes.subarray(0, cut);
}

/**
 * UTF-16 by its BOM, or without one (a file re-saved as "Unicode text" by a tool that writes none; QA of stop 46: refused
 * as binary data) by its shape: in the first 4 KB, a NUL as the high half of nine characters in ten or more, on the
 * other side for one in fifty at most ("Ā", U+0100, is 00 01), never both halves, and text when read so (no control
 * characters but tab and line breaks: 16-bit samples of a sound are no text). Returns its byte order and where its
 * text starts.
 */
function utf16Of(bytes: Uint8Array): { encoding: "utf-16le" | "utf-16be"; start: number } | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: "utf-16le", start: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: "utf-16be", start: 2 };
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 8) return null;
  let low = 0;
  let high = 0;
  for (let i = 0; i < n; i += 2) {
    const a = bytes[i]!;
    const b = bytes[i + 1]!;
    if (a === 0 && b === 0) return null;
    if (b === 0) low++;
    else if (a === 0) high++;
  }
  const pairs = n / 2;
  const encoding = low >= 0.9 * pairs && high <= 0.02 * pairs ? "utf-16le" : high >= 0.9 * pairs && low <= 0.02 * pairs ? "utf-16be" : null;
  if (!encoding || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(new TextDecoder(encoding).decode(bytes.subarray(0, n)))) return null;
  return { encoding, start: 0 };
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const cp1252 = new TextDecoder("windows-1252");

/**
 * Bytes by what they are in Polish text, one table for the scan (a statement of 50 MB is scanned byte by byte):
 * LETTER in windows-1250, ISO-8859-2 and windows-1252 alike (ASCII letters, 0xC0–0xFF but × and ÷); CP1250 a Polish
 * letter of windows-1250 that windows-1252 reads as a sign no Western word is written with — ą ł Ą Ł ż ź Ź Ż (there
 * "¹ ³ ¥ £ ¿ Ÿ ¯" and a control; ł ż Ł Ż are the same bytes in ISO-8859-2); LATIN2 a Polish letter of ISO-8859-2 that
 * windows-1250 reads as a sign — ą ś Ą Ś Ź (there "± ¶ ˇ ¦ ¬"). ś/Ś of windows-1250 (0x9C/0x8C) are left out:
 * windows-1252 has "œ"/"Œ" there, a French letter.
 */
const LETTER = 1;
const CP1250 = 2;
const LATIN2 = 4;
const BYTE_KIND = new Uint8Array(256);
for (let b = 0; b < 256; b++) if ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || (b >= 0xc0 && b !== 0xd7 && b !== 0xf7)) BYTE_KIND[b] = LETTER;
for (const b of [0xb9, 0xb3, 0xa5, 0xa3, 0xbf, 0x9f, 0x8f, 0xaf]) BYTE_KIND[b] = CP1250;
for (const b of [0xb1, 0xb6, 0xa1, 0xa6, 0xac]) BYTE_KIND[b] = LATIN2;

/**
 * The Central European code page of a text that is not UTF-8 (mBank, PKO, Pekao, ING PL exports, whatever the format:
 * CSV, MT940, QIF), or null for a Western one: a Polish letter between two letters ("Wpłata", "spożywcze", where
 * windows-1252 has "Wp³ata", "spo¿ywcze"), or "Ż" (0xAF, windows-1252's macron "¯") before a letter ("Żabka"); ISO-8859-2
 * when one of its own letters touches a letter, at a word's end or start too ("są", "Świat", "środki"; but "¡" only
 * after a letter: a Spanish "¡Hola" starts with it), else windows-1250. A Western text never has those signs inside a
 * word (a Spanish "¿" follows a space; "m³" is followed by none; "£5" and "¥" by digits). QA round 4, fifth and eighth
 * passes; the word's ends, the lead's review of stop 43.
 */
function centralEuropean(body: Uint8Array): "windows-1250" | "iso-8859-2" | null {
  const czech = czechOrSlovak(body);
  if (czech) return czech;
  if (southSlavic(body)) return "windows-1250";
  let cp1250 = false;
  for (let i = 0; i < body.length; i++) {
    const kind = BYTE_KIND[body[i]!]!;
    if (kind < CP1250) continue;
    const afterLetter = i > 0 && BYTE_KIND[body[i - 1]!] !== 0;
    const beforeLetter = i + 1 < body.length && BYTE_KIND[body[i + 1]!] !== 0;
    if (kind === LATIN2) {
      if (afterLetter || (beforeLetter && body[i] !== 0xa1)) return "iso-8859-2";
    } else if (beforeLetter && (afterLetter || body[i] === 0xaf)) cp1250 = true;
  }
  return cp1250 ? "windows-1250" : null;
}

/**
 * Czech and Slovak letters of windows-1250 and ISO-8859-2 that windows-1252 reads as Western letters: č ě ř ů ň ď
 * (è ì ø ù ò ï there, the same bytes in both Central European code pages), upper case too. Alone each could be
 * French, Italian or Danish; what no Western word has is one of them in a word with another Czech letter — an
 * acute á í ó ú ý, a š ž ť ľ of either code page, or a second of these ("účet", "Příchozí", "Výběr" read "úèet",
 * "Pøíchozí", "Výbìr") — or ě/ů inside a word ("měsíc", "půjčka"). ř alone is no sign: it is Danish and Norwegian ø.
 */
const CZ_GRAVE = 1;
/** á í ó ú ý Á Í Ó Ú Ý; š ž Š Ž ť Ť of windows-1250; š ž Š Ž ť Ť ľ Ľ of ISO-8859-2; ľ Ľ of windows-1250. */
const CZ_COMPANION = 2;
/** Bytes only ISO-8859-2 makes Czech/Slovak letters of (š ž Š Ž ť Ť ľ; windows-1250 has ą ľ © ® » « µ there). */
const CZ_LATIN2 = 4;
/** æ å Æ Å ç Ç ñ Ñ: Western letters no Czech or Slovak word has (windows-1250 reads them ć ĺ Ć Ĺ ç Ç ń Ń). */
const WESTERN_ONLY = 8;
/** Any letter of a word, Czech or Western. */
const CZ_LETTER = 16;
/** Hungarian ő ű Ő Ű, which windows-1252 reads õ û Õ Û (a Portuguese, a French letter). */
const HU_DOUBLE = 32;
/** á í ó ú Á Í Ó Ú: beside ő or ű in one word, Hungarian ("Gyűjtőszámla"). */
const HU_ACUTE = 64;
/** é É: beside ő (Portuguese õ never has it; "Kedvezményező"), not beside ű (French û has: "brûlé"). */
const HU_E_ACUTE = 128;
/** One table for the scan, as BYTE_KIND (a 50 MB windows-1252 statement is scanned byte by byte). */
const CZ_KIND = new Uint8Array(256);
for (let b = 0; b < 256; b++) if (BYTE_KIND[b] !== 0) CZ_KIND[b] = CZ_LETTER;
for (const b of [0xe8, 0xec, 0xf8, 0xf9, 0xf2, 0xef, 0xc8, 0xcc, 0xd8, 0xd9, 0xd2, 0xcf]) CZ_KIND[b]! |= CZ_GRAVE;
for (const b of [0xe1, 0xed, 0xf3, 0xfa, 0xfd, 0xc1, 0xcd, 0xd3, 0xda, 0xdd, 0x9a, 0x9e, 0x8a, 0x8e, 0x9d, 0x8d, 0xb9, 0xbe, 0xa9, 0xae, 0xbb, 0xab, 0xb5, 0xa5, 0xbc]) CZ_KIND[b]! |= CZ_COMPANION | CZ_LETTER;
for (const b of [0xb9, 0xbe, 0xa9, 0xae, 0xbb, 0xab, 0xb5]) CZ_KIND[b]! |= CZ_LATIN2;
for (const b of [0xe6, 0xe5, 0xc6, 0xc5, 0xe7, 0xc7, 0xf1, 0xd1]) CZ_KIND[b]! |= WESTERN_ONLY;
for (const b of [0xf5, 0xfb, 0xd5, 0xdb]) CZ_KIND[b]! |= HU_DOUBLE;
for (const b of [0xe1, 0xed, 0xf3, 0xfa, 0xc1, 0xcd, 0xd3, 0xda]) CZ_KIND[b]! |= HU_ACUTE;
for (const b of [0xe9, 0xc9]) CZ_KIND[b]! |= HU_E_ACUTE;
const czLetter = (b: number | undefined) => b !== undefined && (CZ_KIND[b]! & CZ_LETTER) !== 0;

/**
 * windows-1250 or ISO-8859-2 for a Czech, Slovak or Hungarian text (Fio, ČSOB, Komerční banka, Raiffeisen CZ, Tatra banka,
 * OTP …; a Hungarian word counts with ő or ű twice, either beside an á í ó ú, or ő beside an é: "Előző", "Kedvezményező"),
 * null when the text shows no more Czech words than Western-only letters. ISO-8859-2 when no byte 0x80–0x9F occurs
 * (C1 controls there, where windows-1250 has š ž ť) and one of its own š ž ť ľ sits inside a word. QA round 4, pass 9.
 */
function czechOrSlovak(body: Uint8Array): "windows-1250" | "iso-8859-2" | null {
  let czechWords = 0;
  let western = 0;
  let c1 = false;
  let latin2Letter = false;
  let grave = 0; // Czech letters read as Western ones in the current word
  let graveNotO = 0; // of them, other than ř read as ø
  let companion = false;
  let strong = false;
  let hu = 0; // ő ű in the current word
  let huO = false; // ő among them
  let huAcute = false;
  let huE = false;
  for (let i = 0; i <= body.length; i++) {
    const b = body[i];
    const kind = b === undefined ? 0 : CZ_KIND[b]!;
    if (b !== undefined && b >= 0x80 && b <= 0x9f) c1 = true;
    if ((kind & CZ_LETTER) === 0) {
      if (strong || (grave > 0 && companion) || graveNotO > 1 || hu > 1 || (hu > 0 && huAcute) || (huO && huE)) czechWords++;
      grave = 0;
      graveNotO = 0;
      companion = false;
      strong = false;
      hu = 0;
      huO = false;
      huAcute = false;
      huE = false;
      continue;
    }
    // ASCII letters: the common case, nothing more to look at.
    if (kind === CZ_LETTER) continue;
    if (kind & WESTERN_ONLY) western++;
    // (Estonian writes õõ: "võõras", "rõõm"; Hungarian never doubles ő, so a doubled one is no Hungarian sign.)
    if (kind & HU_DOUBLE && body[i - 1] !== b) {
      hu++;
      if ((b! | 0x20) === 0xf5) huO = true;
    }
    if (kind & HU_ACUTE) huAcute = true;
    if (kind & HU_E_ACUTE) huE = true;
    if (kind & CZ_COMPANION) {
      // ISO-8859-2's š ž ť ľ are «, », ©, ® … in windows-1252: a companion only inside a word («Crème» is French).
      const inWord = czLetter(body[i - 1]) && czLetter(body[i + 1]);
      if (!(kind & CZ_LATIN2) || inWord) companion = true;
      if (kind & CZ_LATIN2 && inWord) latin2Letter = true;
    }
    if ((kind & CZ_GRAVE) === 0) continue;
    grave++;
    const lower = b! | 0x20;
    // ř is ø in windows-1252, Danish and Norwegian's own letter, also before e and i ("Bøe", "Høie", "Løiten"): a word
    // whose only sign is it is no Czech word (review: a Norwegian statement was read as windows-1250, "Beløp" as
    // "Belřp", its kroner as francs). Czech words with ř have a companion (á í ó ú ý, š ž) or another letter (č ě ů).
    if (lower !== 0xf8) graveNotO++;
    if ((lower === 0xec || lower === 0xf9) && czLetter(body[i - 1]) && czLetter(body[i + 1])) strong = true;
  }
  if (czechWords <= western) return null;
  return !c1 && latin2Letter ? "iso-8859-2" : "windows-1250";
}

/**
 * Slovene, Croatian, Bosnian and Serbian (Latin) text in windows-1250 (NLB, Zagrebačka banka …): words with š or ž, which
 * windows-1252 has at the same bytes (0x9A 0x9E 0x8A 0x8E) but Western words hardly ever do, and a word with č (0xE8, "è"
 * in windows-1252) or đ (0xF0, "ð") inside it before a vowel ("Plača", "Šiška", "noće"), where French and Italian write
 * "è" before a consonant ("Molière", "Crèmerie", "Genève": with one Slavic name beside them, such a windows-1252 file was
 * read as windows-1250 and its "£" as "Ł"; review of pass 12); and no letter only Western text has (æ å ç ñ) or French
 * à, ê (ŕ, ę in windows-1250). QA round 4, pass 12: NLB's "Plača" was stored as "Plaèa".
 */
const VOWEL = new Set([..."aeiouAEIOU"].map((c) => c.charCodeAt(0)));
function southSlavic(body: Uint8Array): boolean {
  let sz = 0;
  let cd = 0;
  let wordSz = false;
  let wordCd = false;
  for (let i = 0; i <= body.length; i++) {
    const b = body[i];
    if (b === undefined || !czLetter(b)) {
      if (wordSz) sz++;
      if (wordCd) cd++;
      wordSz = wordCd = false;
      continue;
    }
    if (b === 0xe0 || b === 0xea || (CZ_KIND[b]! & WESTERN_ONLY) !== 0) return false;
    if (b === 0x9a || b === 0x9e || b === 0x8a || b === 0x8e) wordSz = true;
    if ((b === 0xe8 || b === 0xf0) && czLetter(body[i - 1]) && VOWEL.has(body[i + 1]!)) wordCd = true;
  }
  return sz >= 1 && cd >= 1;
}

/** Code page 852's name here (not a TextDecoder label: decodeAs reads it with cp852.ts). */
const CP852 = "ibm852";

/**
 * The code pages of scripts other than Latin that banks still export in (Japanese banks' Shift_JIS, Korean banks' EUC-KR/
 * CP949, Chinese banks' and Alipay's GBK, Taiwanese banks' Big5; Russian, Ukrainian and Bulgarian banks' windows-1251,
 * Greek banks' windows-1253, Israeli banks' windows-1255, Arab banks' windows-1256), each with words a statement in that
 * language heads its columns with (date, amount, balance, debit, credit, description …). Read in the wrong code page these
 * bytes are no such words ("Äàòà" for "Дата", "“ú•t" for "日付"), so a code page is taken only when its reading of the
 * file holds at least two of its words, and more of them than any other reading (QA round 4, pass 12: such files were read
 * as windows-1252, every description garbled, half of them refused).
 */
const NON_LATIN_CODE_PAGES: { encoding: string; words: string[]; latin?: true }[] = [
  { encoding: "shift_jis", words: ["日付", "年月日", "金額", "残高", "取引", "摘要", "入金", "出金", "お引出し", "お預入れ", "預かり", "支払", "振込", "利用日", "内容", "入出金"] },
  { encoding: "euc-kr", words: ["거래", "일자", "일시", "금액", "잔액", "입금", "출금", "적요", "내용", "메모", "구분"] },
  { encoding: "gb18030", words: ["交易", "日期", "时间", "金额", "余额", "收入", "支出", "摘要", "对方", "账户", "账号", "备注", "记账"] },
  { encoding: "big5", words: ["交易", "日期", "時間", "金額", "餘額", "存入", "提出", "支出", "說明", "帳號", "摘要", "備註", "帳務"] },
  { encoding: "windows-1251", words: ["дата", "сумма", "сума", "описание", "опис", "операци", "остаток", "залишок", "баланс", "валюта", "дебит", "кредит", "салдо", "платеж", "рахун", "счет", "карт"] },
  { encoding: "windows-1253", words: ["ημερομηνια", "ημ/νια", "ποσο", "περιγραφη", "υπολοιπο", "χρεωση", "πιστωση", "αιτιολογια", "συναλλαγ", "λογαριασμ"] },
  { encoding: "windows-1255", words: ["תאריך", "תיאור", "סכום", "יתרה", "חובה", "זכות", "אסמכתא", "פעולה", "פרטים"] },
  { encoding: "windows-1256", words: ["التاريخ", "المبلغ", "الرصيد", "الوصف", "مدين", "دائن", "البيان", "الحركة"] },
  // Latin scripts whose own letters windows-1252 has other letters at: Turkish (windows-1254: ı ş ğ İ read ý þ ð Ý),
  // Lithuanian and Latvian (windows-1257: ė š ū ž ā ņ read ë ð û þ â ò). Only words with those letters (nonLatinCodePage).
  { encoding: "windows-1254", words: ["açıklama", "işlem", "ödeme", "alıcı", "gönderen", "borç"], latin: true },
  { encoding: "windows-1257", words: ["mokėjimo", "gavėjo", "sąskait", "išrašas", "mokėtojo", "saņēmējs", "maksātājs", "valūta", "detaļas", "kredīts"], latin: true },
  // DOS code page 852 (cp852.ts): Hungarian, Polish and Czech words with letters it has where windows-1252 has signs or
  // other letters ("átutalás" is " tutal s" there). Hungarian's come from Raiffeisen HU's CMI MT940 (QA round 4, qa45).
  { encoding: CP852, words: ["átutalás", "jóváírás", "terhelés", "díj", "jutalék", "összeg", "wpłata", "opłata", "płatność", "účet", "převod", "částka"], latin: true },
];

/** The file's text in a code page: TextDecoder's, or code page 852, which it does not know. */
function decodeAs(encoding: string, bytes: Uint8Array): string {
  return encoding === CP852 ? decodeCp852(bytes) : new TextDecoder(encoding).decode(bytes);
}

/** The first 64 KB are enough to tell (a 50 MB file is decoded once more, whole, in the code page found). */
const CODE_PAGE_SAMPLE = 65536;

/**
 * Lower case and accents off (Greek headers are often in capitals: "ΗΜΕΡΟΜΗΝΙΑ", "Ποσό"), composed again (Hangul
 * syllables come apart into their letters in the decomposed form).
 */
const foldForWords = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC").toLowerCase();
/** Lower case only for the Latin scripts: their accents are what tells the code page ("valūta" in windows-1257, "valûta" in windows-1252). */
const foldLatin = (text: string) => text.replace(/İ/g, "I").toLowerCase();

/**
 * The code page (of NON_LATIN_CODE_PAGES) whose reading of the file's start holds that language's statement words, or null.
 * A word counts only where windows-1252's reading does not hold it too, and a Latin script's word with its accents: a
 * word without the code page's own letters ("summa", "datums", or "valuta" once its accent was folded away) is no
 * evidence (review of pass 12: Swedish and German windows-1252 files were read as windows-1257, "Café Moličre").
 */
function nonLatinCodePage(body: Uint8Array): string | null {
  const sample = body.subarray(0, CODE_PAGE_SAMPLE);
  // windows-1252's reading, folded once each way (not once per code page).
  const western = cp1252.decode(sample);
  const westernLatin = foldLatin(western);
  const westernOther = foldForWords(western);
  let best: { encoding: string; found: number } | null = null;
  for (const { encoding, words, latin } of NON_LATIN_CODE_PAGES) {
    const fold = latin ? foldLatin : foldForWords;
    const [text, westernText] = [fold(decodeAs(encoding, sample)), latin ? westernLatin : westernOther];
    const found = words.map(fold).filter((w) => text.includes(w) && !westernText.includes(w)).length;
    if (found >= 2 && (!best || found > best.found)) best = { encoding, found };
  }
  return best?.encoding ?? null;
}

/**
 * The file's text. A BOM decides (UTF-16's shape too, without one); otherwise UTF-8 when the bytes are valid UTF-8 (a windows-1252
 * file with umlauts practically never is), else a non-Latin code page whose reading holds its language's statement words
 * (Shift_JIS, EUC-KR, GBK, Big5, windows-1251/1253/1254/1255/1256/1257), else windows-1250 or ISO-8859-2 when it reads as Czech,
 * Slovak, Polish, Slovene or Croatian, else windows-1252, which is what
 * Swiss and German bank exports (UBS among them) are written in.
 */
export function decodeText(bytes: Uint8Array, opts: { consume?: boolean } = {}): string {
  const utf16 = utf16Of(bytes);
  if (utf16) return new TextDecoder(utf16.encoding).decode(bytes.subarray(utf16.start));
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = withoutNulPadding(bom ? bytes.subarray(3) : bytes);
  // ASCII (checked natively, quickly) is one byte a character as it is.
  if (isAscii(body)) return Buffer.from(body.buffer, body.byteOffset, body.length).toString("latin1");
  const latin1 = utf8AsLatin1(body, opts.consume === true);
  if (latin1 !== null) return latin1;
  try {
    return utf8.decode(body); // (the BOM is off already)
  } catch {
    // Not UTF-8: the code page an OFX header names, else one of another script or language when the file's words say so, else windows-1252.
    const declared = ofxCharset(body);
    if (declared && declared !== "windows-1252") return new TextDecoder(declared).decode(body);
    const nonLatin = declared ? null : nonLatinCodePage(body);
    if (nonLatin) return decodeAs(nonLatin, body);
    const central = declared ? null : centralEuropean(body);
    if (central) return new TextDecoder(central).decode(body);
    // A BOM in front of windows-1252 text (a re-saved export) is still no part of the text (body starts after it).
    // Without any of the bytes 0x80–0x9F (where windows-1252 has €, “, ” …) it is Latin-1, kept in one byte a character.
    return body.some((b) => b >= 0x80 && b <= 0x9f) ? cp1252.decode(body) : Buffer.from(body.buffer, body.byteOffset, body.length).toString("latin1");
  }
}

/**
 * The single-byte code page an OFX 1.x header names (`CHARSET:1252`, `CHARSET:8859-1`, `CHARSET:ISO-8859-1`), as a
 * TextDecoder label, or null (no OFX header, `NONE`, the boilerplate `1252`, Unicode, or a name no decoder knows). A guess from the words
 * read a Latin-1 file's "ÀàÈèÏïÙù" as Czech (QA round 4, qa24: a Canadian bank's test download, "ŔŕČčĎďŮů" stored).
 */
function ofxCharset(body: Uint8Array): string | null {
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.length, 1024)).toString("latin1");
  if (!/^\s*OFXHEADER\s*:/.test(head)) return null;
  const name = /^\s*CHARSET\s*:\s*([\w-]+)/im.exec(head)?.[1]?.toLowerCase();
  // CHARSET:1252 is the OFX specification's example header, often copied unchanged over another code page: it decides
  // nothing, the guesses from the words do (review of qa24: a windows-1250 file under it read "Pøevod na úèet").
  if (!name || name === "1252") return null;
  const label = /^\d{3,4}$/.test(name) ? `windows-${name}` : /^8859-\d+$/.test(name) ? `iso-${name}` : name;
  try {
    const encoding = new TextDecoder(label).encoding;
    return encoding.startsWith("utf-") ? null : encoding;
  } catch {
    return null;
  }
}

/** A JSON document (an app's export, an API answer): no statement format this reads. */
export function looksLikeJson(text: string): boolean {
  return /^\s*(\{\s*"|\[\s*[{\["\d\]-])/.test(text);
}

/**
 * UTF-8 text whose every character is below U+0100 (ASCII, and Latin-1's ä, é, ü …: most bank exports), as a
 * string of one byte a character: the engine keeps a decoder's string in two bytes a character as soon as one is
 * not ASCII, so a 50 MB statement's text would take 100 MB where 50 fit. Null when a character does not fit, or
 * the bytes are not UTF-8 (the decoder then decides). `inPlace`: the bytes are no longer needed, and the Latin-1
 * bytes are written over them (never ahead of what is read) instead of into a second buffer of their size.
 */
function utf8AsLatin1(bytes: Uint8Array, inPlace: boolean): string | null {
  const out = inPlace ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) : Buffer.allocUnsafe(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x80) out[n++] = b;
    else if ((b === 0xc2 || b === 0xc3) && i + 1 < bytes.length && (bytes[i + 1]! & 0xc0) === 0x80) out[n++] = ((b & 0x03) << 6) | (bytes[++i]! & 0x3f);
    else if (inPlace) return utf8Undo(out, n, i);
    else return null;
  }
  return out.toString("latin1", 0, n);
}

/**
 * The bytes written over up to `n` (Latin-1) back as they were (UTF-8: every byte at or above 0x80 was a
 * two-byte sequence), up to `read` where the reading stopped: the decoder then gets the file as it came.
 */
function utf8Undo(bytes: Buffer, n: number, read: number): null {
  // Written from the end, so that nothing still to be restored is overwritten first.
  let w = read;
  for (let r = n - 1; r >= 0; r--) {
    const c = bytes[r]!;
    if (c < 0x80) bytes[--w] = c;
    else {
      bytes[--w] = 0x80 | (c & 0x3f);
      bytes[--w] = 0xc0 | (c >> 6);
    }
  }
  return null;
}

/**
 * A statement of "Label: value" lines, one record a block (Santander UK's text export: "Date: 22/01/2026",
 * "Description: …", "Amount: -12.50 GBP", "Balance: …"): never a CSV (QA round 4, pass 9: it was refused as a CSV whose
 * columns could not be told, its "columns" the two halves of a description around a comma). With its "From:" line it is
 * read by santander-txt.ts; without, it is named.
 */
export function looksLikeLabelledRecords(text: string): boolean {
  return /^Date: *\S[^\r\n]*\r?\n(?:Description|Narrative): [^\r\n]*\r?\nAmount: /m.test(text);
}

/** An HTML page (a bank's login page saved instead of the export, an error page). */
export function looksLikeHtml(text: string): boolean {
  // (An XML declaration may come first: OTP Bank's "Excel" export, qa28.)
  return /^\s*(?:<\?xml[^>]*\?>\s*)?(<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(text);
}

/** An HTML page written as an Excel .xls file (a bank's "Excel" export that is a web table: Excel's namespace or ProgId). */
export const excelHtml = (head: string): boolean => /urn:schemas-microsoft-com:office:excel|application\/vnd\.ms-excel|content=["']Excel\.Sheet/i.test(head);
