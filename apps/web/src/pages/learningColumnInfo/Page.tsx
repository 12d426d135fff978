/** /learningColumnInfo?id=: one column's courses and articles. */
import { Link, useSearchParams } from 'react-router';
import { Collapse, Empty, Progress } from 'antd';
import { catalog } from '@portal/contract/refs';
import { formatDate } from '../../features/learning/format.ts';
import { QueryState } from '../../features/learning/ListState.tsx';
import { idFrom } from '../../features/learning/query.ts';
import { useCallQuery } from '../../api/useCallQuery.ts';
import '../../features/learning/learning.css';
import { Cover } from '../../features/catalog/Cover.tsx';

function ColumnDetail({ id }: { id: number }) {
  const q = useCallQuery(catalog.findColumnById, { query: { id } }, { staleTime: 0 });
  return (
    <QueryState query={q} empty="">
      {(c) => (
        <>
          <section className="lc-card">
            <h1 className="page-title">{c.title}</h1>
            <p className="lc-desc">{c.description}</p>
          </section>
          <section className="lc-card" aria-labelledby="column-courses">
            <h2 className="section-title" id="column-courses">
              专栏课程
            </h2>
            {c.courses.length === 0 ? (
              <Empty description="暂无课程" />
            ) : (
              <ul className="lc-grid">
                {c.courses.map((k) => (
                  <li key={k.id} className="lc-course-card">
                    <Link to={`/study?courseId=${k.id}`} className="lc-column-link">
                      <Cover url={k.coverUrl} title={k.title} className="lc-cover" width={320} height={180} loading="lazy" />
                      <h3 className="lc-column-title">{k.title}</h3>
                    </Link>
                    <p className="lc-muted">
                      {k.lecturer} · {k.creditHours}学时 · {k.categoryName}
                    </p>
                    {k.progress !== null ? <Progress percent={k.progress} size="small" aria-label={`${k.title} 学习进度`} /> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="lc-card" aria-labelledby="column-articles">
            <h2 className="section-title" id="column-articles">
              专栏文章
            </h2>
            {c.articles.length === 0 ? (
              <Empty description="暂无文章" />
            ) : (
              <Collapse
                items={c.articles.map((a) => ({
                  key: a.id,
                  label: (
                    <span>
                      {a.title} <span className="lc-muted">{formatDate(a.publishedAt)}</span>
                    </span>
                  ),
                  children: (
                    <div className="lc-article">
                      {a.body.split(/\n+/).map((para, i) => (
                        <p key={i}>{para}</p>
                      ))}
                    </div>
                  ),
                }))}
              />
            )}
          </section>
        </>
      )}
    </QueryState>
  );
}

export default function LearningColumnInfoPage() {
  const [params] = useSearchParams();
  const id = idFrom(params.get('id'));
  return (
    <div className="page-container">
      <nav aria-label="位置" className="breadcrumb">
        <Link to="/learningColumn">学习专栏</Link> / 专栏详情
      </nav>
      {id ? <ColumnDetail id={id} /> : <Empty description="请从学习专栏选择专栏" />}
    </div>
  );
}
