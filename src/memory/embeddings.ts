import { ConfigError } from "../core/errors.ts";
import { clip } from "../core/format.ts";

/**
 * A client for an OpenAI-compatible embeddings endpoint (`POST …/v1/embeddings`,
 * `{model, input: string[]}` → `{data: [{index, embedding: number[]}]}`): OpenAI,
 * Ollama, llama.cpp's server, LM Studio, vLLM, text-embeddings-inference and most
 * gateways speak it. Long-term memory uses it, when configured, to rank memories by
 * meaning as well as by words (src/memory/memory.ts).
 */

export type EmbeddingsConfig = {
  /** The endpoint: `…/v1` (then `/embeddings` is appended) or the full `…/embeddings` URL. */
  url: string;
  model: string;
  /** Sent as `Authorization: Bearer …` when set. Never logged. */
  apiKey?: string;
  /** Per request; default 10 s. */
  timeoutMs?: number;
};

export interface EmbeddingsClient {
  /** The model name; stored with each vector so a model change re-embeds. */
  readonly model: string;
  /** The endpoint actually called (no credentials in it). */
  readonly endpoint: string;
  /** One vector per text, in order. Throws EmbeddingsError on any failure. */
  embed(texts: string[]): Promise<Float32Array[]>;
}

export class EmbeddingsError extends Error {
  override name = "EmbeddingsError";
}

export const DEFAULT_EMBEDDINGS_TIMEOUT_MS = 10_000;

/** `…/v1` → `…/v1/embeddings`; a URL already ending in `/embeddings` is used as is. */
export function embeddingsEndpoint(url: string): string {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    throw new ConfigError(`EMBEDDINGS_URL is not a URL: "${url}"`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new ConfigError(`EMBEDDINGS_URL must be http(s), got "${u.protocol}"`);
  const path = u.pathname.replace(/\/+$/, "");
  if (!/\/embeddings$/.test(path)) u.pathname = `${path}/embeddings`;
  else u.pathname = path;
  return u.toString();
}

export function createEmbeddingsClient(cfg: EmbeddingsConfig): EmbeddingsClient {
  const endpoint = embeddingsEndpoint(cfg.url);
  const model = cfg.model.trim();
  if (!model) throw new ConfigError("EMBEDDINGS_MODEL must not be empty");
  const timeoutMs = cfg.timeoutMs ?? DEFAULT_EMBEDDINGS_TIMEOUT_MS;
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (cfg.apiKey) headers.authorization = `Bearer ${cfg.apiKey}`;
  // The endpoint without user:password@, for messages.
  const shown = (() => {
    const u = new URL(endpoint);
    u.username = "";
    u.password = "";
    return u.toString();
  })();

  return {
    model,
    endpoint: shown,
    async embed(texts: string[]): Promise<Float32Array[]> {
      if (!texts.length) return [];
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: "POST",
          headers,
          body: JSON.stringify({ model, input: texts }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (e) {
        const err = e as Error;
        const why = err.name === "TimeoutError" || err.name === "AbortError" ? `no answer within ${timeoutMs / 1000} s` : err.message;
        throw new EmbeddingsError(`${shown}: ${why}`);
      }
      const text = await res.text().catch(() => "");
      if (!res.ok) {
        throw new EmbeddingsError(`${shown} answered HTTP ${res.status}${text ? `: ${oneLine(text, 200)}` : ""}`);
      }
      let body: any;
      try {
        body = JSON.parse(text);
      } catch {
        throw new EmbeddingsError(`${shown} answered something that is not JSON: ${oneLine(text, 120)}`);
      }
      const data = body?.data;
      if (!Array.isArray(data) || data.length !== texts.length) {
        throw new EmbeddingsError(
          `${shown} answered ${Array.isArray(data) ? `${data.length} embeddings` : "no data[] array"} for ${texts.length} inputs`,
        );
      }
      // The API returns `index` per item; order by it when present.
      const ordered = data.every((d: any) => Number.isInteger(d?.index))
        ? [...data].sort((a: any, b: any) => a.index - b.index)
        : data;
      return ordered.map((d: any, i: number) => {
        const v = d?.embedding;
        if (!Array.isArray(v) || !v.length || !v.every((x: unknown) => typeof x === "number" && Number.isFinite(x))) {
          throw new EmbeddingsError(`${shown}: embedding ${i} is not a list of numbers (is encoding_format "float"?)`);
        }
        return Float32Array.from(v as number[]);
      });
    },
  };
}

/**
 * The embeddings client configured by EMBEDDINGS_URL, EMBEDDINGS_MODEL and
 * EMBEDDINGS_API_KEY; undefined when EMBEDDINGS_URL is unset (memory then uses FTS5
 * only). Throws ConfigError when EMBEDDINGS_URL is set but unusable or the model is missing.
 */
export function embeddingsFromEnv(env: Record<string, string | undefined> = process.env): EmbeddingsClient | undefined {
  const url = env.EMBEDDINGS_URL?.trim();
  if (!url) return undefined;
  const model = env.EMBEDDINGS_MODEL?.trim();
  if (!model) throw new ConfigError("EMBEDDINGS_URL is set but EMBEDDINGS_MODEL is not: set the embedding model name (e.g. nomic-embed-text).");
  return createEmbeddingsClient({ url, model, apiKey: env.EMBEDDINGS_API_KEY?.trim() || undefined });
}

/** Cosine similarity; 0 for vectors of different length or zero length. */
export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length || !a.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

function oneLine(s: string, max: number): string {
  return clip(s.replace(/\s+/g, " ").trim(), max);
}
