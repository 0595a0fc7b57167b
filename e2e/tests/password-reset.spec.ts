import { expect, test, toast } from '../fixtures.ts';
import { RESET_PASSWORD as NEW_PASSWORD, waitForMail } from '../support/api.ts';
import { APP_URL } from '../support/settings.ts';

test('resets a forgotten password through the e-mailed link', async ({ page, api }) => {
  const user = await api.createUser({ firstName: 'Miriam' });
  // A session opened before the reset must end with it.
  const before = await api.login(user.email, user.password);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(`${APP_URL}/forgot-password`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText(
      "If an account exists for that address, we've sent a link to reset your password.",
    ),
  ).toBeVisible();

  const mail = await waitForMail(user.email, { subject: 'Reset your Selah password' });
  expect(mail.text).toContain('Hello Miriam,');
  const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)?.[0];
  expect(link, 'the mail carries a reset link').toBeDefined();
  expect(link!.startsWith(`${APP_URL}/reset-password?token=`)).toBe(true);

  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(toast(page, 'Password updated')).toBeVisible();
  await expect(page).toHaveURL(`${APP_URL}/login`);

  // The old session is revoked and the old password no longer works.
  expect((await api.me(before.token)).status()).toBe(401);
  expect(await api.loginStatus(user.email, user.password)).toBe(401);

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Login Failed')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(`${APP_URL}/dashboard`);

  // The link is single-use.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('Selah-e2e-Third-55#');
  await page.getByLabel('Confirm new password').fill('Selah-e2e-Third-55#');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(toast(page, 'Reset Failed')).toBeVisible();
});
