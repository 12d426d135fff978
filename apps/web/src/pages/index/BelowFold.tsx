/**
 * The home page below the first screen, a chunk of its own loaded when the visitor nears it: the
 * course browser, new and popular courses, rankings, open exams, recent certificates and links.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { catalog as catalogTypes } from '@portal/contract';
import { catalog, content } from '@portal/contract/refs';
import { CourseGrid } from '../../features/catalog/CourseCard.tsx';
import { BarList } from '../../features/content/BarList.tsx';
import { formatDate, formatHours } from '../../features/content/format.ts';
import { QueryState } from '../../features/content/QueryState.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { CourseBrowser } from './CourseBrowser.tsx';
import { Panel } from './Panel.tsx';

type CourseTab = 'new' | 'popular';

export function NewAndPopular() {
  const [tab, setTab] = useState<CourseTab>('new');
  const query = { query: { pageNum: 1, pageSize: 8 } };
  const fresh = useCallQuery(catalog.findNewCourseByPage, query);
  const popular = useCallQuery(catalog.findCourseTopByPage, query, { enabled: tab === 'popular' });
  const q = tab === 'new' ? fresh : popular;
  return (
    <Panel id="home-courses" title="精品课程" more={{ to: tab === 'new' ? '/course' : '/course?sort=popular', text: '全部课程' }}>
      <div className="chips" role="group" aria-label="课程排序">
        <button type="button" className="chip" aria-pressed={tab === 'new'} onClick={() => setTab('new')}>
          最新课程
        </button>
        <button type="button" className="chip" aria-pressed={tab === 'popular'} onClick={() => setTab('popular')}>
          热门课程
        </button>
      </div>
      <QueryState query={q} rows={4} isEmpty={(d) => d.list.length === 0} emptyText="暂无课程">
        {(d) => <CourseGrid courses={d.list} />}
      </QueryState>
    </Panel>
  );
}

export function Rankings() {
  const q = useCallQuery(content.totalRanking, { query: { size: 5 } });
  const title = q.data ? `${q.data.year}年度学习排行` : '学习排行';
  return (
    <Panel id="home-rankings" title={title} more={{ to: '/charts', text: '更多统计' }}>
      <QueryState query={q} rows={5} isEmpty={(d) => d.learners.length + d.units.length + d.cities.length === 0} emptyText="本年度暂无学时记录">
        {(d) => (
          <div className="rank-columns">
            <div>
              <h3 className="sub-title">学员排行</h3>
              <BarList label="学员排行" rows={d.learners.map((r) => ({ key: r.rank, name: r.name, sub: r.organName, value: r.hours, valueText: `${formatHours(r.hours)}学时` }))} />
            </div>
            <div>
              <h3 className="sub-title">单位排行</h3>
              <BarList label="单位排行" rows={d.units.map((r) => ({ key: r.rank, name: r.name, value: r.hours, valueText: `${formatHours(r.hours)}学时` }))} />
            </div>
            <div>
              <h3 className="sub-title">地市排行</h3>
              <BarList label="地市排行" rows={d.cities.map((r) => ({ key: r.rank, name: r.name, value: r.hours, valueText: `${formatHours(r.hours)}学时` }))} />
            </div>
          </div>
        )}
      </QueryState>
    </Panel>
  );
}

const EXAM_STATE_LABELS: Record<catalogTypes.ExamState, string> = { upcoming: '未开始', open: '进行中', ended: '已结束' };

export function OpenExams() {
  const q = useCallQuery(catalog.findExamOnlineByPage, { query: { pageNum: 1, pageSize: 5 } });
  return (
    <Panel id="home-exams" title="在线考试" more={{ to: '/onlineExam', text: '进入考试' }}>
      <QueryState query={q} rows={5} isEmpty={(d) => d.list.length === 0} emptyText="目前没有开放的考试">
        {(d) => (
          <ul className="exam-list">
            {d.list.map((e) => (
              <li key={e.id}>
                <div className="exam-head">
                  <span className={e.state === 'open' ? 'tag tag-open' : 'tag'}>{EXAM_STATE_LABELS[e.state]}</span>
                  <Link to="/onlineExam" className="exam-title">
                    {e.title}
                  </Link>
                </div>
                <p className="exam-meta">
                  {formatDate(e.startAt)} 至 {formatDate(e.endAt)} · {e.durationMinutes}分钟 · 满分{e.totalScore}分，{e.passScore}分及格
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}

export function RecentCertificates() {
  const q = useCallQuery(content.findCertificateByPage, { query: { pageNum: 1, pageSize: 6 } });
  return (
    <Panel id="home-certificates" title="最新证书" more={{ to: '/certificate', text: '证书查询' }}>
      <QueryState query={q} rows={6} isEmpty={(d) => d.list.length === 0} emptyText="暂无证书">
        {(d) => (
          <ul className="cert-list">
            {d.list.map((c) => (
              <li key={c.certNo}>
                <Link to={`/certificate?no=${encodeURIComponent(c.certNo)}`}>
                  <span className="cert-name">{c.personName}</span>
                  <span className="cert-install">{c.installTitle}</span>
                  <span className="cert-hours">{formatHours(c.hours)}学时</span>
                  <span className="date">{formatDate(c.issuedAt)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}

export function FriendlyLinks() {
  const q = useCallQuery(content.link, {});
  return (
    <Panel id="home-links" title="友情链接">
      <QueryState query={q} rows={1} isEmpty={(d) => d.length === 0} emptyText="暂无友情链接">
        {(d) => (
          <ul className="link-list">
            {d.map((l) => (
              <li key={l.id}>
                <a href={l.url} target="_blank" rel="noopener noreferrer">
                  {l.name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}

export default function BelowFold() {
  return (
    <>
      <CourseBrowser />
      <NewAndPopular />
      <Rankings />
      <div className="home-row">
        <OpenExams />
        <RecentCertificates />
      </div>
      <FriendlyLinks />
    </>
  );
}
