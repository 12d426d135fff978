/**
 * Exam answers kept on the device until the server acknowledges them (lib/deviceQueue.ts), sent one
 * at a time, oldest first. Each carries its seq, so a late or repeated save never overwrites a newer
 * one on the server. A save the server refuses (time up, already submitted) leaves the queue and is
 * reported as not counted; a network or server failure keeps it for the next try (online event,
 * next answer, next page load, or the retry timer). Text being typed is kept on the device at every
 * keystroke but sent once typing pauses, or at once when the field is left, the question changes,
 * the paper is submitted or the page is hidden (flush).
 */
import { exam } from '@portal/contract/refs';
import type { exam as ExamTypes } from '@portal/contract';
import { call, CallError } from '../../api/client.ts';
import { DeviceQueue, deviceStore } from '../../lib/deviceQueue.ts';
import { EXAM_QUEUE_KEY } from '../../lib/storage.ts';

export interface PendingAnswer {
  attemptId: number;
  questionId: number;
  answer: string[];
  seq: number;
}

export const pendingId = (a: Pick<PendingAnswer, 'attemptId' | 'questionId' | 'seq'>) => `${a.attemptId}:${a.questionId}:${a.seq}`;

export function parsePending(value: unknown): PendingAnswer | null {
  const v = value as Partial<PendingAnswer> | null;
  if (!v || typeof v !== 'object') return null;
  if (![v.attemptId, v.questionId, v.seq].every((n) => Number.isInteger(n))) return null;
  if (!Array.isArray(v.answer) || !v.answer.every((x) => typeof x === 'string')) return null;
  return { attemptId: v.attemptId!, questionId: v.questionId!, seq: v.seq!, answer: v.answer };
}

export const ANSWER_QUEUE_KIND = { parse: parsePending, idOf: pendingId, limit: 5_000 };

export type AnswerEvent =
  | { kind: 'saved'; answer: PendingAnswer; seq: number }
  | { kind: 'refused'; answer: PendingAnswer; message: string }
  | { kind: 'queue' };

const RETRY_MS = 5_000;
/** A pause in typing this long sends the text; every keystroke is on the device before that. */
export const TYPING_PAUSE_MS = 1_000;

/** Sends one answer; throws CallError on a refusal or a failure. */
export type AnswerTransport = (answer: PendingAnswer) => Promise<ExamTypes.SaveAck>;

export class AnswerSender {
  readonly queue: DeviceQueue<PendingAnswer>;
  private readonly send: AnswerTransport;
  private readonly listeners = new Set<(e: AnswerEvent) => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private typing: ReturnType<typeof setTimeout> | null = null;
  /** The last try stopped on a failure worth retrying (offline, server unreachable). */
  failing = false;

  constructor(queue: DeviceQueue<PendingAnswer>, send: AnswerTransport) {
    this.queue = queue;
    this.send = send;
  }

  on(listener: (e: AnswerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Answers of an attempt still waiting, oldest first. */
  pendingOf(attemptId: number): PendingAnswer[] {
    return this.queue.list().filter((a) => a.attemptId === attemptId);
  }

  /**
   * Keeps the answer on the device (older waiting answers of the same question are superseded), then
   * sends it, or, while the learner is still typing it, once typing pauses.
   */
  save(answer: PendingAnswer, typing = false): Promise<void> {
    this.queue.remove(this.pendingOf(answer.attemptId).filter((a) => a.questionId === answer.questionId && a.seq < answer.seq).map(pendingId));
    this.queue.push(answer);
    this.emit({ kind: 'queue' });
    if (!typing) return this.flush();
    if (this.typing) clearTimeout(this.typing);
    this.typing = setTimeout(() => void this.flush(), TYPING_PAUSE_MS);
    return Promise.resolve();
  }

  /** Sends everything waiting on the device now. */
  flush(): Promise<void> {
    if (this.typing) {
      clearTimeout(this.typing);
      this.typing = null;
    }
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private emit(e: AnswerEvent) {
    this.listeners.forEach((l) => l(e));
  }

  private async run() {
    do {
      this.again = false;
      for (;;) {
        const [next] = this.queue.head(1);
        if (!next) {
          this.failing = false;
          break;
        }
        try {
          const ack = await this.send(next);
          this.queue.remove([pendingId(next)]);
          this.failing = false;
          this.emit({ kind: 'saved', answer: next, seq: ack.seq });
        } catch (err) {
          if (err instanceof CallError && (err.kind === 'business' || (err.kind === 'http' && err.code === 400))) {
            this.queue.remove([pendingId(next)]);
            this.emit({ kind: 'refused', answer: next, message: err.message });
            continue;
          }
          this.failing = true;
          this.emit({ kind: 'queue' });
          if (!this.retry) {
            this.retry = setTimeout(() => {
              this.retry = null;
              void this.flush();
            }, RETRY_MS);
          }
          return;
        }
      }
    } while (this.again);
  }
}

let sender: AnswerSender | null = null;

/** The one answer sender of the page. */
export function answerSender(): AnswerSender {
  if (!sender) {
    sender = new AnswerSender(new DeviceQueue<PendingAnswer>(deviceStore(), EXAM_QUEUE_KEY, ANSWER_QUEUE_KIND), (body) => call(exam.saveExamQuestionAnswerd, { body }));
    window.addEventListener('online', () => void sender?.flush());
    // Leaving or hiding the page sends what is still being typed; what does not get through stays on the device.
    window.addEventListener('pagehide', () => void sender?.flush());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void sender?.flush();
    });
  }
  return sender;
}
