/** What the learner always sees beside the media: time credited, time still needed, the rule, and why counting stopped. */
import { Alert, Button, Modal, Progress } from 'antd';
import { formatDuration, percentOf } from '../learning/format.ts';
import { INACTIVE_TEXT } from './messages.ts';
import type { StudySessionState } from './useStudySession.ts';

export function StudyPanel({ study, onResume }: { study: StudySessionState; onResume?: () => void }) {
  const { progress, session } = study;
  if (!progress || !session) return null;
  const done = progress.completedAt !== null;
  // Counts up while playing; the server's answer to each report corrects it (data-seconds is the server's figure).
  const shown = progress.learnedSeconds + (study.active && !done ? study.unconfirmedSeconds : 0);
  const learned = Math.min(shown, progress.requiredSeconds);
  const left = Math.max(0, progress.requiredSeconds - shown);
  return (
    <section className="study-panel" aria-label="学习计时">
      <h2 className="study-panel-title">学习计时</h2>
      <Progress percent={done ? 100 : percentOf(learned, progress.requiredSeconds)} size="small" aria-label="本章节学习进度" />
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
      {done ? <Alert type="success" showIcon title="本章节已完成" /> : null}
      {!study.active ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={INACTIVE_TEXT}
          action={
            <Button size="small" onClick={study.reopen}>
              在本页继续学习
            </Button>
          }
        />
      ) : null}
      {study.pending > 0 && study.offline ? (
        <Alert type="info" showIcon title={`网络连接中断，${study.pending}条学习记录已保存在本机，网络恢复后将自动补传`} />
      ) : null}
      <p className="study-rule">
        <strong>计时规则：</strong>
        {session.rule}
      </p>
      <Modal
        open={study.idle}
        title="您还在学习吗？"
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={
          <Button
            type="primary"
            onClick={() => {
              study.resume();
              onResume?.();
            }}
          >
            继续学习
          </Button>
        }
      >
        <p>您已经{session.idleMinutes}分钟没有操作，学习已暂停计时。点击“继续学习”恢复计时。</p>
      </Modal>
    </section>
  );
}
