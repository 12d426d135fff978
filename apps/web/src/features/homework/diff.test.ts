import { describe, expect, it } from 'vitest';
import { diffStats, diffText, tokenize, type DiffPart } from './diff.ts';

const before = (parts: DiffPart[]) => parts.filter((p) => p.op !== 'ins').map((p) => p.text).join('');
const after = (parts: DiffPart[]) => parts.filter((p) => p.op !== 'del').map((p) => p.text).join('');

describe('diffText', () => {
  it('cuts Chinese into characters and keeps Latin words and numbers whole', () => {
    expect(tokenize('学习2026年GDP报告')).toEqual(['学', '习', '2026', '年', 'GDP', '报', '告']);
  });

  it('marks an inserted phrase inside a Chinese sentence', () => {
    const parts = diffText('坚持以人民为中心的发展思想。', '坚持以人民为中心的新发展思想。');
    expect(parts).toEqual([
      { op: 'same', text: '坚持以人民为中心的' },
      { op: 'ins', text: '新' },
      { op: 'same', text: '发展思想。' },
    ]);
  });

  it('marks a deletion and a replacement, and rebuilds both versions exactly', () => {
    const a = '一、深入学习党的二十大精神。\n二、结合本单位实际，推进基层治理。\n三、下一步打算。';
    const b = '一、深入学习党的二十届三中全会精神。\n二、结合本单位实际，推进基层治理现代化。\n';
    const parts = diffText(a, b);
    expect(before(parts)).toBe(a);
    expect(after(parts)).toBe(b);
    expect(parts.some((p) => p.op === 'del' && p.text.includes('三、下一步打算'))).toBe(true);
    expect(parts.some((p) => p.op === 'ins' && p.text.includes('现代化'))).toBe(true);
  });

  it('folds a lone unchanged character between two changes into one replacement', () => {
    const parts = diffText('他认真地完成了任务', '她努力地完成了任务');
    expect(parts).toEqual([
      { op: 'del', text: '他认真' },
      { op: 'ins', text: '她努力' },
      { op: 'same', text: '地完成了任务' },
    ]);
  });

  it('answers nothing changed for equal texts and handles empty sides', () => {
    expect(diffText('相同', '相同')).toEqual([{ op: 'same', text: '相同' }]);
    expect(diffText('', '新写的')).toEqual([{ op: 'ins', text: '新写的' }]);
    expect(diffText('旧的', '')).toEqual([{ op: 'del', text: '旧的' }]);
    expect(diffText('', '')).toEqual([]);
  });

  it('counts the characters inserted and deleted', () => {
    expect(diffStats(diffText('坚持以人民为中心', '坚持以人民为中心的发展思想'))).toEqual({ inserted: 5, deleted: 0 });
  });

  it('stays exact on a long text with scattered edits', () => {
    const para = '学习贯彻习近平新时代中国特色社会主义思想，要做到学思用贯通、知信行统一。';
    const a = Array.from({ length: 80 }, (_, i) => `${i + 1}. ${para}`).join('\n');
    const b = a.replace('5. 学习', '5. 认真学习').replace('40. ', '40. 特别是').replace(/\n77\.[^\n]*/, '');
    const parts = diffText(a, b);
    expect(before(parts)).toBe(a);
    expect(after(parts)).toBe(b);
    expect(diffStats(parts).inserted).toBe(5);
  });
});
