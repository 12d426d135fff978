/**
 * The server's one worker pool (ARCHITECTURE.md section 6): CPU-heavy work runs here, off the request
 * thread, so one person's heavy job never delays everyone else's cheap calls. Certificate PDFs run
 * here; large workbooks, import parsing and bulk password hashing belong here too.
 *
 * Adding work:
 *   - A task is a function in workerTasks.ts, by name: `(input) => output` (sync or async) for a
 *     job, or an `async function*` yielding Uint8Array chunks for a stream. It imports its module
 *     inside the task (`await import(...)`), so the request thread never loads it and a worker loads
 *     it once. Input and output cross threads by structured clone: plain data, typed arrays, Maps,
 *     Dates; no functions or class instances (an Error arrives as its name and message).
 *   - `await pool.run('name', input, transfer?)` answers the output. ArrayBuffers listed in
 *     `transfer` are moved to the worker instead of copied (they are unusable afterwards); a
 *     Uint8Array output is moved back.
 *   - `await pool.stream('name', input)` answers a Readable of the chunks once the first is there (a
 *     failure before it rejects, so the route can still answer with a message). Each further chunk
 *     is computed when the reader wants it: a slow download holds neither memory nor a worker
 *     between chunks, and destroying the Readable stops the task.
 *
 * Sizing and fairness: a worker per core but one (the request thread keeps a core), at least one,
 * each started when first needed. A worker runs one piece at a time (a job, or one chunk of a stream);
 * pieces wait in one first-come queue, so a class's 200 certificates and one learner's certificate
 * take turns chunk by chunk instead of the one waiting for the whole of the other. At most `maxQueue`
 * jobs wait to start: beyond that one is refused at once (503), not queued without bound.
 *
 * A worker that dies (a crash, out of memory) fails the job or streams it was running with an error;
 * the next piece of work starts a new one. close() (the app's onClose, so SIGTERM) fails what waits
 * and stops the workers.
 */
import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import { Worker, type Transferable } from 'node:worker_threads';
import { MSG } from '@portal/contract';
import { HttpError } from '../http/errors.ts';
import type { tasks as serverTasks } from '../workerTasks.ts';

/** What the worker is asked: start a job or a stream (and compute its first chunk), the next chunk, or stop a stream. */
export type ToWorker = { id: number; kind: 'run' | 'stream'; task: string; input: unknown } | { id: number; kind: 'next' | 'cancel' };
/** Its one answer to each run, stream and next. */
export type FromWorker =
  | { id: number; kind: 'done'; value: unknown }
  | { id: number; kind: 'chunk'; value: Uint8Array }
  | { id: number; kind: 'end' }
  | { id: number; kind: 'error'; name: string; message: string };

// `never` as the parameter: any one-parameter function is a task.
type Task = (input: never) => unknown;
type Chunks = AsyncIterable<Uint8Array>;
/** A task that never returns (it only throws) is a job, not a stream. */
type Streams<F> = F extends (input: never) => infer O ? ([O] extends [never] ? false : O extends Chunks ? true : false) : false;
type JobName<T> = { [K in keyof T]: Streams<T[K]> extends true ? never : K }[keyof T] & string;
type StreamName<T> = { [K in keyof T]: Streams<T[K]> extends true ? K : never }[keyof T] & string;
type InputOf<F> = F extends (input: infer I) => unknown ? I : never;
type OutputOf<F> = F extends (input: never) => infer O ? Awaited<O> : never;

export interface WorkerPool<T extends Record<string, Task> = typeof serverTasks> {
  run<K extends JobName<T>>(task: K, input: InputOf<T[K]>, transfer?: Transferable[]): Promise<OutputOf<T[K]>>;
  stream<K extends StreamName<T>>(task: K, input: InputOf<T[K]>, transfer?: Transferable[]): Promise<Readable>;
  close(): Promise<void>;
}

export interface PoolOptions {
  /** Workers at most; default: the cores but one, at least one. */
  size?: number;
  /** Jobs waiting to start at most; more are refused. */
  maxQueue?: number;
  /** The task table's module (tests use their own); default workerTasks.ts beside app.ts (it imports the modules, so it is wiring, not part of the pool). */
  tasks?: URL;
}

/** Someone waiting for the worker's answers to one job or stream. */
interface Owner {
  answer(m: FromWorker): void;
  fail(err: Error): void;
}
interface Piece {
  message: ToWorker;
  transfer: Transferable[];
  owner: Owner;
  /** A stream's next chunk must be asked of the worker that holds the stream. */
  pinned: Slot | null;
  /** Told which worker took the piece (a stream stays there). */
  taken?: (slot: Slot) => void;
}
interface Slot {
  worker: Worker;
  /** The piece it is running: a worker runs one at a time. */
  running: Piece | null;
  /** Open streams it holds. */
  streams: Set<Owner>;
}

const closedError = () => new Error('the worker pool is closed');
const errorOf = (m: { name: string; message: string }) => Object.assign(new Error(m.message), { name: m.name });

export function makeWorkerPool<T extends Record<string, Task> = typeof serverTasks>(options: PoolOptions = {}): WorkerPool<T> {
  const size = options.size ?? Math.max(1, availableParallelism() - 1);
  const maxQueue = options.maxQueue ?? 100;
  const tasksUrl = (options.tasks ?? new URL('../workerTasks.ts', import.meta.url)).href;
  const slots: Slot[] = [];
  let queue: Piece[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const slot: Slot = { worker: new Worker(new URL('./worker.ts', import.meta.url), { workerData: { tasks: tasksUrl } }), running: null, streams: new Set() };
    let cause: Error | null = null;
    slot.worker.on('message', (m: FromWorker) => {
      const piece = slot.running;
      slot.running = null;
      slot.worker.unref();
      piece?.owner.answer(m);
      dispatch();
    });
    slot.worker.on('error', (err) => {
      cause = err;
    });
    slot.worker.on('exit', (code) => {
      slots.splice(slots.indexOf(slot), 1);
      const err = closed ? closedError() : new Error(`a worker stopped (exit code ${code})${cause ? `: ${cause.message}` : ''}`);
      queue = queue.filter((p) => p.pinned !== slot);
      slot.running?.owner.fail(err);
      for (const s of slot.streams) s.fail(err);
      if (!closed) dispatch();
    });
    // Idle workers do not keep the process alive; one with a piece does (ref'd when given one).
    slot.worker.unref();
    slots.push(slot);
    return slot;
  }

  function dispatch() {
    for (let i = 0; i < queue.length; ) {
      const piece = queue[i]!;
      const slot = piece.pinned ?? slots.find((s) => s.running === null) ?? (slots.length < size ? spawn() : null);
      if (!slot || slot.running) {
        i++;
        continue;
      }
      queue.splice(i, 1);
      slot.running = piece;
      slot.worker.ref();
      piece.taken?.(slot);
      slot.worker.postMessage(piece.message, piece.transfer);
    }
  }

  function enqueue(piece: Piece) {
    if (closed) throw closedError();
    // Only new jobs count: a stream's next chunk belongs to a download already under way.
    if (piece.pinned === null && queue.filter((p) => p.pinned === null).length >= maxQueue) throw new HttpError(503, MSG.serverError);
    queue.push(piece);
    dispatch();
  }

  return {
    run(task, input, transfer = []) {
      return new Promise((resolve, reject) => {
        const owner: Owner = {
          answer: (m) => (m.kind === 'done' ? resolve(m.value as never) : reject(m.kind === 'error' ? errorOf(m) : new Error(`unexpected ${m.kind} from task ${task}`))),
          fail: reject,
        };
        enqueue({ message: { id: nextId++, kind: 'run', task, input }, transfer, owner, pinned: null });
      });
    },

    stream(task, input, transfer = []) {
      return new Promise<Readable>((resolve, reject) => {
        const id = nextId++;
        let slot: Slot | null = null;
        let asking = false;
        let started = false;
        let finished = false;
        const finish = () => {
          finished = true;
          slot?.streams.delete(owner);
        };
        const readable = new Readable({
          read() {
            if (!started || asking || finished) return;
            asking = true;
            try {
              enqueue({ message: { id, kind: 'next' }, transfer: [], owner, pinned: slot });
            } catch (err) {
              owner.fail(err as Error);
            }
          },
          destroy(err, callback) {
            if (!finished) {
              // The reader went away (a download cut short): the worker drops the stream.
              queue = queue.filter((p) => p.owner !== owner);
              if (slot && slots.includes(slot)) slot.worker.postMessage({ id, kind: 'cancel' } satisfies ToWorker);
              finish();
            }
            callback(err);
          },
        });
        const owner: Owner = {
          answer(m) {
            asking = false;
            if (finished) return;
            if (m.kind === 'chunk') {
              readable.push(Buffer.from(m.value.buffer, m.value.byteOffset, m.value.byteLength));
              if (!started) {
                started = true;
                resolve(readable);
              }
            } else if (m.kind === 'end') {
              finish();
              readable.push(null);
              if (!started) resolve(readable);
            } else owner.fail(m.kind === 'error' ? errorOf(m) : new Error(`unexpected ${m.kind} from task ${task}`));
          },
          fail(err) {
            if (finished) return;
            finish();
            if (started) readable.destroy(err);
            else reject(err);
          },
        };
        const taken = (s: Slot) => {
          slot = s;
          s.streams.add(owner);
        };
        enqueue({ message: { id, kind: 'stream', task, input }, transfer, owner, pinned: null, taken });
      });
    },

    async close() {
      if (closed) return;
      closed = true;
      const waiting = queue;
      queue = [];
      for (const p of waiting) p.owner.fail(closedError());
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
