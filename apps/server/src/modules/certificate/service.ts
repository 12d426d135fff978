/**
 * Certificates (结业证书): owns the certificates table (schema/certificate.ts). A certificate is
 * issued inside the transaction in which the learning core completes an install, once per person and
 * install (the unique index decides between instances); the college revokes one with a reason
 * (audited). Each certificate carries a signed payload (signing.ts) that its QR code and PDF show.
 * The PDFs are drawn in the worker pool (pdf.ts), never on the request thread.
 */
import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bookTitle, learning as L } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { installs } from '../../db/schema/catalog.ts';
import { certificates } from '../../db/schema/certificate.ts';
import { organs, persons } from '../../db/schema/people.ts';
import { HttpError, Refusal } from '../../http/errors.ts';
import { dateIn } from '@portal/contract/calendar';
import { iso, isoOrNull, maskName } from '../../lib/listing.ts';
import type { makePlatform } from '../platform/service.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import type { CertificatePage } from './pdf.ts';
import { makeSigner, type CertificateSigner } from './signing.ts';
import { messageFromCollege } from '../inbox/service.ts';
import type { Config } from '../../config.ts';

export const CERTIFICATE_MSG = {
  notFound: '没有找到这张证书',
  revoked: '该证书已被撤销，不能下载',
  alreadyRevoked: '该证书已经撤销',
  reasonMissing: '请填写撤销原因',
  noSeal: '本院未配置证书印章',
} as const;

/** An install the learning core has just completed for a person, with the hours earned toward it. */
export interface CompletedInstall {
  installId: number;
  hours: number;
}

export interface CertificateOptions {
  db: Db;
  platform: ReturnType<typeof makePlatform>;
  signer: CertificateSigner;
  collegeName: string;
  /** Where the QR code points (PUBLIC_URL). */
  publicUrl: string;
  timeZone: string;
  fontFile: string;
  /** The college's seal (a PNG file), or null: none is printed. */
  sealFile: string | null;
  /** Where the PDFs are drawn. */
  workers: WorkerPool;
}

/** Where a learner prints their certificates (the link of the message announcing one). */
export const PRINT_PAGE = '/learningClassroom/printcertificate';

/** Six characters without look-alikes (0/O, 1/I): read off paper and typed in. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const verifyCode = () => Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * Issues the certificates of installs just completed, in the completing transaction. The number is
 * ZS + the year of issue (in `timeZone`) + the row's id (a sequence, so two instances never draw the
 * same); a second completion of the same person and install, on any instance, issues nothing. The
 * learner is told in 我的消息 in the same transaction, so only the issue that wrote the row tells.
 * The demo seed issues its certificates through this too, when its ledger meets the completion rule.
 */
export async function issueCertificates(tx: Db, timeZone: string, personId: number, completed: CompletedInstall[], at: Date) {
  for (const c of completed) {
    const issued =
      (await insertCertificate(tx, timeZone, { personId, installId: c.installId, hours: c.hours, at, replacesId: null })) ??
      (await insertCertificate(tx, timeZone, { personId, installId: c.installId, hours: c.hours, at, replacesId: await revokedWithoutSuccessor(tx, personId, c.installId) }));
    if (issued) await messageFromCollege(tx, personId, { title: '结业证书已生成', content: `恭喜您完成${bookTitle(issued.title)}，结业证书已生成，可在“打印证书”中查看和打印。`, link: PRINT_PAGE, sentAt: at });
  }
}

/**
 * The revoked certificate a completion issues again, replacing it: the person's for the install when
 * none of theirs is valid and it has no successor. Only a re-grading reopens a completed enrolment
 * (revokeForRegrade), so only a learner who passes again after one gets a new certificate this way; a
 * certificate the college revoked leaves the enrolment completed, and nothing completes it twice.
 */
async function revokedWithoutSuccessor(tx: Db, personId: number, installId: number): Promise<number | null> {
  const r = await tx.execute(sql`select c.id from ${certificates} c
      where c.person_id = ${personId} and c.install_id = ${installId} and c.revoked_at is not null
        and not exists (select 1 from ${certificates} n where n.replaces_id = c.id)
        and not exists (select 1 from ${certificates} v where v.person_id = ${personId} and v.install_id = ${installId} and v.revoked_at is null)
      order by c.id desc limit 1`);
  const row = (r as unknown as { rows: { id: number }[] }).rows[0];
  return row ? Number(row.id) : null;
}

/**
 * Revokes, in the re-grading transaction, the person's valid certificate for the install once the pass
 * it rested on has become a fail (the revoke rule: a reason kept with it; the caller audits). Answers
 * the number revoked, or null when they held none.
 */
export async function revokeForRegrade(tx: Db, personId: number, installId: number, reason: string): Promise<string | null> {
  const [r] = await tx
    .update(certificates)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(eq(certificates.personId, personId), eq(certificates.installId, installId), isNull(certificates.revokedAt)))
    .returning({ certNo: certificates.certNo });
  return r?.certNo ?? null;
}

/**
 * One certificate row: a first issue (replacesId null), once per person and install (the partial
 * unique index decides; null when it was there already), or a reissue replacing a revoked one.
 */
export async function insertCertificate(tx: Db, timeZone: string, c: { personId: number; installId: number; hours: number; at: Date; replacesId: number | null }): Promise<{ id: number; certNo: string; title: string } | null> {
  const year = dateIn(timeZone, c.at.getTime()).slice(0, 4);
  const r = await tx.execute(sql`insert into ${certificates} (id, cert_no, person_id, install_id, issued_at, hours, verify_code, replaces_id)
      select n.id, ${`ZS${year}`} || lpad(n.id::text, greatest(6, length(n.id::text)), '0'), ${c.personId}, ${c.installId}, ${c.at}, ${c.hours}, ${verifyCode()}, ${c.replacesId}
      from (select nextval(pg_get_serial_sequence('certificates', 'id')) as id) n
      on conflict (person_id, install_id) where replaces_id is null do nothing
      returning id, cert_no, (select i.title from installs i where i.id = install_id) as title`);
  const row = (r as unknown as { rows: { id: number; cert_no: string; title: string }[] }).rows[0];
  return row ? { id: Number(row.id), certNo: row.cert_no, title: row.title } : null;
}

export function makeCertificates(o: CertificateOptions) {
  const { db } = o;

  const rowOf = {
    certNo: certificates.certNo,
    installId: certificates.installId,
    installTitle: installs.title,
    hours: certificates.hours,
    issuedAt: certificates.issuedAt,
    verifyCode: certificates.verifyCode,
    revokedAt: certificates.revokedAt,
    revokeReason: certificates.revokeReason,
    personName: persons.personName,
    organName: sql<string>`coalesce(${organs.name}, '')`,
  };
  const selectRows = () =>
    db
      .select(rowOf)
      .from(certificates)
      .innerJoin(installs, eq(installs.id, certificates.installId))
      .innerJoin(persons, eq(persons.personId, certificates.personId))
      .leftJoin(organs, eq(organs.id, persons.organId));
  type Row = Awaited<ReturnType<typeof selectRows>>[number];
  /** The certificates a class's print holds: these people's for one install, revoked ones left out. */
  const printable = (personIds: number[], installId: number) => and(inArray(certificates.personId, personIds), eq(certificates.installId, installId), isNull(certificates.revokedAt));

  const issuedDate = (r: Row) => dateIn(o.timeZone, r.issuedAt.getTime());
  const look = { fontFile: o.fontFile, sealFile: o.sealFile };
  const pageOf = (r: Row): CertificatePage => ({
    collegeName: o.collegeName,
    personName: r.personName,
    organName: r.organName,
    installTitle: r.installTitle,
    hours: r.hours,
    issuedDate: issuedDate(r),
    certNo: r.certNo,
    verifyCode: r.verifyCode,
    verifyUrl: verifyUrlOf(r),
  });
  function verifyUrlOf(r: Row) {
    const payload = o.signer.sign({ n: r.certNo, p: maskName(r.personName), i: r.installTitle, h: r.hours, d: issuedDate(r) });
    return `${o.publicUrl}/certificate?no=${encodeURIComponent(r.certNo)}&p=${payload}`;
  }

  return {
    /** Issues the certificates of installs just completed, in the completing transaction (issueCertificates). */
    issue: (tx: Db, personId: number, completed: CompletedInstall[], at: Date) => issueCertificates(tx, o.timeZone, personId, completed, at),

    /** A person's certificate of one install, for the topic's path. */
    async ofInstall(personId: number, installId: number): Promise<L.TopicPath['certificate']> {
      const [r] = await db
        .select({ certNo: certificates.certNo, revokedAt: certificates.revokedAt })
        .from(certificates)
        .where(and(eq(certificates.personId, personId), eq(certificates.installId, installId)))
        // A reissued certificate's valid successor before the revoked one it replaced.
        .orderBy(sql`${certificates.revokedAt} is not null`, desc(certificates.id))
        .limit(1);
      return r ? { certNo: r.certNo, revoked: r.revokedAt !== null } : null;
    },

    /** My certificates, newest first, with the address their QR code opens. */
    async mine(personId: number): Promise<L.MyCertificate[]> {
      const rows = await selectRows().where(eq(certificates.personId, personId)).orderBy(desc(certificates.issuedAt), desc(certificates.id));
      return rows.map((r) => ({
        certNo: r.certNo,
        installId: r.installId,
        installTitle: r.installTitle,
        hours: r.hours,
        issuedAt: iso(r.issuedAt),
        verifyCode: r.verifyCode,
        revokedAt: isoOrNull(r.revokedAt),
        revokeReason: r.revokeReason,
        verifyUrl: verifyUrlOf(r),
      }));
    },

    /** One of my certificates as a PDF; another person's number is not found. A revoked one is not printed. */
    async pdf(personId: number, certNo: string): Promise<{ certNo: string; bytes: Uint8Array }> {
      const [r] = await selectRows().where(and(eq(certificates.certNo, certNo.toUpperCase()), eq(certificates.personId, personId)));
      if (!r) throw new HttpError(404, CERTIFICATE_MSG.notFound);
      if (r.revokedAt) throw new HttpError(409, CERTIFICATE_MSG.revoked);
      return { certNo: r.certNo, bytes: await o.workers.run('certificatePdf', { page: pageOf(r), look }) };
    },

    /**
     * The valid certificates of these people for one install, one page each in the order of their
     * numbers (学号), as one PDF (a class's, printed by its teacher, who has checked the right to it);
     * a revoked certificate is left out. Null when there is none to print. The PDF streams as its
     * pages are drawn, when the first one is.
     */
    async printMany(personIds: number[], installId: number, title: string): Promise<{ count: number; pdf: Readable } | null> {
      if (personIds.length === 0) return null;
      const rows = await selectRows()
        .where(printable(personIds, installId))
        .orderBy(asc(persons.personNo), asc(certificates.id));
      if (rows.length === 0) return null;
      return { count: rows.length, pdf: await o.workers.stream('certificatesPdf', { pages: rows.map(pageOf), look, title, author: o.collegeName }) };
    },

    /** How many certificates printMany would print, for the page to say so before the click. */
    async countPrintable(personIds: number[], installId: number): Promise<number> {
      if (personIds.length === 0) return 0;
      const [r] = await db.select({ n: count() }).from(certificates).where(printable(personIds, installId));
      return r?.n ?? 0;
    },

    /** The college revokes a certificate, with a reason; it then verifies as revoked, with the date. */
    async revoke(certNo: string, reason: string, by: { personId: number | null; ip: string }): Promise<{ certNo: string; revokedAt: string }> {
      const no = certNo.trim().toUpperCase();
      const why = reason.trim();
      const refuse = async (message: string) => {
        await o.platform.audit({ personId: by.personId, ip: by.ip, event: 'certificateRevoke', target: no, outcome: 'failure', detail: { reason: why, refused: message } });
        return new Refusal(message);
      };
      if (!why) throw await refuse(CERTIFICATE_MSG.reasonMissing);
      const [r] = await db
        .update(certificates)
        .set({ revokedAt: sql`now()`, revokeReason: why })
        .where(and(eq(certificates.certNo, no), isNull(certificates.revokedAt)))
        .returning({ certNo: certificates.certNo, revokedAt: certificates.revokedAt });
      if (!r?.revokedAt) {
        const [exists] = await db.select({ id: certificates.id }).from(certificates).where(eq(certificates.certNo, no));
        throw await refuse(exists ? CERTIFICATE_MSG.alreadyRevoked : CERTIFICATE_MSG.notFound);
      }
      await o.platform.audit({ personId: by.personId, ip: by.ip, event: 'certificateRevoke', target: no, outcome: 'success', detail: { reason: why } });
      return { certNo: r.certNo, revokedAt: iso(r.revokedAt) };
    },

    publicKey: () => ({ algorithm: 'Ed25519' as const, publicKey: o.signer.publicKey }),

    /** The seal's picture as certificates print it; not found when none is configured. */
    async seal(): Promise<Buffer> {
      if (!o.sealFile) throw new HttpError(404, CERTIFICATE_MSG.noSeal);
      return readFile(o.sealFile);
    },
  };
}
export type CertificateService = ReturnType<typeof makeCertificates>;

/** The service as the configuration sets it up (the server and the revocation command). */
export const certificatesOf = (config: Config, db: Db, platform: ReturnType<typeof makePlatform>, workers: WorkerPool) =>
  makeCertificates({
    db,
    platform,
    signer: makeSigner(config.CERTIFICATE_SIGNING_KEY),
    collegeName: config.COLLEGE_NAME,
    publicUrl: config.PUBLIC_URL,
    timeZone: config.TIME_ZONE,
    fontFile: config.CERTIFICATE_FONT,
    sealFile: config.CERTIFICATE_SEAL,
    workers,
  });
