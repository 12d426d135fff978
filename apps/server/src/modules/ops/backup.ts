/**
 * Backups: one directory per backup, `portal-<UTC time>/` under BACKUP_DIR, holding
 *   manifest.json     what it is (embedded or PostgreSQL), when, the migrations applied, the counts of a few tables;
 *   database.tar.gz   the embedded database (PGlite's dumpDataDir: its data directory as a tarball), or
 *   database.pgdump   PostgreSQL's custom format (pg_dump -Fc), read by pg_restore;
 *   uploads.tar.gz, work-files.tar.gz   the uploaded files, one tarball per folder of FILE_FOLDERS
 *                     (public avatars; private homework attachments), by the system tar.
 * The directory is written as `<name>.partial` and renamed when complete, so a backup that is there is whole.
 *
 * Two processes cannot open one PGlite directory, so the running server itself takes the embedded
 * backup: dumpDataDir runs between queries (PGlite's query lock), a consistent copy of the files as a
 * crash at that instant would leave them (an open transaction's rows are not in it; restore replays the WAL).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '../../db/client.ts';

export const MANIFEST = 'manifest.json';
export const PGLITE_FILE = 'database.tar.gz';
export const PG_FILE = 'database.pgdump';
/**
 * The folders under DATA_DIR that hold uploaded files, all of which a backup carries: `uploads` (served
 * publicly: avatars, media renditions) and `work-files` (private: homework and practice attachments, read
 * through a call) and `media` (private: the media library's originals, kept to transcode again). Uploads
 * still in progress (`media-incoming`) are not carried.
 */
export const FILE_FOLDERS = ['uploads', 'work-files', 'media'] as const;
export type FileFolder = (typeof FILE_FOLDERS)[number];
export const fileFoldersOf = (dataDir: string): Record<FileFolder, string> =>
  Object.fromEntries(FILE_FOLDERS.map((f) => [f, path.join(dataDir, f)])) as Record<FileFolder, string>;

export interface Manifest {
  format: 1;
  kind: 'pglite' | 'postgres';
  createdAt: string;
  database: string;
  /** Each file folder's tarball in the backup, by folder name. */
  files: Partial<Record<FileFolder, string>>;
  /** Migrations applied in the backed-up database (drizzle's list). */
  migrations: number;
  /** Rows of a few tables when the backup was taken, shown by restore to check it. */
  counts: Record<string, number>;
}

export interface BackupTarget {
  db: Db;
  /** PostgreSQL connection string for pg_dump; by default the pool's own. */
  databaseUrl?: string;
  fileDirs: Record<FileFolder, string>;
  backupDir: string;
}

const COUNTED = ['persons', 'courses', 'course_completions', 'progress_reports', 'certificates', 'audit_log'] as const;

/** Runs a program, rejecting with its standard error when it fails; a password goes by PGPASSWORD, not argv. */
export function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e) => reject(new Error(`${cmd}: ${e.message}`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}: ${err.trim()}`))));
  });
}

/** A connection string without its password, and the password for PGPASSWORD (so it is not seen in `ps`). */
export function pgConnection(url: string): { dbname: string; env: Record<string, string> } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

function stamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

async function counts(db: Db): Promise<{ migrations: number; counts: Record<string, number> }> {
  const out: Record<string, number> = {};
  for (const t of COUNTED) {
    const rows = (await db.execute(sql.raw(`select count(*)::int as n from ${t}`))) as unknown as { rows: { n: number }[] };
    out[t] = rows.rows[0]?.n ?? 0;
  }
  // Drizzle's list is in the `drizzle` schema, or in the portal's own schema when it runs in one.
  const where = (await db.execute(sql`select coalesce(to_regclass('drizzle.__drizzle_migrations'), to_regclass('__drizzle_migrations'))::text as t`)) as unknown as {
    rows: { t: string | null }[];
  };
  const table = where.rows[0]?.t;
  const m = table ? ((await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }) : null;
  return { migrations: m?.rows[0]?.n ?? 0, counts: out };
}

/** Takes a backup of the database and the uploaded files; answers the backup's directory and manifest. */
export async function takeBackup(target: BackupTarget): Promise<{ dir: string; manifest: Manifest }> {
  const createdAt = new Date();
  await mkdir(target.backupDir, { recursive: true });
  let name = `portal-${stamp(createdAt)}`;
  for (let i = 2; existsSync(path.join(target.backupDir, name)) || existsSync(path.join(target.backupDir, `${name}.partial`)); i++) name = `portal-${stamp(createdAt)}-${i}`;
  const partial = path.join(target.backupDir, `${name}.partial`);
  await mkdir(partial);
  try {
    // What the database is, from its client: PGlite can dump itself; a pg Pool knows its connection string.
    const client = (target.db as unknown as { $client: PGlite | { options?: { connectionString?: string } } }).$client;
    const pglite = 'dumpDataDir' in client ? client : null;
    const databaseUrl = target.databaseUrl ?? ('options' in client ? client.options?.connectionString : undefined);
    if (!pglite && !databaseUrl) throw new Error('no connection string for pg_dump');
    const kind = pglite ? 'pglite' : 'postgres';
    const state = await counts(target.db);
    if (!pglite) {
      const { dbname, env } = pgConnection(databaseUrl!);
      await run('pg_dump', ['--format=custom', '--no-owner', '--file', path.join(partial, PG_FILE), '--dbname', dbname], env);
    } else {
      // A checkpoint first, so that a restore has little WAL to replay.
      await pglite.exec('CHECKPOINT');
      const tarball = await pglite.dumpDataDir('gzip');
      await writeFile(path.join(partial, PGLITE_FILE), Buffer.from(await tarball.arrayBuffer()));
    }
    // Files are only ever added under new names (an avatar change, an attachment write a new file), so
    // files taken after the database hold every file the database names.
    const files: Manifest['files'] = {};
    for (const folder of FILE_FOLDERS) {
      await mkdir(target.fileDirs[folder], { recursive: true });
      files[folder] = `${folder}.tar.gz`;
      await run('tar', ['-czf', path.join(partial, files[folder]), '-C', target.fileDirs[folder], '.']);
    }
    const manifest: Manifest = {
      format: 1,
      kind,
      createdAt: createdAt.toISOString(),
      database: kind === 'postgres' ? PG_FILE : PGLITE_FILE,
      files,
      ...state,
    };
    await writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const dir = path.join(target.backupDir, name);
    await rename(partial, dir);
    return { dir, manifest };
  } catch (e) {
    await rm(partial, { recursive: true, force: true });
    throw e;
  }
}

export async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file)) throw new Error(`${dir} is not a complete backup (no ${MANIFEST})`);
  const m = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  if (m.format !== 1 || (m.kind !== 'pglite' && m.kind !== 'postgres')) throw new Error(`${file}: unknown backup format`);
  return m;
}

export interface RestoreTarget {
  /** PostgreSQL connection string; absent for the embedded database in pgliteDir. */
  databaseUrl?: string;
  pgliteDir: string;
  fileDirs: Record<FileFolder, string>;
}

/**
 * Restores a backup over the current data, with every server stopped. The embedded database and the
 * file folders are not deleted but moved aside (`<name>.before-restore-<time>`), and their paths
 * answered; PostgreSQL is restored in one transaction (pg_restore --clean --single-transaction), so a
 * failed restore leaves the database as it was.
 */
export async function restoreBackup(dir: string, target: RestoreTarget): Promise<{ manifest: Manifest; movedAside: string[] }> {
  const manifest = await readManifest(dir);
  if (manifest.kind === 'postgres' && !target.databaseUrl) throw new Error('this is a PostgreSQL backup: set DATABASE_URL to the database to restore into');
  if (manifest.kind === 'pglite' && target.databaseUrl) throw new Error('this is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR');
  const suffix = `.before-restore-${stamp(new Date())}`;
  const movedAside: string[] = [];
  const moveAside = async (p: string) => {
    if (!existsSync(p)) return;
    await rename(p, p + suffix);
    movedAside.push(p + suffix);
  };

  if (manifest.kind === 'postgres' && target.databaseUrl) {
    const { dbname, env } = pgConnection(target.databaseUrl);
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', '--dbname', dbname, path.join(dir, manifest.database)], env);
  } else {
    const tarball = new Blob([new Uint8Array(await readFile(path.join(dir, manifest.database)))]);
    await moveAside(target.pgliteDir);
    await mkdir(target.pgliteDir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    // Opening it on the tarball writes the files and replays the WAL; closing leaves a clean directory.
    const client = new PGlite(target.pgliteDir, { loadDataDir: tarball });
    await client.query('select 1');
    await client.close();
  }

  for (const folder of FILE_FOLDERS) {
    const tarball = manifest.files[folder];
    await moveAside(target.fileDirs[folder]);
    await mkdir(target.fileDirs[folder], { recursive: true });
    if (tarball) await run('tar', ['-xzf', path.join(dir, tarball), '-C', target.fileDirs[folder]]);
  }
  return { manifest, movedAside };
}
