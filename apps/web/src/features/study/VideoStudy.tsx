/**
 * A video chapter: the HTML5 player resuming at my last position, or at a moment the address asks
 * for (`startAt`, a note's position); seeking forward past the furthest point watched is snapped back
 * on a chapter not yet completed, and so is the address's moment (clamped to that point): where
 * playback starts never credits anything, the server counts played time only.
 */
import { useEffect, useRef, useState } from 'react';
import { Notice, StudyWait } from './plain.tsx';
import type { AnchorBridge } from '../notes/anchor.ts';
import { StudyPanel } from './StudyPanel.tsx';
import { useStudySession } from './useStudySession.ts';
import { HlsVideo } from './HlsVideo.tsx';
import { Player, type Quality } from './Player.tsx';
import { useSeekLimit } from './useSeekLimit.tsx';

/** `poster`: the course's cover, shown in the player until the learner plays. */
export function VideoStudy({ resourceId, title, onEnded, bridge, startAt = null, poster }: { resourceId: number; title: string; onEnded?: () => void; bridge?: AnchorBridge; startAt?: number | null; poster?: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const study = useStudySession({
    resourceId,
    position: () => videoRef.current?.currentTime ?? 0,
    pauseMedia: () => videoRef.current?.pause(),
  });
  const { session } = study;
  const seekLimit = useSeekLimit(videoRef, study);
  const { furthest, lastGood } = seekLimit;
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

  /** Where playback starts is chosen once: a new source of the same video (清晰度) keeps its own moment. */
  const started = useRef(false);
  const onLoadedMetadata = () => {
    const v = videoRef.current;
    if (!v || !session || started.current) return;
    started.current = true;
    furthest.current = Math.max(furthest.current, session.progress.maxPosition);
    const fromAddress = startAt === null ? null : session.progress.completedAt ? startAt : Math.min(startAt, furthest.current);
    const resumeAt = seekOnLoad.current ?? fromAddress ?? session.progress.lastPosition;
    seekOnLoad.current = null;
    if (resumeAt > 0 && (!Number.isFinite(v.duration) || resumeAt < v.duration - 1)) {
      lastGood.current = resumeAt;
      v.currentTime = resumeAt;
    }
  };

  if (study.loading) return <StudyWait kind="video" poster={poster} />;
  if (study.error || !session) return <Notice type="error" title={study.error ?? '无法开始学习'} />;
  if (!session.resource.mediaUrl) return <Notice type="warning" title="本章节暂无视频" />;

  const handlers: React.VideoHTMLAttributes<HTMLVideoElement> = {
    onLoadedMetadata,
    ...seekLimit.handlers,
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
        <Player videoRef={videoRef} label={title} limit={seekLimit.allowed} onRefused={seekLimit.refused} quality={quality}>
          {/\.m3u8(\?|$)/.test(session.resource.mediaUrl) ? (
            // A lecture transcoded by the media library: its master playlist, renditions chosen by the player.
            <HlsVideo key={session.resource.mediaUrl} src={session.resource.mediaUrl} vod label={`视频：${title}`} videoRef={videoRef} failedText="视频加载失败，请刷新页面重试" handlers={{ preload: 'metadata', poster, ...handlers }} ownControls onQuality={setQuality} />
          ) : (
            <video ref={videoRef} className="study-video" src={session.resource.mediaUrl} playsInline preload="metadata" poster={poster} aria-label={`视频：${title}`} {...handlers} />
          )}
        </Player>
        {seekLimit.notice}
      </div>
      <StudyPanel study={study} onResume={() => void videoRef.current?.play().catch(() => undefined)} />
    </div>
  );
}
