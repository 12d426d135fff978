/**
 * PRODUCT.md section 5 on the page, for a video chapter and a live lesson's replay alike: on a
 * resource not yet completed, seeking forward past the furthest point watched is snapped back and the
 * page says why (so does a refusal from the server). The player's progress slider asks `allowed`
 * before it moves; `handlers` catch any other seek (a note's moment, a script, a drag elsewhere).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Notice } from './plain.tsx';
import type { StudySessionState } from './useStudySession.ts';

export const SEEK_REFUSED_TEXT = '未完成学习的章节不能拖动到未观看的部分';
/** Slack for timeupdate granularity when telling natural playback from a jump. */
const SEEK_SLACK_SECONDS = 2;

export function useSeekLimit(videoRef: RefObject<HTMLVideoElement | null>, study: Pick<StudySessionState, 'progress' | 'seekRefusedAt'>) {
  const { progress, seekRefusedAt } = study;
  /** The furthest point watched (seconds). */
  const furthest = useRef(0);
  /** The last position reached without a refused jump: where a refused seek lands. */
  const lastGood = useRef(0);
  const completedRef = useRef(false);
  const [noticeAt, setNoticeAt] = useState(0);

  useEffect(() => {
    completedRef.current = progress?.completedAt != null;
    if (progress) furthest.current = Math.max(furthest.current, progress.maxPosition);
  }, [progress]);

  useEffect(() => {
    if (seekRefusedAt) setNoticeAt(seekRefusedAt);
  }, [seekRefusedAt]);

  useEffect(() => {
    if (!noticeAt) return;
    const t = window.setTimeout(() => setNoticeAt(0), 5000);
    return () => window.clearTimeout(t);
  }, [noticeAt]);

  /** The furthest point the progress may be moved to; Infinity once the resource is completed. */
  const allowed = () => (completedRef.current ? Number.POSITIVE_INFINITY : furthest.current + SEEK_SLACK_SECONDS);
  const refused = () => setNoticeAt(Date.now());

  const handlers = {
    onTimeUpdate: () => {
      const v = videoRef.current;
      if (!v || v.seeking) return;
      const t = v.currentTime;
      if (t <= allowed()) {
        lastGood.current = t;
        if (!v.paused) furthest.current = Math.max(furthest.current, t);
      }
    },
    onSeeking: () => {
      const v = videoRef.current;
      if (!v) return;
      if (v.currentTime > allowed()) {
        v.currentTime = Math.min(lastGood.current, furthest.current);
        refused();
      }
    },
  } satisfies React.VideoHTMLAttributes<HTMLVideoElement>;

  const notice = noticeAt ? <Notice className="study-seek-notice" type="warning" role="alert" title={SEEK_REFUSED_TEXT} /> : null;
  return { furthest, lastGood, allowed, refused, handlers, notice };
}
