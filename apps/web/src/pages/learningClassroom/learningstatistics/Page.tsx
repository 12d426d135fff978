/** /learningClassroom/learningstatistics: my history by year, exported as an Excel workbook. */
import { useState } from 'react';
import { Button, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { urlOf } from '@portal/contract/base';
import { learning } from '@portal/contract/refs';
import { ClassroomLayout } from '../../../features/classroom/ClassroomLayout.tsx';
import { QueryState } from '../../../features/learning/ListState.tsx';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { storage } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';

/** The export is a file, not an envelope: fetched with the login token and saved from a blob. */
async function downloadHistory() {
  const token = storage.get().token;
  const res = await fetch(urlOf(learning.exportLearningHistory, ''), { headers: token ? { Authorization: token } : {} });
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = '学习档案.xlsx';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export default function LearningHistoryPage() {
  const q = useCallQuery(learning.findLearningHistory, {}, { staleTime: 0 });
  const [busy, setBusy] = useState(false);
  return (
    <ClassroomLayout title="学习档案">
      <p>
        <Button
          icon={<DownloadOutlined />}
          loading={busy}
          onClick={() => {
            setBusy(true);
            downloadHistory().then(
              () => setBusy(false),
              (err: unknown) => {
                console.error(err);
                toast('error', navigator.onLine ? '导出失败，请稍后重试' : '网络连接已断开，请检查网络');
                setBusy(false);
              },
            );
          }}
        >
          导出 Excel
        </Button>
      </p>
      <QueryState query={q} empty="还没有学习记录" isEmpty={(d) => d.length === 0}>
        {(rows) => (
          <Table
            rowKey="year"
            columns={[
              { title: '年度', dataIndex: 'year', render: (y: number) => `${y}年` },
              { title: '要求学时', dataIndex: 'requiredHours' },
              { title: '已获学时', dataIndex: 'earnedHours' },
              { title: '完成课程', dataIndex: 'completedCourses', render: (n: number) => `${n}门` },
            ]}
            dataSource={rows}
            pagination={rows.length > 10 ? { pageSize: 10 } : false}
            scroll={{ x: 420 }}
          />
        )}
      </QueryState>
    </ClassroomLayout>
  );
}
