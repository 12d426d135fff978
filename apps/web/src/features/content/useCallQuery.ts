/**
 * TanStack Query over the typed client: one hook for every read call of the public pages. The
 * query key is the call's name, its input and (for calls that answer per person) who is logged in,
 * so a learner's progress and 已加入 marks follow a login or a logout.
 */
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CallData, CallDef } from '@portal/contract';
import { call, type CallInput } from '../../api/client.ts';
import { useSession } from '../auth/session.ts';

export interface CallQueryOptions {
  enabled?: boolean;
  /** Keep showing the previous page while the next one loads (paged lists). */
  keepPrevious?: boolean;
  staleTime?: number;
}

const typedCall = call as <C extends CallDef>(def: C, input: CallInput<C>) => Promise<CallData<C>>;

/** The query key of a call: exported so a mutation can invalidate every page of a list. */
export const callKey = (def: CallDef) => [def.name] as const;

export function useCallQuery<C extends CallDef>(def: C, input: CallInput<C>, options: CallQueryOptions = {}): UseQueryResult<CallData<C>> {
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
