/**
 * Reads the configuration, opens and migrates the database, seeds demo data, listens; drains on SIGTERM.
 * On the embedded database it writes DATA_DIR/server.json (its pid and port) for the operator commands,
 * and takes a backup on SIGUSR2 (`npm run backup`; modules/ops/localServer.ts).
 */
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { buildApp } from './app.ts';
import { startBanner } from './banner.ts';
import { makeOps } from './modules/ops/service.ts';
import { announceServer, answers, runningServer, serveBackupSignal, withdrawServer } from './modules/ops/localServer.ts';

const started = performance.now();
const config = loadConfig();
const other = config.DATABASE_URL ? null : runningServer(config.DATA_DIR);
// Two processes on one PGlite directory would corrupt it. (A pid that is alive but does not answer
// is taken as reused by another program after a crash.)
if (other && (await answers(other))) {
  throw new Error(`a server (pid ${other.pid}, port ${other.port}) already runs on ${config.DATA_DIR}; several instances need PostgreSQL (DATABASE_URL)`);
}
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite'), poolSize: config.DATABASE_POOL_SIZE });
// Instances started together on an empty database: one seeds, the others then find people and skip.
const seeded = config.SEED_DEMO ? await database.exclusive(() => seedIfEmpty(database.db)) : false;
const app = await buildApp({ config, db: database.db });
await app.listen({ host: config.HOST, port: config.PORT, backlog: config.LISTEN_BACKLOG });
app.log.info({ database: database.kind, seeded, startMs: Math.round(performance.now() - started) }, 'listening');
// A person who ran `npm start` looks for where to go, not for the JSON log; tests read the log only.
if (config.NODE_ENV !== 'test') {
  const port = (app.server.address() as AddressInfo).port;
  process.stdout.write(`${startBanner({ host: config.HOST, port, demo: config.SEED_DEMO })}\n`);
}
if (database.kind === 'pglite') {
  announceServer(config.DATA_DIR, { pid: process.pid, port: (app.server.address() as AddressInfo).port });
  const ops = makeOps(database.db, config);
  serveBackupSignal(config.BACKUP_DIR, () => ops.backup('signal'), app.log);
}

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'draining in-flight requests');
  // close() stops accepting connections and waits for requests in flight.
  await app.close();
  await database.close();
  if (database.kind === 'pglite') withdrawServer(config.DATA_DIR);
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
