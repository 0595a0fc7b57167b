// Which databases the fault scripts run on: PGlite always; PostgreSQL and Redis when
// TEST_DATABASE_URL / TEST_REDIS_URL are set (as in CI). Use with `describe.runIf`.
export const POSTGRES_URL = process.env.TEST_DATABASE_URL || undefined;
export const REDIS_URL = process.env.TEST_REDIS_URL || undefined;

export interface DatabaseVariant {
  name: 'PGlite' | 'PostgreSQL';
  /** The admin URL to create a fresh database on (PostgreSQL only). */
  adminUrl: string | undefined;
  enabled: boolean;
}

export const DATABASES: DatabaseVariant[] = [
  { name: 'PGlite', adminUrl: undefined, enabled: true },
  { name: 'PostgreSQL', adminUrl: POSTGRES_URL, enabled: Boolean(POSTGRES_URL) },
];
