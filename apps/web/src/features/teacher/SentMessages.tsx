/**
 * The class's messages: with how many read each, who and when, the SMS delivery states, a reminder
 * by SMS to those who have not read, and delete. Shown on message (the list) and message1 (below the form).
 */
import { useState } from 'react';
import { Alert, Button, Card, Drawer, Modal, Space, Table, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { teacher as T } from '@portal/contract';
import { teacher } from '@portal/contract/refs';
import { call, showError } from '../../api/client.ts';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { LoadError, QueryState } from '../learning/ListState.tsx';
import { formatDateTime } from '../learning/format.ts';
import { toast } from '../../lib/toast.ts';
import { useUrlFilters } from '../../lib/urlFilters.ts';
import { deskTable } from './tableLayout.ts';
import { TableRegion } from '../content/TableRegion.tsx';

const DEFAULTS = { pageNum: 1, pageSize: 10 };
type SmsOutcome = { sent: number; failed: number; capped: number };

export const smsSummary = (o: SmsOutcome) => `短信：发送${o.sent}条${o.capped ? `，${o.capped}人已达当日上限未发送` : ''}${o.failed ? `，${o.failed}条发送失败` : ''}`;

function Recipients({ classId, message, onClose }: { classId: number; message: T.SentMessage; onClose: () => void }) {
  const q = useCallQuery(teacher.findMessageRecipients, { query: { classId, messageId: message.id } }, { staleTime: 0 });
  const client = useQueryClient();
  const remind = useMutation({
    mutationFn: () => call(teacher.sendSMS, { body: { classId, messageId: message.id, personIds: [] } }),
    onSuccess: (o) => {
      toast('success', smsSummary(o));
      void client.invalidateQueries({ queryKey: [teacher.findMessageRecipients.name] });
    },
    onError: (err) => showError(err, 'warning'),
  });
  return (
    <Drawer open title={`阅读情况：${message.title}`} width={640} onClose={onClose}>
      <p>
        已读 {message.readCount} / {message.recipientCount} 人
      </p>
      <Button onClick={() => remind.mutate()} loading={remind.isPending} disabled={message.readCount >= message.recipientCount}>
        短信提醒未读学员
      </Button>
      <QueryState query={q} empty="该消息没有接收人" isEmpty={(d) => d.recipients.length === 0}>
        {(d) => (
          <Table
            rowKey="personId"
            style={{ marginTop: 12 }}
            dataSource={d.recipients}
            pagination={d.recipients.length > 20 ? { pageSize: 20 } : false}
            columns={[
              { title: '姓名', dataIndex: 'personName' },
              { title: '工作单位', dataIndex: 'organName', ellipsis: true },
              { title: '阅读时间', dataIndex: 'readAt', render: (r: string | null) => (r ? formatDateTime(r) : <Tag color="warning">未读</Tag>) },
              { title: '短信', dataIndex: 'smsStatus', render: (s: keyof typeof teacher.SMS_STATE_LABELS | null) => (s ? teacher.SMS_STATE_LABELS[s] : '—') },
            ]}
          />
        )}
      </QueryState>
    </Drawer>
  );
}

export function SentMessages({ classId }: { classId: number }) {
  const [f, set] = useUrlFilters(DEFAULTS);
  const [viewing, setViewing] = useState<T.SentMessage | null>(null);
  const client = useQueryClient();
  const messages = useCallQuery(teacher.findMessage, { query: { classId, pageNum: f.pageNum, pageSize: f.pageSize } }, { enabled: classId > 0, keepPrevious: true, staleTime: 0 });
  const remove = useMutation({
    mutationFn: (id: number) => call(teacher.deleteMessage, { query: { classId, messageId: id } }),
    onSuccess: () => {
      toast('success', '消息已删除');
      void client.invalidateQueries({ queryKey: [teacher.findMessage.name] });
    },
    onError: (err) => showError(err, 'warning'),
  });
  return (
    <>
      <Card title="已发送的消息" style={{ marginTop: 16 }}>
        {messages.isError ? (
          <LoadError error={messages.error} retry={() => void messages.refetch()} />
        ) : (
          <TableRegion label="已发送的消息">
            <Table<T.SentMessage>
              rowKey="id"
              loading={messages.isFetching}
              dataSource={messages.data?.list ?? []}
              locale={{ emptyText: '还没有发送过消息' }}
              pagination={{ current: f.pageNum, pageSize: f.pageSize, total: messages.data?.total ?? 0, onChange: (pageNum, pageSize) => set({ pageNum, pageSize }), showTotal: (n) => `共${n}条` }}
              {...deskTable<T.SentMessage>(
                [
                  { title: '标题', dataIndex: 'title', width: 260, ellipsis: true },
                  { title: '发送人', dataIndex: 'senderName', width: 90 },
                  { title: '发送时间', dataIndex: 'sentAt', width: 150, render: (d: string) => formatDateTime(d) },
                  { title: '已读', key: 'read', width: 100, render: (_: unknown, m) => `${m.readCount} / ${m.recipientCount}` },
                  { title: '短信', dataIndex: 'sms', width: 70, render: (s: boolean) => (s ? <Tag color="success">已发</Tag> : '—') },
                  {
                    title: '操作',
                    key: 'action',
                    width: 170,
                    render: (_: unknown, m) => (
                      <Space>
                        <Button size="small" onClick={() => setViewing(m)}>
                          阅读情况
                        </Button>
                        <Button
                          size="small"
                          danger
                          onClick={() => Modal.confirm({ title: '删除消息', content: `删除后学员将看不到“${m.title}”，确定删除吗？`, okText: '删除', cancelText: '取消', onOk: () => remove.mutateAsync(m.id) })}
                        >
                          删除
                        </Button>
                      </Space>
                    ),
                  },
                ],
                { name: 'title' },
              )}
            />
          </TableRegion>
        )}
        <Alert style={{ marginTop: 12 }} type="info" showIcon message="学员打开消息后，“阅读情况”中记下阅读时间；未读的学员可以再用短信提醒。" />
      </Card>
      {viewing ? <Recipients classId={classId} message={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  );
}
