import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { admin as A, adminCertificate as AC, content as C } from '@portal/contract';
import { createTestApp, DEMO_ADMINS, type TestApp } from '../../test/harness.ts';
import { auditLog, certificates, exams, installs, persons, trainingYears } from '../../db/schema/index.ts';
import { issueCertificates } from './service.ts';

let t: TestApp;
let token: string;
let yearId: number;
let learnerId: number;
const day = 86_400_000;
type Uc<T> = { code: number; message: string; data: T };
const uc = <T>(r: { json: unknown }) => r.json as Uc<T>;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminLogin(DEMO_ADMINS.training);
  const [y] = await t.db.insert(trainingYears).values({ year: 2098, name: '2098年度' }).returning();
  yearId = y!.id;
  const [p] = await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, '13800000001'));
  learnerId = p!.id;
}, 120_000);
afterAll(() => t.close());

async function topic(title: string, startsInDays: number) {
  const now = Date.now();
  const [install] = await t.db
    .insert(installs)
    .values({ yearId, title, kind: 'special', applyStart: new Date(now - 2 * day), applyEnd: new Date(now + day), startAt: new Date(now + startsInDays * day), endAt: new Date(now + 30 * day), requiredHours: 4 })
    .returning();
  const [exam] = await t.db
    .insert(exams)
    .values({ title: `${title}结业考试`, installId: install!.id, decidesCompletion: false, startAt: new Date(now + 20 * day), endAt: new Date(now + 21 * day), durationMinutes: 30, passScore: 60 })
    .returning();
  return { install: install!.id, exam: exam!.id };
}
const lastChange = async () => (await t.db.select().from(auditLog).where(eq(auditLog.event, 'adminCertificate')).orderBy(desc(auditLog.id)).limit(1))[0];
const ruleOf = async (title: string) => uc<{ list: AC.IssueRule[] }>(await t.call(AC.adminCertRuleList, { token, query: { title } })).data.list[0]!;

describe('the issuing rule', () => {
  it('is shown with its hours, exams and pass marks, and is changed before the topic starts, audited with before and after', async () => {
    const fx = await topic('发证规则专题甲', 3);
    const rule = await ruleOf('发证规则专题甲');
    expect(rule).toMatchObject({ installId: fx.install, year: 2098, started: false, requiredHours: 4, version: 0, exams: [{ id: fx.exam, passScore: 60, totalScore: 100, decidesCompletion: false }] });
    const saved = await t.call(AC.adminCertRuleSave, { token, params: { installId: String(fx.install) }, body: { version: 0, requiredHours: 6.5, examId: fx.exam, passScore: 80 } });
    expect(uc<AC.IssueRule>(saved)).toMatchObject({ code: 0, data: { requiredHours: 6.5, version: 1, exams: [{ id: fx.exam, passScore: 80, decidesCompletion: true }] } });
    const [x] = await t.db.select().from(exams).where(eq(exams.id, fx.exam));
    expect(x).toMatchObject({ passScore: 80, decidesCompletion: true });
    expect(await lastChange()).toMatchObject({
      target: `install:${fx.install}`,
      outcome: 'success',
      detail: { action: '修改发证规则', before: { requiredHours: 4, exams: [], version: 0 }, after: { requiredHours: 6.5, exams: [{ id: fx.exam, passScore: 80 }], version: 1 } },
    });
    // Another administrator's edit, made on the version before, does not overwrite this one.
    const stale = await t.call(AC.adminCertRuleSave, { token, params: { installId: String(fx.install) }, body: { version: 0, requiredHours: 2, examId: null, passScore: null } });
    expect(uc(stale)).toMatchObject({ code: 409, message: A.ADMIN_MSG.staleVersion });
    // A pass mark above the exam's total, or an exam of another topic, is refused in words.
    const above = await t.call(AC.adminCertRuleSave, { token, params: { installId: String(fx.install) }, body: { version: 1, requiredHours: 2, examId: fx.exam, passScore: 120 } });
    expect(uc(above).message).toBe(AC.ADMIN_CERT_MSG.passAboveTotal(100));
    const other = await topic('发证规则专题乙', 3);
    const foreign = await t.call(AC.adminCertRuleSave, { token, params: { installId: String(fx.install) }, body: { version: 1, requiredHours: 2, examId: other.exam, passScore: 60 } });
    expect(uc(foreign).message).toBe(AC.ADMIN_CERT_MSG.examNotOfInstall);
    // No exam: hours only.
    const none = await t.call(AC.adminCertRuleSave, { token, params: { installId: String(fx.install) }, body: { version: 1, requiredHours: 3, examId: null, passScore: null } });
    expect(uc<AC.IssueRule>(none).data).toMatchObject({ requiredHours: 3, version: 2, exams: [{ decidesCompletion: false }] });
  });

  it('is refused once the topic has started, with a message, and nothing changes', async () => {
    const fx = await topic('发证规则专题丙', -1);
    const rule = await ruleOf('发证规则专题丙');
    expect(rule.started).toBe(true);
    const r = await t.call(AC.adminCertRuleSave, { token, params: { installId: String(fx.install) }, body: { version: 0, requiredHours: 1, examId: fx.exam, passScore: 50 } });
    expect(uc(r).code).not.toBe(0);
    expect(uc(r).message).toMatch(/^该培训已于\d{4}-\d{2}-\d{2}开始，发证规则不能再修改$/);
    const [i] = await t.db.select().from(installs).where(eq(installs.id, fx.install));
    expect(i).toMatchObject({ requiredHours: 4, version: 0 });
    expect(await lastChange()).toMatchObject({ target: `install:${fx.install}`, outcome: 'failure' });
  });

  it('bad input names the field', async () => {
    const r = await t.call(AC.adminCertRuleSave, { token, params: { installId: '1' }, body: { version: 0, requiredHours: -1, examId: null, passScore: null } });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('学时不能为负数');
  });
});

describe('certificates', () => {
  async function issued(title: string) {
    const fx = await topic(title, -1);
    await t.db.transaction((tx) => issueCertificates(tx, t.config.TIME_ZONE, learnerId, [{ installId: fx.install, hours: 4 }], new Date()));
    const [c] = await t.db.select().from(certificates).where(and(eq(certificates.personId, learnerId), eq(certificates.installId, fx.install)));
    return { ...fx, certNo: c!.certNo };
  }
  const check = async (certNo: string) => (await t.call(C.findCertificateByNo, { query: { certNo } })).json.obj as C.CertificateCheck;

  it('are searched by number, holder, topic, year and status, and the export takes the same filter', async () => {
    const a = await issued('证书检索专题');
    const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    const queries: Record<string, string | number>[] = [{ certNo: a.certNo.slice(-6) }, { holder: '13800000001', topic: '证书检索' }, { topic: '证书检索专题', year, status: 'valid' }];
    for (const query of queries) {
      const page = uc<{ list: AC.AdminCertItem[]; total: number }>(await t.call(AC.adminCertList, { token, query })).data;
      expect(page.list.map((c) => c.certNo), JSON.stringify(query)).toContain(a.certNo);
      expect(page.list.find((c) => c.certNo === a.certNo)).toMatchObject({ installTitle: '证书检索专题', hours: 4, mobile: '138****0001', revokedAt: null, replaces: null, replacedBy: null });
    }
    const none = uc<{ total: number }>(await t.call(AC.adminCertList, { token, query: { topic: '证书检索专题', status: 'revoked' } })).data;
    expect(none.total).toBe(0);
    const file = await t.app.inject({ method: 'GET', url: `/v1/admin/certificates/export?topic=${encodeURIComponent('证书检索专题')}`, headers: { authorization: token } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const bad = await t.call(AC.adminCertList, { token, query: { status: 'lost' } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('状态只能是有效或已撤销');
  });

  it('revoke with a reason: the public check says revoked; audited with before and after under the administrator', async () => {
    const a = await issued('证书撤销专题');
    const r = uc<AC.AdminCertItem>(await t.call(AC.adminCertRevoke, { token, body: { certNo: a.certNo, reason: '考试成绩有误' } }));
    expect(r).toMatchObject({ code: 0, data: { certNo: a.certNo, revokeReason: '考试成绩有误' } });
    expect(r.data.revokedAt).not.toBeNull();
    expect(await check(a.certNo)).toMatchObject({ valid: false, replacedBy: null });
    const change = await lastChange();
    const [admin] = await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, DEMO_ADMINS.training));
    expect(change).toMatchObject({ personId: admin!.id, target: `certificate:${a.certNo}`, detail: { action: '撤销证书', before: { revokedAt: null }, after: { revokeReason: '考试成绩有误' } } });
    const again = uc(await t.call(AC.adminCertRevoke, { token, body: { certNo: a.certNo, reason: '再次' } }));
    expect(again.message).toBe('该证书已经撤销');
    const missing = await t.call(AC.adminCertRevoke, { token, body: { certNo: a.certNo, reason: ' ' } });
    expect(missing.json.message).toBe('请填写撤销原因');
  });

  it('reissue: the old one revoked, a new number with the corrected hours, linked both ways; the old number verifies as revoked naming the new', async () => {
    const a = await issued('证书补发专题');
    const r = uc<{ old: AC.AdminCertItem; issued: AC.AdminCertItem }>(await t.call(AC.adminCertReissue, { token, body: { certNo: a.certNo, reason: '学时更正', hours: 5.5 } }));
    expect(r.code).toBe(0);
    const { old, issued: fresh } = r.data;
    expect(fresh.certNo).not.toBe(a.certNo);
    expect(old).toMatchObject({ certNo: a.certNo, revokeReason: '补发：学时更正', replacedBy: fresh.certNo, replaces: null });
    expect(old.revokedAt).not.toBeNull();
    expect(fresh).toMatchObject({ hours: 5.5, revokedAt: null, replaces: a.certNo, replacedBy: null, installTitle: '证书补发专题' });
    expect(await check(a.certNo)).toMatchObject({ valid: false, replacedBy: fresh.certNo });
    expect(await check(fresh.certNo)).toMatchObject({ valid: true, hours: 5.5, replacedBy: null });
    // Both directions in the search too.
    const list = uc<{ list: AC.AdminCertItem[] }>(await t.call(AC.adminCertList, { token, query: { topic: '证书补发专题' } })).data.list;
    expect(list.map((c) => [c.certNo, c.replaces, c.replacedBy])).toEqual([
      [fresh.certNo, a.certNo, null],
      [a.certNo, null, fresh.certNo],
    ]);
    expect(await lastChange()).toMatchObject({ target: `certificate:${a.certNo}`, detail: { action: '补发证书', before: { certNo: a.certNo, revokedAt: null }, after: { issued: { certNo: fresh.certNo } } } });
    // A revoked certificate is not reissued again.
    expect(uc(await t.call(AC.adminCertReissue, { token, body: { certNo: a.certNo, reason: '再补', hours: 4 } })).message).toBe('该证书已经撤销');
  });
});
