/**
 * The database: PostgreSQL through `pg` when DATABASE_URL is set, otherwise PGlite (PostgreSQL in
 * WebAssembly) in DATA_DIR. Both run the same SQL and the same committed migrations.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface OpenOptions {
  /** PostgreSQL connection string; PGlite when absent. */
  url?: string;
  /** PGlite data directory; in memory when absent. */
  dataDir?: string;
  /** PostgreSQL schema to use instead of public (tests isolate each file in its own). */
  searchPath?: string;
  poolSize?: number;
  /** Apply pending migrations (default); the backup command reads a database as it is. */
  migrate?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
    });
    // A dropped connection must not crash the process: the next query gets a fresh one.
    pool.on('error', () => undefined);
    const db = drizzle(pool, { schema });
    if (opts.migrate !== false) await migrate(db, { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: opts.searchPath ?? 'drizzle' });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite();
  const db = drizzle(client, { schema });
  if (opts.migrate !== false) await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** Runs a hot-path statement: named (prepared once per connection, plan cached) on PostgreSQL. */
export type Prepared = <R>(name: string, text: string, params: unknown[]) => Promise<R[]>;

interface QueryClient {
  query(q: string | { name: string; text: string; values: unknown[] }, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

export function preparedRunner(db: Db): Prepared {
  const client = (db as unknown as { $client: QueryClient & { totalCount?: number } }).$client;
  // A pg Pool counts its clients; PGlite has no connections and no use for names.
  if (typeof client.totalCount === 'number') return async <R>(name: string, text: string, values: unknown[]) => (await client.query({ name, text, values })).rows as R[];
  return async <R>(_name: string, text: string, values: unknown[]) => (await client.query(text, values)).rows as R[];
}
