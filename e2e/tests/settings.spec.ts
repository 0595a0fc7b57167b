import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, toast } from '../fixtures.ts';
import {
  type Api,
  latestLinkToken,
  TEST_PASSWORD,
  type TestUser,
  uniqueEmail,
  WRONG_CONFIRM_PASSWORD,
} from '../support/api.ts';
import { APP_URL } from '../support/settings.ts';

const CONFIRM_SUBJECT = 'Confirm your e-mail address for Selah';

/**
 * A new password account: registered, then signed in once to learn its id (the sign-up answer
 * is the same for every address, so it names no user).
 */
async function newUser(api: Api): Promise<TestUser> {
  const input = {
    firstName: 'Hannah',
    lastName: 'Tester',
    email: uniqueEmail('settings'),
    password: TEST_PASSWORD,
  };
  const response = await api.request.post('/api/auth/register', { data: input });
  expect(response.ok()).toBe(true);
  const session = await api.login(input.email, input.password);
  return { ...input, id: session.user._id };
}

const rootFontSize = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).fontSize);

test.describe('Settings', () => {
  test('profile changes are saved and shown after a reload', async ({ page, api, login }) => {
    const user = await newUser(api);
    await login(user, '/settings');
    const username = `miriam_${randomBytes(3).toString('hex')}`;

    await page.getByLabel('First name').fill('Miriam');
    await page.getByLabel('Last name').fill('Prophetess');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Bio').fill('Singing by the sea.');
    await expect(page.getByText('19/500 characters')).toBeVisible();
    // No zone saved yet: this device's (UTC here) is shown, and statistics use UTC until then.
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toContainText('UTC');
    await expect(page.getByText(/statistics use UTC until you pick/)).toBeVisible();
    await page.getByRole('combobox', { name: 'Time zone' }).click();
    await page.getByRole('combobox', { name: 'Search time zones' }).fill('Pacific Time');
    await page.getByRole('option', { name: /Pacific Time/ }).click();
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'French' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Profile updated!', 'Your changes have been saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Miriam');
    await expect(page.getByLabel('Last name')).toHaveValue('Prophetess');
    await expect(page.getByLabel('Username')).toHaveValue(username);
    await expect(page.getByLabel('Bio')).toHaveValue('Singing by the sea.');
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toContainText(
      'Pacific Time · America/Los_Angeles',
    );
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveText('French');
    await expect(page.getByText(/statistics use UTC until you pick/)).toHaveCount(0);
  });

  test('font size 5 makes the whole interface larger, also after a reload and a new sign-in', async ({
    page,
    api,
    login,
  }) => {
    const user = await newUser(api);
    await login(user, '/settings?tab=appearance');
    const slider = page.getByRole('slider', { name: 'Font size' });
    await expect(slider).toHaveAttribute('aria-valuenow', '3');
    expect(await rootFontSize(page)).toBe('16px');

    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/users/me/appearance') &&
        response.request().method() === 'PUT' &&
        response.ok(),
    );
    await slider.focus();
    await page.keyboard.press('End');
    await expect(slider).toHaveAttribute('aria-valuenow', '5');
    await expect.poll(() => rootFontSize(page)).toBe('19px');
    await saved;

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-font-size', '5');
    expect(await rootFontSize(page)).toBe('19px');
    await expect(page.getByRole('slider', { name: 'Font size' })).toHaveAttribute(
      'aria-valuenow',
      '5',
    );

    // Saved to the account, not only to this browser: a fresh sign-in brings it back.
    // Logging out clears this browser (the visitor gets the default size again) ...
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(
      page.getByRole('heading', { name: 'A quiet place to pray', level: 1 }),
    ).toBeVisible();
    await expect.poll(() => rootFontSize(page)).toBe('16px');
    await page.reload();
    expect(await rootFontSize(page)).toBe('16px');
    // ... and signing in again brings the account's size back.
    await login(user, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect.poll(() => rootFontSize(page)).toBe('19px');
  });

  test('dark mode from the header or from Appearance is the same switch, kept by the account', async ({
    page,
    api,
    login,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const user = await newUser(api);
    await login(user, '/settings?tab=appearance');
    const html = page.locator('html');
    const darkSwitch = page.getByRole('switch', { name: 'Dark mode' });
    await expect(darkSwitch).not.toBeChecked();

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(darkSwitch).toBeChecked();
    await page.reload();
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/users/me/appearance') && response.ok(),
    );
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await saved;

    // After logging out, on a device that prefers dark, signing in brings the account's choice.
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(
      page.getByRole('heading', { name: 'A quiet place to pray', level: 1 }),
    ).toBeVisible();
    await page.emulateMedia({ colorScheme: 'dark' });
    await login(user, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  });

  test('deleting the account signs out, and the old credentials no longer work', async ({
    page,
    api,
    login,
  }) => {
    const user = await newUser(api);
    await login(user, '/settings');

    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByLabel('Your password').fill(WRONG_CONFIRM_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(dialog.getByText('That password is not right.')).toBeVisible();

    await dialog.getByLabel('Your password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(toast(page, 'Account deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { name: 'A quiet place to pray', level: 1 }),
    ).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    expect(await api.loginStatus(user.email, user.password)).toBe(401);
  });

  test('a new account is reminded to confirm its address, asks for the link again, and confirms it', async ({
    page,
    api,
    login,
  }) => {
    const user = await newUser(api);
    await login(user, '/dashboard');
    const reminder = page.getByRole('region', { name: 'Confirm your e-mail address' });
    await expect(reminder).toContainText(`open the link we sent to ${user.email}`);

    await reminder.getByRole('button', { name: 'Resend link' }).click();
    await expect(
      toast(page, 'Link sent', `We sent a new link to ${user.email}. It works for 24 hours.`),
    ).toBeVisible();
    await expect(reminder.getByRole('status')).toHaveText('A new link is on its way.');

    // The newest link (the one sent again, the second such mail) confirms the address.
    const token = await latestLinkToken(user.email, CONFIRM_SUBJECT, '/verify-email', 2);
    await page.goto(`/verify-email?token=${encodeURIComponent(token)}`);
    await expect(page.getByText('Thank you: your e-mail address is confirmed.')).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}/verify-email`);
    await page.getByRole('link', { name: 'Continue to Selah' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(reminder).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(reminder).toHaveCount(0);
  });

  test('a new e-mail address takes over only when its link is opened; other devices are signed out', async ({
    page,
    api,
    login,
  }) => {
    const user = await newUser(api);
    const otherDevice = await api.login(user.email, user.password);
    await login(user, '/settings');
    const next = uniqueEmail('moved');

    await page.getByRole('button', { name: 'Change e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change e-mail address' });
    await dialog.getByLabel('New e-mail address').fill(next);
    await dialog.getByLabel('Current password').fill(user.password);
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await expect(
      toast(
        page,
        'Check your inbox',
        `We sent a link to ${next}. Your address changes when you open it.`,
      ),
    ).toBeVisible();
    await expect(page.getByTestId('current-email')).toHaveText(user.email);
    expect((await api.me(otherDevice.token)).status()).toBe(200);

    const token = await latestLinkToken(
      next,
      'Confirm your new e-mail address for Selah',
      '/verify-email',
    );
    await page.goto(`/verify-email?token=${encodeURIComponent(token)}`);
    await expect(
      page.getByText(`You now sign in with ${next}. Your other devices were signed out.`),
    ).toBeVisible();
    expect((await api.me(otherDevice.token)).status()).toBe(401);
    expect(await api.loginStatus(next, user.password)).toBe(200);
    expect(await api.loginStatus(user.email, user.password)).toBe(401);
  });

  test('Clear Data asks for the password', async ({ page, api, login }) => {
    const user = await newUser(api);
    await login(user, '/settings?tab=privacy');

    await page.getByRole('button', { name: 'Clear Data' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Clear all your data?' });
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByLabel('Your password').fill(WRONG_CONFIRM_PASSWORD);
    await dialog.getByRole('button', { name: 'Clear Data' }).click();
    await expect(dialog.getByText('That password is not right.')).toBeVisible();
    await dialog.getByLabel('Your password').fill(user.password);
    await dialog.getByRole('button', { name: 'Clear Data' }).click();
    await expect(toast(page, 'Data cleared')).toBeVisible();
  });
});
