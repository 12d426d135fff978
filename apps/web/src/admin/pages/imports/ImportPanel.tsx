/**
 * One import in the browser: the kind and its template, the way (all-or-nothing or the good rows), the
 * file; then its progress — the share uploaded as it leaves, then the server's phase (正在检查, 正在写入)
 * asked while the answer is awaited — and the answer: what became of it, the counts, every problem
 * (sheet, row, column, reason) and the rejected rows to download, fix and import again.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Progress, Radio, Select, Space, Steps, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { adminImport as AI, operator as O } from '@portal/contract/refs';
import type { adminImport } from '@portal/contract';
import { CallError, quietCall, showError, upload } from '../../../api/client.ts';
import { downloadFile } from '../../../api/download.ts';
import { callKey } from '../../../api/useCallQuery.ts';

type Kind = (typeof O.IMPORT_KINDS)[number];
type Phase = 'uploading' | (typeof AI.IMPORT_PHASES)[number];
type Problem = adminImport.ImportRun['problems'][number];

const KIND_OPTIONS = O.IMPORT_KINDS.map((k) => ({ value: k, label: AI.IMPORT_KIND_NAMES[k] }));
const PHASE_TEXT: Record<Phase, string> = { uploading: '正在上传', waiting: '正在上传', checking: '正在检查', writing: '正在写入', done: '已完成' };
const STEP_OF: Record<Phase, number> = { uploading: 0, waiting: 0, checking: 1, writing: 2, done: 3 };
const MAX_MB = O.IMPORT_MAX_BYTES / 1024 / 1024;

/** The run's name for its phase (crypto.randomUUID needs a secure context; getRandomValues does not). */
const runName = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export function downloadRejects(id: number, kind: Kind) {
  downloadFile(AI.adminImportRejects, { id }, `${AI.IMPORT_KIND_NAMES[kind]}导入-错误行-${id}.xlsx`).catch((e: unknown) => showError(e));
}

export function ProblemTable({ problems, total }: { problems: Problem[]; total: number }) {
  return (
    <Table<Problem>
      size="small"
      rowKey={(p) => `${p.sheet}:${p.row}:${p.column}:${p.reason}`}
      dataSource={problems}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      caption={total > problems.length ? `共${total}处问题，此处列出前${problems.length}处；全部错误行见“下载错误行”。` : undefined}
      columns={[
        { title: '工作表', dataIndex: 'sheet', width: 100 },
        { title: '行', dataIndex: 'row', width: 70, render: (r: number) => (r > 0 ? `第${r}行` : '整个文件') },
        { title: '列', dataIndex: 'column', width: 120 },
        { title: '原因', dataIndex: 'reason' },
      ]}
    />
  );
}

export default function ImportPanel() {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>('people');
  const [partial, setPartial] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase | null>(null);
  const [share, setShare] = useState(0);
  const [result, setResult] = useState<{ run: adminImport.ImportRun; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const polling = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (polling.current !== null) window.clearInterval(polling.current);
    },
    [],
  );

  async function start() {
    if (!file) return;
    if (file.size > O.IMPORT_MAX_BYTES) {
      setFailure(`导入文件不能超过${MAX_MB}MB`);
      return;
    }
    const run = runName();
    setResult(null);
    setFailure(null);
    setShare(0);
    setPhase('uploading');
    // Once the file has left, the server's phase is asked until its answer comes.
    const watch = () => {
      if (polling.current !== null) return;
      polling.current = window.setInterval(() => {
        quietCall(AI.adminImportPhase, { query: { run } })
          .then((p) => setPhase((now) => (now === 'done' || now === null || p.phase === 'waiting' ? now : p.phase)))
          .catch(() => undefined);
      }, 400);
    };
    try {
      const answer = await upload(AI.adminImportUpload, file, file.name, {
        query: { kind, partial: String(partial), run },
        onProgress: (s) => {
          setShare(s);
          if (s >= 1) {
            setPhase('checking');
            watch();
          }
        },
      });
      setResult({ run: answer.data, message: answer.message });
      setPhase('done');
      await queryClient.invalidateQueries({ queryKey: callKey(AI.adminImportList) });
    } catch (e) {
      setPhase(null);
      if (e instanceof CallError && e.code === 413) setFailure(`导入文件不能超过${MAX_MB}MB`);
      else if (e instanceof CallError && e.kind === 'business') setFailure(e.message);
      else {
        setFailure('导入失败，请检查网络后重试');
        showError(e);
      }
    } finally {
      if (polling.current !== null) window.clearInterval(polling.current);
      polling.current = null;
    }
  }

  const busy = phase !== null && phase !== 'done';
  const run = result?.run;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title="导入数据" size="small">
        <Form layout="vertical" onFinish={() => void start()} disabled={busy}>
          <Form.Item label="导入类型" htmlFor="import-kind">
            <Space wrap>
              <Select<Kind> id="import-kind" aria-label="导入类型" style={{ width: 180 }} options={KIND_OPTIONS} value={kind} onChange={setKind} />
              <Button icon={<DownloadOutlined />} onClick={() => downloadFile(AI.adminImportTemplate, { kind }, `${AI.IMPORT_KIND_NAMES[kind]}导入模板.xlsx`).catch((e: unknown) => showError(e))}>
                下载{AI.IMPORT_KIND_NAMES[kind]}导入模板
              </Button>
            </Space>
          </Form.Item>
          <Form.Item label="导入方式">
            <Radio.Group value={partial} onChange={(e) => setPartial(e.target.value as boolean)} aria-label="导入方式">
              <Space direction="vertical">
                <Radio value={false}>全部正确才导入（任何一行有错，都不写入）</Radio>
                <Radio value={true}>只导入正确的行（错误的行可下载，改正后再导入）</Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item label={`导入文件（.xlsx，不超过${MAX_MB}MB）`}>
            <Upload.Dragger
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              maxCount={1}
              fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
              beforeUpload={(f) => {
                setFile(f);
                setResult(null);
                setFailure(null);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p>点击或拖入填好的导入模板</p>
            </Upload.Dragger>
          </Form.Item>
          <Button type="primary" htmlType="submit" disabled={!file || busy} loading={busy}>
            开始导入
          </Button>
        </Form>
      </Card>

      {phase !== null ? (
        <Card title="导入进度" size="small">
          <Steps size="small" current={STEP_OF[phase]} status={phase === 'done' ? (run?.outcome === 'refused' ? 'error' : 'finish') : 'process'} items={[{ title: '上传' }, { title: '检查' }, { title: '写入' }, { title: '完成' }]} />
          {busy ? (
            <div role="status" aria-live="polite" style={{ marginTop: 16 }}>
              <Typography.Text>{phase === 'uploading' ? `正在上传 ${Math.round(share * 100)}%` : `${PHASE_TEXT[phase]}…`}</Typography.Text>
              <Progress percent={Math.round(share * 100)} status="active" showInfo={false} aria-label="上传进度" />
            </div>
          ) : null}
        </Card>
      ) : null}

      {failure ? <Alert type="error" showIcon title={failure} /> : null}

      {run ? (
        <Card title="导入结果" size="small">
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type={run.outcome === 'ok' ? 'success' : run.outcome === 'partial' ? 'warning' : 'error'} showIcon title={result.message} role="status" />
            <Descriptions size="small" column={{ xs: 2, md: 5 }}>
              <Descriptions.Item label="总行数">{run.rows}</Descriptions.Item>
              <Descriptions.Item label="错误行">{run.badRows}</Descriptions.Item>
              <Descriptions.Item label="新增">{run.created}</Descriptions.Item>
              <Descriptions.Item label="更新">{run.updated}</Descriptions.Item>
              <Descriptions.Item label="未变">{run.unchanged}</Descriptions.Item>
            </Descriptions>
            {run.rejects ? (
              <Button icon={<DownloadOutlined />} onClick={() => downloadRejects(run.id, run.kind)}>
                下载错误行
              </Button>
            ) : null}
            {run.problems.length > 0 ? <ProblemTable problems={run.problems} total={run.problemTotal} /> : null}
          </Space>
        </Card>
      ) : null}
    </Space>
  );
}
