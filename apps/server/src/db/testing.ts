/**
 * A fresh, migrated database for one test file: PGlite in memory, or, when TEST_DATABASE_URL is set,
 * a schema of its own on that PostgreSQL server (dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from './client.ts';

export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({});
  const schemaName = `t_${randomBytes(6).toString('hex')}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schemaName}`);
  await admin.end();
  const database = await openDatabase({ url, searchPath: schemaName, poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        // Dropping a schema of some sixty tables takes a lock on each; with other test files creating
        // and dropping theirs on the same server at the same moment, PostgreSQL has once chosen this
        // drop as a deadlock victim (CI, 2026-11-24). The drop is only the test's cleanup: try again.
        for (let attempt = 1; ; attempt++) {
          try {
            await c.query(`DROP SCHEMA ${schemaName} CASCADE`);
            break;
          } catch (e) {
            if ((e as { code?: string }).code !== '40P01' || attempt >= 5) throw e;
            await new Promise((r) => setTimeout(r, 200 * attempt));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}
