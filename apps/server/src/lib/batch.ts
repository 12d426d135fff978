/**
 * Work that arrives in the same turn of the event loop is done together: under load, dozens of
 * requests are parsed between two I/O polls, and each would otherwise pay its own round trip and
 * statement. Under no load an item waits for nothing but the end of the current turn.
 */

/** Items of one turn go to `runMany` together; each caller gets the answer at its item's index. */
export function batchedCalls<I, O>(runMany: (items: I[]) => Promise<O[]>, maxBatch = 200): (item: I) => Promise<O> {
  let pending: { item: I; resolve: (v: O) => void; reject: (e: unknown) => void }[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = pending;
    pending = [];
    for (let i = 0; i < batch.length; i += maxBatch) {
      const part = batch.slice(i, i + maxBatch);
      runMany(part.map((p) => p.item)).then(
        (out) => part.forEach((p, j) => p.resolve(out[j] as O)),
        (err: unknown) => part.forEach((p) => p.reject(err)),
      );
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}

/** Keyed lookups of one turn share one query (each distinct key asked once). */
export function batched<K, V>(fetchMany: (keys: K[]) => Promise<Map<K, V>>, maxBatch = 200): (key: K) => Promise<V | undefined> {
  return batchedCalls(async (keys: K[]) => {
    const found = await fetchMany([...new Set(keys)]);
    return keys.map((k) => found.get(k));
  }, maxBatch);
}
