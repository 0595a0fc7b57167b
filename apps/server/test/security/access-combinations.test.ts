import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from '../api.ts';
import { bearer, buildTestApp, type TestApp } from '../build-test-app.ts';
import { befriend, person, type Person } from '../people.ts';
import { setPlan } from '../plans.ts';
import { PNG } from './world.ts';

/**
 * Issue 18 §1: the access policy where features meet, generated over combinations rather than
 * written module by module. Each describe block builds its worlds through the API and checks
 * every surface against an oracle written here from the rules of decisions §4 and the issue
 * (not from the policy's code): a group on a private journal, a share then an unfriend, a member
 * who leaves or is removed, and every profile visibility on every surface that shows a person.
 */
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const anonymous = () => apiAs(t.app, null);
const json = <T = Record<string, unknown>>(res: { body: string }) => JSON.parse(res.body) as T;
const ok = (res: { statusCode: number; body: string }, what: string) => {
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
  return res;
};
const idOf = (res: { statusCode: number; body: string }, what: string): string => {
  const body = json<{ _id?: string; data?: { _id?: string } }>(ok(res, what));
  return (body._id ?? body.data?._id)!;
};
const PUBLIC = { friendRequests: 'everyone', journalInvites: 'friends' } as const;
const setVisibility = async (p: Person, profileVisibility: 'public' | 'friends' | 'private') =>
  ok(await p.api.put('/api/users/me/privacy', { ...PUBLIC, profileVisibility }), 'privacy');

// --- 1. Group x journal privacy x who is asking ----------------------------------------------

const ROLES = ['owner', 'journalMember', 'groupMember', 'friend', 'stranger', 'signedOut'] as const;
type Role = (typeof ROLES)[number];

interface GroupWorld {
  journalPrivate: boolean;
  groupPublic: boolean;
  journal: string;
  journalTitle: string;
  publicPrayer: string;
  publicPrayerTitle: string;
  privatePrayer: string;
  privatePrayerTitle: string;
  group: string;
  api: Record<Role, Api>;
}

async function groupWorld(journalPrivate: boolean, groupPublic: boolean): Promise<GroupWorld> {
  const n = ++seq;
  const [owner, journalMember, groupMember, friend, stranger] = await Promise.all(
    ['Owen', 'Jane', 'Greg', 'Fran', 'Stan'].map((name) => person(t.app, name)),
  );
  await setPlan(t.db, owner!.id, 'premium');
  for (const p of [journalMember!, groupMember!, friend!]) await befriend(owner!, p);
  const o = owner!.api;
  const journalTitle = `Journal ${n} ${journalPrivate ? 'private' : 'public'}`;
  const journal = idOf(
    await o.post('/api/journals', { title: journalTitle, isPrivate: journalPrivate }),
    'journal',
  );
  const publicPrayerTitle = `Open words ${n}`;
  const privatePrayerTitle = `Hidden words ${n}`;
  const publicPrayer = idOf(
    await o.post('/api/prayers', { journal, title: publicPrayerTitle, isPrivate: false }),
    'public prayer',
  );
  const privatePrayer = idOf(
    await o.post('/api/prayers', { journal, title: privatePrayerTitle, isPrivate: true }),
    'private prayer',
  );
  if (journalPrivate)
    ok(await o.post(`/api/journals/${journal}/share`, { userIds: [journalMember!.id] }), 'share');
  else ok(await journalMember!.api.post(`/api/journals/${journal}/join`), 'join journal');
  const group = idOf(
    await o.post('/api/prayer-groups', {
      name: `Group ${n}`,
      description: 'Praying together',
      journalId: journal,
      isPublic: groupPublic,
    }),
    'group',
  );
  if (!groupPublic)
    ok(
      await o.post(`/api/prayer-groups/${group}/invite`, { userIds: [groupMember!.id] }),
      'invite',
    );
  ok(await groupMember!.api.post(`/api/prayer-groups/${group}/join`), 'join group');
  return {
    journalPrivate,
    groupPublic,
    journal,
    journalTitle,
    publicPrayer,
    publicPrayerTitle,
    privatePrayer,
    privatePrayerTitle,
    group,
    api: {
      owner: owner!.api,
      journalMember: journalMember!.api,
      groupMember: groupMember!.api,
      friend: friend!.api,
      stranger: stranger!.api,
      signedOut: anonymous(),
    },
  };
}

/** The oracle: decisions §4 plus issue 18 §1 ("groups follow their journal's rules"). */
const oracle = {
  readsJournal: (w: GroupWorld, r: Role) =>
    r === 'owner' || r === 'journalMember' || (!w.journalPrivate && r !== 'signedOut'),
  belongsToJournal: (r: Role) => r === 'owner' || r === 'journalMember',
  seesGroup: (w: GroupWorld, r: Role) =>
    r === 'owner' || r === 'groupMember' || (w.groupPublic && r !== 'signedOut'),
  readsGroupPrayers: (w: GroupWorld, r: Role) =>
    oracle.readsJournal(w, r) &&
    oracle.seesGroup(w, r) &&
    (w.groupPublic || r === 'owner' || r === 'groupMember'),
};

describe.each([
  [true, true],
  [true, false],
  [false, true],
  [false, false],
])('a %s journal x a %s group', (journalPrivate, groupPublic) => {
  const label = `${journalPrivate ? 'private' : 'public'} journal, ${groupPublic ? 'public' : 'private'} group`;
  let w: GroupWorld;
  beforeAll(async () => {
    w = await groupWorld(journalPrivate, groupPublic);
  }, 60_000);

  it.each(ROLES)(
    `${label}: %s gets exactly what the rules allow on every surface`,
    async (role) => {
      const api = w.api[role];
      const wrong: string[] = [];
      const check = (what: string, got: unknown, expected: unknown) => {
        if (JSON.stringify(got) !== JSON.stringify(expected))
          wrong.push(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
      };
      const status = async (url: string) => (await api.get(url)).statusCode;
      const denied = role === 'signedOut' ? 401 : 404;

      const reads = oracle.readsJournal(w, role);
      check('GET journal', await status(`/api/journals/${w.journal}`), reads ? 200 : denied);
      check(
        'GET journal prayers',
        await status(`/api/prayers?journal=${w.journal}`),
        reads ? 200 : denied,
      );
      check(
        'GET public prayer',
        await status(`/api/prayers/${w.publicPrayer}`),
        reads ? 200 : denied,
      );
      check(
        'GET private prayer',
        await status(`/api/prayers/${w.privatePrayer}`),
        role === 'owner' ? 200 : denied,
      );
      check(
        'GET export',
        await status(`/api/journals/${w.journal}/export.pdf`),
        role === 'owner' ? 200 : denied,
      );

      const sees = oracle.seesGroup(w, role);
      const detail = await api.get(`/api/prayer-groups/${w.group}`);
      check('GET group', detail.statusCode, sees ? 200 : denied);
      if (sees) {
        check(
          'group journal title',
          json<{ journalTitle: string | null }>(detail).journalTitle,
          reads ? w.journalTitle : null,
        );
        if (!reads)
          check('journal title in group detail', detail.body.includes(w.journalTitle), false);
      }
      const prayers = await api.get(`/api/prayer-groups/${w.group}/prayers`);
      const readsGroupPrayers = oracle.readsGroupPrayers(w, role);
      check('GET group prayers', prayers.statusCode, readsGroupPrayers ? 200 : denied);
      if (readsGroupPrayers)
        check(
          'group prayers',
          json<{ data: { title: string }[] }>(prayers).data.map((p) => p.title),
          [w.publicPrayerTitle],
        );

      if (role !== 'signedOut') {
        const groups = await api.get('/api/prayer-groups?scope=all&limit=100');
        check('group listed', groups.body.includes(w.group), sees);
        check('journal title in group list', groups.body.includes(w.journalTitle), sees && reads);
        const mine = await api.get('/api/journals/get');
        check(
          'journal in my journals',
          mine.body.includes(w.journal),
          oracle.belongsToJournal(role),
        );
        const discover = await api.get('/api/journals/public?tab=new&limit=50');
        check('journal in discover', discover.body.includes(w.journal), !w.journalPrivate);
        for (const url of [
          `/api/journals/${w.journal}`,
          `/api/prayers?journal=${w.journal}`,
          `/api/prayer-groups/${w.group}`,
          `/api/prayer-groups/${w.group}/prayers`,
          '/api/prayer-groups?scope=all&limit=100',
        ]) {
          const body = (await api.get(url)).body;
          if (role !== 'owner' && body.includes(w.privatePrayerTitle))
            wrong.push(`${url} shows the private prayer`);
          if (!reads && body.includes(w.publicPrayerTitle))
            wrong.push(`${url} shows a prayer of a journal they may not read`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});

describe('managing a group around a journal', () => {
  it('only the journal owner changes visibility; no admin demotes or removes the creator; the owner always deletes', async () => {
    const [owner, admin, member] = await Promise.all(
      ['Olga', 'Adam', 'Mia'].map((name) => person(t.app, name)),
    );
    await setPlan(t.db, owner!.id, 'premium');
    await befriend(owner!, admin!);
    await befriend(owner!, member!);
    const journal = idOf(await owner!.api.post('/api/journals', { title: 'Managed' }), 'journal');
    const group = idOf(
      await owner!.api.post('/api/prayer-groups', {
        name: 'Managed group',
        description: 'x',
        journalId: journal,
        isPublic: false,
      }),
      'group',
    );
    ok(
      await owner!.api.post(`/api/prayer-groups/${group}/invite`, {
        userIds: [admin!.id, member!.id],
      }),
      'invite',
    );
    ok(await admin!.api.post(`/api/prayer-groups/${group}/join`), 'admin joins');
    ok(await member!.api.post(`/api/prayer-groups/${group}/join`), 'member joins');
    ok(
      await owner!.api.put(`/api/prayer-groups/${group}/members/${admin!.id}`, { role: 'admin' }),
      'promote',
    );

    const makePublic = await admin!.api.put(`/api/prayer-groups/${group}`, { isPublic: true });
    expect(makePublic.statusCode).toBe(403);
    expect(json<{ message: string }>(makePublic).message).toBe(
      "Only the journal's owner can change who can see this group.",
    );
    expect(
      (await admin!.api.put(`/api/prayer-groups/${group}`, { name: 'Renamed' })).statusCode,
    ).toBe(200);
    const demote = await admin!.api.put(`/api/prayer-groups/${group}/members/${owner!.id}`, {
      role: 'member',
    });
    expect(demote.statusCode).toBe(403);
    expect(
      (await admin!.api.delete(`/api/prayer-groups/${group}/members/${owner!.id}`)).statusCode,
    ).toBe(403);
    // The creator still may change others, and the owner leaves admin duties to the other admin.
    expect(
      (await admin!.api.delete(`/api/prayer-groups/${group}/members/${member!.id}`)).statusCode,
    ).toBe(204);
    ok(
      await owner!.api.put(`/api/prayer-groups/${group}/members/${owner!.id}`, { role: 'member' }),
      'the creator steps down',
    );
    ok(await owner!.api.put(`/api/prayer-groups/${group}`, { isPublic: true }), 'owner: public');
    ok(await owner!.api.post(`/api/prayer-groups/${group}/leave`), 'owner leaves');
    // Out of the group, the journal's owner still decides its visibility and may delete it.
    ok(await owner!.api.put(`/api/prayer-groups/${group}`, { isPublic: false }), 'owner: private');
    expect((await owner!.api.delete(`/api/prayer-groups/${group}`)).statusCode).toBe(204);
    expect((await admin!.api.get(`/api/prayer-groups/${group}`)).statusCode).toBe(404);
  });
});

// --- 2. Share, then take it back: un-share, unfriend, leave, removed -------------------------

interface ShareWorld {
  owner: Person;
  friend: Person;
  journal: string;
  journalTitle: string;
  prayer: string;
  prayerJournal: string;
  request: string;
  group: string;
}

/** The owner shares everything a friendship allows with one friend. */
async function shareEverything(): Promise<ShareWorld> {
  const n = ++seq;
  const [owner, friend] = await Promise.all([person(t.app, 'Sharer'), person(t.app, 'Sharee')]);
  await setPlan(t.db, owner.id, 'premium');
  await befriend(owner, friend);
  const o = owner.api;
  const journalTitle = `Shared journal ${n}`;
  const journal = idOf(await o.post('/api/journals', { title: journalTitle }), 'journal');
  ok(await o.post(`/api/journals/${journal}/share`, { userIds: [friend.id] }), 'share journal');
  const prayerJournal = idOf(await o.post('/api/journals', { title: `Other ${n}` }), 'journal 2');
  const prayer = idOf(
    await o.post('/api/prayers', {
      journal: prayerJournal,
      title: 'Shared prayer',
      isPrivate: false,
    }),
    'prayer',
  );
  ok(await o.post(`/api/prayers/${prayer}/share`, { userIds: [friend.id] }), 'share prayer');
  const request = idOf(
    await o.post('/api/prayer-requests', {
      title: `Shared request ${n}`,
      isPrivate: true,
      sharedWith: [friend.id],
    }),
    'request',
  );
  const group = idOf(
    await o.post('/api/prayer-groups', {
      name: `Invited group ${n}`,
      description: 'x',
      journalId: prayerJournal,
      isPublic: false,
    }),
    'group',
  );
  ok(await o.post(`/api/prayer-groups/${group}/invite`, { userIds: [friend.id] }), 'invite');
  return { owner, friend, journal, journalTitle, prayer, prayerJournal, request, group };
}

const statuses = async (api: Api, s: ShareWorld) => ({
  journal: (await api.get(`/api/journals/${s.journal}`)).statusCode,
  prayer: (await api.get(`/api/prayers/${s.prayer}`)).statusCode,
  request: (await api.get(`/api/prayer-requests/${s.request}`)).statusCode,
  group: (await api.get(`/api/prayer-groups/${s.group}`)).statusCode,
  journalListed: (await api.get('/api/journals/get')).body.includes(s.journal),
  requestListed: (
    await api.get('/api/prayer-requests?type=friendRequests&limit=100')
  ).body.includes(s.request),
  groupListed: (await api.get('/api/prayer-groups?scope=all&limit=100')).body.includes(s.group),
});
const EVERYTHING = {
  journal: 200,
  prayer: 200,
  request: 200,
  group: 200,
  journalListed: true,
  requestListed: true,
  groupListed: true,
};
const NOTHING = {
  journal: 404,
  prayer: 404,
  request: 404,
  group: 404,
  journalListed: false,
  requestListed: false,
  groupListed: false,
};

describe('a share, then the friendship ends', () => {
  it.each(['the owner', 'the friend'])(
    'when %s unfriends, everything the friendship gave ends on the next request, and stays ended',
    async (who) => {
      const s = await shareEverything();
      expect(await statuses(s.friend.api, s)).toEqual(EVERYTHING);
      // The friend's notifications link to what was shared, while it is shared.
      const links = () =>
        s.friend.api
          .get('/api/notifications?limit=100')
          .then((r) => json<{ data: { link: string | null; message: string }[] }>(r).data);
      expect((await links()).map((n) => n.link)).toEqual(
        expect.arrayContaining([`/journal/${s.journal}`, `/prayer/${s.prayer}`]),
      );

      const [by, other] = who === 'the owner' ? [s.owner, s.friend] : [s.friend, s.owner];
      expect((await by.api.delete(`/api/friends/${other.id}`)).statusCode).toBe(204);
      expect(await statuses(s.friend.api, s)).toEqual(NOTHING);
      const after = await links();
      expect(after.map((n) => n.link)).not.toContain(`/journal/${s.journal}`);
      expect(after.map((n) => n.link)).not.toContain(`/prayer/${s.prayer}`);
      const journal = (await s.owner.api.get(`/api/journals/${s.journal}`)).json();
      expect(journal.memberCount).toBe(1);

      // Friends again: nothing comes back by itself.
      await befriend(s.owner, s.friend);
      expect(await statuses(s.friend.api, s)).toEqual(NOTHING);
      expect(
        (await s.owner.api.get(`/api/prayer-requests/${s.request}`)).json().sharedWith,
      ).toEqual([]);
    },
  );

  it('a membership the member joined themselves (a public journal) stays', async () => {
    const [owner, friend] = await Promise.all([person(t.app, 'Pub'), person(t.app, 'Lic')]);
    await befriend(owner, friend);
    const journal = idOf(
      await owner.api.post('/api/journals', { title: 'Open house', isPrivate: false }),
      'journal',
    );
    ok(await friend.api.post(`/api/journals/${journal}/join`), 'join');
    expect((await owner.api.delete(`/api/friends/${friend.id}`)).statusCode).toBe(204);
    expect((await friend.api.get('/api/journals/get')).body).toContain(journal);
  });
});

describe('a share, then the owner takes it back', () => {
  it('un-sharing a journal or a prayer ends that access at once; the shares list says who has it', async () => {
    const s = await shareEverything();
    const journalShares = (await s.owner.api.get(`/api/journals/${s.journal}/shares`)).json().data;
    expect(journalShares.map((p: { _id: string }) => p._id)).toEqual([s.friend.id]);
    const prayerShares = (await s.owner.api.get(`/api/prayers/${s.prayer}/shares`)).json().data;
    expect(prayerShares.map((p: { _id: string }) => p._id)).toEqual([s.friend.id]);

    expect(
      (await s.owner.api.delete(`/api/journals/${s.journal}/share/${s.friend.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await s.owner.api.delete(`/api/prayers/${s.prayer}/share/${s.friend.id}`)).statusCode,
    ).toBe(204);
    const now = await statuses(s.friend.api, s);
    expect(now).toMatchObject({ journal: 404, prayer: 404, journalListed: false });
    expect((await s.owner.api.get(`/api/journals/${s.journal}/shares`)).json().data).toEqual([]);
    // Taking back what is not shared answers like anything missing.
    const again = await s.owner.api.delete(`/api/journals/${s.journal}/share/${s.friend.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Share not found.');
    expect(
      (await s.owner.api.delete(`/api/prayers/${s.prayer}/share/${s.friend.id}`)).statusCode,
    ).toBe(404);
    // Nobody else may take a share back, nor see who it was shared with.
    expect(
      (await s.friend.api.delete(`/api/prayers/${s.prayer}/share/${s.friend.id}`)).statusCode,
    ).toBe(404);
  });

  it('a shared prayer shows its journal title only to readers of that journal', async () => {
    const s = await shareEverything();
    const prayer = (await s.friend.api.get(`/api/prayers/${s.prayer}`)).json();
    expect(prayer.journalTitle).toBeNull();
    expect((await s.owner.api.get(`/api/prayers/${s.prayer}`)).json().journalTitle).toMatch(
      /^Other /,
    );
  });
});

describe('a member who leaves or is removed', () => {
  it.each([
    ['leaves', true],
    ['is removed by the owner', false],
  ])('a member who %s loses a private journal at once', async (_how, leaves) => {
    const s = await shareEverything();
    const url = `/api/journals/${s.journal}/members/${s.friend.id}`;
    expect((await (leaves ? s.friend : s.owner).api.delete(url)).statusCode).toBe(204);
    expect(await statuses(s.friend.api, s)).toMatchObject({ journal: 404, journalListed: false });
    const journal = (await s.owner.api.get(`/api/journals/${s.journal}`)).json();
    expect(journal.memberCount).toBe(1);
    expect(journal.members.map((m: { userId: string }) => m.userId)).toEqual([s.owner.id]);
    expect((await s.friend.api.delete(url)).statusCode).toBe(404);
  });

  it('the owner cannot leave; a member cannot remove anyone else', async () => {
    const s = await shareEverything();
    const third = await person(t.app, 'Third');
    await befriend(s.owner, third);
    ok(
      await s.owner.api.post(`/api/journals/${s.journal}/share`, { userIds: [third.id] }),
      'share',
    );
    const own = await s.owner.api.delete(`/api/journals/${s.journal}/members/${s.owner.id}`);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(
      'You own this journal, so you cannot leave it. Delete it instead if you no longer need it.',
    );
    const other = await s.friend.api.delete(`/api/journals/${s.journal}/members/${third.id}`);
    expect(other.statusCode).toBe(404);
    expect((await third.api.get(`/api/journals/${s.journal}`)).statusCode).toBe(200);
  });

  it('a member who leaves a group around a private journal never read it through the group', async () => {
    const s = await shareEverything();
    ok(await s.friend.api.post(`/api/prayer-groups/${s.group}/join`), 'join');
    expect((await s.friend.api.get(`/api/prayer-groups/${s.group}/prayers`)).statusCode).toBe(404);
    ok(await s.friend.api.post(`/api/prayer-groups/${s.group}/leave`), 'leave');
    expect((await s.friend.api.get(`/api/prayer-groups/${s.group}`)).statusCode).toBe(404);
  });
});

// --- 3. Profile visibility on every surface that shows a person -------------------------------

const VISIBILITIES = ['public', 'friends', 'private'] as const;
const RELATIONS = ['friend', 'friendOfFriend', 'stranger', 'askedByThem', 'askedByViewer'] as const;
type Relation = (typeof RELATIONS)[number];

/** The oracle for profiles: decisions §4, issue 18 §5 and ADR 038. */
const seesProfile = (visibility: (typeof VISIBILITIES)[number], relation: Relation) =>
  relation === 'friend' ||
  relation === 'askedByThem' ||
  visibility === 'public' ||
  (visibility === 'friends' && relation === 'friendOfFriend');

describe.each(VISIBILITIES)('a %s profile', (visibility) => {
  /** The person whose profile is looked at, and one viewer per relation. */
  let subject: Person;
  let subjectEmail: string;
  let subjectUsername: string;
  let avatarUrl: string;
  let publicJournal: string;
  let group: string;
  const viewers = {} as Record<Relation, Person>;

  beforeAll(async () => {
    const n = ++seq;
    subject = await person(t.app, `Zed${n}`);
    subjectEmail = subject.email;
    const [friend, mutual, fof, stranger, askedByThem, askedByViewer, admin] = await Promise.all(
      ['Fay', 'Mut', 'Fof', 'Str', 'Ask', 'Asked', 'Adm'].map((name) =>
        person(t.app, `${name}${n}`),
      ),
    );
    Object.assign(viewers, {
      friend,
      friendOfFriend: fof,
      stranger,
      askedByThem,
      askedByViewer,
    });
    await befriend(subject, friend!);
    await befriend(subject, mutual!);
    await befriend(mutual!, fof!);
    // A pending request each way: the subject asked one viewer; another viewer asked the subject.
    expect((await subject.api.post(`/api/friends/request/${askedByThem!.id}`)).statusCode).toBe(
      201,
    );
    expect((await askedByViewer!.api.post(`/api/friends/request/${subject.id}`)).statusCode).toBe(
      201,
    );
    await setVisibility(subject, visibility);
    subjectUsername = (await subject.api.get('/api/auth/me')).json().username as string;
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/avatar',
      headers: { ...bearer(subject.api.token!), 'content-type': 'image/png' },
      payload: PNG,
    });
    avatarUrl = json<{ profilePicture: string }>(ok(upload, 'avatar')).profilePicture;

    // Surfaces: a public journal the subject owns and every viewer joins (member list, owner
    // name, and "journal mates" for suggestions); a public group of an admin's that everyone
    // joins. (No friendship is added here: it would change the relations under test.)
    publicJournal = idOf(
      await subject.api.post('/api/journals', {
        title: `Zed's open journal ${n}`,
        isPrivate: false,
      }),
      'journal',
    );
    await setPlan(t.db, admin!.id, 'premium');
    const adminJournal = idOf(
      await admin!.api.post('/api/journals', { title: `Admin ${n}`, isPrivate: false }),
      'admin journal',
    );
    group = idOf(
      await admin!.api.post('/api/prayer-groups', {
        name: `Circle ${n}`,
        description: 'x',
        journalId: adminJournal,
        isPublic: true,
      }),
      'group',
    );
    ok(await subject.api.post(`/api/prayer-groups/${group}/join`), 'subject joins group');
    for (const relation of RELATIONS) {
      const v = viewers[relation];
      ok(await v.api.post(`/api/journals/${publicJournal}/join`), 'viewer joins journal');
      ok(await v.api.post(`/api/prayer-groups/${group}/join`), 'viewer joins group');
    }
  }, 120_000);

  it.each(RELATIONS)(`a %s sees the person exactly where the rules allow`, async (relation) => {
    const viewer = viewers[relation];
    const expected = seesProfile(visibility, relation);
    const wrong: string[] = [];
    const check = (surface: string, got: boolean, want = expected) => {
      if (got !== want) wrong.push(`${surface}: expected ${want ? 'shown' : 'hidden'}`);
    };
    const shows = (body: string) => body.includes(subject.id) || body.includes(`Zed`);

    const byName = await viewer.api.get(`/api/search/search?q=${encodeURIComponent('Zed')}`);
    check('search by name', byName.body.includes(subject.id));
    const byEmail = await viewer.api.get(
      `/api/search/search?q=${encodeURIComponent(subjectEmail)}`,
    );
    check('search by exact e-mail', byEmail.body.includes(subject.id), true);
    const part = subjectEmail.slice(0, subjectEmail.indexOf('@') - 2);
    const byPart = await viewer.api.get(`/api/search/search?q=${encodeURIComponent(part)}`);
    check('search by part of the e-mail', byPart.body.includes(subject.id), false);
    if (subjectUsername) {
      const byHandle = await viewer.api.get(
        `/api/search/search?q=${encodeURIComponent(subjectUsername)}`,
      );
      check(
        'search by exact username',
        byHandle.body.includes(subject.id),
        expected || visibility !== 'private',
      );
    }

    if (relation !== 'friend' && relation !== 'askedByViewer' && relation !== 'askedByThem') {
      const suggestions = await viewer.api.get('/api/friends/suggestions');
      check('suggestions', suggestions.body.includes(subject.id));
    }

    const journal = (await viewer.api.get(`/api/journals/${publicJournal}`)).json();
    check(
      'journal member list',
      journal.members.some((m: { userId: string }) => m.userId === subject.id),
      // Members of a journal always see its owner.
      true,
    );
    check('journal owner name', journal.ownerName !== '', true);
    const groupDetail = (await viewer.api.get(`/api/prayer-groups/${group}`)).json();
    check(
      'group member list',
      groupDetail.members.some((m: { _id: string }) => m._id === subject.id),
    );

    const photo = await viewer.api.get(avatarUrl);
    check('profile photo', photo.statusCode === 200);

    if (relation === 'askedByViewer') {
      const outgoing = (await viewer.api.get('/api/friends/requests?direction=outgoing')).body;
      check('my outgoing request names them', outgoing.includes(`Zed`));
    }
    if (relation === 'askedByThem') {
      const incoming = (await viewer.api.get('/api/friends/requests')).body;
      check('a request they sent me names them', shows(incoming), true);
    }
    expect(wrong).toEqual([]);
  });

  it('a stranger who is not in any shared place never learns the name or photo', async () => {
    const outsider = await person(t.app, 'Outsider');
    // Lists never carry an owner's name; the journal's page names them by the profile rule.
    const discover = await outsider.api.get('/api/journals/public?tab=new&limit=50');
    expect(discover.body).toContain(publicJournal);
    expect(discover.body).not.toContain('ownerName');
    const journal = (await outsider.api.get(`/api/journals/${publicJournal}`)).json();
    expect(Boolean(journal.ownerName)).toBe(visibility === 'public');
    expect(journal.members.some((m: { userId: string }) => m.userId === subject.id)).toBe(
      visibility === 'public',
    );
    expect((await outsider.api.get(avatarUrl)).statusCode).toBe(
      visibility === 'public' ? 200 : 404,
    );
    expect((await anonymous().get(avatarUrl)).statusCode).toBe(404);
  });

  it('people praying for a request: another friend of the requester sees them by the same rule', async () => {
    // Everyone who may see a request is the creator's friend, so a praying person is at least a
    // friend of a friend of every other reader: only a private profile hides them there.
    const [creator, reader] = await Promise.all([person(t.app, 'Creo'), person(t.app, 'Reader')]);
    await befriend(creator, subject);
    await befriend(creator, reader);
    const request = idOf(
      await creator.api.post('/api/prayer-requests', { title: 'Pray with us', isPrivate: false }),
      'request',
    );
    ok(await subject.api.post(`/api/prayer-requests/${request}/pray`), 'subject prays');
    const asReader = (await reader.api.get(`/api/prayer-requests/${request}`)).json();
    expect(asReader.prayingCount).toBe(1);
    expect(asReader.respondedUsers.some((r: { _id: string }) => r._id === subject.id)).toBe(
      visibility !== 'private',
    );
    const asCreator = (await creator.api.get(`/api/prayer-requests/${request}`)).json();
    expect(asCreator.respondedUsers.map((r: { _id: string }) => r._id)).toEqual([subject.id]);
    // The reader's own "I'm Praying" answer names them, and the subject by the same rule.
    const prayed = (await reader.api.post(`/api/prayer-requests/${request}/pray`)).json().request;
    expect(prayed.prayingCount).toBe(2);
    expect(prayed.respondedUsers.some((r: { _id: string }) => r._id === subject.id)).toBe(
      visibility !== 'private',
    );
  });
});

// --- 4. Counts and lists of people praying follow access --------------------------------------

interface PrayingSeen {
  status: number;
  count: number;
  listed: string[];
  week: number;
}

/**
 * What `api` is shown of the people praying for `request`, on the detail and in its list (both
 * must agree): "N people praying", the people listed and "prayed N times this week".
 */
async function prayingAsSeenBy(api: Api, request: string, tab: string): Promise<PrayingSeen> {
  const res = await api.get(`/api/prayer-requests/${request}`);
  if (res.statusCode !== 200) return { status: res.statusCode, count: 0, listed: [], week: 0 };
  type Seen = {
    _id: string;
    prayingCount: number;
    respondedUsers: { _id: string }[];
    prayedThisWeek: number;
  };
  const of = (r: Seen) => ({
    status: 200,
    count: r.prayingCount,
    listed: r.respondedUsers.map((u) => u._id).sort(),
    week: r.prayedThisWeek,
  });
  const detail = of(json<Seen>(res));
  const page = json<{ data: Seen[] }>(
    ok(await api.get(`/api/prayer-requests?type=${tab}&limit=100`), 'list'),
  );
  const listed = page.data.find((r) => r._id === request);
  expect(listed && of(listed), 'the list shows what the detail shows').toEqual(detail);
  return detail;
}

const seen = (ids: Person[], week = ids.length): PrayingSeen => ({
  status: 200,
  count: ids.length,
  listed: ids.map((p) => p.id).sort(),
  week,
});
const GONE: PrayingSeen = { status: 404, count: 0, listed: [], week: 0 };

/** A requester and two friends of theirs (not friends of each other) who commit and pray. */
async function prayingCircle(isPrivate: boolean) {
  const [owner, a, b] = await Promise.all(
    ['Hannah', 'Anna', 'Bea'].map((name) => person(t.app, name)),
  );
  await befriend(owner!, a!);
  await befriend(owner!, b!);
  const request = idOf(
    await owner!.api.post('/api/prayer-requests', {
      title: `Pray for us ${++seq}`,
      isPrivate,
      sharedWith: isPrivate ? [a!.id, b!.id] : [],
    }),
    'request',
  );
  for (const p of [a!, b!]) {
    ok(await p.api.post(`/api/prayer-requests/${request}/pray`, { cadence: 'daily7' }), 'commit');
    ok(await p.api.post(`/api/prayer-requests/${request}/prayed`), 'prayed');
  }
  return { owner: owner!, a: a!, b: b!, request };
}

describe('who is praying counts only people who may still read the request', () => {
  it('a private request shared with two: un-sharing one, then unfriending the other, takes each out of every count and list, for the owner and for the other', async () => {
    const { owner, a, b, request } = await prayingCircle(true);
    expect(await prayingAsSeenBy(owner.api, request, 'myRequests')).toEqual(seen([a, b]));
    expect(await prayingAsSeenBy(b.api, request, 'friendRequests')).toEqual(seen([a, b]));

    ok(await owner.api.put(`/api/prayer-requests/${request}`, { sharedWith: [b.id] }), 'un-share');
    expect(await prayingAsSeenBy(a.api, request, 'friendRequests')).toEqual(GONE);
    expect(await prayingAsSeenBy(owner.api, request, 'myRequests')).toEqual(seen([b]));
    expect(await prayingAsSeenBy(b.api, request, 'friendRequests')).toEqual(seen([b]));

    expect((await owner.api.delete(`/api/friends/${b.id}`)).statusCode).toBe(204);
    expect(await prayingAsSeenBy(b.api, request, 'friendRequests')).toEqual(GONE);
    expect(await prayingAsSeenBy(owner.api, request, 'myRequests')).toEqual(seen([]));
  });

  it.each(['the owner', 'the intercessor'])(
    'a public request: when %s ends the friendship, the intercessor is no longer counted or listed',
    async (who) => {
      const { owner, a, b, request } = await prayingCircle(false);
      expect(await prayingAsSeenBy(b.api, request, 'friendRequests')).toEqual(seen([a, b]));
      const [by, other] = who === 'the owner' ? [owner, a] : [a, owner];
      expect((await by.api.delete(`/api/friends/${other.id}`)).statusCode).toBe(204);
      expect(await prayingAsSeenBy(owner.api, request, 'myRequests')).toEqual(seen([b]));
      expect(await prayingAsSeenBy(b.api, request, 'friendRequests')).toEqual(seen([b]));
      // An update reaches only those who may read it.
      ok(
        await owner.api.post(`/api/prayer-requests/${request}/updates`, { text: 'News' }),
        'update',
      );
      const told = async (p: Person) =>
        (await p.api.get('/api/notifications?limit=100')).body.includes('posted an update');
      expect([await told(a), await told(b)]).toEqual([false, true]);
    },
  );
});
