import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { FriendsRepository } from '../../src/modules/friends/friends.repository.ts';
import { bearer } from '../build-test-app.ts';
import type { HttpMethod } from './route-table.ts';
import { ACTORS, type Actor, bystander, friendRequest, paidCheckout, type World } from './world.ts';

/**
 * The authorisation matrix (issue 8, ASVS 8.2.2): one row per route that takes an id and per kind
 * of target, with what each actor gets. The guard in authz-matrix.test.ts fails when a registered
 * route with an id has no row here, or an /api route has no signed-out answer in SIGNED_OUT.
 *
 * Outcomes: '2xx' = allowed; 401 = not signed in; 404 = hidden or not theirs (the same answer as a
 * missing record, decisions §4); 403 = deliberately "you may see it but not do that" (adding a
 * prayer to a journal you can read, group admin actions, sharing a private journal you belong
 * to); 400/409 = allowed to reach the record but the action makes no sense (joining your own
 * journal, befriending a friend).
 */
export type Outcome = '2xx' | 400 | 401 | 403 | 404 | 409;
export type Op = 'read' | 'list' | 'create' | 'update' | 'delete' | 'action';

export interface Override {
  params?: Record<string, string>;
  body?: unknown;
}

export interface MatrixRow {
  method: HttpMethod;
  /** Fastify's pattern, exactly as registered. */
  route: string;
  op: Op;
  /** What the row is about, in words. */
  target: string;
  /** The id under test (a missing-record probe replaces it with `ghost()`, a random uuid). */
  id: (w: World) => string;
  ghost?: () => string;
  /** The answer for a record that does not exist (404 unless said otherwise). */
  missing?: 400 | 404;
  /** Path parameters; by default { id }. */
  params?: (w: World) => Record<string, string>;
  query?: (w: World) => string;
  body?: (w: World, actor: Actor) => unknown;
  expect: Record<Actor, Outcome>;
  /**
   * For allowed cells of a state-changing route: a new record set up like the seeded one, so the
   * seeded world stays as described (undefined: use the seeded record).
   */
  fresh?: (w: World, actor: Actor) => Promise<Override | undefined>;
  /** Field-level checks of an allowed answer for someone other than the owner. */
  inspect?: (body: unknown, w: World, actor: Actor) => void;
  /** The `missing` status here can mean something else too (no missing-record comparison). */
  distinct404?: boolean;
  note?: string;
}

/** A row of outcomes in ACTORS order: owner, member, friendShared, friendNotShared, other, exMember, signedOut. */
function cells(...outcomes: Outcome[]): Record<Actor, Outcome> {
  if (outcomes.length !== ACTORS.length) throw new Error('one outcome per actor');
  return Object.fromEntries(ACTORS.map((a, i) => [a, outcomes[i]!])) as Record<Actor, Outcome>;
}

const OWNER_ONLY = cells('2xx', 404, 404, 404, 404, 404, 401);
const ALL_SIGNED_IN = cells('2xx', '2xx', '2xx', '2xx', '2xx', '2xx', 401);

// --- helpers that make fresh records (through the API as the owner, or the services) -------

const idOf = (res: { statusCode: number; body: string }): string => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  const body = JSON.parse(res.body) as { _id?: string; data?: { _id?: string } };
  return (body._id ?? body.data?._id)!;
};

async function freshJournal(w: World, isPrivate: boolean): Promise<string> {
  return idOf(await w.api.owner.post('/api/journals', { title: 'Fresh journal', isPrivate }));
}

/** A private journal of the owner's, shared with the member (a membership via share). */
async function freshSharedJournal(w: World): Promise<string> {
  const id = await freshJournal(w, true);
  const shared = await w.api.owner.post(`/api/journals/${id}/share`, {
    userIds: [w.people.member.id],
  });
  expect(shared.statusCode).toBe(200);
  return id;
}

/** A well-formed photo address that no photo has. */
const randomAvatarKey = () => randomBytes(24).toString('base64url');

async function freshPrayer(w: World, journal: string, answered = false): Promise<string> {
  const id = idOf(
    await w.api.owner.post('/api/prayers', { journal, title: 'Fresh prayer', isPrivate: false }),
  );
  if (answered) await w.api.owner.put(`/api/prayers/${id}/status`, { isAnswered: true });
  return id;
}

async function freshRequest(w: World, isPrivate: boolean): Promise<string> {
  return idOf(
    await w.api.owner.post('/api/prayer-requests', {
      title: 'Fresh request',
      isPrivate,
      sharedWith: isPrivate ? [w.people.friendShared.id] : [],
    }),
  );
}

/** A group of the owner's, with the given actors invited and the given actors joined. */
async function freshGroup(
  w: World,
  isPublic: boolean,
  invited: Actor[] = [],
  joined: Actor[] = [],
): Promise<string> {
  const journalId = isPublic ? w.ids.publicJournal : w.ids.privateJournal;
  const id = idOf(
    await w.api.owner.post('/api/prayer-groups', {
      name: 'Fresh group',
      description: 'Fresh group',
      journalId,
      isPublic,
    }),
  );
  const ids = [...new Set([...invited, ...joined])].map((a) => w.idOf(a)!);
  if (ids.length > 0)
    expect(
      (await w.api.owner.post(`/api/prayer-groups/${id}/invite`, { userIds: ids })).statusCode,
    ).toBe(200);
  for (const actor of joined)
    expect((await w.api[actor].post(`/api/prayer-groups/${id}/join`)).statusCode).toBe(200);
  return id;
}

async function freshNotification(w: World): Promise<string> {
  const owner = w.people.owner.id;
  await w.app.services.notifications.notify(
    [
      {
        userId: owner,
        actorId: w.people.member.id,
        type: 'friend_request',
        message: 'A fresh notification.',
        link: '/friends',
      },
    ],
    w.db.db,
  );
  const page = await w.app.inject({
    method: 'GET',
    url: '/api/notifications?limit=1',
    headers: bearer(w.api.owner.token!),
  });
  return page.json<{ data: { _id: string }[] }>().data[0]!._id;
}

// --- field-level checks -------------------------------------------------------------------

const text = (body: unknown) => JSON.stringify(body);

/** A reader other than the author never sees the author's private prayers in the answer. */
const noPrivatePrayers = (body: unknown, w: World) => {
  for (const id of [w.ids.privatePrayerInPrivateJournal, w.ids.privatePrayerInPublicJournal])
    expect(text(body), 'a private prayer leaked').not.toContain(id);
};

/** Only the creator sees whom a request is shared with. */
const noSharedWith = (body: unknown) => {
  expect((body as { sharedWith: unknown }).sharedWith).toEqual([]);
};

/** An actor's id, or the owner's for those who are friends of the owner (share bodies). */
const shareWith = (w: World, actor: Actor, ownerTarget: Actor) => ({
  userIds: [w.idOf(actor === 'owner' ? ownerTarget : 'owner')!],
});

// --- the rows -----------------------------------------------------------------------------

//                                         owner   member  fShared fNotSh  other   exMemb  out
export const MATRIX: MatrixRow[] = [
  // Journals ---------------------------------------------------------------------------------
  {
    method: 'GET',
    route: '/api/journals/:id',
    op: 'read',
    target: 'private journal',
    id: (w) => w.ids.privateJournal,
    expect: cells('2xx', '2xx', 404, 404, 404, 404, 401),
    inspect: noPrivatePrayers,
  },
  {
    method: 'GET',
    route: '/api/journals/:id',
    op: 'read',
    target: 'public journal',
    id: (w) => w.ids.publicJournal,
    expect: ALL_SIGNED_IN,
    inspect: noPrivatePrayers,
  },
  {
    method: 'PUT',
    route: '/api/journals/:id',
    op: 'update',
    target: 'private journal',
    id: (w) => w.ids.privateJournal,
    body: (_w, actor) => ({ title: actor === 'owner' ? 'Private journal' : 'Taken over' }),
    expect: OWNER_ONLY,
  },
  {
    method: 'PUT',
    route: '/api/journals/:id',
    op: 'update',
    target: 'public journal (readable by all)',
    id: (w) => w.ids.publicJournal,
    body: (_w, actor) => ({ title: actor === 'owner' ? 'Public journal' : 'Taken over' }),
    expect: OWNER_ONLY,
  },
  {
    method: 'DELETE',
    route: '/api/journals/:id',
    op: 'delete',
    target: 'private journal',
    id: (w) => w.ids.privateJournal,
    expect: OWNER_ONLY,
    fresh: async (w) => ({ params: { id: await freshJournal(w, true) } }),
  },
  {
    method: 'DELETE',
    route: '/api/journals/:id',
    op: 'delete',
    target: 'public journal',
    id: (w) => w.ids.publicJournal,
    expect: OWNER_ONLY,
    fresh: async (w) => ({ params: { id: await freshJournal(w, false) } }),
  },
  {
    method: 'POST',
    route: '/api/journals/:id/join',
    op: 'action',
    target: 'private journal',
    id: (w) => w.ids.privateJournal,
    expect: cells(400, '2xx', 404, 404, 404, 404, 401),
    note: 'the owner is already in it (400); a member joining again is harmless',
  },
  {
    method: 'POST',
    route: '/api/journals/:id/join',
    op: 'action',
    target: 'public journal',
    id: (w) => w.ids.publicJournal,
    expect: cells(400, '2xx', '2xx', '2xx', '2xx', '2xx', 401),
    fresh: async (w, actor) =>
      actor === 'member' ? undefined : { params: { id: await freshJournal(w, false) } },
  },
  {
    method: 'POST',
    route: '/api/journals/:id/share',
    op: 'action',
    target: 'private journal',
    id: (w) => w.ids.privateJournal,
    body: (w, actor) => shareWith(w, actor, 'friendNotShared'),
    expect: cells('2xx', 403, 404, 404, 404, 404, 401),
    fresh: async (w) => ({ params: { id: await freshJournal(w, true) } }),
    note: 'a member may read but not share it (deliberate 403)',
  },
  {
    method: 'POST',
    route: '/api/journals/:id/share',
    op: 'action',
    target: 'public journal',
    id: (w) => w.ids.publicJournal,
    body: (w, actor) => shareWith(w, actor, 'member'),
    expect: cells('2xx', '2xx', '2xx', '2xx', 400, '2xx', 401),
    note: 'any reader may tell their friends; "other" has no friends to tell (400)',
  },

  {
    method: 'GET',
    route: '/api/journals/:id/shares',
    op: 'read',
    target: 'private journal: who it is shared with',
    id: (w) => w.ids.privateJournal,
    expect: OWNER_ONLY,
    note: 'a member reads the journal, not the list of people it was shared with',
  },
  {
    method: 'GET',
    route: '/api/journals/:id/shares',
    op: 'read',
    target: 'public journal: who it is shared with',
    id: (w) => w.ids.publicJournal,
    expect: OWNER_ONLY,
  },
  {
    method: 'DELETE',
    route: '/api/journals/:id/share/:userId',
    op: 'delete',
    target: 'private journal, its share with the member',
    id: (w) => w.ids.privateJournal,
    params: (w) => ({ id: w.ids.privateJournal, userId: w.people.member.id }),
    expect: OWNER_ONLY,
    fresh: async (w) => ({
      params: { id: await freshSharedJournal(w), userId: w.people.member.id },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/journals/:id/members/:userId',
    op: 'delete',
    target: 'private journal, the member (the member’s own id: leaving)',
    id: (w) => w.ids.privateJournal,
    params: (w) => ({ id: w.ids.privateJournal, userId: w.people.member.id }),
    expect: cells('2xx', '2xx', 404, 404, 404, 404, 401),
    fresh: async (w) => ({
      params: { id: await freshSharedJournal(w), userId: w.people.member.id },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/journals/:id/members/:userId',
    op: 'delete',
    target: 'public journal, the member (the member’s own id: leaving)',
    id: (w) => w.ids.publicJournal,
    params: (w) => ({ id: w.ids.publicJournal, userId: w.people.member.id }),
    expect: cells('2xx', '2xx', 404, 404, 404, 404, 401),
    fresh: async (w) => {
      const id = await freshJournal(w, false);
      expect((await w.api.member.post(`/api/journals/${id}/join`)).statusCode).toBe(200);
      return { params: { id, userId: w.people.member.id } };
    },
    distinct404: true,
    note: 'readers of a public journal cannot remove its members: "Member not found."',
  },
  {
    method: 'DELETE',
    route: '/api/journals/:id/members/:userId',
    op: 'delete',
    target: 'private journal, its owner',
    id: (w) => w.ids.privateJournal,
    params: (w) => ({ id: w.ids.privateJournal, userId: w.people.owner.id }),
    expect: cells(400, 404, 404, 404, 404, 404, 401),
    distinct404: true,
    note: 'the owner cannot leave their own journal (400); a member cannot remove the owner',
  },

  {
    method: 'GET',
    route: '/api/journals/:id/export.pdf',
    op: 'read',
    target: 'private journal as a PDF',
    id: (w) => w.ids.privateJournal,
    expect: OWNER_ONLY,
    note: 'the owner only, even for members (a Premium feature of the owner)',
  },
  {
    method: 'GET',
    route: '/api/journals/:id/export.pdf',
    op: 'read',
    target: 'public journal as a PDF',
    id: (w) => w.ids.publicJournal,
    expect: OWNER_ONLY,
  },

  // Prayers ----------------------------------------------------------------------------------
  {
    method: 'GET',
    route: '/api/prayers/:id',
    op: 'read',
    target: 'public prayer in the private journal (shared with friendShared)',
    id: (w) => w.ids.publicPrayerInPrivateJournal,
    expect: cells('2xx', '2xx', '2xx', 404, 404, 404, 401),
  },
  {
    method: 'GET',
    route: '/api/prayers/:id',
    op: 'read',
    target: 'private prayer in the private journal',
    id: (w) => w.ids.privatePrayerInPrivateJournal,
    expect: OWNER_ONLY,
  },
  {
    method: 'GET',
    route: '/api/prayers/:id',
    op: 'read',
    target: 'public prayer in the public journal',
    id: (w) => w.ids.publicPrayerInPublicJournal,
    expect: ALL_SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/prayers/:id',
    op: 'read',
    target: 'private prayer in the public journal',
    id: (w) => w.ids.privatePrayerInPublicJournal,
    expect: OWNER_ONLY,
  },
  {
    method: 'GET',
    route: '/api/prayers',
    op: 'list',
    target: "the private journal's prayers (?journal=)",
    id: (w) => w.ids.privateJournal,
    params: () => ({}),
    query: (w) => `journal=${w.ids.privateJournal}&limit=100`,
    expect: cells('2xx', '2xx', 404, 404, 404, 404, 401),
    inspect: noPrivatePrayers,
  },
  {
    method: 'GET',
    route: '/api/prayers',
    op: 'list',
    target: "the public journal's prayers (?journal=)",
    id: (w) => w.ids.publicJournal,
    params: () => ({}),
    query: (w) => `journal=${w.ids.publicJournal}&limit=100`,
    expect: ALL_SIGNED_IN,
    inspect: noPrivatePrayers,
  },
  {
    method: 'GET',
    route: '/api/prayers/private',
    op: 'list',
    target: "the public journal's private prayers (?journal=), only its owner counts them",
    id: (w) => w.ids.publicJournal,
    params: () => ({}),
    query: (w) => `journal=${w.ids.publicJournal}`,
    expect: OWNER_ONLY,
  },
  {
    method: 'GET',
    route: '/api/prayers/private',
    op: 'list',
    target: "the private journal's private prayers (?journal=)",
    id: (w) => w.ids.privateJournal,
    params: () => ({}),
    query: (w) => `journal=${w.ids.privateJournal}`,
    expect: OWNER_ONLY,
  },
  {
    method: 'POST',
    route: '/api/prayers/visible',
    op: 'update',
    target: 'making prayers of the public journal visible (journal id in the body)',
    id: (w) => w.ids.publicJournal,
    params: () => ({}),
    // An id that is none of its prayers: the owner's call changes nothing in the seeded world.
    body: (w) => ({ journal: w.ids.publicJournal, prayerIds: [w.ids.privateJournal] }),
    expect: OWNER_ONLY,
  },
  {
    method: 'POST',
    route: '/api/prayers',
    op: 'create',
    target: 'a prayer in the private journal (journal id in the body)',
    id: (w) => w.ids.privateJournal,
    params: () => ({}),
    body: (w) => ({ journal: w.ids.privateJournal, title: 'Added prayer' }),
    expect: cells('2xx', 403, 404, 404, 404, 404, 401),
    note: 'a member can read the journal, so 403 "only your own journal" (spec message)',
  },
  {
    method: 'POST',
    route: '/api/prayers',
    op: 'create',
    target: 'a prayer in the public journal (journal id in the body)',
    id: (w) => w.ids.publicJournal,
    params: () => ({}),
    body: (w) => ({ journal: w.ids.publicJournal, title: 'Added prayer' }),
    expect: cells('2xx', 403, 403, 403, 403, 403, 401),
  },
  {
    method: 'PUT',
    route: '/api/prayers/:id',
    op: 'update',
    target: 'public prayer in the private journal (readable by member and friendShared)',
    id: (w) => w.ids.publicPrayerInPrivateJournal,
    body: (_w, actor) => ({ title: actor === 'owner' ? 'Public in private' : 'Taken over' }),
    expect: OWNER_ONLY,
  },
  {
    method: 'PUT',
    route: '/api/prayers/:id',
    op: 'update',
    target: 'public prayer in the public journal',
    id: (w) => w.ids.publicPrayerInPublicJournal,
    body: (_w, actor) => ({
      title: actor === 'owner' ? 'Public in public' : 'Taken over',
      isPrivate: false,
    }),
    expect: OWNER_ONLY,
  },
  {
    method: 'DELETE',
    route: '/api/prayers/:id',
    op: 'delete',
    target: 'public prayer in the private journal',
    id: (w) => w.ids.publicPrayerInPrivateJournal,
    expect: OWNER_ONLY,
    fresh: async (w) => ({ params: { id: await freshPrayer(w, w.ids.privateJournal) } }),
  },
  {
    method: 'DELETE',
    route: '/api/prayers/:id',
    op: 'delete',
    target: 'public prayer in the public journal',
    id: (w) => w.ids.publicPrayerInPublicJournal,
    expect: OWNER_ONLY,
    fresh: async (w) => ({ params: { id: await freshPrayer(w, w.ids.publicJournal) } }),
  },
  {
    method: 'PUT',
    route: '/api/prayers/:id/status',
    op: 'update',
    target: 'public prayer in the public journal',
    id: (w) => w.ids.publicPrayerInPublicJournal,
    body: () => ({ isAnswered: false }),
    expect: OWNER_ONLY,
  },
  {
    method: 'PUT',
    route: '/api/prayers/:id/rhythm',
    op: 'update',
    target: 'public prayer in the public journal',
    id: (w) => w.ids.publicPrayerInPublicJournal,
    body: () => ({ kind: 'none' }),
    expect: OWNER_ONLY,
  },
  {
    method: 'POST',
    route: '/api/prayers/:id/testimony',
    op: 'update',
    target: 'public prayer in the public journal',
    id: (w) => w.ids.publicPrayerInPublicJournal,
    body: () => ({ testimony: 'Thank you' }),
    expect: OWNER_ONLY,
    fresh: async (w) => ({ params: { id: await freshPrayer(w, w.ids.publicJournal, true) } }),
  },
  // The prayer log (issue 20): whoever may read a prayer may pray it and read their log of it;
  // notes are its author's.
  {
    method: 'POST',
    route: '/api/prayers/:id/prayed',
    op: 'action',
    target: 'public prayer in the private journal (shared with friendShared)',
    id: (w) => w.ids.publicPrayerInPrivateJournal,
    expect: cells('2xx', '2xx', '2xx', 404, 404, 404, 401),
  },
  {
    method: 'POST',
    route: '/api/prayers/:id/prayed',
    op: 'action',
    target: 'private prayer in the private journal',
    id: (w) => w.ids.privatePrayerInPrivateJournal,
    expect: OWNER_ONLY,
  },
  {
    method: 'POST',
    route: '/api/prayers/:id/prayed',
    op: 'action',
    target: 'public prayer in the public journal',
    id: (w) => w.ids.publicPrayerInPublicJournal,
    expect: ALL_SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/prayers/:id/log',
    op: 'read',
    target: 'public prayer in the private journal: its timeline',
    id: (w) => w.ids.publicPrayerInPrivateJournal,
    expect: cells('2xx', '2xx', '2xx', 404, 404, 404, 401),
    inspect: (body) => {
      const items = (body as { data: { kind: string }[] }).data;
      expect(items.filter((item) => item.kind === 'note')).toEqual([]);
    },
  },
  {
    method: 'GET',
    route: '/api/prayers/:id/log',
    op: 'read',
    target: 'private prayer in the public journal: its timeline',
    id: (w) => w.ids.privatePrayerInPublicJournal,
    expect: OWNER_ONLY,
  },
  {
    method: 'POST',
    route: '/api/prayers/:id/notes',
    op: 'create',
    target: 'public prayer in the public journal: a note',
    id: (w) => w.ids.publicPrayerInPublicJournal,
    body: () => ({ text: 'A note' }),
    expect: OWNER_ONLY,
    note: 'readers may pray it, but notes are its author’s',
  },
  {
    method: 'POST',
    route: '/api/prayers/:id/notes',
    op: 'create',
    target: 'public prayer in the private journal: a note',
    id: (w) => w.ids.publicPrayerInPrivateJournal,
    body: () => ({ text: 'A note' }),
    expect: OWNER_ONLY,
  },
  {
    method: 'POST',
    route: '/api/prayers/:id/share',
    op: 'action',
    target: 'public prayer in the private journal',
    id: (w) => w.ids.publicPrayerInPrivateJournal,
    body: (w, actor) => shareWith(w, actor, 'friendShared'),
    expect: OWNER_ONLY,
  },
  {
    method: 'GET',
    route: '/api/prayers/:id/shares',
    op: 'read',
    target: 'public prayer in the private journal: who it is shared with',
    id: (w) => w.ids.publicPrayerInPrivateJournal,
    expect: OWNER_ONLY,
    note: 'friendShared reads the prayer, not the list of people it was shared with',
  },
  {
    method: 'DELETE',
    route: '/api/prayers/:id/share/:userId',
    op: 'delete',
    target: 'public prayer in the private journal, its share with friendShared',
    id: (w) => w.ids.publicPrayerInPrivateJournal,
    params: (w) => ({
      id: w.ids.publicPrayerInPrivateJournal,
      userId: w.people.friendShared.id,
    }),
    expect: OWNER_ONLY,
    fresh: async (w) => {
      const id = await freshPrayer(w, w.ids.privateJournal);
      const shared = await w.api.owner.post(`/api/prayers/${id}/share`, {
        userIds: [w.people.friendShared.id],
      });
      expect(shared.statusCode).toBe(200);
      return { params: { id, userId: w.people.friendShared.id } };
    },
  },
  {
    method: 'POST',
    route: '/api/prayers/:id/share',
    op: 'action',
    target: 'private prayer in the private journal',
    id: (w) => w.ids.privatePrayerInPrivateJournal,
    body: (w, actor) => shareWith(w, actor, 'friendShared'),
    expect: cells(400, 404, 404, 404, 404, 404, 401),
    note: 'a private prayer stays with its author: made public first (400)',
  },

  // Prayer requests --------------------------------------------------------------------------
  {
    method: 'GET',
    route: '/api/prayer-requests/:id',
    op: 'read',
    target: 'private request shared with friendShared',
    id: (w) => w.ids.privateRequest,
    expect: cells('2xx', 404, '2xx', 404, 404, 404, 401),
    inspect: noSharedWith,
    note: 'exMember was shared it once, then un-shared: 404 at once',
  },
  {
    method: 'GET',
    route: '/api/prayer-requests/:id',
    op: 'read',
    target: 'public request (the creator’s friends)',
    id: (w) => w.ids.publicRequest,
    expect: cells('2xx', '2xx', '2xx', '2xx', 404, '2xx', 401),
    inspect: noSharedWith,
  },
  {
    method: 'PUT',
    route: '/api/prayer-requests/:id',
    op: 'update',
    target: 'private request',
    id: (w) => w.ids.privateRequest,
    body: (w, actor) =>
      actor === 'owner'
        ? { title: 'Private request' }
        : { title: 'Taken over', sharedWith: [w.idOf(actor) ?? w.people.other.id] },
    expect: OWNER_ONLY,
  },
  {
    method: 'PUT',
    route: '/api/prayer-requests/:id',
    op: 'update',
    target: 'public request',
    id: (w) => w.ids.publicRequest,
    body: (w, actor) =>
      actor === 'owner'
        ? { title: 'Public request' }
        : { title: 'Taken over', isPrivate: true, sharedWith: [] },
    expect: OWNER_ONLY,
  },
  {
    method: 'DELETE',
    route: '/api/prayer-requests/:id',
    op: 'delete',
    target: 'private request',
    id: (w) => w.ids.privateRequest,
    expect: OWNER_ONLY,
    fresh: async (w) => ({ params: { id: await freshRequest(w, true) } }),
  },
  {
    method: 'DELETE',
    route: '/api/prayer-requests/:id',
    op: 'delete',
    target: 'public request',
    id: (w) => w.ids.publicRequest,
    expect: OWNER_ONLY,
    fresh: async (w) => ({ params: { id: await freshRequest(w, false) } }),
  },
  {
    method: 'POST',
    route: '/api/prayer-requests/:id/pray',
    op: 'action',
    target: 'private request',
    id: (w) => w.ids.privateRequest,
    expect: cells(400, 404, '2xx', 404, 404, 404, 401),
    note: 'the creator cannot pray for their own request (400)',
  },
  {
    method: 'POST',
    route: '/api/prayer-requests/:id/pray',
    op: 'action',
    target: 'public request',
    id: (w) => w.ids.publicRequest,
    expect: cells(400, '2xx', '2xx', '2xx', 404, '2xx', 401),
  },
  {
    method: 'DELETE',
    route: '/api/prayer-requests/:id/pray',
    op: 'action',
    target: 'private request',
    id: (w) => w.ids.privateRequest,
    expect: cells('2xx', 404, '2xx', 404, 404, 404, 401),
  },
  {
    method: 'DELETE',
    route: '/api/prayer-requests/:id/pray',
    op: 'action',
    target: 'public request',
    id: (w) => w.ids.publicRequest,
    expect: cells('2xx', '2xx', '2xx', '2xx', 404, '2xx', 401),
  },
  {
    method: 'POST',
    route: '/api/prayer-requests/:id/prayed',
    op: 'action',
    target: 'private request',
    id: (w) => w.ids.privateRequest,
    expect: cells('2xx', 404, '2xx', 404, 404, 404, 401),
    note: 'whoever may read it records a Prayed, its creator too',
  },
  {
    method: 'POST',
    route: '/api/prayer-requests/:id/prayed',
    op: 'action',
    target: 'public request',
    id: (w) => w.ids.publicRequest,
    expect: cells('2xx', '2xx', '2xx', '2xx', 404, '2xx', 401),
  },
  {
    method: 'GET',
    route: '/api/prayer-requests/:id/updates',
    op: 'list',
    target: 'private request shared with friendShared',
    id: (w) => w.ids.privateRequest,
    expect: cells('2xx', 404, '2xx', 404, 404, 404, 401),
  },
  {
    method: 'GET',
    route: '/api/prayer-requests/:id/updates',
    op: 'list',
    target: 'public request (the creator’s friends)',
    id: (w) => w.ids.publicRequest,
    expect: cells('2xx', '2xx', '2xx', '2xx', 404, '2xx', 401),
  },
  {
    method: 'POST',
    route: '/api/prayer-requests/:id/updates',
    op: 'create',
    target: 'private request',
    id: (w) => w.ids.privateRequest,
    body: () => ({ text: 'An update' }),
    expect: OWNER_ONLY,
  },
  {
    method: 'POST',
    route: '/api/prayer-requests/:id/updates',
    op: 'create',
    target: 'public request',
    id: (w) => w.ids.publicRequest,
    body: () => ({ text: 'An update' }),
    expect: OWNER_ONLY,
  },
  {
    method: 'POST',
    route: '/api/prayer-requests/:id/answered',
    op: 'update',
    target: 'private request',
    id: (w) => w.ids.privateRequest,
    body: () => ({ testimony: 'Answered' }),
    expect: OWNER_ONLY,
    fresh: async (w) => ({ params: { id: await freshRequest(w, true) } }),
  },
  {
    method: 'POST',
    route: '/api/prayer-requests/:id/answered',
    op: 'update',
    target: 'public request',
    id: (w) => w.ids.publicRequest,
    body: () => ({ testimony: 'Answered' }),
    expect: OWNER_ONLY,
    fresh: async (w) => ({ params: { id: await freshRequest(w, false) } }),
  },

  // Prayer groups (owner = the group's admin) ------------------------------------------------
  {
    method: 'GET',
    route: '/api/prayer-groups/:id',
    op: 'read',
    target: 'private group (friendShared invited)',
    id: (w) => w.ids.privateGroup,
    expect: cells('2xx', '2xx', '2xx', 404, 404, 404, 401),
    note: 'an invitee sees the group so they can accept; an ex-member does not',
  },
  {
    method: 'GET',
    route: '/api/prayer-groups/:id',
    op: 'read',
    target: 'public group',
    id: (w) => w.ids.publicGroup,
    expect: ALL_SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/prayer-groups/:id/prayers',
    op: 'list',
    target: 'private group',
    id: (w) => w.ids.privateGroup,
    expect: cells('2xx', '2xx', 404, 404, 404, 404, 401),
    inspect: noPrivatePrayers,
    note: 'an invitee sees the group, not its prayers, until they join',
  },
  {
    method: 'GET',
    route: '/api/prayer-groups/:id/prayers',
    op: 'list',
    target: 'public group',
    id: (w) => w.ids.publicGroup,
    expect: ALL_SIGNED_IN,
    inspect: noPrivatePrayers,
  },
  {
    method: 'PUT',
    route: '/api/prayer-groups/:id',
    op: 'update',
    target: 'private group',
    id: (w) => w.ids.privateGroup,
    body: () => ({ name: 'Private group' }),
    expect: cells('2xx', 403, 403, 404, 404, 404, 401),
    note: 'those who can see it get 403 (admin action), the rest 404',
  },
  {
    method: 'PUT',
    route: '/api/prayer-groups/:id',
    op: 'update',
    target: 'public group',
    id: (w) => w.ids.publicGroup,
    body: () => ({ name: 'Public group', isPublic: true }),
    expect: cells('2xx', 403, 403, 403, 403, 403, 401),
  },
  {
    method: 'DELETE',
    route: '/api/prayer-groups/:id',
    op: 'delete',
    target: 'private group',
    id: (w) => w.ids.privateGroup,
    expect: cells('2xx', 403, 403, 404, 404, 404, 401),
    fresh: async (w) => ({ params: { id: await freshGroup(w, false) } }),
  },
  {
    method: 'DELETE',
    route: '/api/prayer-groups/:id',
    op: 'delete',
    target: 'public group',
    id: (w) => w.ids.publicGroup,
    expect: cells('2xx', 403, 403, 403, 403, 403, 401),
    fresh: async (w) => ({ params: { id: await freshGroup(w, true) } }),
  },
  {
    method: 'POST',
    route: '/api/prayer-groups/:id/join',
    op: 'action',
    target: 'private group',
    id: (w) => w.ids.privateGroup,
    expect: cells('2xx', '2xx', '2xx', 404, 404, 404, 401),
    fresh: async (w, actor) =>
      actor === 'friendShared'
        ? { params: { id: await freshGroup(w, false, ['friendShared']) } }
        : undefined,
    note: 'joining again is harmless; an ex-member’s invitation ended when they joined',
  },
  {
    method: 'POST',
    route: '/api/prayer-groups/:id/join',
    op: 'action',
    target: 'public group',
    id: (w) => w.ids.publicGroup,
    expect: ALL_SIGNED_IN,
    fresh: async (w, actor) =>
      actor === 'owner' || actor === 'member'
        ? undefined
        : { params: { id: await freshGroup(w, true) } },
  },
  {
    method: 'POST',
    route: '/api/prayer-groups/:id/leave',
    op: 'action',
    target: 'private group',
    id: (w) => w.ids.privateGroup,
    expect: cells(400, '2xx', 400, 404, 404, 404, 401),
    fresh: async (w) => ({ params: { id: await freshGroup(w, false, [], ['member']) } }),
    note: 'the last admin must hand over first; an invitee is not a member (400)',
  },
  {
    method: 'POST',
    route: '/api/prayer-groups/:id/leave',
    op: 'action',
    target: 'public group',
    id: (w) => w.ids.publicGroup,
    expect: cells(400, '2xx', 400, 400, 400, 400, 401),
    fresh: async (w) => ({ params: { id: await freshGroup(w, true, [], ['member']) } }),
  },
  {
    method: 'POST',
    route: '/api/prayer-groups/:id/invite',
    op: 'action',
    target: 'private group',
    id: (w) => w.ids.privateGroup,
    body: (w, actor) => shareWith(w, actor, 'friendNotShared'),
    expect: cells('2xx', 403, 403, 404, 404, 404, 401),
    fresh: async (w) => ({ params: { id: await freshGroup(w, false) } }),
  },
  {
    method: 'POST',
    route: '/api/prayer-groups/:id/invite',
    op: 'action',
    target: 'public group',
    id: (w) => w.ids.publicGroup,
    body: (w, actor) => shareWith(w, actor, 'friendNotShared'),
    expect: cells('2xx', 403, 403, 403, 403, 403, 401),
    fresh: async (w) => ({ params: { id: await freshGroup(w, true) } }),
  },
  {
    method: 'PUT',
    route: '/api/prayer-groups/:id/members/:userId',
    op: 'update',
    target: 'private group, the member’s role',
    id: (w) => w.ids.privateGroup,
    params: (w) => ({ id: w.ids.privateGroup, userId: w.people.member.id }),
    body: () => ({ role: 'member' }),
    expect: cells('2xx', 403, 403, 404, 404, 404, 401),
  },
  {
    method: 'PUT',
    route: '/api/prayer-groups/:id/members/:userId',
    op: 'update',
    target: 'public group, the member’s role',
    id: (w) => w.ids.publicGroup,
    params: (w) => ({ id: w.ids.publicGroup, userId: w.people.member.id }),
    body: () => ({ role: 'member' }),
    expect: cells('2xx', 403, 403, 403, 403, 403, 401),
  },
  {
    method: 'PUT',
    route: '/api/prayer-groups/:id/members/:userId',
    op: 'update',
    target: 'private group, someone who is not a member',
    id: (w) => w.ids.privateGroup,
    params: (w) => ({ id: w.ids.privateGroup, userId: w.ids.stranger }),
    body: () => ({ role: 'admin' }),
    expect: cells(404, 403, 403, 404, 404, 404, 401),
    distinct404: true,
  },
  {
    method: 'DELETE',
    route: '/api/prayer-groups/:id/members/:userId',
    op: 'delete',
    target: 'private group, the member',
    id: (w) => w.ids.privateGroup,
    params: (w) => ({ id: w.ids.privateGroup, userId: w.people.member.id }),
    expect: cells('2xx', 403, 403, 404, 404, 404, 401),
    fresh: async (w) => ({
      params: { id: await freshGroup(w, false, [], ['member']), userId: w.people.member.id },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/prayer-groups/:id/members/:userId',
    op: 'delete',
    target: 'public group, the member',
    id: (w) => w.ids.publicGroup,
    params: (w) => ({ id: w.ids.publicGroup, userId: w.people.member.id }),
    expect: cells('2xx', 403, 403, 403, 403, 403, 401),
    fresh: async (w) => ({
      params: { id: await freshGroup(w, true, [], ['member']), userId: w.people.member.id },
    }),
  },

  // Friends (the owner's relations) ----------------------------------------------------------
  {
    method: 'POST',
    route: '/api/friends/request/:id',
    op: 'create',
    target: 'a friend request to the owner',
    id: (w) => w.people.owner.id,
    expect: cells(400, 409, 409, 409, '2xx', 409, 401),
    distinct404: true,
    note: 'users are not secret (search finds them); friends get 409, yourself 400',
  },
  {
    method: 'PUT',
    route: '/api/friends/accept/:id',
    op: 'update',
    target: 'a request someone sent the owner',
    id: (w) => w.ids.incomingFriendRequest,
    expect: OWNER_ONLY,
    fresh: async (w) => ({
      params: {
        id: await friendRequest(w.app, await bystander(w.app, 'Asker'), w.people.owner.id),
      },
    }),
  },
  {
    method: 'PUT',
    route: '/api/friends/reject/:id',
    op: 'update',
    target: 'a request someone sent the owner',
    id: (w) => w.ids.incomingFriendRequest,
    expect: OWNER_ONLY,
    fresh: async (w) => ({
      params: {
        id: await friendRequest(w.app, await bystander(w.app, 'Asker'), w.people.owner.id),
      },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/friends/requests/:id',
    op: 'delete',
    target: 'a request the owner sent',
    id: (w) => w.ids.outgoingFriendRequest,
    expect: OWNER_ONLY,
    fresh: async (w) => ({
      params: {
        id: await friendRequest(w.app, w.people.owner.id, await bystander(w.app, 'Askee')),
      },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/friends/requests/:id',
    op: 'delete',
    target: 'a request someone sent the owner (only its sender cancels)',
    id: (w) => w.ids.incomingFriendRequest,
    expect: cells(404, 404, 404, 404, 404, 404, 401),
  },
  {
    method: 'DELETE',
    route: '/api/friends/:id',
    op: 'delete',
    target: 'the owner’s friendship with a bystander',
    id: (w) => w.ids.ownersOtherFriend,
    expect: OWNER_ONLY,
    fresh: async (w) => {
      const friend = await bystander(w.app, 'Pal');
      await new FriendsRepository(w.db.db).addFriendship(w.people.owner.id, friend);
      return { params: { id: friend } };
    },
  },

  // Notifications ----------------------------------------------------------------------------
  {
    method: 'GET',
    route: '/api/notifications/:id',
    op: 'read',
    target: 'the owner’s notification',
    id: (w) => w.ids.notification,
    expect: OWNER_ONLY,
  },
  {
    method: 'PUT',
    route: '/api/notifications/:id/read',
    op: 'update',
    target: 'the owner’s notification',
    id: (w) => w.ids.notification,
    expect: OWNER_ONLY,
  },
  {
    method: 'DELETE',
    route: '/api/notifications/:id',
    op: 'delete',
    target: 'the owner’s notification',
    id: (w) => w.ids.notification,
    expect: OWNER_ONLY,
    fresh: async (w) => ({ params: { id: await freshNotification(w) } }),
  },

  // Payments (the transaction id is in the body) ------------------------------------------------
  {
    method: 'POST',
    route: '/api/subscription/subscribe',
    op: 'update',
    target: 'confirming the owner’s paid transaction',
    id: (w) => w.ids.paidTransaction,
    ghost: () => String(10_000_000 + Math.floor(Math.random() * 1e7)),
    missing: 400,
    params: () => ({}),
    body: (w) => ({ plan: 'premium', transactionId: w.ids.paidTransaction, amount: 4.99 }),
    expect: cells('2xx', 400, 400, 400, 400, 400, 401),
    fresh: async (w) => ({
      body: {
        plan: 'premium',
        transactionId: await paidCheckout(w.app, w.flw, w.api.owner.token!),
        amount: 4.99,
      },
    }),
    note: 'someone else’s payment answers exactly like an unknown one (400, nothing granted)',
  },

  // Profile photos ---------------------------------------------------------------------------
  {
    method: 'GET',
    route: '/api/avatars/:key',
    op: 'read',
    target: 'the owner’s profile photo (profile visible to friends and friends of friends)',
    id: (w) => w.ids.ownerAvatarKey,
    params: (w) => ({ key: w.ids.ownerAvatarKey }),
    ghost: randomAvatarKey,
    expect: cells('2xx', '2xx', '2xx', '2xx', 404, '2xx', 404),
    note: 'only those who may see the profile; signed out: the answer of a missing photo',
  },
];

/** List routes: does the record appear in the actor's list? */
export type Listed = 'shown' | 'hidden' | 401;
export interface ListRow {
  route: string;
  url: string;
  target: string;
  id: (w: World) => string;
  expect: Record<Actor, Listed>;
}

function listed(...outcomes: Listed[]): Record<Actor, Listed> {
  return Object.fromEntries(ACTORS.map((a, i) => [a, outcomes[i]!])) as Record<Actor, Listed>;
}

//                                         owner     member    fShared   fNotSh    other     exMemb    out
export const LISTS: ListRow[] = [
  {
    route: '/api/journals/get',
    url: '/api/journals/get',
    target: 'private journal',
    id: (w) => w.ids.privateJournal,
    expect: listed('shown', 'shown', 'hidden', 'hidden', 'hidden', 'hidden', 401),
  },
  {
    route: '/api/journals/public',
    url: '/api/journals/public?tab=new&limit=50',
    target: 'private journal',
    id: (w) => w.ids.privateJournal,
    expect: listed('hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 401),
  },
  {
    route: '/api/journals/public',
    url: '/api/journals/public?tab=new&limit=50',
    target: 'public journal',
    id: (w) => w.ids.publicJournal,
    expect: listed('shown', 'shown', 'shown', 'shown', 'shown', 'shown', 401),
  },
  {
    route: '/api/prayers/user',
    url: '/api/prayers/user?limit=100',
    target: 'private prayer in the public journal',
    id: (w) => w.ids.privatePrayerInPublicJournal,
    expect: listed('shown', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 401),
  },
  {
    route: '/api/prayer-requests',
    url: '/api/prayer-requests?type=friendRequests&limit=100',
    target: 'private request',
    id: (w) => w.ids.privateRequest,
    expect: listed('hidden', 'hidden', 'shown', 'hidden', 'hidden', 'hidden', 401),
  },
  {
    route: '/api/prayer-requests',
    url: '/api/prayer-requests?type=friendRequests&limit=100',
    target: 'public request',
    id: (w) => w.ids.publicRequest,
    expect: listed('hidden', 'shown', 'shown', 'shown', 'hidden', 'shown', 401),
  },
  {
    route: '/api/prayer-requests',
    url: '/api/prayer-requests?type=myRequests&limit=100',
    target: 'private request',
    id: (w) => w.ids.privateRequest,
    expect: listed('shown', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 401),
  },
  {
    route: '/api/prayer-groups',
    url: '/api/prayer-groups?scope=all&limit=100',
    target: 'private group',
    id: (w) => w.ids.privateGroup,
    expect: listed('shown', 'shown', 'shown', 'hidden', 'hidden', 'hidden', 401),
  },
  {
    route: '/api/notifications',
    url: '/api/notifications?limit=100',
    target: 'the owner’s notification',
    id: (w) => w.ids.notification,
    expect: listed('shown', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 401),
  },
  {
    route: '/api/friends',
    url: '/api/friends',
    target: 'the owner’s friend who is no one else’s',
    id: (w) => w.ids.ownersOtherFriend,
    expect: listed('shown', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 401),
  },
  {
    route: '/api/friends/requests',
    url: '/api/friends/requests?direction=incoming',
    target: 'a request someone sent the owner',
    id: (w) => w.ids.incomingFriendRequest,
    expect: listed('shown', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 401),
  },
];

/**
 * The signed-out column for every /api route without an id: 401, or 'open' for the few routes
 * a visitor needs (they must answer without 401 and without a server error).
 */
export const SIGNED_OUT: Record<string, 401 | 'open'> = {
  'GET /api/health': 'open',
  // Browsers send CSP reports without credentials.
  'POST /api/csp-report': 'open',
  // The service worker sends the digest's push actions without a session: the token authorises.
  'POST /api/pray/digest-actions': 'open',
  'POST /api/auth/register': 'open',
  'POST /api/auth/login': 'open',
  'POST /api/auth/forgot-password': 'open',
  'POST /api/auth/reset-password': 'open',
  'POST /api/auth/exchange': 'open',
  // E-mailed links are opened in whichever browser the mail app picks, signed in or not.
  'POST /api/auth/verify-email': 'open',
  'GET /api/auth/providers': 'open',
  'GET /api/auth/google': 'open',
  'GET /api/auth/google/callback': 'open',
  'GET /api/push/public-key': 'open',
  'GET /api/docs': 'open',
  'GET /api/docs/json': 'open',
  'GET /api/docs/yaml': 'open',
  'GET /api/docs/static/index.html': 'open',
  'GET /api/docs/static/swagger-initializer.js': 'open',
  'GET /api/docs/*': 'open',
  'GET /api/auth/me': 401,
  'POST /api/auth/logout': 401,
  'POST /api/auth/logout-all': 401,
  'POST /api/auth/verify-email/resend': 401,
  'GET /api/journals/get': 401,
  'GET /api/journals/public': 401,
  'GET /api/journals/discover': 401,
  'POST /api/journals': 401,
  'GET /api/prayers': 401,
  'POST /api/prayers': 401,
  'GET /api/prayers/user': 401,
  'GET /api/prayers/user/summary': 401,
  'GET /api/prayers/private': 401,
  'POST /api/prayers/visible': 401,
  'GET /api/stats': 401,
  'GET /api/stats/daily': 401,
  'GET /api/pray/session': 401,
  'GET /api/stats/rhythm': 401,
  'GET /api/friends': 401,
  'GET /api/friends/requests': 401,
  'GET /api/friends/suggestions': 401,
  'POST /api/friends/invite-email': 401,
  'GET /api/friends/invite-link': 401,
  'POST /api/friends/invite-link': 401,
  'GET /api/search/search': 401,
  'GET /api/prayer-requests': 401,
  'POST /api/prayer-requests': 401,
  'GET /api/prayer-groups': 401,
  'POST /api/prayer-groups': 401,
  'GET /api/notifications': 401,
  'GET /api/notifications/stream': 401,
  'GET /api/notifications/preferences': 401,
  'PUT /api/notifications/preferences': 401,
  'GET /api/notifications/reminder': 401,
  'PUT /api/notifications/reminder': 401,
  'PUT /api/notifications/read-all': 401,
  'POST /api/push/subscriptions': 401,
  'DELETE /api/push/subscriptions': 401,
  'GET /api/users/me/settings': 401,
  'PUT /api/users/me/profile': 401,
  'PUT /api/users/me/email': 401,
  'PUT /api/users/me/privacy': 401,
  'PUT /api/users/me/appearance': 401,
  'PUT /api/users/me/avatar': 401,
  'DELETE /api/users/me/avatar': 401,
  'GET /api/users/me/export': 401,
  'POST /api/users/me/clear': 401,
  'DELETE /api/users/me': 401,
  'GET /api/subscription': 401,
  'GET /api/subscription/pricing': 401,
  'POST /api/subscription/checkout': 401,
  'POST /api/subscription/subscribe': 401,
  'POST /api/subscription/webhook': 401,
  'GET /api/admin/payments': 401,
};

/**
 * Routes only operators reach (`users.role` 'admin', granted by `npm run admin`, ADR 041).
 * Every signed-in actor of the world is an ordinary user and gets exactly the 404 of a route
 * that does not exist; an admin gets the answer. Signed out: 401 (SIGNED_OUT).
 */
export const ADMIN_ONLY: string[] = ['GET /api/admin/payments'];
