// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { learning } from '@portal/contract';
import { REPORT_QUEUE_KEY, ReportQueue } from './reportQueue.ts';
import { ReportSender, type ReportTransport } from './reportSender.ts';
import { classifyFailure } from './sender.ts';
import { CallError } from '../../api/client.ts';

let n = 0;
function report(position: number, playedSeconds = 30): learning.ProgressReport {
  n += 1;
  return { reportId: crypto.randomUUID(), sessionId: '7', position, playedSeconds, clientTime: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(), event: 'tick' };
}

function resultOf(r: learning.ProgressReport): learning.ReportResult {
  return {
    reportId: r.reportId,
    credited: r.playedSeconds,
    duplicate: false,
    active: true,
    seekRefused: false,
    progress: { resourceId: 1, learnedSeconds: 0, requiredSeconds: 100, maxPosition: r.position, lastPosition: r.position, completedAt: null },
    courseCompletedAt: null,
  };
}

class NetworkDown extends Error {}
class Refused extends Error {}

function fakeServer() {
  const received: learning.ProgressReport[][] = [];
  let online = true;
  let refuse = false;
  const transport: ReportTransport = {
    async one(r) {
      if (!online) throw new NetworkDown('offline');
      if (refuse) throw new Refused('refused');
      received.push([r]);
      return resultOf(r);
    },
    async many(rs) {
      if (!online) throw new NetworkDown('offline');
      if (refuse) throw new Refused('refused');
      received.push(rs);
      return rs.map(resultOf);
    },
  };
  return {
    transport,
    received,
    setOnline: (v: boolean) => (online = v),
    setRefuse: (v: boolean) => (refuse = v),
  };
}

const classify = (err: unknown) => (err instanceof Refused ? ('drop' as const) : ('retry' as const));

describe('ReportQueue', () => {
  it('keeps reports in localStorage in order, survives a new instance (a reload), removes by id', () => {
    localStorage.clear();
    const q = new ReportQueue(localStorage);
    const a = report(10);
    const b = report(40);
    q.push(a);
    q.push(b);
    q.push(a);
    const reloaded = new ReportQueue(localStorage);
    expect(reloaded.list().map((r) => r.reportId)).toEqual([a.reportId, b.reportId]);
    reloaded.remove([a.reportId]);
    expect(new ReportQueue(localStorage).list().map((r) => r.reportId)).toEqual([b.reportId]);
  });

  it('ignores unreadable storage and malformed entries', () => {
    localStorage.setItem(REPORT_QUEUE_KEY, '{not json');
    expect(new ReportQueue(localStorage).list()).toEqual([]);
    const good = report(5);
    localStorage.setItem(REPORT_QUEUE_KEY, JSON.stringify([{ reportId: 'x' }, good, 42]));
    expect(new ReportQueue(localStorage).list()).toEqual([good]);
  });

  it('keeps working in memory when storage refuses writes', () => {
    const store = { getItem: () => null, setItem: () => { throw new Error('quota'); } };
    const q = new ReportQueue(store);
    const a = report(1);
    q.push(a);
    expect(q.list()).toEqual([a]);
    q.remove([a.reportId]);
    expect(q.size).toBe(0);
  });
});

describe('ReportSender', () => {
  it('sends one report alone and forgets it once answered', async () => {
    localStorage.clear();
    const server = fakeServer();
    const sender = new ReportSender(new ReportQueue(localStorage), server.transport, classify);
    const seen: string[] = [];
    sender.onResult((res) => seen.push(res.reportId));
    const a = report(30);
    await sender.submit(a);
    expect(server.received).toEqual([[a]]);
    expect(seen).toEqual([a.reportId]);
    expect(sender.pending).toBe(0);
  });

  it('keeps reports while the network is down and replays them in order with backup when it returns', async () => {
    localStorage.clear();
    const server = fakeServer();
    const sender = new ReportSender(new ReportQueue(localStorage), server.transport, classify);
    server.setOnline(false);
    const offline = Array.from({ length: 10 }, (_, i) => report(30 * (i + 1)));
    for (const r of offline) await sender.submit(r);
    expect(sender.pending).toBe(10);
    expect(sender.failing).toBe(true);
    expect(server.received).toEqual([]);

    // A reload while offline: the queue is still there.
    const afterReload = new ReportSender(new ReportQueue(localStorage), server.transport, classify);
    expect(afterReload.pending).toBe(10);
    server.setOnline(true);
    await afterReload.flush();
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.map((r) => r.reportId)).toEqual(offline.map((r) => r.reportId));
    expect(afterReload.pending).toBe(0);
    expect(afterReload.failing).toBe(false);
  });

  it('replays at most 100 reports per backup call, oldest first', async () => {
    localStorage.clear();
    const server = fakeServer();
    const q = new ReportQueue(localStorage);
    const all = Array.from({ length: 230 }, (_, i) => report(i, 1));
    all.forEach((r) => q.push(r));
    const sender = new ReportSender(q, server.transport, classify);
    await sender.flush();
    expect(server.received.map((b) => b.length)).toEqual([100, 100, 30]);
    expect(server.received.flat().map((r) => r.reportId)).toEqual(all.map((r) => r.reportId));
  });

  it('a new report while offline goes behind the waiting ones', async () => {
    localStorage.clear();
    const server = fakeServer();
    const sender = new ReportSender(new ReportQueue(localStorage), server.transport, classify);
    server.setOnline(false);
    const a = report(30);
    await sender.submit(a);
    server.setOnline(true);
    const b = report(60);
    await sender.submit(b);
    expect(server.received.flat().map((r) => r.reportId)).toEqual([a.reportId, b.reportId]);
  });

  it('drops reports the server refused for good instead of retrying them forever', async () => {
    localStorage.clear();
    const server = fakeServer();
    const sender = new ReportSender(new ReportQueue(localStorage), server.transport, classify);
    server.setRefuse(true);
    await sender.submit(report(1));
    expect(sender.pending).toBe(0);
    server.setRefuse(false);
    const b = report(2);
    await sender.submit(b);
    expect(server.received).toEqual([[b]]);
  });

  it('concurrent submits send each report exactly once', async () => {
    localStorage.clear();
    const server = fakeServer();
    const sender = new ReportSender(new ReportQueue(localStorage), server.transport, classify);
    const rs = Array.from({ length: 5 }, (_, i) => report(i));
    await Promise.all(rs.map((r) => sender.submit(r)));
    expect(server.received.flat().map((r) => r.reportId).sort()).toEqual(rs.map((r) => r.reportId).sort());
    expect(sender.pending).toBe(0);
  });
});

describe('a report the server answers as busy', () => {
  it('stays on the device and is sent again; only a final refusal drops a report', async () => {
    localStorage.clear();
    const busy = new CallError('http', '学习记录提交繁忙，请稍后重试', 503, false);
    let answers: (CallError | null)[] = [busy, busy, null];
    const received: string[] = [];
    const transport: ReportTransport = {
      async one(r) {
        const next = answers.shift() ?? null;
        if (next) throw next;
        received.push(r.reportId);
        return resultOf(r);
      },
      async many(rs) {
        rs.forEach((r) => received.push(r.reportId));
        return rs.map(resultOf);
      },
    };
    const sender = new ReportSender(new ReportQueue(localStorage), transport, classifyFailure);
    const a = report(30);
    await sender.submit(a);
    expect(sender.pending).toBe(1);
    expect(sender.failing).toBe(true);
    expect(new ReportQueue(localStorage).list().map((r) => r.reportId)).toEqual([a.reportId]);
    await sender.flush();
    expect(sender.pending).toBe(1);
    await sender.flush();
    expect(received).toEqual([a.reportId]);
    expect(sender.pending).toBe(0);

    // A refusal (a session that is not mine) would be refused again: it leaves the queue.
    answers = [new CallError('business', '学习记录已失效，请刷新页面后继续学习')];
    await sender.submit(report(60));
    expect(sender.pending).toBe(0);
    expect(classifyFailure(new CallError('http', '请求参数不正确', 400))).toBe('drop');
    expect(classifyFailure(new CallError('network', '网络已断开'))).toBe('retry');
  });
});
