import { expect, test } from '../fixtures.ts';
import { type Api, TEST_PASSWORD, type TestUser, uniqueEmail } from '../support/api.ts';

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

test.describe('Landing page', () => {
  test('Sign In and Join Free lead to their screens', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('A quiet place to pray');
    await expect(
      page.getByRole('region', { name: /Three steps/ }).getByRole('listitem'),
    ).toHaveCount(3);
    await expect(
      page.getByRole('region', { name: /Everything you need to pray/ }).getByRole('listitem'),
    ).toHaveCount(4);

    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Selah' })).toBeVisible();

    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'Join Free' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });

  test('a signed-in visitor can go back to the dashboard', async ({ page, api, login }) => {
    await login(await newUser(api), '/');
    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });
});

test.describe('Trade page', () => {
  test('counts down from 23:45:32 and climbs the profit counter to 847', async ({ page }) => {
    await page.goto('/trade');
    await expect(page.getByRole('heading', { name: 'Trading Signals', level: 1 })).toBeVisible();
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText(/^23:45:(3[0-2]|2\d)$/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first!);

    await expect(page.getByTestId('profit-value')).toHaveText('+$847');
    await expect(page.getByText('$150 broker funding', { exact: true })).toBeVisible();
    await expect(page.getByText('First month free', { exact: true })).toBeVisible();
    await expect(page.getByText('$97/month after that', { exact: true })).toBeVisible();
  });

  test('rotates the testimonials every 4 seconds', async ({ page }) => {
    await page.goto('/trade');
    const shown = page.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');
    await expect(shown).toHaveCount(1);
    await expect(shown).toHaveAttribute('aria-label', '1 of 4');
    await expect(shown).toHaveAttribute('aria-label', '2 of 4', { timeout: 6_000 });
    await expect(shown).toHaveAttribute('aria-label', '3 of 4', { timeout: 6_000 });

    await page.getByRole('button', { name: 'Pause testimonials' }).click();
    await page.waitForTimeout(4_500);
    await expect(shown).toHaveAttribute('aria-label', '3 of 4');
  });

  test('shows the final profit at once when the system asks for reduced motion', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/trade');
    await expect(page.getByRole('timer')).toBeVisible();
    // The page is rendered on the server, which cannot know the preference: once hydrated the
    // final value is shown at once, not climbed to.
    await expect(page.getByTestId('profit-value')).toHaveText('+$847', { timeout: 1_500 });
  });
});
