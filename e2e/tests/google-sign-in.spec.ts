import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, toast } from '../fixtures.ts';
import { SQUATTER_PASSWORD, uniqueEmail } from '../support/api.ts';
import { APP_URL } from '../support/settings.ts';

/** Starts the Google sign-in from /login; records every /auth/callback URL the browser opens. */
async function signInWithGoogle(page: Page): Promise<string[]> {
  const callbackUrls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/auth/callback') {
      callbackUrls.push(frame.url());
    }
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  return callbackUrls;
}

async function signOutLocally(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.clear());
}

function googleUser() {
  return {
    sub: `google-${randomBytes(6).toString('hex')}`,
    email: uniqueEmail('google'),
    email_verified: true,
    given_name: 'Lydia',
    family_name: 'Thyatira',
  };
}

test.describe('Google sign-in (local OpenID provider)', () => {
  test('creates the account the first time and welcomes back the second time', async ({
    page,
    api,
    oidc,
  }) => {
    const claims = googleUser();
    await oidc.set({ kind: 'login', claims });

    const callbacks = await signInWithGoogle(page);
    await expect(
      toast(page, 'Welcome to Selah, Lydia! Your account has been created.'),
    ).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}/dashboard`);
    // The single-use code came through the callback URL but is gone from the address bar.
    expect(callbacks.some((url) => new URL(url).searchParams.has('token'))).toBe(true);
    expect(page.url()).not.toContain('token=');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const me = await api.me(token!);
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email: claims.email, firstName: 'Lydia' });

    await signOutLocally(page);
    await signInWithGoogle(page);
    await expect(toast(page, 'Welcome back, Lydia!')).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}/dashboard`);
    const second = await page.evaluate(() => localStorage.getItem('token'));
    expect((await (await api.me(second!)).json()) as unknown).toMatchObject({
      email: claims.email,
    });
  });

  test('a used callback code cannot be replayed', async ({ page, api, oidc }) => {
    await oidc.set({ kind: 'login', claims: googleUser() });
    const callbacks = await signInWithGoogle(page);
    await expect(page).toHaveURL(`${APP_URL}/dashboard`);
    const used = callbacks.find((url) => new URL(url).searchParams.has('token'));
    expect(used).toBeDefined();
    const code = new URL(used!).searchParams.get('token')!;

    // Straight to the API: the code was exchanged once already.
    expect((await api.exchange(code)).status()).toBe(401);

    // And through the browser: no session, back to /login with a failure toast.
    await signOutLocally(page);
    await page.goto(used!);
    await expect(
      toast(
        page,
        'Authentication Error',
        'An error occurred during authentication. Please try again.',
      ).or(toast(page, 'Authentication Failed')),
    ).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('cancelling at the provider returns to /login', async ({ page, oidc }) => {
    await oidc.set({ kind: 'cancel' });
    await signInWithGoogle(page);
    await expect(
      toast(page, 'Authentication Failed', 'Authentication was cancelled.'),
    ).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('an ID token the app must refuse fails the sign-in', async ({ page, oidc }) => {
    await oidc.set({ kind: 'bad-token', claims: googleUser() });
    await signInWithGoogle(page);
    await expect(
      toast(page, 'Authentication Failed', 'Authentication failed. Please try again.'),
    ).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a provider error fails the sign-in', async ({ page, oidc }) => {
    await oidc.set({ kind: 'provider-error' });
    await signInWithGoogle(page);
    await expect(
      toast(page, 'Authentication Failed', 'OAuth error occurred. Please try again.'),
    ).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}/login`);
  });

  test("whoever registered someone else's address with a password loses the account when its owner signs in with Google", async ({
    page,
    api,
    oidc,
  }) => {
    const address = uniqueEmail('victoria');
    // Someone registers Victoria's address with a password of their own and stays signed in.
    const squatter = await api.createUser({ email: address, password: SQUATTER_PASSWORD });
    const squatterSession = await api.login(address, SQUATTER_PASSWORD);

    // Victoria signs in with Google, which has verified the address.
    await oidc.set({
      kind: 'login',
      claims: { ...googleUser(), email: address, given_name: 'Victoria' },
    });
    await signInWithGoogle(page);
    await expect(page).toHaveURL(`${APP_URL}/dashboard`);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(await (await api.me(token!)).json()).toMatchObject({
      _id: squatter.id,
      emailVerified: true,
    });

    // Neither the squatter's session nor their password reaches the account any more.
    expect((await api.me(squatterSession.token)).status()).toBe(401);
    expect(await api.loginStatus(address, SQUATTER_PASSWORD)).toBe(401);
  });

  test('a Google account whose address Google has not verified neither signs up nor signs in', async ({
    page,
    api,
    oidc,
  }) => {
    const existing = await api.createUser();
    for (const email of [uniqueEmail('unverified'), existing.email]) {
      await oidc.set({ kind: 'login', claims: { ...googleUser(), email, email_verified: false } });
      await signInWithGoogle(page);
      await expect(
        toast(
          page,
          'Authentication Failed',
          'Google has not verified the e-mail address of this Google account. Verify it with Google, or sign up with your e-mail address and a password.',
        ),
      ).toBeVisible();
      await expect(page).toHaveURL(`${APP_URL}/login`);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    }
    expect(await api.loginStatus(existing.email, existing.password)).toBe(200);
  });

  test('the sign-in code works only in the browser that started the sign-in', async ({
    page,
    browser,
    oidc,
  }) => {
    await oidc.set({ kind: 'login', claims: googleUser() });
    // This browser is slow to exchange its code; meanwhile the code leaks (a shared screen).
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/exchange', async (route) => {
      await released;
      await route.continue();
    });
    const callbacks = await signInWithGoogle(page);
    await expect.poll(() => callbacks.length).toBeGreaterThan(0);
    const leaked = callbacks.find((url) => new URL(url).searchParams.has('token'))!;

    const elsewhere = await browser.newContext({ baseURL: APP_URL });
    const other = await elsewhere.newPage();
    await other.goto(leaked);
    await expect(
      toast(
        other,
        'Authentication Error',
        'An error occurred during authentication. Please try again.',
      ),
    ).toBeVisible();
    await expect(other).toHaveURL(`${APP_URL}/login`);
    expect(await other.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await elsewhere.close();

    // The browser that started it still signs in with it: the other one did not use it up.
    release();
    await expect(page).toHaveURL(`${APP_URL}/dashboard`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  test("a sign-up through a friend's invite link keeps the invite with Google too", async ({
    page,
    api,
    oidc,
    openAs,
  }) => {
    const ruth = await api.createUser({ firstName: 'Ruth', lastName: 'Moab' });
    const ruthsPage = await openAs(ruth, '/friends');
    await ruthsPage.getByRole('button', { name: 'Create invite link' }).click();
    const linkBox = ruthsPage.getByRole('textbox', { name: 'Your invite link' });
    await expect(linkBox).toHaveValue(new RegExp(`^${APP_URL}/signup\\?invite=`));
    const inviteLink = await linkBox.inputValue();

    await oidc.set({ kind: 'login', claims: { ...googleUser(), given_name: 'Orpah' } });
    await page.goto(inviteLink);
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await expect(
      toast(page, 'Welcome to Selah, Orpah! Your account has been created.'),
    ).toBeVisible();
    await page.goto('/friends?tab=requests');
    await expect(page.getByText('Ruth Moab', { exact: false }).first()).toBeVisible();
  });

  test('a Google-only account confirms with Google before it deletes itself', async ({
    page,
    api,
    oidc,
  }) => {
    const claims = googleUser();
    await oidc.set({ kind: 'login', claims });
    await signInWithGoogle(page);
    await expect(page).toHaveURL(`${APP_URL}/dashboard`);
    const token = await page.evaluate(() => localStorage.getItem('token'));

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    let dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog.getByLabel('Your password')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Confirm with Google' }).click();

    // Back from Google: the dialog is open again, confirmed.
    await expect(page).toHaveURL(`${APP_URL}/settings`);
    dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog.getByText('Confirmed with Google. Finish within 5 minutes.')).toBeVisible();
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(toast(page, 'Account deleted')).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}/`);
    expect((await api.me(token!)).status()).toBe(401);
  });
});
