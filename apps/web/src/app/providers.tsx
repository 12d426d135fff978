/**
 * App-wide providers: server state (TanStack Query, one client per page or server rendering) and
 * the toast host. antd's provider is not here: it wraps each lazily loaded part that uses antd
 * (lazyAntd, ADR 0008), so the first screen does not wait for antd.
 */
import { Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { forgetOtherPeople } from '../api/useCallQuery.ts';
import { useSession } from '../features/auth/session.ts';
import { onToastWanted, toastWanted } from '../lib/toast.ts';
import { lazyAntd } from './lazyAntd.tsx';

dayjs.locale('zh-cn');

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The client has already shown HTTP and network failures; retrying them would repeat the toast.
        retry: false,
        refetchOnWindowFocus: false,
      },
    },
  });
}

const ToastBridge = lazyAntd(() => import('./ToastBridge.tsx'));

/** Mounts antd's notification holder when the first toast is asked for; the toast waits in a queue until then. */
function ToastHost() {
  const wanted = useSyncExternalStore(onToastWanted, toastWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastBridge />
    </Suspense>
  );
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  // After a logout, or another person's login on the same computer, nothing of the last person's
  // answers stays in memory (useCallQuery keys them by person, so they would not be shown anyway).
  const who = useSession().person?.personId ?? null;
  useEffect(() => {
    forgetOtherPeople(client, who);
  }, [client, who]);
  return (
    <QueryClientProvider client={client}>
      <ToastHost />
      {children}
    </QueryClientProvider>
  );
}
