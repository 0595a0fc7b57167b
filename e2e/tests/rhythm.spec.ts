import type { APIRequestContext, Page } from '@playwright/test';
import { expect, PHONE_DARK, test, toast } from '../fixtures.ts';
import { waitForMail, waitForPushes, type Session } from '../support/api.ts';
import { APP_URL } from '../support/settings.ts';
import { pushSubscriber } from '../support/web-push.ts';

/**
 * A rhythm per prayer and the daily digest (issue 20 §2): set a prayer daily and see it due; at
 * the reminder time the digest arrives (in the app, by e-mail and by Web Push); its push action
 * "I prayed", handled by the real service worker in the real browser, records the Prayed.
 *
 * No browser vendor's push service reaches headless Chromium, so the journey is the browser's
 * network half of Web Push: it subscribes with its own key pair at the stack's local push
 * service, receives the app's real encrypted push there, decrypts it, and hands that payload to
 * the real service worker as its push event.
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

    // Her browser subscribes to Web Push (for her session, as the app's push toggle does).
    const subscriber = pushSubscriber();
    const subscribed = await request.post('/api/push/subscriptions', {
      headers: auth(session),
      data: subscriber.subscription,
    });
    expect(subscribed.status(), await subscribed.text()).toBe(201);

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

    // The digest's Web Push reached her push service, encrypted for her key alone.
    const [push, ...more] = await waitForPushes(subscriber.id);
    expect(more).toEqual([]);
    expect(push).toMatchObject({ encoding: 'aes128gcm', urgency: 'normal' });
    const data = subscriber.decrypt(Buffer.from(push!.body, 'base64url')).toString('utf8');
    expect(JSON.parse(data)).toEqual({
      title: 'Selah',
      body: '1 prayer is due today',
      url: '/pray?due=1',
      actions: [
        { action: 'prayed', title: 'I prayed' },
        { action: 'snooze', title: 'Snooze' },
      ],
      actionToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) as unknown,
    });

    // That payload, as the service worker receives it: shown with its two actions.
    await context.grantPermissions(['notifications'], { origin: APP_URL });
    const worker = await serviceWorker(page);
    const shown = await worker.evaluate(async (data) => {
      const sw = self as unknown as WorkerScope;
      const waits: Promise<unknown>[] = [];
      const push = new sw.PushEvent('push', { data });
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
    }, data);
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

  test.describe('at 375 px in dark mode', () => {
    test.use(PHONE_DARK);

    test('a weekly rhythm on today is set from a phone and marks the prayer due', async ({
      page,
      api,
      login,
      request,
    }, testInfo) => {
      const ruth = await api.createUser({ firstName: 'Ruth', lastName: 'Moab' });
      const session = await api.login(ruth.email, ruth.password);
      const prayerId = await createPrayer(request, session, 'Bread for Bethlehem');
      await login(ruth, `/prayer/${prayerId}`);
      await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Bread for Bethlehem' }),
      ).toBeVisible();

      // Weekly, on today's weekday (her zone is UTC) and on the day after it.
      const weekday = (offset: number) =>
        new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(
          new Date(Date.now() + offset * 86_400_000),
        );
      await page.getByRole('button', { name: 'Rhythm' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rhythm' });
      await dialog.getByRole('radio', { name: /Weekly/ }).click();
      for (const day of [weekday(0), weekday(1)]) {
        const button = dialog.getByRole('button', { name: day, exact: true });
        await button.click();
        await expect(button).toHaveAttribute('aria-pressed', 'true');
      }
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      await page.screenshot({ path: testInfo.outputPath('rhythm-dialog-375-dark.png') });
      await dialog.getByRole('button', { name: 'Save rhythm' }).click();
      await expect(toast(page, 'Rhythm saved')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('prayer-rhythm')).toHaveText(/^Weekly on /);
      await expect(page.getByText('Due today', { exact: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      await page.screenshot({ path: testInfo.outputPath('prayer-due-375-dark.png') });
    });
  });
});
