import type { App } from "../app.ts";
import type { Asset } from "./assets.ts";
import type { AuthEnv } from "./middleware/auth/index.ts";

/** What every route may use: the app's parts, and how the web server was set up. Routes reach data only through these. */
export type WebDeps = Pick<App, "store" | "budget" | "writer" | "chat" | "approvals" | "invoker" | "importer"> & {
  assets: Map<string, Asset>;
  /** Host headers the server answers to (DNS-rebinding protection). */
  allowedHosts: string[];
  /** Origins besides the request's own that may make changes (a TLS-terminating proxy). */
  allowedOrigins: string[];
  /** Bound beyond loopback: only configured users may enter, never the local fallback. */
  requireUsers: boolean;
  limits: WebLimits;
  /** Token counts under each answer (`--show-usage`); the Usage page shows them either way. */
  showUsage?: boolean;
  /** How long a login link stays valid (default: the loginLinkTtl setting's default). */
  loginLinkTtlMs?: number;
  /** The address people open (`--public-url`): sign-in links made on the Settings page start with it (else the request's own origin). */
  publicUrl?: string;
};

export type WebLimits = {
  /** Bytes of one question (the form's maxlength says the same). */
  maxMessageBytes: number;
  /** Questions per user per minute. */
  messagesPerMinute: number;
  /** Answers running at once per user. */
  concurrentTurns: number;
};

export const DEFAULT_LIMITS: WebLimits = { maxMessageBytes: 8 * 1024, messagesPerMinute: 20, concurrentTurns: 2 };

export type WebEnv = AuthEnv & { Bindings: { server?: { timeout(req: Request, seconds: number): void } } };
