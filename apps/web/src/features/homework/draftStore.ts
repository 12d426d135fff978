/**
 * The local copy of a homework draft (lib/deviceQueue.ts): every change is written here at once,
 * before it is sent, and removed only when the server has acknowledged that very content. A reload,
 * a closed tab, a browser crash or a network drop therefore loses nothing: the page restores the
 * newest text from here. One copy per person and assignment (a shared computer keeps each person's
 * own), the newest replacing the older.
 */
import type { work } from '@portal/contract';
import { DeviceQueue, deviceStore, type QueueStore } from '../../lib/deviceQueue.ts';

export const DRAFT_QUEUE_KEY = 'homeworkDraftCopies';

export interface PracticeCopy {
  time: string;
  place: string;
  done: string;
  outcome: string;
}

export interface DraftCopy {
  personId: number;
  workId: number;
  /** The server revision this text was based on. */
  revision: number;
  text: string;
  practice: PracticeCopy | null;
  /** The attachments named in the draft, in order (kept whole, so a restored copy shows their names). */
  files: work.WorkFile[];
  /** When it was typed (ms since the epoch), to tell the newer of two copies. */
  at: number;
}

const isStr = (v: unknown): v is string => typeof v === 'string';
const isInt = (v: unknown): v is number => Number.isInteger(v);

export function parseCopy(value: unknown): DraftCopy | null {
  const v = value as Partial<DraftCopy> | null;
  if (!v || typeof v !== 'object') return null;
  if (!isInt(v.personId) || !isInt(v.workId) || !isInt(v.revision) || !isStr(v.text) || typeof v.at !== 'number') return null;
  if (!Array.isArray(v.files) || !v.files.every((f: Partial<work.WorkFile> | null) => f && isInt(f.id) && isStr(f.name) && isStr(f.url))) return null;
  const p = v.practice as Partial<PracticeCopy> | null | undefined;
  const practice = p && isStr(p.time) && isStr(p.place) && isStr(p.done) && isStr(p.outcome) ? { time: p.time, place: p.place, done: p.done, outcome: p.outcome } : null;
  return { personId: v.personId, workId: v.workId, revision: v.revision, text: v.text, practice, files: v.files, at: v.at };
}

const keyOf = (c: Pick<DraftCopy, 'personId' | 'workId'>) => `${c.personId}:${c.workId}`;

export type DraftContent = Pick<DraftCopy, 'text' | 'practice' | 'files'>;

const practiceKey = (p: PracticeCopy | null) => (p ? [p.time, p.place, p.done, p.outcome].join('\u0000') : '');
/** The same content (what the server would store), whatever its revision and time. */
export const sameContent = (a: DraftContent, b: DraftContent) =>
  a.text === b.text && practiceKey(a.practice) === practiceKey(b.practice) && a.files.map((f) => f.id).join(',') === b.files.map((f) => f.id).join(',');

export class DraftCopies {
  private readonly queue: DeviceQueue<DraftCopy>;
  constructor(store: QueueStore = deviceStore()) {
    this.queue = new DeviceQueue<DraftCopy>(store, DRAFT_QUEUE_KEY, { parse: parseCopy, idOf: keyOf, limit: 50 });
  }

  get(personId: number, workId: number): DraftCopy | null {
    return this.queue.list().find((c) => c.personId === personId && c.workId === workId) ?? null;
  }

  /** Keeps this copy, replacing the person's older copy of the assignment. */
  put(copy: DraftCopy) {
    this.queue.remove([keyOf(copy)]);
    this.queue.push(copy);
  }

  /**
   * The server holds `content` at `revision`: the copy goes if it is that content; a copy typed since
   * is kept, now based on the new revision (it extends what the server holds).
   */
  acknowledged(personId: number, workId: number, content: DraftContent, revision: number) {
    const c = this.get(personId, workId);
    if (!c) return;
    if (sameContent(c, content)) this.queue.remove([keyOf(c)]);
    else this.put({ ...c, revision });
  }

  drop(personId: number, workId: number) {
    this.queue.remove([keyOf({ personId, workId })]);
  }
}

let copies: DraftCopies | null = null;
export const draftCopies = () => (copies ??= new DraftCopies());
