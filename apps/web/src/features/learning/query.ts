/** Contract calls as TanStack queries: the key is the call's name and its input. */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CallData, CallDef } from '@portal/contract';
import { call, type CallInput } from '../../api/client.ts';

export function useCallQuery<C extends CallDef>(def: C, input: CallInput<C>, enabled = true): UseQueryResult<CallData<C>> {
  return useQuery({
    queryKey: [def.name, input],
    queryFn: () => (call as (d: C, i: CallInput<C>) => Promise<CallData<C>>)(def, input),
    enabled,
  });
}

/** A positive integer id from a search parameter, or null. */
export function idFrom(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}
