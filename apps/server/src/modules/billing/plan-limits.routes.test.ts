import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_USER_SETTINGS,
} from '@selah/shared/schemas/auth';
import { journalMembers, journals, prayers, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { befriend, person, type Person } from '../../../test/people.ts';
import { setPlan } from '../../../test/plans.ts';
import { addMonths, effectivePlan, priceFor } from './plan-catalogue.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const upgradeDetails = (limit: string) => ({ limit, upgradeUrl: '/pricing' });

const newJournal = (p: Person, body: Record<string, unknown> = {}) =>
  p.api.post('/api/journals', { title: 'Journal', ...body });

/** Inserts `count` prayers straight into the database (bulk set-up, not the path under test). */
async function insertPrayers(authorId: string, journalId: string, count: number) {
  await t.db.db.insert(prayers).values(
    Array.from({ length: count }, (_, i) => ({
      journalId,
      authorId,
      title: `Bulk ${i}`,
      category: 'Personal',
    })),
  );
  await t.db.db
    .update(journals)
    .set({ prayerCount: sql`${journals.prayerCount} + ${count}` })
    .where(eq(journals.id, journalId));
}

/** Adds `count` made-up members to a journal straight in the database. */
async function fillMembers(journalId: string, count: number) {
  if (count <= 0) return;
  const rows = await t.db.db
    .insert(users)
    .values(
      Array.from({ length: count }, () => {
        const tag = randomBytes(6).toString('hex');
        return {
          email: `filler.${tag}@example.test`,
          firstName: 'Filler',
          lastName: tag,
          username: `filler_${tag}`,
          settings: DEFAULT_USER_SETTINGS,
          notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES,
        };
      }),
    )
    .returning({ id: users.id });
  await t.db.db
    .insert(journalMembers)
    .values(rows.map((r) => ({ journalId, userId: r.id, role: 'member' as const })));
  await t.db.db
    .update(journals)
    .set({ memberCount: sql`${journals.memberCount} + ${count}` })
    .where(eq(journals.id, journalId));
}

const memberCount = async (journalId: string) =>
  (await t.db.db.select().from(journals).where(eq(journals.id, journalId)))[0]!.memberCount;

describe('plan rules', () => {
  it('the effective plan is the stored one until it lapses, then free', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(
      effectivePlan({ plan: 'premium', planExpiresAt: new Date(now.getTime() + 1) }, now),
    ).toBe('premium');
    expect(effectivePlan({ plan: 'premium', planExpiresAt: now }, now)).toBe('free');
    expect(effectivePlan({ plan: 'ministry', planExpiresAt: null }, now)).toBe('free');
    expect(effectivePlan({ plan: 'free', planExpiresAt: null }, now)).toBe('free');
  });

  it('adds calendar months in UTC, keeping to the end of shorter months', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addMonths(new Date('2026-12-15T00:00:00Z'), 1).toISOString()).toBe(
      '2027-01-15T00:00:00.000Z',
    );
  });

  it('prices every plan in whole cents (kobo), naira at 1600 per dollar for Nigeria', () => {
    expect(priceFor('premium', 'US')).toEqual({ cents: 499, currency: 'USD', usdCents: 499 });
    expect(priceFor('premium', 'NG')).toEqual({
      cents: 798_400,
      currency: 'NGN',
      usdCents: 499,
    });
    expect(priceFor('ministry', 'NG').cents).toBe(1_600_000);
    expect(priceFor('ministry', 'KE')).toMatchObject({ cents: 1000, currency: 'USD' });
    expect(priceFor('ministry', 'FR').cents).toBe(3000);
    expect(priceFor('ministry', 'CA').cents).toBe(5000);
    expect(priceFor('ministry', 'BR').cents).toBe(2000);
    expect(priceFor('ministry', null).cents).toBe(2000);
    expect(priceFor('free', 'NG').cents).toBe(0);
  });
});

describe('Free plan limits (402 PAYMENT_REQUIRED)', () => {
  it('allows 3 journals; the 4th is refused with the limit named, and nothing is lost', async () => {
    const u = await person(t.app);
    for (let i = 1; i <= 3; i++) {
      expect((await newJournal(u, { title: `J${i}` })).statusCode).toBe(201);
    }
    const fourth = await newJournal(u, { title: 'J4', initialPrayer: 'A prayer' });
    expect(fourth.statusCode).toBe(402);
    expect(fourth.json()).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: 'The Free plan allows 3 journals. Upgrade to Premium for unlimited journals.',
      details: upgradeDetails('journals'),
    });
    const mine = (await u.api.get('/api/journals/get')).json<{ title: string }[]>();
    expect(mine.map((j) => j.title).sort()).toEqual(['J1', 'J2', 'J3']);
    // The refused journal's first prayer was not written either.
    expect(await t.db.db.$count(prayers, eq(prayers.authorId, u.id))).toBe(0);
  });

  it('counts parallel creations one at a time: one slot left, one of five succeeds', async () => {
    const u = await person(t.app);
    await newJournal(u);
    await newJournal(u);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => newJournal(u, { title: `Race ${i}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 402, 402, 402, 402]);
    expect(await t.db.db.$count(journals, eq(journals.ownerId, u.id))).toBe(3);
  });

  it('allows 50 prayer points; the 51st is refused, also as a new journal’s first prayer', async () => {
    const u = await person(t.app);
    const journal = (await newJournal(u)).json()._id as string;
    await insertPrayers(u.id, journal, 48);
    const addPrayer = (title: string) =>
      u.api.post('/api/prayers', { title, journal, content: 'Please' });
    expect((await addPrayer('Forty-nine')).statusCode).toBe(201);
    expect((await addPrayer('Fiftieth')).statusCode).toBe(201);
    const over = await addPrayer('Fifty-first');
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message:
        'The Free plan allows 50 prayer points. Upgrade to Premium for unlimited prayer points.',
      details: upgradeDetails('prayers'),
    });
    const withFirstPrayer = await newJournal(u, { title: 'Second', initialPrayer: 'One more' });
    expect(withFirstPrayer.statusCode).toBe(402);
    expect(withFirstPrayer.json().details).toEqual(upgradeDetails('prayers'));
    // A journal without a first prayer is still fine (2 of 3).
    expect((await newJournal(u, { title: 'Empty' })).statusCode).toBe(201);
    expect(await t.db.db.$count(prayers, eq(prayers.authorId, u.id))).toBe(50);
    expect((await u.api.get('/api/subscription')).json()).toMatchObject({
      plan: 'free',
      effectivePlan: 'free',
      expiresAt: null,
      limits: {
        journals: 3,
        prayers: 50,
        membersPerJournal: 20,
        groups: false,
        export: false,
        statsDays: 7,
      },
      usage: { journals: 2, prayers: 50 },
    });
  });

  it('refuses prayer groups on Free and allows them on Premium', async () => {
    const u = await person(t.app);
    const journalId = (await newJournal(u)).json()._id as string;
    const group = { name: 'Circle', description: 'We pray', journalId };
    const refused = await u.api.post('/api/prayer-groups', group);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      message:
        'Creating prayer groups needs the Premium or Ministry plan. Upgrade to create a group.',
      details: upgradeDetails('groups'),
    });
    await setPlan(t.db, u.id, 'premium');
    expect((await u.api.post('/api/prayer-groups', group)).statusCode).toBe(201);
  });
});

describe('paid plans', () => {
  it('Premium has no journal or prayer limit and shows in /auth/me', async () => {
    const u = await person(t.app);
    await setPlan(t.db, u.id, 'premium');
    for (let i = 0; i < 4; i++) expect((await newJournal(u)).statusCode).toBe(201);
    const journal = (await newJournal(u)).json()._id as string;
    await insertPrayers(u.id, journal, 50);
    expect((await u.api.post('/api/prayers', { title: 'Fifty-first', journal })).statusCode).toBe(
      201,
    );
    expect((await u.api.get('/api/auth/me')).json().plan).toBe('premium');
    expect((await u.api.get('/api/subscription')).json()).toMatchObject({
      plan: 'premium',
      effectivePlan: 'premium',
      limits: { journals: null, prayers: null, groups: true, export: true, statsDays: null },
      usage: { journals: 5, prayers: 51 },
    });
  });

  it('a lapsed subscription is Free again and deletes nothing', async () => {
    const u = await person(t.app);
    await setPlan(t.db, u.id, 'premium');
    for (let i = 0; i < 5; i++) await newJournal(u, { title: `Kept ${i}` });
    const journal = (await u.api.get('/api/journals/get')).json()[0]._id as string;
    await insertPrayers(u.id, journal, 60);
    await setPlan(t.db, u.id, 'premium', new Date(Date.now() - DAY));

    expect((await u.api.get('/api/auth/me')).json().plan).toBe('free');
    const sub = (await u.api.get('/api/subscription')).json();
    expect(sub).toMatchObject({ plan: 'premium', effectivePlan: 'free' });
    expect(sub.usage).toEqual({ journals: 5, prayers: 60 });
    expect((await newJournal(u)).statusCode).toBe(402);
    expect((await u.api.post('/api/prayers', { title: 'More', journal })).statusCode).toBe(402);
    // Everything written is still there and still readable and editable.
    expect((await u.api.get('/api/journals/get')).json()).toHaveLength(5);
    expect((await u.api.put(`/api/journals/${journal}`, { title: 'Renamed' })).statusCode).toBe(
      200,
    );
    expect((await u.api.get(`/api/journals/${journal}`)).json().prayerCount).toBe(60);
  });
});

describe('members per journal', () => {
  it('Free allows 20 members (owner included); the 21st join is refused', async () => {
    const owner = await person(t.app, 'Owner');
    const journal = (await newJournal(owner, { isPrivate: false })).json()._id as string;
    await fillMembers(journal, 18);
    const [a, b] = await Promise.all([person(t.app), person(t.app)]);
    expect((await a.api.post(`/api/journals/${journal}/join`)).statusCode).toBe(200);
    expect(await memberCount(journal)).toBe(20);
    const refused = await b.api.post(`/api/journals/${journal}/join`);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message:
        "This journal has reached the Free plan's limit of 20 members. The Ministry plan allows up to 100 members per journal.",
      details: upgradeDetails('members'),
    });
    expect(await memberCount(journal)).toBe(20);
    expect((await b.api.get(`/api/journals/${journal}`)).json().membership).toBe('none');
    // Joining again as an existing member is still harmless.
    expect((await a.api.post(`/api/journals/${journal}/join`)).statusCode).toBe(200);
  });

  it('Ministry allows 100 members; when it lapses, nobody is removed but nobody new joins', async () => {
    const owner = await person(t.app, 'Minister');
    await setPlan(t.db, owner.id, 'ministry');
    const journal = (await newJournal(owner, { isPrivate: false })).json()._id as string;
    await fillMembers(journal, 98);
    const [a, b] = await Promise.all([person(t.app), person(t.app)]);
    expect((await a.api.post(`/api/journals/${journal}/join`)).statusCode).toBe(200);
    expect(await memberCount(journal)).toBe(100);
    const refused = await b.api.post(`/api/journals/${journal}/join`);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(
      "This journal has reached the Ministry plan's limit of 100 members.",
    );
    await setPlan(t.db, owner.id, 'ministry', new Date(Date.now() - DAY));
    expect((await b.api.post(`/api/journals/${journal}/join`)).statusCode).toBe(402);
    expect(await memberCount(journal)).toBe(100);
    expect((await a.api.get(`/api/journals/${journal}`)).json().membership).toBe('member');
  });

  it('sharing a private journal past the cap adds nobody', async () => {
    const owner = await person(t.app, 'Sharer');
    const [f1, f2] = await Promise.all([person(t.app, 'Una'), person(t.app, 'Dos')]);
    await befriend(owner, f1);
    await befriend(owner, f2);
    const journal = (await newJournal(owner)).json()._id as string;
    await fillMembers(journal, 18);
    const refused = await owner.api.post(`/api/journals/${journal}/share`, {
      userIds: [f1.id, f2.id],
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().details).toEqual(upgradeDetails('members'));
    expect(await memberCount(journal)).toBe(19);
    expect((await f1.api.get(`/api/journals/${journal}`)).statusCode).toBe(404);
    const ok = await owner.api.post(`/api/journals/${journal}/share`, { userIds: [f1.id] });
    expect(ok.statusCode).toBe(200);
    expect(await memberCount(journal)).toBe(20);
  });
});

describe('GET /api/subscription', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/subscription' })).statusCode).toBe(401);
  });
});
