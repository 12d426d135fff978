/**
 * A worker of the pool (pool.ts): runs the tasks of the task table it is given, one piece at a time
 * as the pool asks, and answers each run, stream and next exactly once.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './pool.ts';

type Task = (input: unknown) => unknown;
const { tasks } = (await import((workerData as { tasks: string }).tasks)) as { tasks: Record<string, Task> };
const port = parentPort!;
/** Open streams by id, each waiting for its next chunk to be asked. */
const streams = new Map<number, AsyncIterator<Uint8Array>>();

/**
 * Bytes to move to the other thread: a view over part of a larger buffer (Node's shared pool of small
 * Buffers, say) is copied first, so only what is sent is moved and nothing else loses its memory.
 */
const movable = (bytes: Uint8Array) => (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : new Uint8Array(bytes));

function taskOf(name: string): Task {
  const task = Object.hasOwn(tasks, name) ? tasks[name] : undefined;
  if (!task) throw new Error(`no task named ${name}`);
  return task;
}

async function next(id: number) {
  const it = streams.get(id);
  if (!it) throw new Error(`no open stream ${id}`);
  const r = await it.next();
  if (r.done) {
    streams.delete(id);
    port.postMessage({ id, kind: 'end' } satisfies FromWorker);
  } else {
    const value = movable(r.value);
    port.postMessage({ id, kind: 'chunk', value } satisfies FromWorker, [value.buffer as ArrayBuffer]);
  }
}

async function handle(m: ToWorker) {
  if (m.kind === 'cancel') {
    const it = streams.get(m.id);
    streams.delete(m.id);
    // Its finally blocks run; nobody waits for an answer.
    await it?.return?.().catch(() => undefined);
    return;
  }
  try {
    if (m.kind === 'run') {
      const value = await taskOf(m.task)(m.input);
      if (value instanceof Uint8Array) {
        const bytes = movable(value);
        port.postMessage({ id: m.id, kind: 'done', value: bytes } satisfies FromWorker, [bytes.buffer as ArrayBuffer]);
      } else port.postMessage({ id: m.id, kind: 'done', value } satisfies FromWorker);
      return;
    }
    if (m.kind === 'stream') streams.set(m.id, (taskOf(m.task)(m.input) as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]());
    await next(m.id);
  } catch (err) {
    streams.delete(m.id);
    const e = err instanceof Error ? err : new Error(String(err));
    port.postMessage({ id: m.id, kind: 'error', name: e.name, message: e.message } satisfies FromWorker);
  }
}

port.on('message', (m: ToWorker) => void handle(m));
