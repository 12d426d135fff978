/**
 * TanStack Query over the typed client: one hook for every read call of the public pages. The
 * query key is the call's name, its input and (for calls that answer per person) who is logged in,
 * so a learner's progress and 已加入 marks follow a login or a logout.
 */
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { AnyCall } from '@portal/contract/refs';
import { call, type CallAnswer, type CallInput } from '../../api/client.ts';
import { useSession } from '../auth/session.ts';

export interface CallQueryOptions {
  enabled?: boolean;
  /** Keep showing the previous page while the next one loads (paged lists). */
  keepPrevious?: boolean;
  staleTime?: number;
}

const typedCall = call as <R extends AnyCall>(def: R, input: CallInput<R>) => Promise<CallAnswer<R>>;

/** The query key of a call: exported so a mutation can invalidate every page of a list. */
export const callKey = (def: AnyCall) => [def.name] as const;

export function useCallQuery<R extends AnyCall>(def: R, input: CallInput<R>, options: CallQueryOptions = {}): UseQueryResult<CallAnswer<R>> {
  const { person, restoring } = useSession();
  const who = def.auth === 'none' ? null : (person?.personId ?? null);
  return useQuery({
    queryKey: [...callKey(def), input, who],
    queryFn: () => typedCall(def, input),
    // A per-person answer waits until a stored session is checked, so it is not fetched twice.
    enabled: (options.enabled ?? true) && !(def.auth !== 'none' && restoring),
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    staleTime: options.staleTime ?? 60_000,
  });
}
