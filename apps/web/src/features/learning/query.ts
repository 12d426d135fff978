/** Contract calls as TanStack queries: the key is the call's name and its input. */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { AnyCall } from '@portal/contract/refs';
import { call, type CallAnswer, type CallInput } from '../../api/client.ts';

export function useCallQuery<R extends AnyCall>(def: R, input: CallInput<R>, enabled = true): UseQueryResult<CallAnswer<R>> {
  return useQuery({
    queryKey: [def.name, input],
    queryFn: () => (call as (d: R, i: CallInput<R>) => Promise<CallAnswer<R>>)(def, input),
    enabled,
  });
}

/** A positive integer id from a search parameter, or null. */
export function idFrom(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}
