/**
 * The reminders a class has had, by hand and by schedule: when, who was reminded, who has read the
 * 站内消息, the SMS states; a schedule's run that stopped it says why. On /class/remind.
 */
import { Card, Table, Tag } from 'antd';
import type { remind as R } from '@portal/contract';
import { remind, teacher } from '@portal/contract/refs';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { LoadError } from '../learning/ListState.tsx';
import { DEFAULT_UTC_OFFSET_MINUTES } from '@portal/contract/base';
import { usePortalConfig } from '../../lib/config.ts';
import { collegeDateTime } from '../../lib/format.ts';
import { smsSummary } from './SentMessages.tsx';
import { deskTable } from './tableLayout.ts';
import { TableRegion } from '../content/TableRegion.tsx';

/** Times on the college's clock, as the schedules that made the runs are set. */
function useCollegeTime() {
  const offset = usePortalConfig().config?.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES;
  return (iso: string | null) => collegeDateTime(iso, offset);
}

function Recipients({ run }: { run: R.RemindRun }) {
  const formatDateTime = useCollegeTime();
  return (
    <Table
      rowKey="personId"
      size="small"
      dataSource={run.recipients}
      pagination={run.recipients.length > 20 ? { pageSize: 20 } : false}
      columns={[
        { title: '姓名', dataIndex: 'personName' },
        ...(run.messageId !== null ? [{ title: '站内消息', dataIndex: 'readAt', render: (r: string | null) => (r ? `已读 ${formatDateTime(r)}` : <Tag color="warning">未读</Tag>) }] : []),
        ...(run.sms ? [{ title: '短信', dataIndex: 'smsStatus', render: (s: keyof typeof teacher.SMS_STATE_LABELS | null) => (s ? teacher.SMS_STATE_LABELS[s] : '—') }] : []),
      ]}
    />
  );
}

export function RemindRuns({ classId }: { classId: number }) {
  const formatDateTime = useCollegeTime();
  const runs = useCallQuery(remind.findRemindRun, { query: { classId } }, { enabled: classId > 0, staleTime: 0 });
  return (
    <Card title="提醒记录" style={{ marginTop: 16 }}>
      {runs.isError ? (
        <LoadError error={runs.error} retry={() => void runs.refetch()} />
      ) : (
        <TableRegion label="提醒记录">
          <Table<R.RemindRun>
            rowKey="id"
            loading={runs.isFetching}
            dataSource={runs.data ?? []}
            locale={{ emptyText: '还没有发送过提醒' }}
            pagination={false}
            expandable={{ columnTitle: <span className="visually-hidden">展开收件人</span>, expandedRowRender: (r) => <Recipients run={r} />, rowExpandable: (r) => r.recipients.length > 0 }}
            {...deskTable<R.RemindRun>(
              [
                { title: '时间', dataIndex: 'ranAt', width: 150, render: (d: string) => formatDateTime(d) },
                { title: '来源', dataIndex: 'scheduleId', width: 90, render: (s: number | null) => (s === null ? '手动发送' : '定时提醒') },
                { title: '标题', dataIndex: 'title', width: 180, ellipsis: true },
                { title: '方式', dataIndex: 'channel', width: 120, render: (c: R.RemindChannel) => remind.REMIND_CHANNEL_LABELS[c] },
                {
                  title: '结果',
                  key: 'outcome',
                  width: 260,
                  render: (_: unknown, r) =>
                    r.outcome === 'sent' ? (
                      <span>
                        提醒{r.recipientCount}人{r.messageId !== null ? `，已读${r.readCount}人` : ''}
                        {r.sms ? `；${smsSummary(r.sms)}` : ''}
                      </span>
                    ) : (
                      <Tag>未发送，计划结束：{remind.SCHEDULE_END_LABELS[r.outcome]}</Tag>
                    ),
                },
              ],
              { name: 'ranAt' },
            )}
          />
        </TableRegion>
      )}
    </Card>
  );
}
