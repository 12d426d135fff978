/** What the learner always sees beside the media: time credited, time still needed, the rule, and why counting stopped. */
import { Suspense, useEffect, useState } from 'react';
import { lazyAntd } from '../../app/lazyAntd.tsx';
import { markFirstViewShown } from './later.tsx';
import { Bar, Notice, PlainButton } from './plain.tsx';
import { formatDuration, percentOf } from '../learning/format.ts';
import { INACTIVE_TEXT } from './messages.ts';
import type { StudySessionState } from './useStudySession.ts';

// The idle prompt (antd's Modal) is loaded the first time it is needed.
const IdleModal = lazyAntd(() => import('./IdleModal.tsx'));

export function StudyPanel({ study, onResume }: { study: StudySessionState; onResume?: () => void }) {
  const { progress, session } = study;
  // Once shown, the prompt stays mounted, so that it closes as antd's modals do.
  const [idleShown, setIdleShown] = useState(false);
  if (study.idle && !idleShown) setIdleShown(true);
  useEffect(() => {
    if (progress && session) markFirstViewShown();
  }, [progress, session]);
  if (!progress || !session) return null;
  const done = progress.completedAt !== null;
  // Counts up while playing; the server's answer to each report corrects it (data-seconds is the server's figure).
  const shown = progress.learnedSeconds + (study.active && !done ? study.unconfirmedSeconds : 0);
  const learned = Math.min(shown, progress.requiredSeconds);
  const left = Math.max(0, progress.requiredSeconds - shown);
  return (
    <section className="study-panel" aria-label="学习计时">
      <h2 className="study-panel-title">学习计时</h2>
      <Bar percent={done ? 100 : percentOf(learned, progress.requiredSeconds)} label="本章节学习进度" />
      <dl className="study-figures">
        <div>
          <dt>已计时长</dt>
          <dd data-testid="study-credited" data-seconds={progress.learnedSeconds} data-shown-seconds={learned}>
            {formatDuration(learned)}
          </dd>
        </div>
        <div>
          <dt>还需时长</dt>
          <dd data-testid="study-left" data-seconds={Math.max(0, progress.requiredSeconds - progress.learnedSeconds)}>
            {done ? '已完成' : formatDuration(left)}
          </dd>
        </div>
        <div>
          <dt>计时状态</dt>
          <dd data-testid="study-counting">{!study.active ? '已停止' : study.counting ? '计时中' : '已暂停'}</dd>
        </div>
      </dl>
      {done ? <Notice type="success" title="本章节已完成" /> : null}
      {!study.active ? (
        <Notice
          type="warning"
          role="alert"
          title={INACTIVE_TEXT}
          action={
            <PlainButton small onClick={study.reopen}>
              在本页继续学习
            </PlainButton>
          }
        />
      ) : null}
      {study.pending > 0 && study.offline ? <Notice type="info" title={`网络连接中断，${study.pending}条学习记录已保存在本机，网络恢复后将自动补传`} /> : null}
      <p className="study-rule">
        <strong>计时规则：</strong>
        {session.rule}
      </p>
      {idleShown ? (
        <Suspense fallback={null}>
          <IdleModal open={study.idle} idleMinutes={session.idleMinutes} onContinue={() => {
            study.resume();
            onResume?.();
          }} />
        </Suspense>
      ) : null}
    </section>
  );
}
