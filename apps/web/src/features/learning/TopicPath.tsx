/** A topic's way to its certificate as a checklist with the one next action (topic page, /study's completion notice, the exam result). */
import { Link } from 'react-router';
import { Button } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import type { learning as learningTypes } from '@portal/contract';
import { learning } from '@portal/contract/refs';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { topicPathView } from './topicPath.ts';
import './learning.css';

export function TopicPathView({ path, installId, centred = false }: { path: learningTypes.TopicPath; installId: number; centred?: boolean }) {
  const view = topicPathView(path, installId);
  return (
    <div className={centred ? 'lc-path is-centred' : 'lc-path'} data-testid="topic-path">
      <ol className="lc-path-steps" aria-label="结业路径">
        {view.steps.map((s, i) => (
          <li key={s.label} className={s.done ? 'lc-path-step is-done' : s.current ? 'lc-path-step is-current' : 'lc-path-step'} aria-current={s.current ? 'step' : undefined}>
            {i > 0 ? <span className="lc-path-arrow" aria-hidden="true">→</span> : null}
            {s.label}
            {s.done ? <CheckCircleFilled className="lc-path-check" aria-label="已完成" /> : null}
          </li>
        ))}
      </ol>
      {view.action ? (
        <Link to={view.action.href}>
          <Button type="primary">{view.action.label}</Button>
        </Link>
      ) : (
        <span className="lc-muted">{view.note}</span>
      )}
    </div>
  );
}

/** The path of one topic, read fresh (it changes as the learner studies and passes). */
export function TopicPath({ installId, centred = false }: { installId: number; centred?: boolean }) {
  const q = useCallQuery(learning.findCoursePlan, { query: { installId } }, { staleTime: 0 });
  return q.data ? <TopicPathView path={q.data.path} installId={installId} centred={centred} /> : null;
}
