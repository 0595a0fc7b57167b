import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journals, prayers } from '../../db/schema/index.ts';
import { buildTestApp, signUp, type TestApp } from '../../../test/build-test-app.ts';
import { type Api, apiAs } from '../../../test/api.ts';

let t: TestApp;
let owner: Api;
let member: Api;
let other: Api;
let anon: Api;
let publicJournal: string;
let privateJournal: string;

const counters = async (id: string) => {
  const [row] = await t.db.db.select().from(journals).where(eq(journals.id, id));
  return {
    prayers: row!.prayerCount,
    answered: row!.answeredCount,
    publicPrayers: row!.publicPrayerCount,
    publicAnswered: row!.publicAnsweredCount,
  };
};

beforeAll(async () => {
  t = await buildTestApp();
  const [o, m, x] = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
  owner = apiAs(t.app, o.token);
  member = apiAs(t.app, m.token);
  other = apiAs(t.app, x.token);
  anon = apiAs(t.app, null);
  publicJournal = (await owner.post('/api/journals', { title: 'Public', isPrivate: false })).json()
    ._id;
  privateJournal = (await owner.post('/api/journals', { title: 'Private' })).json()._id;
  await member.post(`/api/journals/${publicJournal}/join`);
});
afterAll(async () => {
  await t?.close();
});

const create = async (body: Record<string, unknown>) => {
  const res = await owner.post('/api/prayers', {
    title: 'A prayer',
    journal: publicJournal,
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ _id: string }>()._id;
};

describe('POST /api/prayers', () => {
  it('creates a private Personal prayer by default, with an optional memory verse', async () => {
    const res = await owner.post('/api/prayers', {
      title: '  Healing for Mum ',
      content: 'Please restore her strength.',
      journal: privateJournal,
      memoryVerse: { verse: 'Be still, and know that I am God.', reference: 'Psalm 46:10' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Healing for Mum',
      category: 'Personal',
      status: 'pending',
      isPrivate: true,
      journal: privateJournal,
      journalTitle: 'Private',
      memoryVerse: { verse: 'Be still, and know that I am God.', reference: 'Psalm 46:10' },
      testimonies: [],
      answeredAt: null,
    });
  });

  it("refuses prayers in someone else's journal with the spec's message, and hides private journals", async () => {
    const before = await t.db.db.$count(prayers);
    const denied = await member.post('/api/prayers', { title: 'Mine?', journal: publicJournal });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You can only add prayers to your own journal.',
    });
    expect(
      (await other.post('/api/prayers', { title: 'Sneaky', journal: privateJournal })).statusCode,
    ).toBe(404);
    expect(
      (await anon.post('/api/prayers', { title: 'x', journal: publicJournal })).statusCode,
    ).toBe(401);
    expect(await t.db.db.$count(prayers)).toBe(before);
  });

  it.each([
    [{ title: '' }, 'Please provide a title for your prayer.'],
    [{ title: ' \n ' }, 'Please provide a title for your prayer.'],
    [{ title: 'y'.repeat(51) }, 'Prayer title must be 50 characters or less.'],
    [
      { journal: undefined },
      "Please select a journal for your prayer. If you don't have any, please create one first.",
    ],
    [
      { journal: 'nope' },
      "Please select a journal for your prayer. If you don't have any, please create one first.",
    ],
    [{ category: 'Weather' }, 'Please choose one of the prayer categories.'],
    [{ memoryVerse: { verse: '', reference: 'John 3:16' } }, 'Please enter the verse.'],
    [
      { memoryVerse: { verse: 'For God so loved the world', reference: ' ' } },
      'Please enter the verse reference.',
    ],
    [{ status: 'answered' }, 'Unrecognized key: "status"'],
  ])('rejects %j with its message and writes nothing', async (override, message) => {
    const before = await t.db.db.$count(prayers);
    const res = await owner.post('/api/prayers', {
      title: 'ok',
      journal: publicJournal,
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.db.db.$count(prayers)).toBe(before);
  });
});

describe('prayer visibility', () => {
  it('shows a public prayer to readers of its journal and a private prayer to its author only', async () => {
    const open = await create({ title: 'Open', isPrivate: false });
    const secret = await create({ title: 'Secret', isPrivate: true });
    expect((await member.get(`/api/prayers/${open}`)).statusCode).toBe(200);
    expect((await other.get(`/api/prayers/${open}`)).statusCode).toBe(200); // public journal
    expect((await member.get(`/api/prayers/${secret}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/prayers/${secret}`)).statusCode).toBe(200);
    expect((await anon.get(`/api/prayers/${open}`)).statusCode).toBe(401);

    const inPrivate = (
      await owner.post('/api/prayers', {
        title: 'Hidden journal',
        journal: privateJournal,
        isPrivate: false,
      })
    ).json()._id;
    expect((await other.get(`/api/prayers/${inPrivate}`)).statusCode).toBe(404);
    const list = await other.get(`/api/prayers?journal=${privateJournal}`);
    expect(list.statusCode).toBe(404);
  });

  it('only the author changes a prayer: others get 404 and nothing changes', async () => {
    const id = await create({ title: 'Keep me', isPrivate: false });
    for (const api of [member, other]) {
      expect((await api.put(`/api/prayers/${id}`, { title: 'Changed' })).statusCode).toBe(404);
      expect((await api.put(`/api/prayers/${id}/status`, { isAnswered: true })).statusCode).toBe(
        404,
      );
      expect((await api.post(`/api/prayers/${id}/testimony`, { testimony: 'x' })).statusCode).toBe(
        404,
      );
      expect((await api.delete(`/api/prayers/${id}`)).statusCode).toBe(404);
    }
    const row = (await owner.get(`/api/prayers/${id}`)).json();
    expect(row).toMatchObject({ title: 'Keep me', status: 'pending' });
  });

  it('answers an update with nothing in it with the prayer as it is (found by the fuzz test)', async () => {
    const id = await create({ title: 'Unchanged', isPrivate: false });
    const before = (await owner.get(`/api/prayers/${id}`)).json();
    const res = await owner.put(`/api/prayers/${id}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(before);
    // Still only the author's to change.
    expect((await other.put(`/api/prayers/${id}`, {})).statusCode).toBe(404);
  });
});

describe('status, testimonies and counters', () => {
  it('switches both ways, keeps counters right, and takes testimonies only when answered', async () => {
    const { token } = await signUp(t.app);
    const me = apiAs(t.app, token);
    const journal = (await me.post('/api/journals', { title: 'Counted', isPrivate: false })).json()
      ._id as string;
    const pub = (
      await me.post('/api/prayers', { title: 'Public one', journal, isPrivate: false })
    ).json()._id as string;
    const priv = (await me.post('/api/prayers', { title: 'Private one', journal })).json()
      ._id as string;
    expect(await counters(journal)).toEqual({
      prayers: 2,
      answered: 0,
      publicPrayers: 1,
      publicAnswered: 0,
    });

    const early = await me.post(`/api/prayers/${pub}/testimony`, { testimony: 'Too soon' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Mark the prayer as answered before adding a testimony.');

    const answered = await me.put(`/api/prayers/${pub}/status`, { isAnswered: true });
    expect(answered.json()).toMatchObject({ status: 'answered', answeredAt: expect.any(String) });
    await me.put(`/api/prayers/${pub}/status`, { isAnswered: true }); // idempotent
    await me.put(`/api/prayers/${priv}/status`, { isAnswered: true });
    expect(await counters(journal)).toEqual({
      prayers: 2,
      answered: 2,
      publicPrayers: 1,
      publicAnswered: 1,
    });

    const blank = await me.post(`/api/prayers/${pub}/testimony`, { testimony: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please enter your testimony before submitting.');
    const withTestimony = await me.post(`/api/prayers/${pub}/testimony`, {
      testimony: 'God provided a way.',
    });
    expect(withTestimony.json().testimonies).toEqual(['God provided a way.']);

    await me.put(`/api/prayers/${priv}/status`, { isAnswered: false });
    expect((await me.get(`/api/prayers/${priv}`)).json()).toMatchObject({
      status: 'pending',
      answeredAt: null,
    });
    expect(await counters(journal)).toEqual({
      prayers: 2,
      answered: 1,
      publicPrayers: 1,
      publicAnswered: 1,
    });

    await me.put(`/api/prayers/${pub}`, { isPrivate: true });
    expect(await counters(journal)).toEqual({
      prayers: 2,
      answered: 1,
      publicPrayers: 0,
      publicAnswered: 0,
    });

    expect((await me.delete(`/api/prayers/${pub}`)).statusCode).toBe(204);
    expect(await counters(journal)).toEqual({
      prayers: 1,
      answered: 0,
      publicPrayers: 0,
      publicAnswered: 0,
    });

    expect((await me.put(`/api/prayers/${priv}/status`, { isAnswered: 'yes' })).statusCode).toBe(
      400,
    );
    expect((await me.put(`/api/prayers/${priv}/status`, { status: 'done' })).statusCode).toBe(400);
  });
});

describe('lists', () => {
  it("pages a journal's prayers with filters, and the user's prayers across journals", async () => {
    const { token } = await signUp(t.app);
    const me = apiAs(t.app, token);
    const j1 = (await me.post('/api/journals', { title: 'J1' })).json()._id as string;
    const j2 = (await me.post('/api/journals', { title: 'J2' })).json()._id as string;
    for (let i = 0; i < 7; i++) {
      await me.post('/api/prayers', { title: `Health ${i}`, journal: j1, category: 'Health' });
    }
    const fam = (
      await me.post('/api/prayers', { title: 'Family night', journal: j2, category: 'Family' })
    ).json()._id;
    await me.put(`/api/prayers/${fam}/status`, { isAnswered: true });

    const first = (await me.get(`/api/prayers?journal=${j1}&limit=5`)).json();
    expect(first.data).toHaveLength(5);
    const second = (
      await me.get(`/api/prayers?journal=${j1}&limit=5&cursor=${first.nextCursor}`)
    ).json();
    expect(second.data).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.data, ...second.data].map((p: { _id: string }) => p._id)).size).toBe(
      7,
    );

    expect((await me.get(`/api/prayers?journal=${j1}&search=health 3`)).json().data).toHaveLength(
      1,
    );
    expect((await me.get(`/api/prayers?journal=${j1}&category=Family`)).json().data).toHaveLength(
      0,
    );

    const all = (await me.get('/api/prayers/user?status=all&limit=100')).json();
    expect(all.data).toHaveLength(8);
    const answered = (await me.get('/api/prayers/user?status=answered')).json();
    expect(answered.data.map((p: { title: string }) => p.title)).toEqual(['Family night']);
    const active = (await me.get('/api/prayers/user?status=active&category=Health')).json();
    expect(active.data).toHaveLength(7);

    // Writing prayers is not praying them: the streak counts days with a Prayed (issue 20 §5).
    expect((await me.get('/api/prayers/user/summary')).json()).toMatchObject({ streak: 0 });
    expect((await me.post(`/api/prayers/${fam}/prayed`)).statusCode).toBe(201);
    const summary = (await me.get('/api/prayers/user/summary')).json();
    expect(summary).toMatchObject({ total: 8, active: 7, answered: 1, streak: 1 });
    expect(summary.byCategory).toEqual([
      { category: 'Health', count: 7 },
      { category: 'Family', count: 1 },
    ]);
    expect(summary.last7Days).toHaveLength(7);
    expect(summary.last7Days.at(-1).active).toBe(true);

    expect((await me.get('/api/prayers')).statusCode).toBe(400);
    expect((await me.get('/api/prayers/user?limit=101')).statusCode).toBe(400);
    expect((await me.get('/api/prayers/user?status=done')).statusCode).toBe(400);
  });
});

describe('editing a prayer (issue 29 §2)', () => {
  it('changes title, text, category, verse and privacy and keeps its log, rhythm, star and counters right', async () => {
    const { token } = await signUp(t.app);
    const me = apiAs(t.app, token);
    const journal = (await me.post('/api/journals', { title: 'Edited', isPrivate: false })).json()
      ._id as string;
    const id = (
      await me.post('/api/prayers', { title: 'Old title', content: 'Old text', journal })
    ).json()._id as string;
    expect(
      (await me.put(`/api/prayers/${id}/rhythm`, { kind: 'weekly', days: [1, 3], urgent: true }))
        .statusCode,
    ).toBe(200);
    expect((await me.post(`/api/prayers/${id}/prayed`)).statusCode).toBe(201);
    expect((await me.post(`/api/prayers/${id}/notes`, { text: 'A first note' })).statusCode).toBe(
      201,
    );
    const logBefore = (await me.get(`/api/prayers/${id}/log`)).json();
    expect(logBefore.data.map((item: { kind: string }) => item.kind)).toContain('note');
    expect(logBefore.summary.prayedCount).toBe(1);

    const res = await me.put(`/api/prayers/${id}`, {
      title: '  New title ',
      content: 'New text',
      category: 'Family',
      isPrivate: false,
      memoryVerse: { verse: 'Pray without ceasing.', reference: '1 Thessalonians 5:17' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'New title',
      content: 'New text',
      category: 'Family',
      isPrivate: false,
      memoryVerse: { verse: 'Pray without ceasing.', reference: '1 Thessalonians 5:17' },
      rhythm: { kind: 'weekly', days: [1, 3] },
      urgent: true,
      status: 'pending',
    });
    expect(await counters(journal)).toMatchObject({ prayers: 1, publicPrayers: 1 });

    const logAfter = (await me.get(`/api/prayers/${id}/log`)).json();
    expect(logAfter.data).toEqual(logBefore.data);
    expect(logAfter.summary).toEqual(logBefore.summary);
    expect(logAfter.summary.prayedCount).toBe(1);

    // The verse can be taken away again; what is not sent stays.
    const cleared = (await me.put(`/api/prayers/${id}`, { memoryVerse: null })).json();
    expect(cleared).toMatchObject({ memoryVerse: null, title: 'New title', category: 'Family' });

    const bad = await me.put(`/api/prayers/${id}`, { title: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please provide a title for your prayer.');
  });
});

describe('private prayers of a shared journal (issue 29 §2)', () => {
  it('counts and lists them for the owner, and makes the chosen ones visible to readers', async () => {
    const [o, f] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const me = apiAs(t.app, o.token);
    const friend = apiAs(t.app, f.token);
    const journal = (await me.post('/api/journals', { title: 'Shared', isPrivate: false })).json()
      ._id as string;
    const elsewhere = (await me.post('/api/journals', { title: 'Elsewhere' })).json()._id as string;
    const add = async (title: string, j = journal, isPrivate = true) =>
      (await me.post('/api/prayers', { title, journal: j, isPrivate })).json()._id as string;
    const one = await add('One');
    const two = await add('Two');
    await add('Open', journal, false);
    const other = await add('Other journal', elsewhere);
    await me.put(`/api/prayers/${two}/status`, { isAnswered: true });

    const listed = await me.get(`/api/prayers/private?journal=${journal}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      total: 2,
      data: [
        { _id: two, title: 'Two', category: 'Personal', status: 'answered' },
        { _id: one, title: 'One', category: 'Personal', status: 'pending' },
      ],
    });
    expect((await friend.get(`/api/prayers/${one}`)).statusCode).toBe(404);

    // Another journal's prayer, or one already visible, is left alone.
    const shown = await me.post('/api/prayers/visible', {
      journal,
      prayerIds: [two, other, two],
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ shown: 1, privateCount: 1 });
    expect((await friend.get(`/api/prayers/${two}`)).json()).toMatchObject({ isPrivate: false });
    expect((await me.get(`/api/prayers/${other}`)).json()).toMatchObject({ isPrivate: true });
    expect(await counters(journal)).toEqual({
      prayers: 3,
      answered: 1,
      publicPrayers: 2,
      publicAnswered: 1,
    });
    expect((await me.post('/api/prayers/visible', { journal, prayerIds: [two] })).json()).toEqual({
      shown: 0,
      privateCount: 1,
    });
    expect(await counters(journal)).toMatchObject({ publicPrayers: 2 });
  });

  it("is the owner's only: a reader or a stranger gets 404 and nothing changes", async () => {
    const secret = await create({ title: 'Not yours to show', isPrivate: true });
    for (const api of [member, other]) {
      expect((await api.get(`/api/prayers/private?journal=${publicJournal}`)).statusCode).toBe(404);
      const res = await api.post('/api/prayers/visible', {
        journal: publicJournal,
        prayerIds: [secret],
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await anon.get(`/api/prayers/private?journal=${publicJournal}`)).statusCode).toBe(401);
    expect((await owner.get(`/api/prayers/${secret}`)).json()).toMatchObject({ isPrivate: true });
  });

  it.each([
    [{ prayerIds: [] }, 'Please choose at least one prayer to show.'],
    [{ prayerIds: 'all' }, 'Please choose at least one prayer to show.'],
    [{ prayerIds: ['nope'] }, 'Invalid prayer id.'],
    [{ journal: 'nope' }, 'Invalid journal id.'],
    [{ isPrivate: false }, 'Unrecognized key: "isPrivate"'],
  ])('refuses %j with its message', async (override, message) => {
    const res = await owner.post('/api/prayers/visible', {
      journal: publicJournal,
      prayerIds: [crypto.randomUUID()],
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses more than 100 prayers at once', async () => {
    const res = await owner.post('/api/prayers/visible', {
      journal: publicJournal,
      prayerIds: Array.from({ length: 101 }, () => crypto.randomUUID()),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose at most 100 prayers at a time.');
  });

  it('refuses a bad journal id in the query', async () => {
    const res = await owner.get('/api/prayers/private?journal=nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid journal id.');
  });
});

describe('search (issue 29 §5)', () => {
  it('matches the text as well as the title, ignoring case and accents, within what the viewer may read', async () => {
    const journal = (
      await owner.post('/api/journals', { title: 'Search', isPrivate: false })
    ).json()._id;
    const add = async (title: string, content: string, isPrivate = false) =>
      (await owner.post('/api/prayers', { title, content, journal, isPrivate })).json()._id;
    const sade = await add('Ṣadé’s exams', 'That she may sit them in peace.');
    const text = await add('For the family', 'Strength for ÉMILE after the surgery.');
    const fi = await add('A ﬁnal word', 'Ligatures fold as well.');
    const secret = await add('Sade, privately', 'Only the owner sees this.', true);
    await add('Percent 100%', 'A literal percent sign.');

    const found = async (as: Api, search: string) =>
      (await as.get(`/api/prayers?journal=${journal}&search=${encodeURIComponent(search)}`))
        .json<{ data: { _id: string }[] }>()
        .data.map((p) => p._id)
        .sort();

    expect(await found(owner, 'Sade')).toEqual([sade, secret].sort());
    expect(await found(owner, 'ṢADÉ')).toEqual([sade, secret].sort());
    expect(await found(owner, 'emile')).toEqual([text]);
    expect(await found(owner, 'surgery')).toEqual([text]);
    expect(await found(owner, 'final')).toEqual([fi]);
    // LIKE wildcards in the search are literal.
    expect(await found(owner, '%')).toHaveLength(1);
    expect(await found(owner, 'o_e')).toEqual([]);
    // Another reader of the public journal finds the public prayer, never the private one.
    expect(await found(member, 'sade')).toEqual([sade]);
  });
});
