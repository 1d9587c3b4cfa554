/**
 * Building the ledger in a worker thread (ledger-worker.ts) and adopting it here. A million rows
 * with a million distinct descriptions take over a second of dictionary, sort and copy work; done on
 * the server's thread, even in slices, some steps are single blocks of 60–200 ms (a Map growing, the
 * final sort). In the worker, all of it runs off the event loop: the columns come back as transferred
 * buffers (no copy), each dictionary as one string and the ends of its entries, cut into strings here
 * in time slices; the merchants and descriptions (up to one per row) stay one string, cut per entry when asked (PackedTexts).
 */
import { Database } from "bun:sqlite";
import type { TimeSlices } from "../core/time-slices.ts";
import { Ledger, LEDGER_COLUMN_NAMES, LEDGER_DICTIONARY_NAMES, textsOf, type LedgerColumnName, type LedgerColumns, type LedgerDictionaryName, PackedTexts, type PackedDictionary, type TextList } from "./ledger.ts";
import { loadLedger } from "./ledger-load.ts";

/** A ledger as the worker sends it. */
export type PackedLedger = Omit<LedgerColumns, LedgerDictionaryName> & { dictionaries: Record<LedgerDictionaryName, PackedDictionary> };

/** `busyTimeoutMs`: how long the worker's reading waits for another program's lock (the caller's own wait). */
type Request = { id: number; path: string; busyTimeoutMs: number };
type Reply = { id: number; ledger?: PackedLedger; error?: string };

function pack(list: TextList): PackedDictionary {
  // Its ends copied: packLedger transfers them, which would empty the ledger this one belongs to.
  if (list instanceof PackedTexts) return { text: list.packed.text, ends: list.packed.ends.slice() };
  const values = textsOf(list);
  const ends = new Float64Array(values.length);
  let at = 0;
  values.forEach((v, k) => (ends[k] = at += v.length));
  return { text: values.join(""), ends };
}

/** The ledger as a message, and the buffers to transfer with it (each column owns its buffer: ledger-load's `take`). */
export function packLedger(l: Ledger): { ledger: PackedLedger; transfer: ArrayBuffer[] } {
  const dictionaries = Object.fromEntries(LEDGER_DICTIONARY_NAMES.map((n) => [n, pack(l[n])])) as Record<LedgerDictionaryName, PackedDictionary>;
  const columns = Object.fromEntries(LEDGER_COLUMN_NAMES.map((n) => [n, l[n]])) as Pick<LedgerColumns, LedgerColumnName>;
  const ledger: PackedLedger = {
    ...columns,
    size: l.size,
    hasConfidence: l.hasConfidence,
    hasSource: l.hasSource,
    hasAccount: l.hasAccount,
    malformedDates: l.malformedDates,
    badAmounts: l.badAmounts,
    dictionaries,
  };
  const buffers = [...LEDGER_COLUMN_NAMES.map((n) => l[n].buffer), ...LEDGER_DICTIONARY_NAMES.map((n) => dictionaries[n].ends.buffer)];
  // A column that shares its buffer with another (none today) must not be transferred twice.
  return { ledger, transfer: [...new Set(buffers)] as ArrayBuffer[] };
}

/** The dictionaries that may have an entry per row (without a model, every description is its own merchant): kept packed. */
const PACKED_DICTIONARIES: ReadonlySet<LedgerDictionaryName> = new Set(["merchants", "descriptions"]);

/** Entries cut from a packed dictionary, pausing now and then (`slices`). */
async function unpack(d: PackedDictionary, slices: TimeSlices): Promise<string[]> {
  const out: string[] = [];
  let start = 0;
  for (let k = 0; k < d.ends.length; k++) {
    const end = d.ends[k]!;
    out.push(d.text.slice(start, end));
    start = end;
    if ((k & 4095) === 4095 && slices.due()) await slices.pause();
  }
  return out;
}

/** The Ledger of a packed ledger, its dictionaries cut in time slices. */
export async function adoptLedger(p: PackedLedger, slices: TimeSlices): Promise<Ledger> {
  const dictionaries = {} as Record<LedgerDictionaryName, string[]>;
  for (const n of LEDGER_DICTIONARY_NAMES) if (!PACKED_DICTIONARIES.has(n)) dictionaries[n] = await unpack(p.dictionaries[n], slices);
  const { dictionaries: _, ...columns } = p;
  return new Ledger({ ...columns, ...dictionaries, merchants: new PackedTexts(p.dictionaries.merchants), descriptions: new PackedTexts(p.dictionaries.descriptions) });
}

/**
 * Where the worker is. Under `bun run`, next to this module. In the compiled binary the worker is an
 * entry point of its own, kept at its path below the entry points' common folder (src/), which is
 * every module's import.meta.dir there (as the parse worker: src/import/parse-pool.ts).
 */
const WORKER_URL = /\$bunfs|~BUN/.test(import.meta.url) ? `${import.meta.dir}/ledger/ledger-worker.ts` : new URL("./ledger-worker.ts", import.meta.url).href;

/**
 * The ledger of the database at `path`, built in a worker of its own (ended once it answers, so the
 * memory of the build goes with it). Rejects when the worker cannot open the database read-only as
 * it is (a hot journal, a WAL file in a read-only folder: BudgetDb.open's cases) or cannot start;
 * the caller then builds the ledger on its own connection.
 */
export function loadLedgerInWorker(path: string, busyTimeoutMs: number, slices: TimeSlices): Promise<Ledger> {
  return new Promise<PackedLedger>((resolve, reject) => {
    let w: Worker;
    try {
      w = new Worker(WORKER_URL);
    } catch (e) {
      return reject(e);
    }
    const end = () => w.terminate();
    w.onmessage = (event: MessageEvent<Reply>) => {
      end();
      if (event.data.ledger) resolve(event.data.ledger);
      else reject(new Error(`the ledger worker: ${event.data.error}`));
    };
    w.onerror = (event) => {
      end();
      // Not the database's doing but the program's (a build without the worker's entry point): said, not hidden by the fallback.
      console.error(`budget-chat: the ledger worker failed (${event.message}); the ledger is rebuilt on the server's thread`);
      reject(new Error(`the ledger worker failed: ${event.message}`));
    };
    w.postMessage({ id: 1, path, busyTimeoutMs } satisfies Request);
  }).then((packed) => adoptLedger(packed, slices));
}

/** The worker's side: each request, the ledger of a database opened read-only by this thread. */
export function serveLedgerBuilds(): void {
  const scope = globalThis as unknown as { postMessage(m: Reply, transfer?: ArrayBuffer[]): void; onmessage: ((e: MessageEvent<Request>) => void) | null };
  scope.onmessage = (event) => {
    const { id, path, busyTimeoutMs } = event.data;
    let db: Database | undefined;
    try {
      db = new Database(path, { readonly: true, strict: true });
      db.run(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
      const { ledger, transfer } = packLedger(loadLedger(db));
      scope.postMessage({ id, ledger }, transfer);
    } catch (e) {
      scope.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
    } finally {
      db?.close();
    }
  };
}
