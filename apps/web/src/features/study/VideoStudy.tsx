/**
 * A video chapter: the HTML5 player resuming at my last position, or at a moment the address asks
 * for (`startAt`, a note's position); seeking forward past the furthest point watched is snapped back
 * on a chapter not yet completed, and so is the address's moment (clamped to that point): where
 * playback starts never credits anything, the server counts played time only.
 */
import { useEffect, useRef, useState } from 'react';
import { Notice } from './plain.tsx';
import type { AnchorBridge } from '../notes/anchor.ts';
import { StudyPanel } from './StudyPanel.tsx';
import { useStudySession } from './useStudySession.ts';
import { HlsVideo } from './HlsVideo.tsx';
import { Player, type Quality } from './Player.tsx';

export const SEEK_REFUSED_TEXT = '未完成学习的章节不能拖动到未观看的部分';
/** Slack for timeupdate granularity when telling natural playback from a jump. */
const SEEK_SLACK_SECONDS = 2;

export function VideoStudy({ resourceId, title, onEnded, bridge, startAt = null }: { resourceId: number; title: string; onEnded?: () => void; bridge?: AnchorBridge; startAt?: number | null }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const study = useStudySession({
    resourceId,
    position: () => videoRef.current?.currentTime ?? 0,
    pauseMedia: () => videoRef.current?.pause(),
  });
  const { session, progress } = study;
  const furthest = useRef(0);
  const lastGood = useRef(0);
  const completedRef = useRef(false);
  const [seekNotice, setSeekNotice] = useState(0);
  const [quality, setQuality] = useState<Quality | null>(null);
  /** A note's position asked for before the video could seek: taken instead of the resume position. */
  const seekOnLoad = useRef<number | null>(null);

  // The notes beside the player read its position (记笔记) and send it to a note's position.
  useEffect(
    () =>
      bridge?.attach({
        resourceId,
        position: () => Math.floor(videoRef.current?.currentTime ?? 0),
        go: (at) => {
          const v = videoRef.current;
          if (v && v.readyState >= HTMLMediaElement.HAVE_METADATA) v.currentTime = at;
          else seekOnLoad.current = at;
        },
      }),
    [bridge, resourceId],
  );

  useEffect(() => {
    completedRef.current = progress?.completedAt != null;
    if (progress) furthest.current = Math.max(furthest.current, progress.maxPosition);
  }, [progress]);

  useEffect(() => {
    if (study.seekRefusedAt) setSeekNotice(study.seekRefusedAt);
  }, [study.seekRefusedAt]);

  useEffect(() => {
    if (!seekNotice) return;
    const t = window.setTimeout(() => setSeekNotice(0), 5000);
    return () => window.clearTimeout(t);
  }, [seekNotice]);

  const allowed = () => (completedRef.current ? Number.POSITIVE_INFINITY : furthest.current + SEEK_SLACK_SECONDS);

  const onLoadedMetadata = () => {
    const v = videoRef.current;
    if (!v || !session) return;
    furthest.current = Math.max(furthest.current, session.progress.maxPosition);
    const fromAddress = startAt === null ? null : session.progress.completedAt ? startAt : Math.min(startAt, furthest.current);
    const resumeAt = seekOnLoad.current ?? fromAddress ?? session.progress.lastPosition;
    seekOnLoad.current = null;
    if (resumeAt > 0 && (!Number.isFinite(v.duration) || resumeAt < v.duration - 1)) {
      lastGood.current = resumeAt;
      v.currentTime = resumeAt;
    }
  };

  const onTimeUpdate = () => {
    const v = videoRef.current;
    if (!v || v.seeking) return;
    const t = v.currentTime;
    if (t <= allowed()) {
      lastGood.current = t;
      if (!v.paused) furthest.current = Math.max(furthest.current, t);
    }
  };

  const onSeeking = () => {
    const v = videoRef.current;
    if (!v) return;
    if (v.currentTime > allowed()) {
      v.currentTime = Math.min(lastGood.current, furthest.current);
      setSeekNotice(Date.now());
    }
  };

  if (study.loading) {
    return (
      <div className="study-main">
        <div className="study-media">
          <p className="study-video study-video-wait">正在进入学习…</p>
        </div>
      </div>
    );
  }
  if (study.error || !session) return <Notice type="error" title={study.error ?? '无法开始学习'} />;
  if (!session.resource.mediaUrl) return <Notice type="warning" title="本章节暂无视频" />;

  const handlers: React.VideoHTMLAttributes<HTMLVideoElement> = {
    onLoadedMetadata,
    onTimeUpdate,
    onSeeking,
    onPlaying: () => study.setMediaPlaying(true),
    onSeeked: () => {
      const v = videoRef.current;
      if (v && !v.paused && !v.ended) study.setMediaPlaying(true);
    },
    onWaiting: () => study.setMediaPlaying(false),
    onPause: () => {
      const v = videoRef.current;
      if (v?.ended) return;
      study.setMediaPlaying(false);
      study.report('pause');
    },
    onEnded: () => {
      study.setMediaPlaying(false);
      study.report('end');
      onEnded?.();
    },
  };
  return (
    <div className="study-main">
      <div className="study-media">
        {/* Our own controls (Player.tsx): named in Chinese, by keyboard, the progress held to the furthest point watched. */}
        <Player videoRef={videoRef} label={title} limit={allowed} onRefused={() => setSeekNotice(Date.now())} quality={quality}>
          {/\.m3u8(\?|$)/.test(session.resource.mediaUrl) ? (
            // A lecture transcoded by the media library: its master playlist, renditions chosen by the player.
            <HlsVideo key={session.resource.mediaUrl} src={session.resource.mediaUrl} vod label={`视频：${title}`} videoRef={videoRef} failedText="视频加载失败，请刷新页面重试" handlers={{ preload: 'metadata', ...handlers }} ownControls onQuality={setQuality} />
          ) : (
            <video ref={videoRef} className="study-video" src={session.resource.mediaUrl} playsInline preload="metadata" aria-label={`视频：${title}`} {...handlers} />
          )}
        </Player>
        {seekNotice ? (
          <Notice className="study-seek-notice" type="warning" role="alert" title={SEEK_REFUSED_TEXT} />
        ) : null}
      </div>
      <StudyPanel study={study} onResume={() => void videoRef.current?.play().catch(() => undefined)} />
    </div>
  );
}
