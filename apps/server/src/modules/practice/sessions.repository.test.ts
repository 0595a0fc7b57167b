import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client.ts';
import { seed, seedId } from '../../db/seed.ts';
import { createTestDb } from '../../../test/test-db.ts';
import { SessionsRepository } from './sessions.repository.ts';

/**
 * A session is ONE statement whatever the number of prayers, events, commitments and groups
 * (issue 20 "Speed"): counted at the repository, for users with many and with few prayers.
 */
let db: DbHandle;
let statements: string[] = [];

beforeAll(async () => {
  db = await createTestDb({ onQuery: (query) => statements.push(query) });
  await seed(db.db, {
    users: 24,
    writerEvery: 4,
    journalsPerUser: 2,
    prayersPerJournal: 40,
    friendsPerUser: 6,
    requestsPerUser: 2,
    groups: 3,
    activity: true,
    plan: 'premium',
  });
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('SessionsRepository.session', () => {
  it.each([
    ['a writer of 80 prayers with 800 events, 1 item', 1, 1],
    ['a writer of 80 prayers with 800 events, 20 items', 1, 20],
    ['a reader with commitments and groups only', 2, 20],
  ])('%s: one statement', async (_what, n, size) => {
    const repo = new SessionsRepository(db.db);
    statements = [];
    const rows = await repo.session({
      userId: seedId('user', n),
      day: '2026-11-25',
      size,
      dueOnly: false,
      after: null,
    });
    expect(statements).toHaveLength(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(size);
  });
});
