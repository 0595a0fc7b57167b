import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DbHandle } from '../../src/db/client.ts';
import { users } from '../../src/db/schema/index.ts';
import { FriendsRepository } from '../../src/modules/friends/friends.repository.ts';
import { type Api, apiAs } from '../api.ts';
import { bearer } from '../build-test-app.ts';
import type { FakeFlutterwave } from '../fake-flutterwave.ts';
import { befriend, person, type Person } from '../people.ts';

/** The actors of the authorisation matrix (issue 8). */
export const ACTORS = [
  'owner',
  'member',
  'friendShared',
  'friendNotShared',
  'other',
  'exMember',
  'signedOut',
] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, 'signedOut'>;

/**
 * Who the actors are in the seeded world:
 * - owner (Olivia): owns every journal, prayer, request, group and notification below.
 * - member (Mark): her friend; member of both journals and both groups.
 * - friendShared (Faith): her friend; the private request and the public prayer of the private
 *   journal are shared with her; she is invited to (not a member of) the private group.
 * - friendNotShared (Fred): her friend; nothing is shared with him.
 * - other (Uma): signed in, no relation to anyone.
 * - exMember (Xavier): her friend; was a member of both journals and both groups and was shared
 *   the private request, then left the groups, was removed from the journals and un-shared.
 * - signedOut: no token at all.
 */
export const ACTOR_NAMES: Record<SignedInActor, string> = {
  owner: 'Olivia',
  member: 'Mark',
  friendShared: 'Faith',
  friendNotShared: 'Fred',
  other: 'Uma',
  exMember: 'Xavier',
};

export interface WorldIds {
  privateJournal: string;
  publicJournal: string;
  /** A public prayer in the private journal, shared with friendShared. */
  publicPrayerInPrivateJournal: string;
  privatePrayerInPrivateJournal: string;
  publicPrayerInPublicJournal: string;
  privatePrayerInPublicJournal: string;
  /** Shared with friendShared (and once with exMember, then un-shared). */
  privateRequest: string;
  publicRequest: string;
  publicGroup: string;
  privateGroup: string;
  notification: string;
  /** A pending friend request from a bystander to the owner. */
  incomingFriendRequest: string;
  /** A pending friend request from the owner to a bystander. */
  outgoingFriendRequest: string;
  /** A bystander who is the owner's friend only (the target of "remove friend"). */
  ownersOtherFriend: string;
  /** A bystander with no relation to anyone. */
  stranger: string;
  /** A successful Flutterwave transaction for the owner's checkout, not yet confirmed. */
  paidTransaction: string;
  /** The key in the address of the owner's profile photo. */
  ownerAvatarKey: string;
}

export interface World {
  app: FastifyInstance;
  db: DbHandle;
  people: Record<SignedInActor, Person>;
  api: Record<Actor, Api>;
  flw: FakeFlutterwave;
  ids: WorldIds;
  /** The user id an actor stands for (signedOut has none). */
  idOf: (actor: Actor) => string | undefined;
}

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

function created(res: { statusCode: number; body: string }, what: string): string {
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
  const body = JSON.parse(res.body) as { _id?: string; data?: { _id?: string } };
  const id = body._id ?? body.data?._id;
  if (!id) throw new Error(`${what}: no id in ${res.body}`);
  return id;
}

function ok(res: { statusCode: number; body: string }, what: string): void {
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
}

/** A user row made directly (no password, no session): a bystander in someone else's story. */
export async function bystander(app: FastifyInstance, name = 'Bystander'): Promise<string> {
  const row = await app.services.users.create({
    email: `${name.toLowerCase()}.${randomUUID()}@example.test`,
    firstName: name,
    lastName: 'Test',
    passwordHash: null,
    emailVerified: true,
  });
  return row.id;
}

/** Puts every user on the Ministry plan for a year, so plan limits never decide a cell. */
export async function unlimitedPlans(db: DbHandle): Promise<void> {
  await db.db
    .update(users)
    .set({ plan: 'ministry', planExpiresAt: new Date(Date.now() + 365 * 24 * 3600 * 1000) });
}

/** A checkout by `api`'s user, paid at the fake Flutterwave: the transaction id. */
export async function paidCheckout(
  app: FastifyInstance,
  flw: FakeFlutterwave,
  token: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/subscription/checkout',
    headers: bearer(token),
    payload: { plan: 'premium' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { txRef, amount, currency } = res.json<{
    txRef: string;
    amount: number;
    currency: string;
  }>();
  return flw.pay({ tx_ref: txRef, amount, currency, status: 'successful' });
}

/**
 * Seeds the world once: people, friendships, journals, prayers, requests, groups, notifications
 * and a paid checkout (the app must point FLUTTERWAVE_API_URL at `flw`).
 */
export async function seedWorld(
  app: FastifyInstance,
  db: DbHandle,
  flw: FakeFlutterwave,
): Promise<World> {
  const people = {} as Record<SignedInActor, Person>;
  for (const actor of Object.keys(ACTOR_NAMES) as SignedInActor[]) {
    people[actor] = await person(app, ACTOR_NAMES[actor]);
  }
  await unlimitedPlans(db);
  const { owner, member, friendShared, friendNotShared, exMember } = people;
  for (const friend of [member, friendShared, friendNotShared, exMember])
    await befriend(owner, friend);
  const o = owner.api;

  const privateJournal = created(
    await o.post('/api/journals', { title: 'Private journal', isPrivate: true }),
    'private journal',
  );
  const publicJournal = created(
    await o.post('/api/journals', { title: 'Public journal', isPrivate: false }),
    'public journal',
  );
  const prayer = async (journal: string, title: string, isPrivate: boolean) =>
    created(await o.post('/api/prayers', { journal, title, isPrivate }), title);
  const publicPrayerInPrivateJournal = await prayer(privateJournal, 'Public in private', false);
  const privatePrayerInPrivateJournal = await prayer(privateJournal, 'Private in private', true);
  const publicPrayerInPublicJournal = await prayer(publicJournal, 'Public in public', false);
  const privatePrayerInPublicJournal = await prayer(publicJournal, 'Private in public', true);

  // Members: Mark and Xavier are made members of the private journal by sharing, and join the
  // public one. Then the owner removes Xavier from the private journal and he leaves the other.
  ok(
    await o.post(`/api/journals/${privateJournal}/share`, { userIds: [member.id, exMember.id] }),
    'share private journal',
  );
  ok(await member.api.post(`/api/journals/${publicJournal}/join`), 'member joins');
  ok(await exMember.api.post(`/api/journals/${publicJournal}/join`), 'ex-member joins');
  ok(
    await o.delete(`/api/journals/${privateJournal}/members/${exMember.id}`),
    'the owner removes the ex-member',
  );
  ok(
    await exMember.api.delete(`/api/journals/${publicJournal}/members/${exMember.id}`),
    'the ex-member leaves',
  );
  ok(
    await o.post(`/api/prayers/${publicPrayerInPrivateJournal}/share`, {
      userIds: [friendShared.id],
    }),
    'share prayer',
  );

  const privateRequest = created(
    await o.post('/api/prayer-requests', {
      title: 'Private request',
      isPrivate: true,
      sharedWith: [friendShared.id, exMember.id],
    }),
    'private request',
  );
  ok(
    await o.put(`/api/prayer-requests/${privateRequest}`, { sharedWith: [friendShared.id] }),
    'un-share the private request from the ex-member',
  );
  const publicRequest = created(
    await o.post('/api/prayer-requests', { title: 'Public request', isPrivate: false }),
    'public request',
  );

  const group = async (name: string, journalId: string, isPublic: boolean) =>
    created(
      await o.post('/api/prayer-groups', { name, description: name, journalId, isPublic }),
      name,
    );
  const publicGroup = await group('Public group', publicJournal, true);
  const privateGroup = await group('Private group', privateJournal, false);
  ok(
    await o.post(`/api/prayer-groups/${privateGroup}/invite`, {
      userIds: [member.id, exMember.id, friendShared.id],
    }),
    'invite to the private group',
  );
  for (const g of [publicGroup, privateGroup]) {
    ok(await member.api.post(`/api/prayer-groups/${g}/join`), 'member joins group');
    ok(await exMember.api.post(`/api/prayer-groups/${g}/join`), 'ex-member joins group');
    ok(await exMember.api.post(`/api/prayer-groups/${g}/leave`), 'ex-member leaves group');
  }

  const notes = (await o.get('/api/notifications')).json<{ data: { _id: string }[] }>().data;
  const notification = notes[0]?._id;
  if (!notification) throw new Error('the owner has no notification');

  const ownersOtherFriend = await bystander(app, 'Pat');
  await new FriendsRepository(db.db).addFriendship(owner.id, ownersOtherFriend);
  const incomingFriendRequest = await friendRequest(app, await bystander(app, 'Quinn'), owner.id);
  const outgoingFriendRequest = await friendRequest(app, owner.id, await bystander(app, 'Rae'));
  const stranger = await bystander(app, 'Sam');
  const paidTransaction = await paidCheckout(app, flw, o.token!);

  const avatar = await app.inject({
    method: 'PUT',
    url: '/api/users/me/avatar',
    headers: { ...bearer(o.token!), 'content-type': 'image/png' },
    payload: PNG,
  });
  ok(avatar, 'avatar');
  const ownerAvatarKey = avatar.json<{ profilePicture: string }>().profilePicture.split('/').pop()!;

  const api = {
    ...Object.fromEntries(Object.entries(people).map(([k, p]) => [k, p.api])),
    signedOut: apiAs(app, null),
  } as Record<Actor, Api>;
  return {
    app,
    db,
    people,
    api,
    flw,
    ids: {
      privateJournal,
      publicJournal,
      publicPrayerInPrivateJournal,
      privatePrayerInPrivateJournal,
      publicPrayerInPublicJournal,
      privatePrayerInPublicJournal,
      privateRequest,
      publicRequest,
      publicGroup,
      privateGroup,
      notification,
      incomingFriendRequest,
      outgoingFriendRequest,
      ownersOtherFriend,
      stranger,
      paidTransaction,
      ownerAvatarKey,
    },
    idOf: (actor) => (actor === 'signedOut' ? undefined : people[actor].id),
  };
}

/** A pending friend request from one user to another, made through the service. */
export async function friendRequest(
  app: FastifyInstance,
  from: string,
  to: string,
): Promise<string> {
  const sender = await app.services.users.findById(from);
  if (!sender) throw new Error('no sender');
  await app.services.friends.sendRequest(sender, to);
  const outgoing = await app.services.friends.requests(sender, 'outgoing');
  const pending = outgoing.find((r) => r.recipient._id === to);
  if (!pending) throw new Error('no pending request');
  return pending._id;
}

/** Row counts and change marks of every table a request could write, in one query. */
export async function fingerprint(db: DbHandle): Promise<Record<string, unknown>> {
  const result: unknown = await db.db.execute(sql`select
    (select count(*) from users) as users,
    (select md5(coalesce(string_agg(concat_ws('|', id, email, email_verified, password_hash,
      first_name, last_name, username, role, profile_picture, bio, language, plan,
      plan_expires_at, settings::text, notification_preferences::text, reminder_time), ','
      order by id), '')) from users) as users_digest,
    (select count(*) from sessions where revoked_at is null) as live_sessions,
    (select count(*) from journals) as journals,
    (select coalesce(sum(member_count + prayer_count + answered_count), 0) from journals) as journal_counters,
    (select max(updated_at) from journals) as journals_updated,
    (select count(*) from journal_members) as journal_members,
    (select count(*) from prayers) as prayers,
    (select max(updated_at) from prayers) as prayers_updated,
    (select count(*) from prayer_shares) as prayer_shares,
    (select count(*) from prayer_testimonies) as testimonies,
    (select count(*) from prayer_activity) as prayer_activity,
    (select count(*) from prayer_requests) as requests,
    (select max(updated_at) from prayer_requests) as requests_updated,
    (select count(*) from prayer_request_shares) as request_shares,
    (select count(*) from prayer_request_responses) as request_responses,
    (select count(*) from prayer_groups) as groups,
    (select max(updated_at) from prayer_groups) as groups_updated,
    (select count(*) from prayer_group_members) as group_members,
    (select count(*) filter (where role = 'admin') from prayer_group_members) as group_admins,
    (select count(*) from prayer_group_invites) as group_invites,
    (select count(*) from friendships) as friendships,
    (select count(*) filter (where status = 'pending') from friend_requests) as pending_requests,
    (select count(*) from friend_requests) as friend_requests,
    (select count(*) from friend_invites) as friend_invites,
    (select count(*) from notifications) as notifications,
    (select count(*) filter (where read) from notifications) as notifications_read,
    (select count(*) from mail_outbox) as mail,
    (select count(*) from push_subscriptions) as push_subscriptions,
    (select count(*) from user_avatars) as avatars,
    (select count(*) from auth_tokens) as auth_tokens,
    (select count(*) from payments) as payments`);
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  const row = (rows[0] ?? {}) as Record<string, unknown>;
  // node-postgres answers counts as strings, PGlite as numbers; dates as Date or string.
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k,
      v instanceof Date ? v.toISOString() : v === null ? null : String(v as string | number),
    ]),
  );
}
