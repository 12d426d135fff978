/**
 * `npm run db:generate -w @portal/server -- --name <name>`: drizzle-kit generate, then strip the
 * `"public".` it writes into foreign keys, so the migrations follow search_path and a deployment (or
 * a test) may keep the portal in a schema of its own.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
execFileSync('drizzle-kit', ['generate', '--config', 'drizzle.config.ts', ...process.argv.slice(2)], { cwd: path.join(here, '..'), stdio: 'inherit' });
const dir = path.join(here, '../drizzle');
for (const f of readdirSync(dir).filter((n) => n.endsWith('.sql'))) {
  const file = path.join(dir, f);
  const sql = readFileSync(file, 'utf8');
  const fixed = sql.replaceAll('"public".', '');
  if (fixed !== sql) writeFileSync(file, fixed);
}
