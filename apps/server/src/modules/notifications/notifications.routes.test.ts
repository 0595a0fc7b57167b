import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { apiAs } from '../../../test/api.ts';
import { person, type Person } from '../../../test/people.ts';

let t: TestApp;
let a: Person;
let b: Person;

beforeAll(async () => {
  t = await buildTestApp();
  [a, b] = await Promise.all([person(t.app, 'Amy'), person(t.app, 'Bo')]);
  await a.api.post(`/api/friends/request/${b.id}`);
});
afterAll(async () => {
  await t?.close();
});

describe('/api/notifications', () => {
  it('lists, reads and deletes only the user’s own notifications', async () => {
    const page = (await b.api.get('/api/notifications')).json();
    expect(page).toMatchObject({ unreadCount: 1, nextCursor: null });
    const [note] = page.data;
    expect(note).toMatchObject({
      message: 'Amy User sent you a friend request.',
      read: false,
      link: '/friends?tab=requests',
    });
    expect((await a.api.get('/api/notifications')).json().data).toHaveLength(0);
    for (const call of [
      () => a.api.get(`/api/notifications/${note._id}`),
      () => a.api.put(`/api/notifications/${note._id}/read`),
      () => a.api.delete(`/api/notifications/${note._id}`),
    ]) {
      expect((await call()).statusCode).toBe(404);
    }
    expect((await b.api.put(`/api/notifications/${note._id}/read`)).json().read).toBe(true);
    expect((await b.api.get('/api/notifications')).json().unreadCount).toBe(0);
    expect((await b.api.delete(`/api/notifications/${note._id}`)).statusCode).toBe(204);
    expect((await b.api.get(`/api/notifications/${note._id}`)).statusCode).toBe(404);
    expect((await apiAs(t.app, null).get('/api/notifications')).statusCode).toBe(401);
  });

  it('marks all read', async () => {
    const c = await person(t.app);
    await c.api.post(`/api/friends/request/${a.id}`);
    await b.api.post(`/api/friends/request/${a.id}`).catch(() => undefined);
    expect((await a.api.get('/api/notifications')).json().unreadCount).toBeGreaterThan(0);
    expect((await a.api.put('/api/notifications/read-all')).statusCode).toBe(200);
    expect((await a.api.get('/api/notifications')).json().unreadCount).toBe(0);
  });

  it('gets and replaces preferences; unknown keys and non-booleans are 400', async () => {
    expect((await a.api.get('/api/notifications/preferences')).json()).toMatchObject({
      emailNotifications: true,
    });
    const prefs = {
      emailNotifications: false,
      pushNotifications: true,
      reminderNotifications: false,
      friendRequestNotifications: true,
      journalInviteNotifications: true,
      prayerUpdateNotifications: false,
    };
    expect((await a.api.put('/api/notifications/preferences', prefs)).json()).toEqual(prefs);
    expect((await a.api.get('/api/notifications/preferences')).json()).toEqual(prefs);
    expect(
      (await a.api.put('/api/notifications/preferences', { ...prefs, extra: true })).statusCode,
    ).toBe(400);
    expect(
      (await a.api.put('/api/notifications/preferences', { ...prefs, emailNotifications: 'yes' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await a.api.put('/api/notifications/preferences', { emailNotifications: true })).statusCode,
    ).toBe(400);
  });
});
