// Starts several things at once for a test file's `before`. If one of them
// fails, the others that did start are closed before the failure is thrown,
// so a failed set-up leaves no browser, server or database running.
interface Closable {
  close(): unknown;
}

export async function startTogether<T extends readonly Closable[]>(
  ...starts: { [K in keyof T]: Promise<T[K]> }
): Promise<T> {
  const results = await Promise.allSettled(starts);
  const failed = results.find((result) => result.status === 'rejected');
  if (!failed)
    return results.map(
      (result) => (result as PromiseFulfilledResult<unknown>).value,
    ) as unknown as T;
  await Promise.allSettled(
    results.map((result) => (result.status === 'fulfilled' ? result.value.close() : undefined)),
  );
  throw failed.reason;
}
