/**
 * Reads `read()` until `ok` holds for what it returned, every `everyMs`, and returns that value;
 * after `timeoutMs` throws, naming `what` and the last value read.
 */
export async function until<T>(
  what: string,
  read: () => T | Promise<T>,
  ok: (value: T) => boolean,
  { timeoutMs = 5000, everyMs = 20 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs} ms (last read ${describe(value)})`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // circular, e.g. an inject() response
    return String(value);
  }
}
