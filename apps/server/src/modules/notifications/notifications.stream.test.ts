import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  type TestApp,
  listenOnLoopback,
} from '../../../test/build-test-app.ts';
import { person } from '../../../test/people.ts';
import { openSse } from '../../../test/sse-client.ts';
import { HEARTBEAT_MS, MAX_STREAMS_PER_USER } from './notifications.stream.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnLoopback(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/notifications/stream', () => {
  it('needs the Authorization header (no token in the URL) and sends a heartbeat every 15-30 s', async () => {
    const anonymous = await openSse(`${base}/api/notifications/stream`, {});
    expect(anonymous.status).toBe(401);
    expect(HEARTBEAT_MS).toBeGreaterThanOrEqual(15_000);
    expect(HEARTBEAT_MS).toBeLessThanOrEqual(30_000);
  });

  it('caps the open streams of one account, and counts a closed one as gone', async () => {
    const a = await person(t.app, 'Ada');
    const open = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_USER }, () =>
        openSse(`${base}/api/notifications/stream`, bearer(a.api.token!)),
      ),
    );
    expect(open.map((s) => s.status)).toEqual(open.map(() => 200));
    const refused = await openSse(`${base}/api/notifications/stream`, bearer(a.api.token!));
    expect(refused.status).toBe(429);
    // Another account is not affected.
    const b = await person(t.app, 'Bo');
    const other = await openSse(`${base}/api/notifications/stream`, bearer(b.api.token!));
    expect(other.status).toBe(200);
    other.close();

    open[0]!.close();
    await expect
      .poll(async () => {
        const retry = await openSse(`${base}/api/notifications/stream`, bearer(a.api.token!));
        retry.close();
        return retry.status;
      })
      .toBe(200);
    for (const s of open) s.close();
  });

  it('pushes a new notification with the unread count within a second, and catches up after a reconnect', async () => {
    const [a, b] = await Promise.all([person(t.app, 'Ana'), person(t.app, 'Ben')]);
    const bToken = b.api.token!;
    const stream = await openSse(`${base}/api/notifications/stream`, bearer(bToken));
    expect(stream.status).toBe(200);
    const hello = await stream.waitFor((e) => e.event === 'unread');
    expect(JSON.parse(hello.data)).toEqual({ unreadCount: 0 });

    const started = Date.now();
    await a.api.post(`/api/friends/request/${b.id}`);
    const first = await stream.waitFor((e) => e.event === 'notification', 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    const payload = JSON.parse(first.data);
    expect(payload).toMatchObject({
      unreadCount: 1,
      notification: { message: 'Ana User sent you a friend request.', read: false },
    });
    expect(first.id).toMatch(/^\d{4}-\d\d-\d\dT.+Z_[0-9a-f-]{36}$/);

    // Reading it in another tab updates the count on this stream.
    await b.api.put(`/api/notifications/${payload.notification._id}/read`);
    await stream.waitFor((e) => e.event === 'unread' && JSON.parse(e.data).unreadCount === 0);
    stream.close();

    // While disconnected, another notification arrives; reconnecting with Last-Event-ID delivers it.
    const c = await person(t.app, 'Cid');
    await c.api.post(`/api/friends/request/${b.id}`);
    const again = await openSse(`${base}/api/notifications/stream`, {
      ...bearer(bToken),
      'last-event-id': first.id!,
    });
    const missed = await again.waitFor((e) => e.event === 'notification');
    expect(JSON.parse(missed.data).notification.message).toBe(
      'Cid User sent you a friend request.',
    );
    expect(again.events.filter((e) => e.event === 'notification')).toHaveLength(1);
    again.close();
  });

  it('delivers live what an idempotent create notified, once its transaction has committed', async () => {
    const [a, b] = await Promise.all([person(t.app, 'Ida'), person(t.app, 'Bea')]);
    const stream = await openSse(`${base}/api/notifications/stream`, bearer(b.api.token!));
    await stream.waitFor((e) => e.event === 'unread');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/friends/request/${b.id}`,
      headers: { ...bearer(a.api.token!), 'idempotency-key': `live-${a.id}` },
    });
    expect(res.statusCode).toBe(201);
    const live = await stream.waitFor((e) => e.event === 'notification', 2_000);
    expect(JSON.parse(live.data).notification.message).toBe('Ida User sent you a friend request.');
    stream.close();
  });

  it('never sends one user’s notifications to another user’s stream', async () => {
    const [a, b, c] = await Promise.all([person(t.app), person(t.app), person(t.app)]);
    const cStream = await openSse(`${base}/api/notifications/stream`, bearer(c.api.token!));
    await cStream.waitFor((e) => e.event === 'unread');
    await a.api.post(`/api/friends/request/${b.id}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cStream.events.filter((e) => e.event === 'notification')).toEqual([]);
    cStream.close();
  });
});
