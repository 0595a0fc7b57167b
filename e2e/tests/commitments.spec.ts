import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, PHONE_DARK, test, toast } from '../fixtures.ts';

const bell = (page: Page, unread = 0) =>
  page.getByRole('button', {
    name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications',
    exact: true,
  });

/** Nothing on the page is wider than the 375 px phone: no horizontal scrolling. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test.describe('Commitments', () => {
  // Two users in two browser contexts, with reloads and live notifications.
  test.describe.configure({ timeout: 90_000 });

  test('a friend commits for 7 days and prays; the creator sees it, posts an update and marks it answered, and the friend hears both', async ({
    page,
    api,
    login,
    openAs,
  }, testInfo) => {
    const title = `New job ${randomBytes(3).toString('hex')}`;
    const lydia = await api.createUser({ firstName: 'Lydia', lastName: 'Thyatira' });
    const paul = await api.createUser({ firstName: 'Paul', lastName: 'Tarsus' });
    await api.befriend(lydia, paul);
    const { token } = await api.login(lydia.email, lydia.password);
    const created = await api.request.post('/api/prayer-requests', {
      headers: { authorization: `Bearer ${token}` },
      data: { title, description: 'Interviews this week.', category: 'Career', isPrivate: false },
    });
    expect(created.status(), await created.text()).toBe(201);

    // Paul, on his phone in dark mode, commits to pray daily for 7 days, from the menu, by
    // keyboard, and records a Prayed.
    const paulPage = await openAs(paul, '/prayer-requests?tab=friendRequests', PHONE_DARK);
    await expect(paulPage.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    const request = paulPage.getByRole('article', { name: title });
    await request.getByRole('button', { name: "I'm Praying" }).focus();
    await paulPage.keyboard.press('Enter');
    const menu = paulPage.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Pray once today',
      'Daily for 7 days',
      'Until answered',
    ]);
    await fitsThePhone(paulPage);
    await paulPage.screenshot({ path: testInfo.outputPath('commit-menu-375-dark.png') });
    await menu.getByRole('menuitem', { name: 'Daily for 7 days' }).click();
    await expect(toast(paulPage, 'Prayer response recorded!')).toBeVisible();
    await expect(
      request.getByRole('button', { name: 'Praying daily · 7 days left' }),
    ).toBeVisible();
    await request.getByRole('button', { name: /^Prayed/ }).click();
    await expect(toast(paulPage, 'Prayed')).toBeVisible();
    // The commitment runs on after a Prayed (only 'once' ends there), and after a reload.
    await paulPage.reload();
    await expect(
      paulPage
        .getByRole('article', { name: title })
        .getByRole('button', { name: 'Praying daily · 7 days left' }),
    ).toBeVisible();
    // Paul's one unread notification so far: Lydia accepted his friend request.
    await expect(bell(paulPage, 1)).toBeVisible();
    await fitsThePhone(paulPage);

    // Lydia sees one person praying, and one prayer this week.
    await login(lydia, '/prayer-requests');
    const mine = page.getByRole('article', { name: title });
    await expect(mine.getByText('1 person praying')).toBeVisible();
    await expect(mine.getByText('prayed 1 time this week')).toBeVisible();

    // She posts an update: Paul's bell lights up with it, live.
    await mine.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: title });
    await expect(details.getByText('No updates yet.')).toBeVisible();
    await details.getByRole('button', { name: 'Post Update' }).click();
    const updateForm = page.getByRole('dialog', { name: 'Post an update' });
    await updateForm.getByRole('textbox', { name: /Update/ }).fill('Second interview on Monday.');
    await updateForm.getByRole('button', { name: 'Post Update' }).click();
    await expect(toast(page, 'Update posted')).toBeVisible();
    await expect(
      details.getByRole('list', { name: 'Updates' }).getByText('Second interview on Monday.'),
    ).toBeVisible();
    await expect(bell(paulPage, 2)).toBeVisible();

    // She marks it answered with a testimony: Paul hears that too, with the testimony.
    await details.getByRole('button', { name: 'Mark Answered' }).click();
    const answerForm = page.getByRole('dialog', { name: 'Mark answered' });
    await answerForm.getByRole('textbox', { name: /Testimony/ }).fill('I start on the 1st!');
    await answerForm.getByRole('button', { name: 'Mark Answered' }).click();
    await expect(toast(page, 'Praise God!')).toBeVisible();
    await expect(details.getByRole('heading', { name: /^Answered on/ })).toBeVisible();
    await expect(details.getByText('I start on the 1st!')).toBeVisible();

    await expect(bell(paulPage, 3)).toBeVisible();
    await bell(paulPage, 3).click();
    const panel = paulPage.getByRole('dialog', { name: 'Notifications' });
    await expect(
      panel.getByText(`Lydia Thyatira posted an update on "${title}": Second interview on Monday.`),
    ).toBeVisible();
    await expect(
      panel.getByText(`Lydia Thyatira's request "${title}" was answered: I start on the 1st!`),
    ).toBeVisible();
    await paulPage.keyboard.press('Escape');
    // The request now shows the answer, with nothing left to commit to.
    await paulPage.reload();
    const answered = paulPage.getByRole('article', { name: title });
    await expect(answered.getByText('Answered')).toBeVisible();
    await expect(answered.getByRole('button', { name: /Praying/ })).toHaveCount(0);
    await fitsThePhone(paulPage);
    await paulPage.screenshot({ path: testInfo.outputPath('answered-375-dark.png') });
  });
});
