/**
 * SIGKILL in the middle of a stream of progress reports loses no acknowledged report: after a
 * restart on the same data, every acknowledged report id is known to the ledger (replaying it answers
 * duplicate) and the chapter holds at least the seconds acknowledged. Runs the real server process on
 * the embedded database, or on a database of its own when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learning as L } from '@portal/contract';
import { serverProcess, type ServerProcess } from '../../test/process.ts';

let server: ServerProcess;
beforeAll(async () => {
  server = await serverProcess();
});
afterAll(() => server.dispose());

describe('a crash during a stream of progress reports', () => {
  it('keeps every acknowledged report after SIGKILL and restart', async () => {
    await server.start();
    const token = await server.login('13900010060', 'Study@2026');
    const top = (await server.call({ method: 'POST', path: '/video_learning/education/index/findCourseTopByPage' }, { query: '?pageSize=1' })).obj as { list: { id: number }[] };
    const course = (await server.call({ method: 'POST', path: '/video_learning/education/index/findCourseById' }, { query: `?id=${top.list[0]!.id}` })).obj as { resources: { id: number; kind: string }[] };
    const resourceId = course.resources.find((r) => r.kind === 'video')!.id;
    const session = (await server.call(L.findStudyResourceTime, { token, query: `?resourceId=${resourceId}` })).obj as { sessionId: string };
    // Let the wall clock allow the seconds the stream claims.
    await new Promise((r) => setTimeout(r, 4000));

    const acked: { reportId: string; credited: number }[] = [];
    let sent = 0;
    let stop = false;
    const stream = async () => {
      while (!stop) {
        const reportId = randomUUID();
        sent++;
        try {
          const r = await server.call(L.updateStudyResourceTime, { token, body: { reportId, sessionId: session.sessionId, position: 1, playedSeconds: 1, clientTime: new Date().toISOString(), event: 'tick' } });
          if (r.res === true) acked.push({ reportId, credited: (r.obj as { credited: number }).credited });
        } catch {
          return; // the server died under this request: not acknowledged
        }
      }
    };
    const streams = Array.from({ length: 4 }, stream);
    await new Promise((r) => setTimeout(r, 1500));
    const killed = server.kill();
    stop = true;
    await Promise.all([killed, ...streams]);
    expect(acked.length).toBeGreaterThan(5);
    expect(sent).toBeGreaterThan(acked.length - 1);

    await server.start();
    const token2 = await server.login('13900010060', 'Study@2026');
    const replays = await Promise.all(acked.map((a) => server.call(L.updateStudyResourceTime, { token: token2, body: { reportId: a.reportId, sessionId: session.sessionId, position: 1, playedSeconds: 1, clientTime: new Date().toISOString(), event: 'replay' } })));
    expect(replays.filter((r) => !(r.obj as { duplicate: boolean } | null)?.duplicate)).toEqual([]);
    const progress = (await server.call(L.findProgress, { token: token2, query: `?courseId=${top.list[0]!.id}` })).obj as { resources: { resourceId: number; learnedSeconds: number }[] };
    const learned = progress.resources.find((r) => r.resourceId === resourceId)!.learnedSeconds;
    expect(learned).toBeGreaterThanOrEqual(acked.reduce((s, a) => s + a.credited, 0));
  }, 180_000);
});
