import type { Page } from '@playwright/test';
import { expect, test, toast } from '../fixtures.ts';
import { type Api, TEST_PASSWORD, type TestUser, uniqueEmail } from '../support/api.ts';
import { APP_URL } from '../support/settings.ts';

// A church member in Lagos (issue 29 §1, ADR 057).
test.use({ timezoneId: 'Africa/Lagos' });

/**
 * An account as an earlier Selah left it: a zone stored (here by a sign-up that sent one) that
 * the person never chose, or none at all.
 */
async function accountWith(api: Api, timeZone?: string): Promise<TestUser> {
  const input = {
    firstName: 'Adaeze',
    lastName: 'Okafor',
    email: uniqueEmail('lagos'),
    password: TEST_PASSWORD,
  };
  const response = await api.request.post('/api/auth/register', {
    data: { ...input, ...(timeZone && { timeZone }) },
  });
  expect(response.ok()).toBe(true);
  const session = await api.login(input.email, input.password);
  return { ...input, id: session.user._id };
}

const prompt = (page: Page) => page.getByRole('region', { name: 'Time zone' });
const zonePicker = (page: Page) => page.getByRole('combobox', { name: 'Time zone' });

test.describe('Time zones for the people who use Selah', () => {
  test('an account left on Eastern Time: saving the bio keeps it, the app asks once, Switch moves her to Lagos', async ({
    page,
    api,
    login,
  }) => {
    const user = await accountWith(api, 'America/New_York');
    await login(user, '/settings');

    await expect(prompt(page)).toHaveText(
      /Your device says Africa\/Lagos; Selah uses Eastern Time\. Switch\?/,
    );
    await expect(zonePicker(page)).toContainText('Eastern Time · America/New_York');

    // Saving the bio sends the bio only.
    const sent = page.waitForRequest(
      (request) => request.url().endsWith('/api/users/me/profile') && request.method() === 'PUT',
    );
    await page.getByLabel('Bio').fill('Praying for Lagos.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    expect((await sent).postDataJSON()).toEqual({ bio: 'Praying for Lagos.' });
    await expect(toast(page, 'Profile updated!')).toBeVisible();
    await expect(prompt(page)).toBeVisible();

    await prompt(page).getByRole('button', { name: 'Switch' }).click();
    await expect(
      toast(page, 'Time zone saved', 'Selah uses Africa/Lagos for your days and reminders.'),
    ).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
    await expect(zonePicker(page)).toContainText('Africa/Lagos');

    // Remembered by the account: not asked again, here or on another page.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
    const stats = await api.request.get('/api/stats', {
      headers: { authorization: `Bearer ${(await api.login(user.email, user.password)).token}` },
    });
    expect((await stats.json()) as { timeZone: string }).toMatchObject({
      timeZone: 'Africa/Lagos',
    });
  });

  test("an account with no zone: Settings shows this device's, searchable among every zone; Keep stays on UTC", async ({
    page,
    api,
    login,
  }) => {
    const user = await accountWith(api);
    await login(user, '/settings');

    await expect(zonePicker(page)).toContainText('Africa/Lagos');
    await expect(page.getByText(/From this device, not saved yet/)).toBeVisible();
    await expect(prompt(page)).toHaveText(/Your device says Africa\/Lagos; Selah uses UTC\./);

    await zonePicker(page).click();
    const search = page.getByRole('combobox', { name: 'Search time zones' });
    await expect(search).toBeFocused();
    const list = page.getByRole('listbox', { name: 'Time zones' });
    await expect(list.getByRole('group').first()).toHaveAccessibleName('This device');
    for (const name of ['Eastern Time', 'GMT', 'Central European Time', 'Lagos']) {
      await search.fill(name);
      await expect(list.getByRole('option').first()).toBeVisible();
    }
    await page.keyboard.press('Escape');

    await prompt(page).getByRole('button', { name: 'Keep' }).click();
    await expect(
      toast(page, 'Time zone saved', 'Selah uses UTC for your days and reminders.'),
    ).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
    await page.reload();
    await expect(zonePicker(page)).toContainText('UTC');
    await expect(prompt(page)).toHaveCount(0);
  });

  test('a sign-up in Lagos starts in Lagos time, and nothing asks', async ({ page }) => {
    const email = uniqueEmail('signup-lagos');
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Ngozi');
    await page.getByLabel('Last name').fill('Eze');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('checkbox', { name: /agree to the Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(`${APP_URL}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`${APP_URL}/dashboard`);

    await page.goto('/settings');
    await expect(zonePicker(page)).toContainText('Africa/Lagos');
    await expect(
      page.getByText('Your statistics and daily reminders follow this time zone.'),
    ).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
  });
});
