import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-db.ts';
import type { DbHandle } from './client.ts';
import { jsonArray, jsonRow, selectValues } from './json.ts';
import { seed, seedId } from './seed.ts';
import { journals, prayers, prayerTestimonies, users } from './schema/index.ts';

let handle: DbHandle;
const journal = seedId('journal', 1);

beforeAll(async () => {
  handle = await createTestDb();
  await seed(handle.db, { users: 2, journalsPerUser: 1, prayersPerJournal: 12 });
  // Fractions of a millisecond, a time zone's offset and nulls: what JSON spells differently.
  await handle.db.execute(
    sql`update prayers set created_at = created_at + interval '0.123456 second', memory_verse = '{"verse":"v","reference":"r"}'::jsonb where journal_id = ${journal}`,
  );
});
afterAll(async () => {
  await handle?.close();
});

describe('rows read as JSON decode as Drizzle decodes them', () => {
  const fields = {
    prayer: prayers,
    journalTitle: journals.title,
    owner: { id: users.id, settings: users.settings, lastActiveAt: users.lastActiveAt },
  };

  it('jsonArray: the same rows, in order, as a plain select', async () => {
    const plain = await handle.db
      .select(fields)
      .from(prayers)
      .innerJoin(journals, eq(journals.id, prayers.journalId))
      .innerJoin(users, eq(users.id, journals.ownerId))
      .where(eq(prayers.journalId, journal))
      .orderBy(desc(prayers.createdAt), desc(prayers.id))
      .limit(10);
    const [row] = await handle.db
      .select({
        title: journals.title,
        page: jsonArray(fields, (row) =>
          handle.db
            .select({ row })
            .from(prayers)
            .innerJoin(journals, eq(journals.id, prayers.journalId))
            .innerJoin(users, eq(users.id, journals.ownerId))
            .where(eq(prayers.journalId, journal))
            .orderBy(desc(prayers.createdAt), desc(prayers.id))
            .limit(10),
        ),
        none: jsonArray(prayers.title, (row) =>
          handle.db
            .select({ row })
            .from(prayers)
            .where(sql`false`),
        ),
      })
      .from(journals)
      .where(eq(journals.id, journal));
    expect(plain).toHaveLength(10);
    expect(plain[0]!.prayer.createdAt).toBeInstanceOf(Date);
    expect(plain[0]!.prayer.memoryVerse).toEqual({ verse: 'v', reference: 'r' });
    expect(row!.page).toEqual(plain);
    expect(row!.none).toEqual([]);
  });

  it('jsonRow and selectValues: objects, scalars and nested arrays in one statement', async () => {
    const values = await selectValues(handle.db, {
      count: sql<number>`(select count(*)::int from prayers)`,
      texts: jsonArray(prayerTestimonies.text, (row) =>
        handle.db
          .select({ row })
          .from(prayerTestimonies)
          .orderBy(asc(prayerTestimonies.createdAt), asc(prayerTestimonies.id)),
      ),
    });
    expect(values.count).toBe(24);
    const fields = { user: users, one: sql<number>`1` };
    const { found, missing } = await selectValues(handle.db, {
      found: jsonRow(fields, (row) =>
        handle.db
          .select({ row })
          .from(users)
          .where(eq(users.id, seedId('user', 1))),
      ),
      missing: jsonRow(fields, (row) =>
        handle.db
          .select({ row })
          .from(users)
          .where(eq(users.id, seedId('user', 3))),
      ),
    });
    const [plain] = await handle.db
      .select({ user: users })
      .from(users)
      .where(eq(users.id, seedId('user', 1)));
    expect(found).toEqual({ user: plain!.user, one: 1 });
    expect(missing).toBeNull();
    expect(values.texts).toEqual(
      Array.from({ length: 6 }, (_, i) => `God answered prayer ${(i + 1) * 4}`),
    );
  });
});
