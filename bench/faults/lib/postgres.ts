// A fresh PostgreSQL database per fault run, on the server TEST_DATABASE_URL points to.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshDatabase {
  name: string;
  /** Connection string of the new database (for DATABASE_URL). */
  url: string;
  /** Runs one query on the new database (verification after the fault). */
  query: <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<R[]>;
  /** Drops the database (FORCE: also when a killed server left connections). */
  drop: () => Promise<void>;
}

/** Creates `selah_fault_<random>` on the server of `adminUrl`; the server migrates it on start. */
export async function createDatabase(adminUrl: string): Promise<FreshDatabase> {
  const name = `selah_fault_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  return {
    name,
    url: target.href,
    query: async <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
      const client = new pg.Client({ connectionString: target.href });
      await client.connect();
      try {
        return (await client.query<R>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
