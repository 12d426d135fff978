/** /learningClassroom/learningstatistics: my history by year, exported as an Excel workbook. */
import { useState } from 'react';
import { Button, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { learning } from '@portal/contract/refs';
import { QueryState } from '../../../features/learning/ListState.tsx';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { downloadFile } from '../../../api/download.ts';
import { toast } from '../../../lib/toast.ts';

export default function LearningHistoryPage() {
  const q = useCallQuery(learning.findLearningHistory, {}, { staleTime: 0 });
  const [busy, setBusy] = useState(false);
  return (
    <>
      <p>
        <Button
          icon={<DownloadOutlined />}
          loading={busy}
          onClick={() => {
            setBusy(true);
            downloadFile(learning.exportLearningHistory, {}, '学习档案.xlsx').then(
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
          />
        )}
      </QueryState>
    </>
  );
}
