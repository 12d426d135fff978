/**
 * SIGKILL in the middle of a stream of answer saves loses no acknowledged answer: after a restart on
 * the same data, resuming the attempt answers, for every question, the acknowledged answer of the
 * highest seq (or a newer one whose acknowledgement the crash swallowed).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { catalog as K, exam as E } from '@portal/contract';
import { serverProcess, type ServerProcess } from '../../test/process.ts';

let server: ServerProcess | null = null;
afterAll(() => server?.dispose());

describe('a crash during a stream of answer saves', () => {
  it('keeps every acknowledged answer after SIGKILL and restart', async () => {
    server = await serverProcess();
    const s = server;
    await s.start();
    const token = await s.login('13900010070', 'Study@2026');
    const list = (await s.call(K.findExamOnlineByPage, { token, query: '?pageSize=100' })).obj as { list: K.ExamItem[] };
    const exam = list.list.find((e) => e.title === '全省公务员法律知识考试')!;
    const paper = (await s.call(E.findExamQuestions, { token, query: `?examId=${exam.id}` })).obj as E.ExamPaper;
    const choices = paper.questions.filter((q) => q.type === 'single');
    expect(choices.length).toBeGreaterThan(1);

    /** The highest acknowledged seq of each question, with its answer. */
    const acked = new Map<number, { seq: number; answer: string[] }>();
    let seq = 0;
    let stop = false;
    const stream = async () => {
      while (!stop) {
        const q = choices[seq % choices.length]!;
        const mine = ++seq;
        const answer = [q.options[mine % q.options.length]!.key];
        try {
          const r = await s.call(E.saveExamQuestionAnswerd, { token, body: { attemptId: paper.attemptId, questionId: q.questionId, answer, seq: mine } });
          const prev = acked.get(q.questionId);
          if (r.res === true && (!prev || prev.seq < mine)) acked.set(q.questionId, { seq: mine, answer });
        } catch {
          return; // the server died under this request: not acknowledged
        }
      }
    };
    const streams = Array.from({ length: 4 }, stream);
    await new Promise((r) => setTimeout(r, 1500));
    await s.kill();
    stop = true;
    await Promise.all(streams);
    expect(acked.size).toBe(choices.length);

    await s.start();
    const token2 = await s.login('13900010070', 'Study@2026');
    const resumed = (await s.call(E.findExamQuestions, { token: token2, query: `?examId=${exam.id}` })).obj as E.ExamPaper;
    expect(resumed.attemptId).toBe(paper.attemptId);
    expect(resumed.deadline).toBe(paper.deadline);
    for (const [questionId, a] of acked) {
      const stored = resumed.answers.find((x) => x.questionId === questionId)!;
      expect(stored.seq).toBeGreaterThanOrEqual(a.seq);
      if (stored.seq === a.seq) expect(stored.answer).toEqual(a.answer);
    }
  }, 240_000);
});
