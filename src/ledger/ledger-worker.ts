/**
 * The ledger worker (SPEC §13.1: pages answer within 100 ms while a 50 MB import is committed and
 * undone): after a big write the server's ledger is rebuilt here, on a read-only budget.db connection
 * of this thread, and handed back as transferred columns and packed dictionaries (ledger-offthread.ts),
 * so the server's thread only adopts it.
 *
 * This file is a build entry point of its own (package.json's `build`, scripts/release.ts): in
 * the compiled binary a worker is found only when it was bundled as one (STACK_NOTES round 4).
 */
import { serveLedgerBuilds } from "./ledger-offthread.ts";

serveLedgerBuilds();
