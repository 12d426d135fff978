/**
 * Work that arrives in the same turn of the event loop is done together: under load, dozens of
 * requests are parsed between two I/O polls, and each would otherwise pay its own round trip and
 * statement. Under no load an item waits for nothing but the end of the current turn.
 */

/**
 * Items of one turn go to `runMany` together; each caller gets the answer at its item's index.
 * With `maxInFlight`, at most that many runs are under way at once: items arriving meanwhile wait and
 * go together when one finishes, so under load the batches grow instead of the runs (for writes
 * whose cost is mostly per statement and per commit).
 */
export function batchedCalls<I, O>(runMany: (items: I[]) => Promise<O[]>, maxBatch = 200, maxInFlight = Infinity): (item: I) => Promise<O> {
  let pending: { item: I; resolve: (v: O) => void; reject: (e: unknown) => void }[] = [];
  let scheduled = false;
  let inFlight = 0;

  const schedule = () => {
    if (scheduled || pending.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  };
  const flush = () => {
    scheduled = false;
    while (pending.length > 0 && inFlight < maxInFlight) {
      const part = pending.slice(0, maxBatch);
      pending = pending.slice(maxBatch);
      inFlight++;
      // When runs were at the limit, the items that waited are sent before this run's callers are
      // answered: answering dozens of callers (their replies written to sockets) takes milliseconds in
      // which the database would otherwise sit idle.
      const done = () => {
        const wasFull = inFlight >= maxInFlight;
        inFlight--;
        if (wasFull) flush();
        else schedule();
      };
      runMany(part.map((p) => p.item)).then(
        (out) => {
          done();
          part.forEach((p, j) => p.resolve(out[j] as O));
        },
        (err: unknown) => {
          done();
          part.forEach((p) => p.reject(err));
        },
      );
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      schedule();
    });
}

/** Keyed lookups of one turn share one query (each distinct key asked once); `maxInFlight` as for batchedCalls. */
export function batched<K, V>(fetchMany: (keys: K[]) => Promise<Map<K, V>>, maxBatch = 200, maxInFlight = Infinity): (key: K) => Promise<V | undefined> {
  return batchedCalls(
    async (keys: K[]) => {
      const found = await fetchMany([...new Set(keys)]);
      return keys.map((k) => found.get(k));
    },
    maxBatch,
    maxInFlight,
  );
}
