import { expect, test } from '../fixtures.ts';
import { APP_URL } from '../support/settings.ts';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

test('the sidebar is a slide-in on a 375 px screen', async ({ page, api, login }) => {
  await login(await api.createUser());
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  const journalsLink = page.getByRole('link', { name: 'My Journals' });
  await expect(journalsLink).toBeHidden();
  // The theme-colour button is hidden on small screens.
  await expect(page.getByRole('button', { name: 'Change theme color' })).toBeHidden();

  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.click();
  const sheet = page.getByRole('dialog', { name: 'Navigation' });
  await expect(sheet).toBeVisible();
  const nav = sheet.getByRole('navigation');
  for (const label of [
    'Dashboard',
    'My Journals',
    'Prayer Points',
    'Prayer Requests',
    'Discover',
    'Friends',
    'Prayer Groups',
    'Settings',
  ]) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }

  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();

  await menuButton.click();
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // Following a link closes the slide-in too.
  await menuButton.click();
  await sheet.getByRole('link', { name: 'My Journals' }).click();
  await expect(page).toHaveURL(`${APP_URL}/journals`);
  await expect(sheet).toBeHidden();
});
