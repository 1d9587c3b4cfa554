/** Waiting for something observable instead of sleeping a fixed time. */

/**
 * Resolves as soon as `predicate()` is true (checked now, then every `everyMs`); rejects
 * after `timeoutMs` naming `what`. For conditions with no event to listen to (a flag the
 * fake server sets, a row in a database).
 */
export async function waitFor(
  predicate: () => boolean | Promise<boolean>,
  { timeoutMs = 5_000, everyMs = 10, what = "condition" }: { timeoutMs?: number; everyMs?: number; what?: string } = {},
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await Bun.sleep(everyMs);
  }
}

/**
 * Reads a child process's output until it contains `needle`; returns what was read.
 * Rejects if the output ends first (the process died: the text says why) or after `timeoutMs`.
 */
export async function waitForOutput(stream: ReadableStream<Uint8Array>, needle: string, timeoutMs = 10_000): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const timer = setTimeout(() => reader.cancel(new Error("timeout")).catch(() => {}), timeoutMs);
  try {
    while (!text.includes(needle)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`output ended without "${needle}":\n${text}`);
      text += decoder.decode(value, { stream: true });
    }
    return text;
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
}
