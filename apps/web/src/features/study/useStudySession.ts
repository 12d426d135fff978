/**
 * A study session on one resource (PRODUCT.md section 5): opens it (findStudyResourceTime), counts
 * played time by the wall clock only while the media plays, the page is visible, the learner is not
 * idle and this page is the one that counts; reports every reportIntervalSeconds and on pause,
 * chapter change, page hide and unload through the device queue; pauses after the idle period and
 * asks whether the learner is still there; stops when another page or device took over.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { learning as learningTypes } from '@portal/contract';
import { learning } from '@portal/contract/refs';
import { call, refusalMessage } from '../../api/client.ts';
import { PlayClock } from './playClock.ts';
import { reportSender } from './sender.ts';

type StudySession = learningTypes.StudySession;
type ResourceProgress = learningTypes.ResourceProgress;
type ReportEvent = (typeof learning.REPORT_EVENTS)[number];

export interface StudySessionOptions {
  resourceId: number;
  /** The current position to report (seconds of media, or the PDF page). */
  position: () => number;
  /** Pause the media (idle, or another page took over). */
  pauseMedia?: () => void;
}

export interface StudySessionState {
  session: StudySession | null;
  loading: boolean;
  error: string | null;
  progress: ResourceProgress | null;
  /**
   * Seconds this page has played that the server has not answered yet (counted by the clock, or
   * waiting in the device queue): the panel counts up with them between reports, and each answer
   * replaces them with the server's figure.
   */
  unconfirmedSeconds: number;
  /** False once another page or device of mine counts instead of this one. */
  active: boolean;
  /** Time is being counted right now. */
  counting: boolean;
  idle: boolean;
  /** The server refused a position beyond the furthest point reached. */
  seekRefusedAt: number | null;
  /** Reports waiting on this device for the network. */
  pending: number;
  offline: boolean;
  setMediaPlaying: (playing: boolean) => void;
  report: (event: ReportEvent) => void;
  /** "继续学习" after the idle pause. */
  resume: () => void;
  /** Opens a new session here (this page counts again; the other one stops). */
  reopen: () => void;
}

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

function usePendingReports() {
  const sender = reportSender();
  const pending = useSyncExternalStore(
    (l) => sender.onQueueChange(l),
    () => sender.pending,
    () => 0,
  );
  const failing = useSyncExternalStore(
    (l) => sender.onQueueChange(l),
    () => sender.failing,
    () => false,
  );
  return { pending, failing };
}

export function useStudySession({ resourceId, position, pauseMedia }: StudySessionOptions): StudySessionState {
  const [session, setSession] = useState<StudySession | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<ResourceProgress | null>(null);
  const [active, setActive] = useState(true);
  const [counting, setCounting] = useState(false);
  const [idle, setIdle] = useState(false);
  const [seekRefusedAt, setSeekRefusedAt] = useState<number | null>(null);
  const [generation, setGeneration] = useState(0);
  const [unconfirmedSeconds, setUnconfirmedSeconds] = useState(0);
  const { pending, failing } = usePendingReports();

  const clock = useRef(new PlayClock());
  const sessionRef = useRef<StudySession | null>(null);
  const flags = useRef({ playing: false, visible: typeof document === 'undefined' || document.visibilityState === 'visible', active: true, idle: false });
  const positionRef = useRef(position);
  const pauseRef = useRef(pauseMedia);
  const lastActivity = useRef(Date.now());
  useEffect(() => {
    positionRef.current = position;
    pauseRef.current = pauseMedia;
  });

  const sync = useCallback(() => {
    const f = flags.current;
    const run = sessionRef.current !== null && f.playing && f.visible && f.active && !f.idle;
    clock.current.set(run);
    setCounting(run);
  }, []);

  const report = useCallback((event: ReportEvent) => {
    const s = sessionRef.current;
    if (!s) return;
    const raw = Number(positionRef.current());
    // Whole seconds: the server stores positions as integers (a fractional one is answered with HTTP 500).
    const pos = Number.isFinite(raw) ? Math.min(86_400, Math.max(0, Math.floor(raw))) : 0;
    void reportSender().submit({
      reportId: crypto.randomUUID(),
      sessionId: s.sessionId,
      position: pos,
      playedSeconds: clock.current.take(),
      clientTime: new Date().toISOString(),
      event,
    });
  }, []);

  // Open the session; leaving the chapter (or the page) reports what was counted.
  useEffect(() => {
    let cancelled = false;
    const c = clock.current;
    const f = flags.current;
    setLoading(true);
    setError(null);
    clock.current.stop();
    clock.current.reset();
    flags.current.active = true;
    flags.current.idle = false;
    setActive(true);
    setIdle(false);
    void reportSender().flush();
    call(learning.findStudyResourceTime, { query: { resourceId } }).then(
      (s) => {
        if (cancelled) return;
        sessionRef.current = s;
        setSession(s);
        setProgress(s.progress);
        setLoading(false);
        lastActivity.current = Date.now();
        sync();
      },
      (err: unknown) => {
        if (cancelled) return;
        setError(refusalMessage(err) ?? '学习记录加载失败，请稍后重试');
        setLoading(false);
      },
    );
    return () => {
      cancelled = true;
      if (sessionRef.current) {
        c.stop();
        report('chapter');
      }
      sessionRef.current = null;
      f.playing = false;
      c.set(false);
    };
  }, [resourceId, generation, report, sync]);

  // Answers to reports: progress, seek refusals, another page taking over.
  useEffect(() => {
    return reportSender().onResult((result, sent) => {
      const s = sessionRef.current;
      if (!s || result.progress.resourceId !== s.resource.id) return;
      setProgress((p) => (p && p.learnedSeconds > result.progress.learnedSeconds ? p : result.progress));
      if (sent.sessionId !== s.sessionId) return;
      if (result.seekRefused) setSeekRefusedAt(Date.now());
      if (!result.active && flags.current.active) {
        flags.current.active = false;
        setActive(false);
        sync();
        pauseRef.current?.();
      }
    });
  }, [sync]);

  // What has been played here and not answered yet, looked at every second and whenever the queue moves.
  useEffect(() => {
    if (!session) return;
    const sender = reportSender();
    const look = () => setUnconfirmedSeconds(Math.floor(clock.current.pendingMilliseconds() / 1000) + sender.waitingSecondsOf(session.sessionId));
    look();
    const timer = window.setInterval(look, 1000);
    const off = sender.onQueueChange(look);
    return () => {
      window.clearInterval(timer);
      off();
    };
  }, [session]);

  // The regular report while counting.
  const interval = (session?.reportIntervalSeconds ?? learning.PROGRESS_REPORT_INTERVAL_SECONDS) * 1000;
  useEffect(() => {
    if (!session) return;
    const timer = window.setInterval(() => {
      if (clock.current.running || clock.current.pendingMilliseconds() >= 1000) report('tick');
    }, interval);
    return () => window.clearInterval(timer);
  }, [session, interval, report]);

  // Page visibility and unload.
  useEffect(() => {
    const onVisibility = () => {
      const visible = document.visibilityState === 'visible';
      flags.current.visible = visible;
      sync();
      if (!visible) report('hide');
    };
    const onPageHide = () => {
      clock.current.stop();
      report('unload');
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [report, sync]);

  // Idle: no interaction for idleMinutes pauses and asks.
  const idleMs = (session?.idleMinutes ?? learning.DEFAULT_IDLE_MINUTES) * 60_000;
  useEffect(() => {
    if (!session) return;
    const touch = () => {
      lastActivity.current = Date.now();
    };
    ACTIVITY_EVENTS.forEach((e) => window.addEventListener(e, touch, { passive: true }));
    const timer = window.setInterval(() => {
      if (flags.current.idle || !flags.current.playing) return;
      if (Date.now() - lastActivity.current < idleMs) return;
      flags.current.idle = true;
      setIdle(true);
      sync();
      report('pause');
      pauseRef.current?.();
    }, 1000);
    return () => {
      ACTIVITY_EVENTS.forEach((e) => window.removeEventListener(e, touch));
      window.clearInterval(timer);
    };
  }, [session, idleMs, report, sync]);

  const setMediaPlaying = useCallback(
    (playing: boolean) => {
      if (playing) lastActivity.current = Date.now();
      flags.current.playing = playing;
      sync();
    },
    [sync],
  );

  const resume = useCallback(() => {
    lastActivity.current = Date.now();
    flags.current.idle = false;
    setIdle(false);
    sync();
  }, [sync]);

  const reopen = useCallback(() => setGeneration((g) => g + 1), []);

  return {
    session,
    loading,
    error,
    progress,
    unconfirmedSeconds,
    active,
    counting,
    idle,
    seekRefusedAt,
    pending,
    offline: failing,
    setMediaPlaying,
    report,
    resume,
    reopen,
  };
}
