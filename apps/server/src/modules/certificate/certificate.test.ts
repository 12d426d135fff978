import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { content as C, exam as E, learning as L, MSG, operator as O, person as P, teacher as T } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { auditLog, categories, certificates, courseCompletions, courseResources, courses, examQuestions, exams, installs, persons, planCourses, plans, questions, studySessions, trainingYears } from '../../db/schema/index.ts';
import { makePlatform } from '../platform/service.ts';
import { makeLearning } from '../learning/service.ts';
import { CERTIFICATE_MSG, certificatesOf } from './service.ts';
import { makeSigner } from './signing.ts';
import { makeWorkerPool } from '../../workers/pool.ts';
import { maskName } from '../../lib/listing.ts';

let t: TestApp;
const workers = makeWorkerPool();
const OPERATOR = 'operator-token-of-the-college-tools-0123456789';
const day = 86_400_000;
type Obj<T> = { res: boolean; resMsg: string; obj: T };
const obj = <T>(r: { json: unknown }) => r.json as Obj<T>;
let question: number;
let yearId: number;

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR });
  const [q] = await t.db.insert(questions).values({ bank: '证书测试题库', type: 'judge', stem: '中华人民共和国的一切权力属于人民。', options: [], answer: ['T'], explanation: '宪法第二条。' }).returning();
  question = q!.id;
  const [y] = await t.db.insert(trainingYears).values({ year: 2097, name: '2097年度' }).returning();
  yearId = y!.id;
}, 120_000);
afterAll(async () => {
  await workers.close();
  await t.close();
});

/** A topic with one 1-学时 course of a 20-second video and, if asked, a 结业考试 that decides completion. */
async function topic(title: string, withExam: boolean) {
  const now = Date.now();
  const [install] = await t.db
    .insert(installs)
    .values({ yearId, title, kind: 'special', applyStart: new Date(now - day), applyEnd: new Date(now + day), startAt: new Date(now - day), endAt: new Date(now + 30 * day), requiredHours: 1 })
    .returning();
  const [cat] = await t.db.insert(categories).values({ name: `${title}分类` }).returning();
  const [course] = await t.db.insert(courses).values({ title: `${title}课程`, lecturer: '讲师', categoryId: cat!.id, creditHours: 1, status: 'offline' }).returning();
  const [video] = await t.db.insert(courseResources).values({ courseId: course!.id, title: '第一讲', kind: 'video', durationSeconds: 20, mediaUrl: '/media/v.mp4' }).returning();
  const [plan] = await t.db.insert(plans).values({ installId: install!.id, title: '必修', requiredHours: 1 }).returning();
  await t.db.insert(planCourses).values({ planId: plan!.id, courseId: course!.id, required: true });
  let exam = 0;
  if (withExam) {
    const [x] = await t.db
      .insert(exams)
      .values({ title: `${title}结业考试`, installId: install!.id, decidesCompletion: true, startAt: new Date(now - day), endAt: new Date(now + day), durationMinutes: 30, passScore: 60, attemptsAllowed: 2, review: 'afterSubmit' })
      .returning();
    await t.db.insert(examQuestions).values({ examId: x!.id, questionId: question, sort: 0, score: 100 });
    exam = x!.id;
  }
  return { title, install: install!.id, course: course!.id, video: video!.id, exam };
}

async function studyToTheEnd(token: string, resourceId: number) {
  const s = obj<L.StudySession>(await t.call(L.findStudyResourceTime, { token, query: { resourceId } })).obj;
  await t.db.update(studySessions).set({ creditFrom: sql`date_trunc('milliseconds', now() - interval '60 seconds')` }).where(eq(studySessions.id, Number(s.sessionId)));
  const r = obj<L.ReportResult>(await t.call(L.updateStudyResourceTime, { token, body: { reportId: crypto.randomUUID(), sessionId: s.sessionId, position: 20, playedSeconds: 20, clientTime: new Date().toISOString(), event: 'end' } }));
  expect(r.obj.courseCompletedAt).not.toBeNull();
}
async function takeExam(token: string, examId: number, correct: boolean) {
  const paper = obj<E.ExamPaper>(await t.call(E.findExamQuestions, { token, query: { examId } })).obj;
  await t.call(E.saveExamQuestionAnswerd, { token, body: { attemptId: paper.attemptId, questionId: question, answer: [correct ? 'T' : 'F'], seq: 1 } });
  return obj<E.AttemptResult>(await t.call(E.saveExamRecord, { token, body: { attemptId: paper.attemptId } })).obj.passed;
}
const mine = async (token: string) => obj<L.MyCertificate[]>(await t.call(L.certificate, { token })).obj;
const rowsOf = (personId: number, installId: number) => t.db.select().from(certificates).where(and(eq(certificates.personId, personId), eq(certificates.installId, installId)));
async function learner(mobile: string) {
  const [p] = await t.db.select().from(persons).where(eq(persons.mobile, mobile));
  return { token: await t.login(mobile), personId: p!.personId, name: p!.personName };
}
const payloadOf = (verifyUrl: string) => new URL(verifyUrl).searchParams.get('p')!;
async function pdfText(bytes: Uint8Array) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((x) => ('str' in x ? x.str : '')).join(''));
  }
  return pages;
}
/** My messages announcing a certificate of the topic (a demo learner may hold older ones). */
const certificateMessages = async (token: string, title: string) =>
  obj<{ list: { title: string; content: string }[] }>(await t.call(T.findMyMessage, { token, query: { pageNum: 1, pageSize: 50, unread: 'false' } })).obj.list.filter(
    (m) => m.title === '结业证书已生成' && m.content.includes(`《${title}》`),
  );
const pdf = (token: string | null, certNo: string) => t.app.inject({ method: 'GET', url: `/video_learning/education/studentLearn/certificatePdf?certNo=${certNo}`, headers: token ? { authorization: token } : {} });

describe('issuing', () => {
  it('the course that completes an hours-only topic issues its certificate, not before, once', async () => {
    const fx = await topic('证书专题甲', false);
    const me = await learner('13900010151');
    await t.call(L.installApply, { token: me.token, query: { installId: fx.install } });
    expect(await rowsOf(me.personId, fx.install)).toHaveLength(0);
    await studyToTheEnd(me.token, fx.video);
    const [row] = await rowsOf(me.personId, fx.install);
    const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    expect(row!.certNo).toBe(`ZS${year}${String(row!.id).padStart(6, '0')}`);
    expect(row!.verifyCode).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(row!.hours).toBe(1);
    const list = (await mine(me.token)).filter((c) => c.installId === fx.install);
    expect(list).toEqual([expect.objectContaining({ certNo: row!.certNo, installTitle: '证书专题甲', hours: 1, revokedAt: null, verifyCode: row!.verifyCode })]);
    expect(list[0]!.verifyUrl).toMatch(new RegExp(`^${t.config.PUBLIC_URL}/certificate\\?no=${row!.certNo}&p=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));
    // The learner is told in 我的消息, with the print page as the link.
    expect(await certificateMessages(me.token, fx.title)).toEqual([
      expect.objectContaining({ title: '结业证书已生成', content: '恭喜您完成《证书专题甲》，结业证书已生成，可在“打印证书”中查看和打印。', link: '/learningClassroom/printcertificate', className: '', senderName: '学院', readAt: null }),
    ]);
    // Completing it again changes nothing, and tells nothing again.
    await t.db.transaction((tx) => makeLearning(t.db, { completionRatio: 0.95, idleMinutes: 20 }, { installsCompleted: (x, p, c, at) => certificatesOf(t.config, t.db, makePlatform(t.db), workers).issue(x, p, c, at) }).completeInstall(tx, me.personId, fx.install));
    expect(await rowsOf(me.personId, fx.install)).toHaveLength(1);
    expect(await certificateMessages(me.token, fx.title)).toHaveLength(1);
  });

  it('a topic with a 结业考试 issues when the exam is passed after the hours, not on a failed attempt', async () => {
    const fx = await topic('证书专题乙', true);
    const me = await learner('13900010152');
    const path = async () => obj<L.InstallDetail>(await t.call(L.findCoursePlan, { token: me.token, query: { installId: fx.install } })).obj.path;
    const exam = { id: fx.exam, title: '证书专题乙结业考试' };
    // The topic's path names the one next step at each stage: join, study, the exam, the certificate.
    expect(await path()).toEqual({ coursesDone: 0, coursesTotal: 1, hoursMet: false, exam: { ...exam, passed: false }, certificate: null, next: 'join', nextCourse: null });
    await t.call(L.installApply, { token: me.token, query: { installId: fx.install } });
    expect(await path()).toMatchObject({ next: 'study', nextCourse: { id: fx.course, title: '证书专题乙课程' } });
    await studyToTheEnd(me.token, fx.video);
    expect(await path()).toEqual({ coursesDone: 1, coursesTotal: 1, hoursMet: true, exam: { ...exam, passed: false }, certificate: null, next: 'exam', nextCourse: null });
    expect(await rowsOf(me.personId, fx.install)).toHaveLength(0);
    expect(await takeExam(me.token, fx.exam, false)).toBe(false);
    expect(await rowsOf(me.personId, fx.install)).toHaveLength(0);
    expect(await certificateMessages(me.token, fx.title)).toHaveLength(0);
    expect(await takeExam(me.token, fx.exam, true)).toBe(true);
    const [row] = await rowsOf(me.personId, fx.install);
    expect(await path()).toMatchObject({ exam: { ...exam, passed: true }, certificate: { certNo: row!.certNo, revoked: false }, next: 'certificate' });
    // The passing attempt's transaction issued it and told the learner, once.
    expect(await certificateMessages(me.token, fx.title)).toHaveLength(1);
  });

  it('two instances completing the same install at once issue one certificate', async () => {
    const fx = await topic('证书专题丙', false);
    const me = await learner('13900010153');
    await t.call(L.installApply, { token: me.token, query: { installId: fx.install } });
    // The hours are there; two instances each run the completion in a transaction of their own.
    await t.db.insert(courseCompletions).values({ personId: me.personId, courseId: fx.course, year: 2097, hours: 1 });
    const instance = () => makeLearning(t.db, { completionRatio: 0.95, idleMinutes: 20 }, { installsCompleted: (x, p, c, at) => certificatesOf(t.config, t.db, makePlatform(t.db), workers).issue(x, p, c, at) });
    const [a, b] = [instance(), instance()];
    await Promise.all([t.db.transaction((tx) => a.completeInstall(tx, me.personId, fx.install)), t.db.transaction((tx) => b.completeInstall(tx, me.personId, fx.install))]);
    expect(await rowsOf(me.personId, fx.install)).toHaveLength(1);
    // Even an issue that bypasses the enrolment's lock is stopped by the unique index.
    const svc = certificatesOf(t.config, t.db, makePlatform(t.db), workers);
    await Promise.all([1, 2].map(() => t.db.transaction((tx) => svc.issue(tx, me.personId, [{ installId: fx.install, hours: 1 }], new Date()))));
    expect(await rowsOf(me.personId, fx.install)).toHaveLength(1);
    // One certificate, one message.
    expect(await certificateMessages(me.token, fx.title)).toHaveLength(1);
  });
});

describe('the certificate, its payload and its PDF', () => {
  let fx: Awaited<ReturnType<typeof topic>>;
  let me: Awaited<ReturnType<typeof learner>>;
  let cert: L.MyCertificate;
  beforeAll(async () => {
    fx = await topic('证书专题丁', false);
    me = await learner('13900010154');
    await t.call(L.installApply, { token: me.token, query: { installId: fx.install } });
    await studyToTheEnd(me.token, fx.video);
    cert = (await mine(me.token)).find((c) => c.installId === fx.install)!;
  });

  it('the QR payload is signed with the published key over the masked fields; a tampered one fails', async () => {
    const key = obj<{ algorithm: string; publicKey: string }>(await t.call(C.findCertificateKey)).obj;
    expect(key.algorithm).toBe('Ed25519');
    const payload = payloadOf(cert.verifyUrl);
    const [body, signature] = payload.split('.') as [string, string];
    const publicKey = crypto.subtle.importKey('raw', Buffer.from(key.publicKey, 'base64url'), { name: 'Ed25519' }, false, ['verify']);
    const check = async (b: string, s: string) => crypto.subtle.verify('Ed25519', await publicKey, Buffer.from(s, 'base64url'), new TextEncoder().encode(b));
    expect(await check(body, signature)).toBe(true);
    const fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as C.CertificatePayloadFields;
    expect(fields).toEqual({ n: cert.certNo, p: maskName(me.name), i: '证书专题丁', h: 1, d: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(JSON.stringify(fields)).not.toContain(me.name);
    const tampered = Buffer.from(JSON.stringify({ ...fields, h: 100 })).toString('base64url');
    expect(await check(tampered, signature)).toBe(false);
    expect(makeSigner(t.config.CERTIFICATE_SIGNING_KEY).verify(`${tampered}.${signature}`)).toBeNull();
  });

  it('the PDF is one page with the number and the full Chinese name; only its holder gets it', async () => {
    const res = await pdf(me.token, cert.certNo.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${cert.certNo}.pdf`);
    const pages = await pdfText(new Uint8Array(res.rawPayload));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain(cert.certNo);
    expect(pages[0]).toContain(`${me.name}同志`);
    expect(pages[0]).toContain('结 业 证 书');
    expect(pages[0]).toContain(t.config.COLLEGE_NAME);
    expect(pages[0]).toContain(cert.verifyCode);
    // The college's seal is stamped on the page: the configured PNG, embedded as an image.
    expect(Buffer.from(res.rawPayload).toString('latin1')).toMatch(/\/Subtype\s*\/Image/);

    const other = await learner('13900010155');
    const refused = await pdf(other.token, cert.certNo);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain(CERTIFICATE_MSG.notFound);
    expect((await mine(other.token)).map((c) => c.certNo)).not.toContain(cert.certNo);
    expect((await pdf(null, cert.certNo)).statusCode).toBe(401);
    expect((await t.call(L.certificate)).status).toBe(401);
  });

  it("the seal is published for the print view as the configuration names it", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/video_learning/education/index/findCertificateSeal` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(Buffer.from(res.rawPayload).equals(await readFile(t.config.CERTIFICATE_SEAL!))).toBe(true);
    expect(obj<{ certificateSeal: boolean }>(await t.call(P.getPortalConfig)).obj.certificateSeal).toBe(true);
  });

  it('the public check says valid; after revocation, revoked with the date; the revocation is audited', async () => {
    const check = async () => obj<C.CertificateCheck | null>(await t.call(C.findCertificateByNo, { query: { certNo: cert.certNo } })).obj;
    expect(await check()).toMatchObject({ certNo: cert.certNo, valid: true, revokedAt: null, hours: 1, installTitle: '证书专题丁' });
    const svc = certificatesOf(t.config, t.db, makePlatform(t.db), workers);
    await expect(svc.revoke(cert.certNo, '  ', { personId: null, ip: 'command:test' })).rejects.toThrow(CERTIFICATE_MSG.reasonMissing);
    const revoked = await svc.revoke(cert.certNo.toLowerCase(), '学时记录有误', { personId: null, ip: 'command:test' });
    expect(revoked.certNo).toBe(cert.certNo);
    const after = await check();
    expect(after).toMatchObject({ valid: false, revokedAt: revoked.revokedAt });
    expect(JSON.stringify(after)).not.toContain(me.name);
    expect((await mine(me.token)).find((c) => c.certNo === cert.certNo)).toMatchObject({ revokedAt: revoked.revokedAt, revokeReason: '学时记录有误' });
    const refused = await pdf(me.token, cert.certNo);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(CERTIFICATE_MSG.revoked);
    await expect(svc.revoke(cert.certNo, '重复撤销', { personId: null, ip: 'command:test' })).rejects.toThrow(CERTIFICATE_MSG.alreadyRevoked);
    await expect(svc.revoke('ZS1999999999', '不存在', { personId: null, ip: 'command:test' })).rejects.toThrow(CERTIFICATE_MSG.notFound);
    const audited = await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'certificateRevoke'), eq(auditLog.target, cert.certNo)));
    expect(audited.map((a) => [a.outcome, a.ip, a.detail?.reason])).toEqual(
      expect.arrayContaining([
        ['success', 'command:test', '学时记录有误'],
        ['failure', 'command:test', '重复撤销'],
      ]),
    );
  });

  it('the operator call revokes with the configured token only; a person, a wrong token and bad input change nothing', async () => {
    const other = await learner('13900010155');
    const fx5 = await topic('证书专题戊', false);
    await t.call(L.installApply, { token: other.token, query: { installId: fx5.install } });
    await studyToTheEnd(other.token, fx5.video);
    const c = (await mine(other.token)).find((x) => x.installId === fx5.install);
    const revoke = (body: unknown, headers: Record<string, string> = {}) => t.call(O.revokeCertificate, { body, headers });
    const state = async () => (await t.db.select({ revokedAt: certificates.revokedAt }).from(certificates).where(eq(certificates.certNo, c!.certNo)))[0]?.revokedAt;
    // A learner's own session, a teacher's-looking bearer, a wrong token: refused before anything is read.
    for (const authorization of [other.token, `Bearer ${other.token}`, `Bearer ${OPERATOR}x`, 'Bearer ']) {
      const r = await revoke({ certNo: c!.certNo, reason: '试图撤销' }, { authorization });
      expect(r.status, authorization).toBe(401);
      expect(r.json).toMatchObject({ message: MSG.operatorTokenWrong });
    }
    expect((await revoke({ certNo: c!.certNo, reason: '试图撤销' })).status).toBe(401);
    const op = { authorization: `Bearer ${OPERATOR}` };
    const empty = await revoke({ certNo: c!.certNo, reason: ' ' }, op);
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ message: '请填写撤销原因' });
    expect(await state()).toBeNull();
    const ok = await revoke({ certNo: c!.certNo, reason: '培训档案核查不符' }, op);
    expect(ok.json).toMatchObject({ code: 0, data: { certNo: c!.certNo } });
    expect(await state()).not.toBeNull();
    expect((await revoke({ certNo: c!.certNo, reason: '再次撤销' }, op)).json).toMatchObject({ message: CERTIFICATE_MSG.alreadyRevoked });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'certificateRevoke'), eq(auditLog.target, c!.certNo), eq(auditLog.outcome, 'success')));
    expect(entry).toMatchObject({ personId: null, ip: expect.stringMatching(/^operator:/), detail: { reason: '培训档案核查不符' } });
  });
});

describe("a class's print", () => {
  it('200 certificates stream page by page from the worker pool while the request thread keeps turning', async () => {
    const fx = await topic('证书专题己', false);
    const people = await t.db
      .insert(persons)
      .values(Array.from({ length: 200 }, (_, i) => ({ personNo: `Z9${String(i).padStart(5, '0')}`, personName: `结业学员${i}`, mobile: `1770000${String(i).padStart(4, '0')}` })))
      .returning({ personId: persons.personId });
    const svc = certificatesOf(t.config, t.db, makePlatform(t.db), workers);
    await t.db.transaction(async (tx) => {
      for (const p of people) await svc.issue(tx, p.personId, [{ installId: fx.install, hours: 1 }], new Date());
    });

    // A ticker on the request thread: it counts the turns of the event loop during the print.
    let ticks = 0;
    let ticking = true;
    const tick = () => {
      ticks++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const printed = await svc.printMany(
      people.map((p) => p.personId),
      fx.install,
      '证书测试班 结业证书',
    );
    const chunks: Buffer[] = [];
    for await (const chunk of printed!.pdf) chunks.push(chunk as Buffer);
    ticking = false;

    expect(printed!.count).toBe(200);
    // A chunk per page, and the request thread turned between chunks: drawn elsewhere, sent as drawn.
    expect(chunks.length).toBeGreaterThanOrEqual(200);
    expect(ticks).toBeGreaterThanOrEqual(200);
    const pages = await pdfText(new Uint8Array(Buffer.concat(chunks)));
    expect(pages).toHaveLength(200);
    for (const i of [0, 1, 99, 199]) {
      expect(pages[i]).toContain(`结业学员${i}同志`);
      expect(pages[i]).toContain('证书专题己');
    }
  });
});
