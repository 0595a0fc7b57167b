import { expect, PAGE_COOKIE, test } from '../fixtures.ts';
import { APP_URL } from '../support/settings.ts';

/**
 * Signed-in pages rendered by the server with the user's data (ADRs 033 and 045): the sign-in
 * sets an HttpOnly page cookie, the dashboard and a journal arrive as HTML with their data, and
 * the browser hydrates that page without reading the data again; logging out removes the cookie.
 */
test('a signed-in page arrives with its data and comes alive; logging out ends it', async ({
  page,
  api,
  context,
}) => {
  const user = await api.createUser();
  const { token } = await api.login(user.email, user.password);
  const headers = { authorization: `Bearer ${token}` };
  const journal = await api.request.post('/api/journals', {
    headers,
    data: { title: 'Rendered on the server', description: 'For the family', isPrivate: true },
  });
  expect(journal.ok()).toBe(true);
  const journalId = ((await journal.json()) as { _id: string })._id;
  const prayer = await api.request.post('/api/prayers', {
    headers,
    data: {
      title: 'Healing for grandmother',
      content: 'That she may walk again.',
      category: 'Health',
      journal: journalId,
      isPrivate: true,
    },
  });
  expect(prayer.ok()).toBe(true);

  // The real sign-in form: the server's answer sets the cookie.
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${APP_URL}/dashboard`);
  const cookie = (await context.cookies()).find((c) => c.name === PAGE_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));

  // Neither the journal nor the routes' manifest is read again: the page came with both (the
  // framework's lazy route discovery would fetch /__manifest and then render the page again).
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === `/api/journals/${journalId}` || pathname === '/__manifest')
      reads.push(request.url());
  });
  const response = await page.goto(`/journal/${journalId}`);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  const html = (await response?.text()) ?? '';
  // Before any script has run: the journal, its prayer and the user's shell are in the HTML.
  expect(html).toContain('<title>Rendered on the server · Selah</title>');
  expect(html).toContain('Healing for grandmother');
  expect(html).toContain(user.email);

  // Then the live page: usable, hydrated from the data that came with it (not read again),
  // nothing logged.
  await page.getByRole('tab', { name: /Answered/ }).click();
  await expect(page.getByText('Healing for grandmother')).toBeHidden();
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page.getByText('Healing for grandmother')).toBeVisible();
  expect(reads).toEqual([]);
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(errors).toEqual([]);

  // Logging out removes the cookie: the next visit gets the plain app, which asks to sign in.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${APP_URL}/`);
  expect((await context.cookies()).find((c) => c.name === PAGE_COOKIE)).toBeUndefined();
  const after = await page.goto(`/journal/${journalId}`);
  expect(await after?.text()).not.toContain('Healing for grandmother');
  await expect(page).toHaveURL(/\/login(\?|$)/);
});
