/**
 * /learningClassroom/mymessage: my class messages, newest first, unread marked; opening one marks it
 * read (the teacher then sees when) and the header's badge goes down.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Pagination, Segmented, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teacher } from '@portal/contract/refs';
import { call, showError } from '../../../api/client.ts';
import { useCallQuery } from '../../../api/useCallQuery.ts';
import { QueryState } from '../../../features/learning/ListState.tsx';
import { formatDateTime } from '../../../features/learning/format.ts';
import { PRINT_CERTIFICATE_HREF } from '../../../features/learning/topicPath.ts';
import { useUrlFilters } from '../../../lib/urlFilters.ts';

const DEFAULTS = { unread: 'false', pageNum: 1, pageSize: 10 };

export default function MyMessagesPage() {
  const [f, set] = useUrlFilters(DEFAULTS);
  const [open, setOpen] = useState<number | null>(null);
  const client = useQueryClient();
  const q = useCallQuery(teacher.findMyMessage, { query: { unread: f.unread === 'true' ? 'true' : 'false', pageNum: f.pageNum, pageSize: f.pageSize } }, { keepPrevious: true, staleTime: 0 });
  const read = useMutation({
    mutationFn: (messageId: number) => call(teacher.readMessage, { query: { messageId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [teacher.findMyMessage.name] });
      void client.invalidateQueries({ queryKey: [teacher.findUnreadMessageCount.name] });
    },
    onError: (err) => showError(err, 'warning'),
  });
  return (
    <>
      <p>
        <Segmented
          aria-label="筛选消息"
          value={f.unread}
          onChange={(v) => set({ unread: String(v) })}
          options={[
            { value: 'false', label: '全部消息' },
            { value: 'true', label: '未读消息' },
          ]}
        />
      </p>
      <QueryState query={q} empty={f.unread === 'true' ? '没有未读消息' : '还没有收到消息'} isEmpty={(d) => d.list.length === 0}>
        {(d) => (
          <>
            <ul className="lc-list">
              {d.list.map((m) => (
                <li key={m.id} className="lc-card">
                  <h2 className="lc-topic-title">
                    {m.readAt ? null : <Badge status="error" />} {m.title} {m.readAt ? <Tag>已读</Tag> : <Tag color="red">未读</Tag>}
                  </h2>
                  <p className="lc-muted">
                    {[m.className, m.senderName, formatDateTime(m.sentAt)].filter(Boolean).join(' · ')}
                  </p>
                  {open === m.id ? (
                    <>
                      <p>{m.content}</p>
                      {m.link ? (
                        <Link to={m.link}>
                          <Button type="primary" size="small">
                            {m.link === PRINT_CERTIFICATE_HREF ? '打印证书' : '查看'}
                          </Button>
                        </Link>
                      ) : null}
                    </>
                  ) : (
                    <Button
                      size="small"
                      onClick={() => {
                        setOpen(m.id);
                        if (!m.readAt) read.mutate(m.id);
                      }}
                    >
                      查看内容
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            <Pagination current={f.pageNum} pageSize={f.pageSize} total={d.total} onChange={(pageNum, pageSize) => set({ pageNum, pageSize })} showTotal={(n) => `共${n}条`} hideOnSinglePage />
          </>
        )}
      </QueryState>
    </>
  );
}
