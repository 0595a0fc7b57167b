import type { Page, Request } from '@playwright/test';
import { expect, test, toast } from '../fixtures.ts';

const STREAM_PATH = '/api/notifications/stream';

/**
 * Counts the stream requests of some tabs: every request to the stream that started, and those
 * still open (an SSE response only "finishes" when the connection closes).
 */
function watchStreams() {
  const started: Request[] = [];
  const ended = new Set<Request>();
  const watch = (page: Page) => {
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === STREAM_PATH) started.push(request);
    });
    page.on('requestfinished', (request) => ended.add(request));
    page.on('requestfailed', (request) => ended.add(request));
    // A closed tab's connection is gone with it.
    page.on('close', () => {
      for (const request of started) if (request.frame().page() === page) ended.add(request);
    });
  };
  const open = () => started.filter((request) => !ended.has(request)).length;
  return { watch, open, started };
}

const bell = (page: Page, unread = 0) =>
  page.getByRole('button', {
    name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications',
    exact: true,
  });

test.describe('Notifications', () => {
  test('a friend request lights up the bell live, in every tab, over a single stream', async ({
    page,
    api,
    login,
    openAs,
  }) => {
    const ann = await api.createUser({ firstName: 'Ann', lastName: 'Asher' });
    const ben = await api.createUser({ firstName: 'Ben', lastName: 'Boaz' });
    const cid = await api.createUser({ firstName: 'Cid', lastName: 'Carmel' });
    const dan = await api.createUser({ firstName: 'Dan', lastName: 'Dothan' });

    // Ann has her own browser; Ben has the dashboard open in his.
    const annPage = await openAs(ann, '/dashboard');
    await expect(bell(annPage)).toBeVisible();
    const streams = watchStreams();
    streams.watch(page);
    await login(ben, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(bell(page)).toBeVisible();
    await expect.poll(streams.open).toBe(1);

    // Ann asks through the API: Ben's badge shows it within a second, without a reload.
    await api.sendFriendRequest(ann, ben);
    await expect(bell(page, 1)).toBeVisible({ timeout: 1_000 });
    await expect(page.locator('[data-slot="notification-badge"]')).toHaveText('1');

    await bell(page, 1).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    const item = panel
      .getByRole('listitem')
      .filter({ hasText: 'Ann Asher sent you a friend request.' });
    await expect(item).toHaveCount(1);
    await expect(
      item.getByRole('link', { name: 'Ann Asher sent you a friend request.' }),
    ).toHaveAttribute('href', '/friends?tab=requests');
    await expect(item).toContainText('just now');

    // Mark it read: the badge clears.
    await item.getByRole('button', { name: 'Mark Read' }).click();
    await expect(toast(page, 'Notification marked as read.')).toBeVisible();
    await expect(bell(page)).toBeVisible();
    await expect(page.locator('[data-slot="notification-badge"]')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // A second tab of Ben's: it shares the first tab's stream instead of opening its own.
    const second = await page.context().newPage();
    streams.watch(second);
    await second.goto('/dashboard');
    await expect(bell(second)).toBeVisible();

    await api.sendFriendRequest(cid, ben);
    await expect(bell(page, 1)).toBeVisible({ timeout: 1_000 });
    await expect(bell(second, 1)).toBeVisible({ timeout: 1_000 });
    expect(streams.open()).toBe(1);
    expect(streams.started).toHaveLength(1);

    // Read in the second tab: the first follows.
    await bell(second, 1).click();
    const secondPanel = second.getByRole('dialog', { name: 'Notifications' });
    await secondPanel
      .getByRole('listitem')
      .filter({ hasText: 'Cid Carmel sent you a friend request.' })
      .getByRole('button', { name: 'Mark Read' })
      .click();
    await expect(bell(second)).toBeVisible();
    await expect(bell(page)).toBeVisible();

    // The tab holding the stream closes: the other one takes over, still a single stream.
    await page.close();
    await expect.poll(streams.open).toBe(1);
    await api.sendFriendRequest(dan, ben);
    await expect(bell(second, 1)).toBeVisible({ timeout: 2_000 });
    expect(streams.open()).toBe(1);

    // Ben accepts Ann's request; Ann's own bell says so, live.
    await second.goto('/friends?tab=requests');
    await second
      .getByRole('article', { name: 'Ann Asher' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect(toast(second, 'Friend request accepted!')).toBeVisible();
    await expect(bell(annPage, 1)).toBeVisible();
    await bell(annPage, 1).click();
    await expect(
      annPage.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem'),
    ).toContainText([/Ben Boaz/]);

    await annPage.context().close();
  });

  test('notification settings and the reminder time persist across a reload', async ({
    page,
    api,
    login,
  }) => {
    const ruth = await api.createUser({ firstName: 'Ruth', lastName: 'Moab' });
    await login(ruth, '/settings?tab=notifications');

    await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const friendRequests = page.getByRole('switch', { name: 'Friend requests' });
    const email = page.getByRole('switch', { name: 'Email notifications' });
    await expect(friendRequests).toBeChecked();
    await expect(email).toBeChecked();

    await friendRequests.click();
    await expect(friendRequests).not.toBeChecked();
    await expect(toast(page, 'Preferences updated successfully!').first()).toBeVisible();
    await email.click();
    await expect(email).not.toBeChecked();
    await expect(toast(page, 'Preferences updated successfully!')).toHaveCount(2);

    await page.getByLabel('Reminder time').fill('06:45');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Reminder time saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Friend requests' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Journal invitations' })).toBeChecked();
    await expect(page.getByLabel('Reminder time')).toHaveValue('06:45');
    await expect(page.getByText(/Every day at 6:45 AM, in your time zone/)).toBeVisible();
  });
});
