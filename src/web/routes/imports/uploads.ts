/**
 * The statements an upload carries (SPEC §10): the multipart body read straight into shared memory (multipart.ts), at
 * most 50 MB of files; a ZIP's members unpacked in the parse worker. Their bytes go to the parse worker with their
 * first preview.
 */
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { ChangeRefused } from "../../../core/errors.ts";
import { newFileId, unpackInWorker, type HeldBytes } from "../../../import/parse-pool.ts";
import type { WebEnv } from "../../context.ts";
import { refuse } from "../../middleware/respond.ts";
import { MultipartError, readMultipart, type Multipart } from "../../multipart.ts";

/** The largest statement an upload may carry (SPEC §10). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Room for the multipart envelope and the other fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;
const TOO_LARGE_MESSAGE = "File too large: a statement may be at most 50 MB.";

/** An uploaded file; its bytes go to the parse worker with its first preview (and are gone from here then). */
export type Upload = { name: string; size: number; bytes?: HeldBytes; fields: Record<string, string> };

/** A file of an upload as the parse worker will hold it, with its bytes for the first preview (taken from the upload). */
export const toWorker = (up: Upload) => {
  const bytes = up.bytes;
  up.bytes = undefined;
  return { name: up.name, id: newFileId(), size: up.size, bytes };
};

/** An upload's body limit: the files and their envelope. */
export const upload = bodyLimit({ maxSize: MAX_UPLOAD_BYTES + ENVELOPE_BYTES, onError: (c) => refuse(c, 413, TOO_LARGE_MESSAGE) });
// These routes sit before the chat's body limit (server.ts): a commit carries at most the ticked ids, an undo one batch.
export const small = bodyLimit({ maxSize: 4 * 1024 * 1024, onError: (c) => refuse(c, 413, "Request too large.") });

/**
 * The uploaded files and the other fields, the body read straight into shared memory (multipart.ts). None is
 * refused (`invalid`); more than 50 MB together is a 413.
 */
export const readUploads = async (c: Context<WebEnv>): Promise<Upload[]> => {
  let body: Multipart;
  try {
    body = await readMultipart(c.req.raw, MAX_UPLOAD_BYTES + ENVELOPE_BYTES, () => new HTTPException(413, { message: TOO_LARGE_MESSAGE }));
  } catch (e) {
    if (e instanceof MultipartError) throw new ChangeRefused("invalid", e.message);
    throw e;
  }
  const files = body.files.filter((f) => f.field === "file" && (f.bytes.length > 0 || f.name !== ""));
  if (files.length === 0) throw new ChangeRefused("invalid", "Choose a statement file to import (form field `file`).");
  if (files.reduce((n, f) => n + f.bytes.length, 0) > MAX_UPLOAD_BYTES) throw new HTTPException(413, { message: TOO_LARGE_MESSAGE });
  return files.map((f) => ({ name: f.name || "statement", size: f.bytes.length, bytes: f.bytes, fields: body.fields }));
};
/** Each upload as the statement files it stands for: a ZIP's members (unpacked in the parse worker), else itself. */
export const statementsOf = async (ups: Upload[]): Promise<Upload[]> =>
  (await Promise.all(ups.map(async (up) => (up.bytes ? (await unpackInWorker({ name: up.name, bytes: up.bytes })).map((f) => ({ ...f, size: f.bytes.length, fields: up.fields })) : [up])))).flat();
