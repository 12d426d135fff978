/** The /course catalogue's state in the address: ?keyword=&categoryId=&sort=new|popular&page=. */
import type { catalog as catalogTypes } from '@portal/contract';
import { catalog } from '@portal/contract/refs';
import { oneOf, positiveInt, textParam } from '../content/urlState.ts';

export const COURSE_PAGE_SIZE = 12;
export const COURSE_DEFAULTS = { sort: catalog.COURSE_SORTS[0] };

export const COURSE_SORT_LABELS: Record<catalogTypes.CourseSort, string> = { new: '最新', popular: '最热' };

export interface CourseListState {
  keyword: string;
  categoryId: number | null;
  sort: catalogTypes.CourseSort;
  page: number;
}

export function readCourseState(params: URLSearchParams): CourseListState {
  const category = positiveInt(params.get('categoryId'), 0, 2147483647);
  return {
    keyword: textParam(params.get('keyword')),
    categoryId: category > 0 ? category : null,
    sort: oneOf(params.get('sort'), catalog.COURSE_SORTS),
    page: positiveInt(params.get('page'), 1),
  };
}

/** The findCourseByPage query of a state. */
export function courseQueryOf(s: CourseListState) {
  return {
    pageNum: s.page,
    pageSize: COURSE_PAGE_SIZE,
    sort: s.sort,
    ...(s.keyword ? { keyword: s.keyword } : {}),
    ...(s.categoryId ? { categoryId: s.categoryId } : {}),
  };
}

/** The category (or sub-category) with this id and the top-level category it belongs to. */
export function findCategory(tree: catalogTypes.CategoryTreeNode[], id: number | null) {
  if (id === null) return null;
  for (const top of tree) {
    if (top.id === id) return { node: top, top };
    const child = top.children.find((c) => c.id === id);
    if (child) return { node: child, top };
  }
  return null;
}
