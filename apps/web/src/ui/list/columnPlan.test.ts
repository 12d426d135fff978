import { describe, expect, it } from 'vitest';
import { ACTION_WIDTH, headerWidth, planColumns, type PlannedColumn } from './columnPlan.ts';

type Row = { id: number; title: string; status: string; at: string };
const cols: PlannedColumn<Row>[] = [
  { title: '编号', dataIndex: 'id', width: 40 },
  { title: '标题', dataIndex: 'title', width: 300 },
  { title: '应完成学时', dataIndex: 'status', width: 40 },
  { title: '发布时间', dataIndex: 'at', width: 150 },
  { title: '操作', key: 'actions', width: 290, fixed: 'right' },
];

describe('planColumns', () => {
  it('keeps the title column and those before it at the left and the action column narrow at the right', () => {
    const planned = planColumns(cols, { titleColumn: 'title' });
    expect(planned.map((c) => c.fixed)).toEqual(['left', 'left', undefined, undefined, 'right']);
    // The time column moves beside the title, ahead of the other columns.
    expect(planned.map((c) => c.title)).toEqual(['编号', '标题', '发布时间', '应完成学时', '操作']);
    expect(planned[4]!.width).toBe(ACTION_WIDTH);
    expect(planned[4]!.className).toContain('list-actions');
  });

  it('widens a column to its header so the header stays on one line', () => {
    const planned = planColumns(cols, { titleColumn: 'title' });
    expect(planned[3]!.width).toBe(headerWidth('应完成学时'));
    expect(planned[3]!.width).toBeGreaterThanOrEqual(5 * 16);
    expect(planned[2]!.width).toBe(150);
    const header = planned[3]!.onHeaderCell!({}) as { style: { whiteSpace: string } };
    expect(header.style.whiteSpace).toBe('nowrap');
  });

  it('fixes only the first column when no title column is named', () => {
    expect(planColumns(cols).map((c) => c.fixed)).toEqual(['left', undefined, undefined, undefined, 'right']);
  });
});
