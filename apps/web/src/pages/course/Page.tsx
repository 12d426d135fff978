/**
 * /course: the course catalogue. Category tree, keyword search, newest / most popular, paging, all in
 * the address (?keyword=&categoryId=&sort=&page=) so refresh and back keep the list. A learner sees
 * progress on each card and can add a course to their own; "guess you like" below.
 */
import { catalog } from '@portal/contract/refs';
import { CategoryTree } from '../../features/catalog/CategoryTree.tsx';
import { CourseGrid } from '../../features/catalog/CourseCard.tsx';
import { COURSE_DEFAULTS, COURSE_PAGE_SIZE, COURSE_SORT_LABELS, courseQueryOf, findCategory, readCourseState } from '../../features/catalog/courseQuery.ts';
import { Pager } from '../../features/content/Pager.tsx';
import { QueryState, Skeleton } from '../../features/content/QueryState.tsx';
import { SearchBox } from '../../features/content/SearchBox.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { useUrlState } from '../../features/content/urlState.ts';
import '../../features/content/public.css';
import './course.css';

function GuessYouLike() {
  const q = useCallQuery(catalog.guessYouLike, { query: { size: 4 } });
  return (
    <section className="panel course-guess" aria-labelledby="course-guess">
      <h2 id="course-guess" className="panel-title course-guess-title">
        猜你喜欢
      </h2>
      <QueryState query={q} rows={3} isEmpty={(d) => d.length === 0} emptyText="暂无推荐课程">
        {(list) => <CourseGrid courses={list} />}
      </QueryState>
    </section>
  );
}

export default function CoursePage() {
  const [params, update] = useUrlState(COURSE_DEFAULTS);
  const state = readCourseState(params);
  const tree = useCallQuery(catalog.findCourseCategory, {}, { staleTime: 5 * 60_000 });
  const courses = useCallQuery(catalog.findCourseByPage, { query: courseQueryOf(state) }, { keepPrevious: true });
  const chosen = tree.data ? findCategory(tree.data, state.categoryId) : null;
  const heading = chosen ? chosen.node.name : '全部课程';

  return (
    <div className="page-container">
      <h1 className="page-title">课程分类</h1>
      <div className="course-layout">
        <aside className="panel course-aside">
          <QueryState query={tree} rows={8} isEmpty={(d) => d.length === 0} emptyText="暂无课程分类">
            {(t) => <CategoryTree tree={t} current={state.categoryId} onChoose={(id) => update({ categoryId: id })} />}
          </QueryState>
        </aside>
        <div className="course-main">
          <section className="panel course-results" aria-labelledby="course-list-title">
            <div className="panel-head">
              <h2 id="course-list-title" className="panel-title">
                {heading}
                {state.keyword ? <span className="course-search-note">（搜索“{state.keyword}”）</span> : null}
              </h2>
              <div className="chips course-sort" role="group" aria-label="排序">
                {catalog.COURSE_SORTS.map((s) => (
                  <button key={s} type="button" className="chip" aria-pressed={state.sort === s} onClick={() => update({ sort: s })}>
                    {COURSE_SORT_LABELS[s]}
                  </button>
                ))}
              </div>
            </div>
            <SearchBox label="搜索课程" placeholder="输入课程名称或主讲人" value={state.keyword} onSearch={(text) => update({ keyword: text })} />
            <div aria-busy={courses.isFetching}>
              <QueryState
                query={courses}
                skeleton={
                  <div className="course-slot">
                    <Skeleton rows={8} label="正在加载课程…" />
                  </div>
                }
                isEmpty={(d) => d.list.length === 0}
                emptyText={state.keyword ? `没有找到与“${state.keyword}”相关的课程` : '该分类暂无课程'}
              >
                {(d) => (
                  <>
                    <CourseGrid courses={d.list} eagerFirst={4} />
                    <Pager page={state.page} pageSize={COURSE_PAGE_SIZE} total={d.total} onChange={(p) => update({ page: p })} label="课程分页" />
                  </>
                )}
              </QueryState>
            </div>
          </section>
          <GuessYouLike />
        </div>
      </div>
    </div>
  );
}
