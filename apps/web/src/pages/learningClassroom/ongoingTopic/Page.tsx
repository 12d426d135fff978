/** /learningClassroom/ongoingTopic: my training arrangements in progress (or finished): hours earned / required, deadline. */
import { useState } from 'react';
import { Link } from 'react-router';
import { Pagination, Progress, Segmented, Tag } from 'antd';
import { canUsePermissionModules } from '@portal/contract/base';
import { catalog, learning } from '@portal/contract/refs';
import { EnrolmentTag } from '../../../features/learning/enrolment.tsx';
import { formatDate, formatHours, percentOf } from '../../../features/learning/format.ts';
import { QueryState } from '../../../features/learning/ListState.tsx';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { useSession } from '../../../features/auth/session.ts';

const PAGE_SIZE = 10;

export default function OngoingTopicPage() {
  const [finished, setFinished] = useState<'false' | 'true'>('false');
  const [pageNum, setPageNum] = useState(1);
  const { person } = useSession();
  // Only a person who may open 专题培训 is sent there to join a topic; a training-class account is enrolled by its unit.
  const noneOngoing = person && canUsePermissionModules(person) ? '没有进行中的专题，可到“专题培训”报名' : '没有进行中的专题或培训班，培训班报名请联系本单位培训联络员';
  const q = useCallQuery(learning.findMyInstallList, { query: { finished, pageNum, pageSize: PAGE_SIZE } }, { staleTime: 0 });
  return (
    <>
      <Segmented
        aria-label="专题状态"
        value={finished}
        onChange={(v) => {
          setFinished(v === 'true' ? 'true' : 'false');
          setPageNum(1);
        }}
        options={[
          { value: 'false', label: '进行中' },
          { value: 'true', label: '已结束' },
        ]}
      />
      <QueryState query={q} empty={finished === 'false' ? noneOngoing : '没有已结束的专题'} isEmpty={(d) => d.list.length === 0}>
        {(d) => (
          <>
            <ul className="lc-list">
              {d.list.map((i) => (
                <li key={i.id} className="lc-card">
                  <h2 className="lc-topic-title">
                    <Link to={`/learningClassroom/ongoingTopicDetail?id=${i.id}`}>{i.title}</Link> <Tag>{catalog.INSTALL_KIND_LABELS[i.kind]}</Tag>
                    <EnrolmentTag install={i} />
                  </h2>
                  <p className="lc-muted">
                    截止日期 {formatDate(i.endAt)} · 培训时间 {formatDate(i.startAt)} 至 {formatDate(i.endAt)}
                  </p>
                  <div className="lc-topic-hours">
                    <span>
                      已获 <strong>{i.earnedHours}</strong> / 要求 {formatHours(i.requiredHours)}
                    </span>
                    <Progress percent={percentOf(i.earnedHours, i.requiredHours)} size="small" aria-label={`${i.title} 学时进度`} />
                  </div>
                  <Link to={`/learningClassroom/ongoingTopicDetail?id=${i.id}`}>
                    查看学习详情
                  </Link>
                </li>
              ))}
            </ul>
            <Pagination className="lc-pager" current={pageNum} pageSize={PAGE_SIZE} total={d.total} onChange={setPageNum} showSizeChanger={false} hideOnSinglePage />
          </>
        )}
      </QueryState>
    </>
  );
}
