/** The task table of the pool's own tests (pool.test.ts): each shows one behaviour of the pool. */
import { threadId } from 'node:worker_threads';

let open = 0;

export const tasks = {
  threadId: (_: null) => threadId,
  /** The bytes reversed, as a new array (moved back). */
  reversed: (bytes: Uint8Array) => Uint8Array.from(bytes).reverse(),
  fail: (message: string) => {
    throw new Error(message);
  },
  /** The worker thread ends in the middle of the job, as a crash would end it. */
  crash: (_: null) => process.exit(3),
  /** n one-byte chunks: 0, 1, 2… */
  count: async function* (n: number) {
    open++;
    try {
      for (let i = 0; i < n; i++) yield Uint8Array.of(i);
    } finally {
      open--;
    }
  },
  /** One chunk, then the worker dies. */
  crashAfterOne: async function* (_: null) {
    yield Uint8Array.of(1);
    process.exit(4);
  },
  /** Streams of this worker not yet finished or stopped. */
  openStreams: (_: null) => open,
};
