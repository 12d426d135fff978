/**
 * learningnotes: all my notes, grouped by course, searchable by course and text, paged; the filters
 * are kept in the address. Each note opens its chapter, or is edited or deleted here.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Input, Pagination, Popconfirm, Select } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { notes as notesTypes } from '@portal/contract';
import { anchorLabel } from '@portal/contract/base';
import { notes } from '@portal/contract/refs';
import { call, showError } from '../../api/client.ts';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { QueryState } from '../learning/ListState.tsx';
import { formatDateTime } from '../learning/format.ts';
import { idFrom } from '../learning/query.ts';
import { studyHref, videoAtHref } from '../study/links.ts';
import { downloadFile } from '../../api/download.ts';
import { toast } from '../../lib/toast.ts';
import { useInvalidateNotes } from './CourseNotes.tsx';
import { ADD_NOTE_HREF, editNoteHref } from './links.ts';
import { WriteFromNotes } from '../homework/fromNotes.tsx';
import './notes.css';

const PAGE_SIZE = 10;
type Note = notesTypes.Note;

/** Consecutive notes of one course together (the server orders them by course). */
function byCourse(list: Note[]): { courseId: number; courseTitle: string; items: Note[] }[] {
  const groups: { courseId: number; courseTitle: string; items: Note[] }[] = [];
  for (const n of list) {
    const last = groups[groups.length - 1];
    if (last?.courseId === n.courseId) last.items.push(n);
    else groups.push({ courseId: n.courseId, courseTitle: n.courseTitle, items: [n] });
  }
  return groups;
}

/** 导出笔记: all my notes of the course (not only this page's) as a Word document. */
function ExportButton({ courseId, courseTitle }: { courseId: number; courseTitle: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      loading={busy}
      aria-label={`导出笔记 ${courseTitle}`}
      onClick={() => {
        setBusy(true);
        downloadFile(notes.exportNotes, { courseId }, `学习笔记-${courseTitle}.docx`).then(
          () => setBusy(false),
          (err: unknown) => {
            console.error(err);
            toast('error', navigator.onLine ? '导出失败，请稍后重试' : '网络连接已断开，请检查网络');
            setBusy(false);
          },
        );
      }}
    >
      导出笔记
    </Button>
  );
}

export function NotesList() {
  const [params, setParams] = useSearchParams();
  const courseId = idFrom(params.get('courseId'));
  const keyword = params.get('keyword') ?? '';
  const pageNum = idFrom(params.get('page')) ?? 1;
  const set = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p, { replace: true });
  };
  const refresh = useInvalidateNotes();
  const courses = useCallQuery(notes.findNoteCourses, {}, { staleTime: 0 });
  const list = useCallQuery(
    notes.findNoteByPage,
    { query: { pageNum, pageSize: PAGE_SIZE, ...(courseId ? { courseId } : {}), ...(keyword ? { keyword } : {}) } },
    { staleTime: 0, keepPrevious: true },
  );
  const remove = useMutation({
    mutationFn: (noteId: number) => call(notes.deleteNote, { body: { noteId } }),
    onSuccess: () => {
      toast('success', '笔记已删除');
      refresh();
    },
    onError: (err) => showError(err, 'warning'),
  });

  return (
    <>
      <div className="notes-page-filters" role="search">
        <Select
          aria-label="按课程筛选"
          allowClear
          placeholder="全部课程"
          style={{ minWidth: 240 }}
          value={courseId ?? undefined}
          options={(courses.data ?? []).map((c) => ({ value: c.courseId, label: `${c.courseTitle}（${c.count}）` }))}
          onChange={(v: number | undefined) => set({ courseId: v ? String(v) : null, page: null })}
        />
        <Input.Search
          aria-label="搜索笔记"
          placeholder="搜索标题、内容或课程"
          allowClear
          defaultValue={keyword}
          maxLength={50}
          style={{ maxWidth: 320 }}
          onSearch={(v) => set({ keyword: v.trim() || null, page: null })}
        />
        <Link to={courseId ? `${ADD_NOTE_HREF}?courseId=${courseId}` : ADD_NOTE_HREF}>
          <Button type="primary">新增笔记</Button>
        </Link>
      </div>
      <QueryState query={list} empty={keyword || courseId ? '没有符合条件的笔记' : '还没有学习笔记，学习课程时可随时记笔记'} isEmpty={(d) => d.list.length === 0}>
        {(d) => (
          <>
            {byCourse(d.list).map((g, i) => (
              <section key={`${g.courseId}-${i}`} className="lc-card notes-page-group" aria-label={g.courseTitle}>
                <div className="notes-panel-head">
                  <h2 className="lc-topic-title">
                    <Link to={`/study?courseId=${g.courseId}`}>{g.courseTitle}</Link>
                  </h2>
                  <span className="notes-actions">
                    <WriteFromNotes courseId={g.courseId} courseTitle={g.courseTitle} />
                    <ExportButton courseId={g.courseId} courseTitle={g.courseTitle} />
                  </span>
                </div>
                <ol className="notes-list">
                  {g.items.map((n) => (
                    <li key={n.id} className="notes-item">
                      <p className="notes-title">
                        {n.anchor === null ? null : n.resourceKind === 'video' ? (
                          <>
                            <Link className="notes-anchor" to={videoAtHref(n.courseId, n.resourceId, n.anchor)} aria-label={`从 ${anchorLabel(n.resourceKind, n.anchor)} 开始观看 ${n.resourceTitle}`}>
                              {anchorLabel(n.resourceKind, n.anchor)}
                            </Link>{' '}
                          </>
                        ) : (
                          <span className="notes-anchor">{anchorLabel(n.resourceKind, n.anchor)} </span>
                        )}
                        {n.title}
                      </p>
                      <p className="notes-muted">
                        <Link to={studyHref(n.resourceKind, n.courseId, n.resourceId)}>{n.resourceTitle}</Link> · 更新于 {formatDateTime(n.updatedAt)}
                      </p>
                      <p className="notes-content">{n.content}</p>
                      <div className="notes-actions">
                        <Link to={editNoteHref(n.id)} aria-label={`编辑 ${n.title}`}>
                          编辑
                        </Link>
                        <Popconfirm title="确定删除这条笔记吗？" okText="删除" cancelText="取消" onConfirm={() => remove.mutate(n.id)}>
                          <Button type="link" size="small" danger aria-label={`删除 ${n.title}`}>
                            删除
                          </Button>
                        </Popconfirm>
                      </div>
                    </li>
                  ))}
                </ol>
              </section>
            ))}
            <Pagination className="lc-pager" current={pageNum} pageSize={PAGE_SIZE} total={d.total} onChange={(p) => set({ page: p > 1 ? String(p) : null })} showSizeChanger={false} hideOnSinglePage />
          </>
        )}
      </QueryState>
    </>
  );
}
