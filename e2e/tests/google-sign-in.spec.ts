import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, toast } from '../fixtures.ts';
import { uniqueEmail } from '../support/api.ts';
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
});
