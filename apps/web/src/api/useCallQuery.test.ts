import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { forgetOtherPeople } from './useCallQuery.ts';

describe('forgetOtherPeople', () => {
  function filled() {
    const client = new QueryClient();
    client.setQueryData(['findNoticeList', {}, null], 'public');
    client.setQueryData(['findLearningCourse', { query: { pageNum: 1 } }, 7], 'of person 7');
    client.setQueryData(['findProgress', { query: { courseId: 3 } }, 8], 'of person 8');
    client.setQueryData(['portalConfig'], 'config');
    return client;
  }
  const kept = (client: QueryClient) => client.getQueryCache().getAll().map((q) => q.state.data).sort();

  it('after a logout keeps only what answers the same for everyone', () => {
    const client = filled();
    forgetOtherPeople(client, null);
    expect(kept(client)).toEqual(['config', 'public']);
  });

  it("after a login keeps that person's answers and drops everyone else's", () => {
    const client = filled();
    forgetOtherPeople(client, 8);
    expect(kept(client)).toEqual(['config', 'of person 8', 'public']);
  });
});
