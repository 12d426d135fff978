/**
 * 用笔记写心得 (issue 16): from a course's notes on learningnotes, a homework draft that quotes them.
 * The learner picks one of their open homework assignments (the ones of that course first); the
 * editor opens with the notes quoted at the end of the draft (plain text, see notesQuote.ts), and the
 * usual autosave keeps it. The notes are read when the editor opens, so the quote is always current.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Empty, Modal, Radio, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { notes as N, work as W } from '@portal/contract';
import { bookTitle } from '@portal/contract/base';
import { notes, work } from '@portal/contract/refs';
import { call } from '../../api/client.ts';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { Loading } from '../learning/ListState.tsx';
import { formatDateTime } from '../learning/format.ts';
import { hwHref, stateLabel } from './common.tsx';

/** The search parameter that asks the editor to quote a course's notes. */
export const NOTES_PARAM = 'notesOf';

const open = (r: W.MyWorkItem) => r.kind === 'homework' && (r.state === 'draft' || r.state === 'returned' || (r.state === 'none' && !r.closed));

/** All my notes of a course (up to 500), in the order of the notes page. */
export async function courseNotes(courseId: number): Promise<N.Note[]> {
  const out: N.Note[] = [];
  for (let pageNum = 1; pageNum <= 5; pageNum++) {
    const page = await call(notes.findNoteByPage, { query: { courseId, pageNum, pageSize: 100 } });
    out.push(...page.list);
    if (out.length >= page.total || page.list.length === 0) break;
  }
  return out;
}

function Chooser({ courseTitle, onChoose }: { courseTitle: string; onChoose: (r: W.MyWorkItem | null) => void }) {
  const q = useCallQuery(work.findWorkByPage, { query: { kind: 'homework', pageNum: 1, pageSize: 100 } }, { staleTime: 0 });
  const list = (q.data?.list ?? []).filter(open).sort((a, b) => Number(b.courseTitle === courseTitle) - Number(a.courseTitle === courseTitle));
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = list.find((r) => r.id === chosen) ?? list[0] ?? null;
  const selectedId = selected?.id ?? null;
  useEffect(() => {
    onChoose(list.find((r) => r.id === selectedId) ?? null);
  }, [selectedId]); // eslint-disable-line react-hooks/exhaustive-deps
  if (q.isPending) return <Loading />;
  if (list.length === 0) return <Empty description="您现在没有可以撰写的作业" />;
  return (
    <Radio.Group aria-label="选择作业" value={selectedId} onChange={(e) => setChosen(e.target.value as number)}>
      <Space direction="vertical">
        {list.map((r) => (
          <Radio key={r.id} value={r.id}>
            {r.title}
            <span className="hw-muted">
              {' '}
              · {r.courseTitle || r.installTitle || r.className} · {stateLabel(r.kind, r.state)} · 截止 {formatDateTime(r.dueAt)}
            </span>
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}

/** The button beside a course's notes. */
export function WriteFromNotes({ courseId, courseTitle }: { courseId: number; courseTitle: string }) {
  const [show, setShow] = useState(false);
  const [target, setTarget] = useState<W.MyWorkItem | null>(null);
  const navigate = useNavigate();
  return (
    <>
      <Button size="small" icon={<EditOutlined />} aria-label={`用笔记写心得 ${courseTitle}`} onClick={() => setShow(true)}>
        用笔记写心得
      </Button>
      <Modal
        title="用笔记写心得"
        open={show}
        okText="开始撰写"
        cancelText="取消"
        okButtonProps={{ disabled: !target }}
        onCancel={() => setShow(false)}
        onOk={() => {
          if (!target) return;
          const href = target.state === 'none' ? hwHref.write(target.id) : hwHref.edit(target.id);
          void navigate(`${href}&${NOTES_PARAM}=${courseId}`);
        }}
        destroyOnHidden
      >
        <p>{bookTitle(courseTitle)}的笔记将以摘录的形式加在所选作业草稿的末尾，您可以在此基础上修改。</p>
        {show ? <Chooser courseTitle={courseTitle} onChoose={setTarget} /> : null}
      </Modal>
    </>
  );
}
