/**
 * 预览: the paper as a learner sees it (order, options, points; no answers), read-only. With questions
 * or options shuffled, each learner's order differs: the preview shows the paper's own order.
 */
import { Alert, Button, Card, Checkbox, Descriptions, Input, Radio, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { adminExams } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { PageLoading } from '../../../app/PageLoading.tsx';
import { formatDateTime } from '../../format.ts';
import { REVIEW_LABELS, TYPE_LABELS } from './labels.ts';

export function Preview() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const exam = useCallQuery(adminExams.adminExamGet, { query: { id } }, { staleTime: 0 });
  if (exam.isPending) return <PageLoading />;
  const e = exam.data;
  if (!e) return <Alert type="error" showIcon title="考试加载失败" />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 960 }}>
      <div className="admin-list-toolbar">
        <Typography.Title level={3} style={{ margin: 0 }}>
          预览：{e.title}
        </Typography.Title>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`/admin/exams/papers/${e.id}`)}>
          返回编辑
        </Button>
      </div>
      <Alert type="info" showIcon title="以下是学员看到的试卷（只读，不显示答案）。" description={e.shuffleQuestions || e.shuffleOptions ? '本考试设置了乱序，每位学员看到的试题或选项顺序不同。' : undefined} />
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="所属专题">{e.installTitle || '—'}</Descriptions.Item>
        <Descriptions.Item label="开放时间">
          {formatDateTime(e.startAt).slice(0, 16)} 至 {formatDateTime(e.endAt).slice(0, 16)}
        </Descriptions.Item>
        <Descriptions.Item label="考试时长">{e.durationMinutes} 分钟</Descriptions.Item>
        <Descriptions.Item label="总分 / 及格分">
          {e.totalScore} / {e.passScore}
        </Descriptions.Item>
        <Descriptions.Item label="考试次数">{e.attemptsAllowed} 次</Descriptions.Item>
        <Descriptions.Item label="答案公布">{REVIEW_LABELS[e.review]}</Descriptions.Item>
      </Descriptions>
      {e.selection === 'random' ? (
        <Card size="small" title={`随机抽题：每位学员开始考试时按以下规则各抽一套（共 ${e.questionCount} 题，${e.totalScore} 分）`}>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {e.randomRules.map((r, i) => (
              <li key={i}>
                从{r.bank ?? '全部题库'}抽{TYPE_LABELS[r.type]} {r.count} 题，每题 {r.score} 分（在用 {r.available} 题）
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {e.questions.map(({ question: q, score }, i) => (
        <Card key={q.id} size="small" title={`${i + 1}. ${TYPE_LABELS[q.type]}（${score}分）`}>
          <Typography.Paragraph>{q.stem}</Typography.Paragraph>
          {q.type === 'single' ? (
            <Radio.Group disabled aria-label={`第${i + 1}题选项`} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} options={q.options.map((o, k) => ({ value: k, label: `${String.fromCharCode(65 + k)}. ${o}` }))} />
          ) : q.type === 'multiple' ? (
            <Checkbox.Group disabled aria-label={`第${i + 1}题选项`} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} options={q.options.map((o, k) => ({ value: k, label: `${String.fromCharCode(65 + k)}. ${o}` }))} />
          ) : q.type === 'judge' ? (
            <Radio.Group
              disabled
              aria-label={`第${i + 1}题选项`}
              options={[
                { value: 'T', label: '对' },
                { value: 'F', label: '错' },
              ]}
            />
          ) : (
            <Input disabled placeholder="学员在此填写答案" aria-label={`第${i + 1}题答案`} style={{ maxWidth: 360 }} />
          )}
        </Card>
      ))}
      {e.questions.length === 0 && e.selection === 'fixed' ? <Alert type="warning" showIcon title="试卷还没有试题" /> : null}
    </Space>
  );
}
