import { describe, expect, it } from 'vitest';
import { bookTitle } from './bookTitle.ts';

describe('bookTitle', () => {
  it('wraps a plain title in 《》', () => {
    expect(bookTitle('学习贯彻党的二十届三中全会精神心得体会')).toBe('《学习贯彻党的二十届三中全会精神心得体会》');
  });

  it('never doubles the marks of a title that carries 《》', () => {
    expect(bookTitle('《习近平新时代中国特色社会主义思想学习纲要》专题学习体会')).toBe('《〈习近平新时代中国特色社会主义思想学习纲要〉专题学习体会》');
    expect(bookTitle('新修订《行政复议法》要点')).toBe('《新修订〈行政复议法〉要点》');
    expect(bookTitle('《行政复议法》')).toBe('《行政复议法》');
    expect(bookTitle('《民法典》与《行政复议法》')).toBe('《〈民法典〉与〈行政复议法〉》');
  });
});
