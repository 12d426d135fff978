import { describe, expect, it } from 'vitest';
import { deskList, deskTable } from './tableLayout.ts';

describe('deskTable', () => {
  const columns = [
    { title: '学号', dataIndex: 'personNo' },
    { title: '姓名', dataIndex: 'personName' },
    { title: '状态', dataIndex: 'state' },
    { title: '操作', key: 'action' },
  ];

  it('keeps the columns up to the name at the left and the action at the right, and sizes the table to its columns', () => {
    const t = deskTable(columns, { name: 'personName' });
    expect(t.columns?.map((c) => c.fixed)).toEqual(['left', 'left', undefined, 'right']);
    expect(t.scroll).toEqual({ x: 'max-content' });
    expect(t.className).toBe('desk-table');
  });

  it('refuses a name column the table does not have', () => {
    expect(() => deskTable(columns, { name: 'title' })).toThrow(/no column title/);
  });
});

describe('deskList', () => {
  it('names the title and action columns for the list kit and refuses a missing name column', () => {
    const t = deskList([{ title: '姓名', dataIndex: 'personName' }, { title: '操作', key: 'action' }], { name: 'personName' });
    expect(t.titleColumn).toBe('personName');
    expect(t.actionColumn).toBe('action');
    expect(() => deskList([{ title: '姓名', dataIndex: 'personName' }], { name: 'title' })).toThrow(/no column title/);
  });
});
