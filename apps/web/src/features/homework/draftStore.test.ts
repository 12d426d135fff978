import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../lib/deviceQueue.ts';
import { DraftCopies, sameContent, type DraftCopy } from './draftStore.ts';

const file = { id: 7, name: '学习笔记.pdf', type: 'pdf' as const, size: 2048, kind: 'file' as const, uploadedAt: '2026-11-24T08:00:00.000Z', url: '/video_learning/education/studentLearn/downloadWorkFile?fileId=7' };
const copy = (over: Partial<DraftCopy> = {}): DraftCopy => ({ personId: 1, workId: 10, revision: 3, text: '学习体会第一段', practice: null, files: [], at: 1, ...over });

describe('the device copy of a draft', () => {
  it('keeps one copy per person and assignment, the newest replacing the older', () => {
    const c = new DraftCopies(memoryStore());
    c.put(copy());
    c.put(copy({ text: '学习体会第一段，第二段', at: 2 }));
    c.put(copy({ personId: 2, text: '另一位学员的草稿' }));
    expect(c.get(1, 10)?.text).toBe('学习体会第一段，第二段');
    expect(c.get(2, 10)?.text).toBe('另一位学员的草稿');
    expect(c.get(1, 11)).toBeNull();
  });

  it('goes once the server holds its content; a copy typed since stays, rebased on the new revision', () => {
    const c = new DraftCopies(memoryStore());
    c.put(copy({ text: '已发送的内容' }));
    c.acknowledged(1, 10, { text: '已发送的内容', practice: null, files: [] }, 4);
    expect(c.get(1, 10)).toBeNull();

    c.put(copy({ text: '发送之后又写的内容', revision: 4 }));
    c.acknowledged(1, 10, { text: '发送之前的内容', practice: null, files: [] }, 5);
    expect(c.get(1, 10)).toMatchObject({ text: '发送之后又写的内容', revision: 5 });
  });

  it('survives a reload (read back from the store) and drops records that are not copies', () => {
    const store = memoryStore();
    new DraftCopies(store).put(copy({ files: [file], practice: { time: '10月', place: '社区', done: '走访', outcome: '建议' } }));
    store.setItem('homeworkDraftCopies', JSON.stringify([...JSON.parse(store.getItem('homeworkDraftCopies')!), { personId: 'x' }, null]));
    const again = new DraftCopies(store);
    expect(again.get(1, 10)).toMatchObject({ files: [file], practice: { place: '社区' } });
  });

  it('compares content by text, practice fields and attachments in order', () => {
    const a = { text: 't', practice: null, files: [file] };
    expect(sameContent(a, { ...a })).toBe(true);
    expect(sameContent(a, { ...a, files: [] })).toBe(false);
    expect(sameContent(a, { ...a, text: 't2' })).toBe(false);
  });
});
