/**
 * Back up, change, restore: the restored portal serves exactly the backed-up state — the counts, a
 * learner's name, avatar (the uploaded file too) and credited hours read through the API, and a
 * session opened after the backup is gone. On the embedded database always (in the api-pglite project
 * when TEST_DATABASE_URL is set); on PostgreSQL when TEST_DATABASE_URL is set (a database of its own,
 * pg_dump and pg_restore).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { learning as L, operator as O, person, urlOf } from '@portal/contract';
import { openDatabase, type Database } from '../../db/client.ts';
import { auditLog, courseCompletions, persons } from '../../db/schema/index.ts';
import { createTestApp, PRODUCT, type TestApp } from '../../test/harness.ts';
import { fileFoldersOf, readManifest, restoreBackup, type Manifest } from './backup.ts';

const OPERATOR_TOKEN = 'backup-operator-token-0123456789abcdefghij';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const GIF = Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex');

async function upload(t: TestApp, token: string, bytes: Buffer, name: string): Promise<string> {
  const boundary = '----portalbackup';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="userPic"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: urlOf(person.uploadUserPic, PRODUCT), payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token } });
  const url = (res.json() as { obj: string }).obj;
  expect(url).toMatch(/^\/uploads\/avatars\//);
  return url;
}

const COUNTED = ['persons', 'courses', 'course_completions', 'progress_reports', 'certificates', 'audit_log', 'sessions'];
async function countsOf(t: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of COUNTED) {
    const r = (await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
    out[table] = r.rows[0]!.n;
  }
  return out;
}

interface Place {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  url?: string;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

async function place(kind: 'pglite' | 'postgres'): Promise<Place> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
  let url: string | undefined;
  let name = '';
  if (kind === 'postgres') {
    name = `portal_backup_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  return {
    kind,
    dataDir,
    url,
    open: () => openDatabase({ url, dataDir: path.join(dataDir, 'pglite'), poolSize: 4 }),
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
      if (!name) return;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

// With TEST_DATABASE_URL (CI) this file runs on PostgreSQL here and on PGlite in the api-pglite project.
const kinds: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['postgres'] : ['pglite'];
const places: Place[] = [];
afterAll(async () => {
  for (const p of places) await p.dispose();
});

describe.each(kinds)('backup and restore on %s', (kind) => {
  it('the restored portal serves exactly the backed-up state', { timeout: 240_000 }, async () => {
    const where = await place(kind);
    places.push(where);
    const env = { DATA_DIR: where.dataDir, OPERATOR_TOKEN, ...(where.url ? { DATABASE_URL: where.url } : {}) };
    let t = await createTestApp(env, {}, { database: await where.open(), seed: true });

    // The state to keep: a learner with an avatar and credited hours.
    const token = await t.login('13800000001');
    const avatar = await upload(t, token, PNG, 'kept.png');
    const [me] = await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, '13800000001'));
    const hours = (await t.call(L.findCreditHours, { token })).json.obj as L.YearStatistics;
    expect(hours.earnedHours).toBeGreaterThan(0);
    const before = await countsOf(t);
    // A homework attachment in the private file folder (as the work module stores one): carried too.
    const workFile = path.join(where.dataDir, 'work-files', 'kept-attachment.pdf');
    mkdirSync(path.dirname(workFile), { recursive: true });
    writeFileSync(workFile, '%PDF-1.4 心得体会附件');

    // Taken by the serving app through the operator call; a portal person may not ask for one.
    expect((await t.call(O.takeBackup, { token })).status).toBe(401);
    const taken = await t.call(O.takeBackup, { token: `Bearer ${OPERATOR_TOKEN}` });
    expect(taken.json).toMatchObject({ code: 0, data: { kind } });
    const { dir } = taken.json.data as { dir: string };
    const backupDir = path.join(where.dataDir, 'backups');
    expect(readdirSync(backupDir)).toEqual([path.basename(dir)]);
    const manifest: Manifest = await readManifest(dir);
    expect(manifest).toMatchObject({ kind, counts: (taken.json.data as { counts: unknown }).counts });
    // Audited after the copy (so not in it): who asked, from where, and what was written.
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.event, 'backup'));
    expect(entry).toMatchObject({ ip: 'operator:10.0.0.1', outcome: 'success', target: path.basename(dir) });
    expect(readdirSync(dir).sort()).toEqual(['manifest.json', kind === 'pglite' ? 'database.tar.gz' : 'database.pgdump', 'uploads.tar.gz', 'work-files.tar.gz', 'media.tar.gz'].sort());
    for (const table of Object.keys(manifest.counts)) expect(manifest.counts[table], table).toBe(before[table]);

    // Then the data changes: hours lost, a rename, a new avatar, a new session.
    await t.db.delete(courseCompletions).where(eq(courseCompletions.personId, me!.id));
    await t.db.update(persons).set({ personName: '张伟（已改）' }).where(eq(persons.personId, me!.id));
    const newAvatar = await upload(t, token, GIF, 'later.gif');
    rmSync(workFile);
    writeFileSync(path.join(where.dataDir, 'work-files', 'later-attachment.pdf'), '%PDF-1.4');
    const later = await t.login('13800000005');
    expect(((await t.call(L.findCreditHours, { token })).json.obj as L.YearStatistics).earnedHours).toBe(0);
    expect(await countsOf(t)).not.toEqual(before);
    await t.close();

    const { movedAside } = await restoreBackup(dir, { databaseUrl: where.url, pgliteDir: path.join(where.dataDir, 'pglite'), fileDirs: fileFoldersOf(where.dataDir) });
    for (const p of movedAside) expect(existsSync(p)).toBe(true);

    t = await createTestApp(env, {}, { database: await where.open(), seed: false });
    try {
      expect(await countsOf(t)).toEqual(before);
      const mine = (await t.call(person.getSessionPerson, { token })).json.obj as { personName: string; userPic: string };
      expect(mine.personName).toBe('张伟');
      expect(mine.userPic).toBe(avatar);
      const served = await t.app.inject({ method: 'GET', url: avatar });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: newAvatar })).statusCode).toBe(404);
      expect(readFileSync(workFile, 'utf8')).toBe('%PDF-1.4 心得体会附件');
      expect(existsSync(path.join(where.dataDir, 'work-files', 'later-attachment.pdf'))).toBe(false);
      expect((await t.call(L.findCreditHours, { token })).json.obj).toEqual(hours);
      // A session opened after the backup does not exist in the restored portal.
      expect((await t.call(L.findCreditHours, { token: later })).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});
