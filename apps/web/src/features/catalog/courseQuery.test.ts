// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { catalog } from '@portal/contract';
import { courseQueryOf, findCategory, readCourseState } from './courseQuery.ts';

describe('course catalogue state', () => {
  it('reads the address, with defaults for missing or bad values', () => {
    expect(readCourseState(new URLSearchParams(''))).toEqual({ keyword: '', categoryId: null, sort: 'new', page: 1 });
    expect(readCourseState(new URLSearchParams('keyword= 党史 &categoryId=6&sort=popular&page=2'))).toEqual({
      keyword: '党史',
      categoryId: 6,
      sort: 'popular',
      page: 2,
    });
    expect(readCourseState(new URLSearchParams('categoryId=x&sort=odd&page=-1'))).toEqual({ keyword: '', categoryId: null, sort: 'new', page: 1 });
  });

  it('builds a query the contract accepts', () => {
    const q = courseQueryOf({ keyword: '', categoryId: null, sort: 'popular', page: 3 });
    expect(q).toEqual({ pageNum: 3, pageSize: 12, sort: 'popular' });
    expect(catalog.findCourseByPage.query.safeParse(q).success).toBe(true);
    const q2 = courseQueryOf({ keyword: '法治', categoryId: 8, sort: 'new', page: 1 });
    expect(catalog.findCourseByPage.query.safeParse(q2).success).toBe(true);
    expect(q2).toMatchObject({ keyword: '法治', categoryId: 8 });
  });

  it('finds a category and its top-level parent', () => {
    const tree = [{ id: 1, name: '政治理论', courseCount: 3, children: [{ id: 5, name: '党史', courseCount: 3 }] }];
    expect(findCategory(tree, 5)?.top.name).toBe('政治理论');
    expect(findCategory(tree, 1)?.node.name).toBe('政治理论');
    expect(findCategory(tree, 9)).toBeNull();
    expect(findCategory(tree, null)).toBeNull();
  });
});
