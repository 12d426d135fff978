/** /specialTraining: special training topics open, upcoming and ended, with apply and cancel. */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pagination, Progress, Tabs } from 'antd';
import { learning } from '@portal/contract/refs';
import { EnrolmentActions, EnrolmentTag } from '../../features/learning/enrolment.tsx';
import { formatDate, formatHours, percentOf } from '../../features/learning/format.ts';
import { QueryState } from '../../features/learning/ListState.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import '../../features/learning/learning.css';
import { Cover } from '../../features/catalog/Cover.tsx';

type State = 'open' | 'upcoming' | 'ended';
const TABS: { key: State; label: string }[] = [
  { key: 'open', label: '进行中' },
  { key: 'upcoming', label: '即将开始' },
  { key: 'ended', label: '已结束' },
];
const PAGE_SIZE = 10;

function TopicList({ state }: { state: State }) {
  const [pageNum, setPageNum] = useState(1);
  const q = useCallQuery(learning.findSpecialInstallByPage, { query: { state, pageNum, pageSize: PAGE_SIZE } }, { staleTime: 0 });
  return (
    <QueryState query={q} empty="暂无专题培训" isEmpty={(d) => d.list.length === 0}>
      {(d) => (
        <>
          <ul className="lc-list">
            {d.list.map((i) => (
              <li key={i.id} className="lc-card lc-topic" aria-labelledby={`topic-${i.id}`}>
                <Cover url={i.coverUrl} title={i.title} className="lc-topic-cover" width={160} height={100} loading="lazy" />
                <div className="lc-topic-body">
                  <h2 id={`topic-${i.id}`} className="lc-topic-title">
                    <Link to={`/specialTrainingInfo?id=${i.id}`}>{i.title}</Link> <EnrolmentTag install={i} />
                  </h2>
                  <p className="lc-desc">{i.description}</p>
                  <p className="lc-muted">
                    培训时间 {formatDate(i.startAt)} 至 {formatDate(i.endAt)} · 报名 {formatDate(i.applyStart)} 至 {formatDate(i.applyEnd)} · 要求{formatHours(i.requiredHours)} · 已报名
                    {i.applicantCount}人{i.capacity > 0 ? `（限${i.capacity}人）` : ''}
                  </p>
                  {i.enrolment && i.enrolment !== 'cancelled' ? (
                    <div className="lc-topic-hours">
                      <span>
                        已获 {i.earnedHours} / {formatHours(i.requiredHours)}
                      </span>
                      <Progress percent={percentOf(i.earnedHours, i.requiredHours)} size="small" aria-label={`${i.title} 学时进度`} />
                    </div>
                  ) : null}
                  <div className="lc-actions">
                    <EnrolmentActions install={i} />
                    <Link to={`/specialTrainingInfo?id=${i.id}`}>
                      查看详情
                    </Link>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <Pagination className="lc-pager" current={pageNum} pageSize={PAGE_SIZE} total={d.total} onChange={setPageNum} showSizeChanger={false} hideOnSinglePage />
        </>
      )}
    </QueryState>
  );
}

export default function SpecialTrainingPage() {
  const [params, setParams] = useSearchParams();
  const tab = (TABS.find((t) => t.key === params.get('state'))?.key ?? 'open') as State;
  return (
    <div className="page-container">
      <h1 className="page-title">专题培训</h1>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ state: k }, { replace: true })}
        items={TABS.map((t) => ({ key: t.key, label: t.label, children: t.key === tab ? <TopicList state={t.key} /> : null }))}
      />
    </div>
  );
}
