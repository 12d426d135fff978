/**
 * `npm run audit -w @portal/server -- [--person <mobile|person number|id>] [--event <event>]
 *   [--from <date|instant>] [--to <date|instant>] [--page N] [--size N] [--json]`:
 * the audit log, newest first (the same query as the operator call findAuditLog). A date is that day
 * in TIME_ZONE; `--to` is exclusive for an instant and takes in the whole day for a date.
 * On PostgreSQL it reads the database; on the embedded database it asks the running server (with
 * OPERATOR_TOKEN, as the server has it), or opens the directory when no server runs.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { operator as O, urlOf } from '@portal/contract';
import { collegeDateTimeSeconds, setCollegeTimeZone } from '@portal/contract/calendar';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { HttpError } from '../src/http/errors.ts';
import { makeOps } from '../src/modules/ops/service.ts';
import { runningServer } from '../src/modules/ops/localServer.ts';

type Page = { list: O.AuditEntry[]; total: number; pageNum: number; pageSize: number };

const { values } = parseArgs({
  options: {
    person: { type: 'string' },
    event: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    page: { type: 'string', default: '1' },
    size: { type: 'string', default: '100' },
    json: { type: 'boolean', default: false },
  },
});
const input = { person: values.person, event: values.event, from: values.from, to: values.to, pageNum: values.page, pageSize: values.size };
const parsed = O.findAuditLog.query.safeParse(input);
if (!parsed.success) {
  const issue = parsed.error.issues[0];
  console.error(`${issue?.path.join('.')}: ${issue?.message}`);
  process.exit(2);
}
const config = loadConfig();

async function fromServer(port: number): Promise<Page> {
  if (!config.OPERATOR_TOKEN) throw new Error('the server is running on the embedded database: set OPERATOR_TOKEN (the server\'s) so that this command can ask it');
  const qs = new URLSearchParams(Object.entries(input).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const res = await fetch(`http://127.0.0.1:${port}${urlOf(O.findAuditLog, config.PRODUCT)}?${qs}`, { headers: { authorization: `Bearer ${config.OPERATOR_TOKEN}` } });
  const body = (await res.json()) as { code: number; message: string; data: Page | null };
  if (body.code !== 0 || !body.data) throw new Error(body.message);
  return body.data;
}

async function fromDatabase(): Promise<Page> {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite'), migrate: false, poolSize: 1 });
  try {
    return await makeOps(database.db, config).findAuditLog(parsed.data!);
  } finally {
    await database.close();
  }
}

setCollegeTimeZone(config.TIME_ZONE);
try {
  const server = config.DATABASE_URL ? null : runningServer(config.DATA_DIR);
  const page = server ? await fromServer(server.port) : await fromDatabase();
  if (values.json) console.log(JSON.stringify(page, null, 2));
  else {
    for (const e of page.list) {
      const who = e.personId === null ? '-' : `${e.personNo ?? ''} ${e.personName ?? ''} (#${e.personId})`.trim();
      console.log([collegeDateTimeSeconds(Date.parse(e.at)), e.event, e.outcome, who, e.ip, e.target || '-', e.detail ? JSON.stringify(e.detail) : ''].join('\t'));
    }
    const shown = (page.pageNum - 1) * page.pageSize;
    console.log(`${page.total} 条，第 ${shown + (page.list.length ? 1 : 0)}–${shown + page.list.length} 条（时区 ${config.TIME_ZONE}）`);
  }
} catch (e) {
  console.error(e instanceof HttpError || e instanceof Error ? e.message : e);
  process.exitCode = 1;
}
