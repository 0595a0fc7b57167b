import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { befriend, person, type Person } from '../../../test/people.ts';
import { setPlan } from '../../../test/plans.ts';

let t: TestApp;
let admin: Person;
let friend: Person;
let other: Person;
let journalId: string;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, friend, other] = await Promise.all([
    person(t.app, 'Ada'),
    person(t.app, 'Fay'),
    person(t.app, 'Oz'),
  ]);
  // Creating groups needs Premium (plan limits are tested in plan-limits.routes.test.ts).
  await setPlan(t.db, [admin.id, friend.id, other.id], 'premium');
  await befriend(admin, friend);
  journalId = (await admin.api.post('/api/journals', { title: 'Group journal' })).json()._id;
  await admin.api.post('/api/prayers', {
    title: 'Shared prayer',
    journal: journalId,
    isPrivate: false,
  });
  await admin.api.post('/api/prayers', {
    title: 'Secret prayer',
    journal: journalId,
    isPrivate: true,
  });
});
afterAll(async () => {
  await t?.close();
});

const create = async (body: Record<string, unknown> = {}) => {
  const res = await admin.api.post('/api/prayer-groups', {
    name: 'Morning circle',
    description: 'We pray at 6',
    journalId,
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data._id as string;
};

describe('POST /api/prayer-groups', () => {
  it('creates a public group by default with the creator as admin', async () => {
    const res = await admin.api.post('/api/prayer-groups', {
      name: ' Circle ',
      description: ' Daily ',
      journalId,
    });
    expect(res.json().data).toMatchObject({
      name: 'Circle',
      description: 'Daily',
      isPublic: true,
      memberCount: 1,
      membership: 'admin',
      userIsAdmin: true,
      journalTitle: 'Group journal',
    });
  });

  it.each([
    [{ name: '' }, 'Group name is required.'],
    [{ name: 'n'.repeat(51) }, 'Group name cannot exceed 50 characters.'],
    [{ description: '' }, 'Description is required.'],
    [{ description: 'd'.repeat(501) }, 'Description cannot exceed 500 characters.'],
    [{ journalId: undefined }, 'Please select a journal to attach.'],
  ])('rejects %j with "%s"', async (override, message) => {
    const res = await admin.api.post('/api/prayer-groups', {
      name: 'ok',
      description: 'ok',
      journalId,
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses someone else's journal", async () => {
    const res = await other.api.post('/api/prayer-groups', {
      name: 'Mine',
      description: 'x',
      journalId,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Please attach one of your own journals.');
  });
});

describe('membership', () => {
  it('anyone joins a public group and admins are told; a private journal stays unreadable through it', async () => {
    const id = await create();
    expect((await other.api.get(`/api/prayer-groups/${id}`)).json()).toMatchObject({
      membership: 'none',
      journalTitle: null,
    });
    const joined = await other.api.post(`/api/prayer-groups/${id}/join`);
    expect(joined.json().data).toMatchObject({ membership: 'member', memberCount: 2 });
    await other.api.post(`/api/prayer-groups/${id}/join`);
    expect((await other.api.get(`/api/prayer-groups/${id}`)).json().memberCount).toBe(2);
    const note = await t.db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.type, 'group_joined')));
    expect(note.at(-1)!.message).toBe('Oz User joined your prayer group "Morning circle".');
    // The group's journal is private: joining the group is not reading the journal.
    const asMember = (await other.api.get(`/api/prayer-groups/${id}`)).json();
    expect(asMember).toMatchObject({ membership: 'member', journalTitle: null });
    expect(JSON.stringify(asMember)).not.toContain('Group journal');
    expect((await other.api.get(`/api/prayer-groups/${id}/prayers`)).statusCode).toBe(404);
    expect((await other.api.post(`/api/prayer-groups/${id}/leave`)).statusCode).toBe(200);
    expect((await other.api.get(`/api/prayer-groups/${id}`)).json().memberCount).toBe(1);
  });

  it('members of a group around a public journal see its public prayers only', async () => {
    const open = (await admin.api.post('/api/journals', { title: 'Open', isPrivate: false })).json()
      ._id as string;
    for (const isPrivate of [false, true])
      await admin.api.post('/api/prayers', {
        title: `Open ${isPrivate}`,
        journal: open,
        isPrivate,
      });
    const id = await create({ journalId: open });
    await other.api.post(`/api/prayer-groups/${id}/join`);
    expect((await other.api.get(`/api/prayer-groups/${id}`)).json().journalTitle).toBe('Open');
    const prayers = (await other.api.get(`/api/prayer-groups/${id}/prayers`)).json().data;
    expect(prayers.map((p: { title: string }) => p.title)).toEqual(['Open false']);
    await other.api.post(`/api/prayer-groups/${id}/leave`);
  });

  it('a private group is hidden until a friend is invited; the invitee can then join', async () => {
    const id = await create({ isPublic: false, name: 'Inner room' });
    expect((await other.api.get(`/api/prayer-groups/${id}`)).statusCode).toBe(404);
    expect((await friend.api.post(`/api/prayer-groups/${id}/join`)).statusCode).toBe(404);
    const list = (await other.api.get('/api/prayer-groups?search=Inner')).json().data;
    expect(list).toHaveLength(0);
    const bad = await admin.api.post(`/api/prayer-groups/${id}/invite`, { userIds: [other.id] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('You can only share with your friends.');
    expect(
      (await admin.api.post(`/api/prayer-groups/${id}/invite`, { userIds: [friend.id] })).json()
        .message,
    ).toBe('1 friend invited.');
    expect((await friend.api.get(`/api/prayer-groups/${id}`)).json().membership).toBe('invited');
    expect((await friend.api.post(`/api/prayer-groups/${id}/join`)).json().data.membership).toBe(
      'member',
    );
    expect(
      (await friend.api.post(`/api/prayer-groups/${id}/invite`, { userIds: [admin.id] }))
        .statusCode,
    ).toBe(403);
  });

  it("a group's page shows pending invitations to its admins only", async () => {
    const id = await create({ name: 'Invitations' });
    await admin.api.post(`/api/prayer-groups/${id}/invite`, { userIds: [friend.id] });
    expect((await other.api.post(`/api/prayer-groups/${id}/join`)).statusCode).toBe(200);
    const asAdmin = (await admin.api.get(`/api/prayer-groups/${id}`)).json();
    expect(asAdmin.invitations).toEqual([
      expect.objectContaining({ _id: friend.id, invitedAt: expect.any(String) }),
    ]);
    expect(asAdmin.members.map((m: { _id: string }) => m._id)).toEqual([admin.id, other.id]);
    expect((await other.api.get(`/api/prayer-groups/${id}`)).json().invitations).toEqual([]);
    expect((await friend.api.get(`/api/prayer-groups/${id}`)).json().invitations).toEqual([]);
    await friend.api.post(`/api/prayer-groups/${id}/join`);
    expect((await admin.api.get(`/api/prayer-groups/${id}`)).json().invitations).toEqual([]);
  });

  it('admins rename, promote, remove members and delete; members cannot', async () => {
    const id = await create({ name: 'Managed' });
    await friend.api.post(`/api/prayer-groups/${id}/join`);
    await other.api.post(`/api/prayer-groups/${id}/join`);
    expect(
      (await friend.api.put(`/api/prayer-groups/${id}`, { name: 'Mine now' })).statusCode,
    ).toBe(403);
    expect(
      (await friend.api.delete(`/api/prayer-groups/${id}/members/${other.id}`)).statusCode,
    ).toBe(403);
    expect((await friend.api.delete(`/api/prayer-groups/${id}`)).statusCode).toBe(403);
    expect(
      (await admin.api.put(`/api/prayer-groups/${id}`, { name: 'Renamed' })).json().data.name,
    ).toBe('Renamed');
    // An empty update is valid and changes nothing (it was a 500: Drizzle refuses an empty SET).
    const unchanged = await admin.api.put(`/api/prayer-groups/${id}`, {});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().data.name).toBe('Renamed');
    expect(
      (await admin.api.put(`/api/prayer-groups/${id}`, { name: 'n'.repeat(51) })).json().message,
    ).toBe('Group name cannot exceed 50 characters.');
    expect((await admin.api.post(`/api/prayer-groups/${id}/leave`)).json().message).toBe(
      'Make another member an admin before leaving, or delete the group.',
    );
    expect(
      (await admin.api.put(`/api/prayer-groups/${id}/members/${friend.id}`, { role: 'admin' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await friend.api.delete(`/api/prayer-groups/${id}/members/${other.id}`)).statusCode,
    ).toBe(204);
    expect((await other.api.get(`/api/prayer-groups/${id}`)).json().membership).toBe('none');
    expect((await admin.api.post(`/api/prayer-groups/${id}/leave`)).statusCode).toBe(200);
    expect((await friend.api.delete(`/api/prayer-groups/${id}`)).statusCode).toBe(204);
    expect((await friend.api.get(`/api/prayer-groups/${id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/prayer-groups', () => {
  it('lists visible groups with search, my groups, and public groups of friends as suggestions', async () => {
    const [me, pal] = await Promise.all([person(t.app), person(t.app)]);
    await setPlan(t.db, pal.id, 'premium');
    await befriend(me, pal);
    const palJournal = (await pal.api.post('/api/journals', { title: 'Pal journal' })).json()._id;
    const palGroup = (
      await pal.api.post('/api/prayer-groups', {
        name: 'Pal zone',
        description: 'Friends only',
        journalId: palJournal,
      })
    ).json().data._id;
    const mine = (await me.api.get('/api/prayer-groups?scope=mine')).json().data;
    expect(mine).toEqual([]);
    const suggested = (await me.api.get('/api/prayer-groups?scope=suggested')).json().data;
    expect(suggested.map((g: { _id: string }) => g._id)).toContain(palGroup);
    await me.api.post(`/api/prayer-groups/${palGroup}/join`);
    expect(
      (await me.api.get('/api/prayer-groups?scope=mine'))
        .json()
        .data.map((g: { _id: string }) => g._id),
    ).toEqual([palGroup]);
    expect(
      (await me.api.get('/api/prayer-groups?scope=suggested'))
        .json()
        .data.map((g: { _id: string }) => g._id),
    ).not.toContain(palGroup);
    expect(
      (await me.api.get('/api/prayer-groups?search=friends only'))
        .json()
        .data.map((g: { _id: string }) => g._id),
    ).toEqual([palGroup]);
  });
});
