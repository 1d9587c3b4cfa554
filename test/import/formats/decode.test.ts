/**
 * decodeText's choice between windows-1250 (Polish banks) and windows-1252/Latin-1 (Western banks) for bytes that are
 * no UTF-8: the same decision for every format (CSV, MT940, QIF …), as the format is told from the decoded text.
 */
import { describe, expect, test } from "bun:test";
import { decodeText } from "../../../src/import/formats/decode.ts";

/** windows-1250 bytes of a text: ASCII as it is, the Polish letters by the code page's table. */
const CP1250: Record<string, number> = { ą: 0xb9, ć: 0xe6, ę: 0xea, ł: 0xb3, ń: 0xf1, ó: 0xf3, ś: 0x9c, ź: 0x9f, ż: 0xbf, Ą: 0xa5, Ć: 0xc6, Ę: 0xca, Ł: 0xa3, Ń: 0xd1, Ó: 0xd3, Ś: 0x8c, Ź: 0x8f, Ż: 0xaf };
const cp1250 = (text: string) => Uint8Array.from([...text].map((c) => (c.charCodeAt(0) < 0x80 ? c.charCodeAt(0) : CP1250[c]!)));
/** ISO-8859-2 bytes of a text: ASCII as it is, the Polish letters by the code page's table (ł ż Ł Ż as in windows-1250). */
const LATIN2: Record<string, number> = { ą: 0xb1, ć: 0xe6, ę: 0xea, ł: 0xb3, ń: 0xf1, ó: 0xf3, ś: 0xb6, ź: 0xbc, ż: 0xbf, Ą: 0xa1, Ć: 0xc6, Ę: 0xca, Ł: 0xa3, Ń: 0xd1, Ó: 0xd3, Ś: 0xa6, Ź: 0xac, Ż: 0xaf };
const latin2 = (text: string) => Uint8Array.from([...text].map((c) => (c.charCodeAt(0) < 0x80 ? c.charCodeAt(0) : LATIN2[c]!)));
/** windows-1252 bytes of a text whose characters all have one byte there (Latin-1, and "œ", "€"). */
const CP1252: Record<string, number> = { œ: 0x9c, Œ: 0x8c, "€": 0x80 };
const cp1252 = (text: string) => Uint8Array.from([...text].map((c) => CP1252[c] ?? c.charCodeAt(0)));

describe("windows-1250 told from windows-1252", () => {
  test.each([
    ["ł inside a word", "Wpłata"],
    ["Ż before a letter, no ł or ą anywhere", "Żabka Śródmieście"],
    ["Ą (upper case) inside a word", "PRZELEW PRZYCHODZĄCY"],
    ["ł after a non-ASCII letter", "Spółdzielnia"],
    ["ż inside a word", "Zakupy spożywcze"],
    ["ź between letters", "Jeździec"],
  ])("%s: %s", (_, text) => {
    expect(decodeText(cp1250(`x;${text};-1,00\n`))).toBe(`x;${text};-1,00\n`);
  });

  test.each([
    ["ś inside a word", "Oświadczenie; Wpłata"],
    ["ą inside a word, ł elsewhere", "Zwrot za mąkę, Wpłata"],
    ["Ś and Ą inside upper-case words", "PRZYCHODZĄCY OŚRODEK"],
    // At a word's end or start (review of stop 43: these read "s±", "¦wiat", "¶rodki" as windows-1250).
    ["ą ending a word", "Wpłata są"],
    ["Ś starting a word", "Żabka Świat"],
    ["ś starting a word", "Przelew środki Wpłata"],
    ["Ś starting a word after ę ending one", "Opłata za kartę; Świadczenie"],
  ])("ISO-8859-2 (its ą ś Ą Ś are other bytes than windows-1250's): %s", (_, text) => {
    expect(decodeText(latin2(`${text}\n`))).toBe(`${text}\n`);
  });

  test.each([
    ["a Spanish question mark after a space", "Pago ¿Qué tal? 3,00"],
    ["a Spanish exclamation mark before a word", "Pago ¡Hola señor! 3,00"],
    ["a French œ inside a word", "Sœur Marie € 4,00"],
    ["cubic metres and pounds", "Wasser 12 m³ £5 ¥20"],
    ["German umlauts only", "Bäckerei Schäfer Göttingen"],
  ])("stays Western: %s", (_, text) => {
    expect(decodeText(cp1252(`${text}\n`))).toBe(`${text}\n`);
  });
});

/** Czech and Slovak letters by code page (č ě ř ů ň ď and the acutes are the same bytes in both; š ž ť ľ are not). */
const CZ_COMMON: Record<string, number> = { á: 0xe1, é: 0xe9, í: 0xed, ó: 0xf3, ú: 0xfa, ý: 0xfd, č: 0xe8, ě: 0xec, ř: 0xf8, ů: 0xf9, ň: 0xf2, ď: 0xef, Á: 0xc1, Í: 0xcd, Ú: 0xda, Č: 0xc8, Ř: 0xd8, Ě: 0xcc };
const CZ_1250: Record<string, number> = { ...CZ_COMMON, š: 0x9a, ž: 0x9e, ť: 0x9d, Š: 0x8a, Ž: 0x8e, ľ: 0xbe, Ľ: 0xbc };
const CZ_LATIN2: Record<string, number> = { ...CZ_COMMON, š: 0xb9, ž: 0xbe, ť: 0xbb, Š: 0xa9, Ž: 0xae, ľ: 0xb5, Ľ: 0xa5 };
const bytesOf = (table: Record<string, number>, text: string) => Uint8Array.from([...text].map((c) => (c.charCodeAt(0) < 0x80 ? c.charCodeAt(0) : table[c]!)));

describe("Czech and Slovak exports (Fio, ČSOB, Komerční banka, Raiffeisen CZ, Tatra banka): windows-1250 and ISO-8859-2, not windows-1252", () => {
  test.each([
    ["Fio's header and a card payment", '"Datum";"Objem";"Měna";"Protiúčet";"Zpráva pro příjemce";"Typ"\n"02.01.2026";"-250,00";"CZK";"";"Nákup: Lidl Praha";"Platba kartou"\n'],
    ["ČSOB's words", "Příchozí úhrada;Odchozí úhrada;Výběr z bankomatu;Poplatek za vedení účtu\n"],
    ["ř before e only, and ů inside a word", "Převod;půjčka\n"],
    ["Komerční banka with š ž ť", "Splátka úvěru;Šťastný Žižkov;Poštovné\n"],
    ["Slovak ľ and ť", "Poplatok za vedenie účtu;Ľudovít;ťava\n"],
  ])("windows-1250: %s", (_, text) => {
    expect(decodeText(bytesOf(CZ_1250, text))).toBe(text);
  });

  test.each([
    ["a card payment with š and ž inside words", "Platba kartou;Nákup Poštovné Vážený;účet\n"],
    ["Slovak ľ inside a word", "Poplatok za vedenie účtu;Kraľovany\n"],
  ])("ISO-8859-2 (no byte 0x80–0x9F, its own š ž ľ inside a word): %s", (_, text) => {
    expect(decodeText(bytesOf(CZ_LATIN2, text))).toBe(text);
  });

  test.each([
    ["French è and é in one word", "Prélèvement chèque Hélène Noël maïs 12,00"],
    ["Italian ì ù ò at a word's end", "Più città lunedì però perché 3,00"],
    ["Danish and Norwegian ø æ å", "Søren Brødrene København Høyer Øresund blåbær 4,00"],
    ["Catalan: one accent a word", "Transferència Comissió Dipòsit València 5,00"],
    ["Spanish and Portuguese", "Nómina Transferência Débito 6,00"],
    // Review: ø before e or i, with no å æ to outweigh it, was read as Czech ř ("Beløp" became "Belřp", NOK became CHF).
    ["Norwegian ø before e and i, no å or æ", "Dato;Beskrivelse;Beløp\n21.05.2026;Varekjøp Kiwi Bøe;-45,20\n22.05.2026;Lønn Høie AS;2500,00"],
    // «, », ©, ® are ISO-8859-2's š ž ť ľ: beside a grave letter they made «Crème» a Czech word.
    ["French guillemets beside è", "«Crème» «Père» Prélèvement©"],
  ])("stays Western: %s", (_, text) => {
    expect(decodeText(cp1252(`${text}\n`))).toBe(`${text}\n`);
  });
});

describe("Hungarian exports (OTP, K&H, Erste HU) in windows-1250: ő and ű, which windows-1252 reads õ û", () => {
  const HU: Record<string, number> = { á: 0xe1, é: 0xe9, í: 0xed, ó: 0xf3, ú: 0xfa, ö: 0xf6, ü: 0xfc, ő: 0xf5, ű: 0xfb, Ő: 0xd5, Ű: 0xdb, Á: 0xc1, Ö: 0xd6, Ü: 0xdc };
  test.each([
    ["ő twice in a word", "Előző havi egyenleg;Vásárlás\n"],
    ["ő beside an é", "Átutalás;Kedvezményező neve;Jóváírás díja\n"],
    ["ű beside an á", "Számlavezetési díj;Gyűjtőszámla\n"],
  ])("windows-1250: %s", (_, text) => {
    expect(decodeText(bytesOf(HU, text))).toBe(text);
  });

  test.each([
    ["French û beside é", "Crème brûlée; août; sûr 4,00"],
    ["Portuguese õ with ç", "Transações; Comissões; põe 5,00"],
    ["Estonian õ beside ä ö ü", "Tõnismägi; Põltsamaa; Kõrvaltänav 6,00"],
    ["Estonian doubled õõ (Hungarian never doubles ő)", "Võõrvaluuta; rõõm; jõõ 7,00"],
  ])("stays Western: %s", (_, text) => {
    expect(decodeText(cp1252(`${text}\n`))).toBe(`${text}\n`);
  });
});
