/**
 * 标记 (flags) on an attempt's questions: the learner's own "look again later" notes. They are not
 * answers, count for nothing and the server does not keep them; this device does, by attempt, so a
 * reload brings them back. A practice paper (no attempt) keeps them only in the page.
 */
import { useState } from 'react';
import { deviceStore, type QueueStore } from '../../lib/deviceQueue.ts';
import { EXAM_FLAGS_KEY } from '../../lib/storage.ts';

/** Attempts whose flags a device keeps; the oldest are forgotten beyond it. */
const KEEP_ATTEMPTS = 20;

type Stored = [attemptId: number, questionIds: number[]][];

function read(store: QueueStore): Stored {
  try {
    const parsed: unknown = JSON.parse(store.getItem(EXAM_FLAGS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((e): e is Stored[number] => Array.isArray(e) && Number.isInteger(e[0]) && Array.isArray(e[1]) && (e[1] as unknown[]).every((n) => Number.isInteger(n)));
  } catch {
    return [];
  }
}

/** The flagged question ids of an attempt. */
export function flagsOf(store: QueueStore, attemptId: number): Set<number> {
  return new Set(read(store).find(([id]) => id === attemptId)?.[1] ?? []);
}

/** Stores an attempt's flags as the most recent. */
export function keepFlags(store: QueueStore, attemptId: number, flags: Set<number>) {
  const others = read(store).filter(([id]) => id !== attemptId);
  try {
    store.setItem(EXAM_FLAGS_KEY, JSON.stringify([...others, [attemptId, [...flags]]].slice(-KEEP_ATTEMPTS)));
  } catch {
    // A full or blocked storage keeps the flags for this page only.
  }
}

/** The flags of a paper and their toggle; kept on the device when the paper is an attempt. */
export function useFlags(attemptId: number | undefined): [Set<number>, (questionId: number) => void] {
  const [flags, setFlags] = useState<Set<number>>(() => (attemptId === undefined ? new Set() : flagsOf(deviceStore(), attemptId)));
  const toggle = (questionId: number) => {
    const next = new Set(flags);
    if (next.has(questionId)) next.delete(questionId);
    else next.add(questionId);
    setFlags(next);
    if (attemptId !== undefined) keepFlags(deviceStore(), attemptId, next);
  };
  return [flags, toggle];
}
