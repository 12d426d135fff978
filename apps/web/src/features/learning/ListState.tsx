/** The loading, error (with retry) and empty states every learning list and page shares. */
import type { ReactNode } from 'react';
import { Button, Empty, Result, Spin } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { CallError } from '../../api/client.ts';

export function errorText(err: unknown): string {
  return err instanceof CallError ? err.message : '加载失败，请稍后重试';
}

export function Loading({ label = '正在加载' }: { label?: string }) {
  return (
    <div className="lc-loading" role="status" aria-live="polite">
      <Spin />
      <span className="lc-loading-text">{label}…</span>
    </div>
  );
}

export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Result
      status="warning"
      title="加载失败"
      subTitle={errorText(error)}
      extra={
        <Button type="primary" onClick={retry}>
          重试
        </Button>
      }
    />
  );
}

/** Renders the data of a query, or its loading / error / empty state. */
export function QueryState<T>({
  query,
  empty,
  isEmpty,
  children,
}: {
  query: UseQueryResult<T>;
  empty: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} retry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <Empty description={empty} className="lc-empty" />;
  return <>{children(query.data)}</>;
}
