/** How many hand-ins await the logged-in teacher's review (批阅中心's badge in the header and the class area's navigation). */
import { isTeacher } from '@portal/contract/base';
import { review } from '@portal/contract/refs';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { useSession } from '../auth/session.ts';

export function useReviewWaiting(): number {
  const { person } = useSession();
  return useCallQuery(review.findReviewQueueCount, {}, { enabled: person !== null && isTeacher(person), staleTime: 30_000 }).data?.waiting ?? 0;
}

/** The badge's text: 99+ past 99. */
export const badgeText = (n: number) => (n > 99 ? '99+' : String(n));
