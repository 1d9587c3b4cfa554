import { type Store } from "../store/index.ts";
import type { BudgetDb } from "../budget/db.ts";
import { type ChatService } from "../chat/service.ts";
import type { Asset } from "./assets.ts";
import type { AuthEnv } from "./middleware/auth/index.ts";

/** What every route may use. Routes reach data only through these objects' methods. */
export type WebDeps = {
  app: Store;
  budget: BudgetDb;
  chat: ChatService;
  assets: Map<string, Asset>;
  /** Host headers the server answers to (DNS-rebinding protection). */
  allowedHosts: string[];
  /** Bound beyond loopback: only configured users may enter, never the local fallback. */
  requireUsers: boolean;
  limits: WebLimits;
};

export type WebLimits = {
  /** Bytes of one question. */
  maxMessageBytes: number;
  /** Questions per user per minute. */
  messagesPerMinute: number;
  /** Answers running at once per user. */
  concurrentTurns: number;
};

export const DEFAULT_LIMITS: WebLimits = { maxMessageBytes: 8 * 1024, messagesPerMinute: 20, concurrentTurns: 2 };

export type WebEnv = AuthEnv & { Bindings: { server?: { timeout(req: Request, seconds: number): void } } };
