/**
 * The study pages' first view without antd (ADR "the study pages' first view"): a tag, a notice, a
 * progress bar and a button drawn as plain HTML in antd's look (study.css), so that the player, the
 * study panel and the chapters paint without waiting for antd's chunks and its style generation.
 * Rare states (an empty course, a failed load) and the parts below the first view (notes, comments,
 * the idle prompt) still use antd, loaded when they are shown.
 */
import type { ButtonHTMLAttributes, ComponentType, ReactNode } from 'react';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { lazyAntd } from '../../app/lazyAntd.tsx';
import './study.css';

export function Tag({ color, className, children }: { color?: 'success' | 'processing'; className?: string; children: ReactNode }) {
  return <span className={['st-tag', color ? `st-tag-${color}` : '', className ?? ''].filter(Boolean).join(' ')}>{children}</span>;
}

type NoticeType = 'success' | 'info' | 'warning' | 'error';
const NOTICE_ICONS: Record<NoticeType, ReactNode> = {
  success: <CheckCircleFilled />,
  info: <InfoCircleFilled />,
  warning: <ExclamationCircleFilled />,
  error: <CloseCircleFilled />,
};

/** antd's Alert with its icon: a title, an optional description and an action on the right. */
export function Notice({
  type,
  title,
  description,
  action,
  role,
  className,
}: {
  type: NoticeType;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  role?: 'alert' | 'status';
  className?: string;
}) {
  const withDescription = description !== undefined && description !== null;
  return (
    <div role={role ?? (type === 'error' || type === 'warning' ? 'alert' : undefined)} className={['st-alert', `st-alert-${type}`, withDescription ? 'st-alert-with-description' : '', className ?? ''].filter(Boolean).join(' ')}>
      <span className="st-alert-icon" aria-hidden="true">
        {NOTICE_ICONS[type]}
      </span>
      <div className="st-alert-content">
        <div className="st-alert-title">{title}</div>
        {withDescription ? <div className="st-alert-description">{description}</div> : null}
      </div>
      {action ? <div className="st-alert-action">{action}</div> : null}
    </div>
  );
}

/** antd's small line Progress: a bar and its percentage (a check when complete). */
export function Bar({ percent, label }: { percent: number; label: string }) {
  const p = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className={p >= 100 ? 'st-progress st-progress-done' : 'st-progress'} role="progressbar" aria-label={label} aria-valuenow={p} aria-valuemin={0} aria-valuemax={100}>
      <div className="st-progress-track">
        <div className="st-progress-fill" style={{ width: `${p}%` }} />
      </div>
      <span className="st-progress-text">{p >= 100 ? <CheckCircleFilled /> : `${p}%`}</span>
    </div>
  );
}

/** antd's default (or primary) Button. */
export function PlainButton({ primary, small, className, type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { primary?: boolean; small?: boolean }) {
  return <button type={type} className={['st-btn', primary ? 'st-btn-primary' : '', small ? 'st-btn-sm' : '', className ?? ''].filter(Boolean).join(' ')} {...rest} />;
}

/** A spinner and its words while the page's answers load (ListState's Loading, without antd's Spin). */
export function StudyLoading({ label = '正在加载' }: { label?: string }) {
  return (
    <div className="lc-loading" role="status" aria-live="polite">
      <span className="st-spin" aria-hidden="true" />
      <span className="lc-loading-text">{label}…</span>
    </div>
  );
}

/**
 * The player's (or reader's) place while the chapter's study session opens, and while the page shows its
 * public part (app/preview.ts): the reader's line; the player's box (the picture and its control bar,
 * a live lesson's with its state line's place) with the course's cover where the picture will be, the
 * picture the player then shows until the learner plays. Drawn at the picture's size by the player's own
 * element kind (a picture-only <video>), so that the player's picture replacing it is not a larger paint.
 */
export function StudyWait({ kind, poster }: { kind: 'video' | 'pdf' | 'live'; poster?: string }) {
  if (kind === 'pdf') return <p className="study-wait">正在进入学习…</p>;
  return (
    <div className="study-main">
      <div className="study-media">
        {kind === 'live' ? (
          <p className="live-state" aria-hidden="true">
            {'\u00a0'}
          </p>
        ) : null}
        <div className="study-video-wait">
          {poster ? <video className="study-video-wait-picture" poster={poster} preload="none" muted playsInline aria-hidden="true" tabIndex={-1} /> : null}
          <span className="study-video-wait-text">{kind === 'live' ? '正在进入直播…' : '正在进入学习…'}</span>
        </div>
      </div>
    </div>
  );
}

/** antd's Empty, loaded when an empty state is shown (rare on these pages). */
export const LazyEmpty = lazyAntd(() => import('./rare.tsx'));
/** ListState's LoadError (antd's Result), loaded when a load fails. */
type LoadErrorProps = { error: unknown; retry: () => void };
export const LazyLoadError = lazyAntd<LoadErrorProps>(() => import('../learning/ListState.tsx').then((m): { default: ComponentType<LoadErrorProps> } => ({ default: m.LoadError })));
