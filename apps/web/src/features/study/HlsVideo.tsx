/**
 * HLS playback for the study pages: a live lesson or its replay, and a course video transcoded into
 * renditions by the media library (its master playlist; hls.js picks the rendition the line allows).
 */
import { useEffect, useState } from 'react';
import { Notice } from './plain.tsx';
import type { Quality } from './Player.tsx';
import { renditionsOf } from './renditions.ts';

let hlsModule: Promise<typeof import('hls.js')> | null = null;
/** hls.js (a large chunk), requested once, only where the browser cannot play HLS itself. */
function loadHls() {
  hlsModule ??= import('hls.js').catch((err: unknown) => {
    hlsModule = null;
    throw err;
  });
  return hlsModule;
}

/** The browser plays HLS itself (Safari, Chromium since 2025): no hls.js to load, parse and run. */
const playsHlsNatively = () => typeof document !== 'undefined' && document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '';

/**
 * 清晰度 where the browser plays HLS itself: it chooses among the master playlist's renditions on its
 * own and offers no choice, so the renditions are read from the master (a small text the browser has
 * just fetched too) and a choice plays that rendition's playlist (自动: the master again) from where the
 * video stood: the moment, playing or paused, the speed (a new source resets it). The page's own
 * loadedmetadata handler runs before this one, which has the last word.
 */
async function nativeQuality(video: HTMLVideoElement, src: string, tell: (q: Quality) => void, signal: AbortSignal) {
  const master = new URL(src, window.location.href).href;
  const res = await fetch(master, { signal });
  if (!res.ok) return;
  const renditions = renditionsOf(await res.text(), master);
  if (renditions.length < 2 || signal.aborted) return;
  /** Where the video stood when the first of the choices still loading was made. */
  let resume: { at: number; playing: boolean; rate: number } | null = null;
  const restore = () => {
    if (!resume) return;
    video.currentTime = resume.at;
    video.playbackRate = resume.rate;
    if (resume.playing) void video.play().catch(() => undefined);
    resume = null;
  };
  video.addEventListener('loadedmetadata', restore);
  signal.addEventListener('abort', () => video.removeEventListener('loadedmetadata', restore));
  const offer = (current: number) =>
    tell({
      heights: renditions.map((r) => r.height),
      current,
      choose: (level) => {
        if (level === current) return;
        resume ??= { at: video.currentTime, playing: !video.paused && !video.ended, rate: video.playbackRate };
        video.src = level < 0 ? master : renditions[level]!.url;
        offer(level);
      },
    });
  offer(-1);
}

/** A replay always plays HLS: its page starts loading hls.js (only where the browser cannot play it itself) beside the page's own calls. */
export function preloadHls() {
  if (!playsHlsNatively()) void loadHls().catch(() => undefined);
}

/**
 * Plays an HLS playlist with hls.js where media source extensions exist, natively otherwise. A replay
 * (`vod`, a finished recording) plays natively wherever the browser can: its first frame then does not
 * wait for hls.js, some 140 KB of script to fetch and run; a live stream keeps hls.js, which follows
 * the live edge and recovers from stalls the same way in every browser.
 */
export function HlsVideo({
  src,
  label,
  vod,
  videoRef,
  handlers,
  failedText,
  ownControls = false,
  onQuality,
}: {
  src: string;
  label: string;
  vod: boolean;
  videoRef: React.RefObject<HTMLVideoElement | null>;
  handlers: React.VideoHTMLAttributes<HTMLVideoElement>;
  failedText: string;
  /** The page draws its own controls (Player.tsx) instead of the browser's. */
  ownControls?: boolean;
  /** The renditions of the master playlist and the choice among them (null: none to choose). */
  onQuality?: (quality: Quality | null) => void;
}) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const native = () => {
      video.src = src;
    };
    if (vod && playsHlsNatively()) {
      const onError = () => setFailed(true);
      video.addEventListener('error', onError);
      native();
      const reading = new AbortController();
      if (onQuality) void nativeQuality(video, src, onQuality, reading.signal).catch(() => undefined);
      return () => {
        reading.abort();
        onQuality?.(null);
        video.removeEventListener('error', onError);
        video.removeAttribute('src');
        video.load();
      };
    }
    let destroyed = false;
    let destroy: (() => void) | null = null;
    void loadHls().then(({ default: Hls }) => {
      if (destroyed) return;
      if (Hls.isSupported()) {
        const hls = new Hls({ enableWorker: true });
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (data.fatal) setFailed(true);
        });
        hls.loadSource(src);
        hls.attachMedia(video);
        const tell = () =>
          onQuality?.({
            heights: hls.levels.map((l) => l.height),
            // The level asked for (-1: 自动); currentLevel still names the old one until the switch is played.
            current: hls.manualLevel,
            choose: (level) => {
              hls.currentLevel = level;
              // hls.js empties the buffer and loads the chosen rendition, but the picture already decoded
              // plays on up to the next key frame (seconds); seeking to the same moment once the new
              // rendition is buffered shows it at once.
              const at = video.currentTime;
              hls.once(Hls.Events.FRAG_BUFFERED, () => {
                video.currentTime = Math.max(at, video.currentTime);
              });
              tell();
            },
          });
        hls.on(Hls.Events.MANIFEST_PARSED, tell);
        destroy = () => {
          onQuality?.(null);
          hls.destroy();
        };
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        native();
      } else {
        setFailed(true);
      }
    });
    return () => {
      destroyed = true;
      destroy?.();
    };
    // onQuality is the page's setter, fixed for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src, vod, videoRef]);
  return (
    <>
      <video ref={videoRef} className="study-video" controls={!ownControls} playsInline aria-label={label} {...handlers} />
      {failed ? <Notice type="error" title={failedText} /> : null}
    </>
  );
}
