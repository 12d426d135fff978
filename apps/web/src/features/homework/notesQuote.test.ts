import { describe, expect, it } from 'vitest';
import type { notes as N } from '@portal/contract';
import { notesQuote, plainText } from './notesQuote.ts';

const note = (over: Partial<N.Note>): N.Note => ({
  id: 1,
  courseId: 7,
  courseTitle: '新修订《行政复议法》要点',
  resourceId: 3,
  resourceTitle: '第一讲 修订背景',
  resourceKind: 'video',
  anchor: 192,
  title: '核心要点',
  content: '本节的三个要点：\n一是坚持问题导向；\n二是突出实干实效。',
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:00:00.000Z',
  ...over,
});

describe('plainText', () => {
  it('keeps the words of a note written in Markdown, without its signs', () => {
    expect(plainText('## 小标题\n\n> **重点**：依法行政\n- 第一条\n* 第二条\n1. 编号保留\n---\n[原文](https://example.com/a_(b)) 与 `代码` 与 *强调* 与 ~~删去~~')).toBe(
      '小标题\n重点：依法行政\n第一条\n第二条\n1. 编号保留\n原文 与 代码 与 强调 与 删去',
    );
  });

  it('leaves plain text as it is', () => {
    expect(plainText('案例中的做法可借鉴：先调研摸底，再分类施策，最后跟踪问效。')).toBe('案例中的做法可借鉴：先调研摸底，再分类施策，最后跟踪问效。');
  });
});

describe('notesQuote', () => {
  it('is a line naming the course, then one plain paragraph per note with where it was taken', () => {
    const text = notesQuote([
      note({}),
      note({ id: 2, resourceTitle: '第二讲 课件', resourceKind: 'pdf', anchor: 5, title: '第二讲 课件 第5页', content: '> **政策依据**要对照原文再读一遍。' }),
      note({ id: 3, resourceTitle: '第三讲 总结', anchor: null, title: '第三讲 总结', content: '# 体会\n联系实际。' }),
    ]);
    expect(text).toBe(
      [
        '学习笔记摘录（《新修订〈行政复议法〉要点》）',
        '第一讲 修订背景 第3分12秒（核心要点）：\n本节的三个要点：\n一是坚持问题导向；\n二是突出实干实效。',
        '第二讲 课件 第5页：\n政策依据要对照原文再读一遍。',
        '第三讲 总结：\n体会\n联系实际。',
      ].join('\n\n'),
    );
    expect(text).not.toMatch(/[#>*]/);
  });

  it('is empty without notes', () => {
    expect(notesQuote([])).toBe('');
  });
});
