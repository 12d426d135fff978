/**
 * `npm run cert:revoke -w @portal/server -- <number> <reason>`: the college revokes a certificate.
 * It then verifies as revoked, with the date; the audit log records the revocation with its reason.
 */
import path from 'node:path';
import { userInfo } from 'node:os';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { makePlatform } from '../src/modules/platform/service.ts';
import { certificatesOf } from '../src/modules/certificate/service.ts';
import { refuseWhileServing } from '../src/modules/ops/localServer.ts';
import { makeWorkerPool } from '../src/workers/pool.ts';

const [certNo, ...words] = process.argv.slice(2);
if (!certNo || words.length === 0) {
  console.error('usage: npm run cert:revoke -w @portal/server -- <证书编号> <撤销原因>');
  process.exit(2);
}
const config = loadConfig();
try {
  await refuseWhileServing(config, 'POST /{PRODUCT}/operator/certificate/revoke');
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
try {
  // It prints no PDF, so its pool never starts a worker.
  const certificates = certificatesOf(config, database.db, makePlatform(database.db), makeWorkerPool());
  // The audit log's address column names where the revocation came from: this command and its user.
  const r = await certificates.revoke(certNo, words.join(' '), { personId: null, ip: `command:${userInfo().username}` });
  console.log(`${r.certNo} 已撤销（${r.revokedAt}）`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await database.close();
}
