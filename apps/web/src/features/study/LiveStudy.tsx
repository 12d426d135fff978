/**
 * A live lesson: a countdown before it starts, the HLS stream (hls.js, loaded only here) while it
 * is on; attendance counts like a video (playing and visible) but only while the lesson is on.
 * After the end the page links to the replay; `replay` (the /studylive1 page) plays it, counted by
 * the replay's rule in a session of its own.
 *
 * Both play in the portal's own controls (Player.tsx): the live stream with 直播中 and the time since the
 * lesson began instead of a progress bar and speed; the replay with the whole progress bar, held like a
 * video chapter's to the furthest point watched until the lesson is completed (the replay's rule).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../lib/format.ts';
import type { AnchorBridge } from '../notes/anchor.ts';
import { StudyPanel } from './StudyPanel.tsx';
import { useStudySession } from './useStudySession.ts';
import { Notice, PlainButton, StudyWait } from './plain.tsx';
import { HlsVideo } from './HlsVideo.tsx';
import { Player, type Quality } from './Player.tsx';
import { useSeekLimit } from './useSeekLimit.tsx';

export { preloadHls } from './HlsVideo.tsx';

type Phase = 'before' | 'live' | 'after';

function phaseAt(now: number, start: string | null, end: string | null): Phase {
  if (start && now < Date.parse(start)) return 'before';
  if (end && now > Date.parse(end)) return 'after';
  return 'live';
}

function countdownText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${d > 0 ? `${d}天` : ''}${h}小时${String(m).padStart(2, '0')}分${String(sec).padStart(2, '0')}秒`;
}

/** `poster`: the course's cover, shown in the player until the learner plays. */
export function LiveStudy({ resourceId, title, replay = false, courseId, bridge, poster }: { resourceId: number; title: string; replay?: boolean; courseId: number; bridge?: AnchorBridge; poster?: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  /** A note's moment asked for before the replay could seek: taken once its metadata is in. */
  const seekOnLoad = useRef<number | null>(null);
  // The notes beside the replay read its moment (记笔记) and send it to a note's moment; a live
  // stream has no moment to go back to, so only the replay takes part.
  useEffect(
    () =>
      replay
        ? bridge?.attach({
            resourceId,
            position: () => Math.floor(videoRef.current?.currentTime ?? 0),
            go: (at) => {
              const v = videoRef.current;
              if (v && v.readyState >= HTMLMediaElement.HAVE_METADATA) v.currentTime = at;
              else seekOnLoad.current = at;
            },
          })
        : undefined,
    [bridge, replay, resourceId],
  );
  const study = useStudySession({
    resourceId,
    position: () => videoRef.current?.currentTime ?? 0,
    pauseMedia: () => videoRef.current?.pause(),
  });
  const { session, reopen, setMediaPlaying } = study;
  const seekLimit = useSeekLimit(videoRef, study);
  const [quality, setQuality] = useState<Quality | null>(null);
  const navigate = useNavigate();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  // The lesson ended while this page attended it: attendance stops counting, and the replay page
  // opens a session of its own (the server counts a replay by the replay's rule).
  const attendanceOver = session?.creditUntil != null && now > Date.parse(session.creditUntil);
  useEffect(() => {
    if (!attendanceOver) return;
    if (replay) reopen();
    else setMediaPlaying(false);
  }, [attendanceOver, replay, reopen, setMediaPlaying]);

  if (study.loading) return <StudyWait kind="live" poster={poster} />;
  if (study.error || !session) return <Notice type="error" title={study.error ?? '无法进入直播'} />;
  const r = session.resource;
  const phase = phaseAt(now, r.liveStart, r.liveEnd);
  const src = replay ? r.replayUrl : r.streamUrl;
  const replayHref = `/studylive1?courseId=${courseId}&resourceId=${resourceId}`;

  let body: React.ReactNode;
  if (phase === 'before') {
    body = (
      <div className="live-countdown" role="timer" aria-live="off">
        <p>直播将于 {formatDateTime(r.liveStart ?? '')} 开始</p>
        <p className="live-countdown-value">距开始还有 {countdownText(Date.parse(r.liveStart ?? '') - now)}</p>
      </div>
    );
  } else if (replay && phase === 'live') {
    body = (
      <Notice
        type="info"
        title="直播正在进行，结束后可观看回放"
        action={
          <Link to={`/studylive?courseId=${courseId}&resourceId=${resourceId}`} className="st-btn st-btn-sm">
            进入直播
          </Link>
        }
      />
    );
  } else if (!replay && phase === 'after') {
    body = (
      <Notice
        type="info"
        title="本次直播已结束"
        description={r.replayUrl ? '直播期间的观看已计入学时；未看完的部分可以观看回放补足。' : '本次直播暂无回放。'}
        action={
          r.replayUrl ? (
            <PlainButton primary small onClick={() => void navigate(replayHref)}>
              观看回放
            </PlainButton>
          ) : null
        }
      />
    );
  } else if (!src) {
    body = <Notice type="warning" title={phase === 'after' ? '本次直播暂无回放' : '直播地址暂未提供'} />;
  } else {
    const label = `${phase === 'after' || replay ? '直播回放' : '直播'}：${title}`;
    const liveSeconds = replay ? undefined : Math.max(0, Math.floor((now - Date.parse(r.liveStart ?? '')) / 1000)) || 0;
    body = (
      <Player key={src} videoRef={videoRef} label={label} quality={quality} liveSeconds={liveSeconds} limit={replay ? seekLimit.allowed : undefined} onRefused={seekLimit.refused}>
        <HlsVideo
          src={src}
          vod={replay}
          label={label}
          videoRef={videoRef}
          failedText="直播流加载失败，请刷新页面重试"
          ownControls
          onQuality={setQuality}
          handlers={{
            poster,
            ...(replay ? seekLimit.handlers : {}),
            onLoadedMetadata: () => {
              const v = videoRef.current;
              if (v && seekOnLoad.current !== null) v.currentTime = seekOnLoad.current;
              seekOnLoad.current = null;
            },
            onPlaying: () => study.setMediaPlaying(true),
            onWaiting: () => study.setMediaPlaying(false),
            onPause: () => {
              if (videoRef.current?.ended) return;
              study.setMediaPlaying(false);
              study.report('pause');
            },
            onEnded: () => {
              study.setMediaPlaying(false);
              study.report('end');
            },
          }}
        />
      </Player>
    );
  }

  return (
    <div className="study-main">
      <div className="study-media">
        <p className="live-state">
          {phase === 'before' ? '未开始' : phase === 'live' ? (replay ? '直播中' : '正在直播') : '直播已结束 · 回放'}
          {r.liveStart && r.liveEnd ? `（${formatDateTime(r.liveStart).slice(5)} 至 ${formatDateTime(r.liveEnd).slice(5)}）` : ''}
        </p>
        {body}
        {replay ? seekLimit.notice : null}
      </div>
      <StudyPanel study={study} onResume={() => void videoRef.current?.play().catch(() => undefined)} />
    </div>
  );
}
