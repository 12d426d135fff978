/**
 * The course video's own controls: every control named in Chinese, reached by Tab and
 * worked by the keyboard, its state announced — 播放/暂停, 静音 (pressed or not), 音量 and 进度 as
 * sliders with their value in words (已播放 3分20秒，共 45分), 倍速, 清晰度 (when hls.js plays the
 * renditions), 全屏 (pressed or not). The browser's own controls are not used: their names follow the
 * browser's language and their seek bar would ignore the rule below.
 *
 * The progress slider keeps PRODUCT.md's rule for a chapter not yet completed: it never goes past the
 * furthest point watched (`limit`), by arrows, Page Up/Down, End or a drag alike; a refused move lands
 * on that point and `onRefused` says so. The page's own seeking guard stays behind it (VideoStudy).
 *
 * A live stream has no moment to move to and no speed: `liveSeconds` puts 直播中 and the time since the
 * lesson began where the progress and 倍速 are. The same controls play a replay (held like a chapter)
 * and the media library's preview (free).
 *
 * Drawn without antd (the study page's first view, ADR 0026).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './player.css';

/** The renditions hls.js offers, and the choice among them (-1: 自动). */
export interface Quality {
  heights: number[];
  current: number;
  choose: (level: number) => void;
}

/** Small drawings for the buttons (their names are in aria-label; a font's emoji may be missing). */
const ICON: Record<'play' | 'pause' | 'sound' | 'muted' | 'full', ReactNode> = {
  play: <path d="M8 5v14l11-7z" />,
  pause: <path d="M7 5h4v14H7zm6 0h4v14h-4z" />,
  sound: <path d="M4 9v6h4l5 4V5L8 9zm11.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4zM13 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z" />,
  muted: <path d="M4 9v6h4l5 4V5L8 9zm12.6 3 2.7-2.7-1.4-1.4-2.7 2.7-2.7-2.7-1.4 1.4 2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4z" />,
  full: <path d="M4 4h6v2H6v4H4zm10 0h6v6h-2V6h-4zM4 14h2v4h4v2H4zm14 0h2v6h-6v-2h4z" />,
};
const icon = (name: keyof typeof ICON) => (
  <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false">
    {ICON[name]}
  </svg>
);

const RATES = [0.75, 1, 1.25, 1.5, 2] as const;
/** Arrow keys move the progress by this much, Page Up / Down by the larger step. */
const STEP_SECONDS = 5;
const PAGE_SECONDS = 30;
const VOLUME_STEP = 0.1;

/** 200 → 3分20秒, 2700 → 45分, 3725 → 1小时2分5秒. */
export function spokenDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  const parts = [h ? `${h}小时` : '', m ? `${m}分` : '', r ? `${r}秒` : ''].join('');
  return parts || '0秒';
}
/** 200 → 03:20, 3725 → 1:02:05. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  return h ? `${h}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}` : `${two(Math.floor(s / 60))}:${two(s % 60)}`;
}

interface State {
  paused: boolean;
  muted: boolean;
  volume: number;
  time: number;
  duration: number;
  rate: number;
}

const stateOf = (v: HTMLVideoElement): State => ({
  paused: v.paused,
  muted: v.muted,
  volume: v.volume,
  time: v.currentTime,
  duration: Number.isFinite(v.duration) ? v.duration : 0,
  rate: v.playbackRate,
});

export function Player({
  videoRef,
  children,
  limit,
  onRefused,
  quality,
  label,
  liveSeconds,
}: {
  videoRef: React.RefObject<HTMLVideoElement | null>;
  /** The <video> element, without the browser's controls. */
  children: ReactNode;
  /** The furthest point the progress may be moved to (seconds); Infinity when free. */
  limit?: () => number;
  onRefused?: () => void;
  quality?: Quality | null;
  /** The video's name, for the group of controls. */
  label: string;
  /** A live stream: seconds since the lesson began, shown with 直播中 instead of the progress and 倍速. */
  liveSeconds?: number;
}) {
  const live = liveSeconds !== undefined;
  const box = useRef<HTMLDivElement>(null);
  const [s, setS] = useState<State>({ paused: true, muted: false, volume: 1, time: 0, duration: 0, rate: 1 });
  const [full, setFull] = useState(false);

  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    const update = () => setS(stateOf(v));
    const events = ['play', 'pause', 'timeupdate', 'durationchange', 'loadedmetadata', 'volumechange', 'ratechange', 'seeked', 'ended'];
    for (const e of events) v.addEventListener(e, update);
    update();
    return () => {
      for (const e of events) v.removeEventListener(e, update);
    };
  }, [videoRef]);

  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement === box.current && box.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const video = () => videoRef.current;
  const togglePlay = () => {
    const v = video();
    if (!v) return;
    if (v.paused || v.ended) void v.play().catch(() => undefined);
    else v.pause();
  };
  /** Moves the progress to `to`, held to [0, duration] and to the furthest point allowed. */
  const seek = (to: number) => {
    const v = video();
    if (!v) return;
    const end = Number.isFinite(v.duration) ? v.duration : to;
    let target = Math.min(Math.max(0, to), end);
    const most = limit?.() ?? Number.POSITIVE_INFINITY;
    if (target > most) {
      target = Math.max(v.currentTime, Math.min(most, end));
      onRefused?.();
    }
    v.currentTime = target;
    setS(stateOf(v));
  };
  const setVolume = (volume: number) => {
    const v = video();
    if (!v) return;
    v.volume = Math.min(1, Math.max(0, Math.round(volume * 100) / 100));
    v.muted = v.volume === 0;
  };
  const toggleFull = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void box.current?.requestFullscreen().catch(() => undefined);
  };

  const onProgressKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const t = video()?.currentTime ?? 0;
    const moves: Record<string, number> = {
      ArrowRight: t + STEP_SECONDS,
      ArrowUp: t + STEP_SECONDS,
      ArrowLeft: t - STEP_SECONDS,
      ArrowDown: t - STEP_SECONDS,
      PageUp: t + PAGE_SECONDS,
      PageDown: t - PAGE_SECONDS,
      Home: 0,
      End: s.duration,
    };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    seek(to);
  };
  const onVolumeKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const now = video()?.muted ? 0 : (video()?.volume ?? 1);
    const moves: Record<string, number> = { ArrowRight: now + VOLUME_STEP, ArrowUp: now + VOLUME_STEP, ArrowLeft: now - VOLUME_STEP, ArrowDown: now - VOLUME_STEP, Home: 0, End: 1 };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    setVolume(to);
  };

  const volumeShown = s.muted ? 0 : s.volume;
  const played = `已播放 ${spokenDuration(s.time)}，共 ${spokenDuration(s.duration)}`;
  return (
    <div className={full ? 'player player-full' : 'player'} ref={box}>
      {/* A click on the picture plays or pauses; the keyboard has the button below for it. */}
      <div className="player-screen" onClick={togglePlay}>
        {children}
      </div>
      <div className="player-bar" role="group" aria-label={`播放控制：${label}`}>
        <button type="button" className="player-button player-play" aria-label={s.paused ? '播放' : '暂停'} onClick={togglePlay}>
          {icon(s.paused ? 'play' : 'pause')}
        </button>
        {live ? (
          <span className="player-live">
            <span className="player-live-badge">直播中</span>
            <span className="player-time">
              <span aria-hidden="true">{clock(liveSeconds)}</span>
              <span className="visually-hidden">已开播 {spokenDuration(liveSeconds)}</span>
            </span>
          </span>
        ) : (
          <>
            <input
              type="range"
              className="player-progress"
              aria-label="进度"
              aria-valuetext={played}
              min={0}
              max={Math.max(1, Math.floor(s.duration))}
              step={1}
              value={Math.floor(s.time)}
              onKeyDown={onProgressKey}
              onChange={(e) => seek(Number(e.target.value))}
            />
            <span className="player-time" aria-hidden="true">
              {clock(s.time)} / {clock(s.duration)}
            </span>
          </>
        )}
        <button type="button" className="player-button" aria-label="静音" aria-pressed={s.muted} onClick={() => video() && (video()!.muted = !video()!.muted)}>
          {icon(s.muted ? 'muted' : 'sound')}
        </button>
        <input
          type="range"
          className="player-volume"
          aria-label="音量"
          aria-valuetext={`音量 ${Math.round(volumeShown * 100)}%`}
          min={0}
          max={100}
          step={10}
          value={Math.round(volumeShown * 100)}
          onKeyDown={onVolumeKey}
          onChange={(e) => setVolume(Number(e.target.value) / 100)}
        />
        {live ? null : (
          <label className="player-choice">
            <span className="player-choice-name">倍速</span>
            <select
              aria-label="倍速"
              value={String(s.rate)}
              onChange={(e) => {
                const v = video();
                if (v) v.playbackRate = Number(e.target.value);
              }}
            >
              {RATES.map((r) => (
                <option key={r} value={String(r)}>
                  {r}x
                </option>
              ))}
            </select>
          </label>
        )}
        {quality && quality.heights.length > 1 ? (
          <label className="player-choice">
            <span className="player-choice-name">清晰度</span>
            <select aria-label="清晰度" value={String(quality.current)} onChange={(e) => quality.choose(Number(e.target.value))}>
              <option value="-1">自动</option>
              {quality.heights.map((h, i) => (
                <option key={h} value={String(i)}>
                  {h}p
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="button" className="player-button" aria-label="全屏" aria-pressed={full} onClick={toggleFull}>
          {icon('full')}
        </button>
      </div>
    </div>
  );
}
