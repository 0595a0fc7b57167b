import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, toast } from '../fixtures.ts';
import { waitForMail, type Session } from '../support/api.ts';
import { APP_URL, E2E_JWT_SECRET } from '../support/settings.ts';

/**
 * A rhythm per prayer and the daily digest (issue 20 §2): set a prayer daily and see it due; at
 * the reminder time the digest arrives (in the app and by e-mail); its push action "I prayed",
 * handled by the real service worker in the real browser, records the Prayed.
 */

const auth = (session: Session) => ({ authorization: `Bearer ${session.token}` });

async function createPrayer(request: APIRequestContext, session: Session, title: string) {
  const journal = await request.post('/api/journals', {
    headers: auth(session),
    data: { title: 'Morning', isPrivate: true },
  });
  expect(journal.status()).toBe(201);
  const prayer = await request.post('/api/prayers', {
    headers: auth(session),
    data: { title, journal: ((await journal.json()) as { _id: string })._id },
  });
  expect(prayer.status()).toBe(201);
  return ((await prayer.json()) as { _id: string })._id;
}

/** What the journey uses of the service worker's global scope (e2e has no WebWorker types). */
interface WorkerScope {
  registration: {
    getNotifications(): Promise<
      { title: string; body: string; actions: { action: string; title: string }[] }[]
    >;
  };
  dispatchEvent(event: Event): boolean;
  PushEvent: new (type: string, init: { data: string }) => Event;
  NotificationEvent: new (type: string, init: { notification: unknown; action: string }) => Event;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The action token the digest's Web Push carries, as the server signs it (digest-token.ts): no
 * push service reaches headless Chromium, so the journey mints it with the stack's secret.
 */
function digestToken(userId: string, day: string): string {
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({
    day,
    typ: 'digest-action',
    sub: userId,
    iss: APP_URL,
    aud: 'selah-digest-action',
    iat: now,
    exp: now + 24 * 60 * 60,
  })}`;
  return `${head}.${createHmac('sha256', E2E_JWT_SECRET).update(head).digest('base64url')}`;
}

/** Registers the app's service worker in the page and waits until it is active. */
async function serviceWorker(page: Page) {
  const [worker] = await Promise.all([
    page.context().serviceWorkers()[0] ?? page.context().waitForEvent('serviceworker'),
    page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
    }),
  ]);
  return worker;
}

test.describe('Rhythms and the daily digest', () => {
  test('a daily prayer is due; the digest comes at the reminder time and "I prayed" from its push records it', async ({
    page,
    api,
    login,
    request,
    context,
  }) => {
    test.setTimeout(180_000);
    const ruth = await api.createUser({ firstName: 'Ruth', lastName: 'Moab' });
    const session = await api.login(ruth.email, ruth.password);
    const prayerId = await createPrayer(request, session, 'Strength for Naomi');

    // Set it daily from its page: it is due today.
    await login(ruth, `/prayer/${prayerId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Strength for Naomi' })).toBeVisible();
    await expect(page.getByText('Due today')).toHaveCount(0);
    await page.getByRole('button', { name: 'Rhythm' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rhythm' });
    await dialog.getByRole('radio', { name: /Daily/ }).first().click();
    await dialog.getByRole('button', { name: 'Save rhythm' }).click();
    await expect(toast(page, 'Rhythm saved', 'Daily · due today.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('prayer-rhythm')).toHaveText('Daily');
    await expect(page.getByText('Due today', { exact: true })).toBeVisible();

    // Prayer Points marks it and finds it under "Due today".
    await page.goto('/prayers?tab=due');
    await expect(page.getByRole('tab', { name: 'Due today' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const card = page.locator('article', { hasText: 'Strength for Naomi' });
    await expect(card.getByText('Due today', { exact: true })).toBeVisible();

    // The reminder time is now (UTC, her zone): the scheduler (once a minute) sends the digest.
    const now = new Date();
    const time = now.toISOString().slice(11, 16);
    const reminder = await request.put('/api/notifications/reminder', {
      headers: auth(session),
      data: { time },
    });
    expect(reminder.status()).toBe(200);
    await expect
      .poll(
        async () => {
          const list = await request.get('/api/notifications', { headers: auth(session) });
          const { data } = (await list.json()) as {
            data: { type: string; message: string; link: string | null }[];
          };
          return data.find((n) => n.type === 'reminder') ?? null;
        },
        { timeout: 90_000, intervals: [2_000] },
      )
      .toMatchObject({ message: '1 prayer is due today', link: '/pray?due=1' });
    const mail = await waitForMail(ruth.email, { subject: '1 prayer is due today' });
    expect(mail.text).toContain(`${APP_URL}/pray?due=1`);

    // The push, as the service worker receives it: shown with its two actions.
    await context.grantPermissions(['notifications'], { origin: APP_URL });
    const worker = await serviceWorker(page);
    const token = digestToken(ruth.id, now.toISOString().slice(0, 10));
    const shown = await worker.evaluate(async (actionToken) => {
      const sw = self as unknown as WorkerScope;
      const payload = {
        title: 'Selah',
        body: '1 prayer is due today',
        url: '/pray?due=1',
        actions: [
          { action: 'prayed', title: 'I prayed' },
          { action: 'snooze', title: 'Snooze' },
        ],
        actionToken,
      };
      const waits: Promise<unknown>[] = [];
      const push = new sw.PushEvent('push', { data: JSON.stringify(payload) });
      // A script-made event cannot be extended (`waitUntil` is for the browser's own): collect.
      Object.defineProperty(push, 'waitUntil', { value: (p: Promise<unknown>) => waits.push(p) });
      sw.dispatchEvent(push);
      await Promise.all(waits);
      const notes = await sw.registration.getNotifications();
      return notes.map((n) => ({
        title: n.title,
        body: n.body,
        actions: n.actions.map((a) => ({ action: a.action, title: a.title })),
      }));
    }, token);
    expect(shown).toEqual([
      {
        title: 'Selah',
        body: '1 prayer is due today',
        actions: [
          { action: 'prayed', title: 'I prayed' },
          { action: 'snooze', title: 'Snooze' },
        ],
      },
    ]);

    // "I prayed" on it: the worker posts the action without opening a window.
    const pagesBefore = context.pages().length;
    const confirmation = await worker.evaluate(async () => {
      const sw = self as unknown as WorkerScope;
      const [notification] = await sw.registration.getNotifications();
      const waits: Promise<unknown>[] = [];
      const click = new sw.NotificationEvent('notificationclick', {
        notification,
        action: 'prayed',
      });
      Object.defineProperty(click, 'waitUntil', { value: (p: Promise<unknown>) => waits.push(p) });
      sw.dispatchEvent(click);
      await Promise.all(waits);
      return (await sw.registration.getNotifications()).map((n) => n.body);
    });
    expect(confirmation).toEqual(['Recorded: you prayed 1 item today.']);
    expect(context.pages()).toHaveLength(pagesBefore);

    // The Prayed was recorded: the prayer is no longer due.
    const after = await request.get(`/api/prayers/${prayerId}`, { headers: auth(session) });
    expect(((await after.json()) as { due: boolean }).due).toBe(false);
    await page.goto(`/prayer/${prayerId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Strength for Naomi' })).toBeVisible();
    await expect(page.getByText('Due today', { exact: true })).toHaveCount(0);
  });
});
