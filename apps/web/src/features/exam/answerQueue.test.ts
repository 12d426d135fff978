import { describe, expect, it, vi } from 'vitest';
import { DeviceQueue, memoryStore } from '../../lib/deviceQueue.ts';
import { CallError } from '../../api/client.ts';
import { ANSWER_QUEUE_KIND, AnswerSender, TYPING_PAUSE_MS, type AnswerEvent, type PendingAnswer } from './answerQueue.ts';

const ack = (a: PendingAnswer) => ({ questionId: a.questionId, seq: a.seq, written: true, savedAt: new Date().toISOString() });

function setUp(send: (a: PendingAnswer) => Promise<ReturnType<typeof ack>>) {
  const store = memoryStore();
  const queue = new DeviceQueue<PendingAnswer>(store, 'examAnswerQueue', ANSWER_QUEUE_KIND);
  const sender = new AnswerSender(queue, send);
  const events: AnswerEvent[] = [];
  sender.on((e) => events.push(e));
  return { store, queue, sender, events };
}

describe('the exam answer sender', () => {
  it('sends each answer once acknowledged and removes it from the device', async () => {
    const sent: PendingAnswer[] = [];
    const { sender, queue, events } = setUp(async (a) => (sent.push(a), ack(a)));
    await sender.save({ attemptId: 1, questionId: 10, answer: ['A'], seq: 1 });
    expect(sent).toHaveLength(1);
    expect(queue.size).toBe(0);
    expect(events.filter((e) => e.kind === 'saved')).toHaveLength(1);
  });

  it('keeps answers on the device through a network failure, the newest of each question only, and sends them later in order', async () => {
    let online = false;
    const sent: PendingAnswer[] = [];
    const { sender, store, events } = setUp(async (a) => {
      if (!online) throw new CallError('network', '请检查您的网络！');
      sent.push(a);
      return ack(a);
    });
    await sender.save({ attemptId: 1, questionId: 10, answer: ['A'], seq: 1 });
    await sender.save({ attemptId: 1, questionId: 11, answer: ['T'], seq: 2 });
    await sender.save({ attemptId: 1, questionId: 10, answer: ['B'], seq: 3 });
    expect(sender.failing).toBe(true);
    // What a reload finds on the device.
    const reloaded = new DeviceQueue<PendingAnswer>(store, 'examAnswerQueue', ANSWER_QUEUE_KIND);
    expect(reloaded.list().map((a) => [a.questionId, a.seq])).toEqual([
      [11, 2],
      [10, 3],
    ]);
    online = true;
    await sender.flush();
    expect(sent.map((a) => a.seq)).toEqual([2, 3]);
    expect(sender.pendingOf(1)).toEqual([]);
    expect(events.some((e) => e.kind === 'refused')).toBe(false);
  });

  it('drops an answer the server refused (after the deadline) and reports it as not counted', async () => {
    const { sender, queue, events } = setUp(async () => {
      throw new CallError('business', '考试时间已截止');
    });
    await sender.save({ attemptId: 2, questionId: 20, answer: ['C'], seq: 5 });
    expect(queue.size).toBe(0);
    expect(events).toContainEqual({ kind: 'refused', answer: { attemptId: 2, questionId: 20, answer: ['C'], seq: 5 }, message: '考试时间已截止' });
  });

  it('keeps text being typed on the device at every keystroke and sends only the last, once typing pauses or at a flush', async () => {
    vi.useFakeTimers();
    try {
      const sent: PendingAnswer[] = [];
      const { sender, store } = setUp(async (a) => (sent.push(a), ack(a)));
      await sender.save({ attemptId: 1, questionId: 10, answer: ['人'], seq: 1 }, true);
      await sender.save({ attemptId: 1, questionId: 10, answer: ['人民'], seq: 2 }, true);
      expect(sent).toEqual([]);
      // What a reload finds on the device: the text so far.
      expect(new DeviceQueue<PendingAnswer>(store, 'examAnswerQueue', ANSWER_QUEUE_KIND).list().map((a) => a.answer)).toEqual([['人民']]);
      await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS);
      expect(sent.map((a) => a.answer)).toEqual([['人民']]);

      // Leaving the field (or 下一题, 交卷, hiding the page) sends without waiting for the pause.
      await sender.save({ attemptId: 1, questionId: 10, answer: ['人民群众'], seq: 3 }, true);
      await sender.flush();
      expect(sent.map((a) => a.seq)).toEqual([2, 3]);
      await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS);
      expect(sent.map((a) => a.seq)).toEqual([2, 3]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops what does not read back as an answer', () => {
    const store = memoryStore();
    store.setItem('examAnswerQueue', JSON.stringify([{ attemptId: 1, questionId: 2, seq: 3, answer: ['A'] }, { attemptId: 'x' }, null, { attemptId: 1, questionId: 2, seq: 4, answer: [1] }]));
    expect(new DeviceQueue<PendingAnswer>(store, 'examAnswerQueue', ANSWER_QUEUE_KIND).list()).toEqual([{ attemptId: 1, questionId: 2, seq: 3, answer: ['A'] }]);
  });
});
