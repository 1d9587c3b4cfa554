/**
 * The budget write worker (SPEC §13.1: a 50 MB file committed and undone while pages answer within
 * 100 ms): an import's write and its undo run here, on a budget.db connection of this thread, fed and
 * told when to COMMIT by the server through the write path (WriteWorker in src/ledger/write-connections.ts:
 * the intent is stored in chat.db before this thread COMMITs, the settlement after).
 *
 * This file is a build entry point of its own (package.json's `build`, scripts/release.ts): in
 * the compiled binary a worker is found only when it was bundled as one (STACK_NOTES round 4).
 */
import { serveBudgetWrites } from "../ledger/write-connections.ts";
import { importJob, undoJob } from "./batch-write.ts";

serveBudgetWrites({ import: importJob, import_undo: undoJob });
