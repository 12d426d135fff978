/**
 * `npm run restore -w @portal/server -- <backup directory>`: puts a backup back, with every server
 * stopped. The embedded database and the uploads folder in DATA_DIR are moved aside (not deleted);
 * PostgreSQL (DATABASE_URL) is restored by pg_restore --clean in one transaction. Then the restored
 * database is counted against the backup's manifest.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { fileFoldersOf, restoreBackup } from '../src/modules/ops/backup.ts';
import { answers, runningServer, staleHint } from '../src/modules/ops/localServer.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npm run restore -w @portal/server -- <backup directory>');
  process.exit(2);
}
const config = loadConfig();
try {
  const server = config.DATABASE_URL ? null : runningServer(config.DATA_DIR);
  if (server) throw new Error(`stop the server first (pid ${server.pid} runs on ${config.DATA_DIR})${(await answers(server)) ? '' : `; ${staleHint(config.DATA_DIR, server)}`}`);
  if (config.DATABASE_URL) console.log('restoring into DATABASE_URL: every server instance on it must be stopped');
  const pgliteDir = path.join(config.DATA_DIR, 'pglite');
  const { manifest, movedAside } = await restoreBackup(path.resolve(dir), { databaseUrl: config.DATABASE_URL, pgliteDir, fileDirs: fileFoldersOf(config.DATA_DIR) });
  for (const p of movedAside) console.log(`moved aside: ${p}`);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: pgliteDir, migrate: false, poolSize: 1 });
  let same = true;
  try {
    for (const [table, n] of Object.entries(manifest.counts)) {
      const r = (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
      const now = r.rows[0]?.n ?? 0;
      if (now !== n) same = false;
      console.log(`  ${table}: ${now}${now === n ? '' : ` (the backup had ${n})`}`);
    }
  } finally {
    await database.close();
  }
  console.log(`restored the backup of ${manifest.createdAt}${same ? '' : ' — the counts differ from the backup'}`);
  if (!same) process.exitCode = 1;
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
}
