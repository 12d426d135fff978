/**
 * `npm run import -w @portal/server -- <kind> <file.xlsx> [--partial]`: imports the college's data
 * from a filled template (apps/server/import-templates/<kind>.xlsx) into the database of the
 * configuration (DATABASE_URL, or the embedded one in DATA_DIR). Every row is checked first; the
 * problems are printed with sheet, row, column and reason. Without --partial nothing is written
 * unless every row is good; with it the good rows are written and the bad ones saved beside the
 * file as <file>.错误行.xlsx. The first line says what became of the run (an empty sheet, a file
 * that is not the template: nothing written, and why). Exit code 0 when every row was written, 1
 * otherwise (nothing or only part written), 2 on bad usage.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { diskStorage } from '../src/integrations/storage.ts';
import { makePlatform } from '../src/modules/platform/service.ts';
import { refuseWhileServing } from '../src/modules/ops/localServer.ts';
import { describeReport, IMPORT_KINDS, makeImporter, type ImportKind } from '../src/modules/import/service.ts';

const args = process.argv.slice(2);
const partial = args.includes('--partial');
const [kind, file] = args.filter((a) => a !== '--partial');
if (!kind || !file || !(IMPORT_KINDS as readonly string[]).includes(kind)) {
  console.error(`usage: npm run import -w @portal/server -- <${IMPORT_KINDS.join('|')}> <文件.xlsx> [--partial]`);
  process.exit(2);
}
const filePath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
let bytes: Buffer;
try {
  bytes = readFileSync(filePath);
} catch {
  console.error(`找不到文件：${filePath}`);
  process.exit(2);
}
const config = loadConfig();
try {
  await refuseWhileServing(config, 'POST /{PRODUCT}/operator/import');
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
try {
  const importer = makeImporter({ db: database.db, storage: diskStorage(path.join(config.DATA_DIR, 'uploads')), platform: makePlatform(database.db) });
  const t0 = performance.now();
  // The audit log's address column names where the import came from: this command and its user.
  const result = await importer.run(kind as ImportKind, bytes, { partial, baseDir: path.dirname(filePath), file: path.basename(filePath), actor: { personId: null, ip: `command:${userInfo().username}` } });
  const { rejects } = result;
  console.log(describeReport(result));
  if (rejects) {
    const out = filePath.replace(/\.xlsx$/i, '') + '.错误行.xlsx';
    writeFileSync(out, rejects);
    console.log(`错误行已保存到：${out}`);
  }
  console.log(`用时 ${((performance.now() - t0) / 1000).toFixed(1)} 秒`);
  if (result.outcome !== 'ok') process.exitCode = 1;
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await database.close();
}
