/**
 * A value read once per turn of the event loop. 200 questions arriving together are handled
 * in one or two turns of the loop; what each would ask again (today: are there users, for the
 * sign-in check of every request) cannot meaningfully change between them, so the first asks
 * and the others reuse its answer. The next turn of the loop asks afresh,
 * so a change made meanwhile (by this process or another) is seen by the next request.
 */
export function perTick<T>(read: () => T): (() => T) & { forget(): void } {
  let held: { value: T } | null = null;
  const get = () => {
    if (held) return held.value;
    const value = read();
    held = { value };
    // After every I/O callback of this turn of the loop (and the promise jobs they queue).
    setImmediate(() => (held = null));
    return value;
  };
  return Object.assign(get, {
    /** This process just changed what `read` reads: the next call reads again. */
    forget: () => void (held = null),
  });
}
