/**
 * TanStack Query over the typed client: the one hook for every read call. The query key is the call's
 * name, its input and (for calls that answer per person) who is logged in, so a learner's progress and
 * 已加入 marks follow a login or a logout, and one person's answers are never shown to the next on a
 * shared computer (Providers also drops them when the person changes: forgetOtherPeople).
 */
import { keepPreviousData, useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { AnyCall } from '@portal/contract/refs';
import { useSession } from '../features/auth/session.ts';
import { call, type CallAnswer, type CallInput } from './client.ts';
import { adminSession } from '../lib/adminSession.ts';

export interface CallQueryOptions {
  enabled?: boolean;
  /** Keep showing the previous page while the next one loads (paged lists). */
  keepPrevious?: boolean;
  /**
   * How long an answer counts as fresh: 60 s by default (public lists; a page rendered on the server is
   * not asked again on adoption). Pages whose figures change as the learner studies pass 0, so that
   * they are asked again whenever the page opens.
   */
  staleTime?: number;
  /** Ask again every so many milliseconds while the answer says work is under way (false: stop). */
  refetchInterval?: (data: unknown) => number | false;
  /**
   * Ask as a visitor, without the login (a call whose auth is `optional`): the answer a page's public part
   * shows, as the server rendered it (app/preview.ts). Kept under a visitor's key, so the answer the server
   * rendered with is found in the cache while the page is adopted, and asked for before the login is checked.
   */
  asVisitor?: boolean;
}

const typedCall = call as <R extends AnyCall>(def: R, input: CallInput<R>) => Promise<CallAnswer<R>>;

/** The query key of a call: exported so a mutation can invalidate every page of a list. */
export const callKey = (def: AnyCall) => [def.name] as const;

export function useCallQuery<R extends AnyCall>(def: R, input: CallInput<R>, options: CallQueryOptions = {}): UseQueryResult<CallAnswer<R>> {
  const { person, restoring } = useSession();
  const visitor = options.asVisitor === true && def.auth === 'optional';
  // An administrative call answers for the administrator of this tab, not the portal's logged-in person.
  const who = def.auth === 'none' || visitor ? null : def.auth === 'admin' ? `admin:${adminSession.get()?.person.personId ?? ''}` : (person?.personId ?? null);
  return useQuery({
    queryKey: [...callKey(def), input, who],
    // As a visitor: the client sends a call whose auth is `none` without the stored login.
    queryFn: () => typedCall(visitor ? { ...def, auth: 'none' } : def, input),
    // A per-person answer waits until a stored session is checked, so it is not fetched twice.
    enabled: (options.enabled ?? true) && !(def.auth !== 'none' && def.auth !== 'admin' && !visitor && restoring),
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    staleTime: options.staleTime ?? 60_000,
    refetchInterval: options.refetchInterval && ((q: { state: { data: unknown } }) => options.refetchInterval!(q.state.data)),
  });
}

/** Drops the answers kept for anyone other than `who` (null: nobody logged in). */
export function forgetOtherPeople(client: QueryClient, who: number | null): void {
  client.removeQueries({
    predicate: (q) => {
      const owner = q.queryKey[2];
      return typeof owner === 'number' && owner !== who;
    },
  });
}
