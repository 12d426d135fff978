/**
 * A detail page's frame: breadcrumb, the article with title and meta, and previous/next links; with
 * the missing-id, loading, failure and not-found states.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CallError } from '../../api/client.ts';
import { Skeleton, LoadError, failureText } from './QueryState.tsx';
import type { UseQueryResult } from '@tanstack/react-query';

interface Neighbour {
  id: number;
  title: string;
}

export function Neighbours({ previous, next, hrefOf, labels = ['上一篇', '下一篇'] }: { previous: Neighbour | null; next: Neighbour | null; hrefOf: (id: number) => string; labels?: [string, string] }) {
  return (
    <nav className="article-neighbours" aria-label="上一篇和下一篇">
      <div>
        {labels[0]}：{previous ? <Link to={hrefOf(previous.id)}>{previous.title}</Link> : <span>没有了</span>}
      </div>
      <div className="next">
        {labels[1]}：{next ? <Link to={hrefOf(next.id)}>{next.title}</Link> : <span>没有了</span>}
      </div>
    </nav>
  );
}

/** 404 from the server: the article does not exist (or no longer does). */
const isNotFound = (err: unknown) => err instanceof CallError && err.kind === 'http' && err.code === 404;

export function ArticleFrame<T>({ crumb, id, query, missingText, children }: { crumb: { to: string; text: string }; id: number | null; query: UseQueryResult<T>; missingText: string; children: (data: T) => ReactNode }) {
  let body: ReactNode;
  if (id === null || (query.isError && isNotFound(query.error))) {
    body = (
      <div className="article state-box">
        <span>{missingText}</span>
        <Link to={crumb.to} className="btn">
          返回{crumb.text}
        </Link>
      </div>
    );
  } else if (query.isPending) {
    body = (
      <div className="article">
        <Skeleton rows={8} />
      </div>
    );
  } else if (query.isError) {
    body = <LoadError message={failureText(query.error)} onRetry={() => void query.refetch()} />;
  } else {
    body = children(query.data);
  }
  return (
    <div className="page-container">
      <p className="breadcrumb">
        <Link to="/index">首页</Link> › <Link to={crumb.to}>{crumb.text}</Link>
      </p>
      {body}
    </div>
  );
}
