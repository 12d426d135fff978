/**
 * /learningClassroom/myhomework5?workId=: every version I submitted, newest first, with its date,
 * text, attachments and review; each compared with the version before it.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Card } from 'antd';
import type { work as W } from '@portal/contract';
import { work } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { QueryState } from '../../../features/learning/ListState.tsx';
import { formatDateTime } from '../../../features/learning/format.ts';
import { idFrom } from '../../../features/learning/query.ts';
import { AttachmentList } from '../../../features/homework/Attachments.tsx';
import { DiffView, plainOf } from '../../../features/homework/DiffView.tsx';
import { hwHref, LateTag, SafeHtml, WorkStateTag, NoWorkChosen } from '../../../features/homework/common.tsx';
import { diffText } from '../../../features/homework/diff.ts';

function Version({ v, previous, kind }: { v: W.WorkVersion; previous: W.WorkVersion | undefined; kind: W.WorkKind }) {
  const [compare, setCompare] = useState(false);
  return (
    <li className="hw-version">
      <h2 className="hw-section-title">
        第{v.version}次提交 · {formatDateTime(v.submittedAt)} <WorkStateTag kind={kind} state={v.state} />
        <LateTag late={v.late} />
      </h2>
      <p className="hw-muted">
        {v.wordCount}字 · {v.attachments.length}个附件
        {v.examinedAt ? ` · ${v.examinedBy ?? '老师'}于${formatDateTime(v.examinedAt)}批阅${v.score !== null ? `，${v.score}分` : ''}${v.comment ? `：${v.comment}` : ''}` : ''}
      </p>
      {previous ? (
        <Button size="small" aria-expanded={compare} onClick={() => setCompare((c) => !c)}>
          {compare ? '显示全文' : `与第${previous.version}次提交比较`}
        </Button>
      ) : null}
      <div style={{ marginTop: 8 }}>
        {compare && previous ? (
          <DiffView parts={diffText(plainOf(previous), plainOf(v)).map((p) => ({ op: p.op === 'same' ? 'equal' : p.op === 'ins' ? 'insert' : 'delete', text: p.text }))} />
        ) : v.practice ? (
          <>
            <p>实践时间：{v.practice.time} · 实践地点：{v.practice.place}</p>
            <h3 className="hw-section-title">实践内容</h3>
            <SafeHtml html={v.practice.doneHtml} />
            <h3 className="hw-section-title">取得成效</h3>
            <SafeHtml html={v.practice.outcomeHtml} />
          </>
        ) : (
          <SafeHtml html={v.html} />
        )}
      </div>
      {v.attachments.length ? <AttachmentList files={v.attachments} photos={kind === 'practice'} /> : null}
    </li>
  );
}

function History({ workId }: { workId: number }) {
  const detail = useCallQuery(work.findWorkById, { query: { workId } }, { staleTime: 0 });
  const versions = useCallQuery(work.findWorkVersions, { query: { workId } }, { staleTime: 0 });
  const kind = detail.data?.work.kind ?? 'homework';
  return (
    <Card title={detail.data?.work.title ?? '提交记录'}>
      <QueryState query={versions} empty="还没有提交过，提交后每一次的内容都会保存在这里" isEmpty={(l) => l.length === 0}>
        {(list) => (
          <ol className="hw-versions" aria-label="提交记录">
            {list.map((v, i) => (
              <Version key={v.version} v={v} previous={list[i + 1]} kind={kind} />
            ))}
          </ol>
        )}
      </QueryState>
      <div className="hw-actions">
        <Link to={hwHref.detail(workId)}>作业详情</Link>
        <Link to={hwHref.list}>返回我的作业</Link>
      </div>
    </Card>
  );
}

export default function MyHomeworkHistoryPage() {
  const [params] = useSearchParams();
  const workId = idFrom(params.get('workId'));
  if (!workId)
    return <NoWorkChosen />;
  return <History workId={workId} />;
}
