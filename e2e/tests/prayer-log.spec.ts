import type { Page } from '@playwright/test';
import { expect, PHONE_DARK, test, toast } from '../fixtures.ts';
import { seedAs } from '../support/seed.ts';
import type { Api, TestUser } from '../support/api.ts';

/** A user with a journal and one prayer in it, on Prayer Points. */
async function prayerPoints(api: Api, login: (user: TestUser, path?: string) => Promise<unknown>) {
  const user = await api.createUser({ firstName: 'Anna' });
  const seed = await seedAs(api, user);
  const journal = await seed.createJournal({ title: 'Temple prayers', isPrivate: true });
  const prayer = await seed.addPublicPrayer(journal, 'Redemption of Jerusalem');
  await login(user, '/prayers');
  return { prayerId: prayer._id };
}

/**
 * Pray a prayer from its card, see it counted on the prayer's page, add a note and find it in
 * the timeline, then see today filled in on the dashboard's rhythm view.
 */
async function prayTheDay(page: Page, prayerId: string) {
  const card = page.getByRole('article', { name: 'Redemption of Jerusalem' });
  await card.getByRole('button', { name: 'Prayed', exact: true }).click();
  await expect(
    toast(page, 'Prayed', 'You prayed for "Redemption of Jerusalem" today.'),
  ).toBeVisible();
  // Prayer Points' rhythm view follows at once.
  const points = page.getByRole('region', { name: 'Prayer rhythm' });
  await expect(points.getByRole('img', { name: /^Today, .*: prayed 1 time$/ })).toBeVisible();
  await expect(points.getByTestId('rhythm-streak')).toHaveText('Streak: 1 day');

  await page.goto(`/prayer/${prayerId}`);
  await expect(page.getByTestId('prayed-summary')).toHaveText('Prayed 1 time, last today');
  const timeline = page.getByRole('list', { name: 'Timeline, newest first' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Prayed 1 time this week');

  await page.getByRole('textbox', { name: 'Add a note' }).fill('She spoke of Him to everyone.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(toast(page, 'Note added')).toBeVisible();
  await expect(timeline.getByRole('listitem').first()).toContainText(
    'She spoke of Him to everyone.',
  );
  await expect(page.getByRole('textbox', { name: 'Add a note' })).toHaveValue('');

  // Prayed again within the minute, from the prayer page, is the same prayer, not a second one
  // (issue 29 §5: a double tap records once).
  const again = page.waitForResponse(
    (response) => response.url().endsWith('/prayed') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Prayed', exact: true }).click();
  expect((await again).status()).toBe(201);
  await expect(page.getByTestId('prayed-summary')).toHaveText('Prayed 1 time, last today');

  await page.goto('/dashboard');
  const rhythm = page.getByRole('region', { name: 'Prayer rhythm' });
  await expect(rhythm.getByRole('img', { name: /^Today, .*: prayed 1 time$/ })).toBeVisible();
  await expect(rhythm.getByText(/^You prayed on 1 of 1 day since you joined\./)).toBeVisible();
  return rhythm;
}

test.describe('The prayer log', () => {
  test('pray from a card, see it counted, add a note, see today filled in', async ({
    page,
    api,
    login,
  }) => {
    test.setTimeout(60_000);
    const { prayerId } = await prayerPoints(api, login);
    const rhythm = await prayTheDay(page, prayerId);

    // Yesterday was missed: "I prayed that day" fills it in, marked as filled in later.
    await rhythm
      .getByRole('button', { name: /: not prayed\. I prayed that day: fill it in$/ })
      .last()
      .click();
    const dialog = page.getByRole('dialog', { name: 'I prayed that day' });
    await expect(dialog.getByRole('radio', { name: 'Redemption of Jerusalem' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Fill in' }).click();
    await expect(toast(page, 'Filled in')).toBeVisible();
    await expect(
      rhythm.getByRole('img', { name: /: prayed 1 time, filled in later$/ }),
    ).toBeVisible();
    await expect(rhythm.getByTestId('rhythm-streak')).toHaveText('Streak: 2 days');
  });

  test.describe('at 375 px in dark mode', () => {
    test.use(PHONE_DARK);

    test('the same journey works on a phone', async ({ page, api, login }) => {
      test.setTimeout(60_000);
      const { prayerId } = await prayerPoints(api, login);
      await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
      const rhythm = await prayTheDay(page, prayerId);
      // The heat map fits the screen: no horizontal scrolling.
      const box = await rhythm.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
    });
  });
});
