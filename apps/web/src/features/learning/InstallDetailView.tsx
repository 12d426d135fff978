/** One training arrangement for me: introduction, hours earned / required, plans and their courses with my progress. */
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Descriptions, Progress, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { learning as learningTypes } from '@portal/contract';
import { catalog, learning } from '@portal/contract/refs';
import { formatDate, formatDuration, formatHours, percentOf } from './format.ts';
import { EnrolmentActions, EnrolmentTag } from './enrolment.tsx';
import { QueryState } from './ListState.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { usePageBreakpoint } from '../../lib/pageWidth.ts';
import { KIND_LABELS, studyHref } from '../study/links.ts';
import { TopicPathView } from './TopicPath.tsx';
import { topicStudyHref } from './topicPath.ts';
import './learning.css';
import { TableRegion } from '../content/TableRegion.tsx';

type PlanCourse = learningTypes.InstallDetail['plans'][number]['courses'][number];

/** The chapters of one course, opened from its row: PDF chapters are the topic's reading material. */
function CourseChapters({ courseId, installId }: { courseId: number; installId: number }) {
  const q = useCallQuery(catalog.findCourseById, { query: { id: courseId } }, { staleTime: 0 });
  return (
    <QueryState query={q} empty="本课程暂无章节" isEmpty={(c) => c.resources.length === 0}>
      {(c) => (
        <ul className="lc-chapters">
          {c.resources.map((r) => (
            <li key={r.id}>
              <Tag>{KIND_LABELS[r.kind]}</Tag>
              <Link to={r.kind === 'pdf' ? `/studypdf1?installId=${installId}&courseId=${c.id}&resourceId=${r.id}` : studyHref(r.kind, c.id, r.id)}>{r.title}</Link>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** The install's exams with my standing: a 结业考试 decides, with the hours, whether I complete it. */
function InstallExams({ installId }: { installId: number }) {
  const q = useCallQuery(catalog.findExamOnlineByPage, { query: { installId, pageNum: 1, pageSize: 20 } }, { staleTime: 0 });
  return (
    <QueryState query={q} empty="本专题没有考试" isEmpty={(d) => d.list.length === 0}>
      {(d) => (
        <ul className="lc-exams">
          {d.list.map((e) => (
            <li key={e.id}>
              <Link to={`/examInfo?examId=${e.id}`}>{e.title}</Link>
              {e.decidesCompletion ? <Tag color="red">结业考试</Tag> : null}
              <span className="lc-muted">
                {formatDate(e.startAt)} 至 {formatDate(e.endAt)} · 及格 {e.passScore}/{e.totalScore}分
              </span>
              {e.mine && e.mine.attemptsUsed > 0 ? (
                <span>
                  最高分 {e.mine.bestScore ?? '—'} {e.mine.passed ? <Tag color="success">合格</Tag> : <Tag color="warning">未通过</Tag>}
                </span>
              ) : (
                <span className="lc-muted">未参加</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function studyLabel(c: PlanCourse) {
  if (c.completedAt) return '复习';
  return c.learnedSeconds > 0 ? '继续学习' : '开始学习';
}

export function InstallDetailView({ installId, withEnrolment }: { installId: number; withEnrolment: boolean }) {
  const q = useCallQuery(learning.findCoursePlan, { query: { installId } }, { staleTime: 0 });
  const [expanded, setExpanded] = useState<number[]>([]);
  // antd's responsive columns follow the window (matchMedia); these follow the zoomed page (lib/pageWidth.ts).
  const breakpoint = usePageBreakpoint();
  const factColumns = breakpoint === 'xs' ? 1 : breakpoint === 'sm' ? 2 : 3;
  return (
    <QueryState query={q} empty="">
      {({ install, plans, path }) => {
        const enrolled = install.enrolment !== null && install.enrolment !== 'cancelled';
        const columns: ColumnsType<PlanCourse> = [
          {
            title: '课程',
            dataIndex: 'title',
            render: (_v, c) => (
              <span className="lc-course-cell">
                <Link to={topicStudyHref(c.id, install.id)}>{c.title}</Link>
                <span className="lc-muted">
                  {c.lecturer} · {c.categoryName}
                </span>
              </span>
            ),
          },
          { title: '类型', dataIndex: 'required', width: 80, render: (r: boolean) => (r ? <Tag color="red">必修</Tag> : <Tag>选修</Tag>) },
          { title: '学时', dataIndex: 'creditHours', width: 70 },
          {
            title: '我的进度',
            width: 200,
            render: (_v, c) => (
              <div>
                <Progress percent={c.completedAt ? 100 : percentOf(c.learnedSeconds, c.requiredSeconds)} size="small" aria-label={`${c.title} 学习进度`} />
                <span className="lc-muted">{c.completedAt ? `${formatDate(c.completedAt)} 完成` : `已学 ${formatDuration(c.learnedSeconds)} / ${formatDuration(c.requiredSeconds)}`}</span>
              </div>
            ),
          },
          {
            title: '操作',
            width: 110,
            render: (_v, c) => (
              <Link to={topicStudyHref(c.id, install.id)}>
                <Button size="small" type={c.completedAt ? 'default' : 'primary'} aria-label={`${studyLabel(c)} ${c.title}`}>
                  {studyLabel(c)}
                </Button>
              </Link>
            ),
          },
        ];
        return (
          <div className="lc-install">
            <section className="lc-card lc-install-head">
              <div className="lc-install-title">
                <h1 className="page-title">{install.title}</h1>
                <EnrolmentTag install={install} />
              </div>
              <p className="lc-desc">{install.description}</p>
              <Descriptions size="small" column={factColumns}>
                <Descriptions.Item label="主办单位">{install.organizer}</Descriptions.Item>
                <Descriptions.Item label="培训时间">
                  {formatDate(install.startAt)} 至 {formatDate(install.endAt)}
                </Descriptions.Item>
                <Descriptions.Item label="报名时间">
                  {formatDate(install.applyStart)} 至 {formatDate(install.applyEnd)}
                </Descriptions.Item>
                <Descriptions.Item label="报名人数">
                  {install.applicantCount}
                  {install.capacity > 0 ? ` / ${install.capacity}` : '（不限名额）'}
                </Descriptions.Item>
              </Descriptions>
              <div className="lc-hours" data-testid="install-hours">
                <span>
                  已获学时 <strong>{install.earnedHours}</strong> / 要求 {formatHours(install.requiredHours)}
                </span>
                <Progress percent={percentOf(install.earnedHours, install.requiredHours)} aria-label="专题学时进度" />
              </div>
              <TopicPathView path={path} installId={install.id} />
              {withEnrolment ? <EnrolmentActions install={install} /> : null}
              {!enrolled && withEnrolment ? <p className="lc-muted">报名后，本专题课程的学时将计入专题要求。</p> : null}
            </section>
            {plans.length === 0 ? <p className="lc-muted">本专题暂无培训计划。</p> : null}
            {plans.map((p) => (
              <section key={p.id} className="lc-card" aria-labelledby={`plan-${p.id}`}>
                <h2 className="section-title" id={`plan-${p.id}`}>
                  {p.title}
                  <span className="lc-plan-hours">
                    {p.earnedHours} / {formatHours(p.requiredHours)}
                  </span>
                </h2>
                <p className="lc-muted">{p.description}</p>
                <TableRegion label={`${p.title}的课程`}>
                  <Table<PlanCourse>
                    rowKey="id"
                    size="small"
                    columns={columns}
                    dataSource={p.courses}
                    pagination={p.courses.length > 10 ? { pageSize: 10 } : false}
                    scroll={{ x: 640 }}
                    locale={{ emptyText: '本计划暂无课程' }}
                    expandable={{
                      columnTitle: <span className="visually-hidden">展开章节</span>,
                      expandedRowKeys: expanded,
                      onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)),
                      expandedRowRender: (c) => <CourseChapters courseId={c.id} installId={install.id} />,
                    }}
                  />
                </TableRegion>
              </section>
            ))}
            <section className="lc-card" aria-labelledby="install-more">
              <h2 className="section-title" id="install-more">
                考试与作业
              </h2>
              <p className="lc-muted">完成条件：所学课程学时达到要求{formatHours(install.requiredHours)}，并通过标有“结业考试”的考试。</p>
              <InstallExams installId={install.id} />
              <p>
                <Link to="/onlineExam">全部在线考试</Link>
                <span className="lc-gap" />
                <Link to="/learningClassroom/myhomework">我的作业</Link>
                <span className="lc-gap" />
                <Link to="/learningClassroom/printcertificate">我的证书</Link>
              </p>
            </section>
          </div>
        );
      }}
    </QueryState>
  );
}
