/**
 * 证书 in the administration area: each topic's issuing rule (the install's required hours;
 * the exam that decides its completion and its pass mark, set through the exam module), changed only
 * before the topic starts and never over another administrator's change (installs.version); the
 * certificate search and its export from one query; revocation through the certificate service's own
 * revoke; a reissue after a correction (the old one revoked, a new one linked to it by replaces_id, in
 * one transaction). Every change is recorded with before and after (recordChange, event adminCertificate).
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { admin as A, adminCertificate as AC, bookTitle, maskMobile } from '@portal/contract';
import type { z } from 'zod';
import type { Db, Q } from '../../db/client.ts';
import { installs, trainingYears } from '../../db/schema/catalog.ts';
import { certificates } from '../../db/schema/certificate.ts';
import { exams } from '../../db/schema/exam.ts';
import { organs, persons } from '../../db/schema/people.ts';
import { HttpError, Refusal } from '../../http/errors.ts';
import { chinaDate, type XlsxExport } from '../../http/xlsx.ts';
import { dateIn } from '@portal/contract/calendar';
import { chinaYearStart, iso, isoOrNull, offsetOf, pageOf } from '../../lib/listing.ts';
import { recordChange } from '../admin/service.ts';
import { setCompletionExam } from '../exam/completion.ts';
import { lockInstallForRule, setRequiredHours } from '../catalog/issueRule.ts';
import { writeAudit, type Platform } from '../platform/service.ts';
import { messageFromCollege } from '../inbox/service.ts';
import { CERTIFICATE_MSG, insertCertificate, PRINT_PAGE, type CertificateService } from './service.ts';
import type { Who } from '../../http/auth.ts';

type CertFilter = z.infer<typeof AC.certFilter>;

export const CERT_EXPORT_MAX = 50_000;
const EVENT = 'adminCertificate';

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function makeCertificateAdmin(deps: { db: Db; platform: Platform; certificates: CertificateService; timeZone: string }) {
  const { db, timeZone } = deps;

  // ---- the issuing rule ----------------------------------------------------------------------

  async function rulesOf(where: SQL | undefined, page: { pageNum: number; pageSize: number }, q: Q = db) {
    const [total] = await q.select({ n: count() }).from(installs).innerJoin(trainingYears, eq(trainingYears.id, installs.yearId)).where(where);
    const rows = await q
      .select({
        installId: installs.id,
        title: installs.title,
        year: trainingYears.year,
        startAt: installs.startAt,
        endAt: installs.endAt,
        requiredHours: installs.requiredHours,
        version: installs.version,
        certificates: sql<number>`(select count(*)::int from ${certificates} c where c.install_id = ${installs.id} and c.revoked_at is null)`.mapWith(Number),
      })
      .from(installs)
      .innerJoin(trainingYears, eq(trainingYears.id, installs.yearId))
      .where(where)
      .orderBy(desc(installs.startAt), desc(installs.id))
      .limit(page.pageSize)
      .offset(offsetOf(page));
    const ids = rows.map((r) => r.installId);
    const examRows = ids.length
      ? await q
          .select({ id: exams.id, installId: exams.installId, title: exams.title, passScore: exams.passScore, totalScore: exams.totalScore, decidesCompletion: exams.decidesCompletion })
          .from(exams)
          .where(inArray(exams.installId, ids))
          .orderBy(asc(exams.startAt), asc(exams.id))
      : [];
    const now = Date.now();
    const list: AC.IssueRule[] = rows.map((r) => ({
      ...r,
      startAt: iso(r.startAt),
      endAt: iso(r.endAt),
      started: r.startAt.getTime() <= now,
      exams: examRows.filter((e) => e.installId === r.installId).map(({ installId: _, ...e }) => e),
    }));
    return { list, total: total?.n ?? 0, ...page };
  }

  const ruleOf = async (installId: number, q: Q = db) => (await rulesOf(eq(installs.id, installId), { pageNum: 1, pageSize: 1 }, q)).list[0] ?? null;
  /** What a rule change's audit entry keeps: the rule as a person reads it. */
  const ruleShown = (r: AC.IssueRule) => ({
    requiredHours: r.requiredHours,
    exams: r.exams.filter((e) => e.decidesCompletion).map((e) => ({ id: e.id, title: e.title, passScore: e.passScore })),
    version: r.version,
  });

  // ---- certificates --------------------------------------------------------------------------

  const itemColumns = {
    id: certificates.id,
    certNo: certificates.certNo,
    personName: persons.personName,
    personNo: persons.personNo,
    mobile: persons.mobile,
    organName: sql<string>`coalesce(${organs.name}, '')`,
    installTitle: installs.title,
    hours: certificates.hours,
    issuedAt: certificates.issuedAt,
    revokedAt: certificates.revokedAt,
    revokeReason: certificates.revokeReason,
    replaces: sql<string | null>`(select o.cert_no from ${certificates} o where o.id = ${certificates.replacesId})`,
    replacedBy: sql<string | null>`(select n.cert_no from ${certificates} n where n.replaces_id = ${certificates.id})`,
  };
  const fromJoined = <T extends Record<string, unknown>>(cols: T, q: Q = db) =>
    q
      .select(cols as unknown as typeof itemColumns)
      .from(certificates)
      .innerJoin(persons, eq(persons.personId, certificates.personId))
      .innerJoin(installs, eq(installs.id, certificates.installId))
      .leftJoin(organs, eq(organs.id, persons.organId));
  type Row = Awaited<ReturnType<typeof fromJoined>>[number];
  const itemOf = (r: Row): AC.AdminCertItem => ({ ...r, mobile: maskMobile(r.mobile), issuedAt: iso(r.issuedAt), revokedAt: isoOrNull(r.revokedAt) });

  function whereOf(f: CertFilter): SQL | undefined {
    const w: SQL[] = [];
    if (f.certNo) w.push(ilike(certificates.certNo, like(f.certNo)));
    if (f.holder) w.push(or(eq(persons.mobile, f.holder), eq(persons.personNo, f.holder), ilike(persons.personName, like(f.holder)))!);
    if (f.topic) w.push(ilike(installs.title, like(f.topic)));
    if (f.year) w.push(gte(certificates.issuedAt, chinaYearStart(f.year)), lt(certificates.issuedAt, chinaYearStart(f.year + 1)));
    if (f.status === 'valid') w.push(isNull(certificates.revokedAt));
    if (f.status === 'revoked') w.push(isNotNull(certificates.revokedAt));
    return w.length ? and(...w) : undefined;
  }

  async function search(f: CertFilter, pageNum: number, pageSize: number) {
    const where = whereOf(f);
    const [total] = await db
      .select({ n: count() })
      .from(certificates)
      .innerJoin(persons, eq(persons.personId, certificates.personId))
      .innerJoin(installs, eq(installs.id, certificates.installId))
      .where(where);
    const rows = await fromJoined(itemColumns)
      .where(where)
      .orderBy(desc(certificates.issuedAt), desc(certificates.id))
      .limit(pageSize)
      .offset(offsetOf({ pageNum, pageSize }));
    return pageOf({ pageNum, pageSize }, rows.map(itemOf), total?.n ?? 0);
  }

  async function itemByNo(certNo: string, q: Q = db) {
    const [r] = await fromJoined(itemColumns, q).where(eq(certificates.certNo, certNo.trim().toUpperCase()));
    return r ? itemOf(r) : null;
  }

  return {
    async rules(q: { pageNum: number; pageSize: number; title?: string | undefined; year?: number | undefined }) {
      const w: SQL[] = [];
      if (q.title) w.push(ilike(installs.title, like(q.title)));
      if (q.year) w.push(eq(trainingYears.year, q.year));
      return rulesOf(w.length ? and(...w) : undefined, { pageNum: q.pageNum, pageSize: q.pageSize });
    },

    /** Changes the rule before the install starts; the version read must still be the install's. */
    async saveRule(installId: number, b: { version: number; requiredHours: number; examId: number | null; passScore: number | null }, who: Who): Promise<AC.IssueRule> {
      const before = await ruleOf(installId);
      if (!before) throw new HttpError(404, AC.ADMIN_CERT_MSG.installMissing);
      const refused = async (message: string, code?: number) => {
        await recordChange(db, { ...who, event: EVENT, target: `install:${installId}`, action: '修改发证规则', before: ruleShown(before), after: { ...b, refused: message }, outcome: 'failure' });
        return new Refusal(message, code);
      };
      const exam = b.examId === null ? null : before.exams.find((e) => e.id === b.examId);
      if (exam === undefined) throw await refused(AC.ADMIN_CERT_MSG.examNotOfInstall);
      if (exam && b.passScore === null) throw await refused(AC.ADMIN_CERT_MSG.passMissing);
      if (exam && b.passScore !== null && b.passScore > exam.totalScore) throw await refused(AC.ADMIN_CERT_MSG.passAboveTotal(exam.totalScore));
      const outcome = await db.transaction(async (tx) => {
        // The start is read again under the row's lock: a rule never changes once the topic has begun.
        const row = await lockInstallForRule(tx as unknown as Db, installId);
        if (!row) return { refusal: AC.ADMIN_CERT_MSG.installMissing };
        if (row.startAt <= row.now) return { refusal: AC.ADMIN_CERT_MSG.started(dateIn(timeZone, row.startAt.getTime())) };
        if (row.version !== b.version) return { refusal: A.ADMIN_MSG.staleVersion, code: 409 };
        await setRequiredHours(tx as unknown as Db, installId, b.requiredHours);
        await setCompletionExam(tx as unknown as Db, installId, b.examId, b.passScore);
        const after = (await ruleOf(installId, tx))!;
        await recordChange(tx, { ...who, event: EVENT, target: `install:${installId}`, action: '修改发证规则', before: ruleShown(before), after: ruleShown(after) });
        return { refusal: null, after };
      });
      if (outcome.refusal) throw await refused(outcome.refusal, outcome.code);
      return outcome.after!;
    },

    list: (q: CertFilter & { pageNum: number; pageSize: number }) => search(q, q.pageNum, q.pageSize),

    /** The list's own query, page after page: the file holds what the screen pages through. */
    export(f: CertFilter): XlsxExport<AC.AdminCertItem> {
      async function* rows() {
        const size = 1000;
        for (let page = 1; (page - 1) * size < CERT_EXPORT_MAX; page++) {
          const { list } = await search(f, page, size);
          yield* list;
          if (list.length < size) return;
        }
      }
      const day = chinaDate();
      return {
        fileName: `结业证书_${day}`,
        asciiName: `certificates-${day}`,
        sheetName: '结业证书',
        title: `结业证书（导出于 ${day}）`,
        columns: [
          { header: '证书编号', width: 16, kind: 'text', value: (r) => r.certNo },
          { header: '姓名', width: 10, kind: 'text', value: (r) => r.personName },
          { header: '人员编号', width: 14, kind: 'text', value: (r) => r.personNo },
          { header: '手机号', width: 14, kind: 'text', value: (r) => r.mobile },
          { header: '单位', width: 24, kind: 'text', value: (r) => r.organName },
          { header: '培训', width: 30, kind: 'text', value: (r) => r.installTitle },
          { header: '学时', width: 8, kind: 'number', value: (r) => r.hours },
          { header: '发证日期', width: 12, kind: 'date', value: (r) => new Date(r.issuedAt) },
          { header: '状态', width: 8, kind: 'text', value: (r) => (r.revokedAt ? '已撤销' : '有效') },
          { header: '撤销日期', width: 12, kind: 'date', value: (r) => (r.revokedAt ? new Date(r.revokedAt) : null) },
          { header: '撤销原因', width: 30, kind: 'text', value: (r) => r.revokeReason ?? '' },
          { header: '补发自', width: 16, kind: 'text', value: (r) => r.replaces ?? '' },
          { header: '已补发为', width: 16, kind: 'text', value: (r) => r.replacedBy ?? '' },
        ],
        rows: rows(),
      };
    },

    /** The certificate service's revoke (its own audit entry too), recorded as the administrator's change. */
    async revoke(certNo: string, reason: string, who: Who): Promise<AC.AdminCertItem> {
      const before = await itemByNo(certNo);
      await deps.certificates.revoke(certNo, reason, who);
      const after = (await itemByNo(certNo))!;
      // The certificate service's revoke commits with its own entry; the area's entry follows it.
      await recordChange(db, { ...who, event: EVENT, target: `certificate:${after.certNo}`, action: '撤销证书', before, after });
      return after;
    },

    /**
     * Revokes the certificate and issues its successor in one transaction: the same person and topic,
     * the corrected hours, today's date, a new number; the holder is told in 我的消息.
     */
    async reissue(certNo: string, reason: string, hours: number, who: Who): Promise<{ old: AC.AdminCertItem; issued: AC.AdminCertItem }> {
      const no = certNo.trim().toUpperCase();
      const before = await itemByNo(no);
      const issued = await db.transaction(async (tx) => {
        const [old] = await tx.select().from(certificates).where(eq(certificates.certNo, no)).for('update');
        if (!old) return { refusal: CERTIFICATE_MSG.notFound };
        if (old.revokedAt) return { refusal: CERTIFICATE_MSG.alreadyRevoked };
        const at = new Date();
        await tx.update(certificates).set({ revokedAt: at, revokeReason: `补发：${reason}` }).where(eq(certificates.id, old.id));
        const made = await insertCertificate(tx as unknown as Db, timeZone, { personId: old.personId, installId: old.installId, hours, at, replacesId: old.id });
        if (!made) throw new Error('reissue inserted nothing');
        await messageFromCollege(tx as unknown as Db, old.personId, {
          title: '结业证书已补发',
          content: `您${bookTitle(made.title)}的结业证书已更正补发，新证书编号为${made.certNo}，原证书${old.certNo}已作废。`,
          link: PRINT_PAGE,
          sentAt: at,
        });
        const revoked = (await itemByNo(no, tx))!;
        const fresh = (await itemByNo(made.certNo, tx))!;
        await writeAudit(tx, { personId: who.personId, ip: who.ip, event: 'certificateRevoke', target: no, outcome: 'success', detail: { reason: revoked.revokeReason, replacedBy: fresh.certNo } });
        await recordChange(tx, { ...who, event: EVENT, target: `certificate:${no}`, action: '补发证书', before, after: { old: revoked, issued: fresh } });
        return { refusal: null, old: revoked, fresh };
      });
      if (issued.refusal !== null) {
        await recordChange(db, { ...who, event: EVENT, target: `certificate:${no}`, action: '补发证书', before, after: { refused: issued.refusal, reason, hours }, outcome: 'failure' });
        throw new Refusal(issued.refusal);
      }
      return { old: issued.old, issued: issued.fresh };
    },
  };
}
export type CertificateAdmin = ReturnType<typeof makeCertificateAdmin>;
