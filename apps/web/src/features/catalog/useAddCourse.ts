/**
 * 加入我的课程 (addPersonCourse) for a logged-in learner. Who may add: a student who is not a
 * training-class account. On success every cached course list is refetched so its cards say 已加入.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { canUsePermissionModules, isStudent } from '@portal/contract/base';
import { catalog } from '@portal/contract/refs';
import { call, showError } from '../../api/client.ts';
import { toast } from '../../lib/toast.ts';
import { useSession } from '../auth/session.ts';

/** True when the session person sees progress and the add button on course cards. */
export function useIsLearner(): boolean {
  const { person, loggedIn } = useSession();
  return loggedIn && person !== null && isStudent(person) && canUsePermissionModules(person);
}

export function useAddCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (courseId: number) => call(catalog.addPersonCourse, { query: { courseId } }),
    onSuccess: (r) => {
      toast('success', r.alreadyAdded ? '该课程已在我的课程中' : '已加入我的课程');
      return client.invalidateQueries({
        predicate: (q) => {
          const name = q.queryKey[0];
          return typeof name === 'string' && [catalog.findCourseByPage, catalog.findNewCourseByPage, catalog.findCourseTopByPage, catalog.findCourseByPlan, catalog.guessYouLike].some((d) => d.name === name);
        },
      });
    },
    onError: (err) => showError(err),
  });
}
