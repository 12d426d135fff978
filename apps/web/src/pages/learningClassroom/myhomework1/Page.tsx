/** /learningClassroom/myhomework1?workId=: one assignment's requirement, limits and deadlines, and where my work stands. */
import { Link } from 'react-router';
import { Button, Card, Descriptions, Space } from 'antd';
import type { work as W } from '@portal/contract';
import { work } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { QueryState } from '../../../features/learning/ListState.tsx';
import { formatDateTime } from '../../../features/learning/format.ts';
import { idFrom } from '../../../features/learning/query.ts';
import { hwHref, LateTag, SafeHtml, WorkStateTag, wordLimitText, NoWorkChosen } from '../../../features/homework/common.tsx';
import { useSearchParams } from 'react-router';

function Actions({ d }: { d: W.WorkDetail }) {
  const sub = d.submission;
  const id = d.work.id;
  return (
    <Space wrap>
      {!sub && !d.work.closed ? (
        <Link to={hwHref.write(id)}>
          <Button type="primary">开始撰写</Button>
        </Link>
      ) : null}
      {sub?.editable ? (
        <Link to={hwHref.edit(id)}>
          <Button type="primary">{sub.state === 'returned' ? '修改后重新提交' : '继续撰写'}</Button>
        </Link>
      ) : null}
      {sub && sub.version > 0 ? <Link to={hwHref.review(id)}>批阅结果</Link> : null}
      {sub && sub.version > 0 ? <Link to={hwHref.history(id)}>提交记录</Link> : null}
      <Link to={hwHref.list}>返回我的作业</Link>
    </Space>
  );
}

export function WorkDetailView({ d }: { d: W.WorkDetail }) {
  const w = d.work;
  const sub = d.submission;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={w.title}>
        <Descriptions column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label="类型">{work.WORK_KIND_LABELS[w.kind]}</Descriptions.Item>
          <Descriptions.Item label="班级">{w.className}</Descriptions.Item>
          <Descriptions.Item label="课程/专题">{w.courseTitle || w.installTitle || '—'}</Descriptions.Item>
          <Descriptions.Item label="字数要求">{wordLimitText(w)}</Descriptions.Item>
          <Descriptions.Item label="截止时间">{formatDateTime(w.dueAt)}</Descriptions.Item>
          <Descriptions.Item label="补交截止">{w.cutoffAt ? formatDateTime(w.cutoffAt) : '不限（逾期提交记为迟交）'}</Descriptions.Item>
          {w.extensionUntil ? <Descriptions.Item label="为您延期至">{formatDateTime(w.extensionUntil)}</Descriptions.Item> : null}
          <Descriptions.Item label="附件">{w.kind === 'practice' ? `可上传照片，最多${work.WORK_LIMITS.photosMax}张` : w.maxFiles > 0 ? `最多可上传${w.maxFiles}个附件` : '不需要附件'}</Descriptions.Item>
        </Descriptions>
        <h2 className="hw-section-title">作业要求</h2>
        <SafeHtml html={w.requirementHtml} label="作业要求" />
      </Card>
      <Card title="我的作业">
        {sub ? (
          <Descriptions column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label="状态">
              <WorkStateTag kind={w.kind} state={sub.state} />
              <LateTag late={sub.late} />
            </Descriptions.Item>
            <Descriptions.Item label="字数">{sub.wordCount}</Descriptions.Item>
            <Descriptions.Item label="最近保存">{formatDateTime(sub.savedAt)}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{sub.submittedAt ? `${formatDateTime(sub.submittedAt)}（第${sub.version}次）` : '尚未提交'}</Descriptions.Item>
            {sub.examinedAt ? <Descriptions.Item label="成绩">{sub.score ?? '—'}</Descriptions.Item> : null}
            {sub.examinedAt ? <Descriptions.Item label="评语">{sub.comment || '—'}</Descriptions.Item> : null}
          </Descriptions>
        ) : (
          <p className="hw-muted">{w.closed ? '已超过截止时间，不能再提交。' : '尚未开始撰写。'}</p>
        )}
        <div className="hw-actions">
          <Actions d={d} />
        </div>
      </Card>
    </Space>
  );
}

export default function MyHomeworkDetailPage() {
  const [params] = useSearchParams();
  const workId = idFrom(params.get('workId'));
  const q = useCallQuery(work.findWorkById, { query: { workId: workId ?? 0 } }, { enabled: workId !== null, staleTime: 0 });
  if (!workId)
    return <NoWorkChosen />;
  return (
    <QueryState query={q} empty="">
      {(d) => <WorkDetailView d={d} />}
    </QueryState>
  );
}
