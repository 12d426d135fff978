/** Reads the configuration, opens and migrates the database, seeds demo data, listens; drains on SIGTERM. */
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedIfEmpty } from './db/seed.ts';
import { buildApp } from './app.ts';

const started = performance.now();
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite'), poolSize: config.DATABASE_POOL_SIZE });
// Instances started together on an empty database: one seeds, the others then find people and skip.
const seeded = config.SEED_DEMO ? await database.exclusive(() => seedIfEmpty(database.db)) : false;
const app = await buildApp({ config, db: database.db });
await app.listen({ host: config.HOST, port: config.PORT });
app.log.info({ database: database.kind, seeded, startMs: Math.round(performance.now() - started) }, 'listening');

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'draining in-flight requests');
  // close() stops accepting connections and waits for requests in flight.
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
