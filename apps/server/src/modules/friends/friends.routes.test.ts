import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendInvites, notifications, users } from '../../db/schema/index.ts';
import {
  buildTestApp,
  randomIp,
  signUp,
  STRONG_PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../../../test/build-test-app.ts';
import { type Api, apiAs } from '../../../test/api.ts';

interface Person {
  id: string;
  email: string;
  api: Api;
}

let t: TestApp;
let smtp: SMTPServer;
const inbox: { to: string; subject: string; text: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push({
            to: String(mail.to && 'text' in mail.to ? mail.to.text : ''),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  const port = await new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => {
      const address = smtp.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function person(firstName = 'Pat'): Promise<Person> {
  const u = await signUp(t.app, { firstName });
  return { id: u.userId, email: u.email, api: apiAs(t.app, u.token) };
}

async function befriend(a: Person, b: Person): Promise<void> {
  expect((await a.api.post(`/api/friends/request/${b.id}`)).statusCode).toBe(201);
  const [request] = (await b.api.get('/api/friends/requests')).json().data;
  expect((await b.api.put(`/api/friends/accept/${request._id}`)).statusCode).toBe(200);
}

describe('friend requests', () => {
  it('send, list, accept; both see each other as friends; the requester is notified', async () => {
    const [ann, ben] = await Promise.all([person('Ann'), person('Ben')]);
    const sent = await ann.api.post(`/api/friends/request/${ben.id}`);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe('Friend request sent!');
    const incoming = (await ben.api.get('/api/friends/requests')).json().data;
    expect(incoming).toEqual([
      expect.objectContaining({
        requester: expect.objectContaining({ _id: ann.id, firstName: 'Ann', email: ann.email }),
      }),
    ]);
    const outgoing = (await ann.api.get('/api/friends/requests?direction=outgoing')).json().data;
    expect(outgoing).toHaveLength(1);
    expect((await ann.api.put(`/api/friends/accept/${incoming[0]._id}`)).statusCode).toBe(404); // not the recipient
    expect((await ben.api.put(`/api/friends/accept/${incoming[0]._id}`)).json().message).toBe(
      'Friend request accepted!',
    );
    const annFriends = (await ann.api.get('/api/friends')).json().data;
    expect(annFriends).toEqual([
      expect.objectContaining({
        _id: ben.id,
        firstName: 'Ben',
        email: ben.email,
        mutualJournals: 0,
      }),
    ]);
    expect(
      (await ben.api.get('/api/friends')).json().data.map((f: { _id: string }) => f._id),
    ).toEqual([ann.id]);
    const kinds = await t.db.db
      .select({ type: notifications.type, userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.actorId, ben.id));
    expect(kinds).toContainEqual({ type: 'friend_accepted', userId: ann.id });
  });

  it('refuses yourself, duplicates, friends and unknown users with clear errors', async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const self = await a.api.post(`/api/friends/request/${a.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe("You can't send a friend request to yourself.");
    await a.api.post(`/api/friends/request/${b.id}`);
    const dup = await a.api.post(`/api/friends/request/${b.id}`);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A friend request is already pending.');
    // The other direction accepts the waiting request instead of making a second one.
    const reverse = await b.api.post(`/api/friends/request/${a.id}`);
    expect(reverse.statusCode).toBe(200);
    expect(reverse.json().message).toBe('Friend request accepted!');
    const again = await a.api.post(`/api/friends/request/${b.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are already friends.');
    expect(
      (await a.api.post('/api/friends/request/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await a.api.post('/api/friends/request/not-an-id')).statusCode).toBe(400);
  });

  it('reject and cancel only by the right person; remove ends the friendship both ways', async () => {
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    await a.api.post(`/api/friends/request/${b.id}`);
    const [req] = (await b.api.get('/api/friends/requests')).json().data;
    expect((await c.api.put(`/api/friends/reject/${req._id}`)).statusCode).toBe(404);
    expect((await a.api.put(`/api/friends/reject/${req._id}`)).statusCode).toBe(404);
    expect((await b.api.put(`/api/friends/reject/${req._id}`)).json().message).toBe(
      'Friend request rejected.',
    );
    expect((await b.api.put(`/api/friends/accept/${req._id}`)).statusCode).toBe(409);

    await a.api.post(`/api/friends/request/${c.id}`);
    const [out] = (await a.api.get('/api/friends/requests?direction=outgoing')).json().data;
    expect((await c.api.delete(`/api/friends/requests/${out._id}`)).statusCode).toBe(404);
    expect((await a.api.delete(`/api/friends/requests/${out._id}`)).statusCode).toBe(204);
    expect((await c.api.get('/api/friends/requests')).json().data).toHaveLength(0);

    await befriend(a, c);
    expect((await c.api.delete(`/api/friends/${a.id}`)).statusCode).toBe(204);
    expect((await a.api.get('/api/friends')).json().data).toHaveLength(0);
    expect((await c.api.delete(`/api/friends/${a.id}`)).statusCode).toBe(404);
  });

  it('limits friend requests to 30 per hour per user', async () => {
    const sender = await person();
    const targets = await Promise.all(Array.from({ length: 31 }, () => person()));
    for (const target of targets.slice(0, 30)) {
      expect((await sender.api.post(`/api/friends/request/${target.id}`)).statusCode).toBe(201);
    }
    const limited = await sender.api.post(`/api/friends/request/${targets[30]!.id}`);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  }, 60_000);
});

describe('search, suggestions and online', () => {
  it('finds a name ignoring case and accents ("Sade" finds "Ṣadé"), still only where the profile is visible', async () => {
    const [me, friend, sade] = await Promise.all([person(), person(), person('Ṣadé')]);
    const search = async (q: string) =>
      (await me.api.get(`/api/search/search?q=${encodeURIComponent(q)}&type=users`))
        .json()
        .data.map((found: { _id: string }) => found._id);
    // Not yet a friend of a friend: the default privacy keeps the name from strangers.
    expect(await search('Sade')).toEqual([]);
    await befriend(me, friend);
    await befriend(friend, sade);
    expect(await search('Sade')).toEqual([sade.id]);
    expect(await search('ṣADE')).toEqual([sade.id]);
  });

  it('finds users by name, username or e-mail, masking addresses unless typed exactly', async () => {
    const [me, target] = await Promise.all([person(), person('Zebulon')]);
    const privacy = {
      profileVisibility: 'public',
      friendRequests: 'everyone',
      journalInvites: 'friends',
    };
    expect((await target.api.put('/api/users/me/privacy', privacy)).statusCode).toBe(200);
    const byName = (await me.api.get('/api/search/search?q=zebulon&type=users')).json().data;
    expect(byName).toEqual([expect.objectContaining({ _id: target.id, relation: 'none' })]);
    expect(byName[0].email).toMatch(/^.•••@example\.test$/);
    const exact = (
      await me.api.get(
        `/api/search/search?q=${encodeURIComponent(target.email.toUpperCase())}&type=users`,
      )
    ).json().data;
    expect(exact[0]).toMatchObject({ _id: target.id, email: target.email });
    const [row] = await t.db.db.select().from(users).where(eq(users.id, target.id));
    expect((await me.api.get(`/api/search/search?q=${row!.username}`)).json().data[0]._id).toBe(
      target.id,
    );
    expect((await me.api.get('/api/search/search?q=')).statusCode).toBe(400);
    // Never yourself.
    const [mine] = await t.db.db.select().from(users).where(eq(users.id, me.id));
    expect(
      (await me.api.get(`/api/search/search?q=${mine!.username}`))
        .json()
        .data.map((u: { _id: string }) => u._id),
    ).not.toContain(me.id);
  });

  it('honours profile visibility and who may send friend requests', async () => {
    const [me, shy, hidden] = await Promise.all([person(), person('Quentin'), person('Xavier')]);
    const set = (p: Person, profileVisibility: string, friendRequests = 'everyone') =>
      p.api.put('/api/users/me/privacy', {
        profileVisibility,
        friendRequests,
        journalInvites: 'friends',
      });
    await set(hidden, 'private', 'off');
    // Friends-only (the default): not found by name by a stranger, found by exact e-mail.
    expect((await me.api.get('/api/search/search?q=quentin')).json().data).toEqual([]);
    expect((await me.api.get(`/api/search/search?q=${shy.email}`)).json().data[0]._id).toBe(shy.id);
    // Private: only the exact e-mail finds it; and it takes no friend requests.
    expect((await me.api.get('/api/search/search?q=xavier')).json().data).toEqual([]);
    expect((await me.api.get(`/api/search/search?q=${hidden.email}`)).json().data[0]._id).toBe(
      hidden.id,
    );
    const refused = await me.api.post(`/api/friends/request/${hidden.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This person is not accepting friend requests.');
    // Friends of friends only.
    await set(shy, 'friends', 'friends_of_friends');
    expect((await me.api.post(`/api/friends/request/${shy.id}`)).statusCode).toBe(403);
    const mutual = await person();
    await befriend(me, mutual);
    await befriend(shy, mutual);
    expect((await me.api.post(`/api/friends/request/${shy.id}`)).statusCode).toBe(201);
  });

  it('suggests friends of friends with real mutual-friend counts, and journal mates', async () => {
    const [me, f1, f2, fof, mate] = await Promise.all([
      person(),
      person(),
      person(),
      person('Fofa'),
      person('Mate'),
    ]);
    await befriend(me, f1);
    await befriend(me, f2);
    await befriend(f1, fof);
    await befriend(f2, fof);
    const journal = (
      await mate.api.post('/api/journals', { title: 'Open', isPrivate: false })
    ).json()._id;
    await me.api.post(`/api/journals/${journal}/join`);
    // A journal mate is suggested only when their profile is visible: public here.
    const hidden = (await me.api.get('/api/friends/suggestions')).json().data;
    expect(hidden.map((s: { _id: string }) => s._id)).not.toContain(mate.id);
    await mate.api.put('/api/users/me/privacy', {
      profileVisibility: 'public',
      friendRequests: 'everyone',
      journalInvites: 'friends',
    });
    const suggestions = (await me.api.get('/api/friends/suggestions')).json().data;
    expect(suggestions[0]).toMatchObject({ _id: fof.id, mutualFriends: 2 });
    expect(suggestions).toContainEqual(expect.objectContaining({ _id: mate.id, mutualFriends: 0 }));
    expect(suggestions.map((s: { _id: string }) => s._id)).not.toContain(f1.id);
    // Friends see the journals they share.
    await befriend(me, mate);
    const friends = (await me.api.get('/api/friends')).json().data;
    expect(friends.find((f: { _id: string }) => f._id === mate.id).mutualJournals).toBe(1);
  });

  it("shows the viewer's relation to each person found or suggested: request sent or received, friend", async () => {
    const [me, asked, asker, fof] = await Promise.all([
      person(),
      person(),
      person(),
      person('Relata'),
    ]);
    const relationOf = async (viewer: Person, target: Person, url: string) =>
      (await viewer.api.get(url)).json().data.find((u: { _id: string }) => u._id === target.id)
        ?.relation;
    const search = (p: Person) => `/api/search/search?q=${encodeURIComponent(p.email)}`;
    expect((await me.api.post(`/api/friends/request/${asked.id}`)).statusCode).toBe(201);
    expect((await asker.api.post(`/api/friends/request/${me.id}`)).statusCode).toBe(201);
    expect(await relationOf(me, asked, search(asked))).toBe('request_sent');
    expect(await relationOf(me, asker, search(asker))).toBe('request_received');
    expect(await relationOf(asked, me, search(me))).toBe('request_received');
    // A friend of a friend asked for: suggested, with the request shown.
    await befriend(asker, fof);
    const [request] = (await me.api.get('/api/friends/requests')).json().data;
    expect((await me.api.put(`/api/friends/accept/${request._id}`)).statusCode).toBe(200);
    expect(await relationOf(me, asker, search(asker))).toBe('friend');
    expect(await relationOf(me, fof, '/api/friends/suggestions')).toBe('none');
    expect((await fof.api.post(`/api/friends/request/${me.id}`)).statusCode).toBe(201);
    expect(await relationOf(me, fof, '/api/friends/suggestions')).toBe('request_received');
    expect(await relationOf(fof, me, search(me))).toBe('request_sent');
  });

  it('records activity at most once a minute for the Online tab', async () => {
    const [a, b] = await Promise.all([person(), person()]);
    await befriend(a, b);
    const friend = (await a.api.get('/api/friends')).json().data[0];
    expect(Date.now() - Date.parse(friend.lastActive)).toBeLessThan(60_000);
    const [before] = await t.db.db.select().from(users).where(eq(users.id, b.id));
    await b.api.get('/api/auth/me');
    const [after] = await t.db.db.select().from(users).where(eq(users.id, b.id));
    expect(after!.lastActiveAt!.getTime()).toBe(before!.lastActiveAt!.getTime());
  });
});

describe('invitations', () => {
  it('e-mails a sign-up link through SMTP; whoever signs up with it finds the friend request waiting', async () => {
    const inviter = await person('Iris');
    const email = uniqueEmail('invitee');
    const res = await inviter.api.post('/api/friends/invite-email', { recipientEmail: email });
    expect(res.json().message).toBe('Invitation sent!');
    await t.app.services.mailWorker.drain();
    await expect.poll(() => inbox.some((m) => m.to === email)).toBe(true);
    const mail = inbox.find((m) => m.to === email);
    expect(mail?.subject).toBe('Iris User invited you to Selah');
    const code = decodeURIComponent(/signup\?invite=([\w%-]+)/.exec(mail!.text)![1]!);

    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: randomIp(),
      payload: {
        firstName: 'New',
        lastName: 'Friend',
        email,
        password: STRONG_PASSWORD,
        inviteCode: code,
      },
    });
    expect(reg.statusCode).toBe(201);
    const invitee = await signInAs(email);
    const waiting = (await invitee.get('/api/friends/requests')).json().data;
    expect(waiting).toEqual([
      expect.objectContaining({ requester: expect.objectContaining({ _id: inviter.id }) }),
    ]);
  });

  it('sends a registered address a friend request instead, with the same answer', async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const res = await a.api.post('/api/friends/invite-email', { recipientEmail: b.email });
    expect(res.json().message).toBe('Invitation sent!');
    expect((await b.api.get('/api/friends/requests')).json().data).toHaveLength(1);
  });

  it("validates the address with the spec's messages", async () => {
    const a = await person();
    expect(
      (await a.api.post('/api/friends/invite-email', { recipientEmail: '' })).json().message,
    ).toBe('Please enter an email address.');
    expect(
      (await a.api.post('/api/friends/invite-email', { recipientEmail: 'not an email' })).json()
        .message,
    ).toBe('Please enter a valid email address.');
  });

  it('reads the personal invite link without making one; a POST makes it, once', async () => {
    const a = await person();
    const invitesOf = () => t.db.db.$count(friendInvites, eq(friendInvites.inviterId, a.id));
    const read = await a.api.get('/api/friends/invite-link');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ url: null });
    expect(await invitesOf()).toBe(0);

    const made = await a.api.post('/api/friends/invite-link');
    expect(made.statusCode).toBe(201);
    const url = made.json().url as string;
    expect(url).toMatch(/^http:\/\/localhost:3000\/signup\?invite=/);
    expect((await a.api.get('/api/friends/invite-link')).json()).toEqual({ url });

    // Making it again (a second tab, a double click) answers the same link.
    const again = await Promise.all([
      a.api.post('/api/friends/invite-link'),
      a.api.post('/api/friends/invite-link'),
    ]);
    expect(again.map((r) => [r.statusCode, r.json().url])).toEqual([
      [200, url],
      [200, url],
    ]);
    expect(await invitesOf()).toBe(1);
  });
});

async function signInAs(email: string): Promise<Api> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: randomIp(),
    payload: { email, password: STRONG_PASSWORD },
  });
  return apiAs(t.app, res.json().token);
}

describe('signed out', () => {
  it.each([
    ['GET', '/api/friends'],
    ['GET', '/api/friends/requests'],
    ['GET', '/api/friends/suggestions'],
    ['GET', '/api/search/search?q=a&type=users'],
    ['POST', '/api/friends/invite-email'],
  ])('%s %s is 401', async (method, url) => {
    expect((await t.app.inject({ method: method as 'GET', url })).statusCode).toBe(401);
  });
});
