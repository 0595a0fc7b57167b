import { expect, readLocalStorage, test, toast } from '../fixtures.ts';
import { TEST_PASSWORD, uniqueEmail, waitForMail, WRONG_PASSWORD } from '../support/api.ts';
import { APP_URL } from '../support/settings.ts';

test.describe('Email and password sign-in', () => {
  test('signs up (terms required), signs in, and signs out', async ({ page, api }) => {
    const email = uniqueEmail('signup');
    const registerCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/register')
        registerCalls.push(request.method());
    });

    await page.goto('/signup');
    await page.getByLabel('First name').fill('Ruth');
    await page.getByLabel('Last name').fill('Moabite');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);

    // Without the terms ticked: a destructive toast, and nothing is sent.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      toast(
        page,
        'Please agree to the Terms',
        'You must agree to the Terms of Service and Privacy Policy to continue.',
      ),
    ).toBeVisible();
    expect(registerCalls).toEqual([]);

    await page.getByRole('checkbox', { name: /agree to the Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(toast(page, 'Account created!')).toBeVisible();
    // No automatic sign-in: the user lands on the sign-in screen.
    await expect(page).toHaveURL(`${APP_URL}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(toast(page, 'Welcome back!', "You've successfully logged in.")).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}/dashboard`);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    expect((await api.me(token!)).status()).toBe(200);

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    // Soft: where logout lands is checked, and the storage and server checks still run.
    await expect.soft(page).toHaveURL(`${APP_URL}/`);
    await expect.poll(() => readLocalStorage(page)).toEqual({});
    // The session is revoked on the server, not only forgotten by the browser.
    expect((await api.me(token!)).status()).toBe(401);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

    test('an empty sign-up says each field; after sign-up, "Check your e-mail" with the address kept', async ({
      page,
    }) => {
      const email = uniqueEmail('check-mail');
      await page.goto('/signup');

      // Sent empty: each field says what it needs, at the field (issue 29 §5).
      await page.getByRole('button', { name: 'Create account' }).tap();
      await expect(page.getByText('First name is required.')).toBeVisible();
      await expect(page.getByText('Last name is required.')).toBeVisible();
      await expect(page.getByLabel('First name')).toBeFocused();
      await expect(
        page.getByRole('checkbox', { name: /agree to the Terms/ }),
      ).toHaveAccessibleDescription(
        'You must agree to the Terms of Service and Privacy Policy to continue.',
      );

      await page.getByLabel('First name').fill('Ṣadé');
      await page.getByLabel('Last name').fill('Bello');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole('checkbox', { name: /agree to the Terms/ }).tap();
      await page.getByRole('button', { name: 'Create account' }).tap();

      await expect(page).toHaveURL(`${APP_URL}/login`);
      const notice = page.getByRole('region', { name: 'Check your e-mail' });
      await expect(notice).toContainText(`We sent a link to ${email} to confirm your address.`);
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
      await waitForMail(email);

      // A reload keeps the notice and the address (history state, never the URL).
      await page.reload();
      await expect(notice).toBeVisible();
      await expect(page.getByLabel('Email')).toHaveValue(email);

      await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).tap();
      await expect(page).toHaveURL(`${APP_URL}/dashboard`);
    });
  });

  test('shows Login Failed for a wrong password', async ({ page, api }) => {
    const user = await api.createUser();
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(WRONG_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(toast(page, 'Login Failed')).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('sends visitors of a protected page to sign in, then back to that page', async ({
    page,
    api,
  }) => {
    const user = await api.createUser();
    await page.goto('/journals');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(toast(page, 'Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}/journals`);
  });

  test('a stored session the server no longer accepts leaves no trace in the browser on the way to sign in, before the app starts', async ({
    page,
    api,
    login,
  }) => {
    const user = await api.createUser();
    const session = await login(user, '/journals');
    await expect(page.getByRole('heading', { name: 'Journals', level: 1 })).toBeVisible();
    // The tab is closed; meanwhile the user signs out everywhere from another device. This
    // browser still holds the token (no open page of ours heard of it).
    const context = page.context();
    await page.close();
    const other = await api.login(user.email, user.password);
    // From another device: its own cookie jar (this browser's page cookie stays as it was).
    const out = await api.request.post('/api/auth/logout-all', {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(out.status()).toBe(204);
    expect((await api.me(session.token)).status()).toBe(401);

    // Back to a signed-in page, with the app's scripts held back: nothing of ours runs, and the
    // stored session must still be gone when the sign-in page is on screen.
    const next = await context.newPage();
    await next.route('**/assets/*.js', (route) => route.abort());
    await next.goto('/dashboard');
    await expect(next).toHaveURL(/\/login(\?|$)/);
    await expect(next.getByRole('heading', { name: 'Sign in to Selah' })).toBeVisible();
    const stored = await readLocalStorage(next);
    expect(
      Object.values(stored).filter((value) => value.includes(session.token.slice(-20))),
    ).toEqual([]);
    expect(stored.token).toBeUndefined();
    expect(stored.user).toBeUndefined();
    expect(stored['auth-storage']).toBeUndefined();
  });

  test('an open page whose session is ended elsewhere goes to sign in by itself, within seconds', async ({
    page,
    api,
    login,
  }) => {
    const user = await api.createUser();
    await login(user, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // The bell's live stream is open.
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await page.waitForTimeout(500);

    const other = await api.login(user.email, user.password);
    const out = await page.request.post('/api/auth/logout-all', {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(out.status()).toBe(204);
    // No click, no navigation: the ended stream tells the page.
    await expect(page).toHaveURL(/\/login(\?|$)/, { timeout: 5_000 });
    await expect.poll(() => readLocalStorage(page)).toEqual({});
  });

  test('signs out everywhere from Settings: this browser and every other session end', async ({
    page,
    api,
    login,
  }) => {
    const user = await api.createUser();
    const here = await login(user, '/settings');
    const phone = await api.login(user.email, user.password);
    expect((await api.me(phone.token)).status()).toBe(200);

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();

    await expect(toast(page, 'Signed out everywhere')).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}/`);
    expect((await api.me(phone.token)).status()).toBe(401);
    expect((await api.me(here.token)).status()).toBe(401);
    await expect.poll(() => readLocalStorage(page)).toEqual({});
  });
});
