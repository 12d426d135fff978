/**
 * Many instances: two real server processes, started at the same moment on one empty
 * PostgreSQL database behind a (simulated) trusted proxy, prove across them that sessions, the
 * lockout, per-address limits, the per-person credit bound and exam attempts are the database's, and
 * that the caches each process keeps (public statistics, server-rendered pages) hold nothing personal
 * and expire as configured.
 *
 * PostgreSQL only: the embedded database (PGlite) lives inside one process — its data directory is
 * opened by that process alone and serves no connections — so a second instance cannot share it.
 * Without TEST_DATABASE_URL these tests are skipped (CI sets it).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, catalog as K, content as C, dev, exam as E, learning as L, person, UC_CODE, urlOf } from '@portal/contract';
import { CREDIT_TOLERANCE_SECONDS } from '../modules/learning/credit.ts';
import { DEMO_PASSWORDS } from '../seed/seed.ts';
import { scratchDatabase, serverProcess, type ServerProcess } from './process.ts';

const PG = process.env.TEST_DATABASE_URL;
const RATE_LIMIT = 10;
const STATS_SECONDS = 3;
const SSR_SECONDS = 2;

/** A built web app in miniature (see http/ssr.test.ts): its rendering shows a statistic, whom the server answers, and when it was rendered. */
function miniatureWebApp(): { webDist: string; ssrDist: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'portal-instances-'));
  const webDist = path.join(root, 'dist');
  const ssrDist = path.join(root, 'dist-ssr');
  mkdirSync(path.join(webDist, '.vite'), { recursive: true });
  mkdirSync(ssrDist, { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="zh-CN"><head><title>干部网络学院</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index.js' } }));
  writeFileSync(
    path.join(ssrDist, 'entry-server.js'),
    `export const SSR_STATE_ID = 'portal-ssr-state';
export async function renderPage(url, transport) {
  const get = async (p, method) => (await (await transport(p, { method, headers: { Accept: 'application/json' } })).json());
  const figures = await get(${JSON.stringify(C.realTimeData.path)}, ${JSON.stringify(C.realTimeData.method)});
  const me = await get(${JSON.stringify(person.getSessionPerson.path)}, 'POST');
  return {
    html: '<p id="registered">' + figures.obj.registered + '</p><p id="me">' + JSON.stringify(me.obj ?? null) + '</p><p id="stamp">' + process.pid + ':' + Date.now() + '</p>',
    state: '{}',
    title: '首页',
  };
}
`,
  );
  return { webDist, ssrDist };
}

const between = (html: string, id: string) => new RegExp(`<p id="${id}">([^<]*)</p>`).exec(html)?.[1];
type Envelope = Record<string, unknown> & { data: never; obj: never };

describe.skipIf(!PG)('many instances on one PostgreSQL', { timeout: 90_000 }, () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let sql: pg.Client;

  beforeAll(async () => {
    database = await scratchDatabase('portal_instances');
    const web = miniatureWebApp();
    const env = {
      TRUST_PROXY: 'true',
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      STATS_CACHE_SECONDS: String(STATS_SECONDS),
      SSR_CACHE_SECONDS: String(SSR_SECONDS),
      WEB_DIST: web.webDist,
      WEB_SSR_DIST: web.ssrDist,
      DATABASE_POOL_SIZE: '4',
    };
    a = await serverProcess({ databaseUrl: database.url, env });
    b = await serverProcess({ databaseUrl: database.url, env });
    // Both at once on the empty database: one migrates and seeds, the other waits and finds it done.
    await Promise.all([a.start(), b.start()]);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 240_000);

  afterAll(async () => {
    await sql?.end();
    await Promise.all([a?.kill(), b?.kill()]);
    await database?.drop();
  });

  /** Each part of the test comes from an address of its own (the proxy's X-Forwarded-For). */
  const from = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });

  /** One password login whose captcha is asked of `captchaOn` and answered on `loginOn`. */
  async function tryLogin(captchaOn: ServerProcess, loginOn: ServerProcess, mobile: string, password: string, headers: Record<string, string>) {
    const cap = (await captchaOn.call(auth.requestImageCode, { headers })).data as { id: string } | null;
    if (!cap) throw new Error('no captcha');
    const answer = ((await (await fetch(`${captchaOn.base}${urlOf(dev.devCaptcha, 'portal', { id: cap.id })}`, { headers })).json()) as { captcha: string }).captcha;
    return loginOn.call(auth.usernameLogin, { body: { captcha_session_id: cap.id, captcha: answer, username: mobile, password, expires: 604800 }, headers });
  }

  it('started together, the instances migrated and seeded the database once', async () => {
    const { rows } = await sql.query<{ n: number }>(`select count(*)::int as n from persons where mobile = '13900010020'`);
    expect(rows[0]!.n).toBe(1);
    for (const s of [a, b]) expect((await fetch(`${s.base}/readyz`)).status).toBe(200);
  });

  it('a session opened on one instance is valid on the other, and logout on either revokes it on both', async () => {
    const token = await a.login('13900010020', DEMO_PASSWORDS.learner, from(1));
    for (const s of [a, b]) expect(((await s.call(person.getSessionPerson, { token, headers: from(1) })).obj as { personName: string } | null)?.personName).toBeTruthy();
    expect((await b.call(auth.logout, { token, headers: from(1) })).code).toBe(0);
    for (const s of [a, b]) expect((await s.call(person.getSessionPerson, { token, headers: from(1) })).obj).toBeNull();
  });

  it('failed logins count toward one lockout across instances', async () => {
    const mobile = '13900010021';
    const answers: Envelope[] = [];
    for (let i = 0; i < 5; i++) answers.push(await tryLogin(i % 2 ? a : b, i % 2 ? b : a, mobile, 'Wrong@2026x', from(2)));
    expect(answers.slice(0, 4).every((r) => r.code !== 0 && r.code !== UC_CODE.locked)).toBe(true);
    expect(answers[4]!.code).toBe(UC_CODE.locked);
    // The right password, now, on either instance: locked.
    for (const [x, y] of [[a, a], [b, b]] as const) expect((await tryLogin(x, y, mobile, DEMO_PASSWORDS.learner, from(3))).code).toBe(UC_CODE.locked);
  });

  it('the per-address limit counts the calls of one address on every instance', async () => {
    // A fixed one-minute window: start well inside one, so that all the calls fall in it.
    const second = new Date().getSeconds();
    if (second > 40) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    const headers = from(4);
    const codes: unknown[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++) {
      const s = i % 2 ? b : a;
      codes.push((await s.call(auth.usernameLogin, { body: { captcha_session_id: randomUUID(), captcha: 'abcd', username: '13900010023', password: 'Wrong@2026x', expires: 604800 }, headers })).code);
    }
    expect(codes.slice(0, RATE_LIMIT).every((c) => c !== UC_CODE.rateLimited && c !== 0)).toBe(true);
    expect(codes[RATE_LIMIT]).toBe(UC_CODE.rateLimited);
    // Another address is not affected.
    expect((await b.call(auth.usernameLogin, { body: { captcha_session_id: randomUUID(), captcha: 'abcd', username: '13900010023', password: 'x', expires: 604800 }, headers: from(5) })).code).not.toBe(UC_CODE.rateLimited);
  });

  it("a learner's credit stays within the clock when study sessions are opened and reported on both instances", async () => {
    const headers = from(6);
    const token = await a.login('13900010024', DEMO_PASSWORDS.learner, headers);
    const top = (await a.call(K.findCourseTopByPage, { query: '?pageSize=1', headers })).obj as { list: { id: number }[] };
    const courseId = top.list[0]!.id;
    const course = (await b.call(K.findCourseById, { query: `?id=${courseId}`, headers })).obj as { resources: { id: number; kind: string }[] };
    const resourceId = course.resources.find((r) => r.kind === 'video')!.id;
    const since = Date.now();
    let credited = 0;
    for (let i = 0; i < 6; i++) {
      const opener = i % 2 ? b : a;
      const session = (await opener.call(L.findStudyResourceTime, { token, query: `?resourceId=${resourceId}`, headers })).obj as { sessionId: string };
      const tick = () => ({ reportId: randomUUID(), sessionId: session.sessionId, position: 0, playedSeconds: 20, clientTime: new Date().toISOString(), event: 'tick' });
      const both = await Promise.all([a, b, a, b].map((s) => s.call(L.updateStudyResourceTime, { token, body: tick(), headers })));
      for (const r of both) {
        expect(r.res).toBe(true);
        credited += (r.obj as { credited: number }).credited;
      }
      await new Promise((r) => setTimeout(r, 300));
    }
    const bound = Math.ceil((Date.now() - since) / 1000) + CREDIT_TOLERANCE_SECONDS;
    expect(credited).toBeGreaterThan(0);
    expect(credited).toBeLessThanOrEqual(bound);
    const progress = (await b.call(L.findProgress, { token, query: `?courseId=${courseId}`, headers })).obj as { resources: { resourceId: number; learnedSeconds: number }[] };
    expect(progress.resources.find((r) => r.resourceId === resourceId)!.learnedSeconds).toBe(credited);
  });

  it('an exam attempt resumes on the other instance, and its deadline submit happens once', async () => {
    const headers = from(7);
    const token = await a.login('13900010070', DEMO_PASSWORDS.learner, headers);
    const list = (await a.call(K.findExamOnlineByPage, { token, query: '?pageSize=100', headers })).obj as { list: K.ExamItem[] };
    const exam = list.list.find((e) => e.title === '全省公务员法律知识考试')!;
    const paper = (await a.call(E.findExamQuestions, { token, query: `?examId=${exam.id}`, headers })).obj as E.ExamPaper;
    const [q1, q2] = paper.questions.filter((q) => q.type === 'single');
    expect((await a.call(E.saveExamQuestionAnswerd, { token, body: { attemptId: paper.attemptId, questionId: q1!.questionId, answer: [q1!.options[0]!.key], seq: 1 }, headers })).res).toBe(true);

    const resumed = (await b.call(E.findExamQuestions, { token, query: `?examId=${exam.id}`, headers })).obj as E.ExamPaper;
    expect(resumed.attemptId).toBe(paper.attemptId);
    expect(resumed.deadline).toBe(paper.deadline);
    expect(resumed.answers.find((x) => x.questionId === q1!.questionId)?.answer).toEqual([q1!.options[0]!.key]);
    expect((await b.call(E.saveExamQuestionAnswerd, { token, body: { attemptId: paper.attemptId, questionId: q2!.questionId, answer: [q2!.options[1]!.key], seq: 2 }, headers })).res).toBe(true);

    // The time runs out; both instances are then asked at once to submit and to save.
    const { rows: due } = await sql.query<{ deadline: Date }>(`update exam_attempts set deadline = date_trunc('milliseconds', now() - interval '1 second') where id = $1 returning deadline`, [paper.attemptId]);
    const calls = await Promise.all([
      a.call(E.saveExamRecord, { token, body: { attemptId: paper.attemptId }, headers }),
      b.call(E.saveExamRecord, { token, body: { attemptId: paper.attemptId }, headers }),
      a.call(E.saveExamQuestionAnswerd, { token, body: { attemptId: paper.attemptId, questionId: q1!.questionId, answer: [q1!.options[1]!.key], seq: 3 }, headers }),
      b.call(E.saveExamQuestionAnswerd, { token, body: { attemptId: paper.attemptId, questionId: q2!.questionId, answer: [q2!.options[0]!.key], seq: 4 }, headers }),
    ]);
    const [submitA, submitB, lateA, lateB] = calls;
    expect(submitA!.res).toBe(true);
    expect(submitA!.obj).toEqual(submitB!.obj);
    expect(lateA!.res).toBe(false);
    expect(lateB!.res).toBe(false);
    const { rows } = await sql.query<{ id: number; submitted_at: Date; submit_mode: string }>(
      `select a.id, a.submitted_at, a.submit_mode from exam_attempts a join persons p on p.person_id = a.person_id where p.mobile = '13900010070' and a.exam_id = $1`,
      [exam.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.submit_mode).toBe('deadline');
    expect(rows[0]!.submitted_at.getTime()).toBe(due[0]!.deadline.getTime());
    // The late answers were not written after the deadline.
    const { rows: answers } = await sql.query<{ seq: number }>(`select seq from exam_answers where attempt_id = $1 order by seq`, [paper.attemptId]);
    expect(answers.map((r) => r.seq)).toEqual([1, 2]);
  });

  it('public statistics are the same for everyone and expire after STATS_CACHE_SECONDS on each instance', async () => {
    const headers = from(8);
    const token = await b.login('13900010025', DEMO_PASSWORDS.learner, headers);
    const registered = async (s: ServerProcess, t?: string) => ((await s.call(C.realTimeData, { token: t, headers })).obj as C.RealTimeFigures).registered;
    // A person's answer is the visitor's answer: nothing in it is personal.
    const mine = (await a.call(C.realTimeData, { token, headers })).obj as C.RealTimeFigures;
    const visitors = (await a.call(C.realTimeData, { headers })).obj as C.RealTimeFigures;
    expect(mine).toEqual(visitors);
    const before = await registered(a);
    await sql.query(`update persons set status = 'disabled' where mobile = '13900010026'`);
    // Within the time each instance reuses its figures they may be the old ones; after it, both have the new.
    await new Promise((r) => setTimeout(r, (STATS_SECONDS + 1) * 1000));
    expect(await registered(a)).toBe(before - 1);
    expect(await registered(b, token)).toBe(before - 1);
  });

  it('server-rendered pages are rendered as a visitor, never as the person asking, and expire after SSR_CACHE_SECONDS', async () => {
    const headers = from(9);
    const token = await a.login('13900010027', DEMO_PASSWORDS.learner, headers);
    const name = ((await a.call(person.getSessionPerson, { token, headers })).obj as { personName: string }).personName;
    const page = async (s: ServerProcess, h: Record<string, string>) => {
      const res = await fetch(`${s.base}/index`, { headers: { ...headers, ...h } });
      expect(res.status).toBe(200);
      return res.text();
    };
    // Asked with the person's token (header and cookie) on both instances: rendered as for a visitor.
    for (const s of [a, b]) {
      const html = await page(s, { authorization: token, cookie: `token=${token}` });
      expect(between(html, 'me')).toBe('null');
      expect(html).not.toContain(name);
      expect(html).not.toContain(token);
    }
    const first = between(await page(a, {}), 'stamp');
    expect(first).toBeTruthy();
    await new Promise((r) => setTimeout(r, (SSR_SECONDS + 1) * 1000));
    const later = await page(a, {});
    expect(between(later, 'stamp')).not.toBe(first);
    expect(later).not.toContain(name);
  });
});
