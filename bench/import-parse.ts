/**
 * Statement-reader throughput (src/import/formats): how long parseStatement takes per format on
 * a large synthetic file, beside the floor every reader pays (decoding the bytes and splitting
 * lines; for camt, fast-xml-parser's own parse of the same bytes).
 *
 *   node_modules/.bin/bun bench/import-parse.ts [--rows N] [--runs N]
 *
 * Files are generated in memory (deterministic). The machine is shared and noisy: the median of
 * the runs is reported, reader and floor alternating run by run.
 */
import { XMLParser } from "fast-xml-parser";
import { parseStatement } from "../src/import/formats/index.ts";
import { assignTransactionIds } from "../src/import/ids.ts";

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const ROWS = arg("--rows", 50_000);
const RUNS = arg("--runs", 5);

const day = (i: number) => new Date(Date.UTC(2020, 0, 1) + (i % 1500) * 86_400_000).toISOString().slice(0, 10);
const dmy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const amount = (i: number) => ((i * 7919) % 100_000) / 100 + 0.05;
const merchants = ["Migros Zürich HB", "Coop-1511 Stadelhofen", "SBB CFF FFS", "Bäckerei Müller", "Spotify AB", "Galaxus AG"];

function csv(): string {
  const lines = ["Buchungsdatum;Valuta;Buchungstext;Belastung;Gutschrift;Währung"];
  for (let i = 0; i < ROWS; i++) {
    const a = amount(i).toFixed(2);
    lines.push(`${dmy(day(i))};${dmy(day(i))};"${merchants[i % 6]} ${i}";${i % 9 ? a : ""};${i % 9 ? "" : a};CHF`);
  }
  return lines.join("\r\n");
}

function ubsAccount(): string {
  const lines = ["Account number:;0235 00123456.01;", "IBAN:;CH93 0023 5235 1234 5601 X;", "",
    "Trade date;Trade time;Booking date;Value date;Currency;Debit;Credit;Individual amount;Balance;Transaction no.;Description1;Description2;Description3;Footnotes;"];
  for (let i = 0; i < ROWS; i++) lines.push(`${day(i)};;${day(i)};${day(i)};CHF;-${amount(i).toFixed(2)};;;1000.00;T${i};"${merchants[i % 6]};8000 Zürich";"Card";"x";;`);
  return lines.join("\r\n");
}

function ubsCard(): string {
  const lines = ["sep=;", "Account number;Card number;Account/Cardholder;Purchase date;Booking text;Sector;Amount;Original currency;Rate;Currency;Debit;Credit;Booked"];
  for (let i = 0; i < ROWS; i++) lines.push(`5412 7700 3301;548812XXXXXX7781;A;${dmy(day(i))};${merchants[i % 6]}   Zürich   CHE;Restaurants;${amount(i).toFixed(2)};CHF;;CHF;${amount(i).toFixed(2)};;${dmy(day(i + 2))}`);
  return lines.join("\r\n");
}

function camt(): string {
  const entries: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    entries.push(`<Ntry><Amt Ccy="CHF">${amount(i).toFixed(2)}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day(i)}</Dt></BookgDt><AcctSvcrRef>R${i}</AcctSvcrRef><NtryDtls><TxDtls><Amt Ccy="CHF">${amount(i).toFixed(2)}</Amt><RltdPties><Cdtr><Pty><Nm>${merchants[i % 6]}</Nm></Pty></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry>`);
  }
  return `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Acct><Id><IBAN>CH4431999123000889012</IBAN></Id></Acct>${entries.join("\n")}</Stmt></BkToCstmrStmt></Document>`;
}

function ofx(): string {
  const trns: string[] = [];
  for (let i = 0; i < ROWS; i++) trns.push(`<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>${day(i).replace(/-/g, "")}\n<TRNAMT>-${amount(i).toFixed(2)}\n<FITID>F${i}\n<NAME>${merchants[i % 6]}\n</STMTTRN>`);
  return `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>CHF\n<BANKACCTFROM><ACCTID>123\n</BANKACCTFROM><BANKTRANLIST>\n${trns.join("\n")}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = (f: () => unknown) => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};

const floorText = (bytes: Uint8Array) => () => new TextDecoder().decode(bytes).split(/\r\n|\n/).map((l) => l.split(";"));
const xml = new XMLParser({ ignoreAttributes: false, parseTagValue: false, removeNSPrefix: true });
const floorXml = (bytes: Uint8Array) => () => xml.parse(new TextDecoder().decode(bytes));

const cases = [
  { name: "csv (guessed columns)", make: csv, floor: floorText, floorName: "decode + split" },
  { name: "ubs-account", make: ubsAccount, floor: floorText, floorName: "decode + split" },
  { name: "ubs-card (FNV ids)", make: ubsCard, floor: floorText, floorName: "decode + split" },
  { name: "camt.053 .08", make: camt, floor: floorXml, floorName: "fast-xml-parser alone" },
  { name: "ofx 1.x", make: ofx, floor: floorText, floorName: "decode + split" },
];

console.log(`statement readers, ${ROWS.toLocaleString("de-CH")} rows per file, median of ${RUNS} runs\n`);
console.log(["format", "MB", "rows", "parse ms", "ids ms", "rows/s", "floor", "floor ms", "× floor"].join("\t"));
for (const c of cases) {
  const bytes = new TextEncoder().encode(c.make());
  const parse = () => parseStatement(bytes, { fileName: `bench.${c.name}` });
  const rows = parse().rows;
  const ours: number[] = [];
  const floor: number[] = [];
  const ids: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    ours.push(time(parse));
    floor.push(time(c.floor(bytes)));
    ids.push(time(() => assignTransactionIds(rows, null)));
  }
  const p = median(ours);
  const f = median(floor);
  console.log([c.name, (bytes.length / 1e6).toFixed(1), rows.length, p.toFixed(0), median(ids).toFixed(0), Math.round((rows.length / p) * 1000).toLocaleString("de-CH"), c.floorName, f.toFixed(0), (p / f).toFixed(1)].join("\t"));
}
