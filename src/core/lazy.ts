/**
 * A value made at its first use: `build` runs at the first call, which every later call
 * answers with the same value. For what loading the modules would otherwise make at every
 * start although the first page needs none of it: zod schemas (tens of microseconds each,
 * more for the first of a kind), a library's module and the objects made with it.
 */
export function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}
