/**
 * The database: PostgreSQL through `pg` when DATABASE_URL is set, otherwise PGlite (PostgreSQL in
 * WebAssembly) in DATA_DIR. Both run the same SQL and the same committed migrations.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction` callback gets: what a write that must commit with others takes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either handle: a read or write that works both alone and inside a caller's transaction. */
export type Q = Db | Tx;

/** The first row of a raw query that always answers one (a count, `now()`). */
export const one = async <R>(q: Q, query: SQL) => ((await q.execute(query)) as unknown as { rows: R[] }).rows[0]!;
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` while no other process opening the same database (and schema) runs its own: instances
   * started together migrate and seed one after the other, not into each other.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
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

/** PGlite (one connection in this process) rather than a PostgreSQL pool. */
export const isEmbedded = (db: Db): boolean => typeof (db as unknown as { $client?: { totalCount?: unknown } }).$client?.totalCount !== 'number';

/** Where drizzle keeps the list of applied migrations for each opened database (read by /readyz). */
const migrationsSchemas = new WeakMap<object, string>();
export const migrationsSchemaOf = (db: Db): string => migrationsSchemas.get(db) ?? 'drizzle';

/** Connections a PostgreSQL pool opens at most when the caller does not say (DATABASE_POOL_SIZE). */
export const DEFAULT_POOL_SIZE = 20;

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? DEFAULT_POOL_SIZE,
      ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
    });
    // A dropped connection must not crash the process: the next query gets a fresh one.
    pool.on('error', () => undefined);
    const db = drizzle(pool, { schema });
    // A session-level advisory lock held on a connection of its own (not the pool's: a pool of one
    // would wait for itself), keyed by the schema, so that test schemas do not wait for each other.
    const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
      const lock = new pg.Client({ connectionString: opts.url });
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock(hashtext($1))', [`portal:startup:${opts.searchPath ?? 'public'}`]);
        return await fn();
      } finally {
        await lock.end();
      }
    };
    if (opts.migrate !== false) await exclusive(() => migrate(db, { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: opts.searchPath ?? 'drizzle' }));
    migrationsSchemas.set(db, opts.searchPath ?? 'drizzle');
    return { db: db as unknown as Db, kind: 'postgres', exclusive, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite();
  const db = drizzle(client, { schema });
  if (opts.migrate !== false) await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  // One process owns a PGlite directory: nothing to wait for.
  return { db: db as unknown as Db, kind: 'pglite', exclusive: (fn) => fn(), close: () => client.close() };
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
