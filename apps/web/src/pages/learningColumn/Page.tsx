/** /learningColumn: the learning columns, newest first. */
import { useState } from 'react';
import { Link } from 'react-router';
import { Pagination } from 'antd';
import { catalog } from '@portal/contract/refs';
import { formatDate } from '../../features/learning/format.ts';
import { QueryState } from '../../features/learning/ListState.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import '../../features/learning/learning.css';
import { Cover } from '../../features/catalog/Cover.tsx';

const PAGE_SIZE = 12;

export default function LearningColumnPage() {
  const [pageNum, setPageNum] = useState(1);
  const q = useCallQuery(catalog.findColumnByPage, { query: { pageNum, pageSize: PAGE_SIZE } }, { staleTime: 0 });
  return (
    <div className="page-container">
      <h1 className="page-title">学习专栏</h1>
      <QueryState query={q} empty="暂无学习专栏" isEmpty={(d) => d.list.length === 0}>
        {(d) => (
          <>
            <ul className="lc-grid">
              {d.list.map((c) => (
                <li key={c.id} className="lc-card lc-column">
                  <Link to={`/learningColumnInfo?id=${c.id}`} className="lc-column-link">
                    <Cover url={c.coverUrl} title={c.title} className="lc-cover" width={320} height={160} loading="lazy" />
                    <h2 className="lc-column-title">{c.title}</h2>
                  </Link>
                  <p className="lc-desc">{c.description}</p>
                  <p className="lc-muted">
                    {c.courseCount}门课程 · {c.articleCount}篇文章 · {formatDate(c.publishedAt)}
                  </p>
                </li>
              ))}
            </ul>
            <Pagination className="lc-pager" current={pageNum} pageSize={PAGE_SIZE} total={d.total} onChange={setPageNum} showSizeChanger={false} hideOnSinglePage />
          </>
        )}
      </QueryState>
    </div>
  );
}
