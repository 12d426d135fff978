/** /learningClassroom/myhomework4?workId=: the teacher's score and comment on my work, the latest review first, then earlier ones. */
import { Link, useSearchParams } from 'react-router';
import { Card, Descriptions, Result, Space } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import type { work as W } from '@portal/contract';
import { work } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { QueryState } from '../../../features/learning/ListState.tsx';
import { formatDateTime } from '../../../features/learning/format.ts';
import { idFrom } from '../../../features/learning/query.ts';
import { hwHref, LateTag, WorkStateTag, NoWorkChosen } from '../../../features/homework/common.tsx';

function Review({ v, kind }: { v: W.WorkVersion; kind: W.WorkKind }) {
  return (
    <Descriptions column={{ xs: 1, sm: 2 }} size="small">
      <Descriptions.Item label="结果">
        <WorkStateTag kind={kind} state={v.state} />
        <LateTag late={v.late} />
      </Descriptions.Item>
      {kind === 'homework' ? <Descriptions.Item label="成绩">{v.score === null ? '—' : `${v.score}分`}</Descriptions.Item> : null}
      <Descriptions.Item label="批阅人">{v.examinedBy ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="批阅时间">{formatDateTime(v.examinedAt)}</Descriptions.Item>
      <Descriptions.Item label={kind === 'practice' && v.state === 'returned' ? '驳回理由' : '评语'} span={2}>
        {v.comment || '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}

function Reviews({ workId }: { workId: number }) {
  const detail = useCallQuery(work.findWorkById, { query: { workId } }, { staleTime: 0 });
  const versions = useCallQuery(work.findWorkVersions, { query: { workId } }, { staleTime: 0 });
  return (
    <QueryState query={detail} empty="">
      {(d) => (
        <QueryState query={versions} empty="">
          {(list) => {
            const reviewed = list.filter((v) => v.examinedAt);
            const [last, ...earlier] = reviewed;
            return (
              <Space direction="vertical" size="large" style={{ width: '100%' }}>
                <Card title={d.work.title}>
                  {last ? (
                    <>
                      <p className="hw-muted">第{last.version}次提交（{formatDateTime(last.submittedAt)}）的批阅结果</p>
                      <Review v={last} kind={d.work.kind} />
                    </>
                  ) : (
                    // Waiting for the teacher, not a warning: antd's info icon is an exclamation mark, in the theme's red.
                    <Result status="info" icon={<ClockCircleOutlined />} title={list.length ? '老师尚未批阅' : '尚未提交'} subTitle={list.length ? '批阅后将在此显示成绩和评语，并通过消息通知您。' : '提交后由班主任批阅。'} />
                  )}
                  <div className="hw-actions">
                    {d.submission?.editable && d.submission.state === 'returned' ? <Link to={hwHref.edit(workId)}>修改后重新提交</Link> : null}
                    <Link to={hwHref.history(workId)}>提交记录</Link>
                    <Link to={hwHref.detail(workId)}>作业详情</Link>
                    <Link to={hwHref.list}>返回我的作业</Link>
                  </div>
                </Card>
                {earlier.length ? (
                  <Card title="以往的批阅">
                    {earlier.map((v) => (
                      <section key={v.version} className="hw-version" aria-label={`第${v.version}次提交的批阅`}>
                        <p className="hw-muted">第{v.version}次提交（{formatDateTime(v.submittedAt)}）</p>
                        <Review v={v} kind={d.work.kind} />
                      </section>
                    ))}
                  </Card>
                ) : null}
              </Space>
            );
          }}
        </QueryState>
      )}
    </QueryState>
  );
}

export default function MyHomeworkReviewPage() {
  const [params] = useSearchParams();
  const workId = idFrom(params.get('workId'));
  if (!workId)
    return <NoWorkChosen />;
  return <Reviews workId={workId} />;
}
