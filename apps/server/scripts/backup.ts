/**
 * `npm run backup -w @portal/server`: a backup of the database and the uploaded files into
 * BACKUP_DIR/portal-<time>/ (modules/ops/backup.ts), taken while the portal runs.
 * - PostgreSQL (DATABASE_URL): pg_dump -Fc and the uploads, from this command.
 * - The embedded database: the running server takes it (SIGUSR2; two processes cannot open one PGlite
 *   directory) and this command waits for it; with no server running, this command opens the directory.
 */
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { fileFoldersOf, takeBackup } from '../src/modules/ops/backup.ts';
import { answers, requestBackup, runningServer, staleHint } from '../src/modules/ops/localServer.ts';

const config = loadConfig();
try {
  const server = config.DATABASE_URL ? null : runningServer(config.DATA_DIR);
  if (server) {
    if (!(await answers(server))) throw new Error(staleHint(config.DATA_DIR, server));
    console.log(`asking the server (pid ${server.pid}) for a backup…`);
    const r = await requestBackup(server, config.BACKUP_DIR);
    if (!r.ok) throw new Error(`the server could not take the backup: ${r.error}`);
    console.log(`backup written: ${r.dir}`);
  } else {
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite'), migrate: false, poolSize: 2 });
    try {
      const { dir, manifest } = await takeBackup({ db: database.db, databaseUrl: config.DATABASE_URL, fileDirs: fileFoldersOf(config.DATA_DIR), backupDir: config.BACKUP_DIR });
      console.log(`backup written: ${dir}`);
      console.log(Object.entries(manifest.counts).map(([t, n]) => `  ${t}: ${n}`).join('\n'));
    } finally {
      await database.close();
    }
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
}
