import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { befriend, person, type Person } from '../../../test/people.ts';
import { createTestDb } from '../../../test/test-db.ts';

let t: TestApp;
let owner: Person;
let friend: Person;
let stranger: Person;
/** The statements the database ran, when a test collects them. */
let statements: string[] | null = null;

beforeAll(async () => {
  const db = await createTestDb({ onQuery: (query) => statements?.push(query) });
  t = await buildTestApp({ db });
  [owner, friend, stranger] = await Promise.all([
    person(t.app, 'Owen'),
    person(t.app, 'Fran'),
    person(t.app, 'Sid'),
  ]);
  await befriend(owner, friend);
});
afterAll(async () => {
  await t?.close();
  await t?.db.close();
});

describe('POST /api/journals/:id/share', () => {
  it('shares a private journal with friends: notified and able to read it as members', async () => {
    const id = (await owner.api.post('/api/journals', { title: 'Family' })).json()._id;
    expect((await friend.api.get(`/api/journals/${id}`)).statusCode).toBe(404);
    const res = await owner.api.post(`/api/journals/${id}/share`, { userIds: [friend.id] });
    expect(res.json()).toEqual({ message: 'Shared successfully with 1 person.', sharedWith: 1 });
    const seen = await friend.api.get(`/api/journals/${id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ membership: 'member', memberCount: 2 });
    const [note] = await t.db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, friend.id), eq(notifications.type, 'journal_shared')));
    expect(note).toMatchObject({
      message: 'Owen User shared the journal "Family" with you.',
      link: `/journal/${id}`,
    });
    // Sharing again changes nothing.
    await owner.api.post(`/api/journals/${id}/share`, { userIds: [friend.id] });
    expect((await friend.api.get(`/api/journals/${id}`)).json().memberCount).toBe(2);
  });

  it('refuses non-friends, empty lists, members of private journals and unknown journals', async () => {
    const id = (await owner.api.post('/api/journals', { title: 'Private' })).json()._id;
    const bad = await owner.api.post(`/api/journals/${id}/share`, { userIds: [stranger.id] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('You can only share with your friends.');
    expect((await stranger.api.get(`/api/journals/${id}`)).statusCode).toBe(404);
    const empty = await owner.api.post(`/api/journals/${id}/share`, { userIds: [] });
    expect(empty.json().message).toBe('Please select at least one friend to share with.');
    await owner.api.post(`/api/journals/${id}/share`, { userIds: [friend.id] });
    expect(
      (await friend.api.post(`/api/journals/${id}/share`, { userIds: [owner.id] })).statusCode,
    ).toBe(403);
    expect(
      (await stranger.api.post(`/api/journals/${id}/share`, { userIds: [owner.id] })).statusCode,
    ).toBe(404);
  });

  it('lets any reader of a public journal invite their friends', async () => {
    const id = (
      await stranger.api.post('/api/journals', { title: 'Open house', isPrivate: false })
    ).json()._id;
    const res = await owner.api.post(`/api/journals/${id}/share`, { userIds: [friend.id] });
    expect(res.statusCode).toBe(200);
    expect((await friend.api.get(`/api/journals/${id}`)).json().membership).toBe('none');
  });
});

describe('POST /api/prayers/:id/share', () => {
  it('lets friends read a shared public prayer even in a private journal; private prayers are not shared', async () => {
    const journal = (await owner.api.post('/api/journals', { title: 'Closed' })).json()._id;
    const open = (
      await owner.api.post('/api/prayers', { title: 'Open one', journal, isPrivate: false })
    ).json()._id;
    const secret = (await owner.api.post('/api/prayers', { title: 'Secret', journal })).json()._id;
    expect((await friend.api.get(`/api/prayers/${open}`)).statusCode).toBe(404);
    expect(
      (await owner.api.post(`/api/prayers/${open}/share`, { userIds: [friend.id] })).json()
        .sharedWith,
    ).toBe(1);
    expect((await friend.api.get(`/api/prayers/${open}`)).statusCode).toBe(200);
    expect((await stranger.api.get(`/api/prayers/${open}`)).statusCode).toBe(404);
    const refused = await owner.api.post(`/api/prayers/${secret}/share`, { userIds: [friend.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'This prayer is private. Make it public before sharing it.',
    );
    expect(
      (await friend.api.post(`/api/prayers/${open}/share`, { userIds: [owner.id] })).statusCode,
    ).toBe(404);
    const [note] = await t.db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, friend.id), eq(notifications.type, 'prayer_shared')));
    expect(note!.link).toBe(`/prayer/${open}`);
  });
});

describe('ending a friendship', () => {
  it("takes back both ways' journal shares and fixes every member count in one statement", async () => {
    const [ann, ben] = await Promise.all([person(t.app, 'Ann'), person(t.app, 'Ben')]);
    await befriend(ann, ben);
    const journal = async (who: Person, title: string) => {
      const id = (await who.api.post('/api/journals', { title })).json<{ _id: string }>()._id;
      const other = who === ann ? ben : ann;
      expect(
        (await who.api.post(`/api/journals/${id}/share`, { userIds: [other.id] })).statusCode,
      ).toBe(200);
      return { id, owner: who };
    };
    const shared = [
      await journal(ann, 'Ann 1'),
      await journal(ann, 'Ann 2'),
      await journal(ann, 'Ann 3'),
      await journal(ben, 'Ben 1'),
      await journal(ben, 'Ben 2'),
    ];
    const count = async (j: { id: string; owner: Person }) =>
      (await j.owner.api.get(`/api/journals/${j.id}`)).json<{ memberCount: number }>().memberCount;
    for (const j of shared) expect(await count(j)).toBe(2);

    statements = [];
    expect((await ann.api.delete(`/api/friends/${ben.id}`)).statusCode).toBe(204);
    const memberships = statements.filter((q) => /journal_members|"journals"/.test(q));
    statements = null;
    expect(memberships).toHaveLength(1);
    for (const j of shared) expect(await count(j)).toBe(1);
  });
});
