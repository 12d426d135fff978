/**
 * A draft being written (myhomework2, myhomework3): every change is kept on the device at once
 * (draftStore.ts) and saved to the server (updateWork) after a pause in typing of SAVE_AFTER_MS, and
 * at least every SAVE_AT_LEAST_MS while typing goes on, so at most a few seconds of typing wait on
 * the network, and none is lost if the browser dies. Each save carries the revision the text was based
 * on: a save the server finds out of date (another tab or device saved since) is refused, and the
 * writer chooses which text to keep. A save that cannot reach the server is retried (every RETRY_MS
 * and when the browser is back online) while the copy stays on the device.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { work as W } from '@portal/contract';
import { work } from '@portal/contract/refs';
import { call, CallError, quietCall } from '../../api/client.ts';
import { callKey } from '../../api/useCallQuery.ts';
import { draftCopies, sameContent, type DraftContent, type DraftCopy } from './draftStore.ts';

const SAVE_AFTER_MS = 1_500;
const SAVE_AT_LEAST_MS = 5_000;
const RETRY_MS = 5_000;

export type SaveState =
  | { kind: 'clean' }
  /** Typed, kept on the device, waiting for the next save. */
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  /** The server cannot be reached: kept on the device, retried. */
  | { kind: 'offline' }
  /** Another tab or device saved a different text since this one was based on it. */
  | { kind: 'conflict'; server: W.MySubmission | null; local: DraftContent }
  | { kind: 'refused'; message: string };

export function contentOf(sub: W.MySubmission | null): DraftContent {
  if (!sub) return { text: '', practice: null, files: [] };
  const p = sub.practice;
  return { text: sub.text, practice: p ? { time: p.time, place: p.place, done: p.done, outcome: p.outcome } : null, files: sub.attachments };
}

/** What the page opens with: the server's draft, or the newer copy kept on this device. */
function initial(personId: number, detail: W.WorkDetail): { content: DraftContent; revision: number; state: SaveState; restored: boolean } {
  const sub = detail.submission;
  const server = contentOf(sub);
  const revision = sub?.revision ?? 0;
  const copy = draftCopies().get(personId, detail.work.id);
  const editable = sub ? sub.editable : true;
  if (!copy || !editable) return { content: server, revision, state: sub ? { kind: 'saved', at: sub.savedAt } : { kind: 'clean' }, restored: false };
  if (sameContent(copy, server)) {
    draftCopies().drop(personId, detail.work.id);
    return { content: server, revision, state: sub ? { kind: 'saved', at: sub.savedAt } : { kind: 'clean' }, restored: false };
  }
  const local = { text: copy.text, practice: copy.practice, files: copy.files };
  // Typed here on the draft the server still holds: the copy is simply newer.
  if (copy.revision === revision) return { content: local, revision, state: { kind: 'pending' }, restored: true };
  return { content: server, revision, state: { kind: 'conflict', server: sub, local }, restored: false };
}

export function useDraft(personId: number, detail: W.WorkDetail) {
  const workId = detail.work.id;
  const client = useQueryClient();
  const [start] = useState(() => initial(personId, detail));
  const [content, setContent] = useState<DraftContent>(start.content);
  const [state, setState] = useState<SaveState>(start.state);
  const contentRef = useRef(start.content);
  const revisionRef = useRef(start.revision);
  /** The content the server is known to hold. */
  const savedRef = useRef<DraftContent>(contentOf(detail.submission));
  const running = useRef<Promise<void> | null>(null);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const atLeast = useRef<ReturnType<typeof setTimeout> | null>(null);
  const retry = useRef<ReturnType<typeof setTimeout> | null>(null);
  const paused = useRef(start.state.kind === 'conflict');
  const alive = useRef(true);

  const clearTimers = () => {
    for (const t of [idle, atLeast, retry]) {
      if (t.current) clearTimeout(t.current);
      t.current = null;
    }
  };

  const keepCopy = useCallback(
    (c: DraftContent) => {
      const copy: DraftCopy = { personId, workId, revision: revisionRef.current, ...c, at: Date.now() };
      draftCopies().put(copy);
    },
    [personId, workId],
  );

  /** Reads the server's draft after a refusal, and asks the writer which text to keep. */
  const toConflict = useCallback(async () => {
    paused.current = true;
    const local = contentRef.current;
    try {
      const fresh = await call(work.findWorkById, { query: { workId } });
      if (fresh.submission) revisionRef.current = fresh.submission.revision;
      if (alive.current) setState({ kind: 'conflict', server: fresh.submission, local });
    } catch {
      if (alive.current) setState({ kind: 'conflict', server: null, local });
    }
  }, [workId]);

  const saveOnce = useCallback(async (): Promise<void> => {
    const sent = contentRef.current;
    if (sameContent(sent, savedRef.current) && revisionRef.current > 0) {
      draftCopies().acknowledged(personId, workId, sent, revisionRef.current);
      return;
    }
    setState({ kind: 'saving' });
    try {
      const ack = await quietCall(work.updateWork, {
        body: { workId, revision: revisionRef.current, text: sent.text, ...(sent.practice ? { practice: sent.practice } : {}), attachmentIds: sent.files.map((f) => f.id) },
      });
      revisionRef.current = ack.revision;
      savedRef.current = sent;
      draftCopies().acknowledged(personId, workId, sent, ack.revision);
      if (!alive.current) return;
      if (sameContent(contentRef.current, sent)) setState({ kind: 'saved', at: ack.savedAt });
      else setState({ kind: 'pending' });
      void client.invalidateQueries({ queryKey: callKey(work.findWorkByPage) });
    } catch (err) {
      if (!alive.current) return;
      if (err instanceof CallError && err.kind === 'business') {
        if (err.message === W.WORK_MSG.stale) return void (await toConflict());
        paused.current = true;
        setState({ kind: 'refused', message: err.message });
        return;
      }
      if (err instanceof CallError && err.kind === 'unauthorized') {
        setState({ kind: 'offline' });
        return;
      }
      setState({ kind: 'offline' });
      if (!retry.current)
        retry.current = setTimeout(() => {
          retry.current = null;
          void flush();
        }, RETRY_MS);
      throw err;
    }
  }, [client, personId, workId, toConflict]); // eslint-disable-line react-hooks/exhaustive-deps

  /** Saves now (waiting for a save under way, then saving what was typed since). Resolves true when the server holds the text. */
  const flush = useCallback(async (): Promise<boolean> => {
    if (idle.current) clearTimeout(idle.current);
    if (atLeast.current) clearTimeout(atLeast.current);
    idle.current = atLeast.current = null;
    if (paused.current) return false;
    while (running.current) await running.current.catch(() => undefined);
    if (paused.current) return false;
    const p = saveOnce();
    running.current = p;
    try {
      await p;
    } catch {
      return false;
    } finally {
      running.current = null;
    }
    if (paused.current) return false;
    if (!sameContent(contentRef.current, savedRef.current)) return flush();
    return true;
  }, [saveOnce]);

  const schedule = useCallback(() => {
    if (paused.current) return;
    if (idle.current) clearTimeout(idle.current);
    idle.current = setTimeout(() => void flush(), SAVE_AFTER_MS);
    atLeast.current ??= setTimeout(() => void flush(), SAVE_AT_LEAST_MS);
  }, [flush]);

  const change = useCallback(
    (next: Partial<DraftContent>) => {
      const c = { ...contentRef.current, ...next };
      contentRef.current = c;
      setContent(c);
      keepCopy(c);
      setState((s) => (s.kind === 'saving' || s.kind === 'offline' || s.kind === 'conflict' || s.kind === 'refused' ? s : { kind: 'pending' }));
      schedule();
    },
    [keepCopy, schedule],
  );

  /** The writer's choice after a conflict: keep this text (saved over the newer one) or take the server's. */
  const resolve = useCallback(
    (keep: 'local' | 'server') => {
      if (state.kind !== 'conflict') return;
      paused.current = false;
      if (keep === 'server') {
        const server = contentOf(state.server);
        contentRef.current = server;
        savedRef.current = server;
        setContent(server);
        draftCopies().drop(personId, workId);
        setState(state.server ? { kind: 'saved', at: state.server.savedAt } : { kind: 'clean' });
      } else {
        contentRef.current = state.local;
        setContent(state.local);
        keepCopy(state.local);
        if (state.server) revisionRef.current = state.server.revision;
        savedRef.current = contentOf(state.server);
        setState({ kind: 'pending' });
        void flush();
      }
    },
    [state, personId, workId, keepCopy, flush],
  );

  /** Hands the work in (addWork) with the text as it is now; the device's copy goes once accepted. */
  const submit = useCallback(async (): Promise<W.MySubmission> => {
    clearTimers();
    while (running.current) await running.current.catch(() => undefined);
    const c = contentRef.current;
    paused.current = true;
    try {
      const sub = await call(work.addWork, {
        body: { workId, revision: revisionRef.current, text: c.text, ...(c.practice ? { practice: c.practice } : {}), attachmentIds: c.files.map((f) => f.id) },
      });
      draftCopies().drop(personId, workId);
      savedRef.current = c;
      void client.invalidateQueries({ queryKey: callKey(work.findWorkByPage) });
      void client.invalidateQueries({ queryKey: callKey(work.findWorkById) });
      void client.invalidateQueries({ queryKey: callKey(work.findWorkVersions) });
      return sub;
    } catch (err) {
      if (err instanceof CallError && err.kind === 'business' && err.message === W.WORK_MSG.stale) await toConflict();
      else paused.current = false;
      throw err;
    }
  }, [client, personId, workId, toConflict]);

  // A copy restored from the device is sent at once; saving resumes when the network returns.
  useEffect(() => {
    alive.current = true;
    if (start.restored) void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    // Leaving the page: whatever is typed is already on the device; try to send it too.
    const hide = () => {
      if (document.visibilityState === 'hidden' && !sameContent(contentRef.current, savedRef.current)) void flush();
    };
    document.addEventListener('visibilitychange', hide);
    return () => {
      alive.current = false;
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', hide);
      if (!paused.current && !sameContent(contentRef.current, savedRef.current)) void flush();
      clearTimers();
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

    /** Deletes a draft never handed in (deleteWork, which also drops its uploaded files), and its device copy. */
  const discard = useCallback(async (): Promise<void> => {
    clearTimers();
    paused.current = true;
    while (running.current) await running.current.catch(() => undefined);
    try {
      if (revisionRef.current > 0) await call(work.deleteWork, { body: { workId } });
      draftCopies().drop(personId, workId);
      savedRef.current = contentRef.current;
      void client.invalidateQueries({ queryKey: callKey(work.findWorkByPage) });
      void client.invalidateQueries({ queryKey: callKey(work.findWorkById) });
    } catch (err) {
      paused.current = false;
      throw err;
    }
  }, [client, personId, workId]);

  /** The content as it is now (for a change made after an await, such as an upload's end). */
  const latest = useCallback(() => contentRef.current, []);

  return { content, state, restored: start.restored, change, flush, submit, resolve, latest, discard };
}
