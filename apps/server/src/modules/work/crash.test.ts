/**
 * SIGKILL in the middle of a stream of draft saves loses no acknowledged draft: after a restart on
 * the same data, each learner's draft is the last one the server acknowledged (its revision and
 * text), or a newer one whose acknowledgement the crash swallowed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { work as W } from '@portal/contract';
import { serverProcess, type ServerProcess } from '../../test/process.ts';

let server: ServerProcess | null = null;
afterAll(() => server?.dispose());

describe('a crash during a stream of draft saves', () => {
  it('keeps every acknowledged draft after SIGKILL and restart', async () => {
    server = await serverProcess();
    const s = server;
    await s.start();
    // Three learners of the first demo class, each typing into their draft of the plenum work.
    const writers = await Promise.all(['13800000001', '13900010100', '13900010101', '13900010102'].map(async (mobile) => {
      try {
        return { mobile, token: await s.login(mobile, 'Study@2026') };
      } catch {
        return null;
      }
    }));
    const typing = writers.filter((w): w is { mobile: string; token: string } => w !== null);
    const streams = await Promise.all(
      typing.map(async (w) => {
        const list = (await s.call(W.findWorkByPage, { token: w.token, query: '?pageSize=100&kind=homework' })).obj as { list: W.MyWorkItem[] } | null;
        const open = list?.list.find((x) => x.state === 'none' || x.state === 'draft' || x.state === 'returned');
        if (!open) return null;
        const detail = (await s.call(W.findWorkById, { token: w.token, query: `?workId=${open.id}` })).obj as W.WorkDetail;
        return { ...w, workId: open.id, revision: detail.submission?.revision ?? 0, text: detail.submission?.text ?? '' };
      }),
    );
    const live = streams.filter((x) => x !== null);
    expect(live.length).toBeGreaterThan(0);

    /** The last acknowledged draft of each learner, and every text they sent after it (any may have landed). */
    const acked = new Map<string, { revision: number; text: string; sentAfter: string[] }>();
    let stop = false;
    const typeAway = async (w: (typeof live)[number]) => {
      let revision = w.revision;
      let text = w.text;
      for (let n = 0; !stop; n++) {
        text += `第${n}句：坚持以人民为中心，把改革举措落到实处。`;
        acked.get(w.mobile)?.sentAfter.push(text);
        try {
          const r = await s.call(W.updateWork, { token: w.token, body: { workId: w.workId, revision, text } });
          if (r.res !== true) throw new Error(String(r.resMsg));
          revision = (r.obj as { revision: number }).revision;
          acked.set(w.mobile, { revision, text, sentAfter: [] });
        } catch {
          return; // the server died under this request: not acknowledged
        }
      }
    };
    const running = live.map(typeAway);
    await new Promise((r) => setTimeout(r, 1500));
    await s.kill();
    stop = true;
    await Promise.all(running);
    expect(acked.size).toBe(live.length);

    await s.start();
    for (const w of live) {
      const token = await s.login(w.mobile, 'Study@2026');
      const d = (await s.call(W.findWorkById, { token, query: `?workId=${w.workId}` })).obj as W.WorkDetail;
      const a = acked.get(w.mobile)!;
      expect(d.submission!.revision).toBeGreaterThanOrEqual(a.revision);
      if (d.submission!.revision === a.revision) expect(d.submission!.text).toBe(a.text);
      else expect(a.sentAfter).toContain(d.submission!.text);
    }
  }, 240_000);
});
