/**
 * The three states every list and panel of the public pages shares: a skeleton while loading, a
 * message with 重新加载 after a failure, and an empty message; otherwise its content. Plain markup
 * and CSS (no antd) so the home page stays small.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { CallError } from '../../api/client.ts';

export function Skeleton({ rows = 3, label = '正在加载…' }: { rows?: number; label?: string }) {
  return (
    <div className="skeleton" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="skeleton-row" />
      ))}
    </div>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="state-box state-error" role="alert">
      <span>{message}</span>
      <button type="button" className="state-retry" onClick={onRetry}>
        重新加载
      </button>
    </div>
  );
}

export function Empty({ text }: { text: string }) {
  return <div className="state-box state-empty">{text}</div>;
}

/** Why a load failed, for the page: the server's refusal as it said it, otherwise a general line. */
export function failureText(err: unknown): string {
  if (err instanceof CallError && err.kind === 'business') return err.message;
  return '加载失败，请检查网络后重试。';
}

interface Props<T> {
  query: UseQueryResult<T>;
  /** True when the loaded data has nothing to show. */
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  rows?: number;
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
}

export function QueryState<T>({ query, isEmpty, emptyText = '暂无内容', rows, skeleton, children }: Props<T>) {
  if (query.isPending) return skeleton ?? <Skeleton rows={rows} />;
  if (query.isError) return <LoadError message={failureText(query.error)} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <Empty text={emptyText} />;
  return <>{children(query.data)}</>;
}
