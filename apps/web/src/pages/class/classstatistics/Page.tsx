/**
 * /class/classstatistics: one class at a glance — completion, learners by state (what "behind" means
 * is shown), hours distribution (a chart, its figures also in a table), required vs elective, by
 * unit — and one action to remind everyone behind or not started; the class's certificates print
 * from here as one PDF, one page each.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Card, Col, Row, Space, Statistic, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { teacher } from '@portal/contract/refs';
import { call, showError } from '../../../api/client.ts';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { Chart } from '../../../features/charts/Chart.tsx';
import { columnOption } from '../../../features/charts/options.ts';
import { LoadError, QueryState } from '../../../features/learning/ListState.tsx';
import { ClassPicker, useClassChoice } from '../../../features/teacher/ClassPicker.tsx';
import { StudyStateTag } from '../../../features/teacher/StudyStateTag.tsx';
import { ExportButton } from '../../../features/teacher/ExportButton.tsx';
import { deskTable } from '../../../features/teacher/tableLayout.ts';
import { ScrollRegion } from '../../../features/content/ScrollRegion.tsx';
import '../../../features/teacher/teacher.css';

/** Every learner of the class in these states (the list's own pages, 100 at a time). */
async function learnersIn(classId: number, states: ('behind' | 'notStarted')[]): Promise<number[]> {
  const ids: number[] = [];
  for (const state of states) {
    for (let pageNum = 1; ; pageNum++) {
      const page = await call(teacher.findClassPersonStudy, { query: { classId, state, sort: 'hoursAsc', pageNum, pageSize: 100 } });
      ids.push(...page.list.map((r) => r.personId));
      if (page.list.length < 100) break;
    }
  }
  return ids;
}

export default function ClassOverviewPage() {
  const choice = useClassChoice();
  const classId = choice.chosen?.id ?? 0;
  const q = useCallQuery(teacher.findClassStudy, { query: { classId } }, { enabled: classId > 0, staleTime: 0 });
  const navigate = useNavigate();
  const [gathering, setGathering] = useState(false);
  if (choice.classes.isError) return <LoadError error={choice.classes.error} retry={() => void choice.classes.refetch()} />;
  const remindLagging = () => {
    setGathering(true);
    learnersIn(classId, ['behind', 'notStarted']).then(
      (ids) => navigate(`/class/message1?classId=${classId}&personIds=${ids.join(',')}`),
      (err: unknown) => {
        setGathering(false);
        showError(err);
      },
    );
  };
  return (
    <div className="teacher-page">
      <div className="teacher-toolbar">
        <ClassPicker choice={choice} />
      </div>
      <QueryState query={q} empty="">
        {(s) => {
          const lagging = s.states.filter((x) => x.state === 'behind' || x.state === 'notStarted').reduce((n, x) => n + x.count, 0);
          return (
            <>
              <Row gutter={[16, 16]}>
                <Col xs={12} md={6}>
                  <Card>
                    <Statistic title="学员" value={s.cls.memberCount} suffix="人" />
                  </Card>
                </Col>
                <Col xs={12} md={6}>
                  <Card>
                    <Statistic title="已完成全部学时" value={s.completionRate} suffix="%" />
                  </Card>
                </Col>
                <Col xs={12} md={6}>
                  <Card>
                    <Statistic title="平均完成度" value={s.cls.averageCompletion} suffix="%" />
                  </Card>
                </Col>
                <Col xs={12} md={6}>
                  <Card>
                    <Statistic title="落后或未开始" value={lagging} suffix="人" valueStyle={{ color: lagging ? '#d4380d' : undefined }} />
                  </Card>
                </Col>
              </Row>
              <Alert className="teacher-rule" type="info" showIcon message="进度怎么算" description={s.rule.definition} />
              {/* The button sits in the card's body, not its head, where on a phone it covered the title. */}
              <Card title="学习状态">
                <Space wrap size={[16, 12]}>
                  {s.states.map((x) => (
                    <Link key={x.state} to={`/class/classstatistics1?classId=${classId}&state=${x.state}`}>
                      <StudyStateTag state={x.state} /> {x.count}人
                    </Link>
                  ))}
                  <Button type="primary" disabled={lagging === 0} loading={gathering} onClick={remindLagging}>
                    提醒落后和未开始的学员（{lagging}人）
                  </Button>
                </Space>
              </Card>
              <Card title="结业证书" style={{ marginTop: 16 }}>
                {s.cls.installTitle ? (
                  <div>
                    <p>
                      本班学员获得的“{s.cls.installTitle}”结业证书合成一个 PDF 文件，每张一页（A4 横向），按学号排列，可直接打印后发放；已撤销的证书不打印。
                    </p>
                    {s.certificates > 0 ? (
                      <>
                        <p>本班已有 {s.certificates} 人获得结业证书。</p>
                        <ExportButton call={teacher.classCertificatesPdf} query={{ classId }} fileName={`${s.cls.name}-结业证书.pdf`} label="打印本班结业证书（PDF）" />
                      </>
                    ) : (
                      <Space wrap>
                        <Button icon={<DownloadOutlined />} disabled aria-describedby="no-certificates">
                          打印本班结业证书（PDF）
                        </Button>
                        <span id="no-certificates" className="teacher-muted">
                          本班学员暂未获得结业证书，暂无可打印的证书
                        </span>
                      </Space>
                    )}
                  </div>
                ) : (
                  <p className="teacher-muted">本班级未关联培训项目，没有结业证书可打印。</p>
                )}
              </Card>
              <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
                <Col xs={24} lg={14}>
                  <Card title="学时分布">
                    <Chart label="学员学时分布" option={columnOption(s.distribution.map((d) => ({ name: d.label, value: d.count })), '学员人数')} height={280} />
                    <Table
                      rowKey="label"
                      size="small"
                      pagination={false}
                      dataSource={s.distribution}
                      columns={[
                        { title: '学时', dataIndex: 'label' },
                        { title: '人数', dataIndex: 'count', align: 'right' },
                      ]}
                    />
                  </Card>
                </Col>
                <Col xs={24} lg={10}>
                  <Card title="必修与选修">
                    <p>
                      全班必修学时合计 <Tag color="red">{s.requiredHours}</Tag>
                    </p>
                    <p>
                      全班选修学时合计 <Tag>{s.electiveHours}</Tag>
                    </p>
                    <p className="teacher-muted">必修：班级计划中标为必修的课程；选修：学习期内完成的其他课程。</p>
                  </Card>
                </Col>
              </Row>
              <Card title="按单位" style={{ marginTop: 16 }}>
                {/* No link in this table: the region, not antd's scroll box, is what the keyboard scrolls. */}
                <ScrollRegion label="按单位统计" minWidth="max-content">
                  <Table
                    rowKey="organName"
                    dataSource={s.byUnit}
                    pagination={s.byUnit.length > 10 ? { pageSize: 10 } : false}
                    {...deskTable<(typeof s.byUnit)[number]>(
                      [
                        { title: '工作单位', dataIndex: 'organName', width: 260, render: (n: string) => n || '（未填写单位）' },
                        { title: '学员', dataIndex: 'members', align: 'right' },
                        { title: '人均学时', dataIndex: 'averageHours', align: 'right' },
                        { title: '落后或未开始', dataIndex: 'behind', align: 'right' },
                      ],
                      { name: 'organName' },
                    )}
                  />
                </ScrollRegion>
              </Card>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
