import type { APIRequestContext } from '@playwright/test';
import { expect, test, toast } from '../fixtures.ts';
import { TEST_PASSWORD, uniqueEmail, type Api, type TestUser } from '../support/api.ts';
import { COUNTRY_TEST_HEADER } from '../support/settings.ts';

/**
 * A new password account. The id comes from signing in, so this works whether or not the
 * sign-up answer names the user.
 */
async function newUser(api: Api, firstName: string): Promise<TestUser> {
  const input = { firstName, lastName: 'Tester', email: uniqueEmail(), password: TEST_PASSWORD };
  const response = await api.request.post('/api/auth/register', { data: input });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = await api.login(input.email, input.password);
  return { ...input, id: user._id };
}

async function createJournal(request: APIRequestContext, token: string, title: string) {
  const response = await request.post('/api/journals', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, isPrivate: true },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe('Plans and payments', () => {
  test('a visitor from Nigeria sees naira and upgrades to Premium through the payment widget', async ({
    page,
    api,
    login,
  }) => {
    // The stack reads the visitor's country from this header (a CDN's country header in production).
    await page.setExtraHTTPHeaders({ [COUNTRY_TEST_HEADER]: 'NG' });
    const user = await newUser(api, 'Ada');
    const session = await login(user, '/pricing');

    await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
    const ministry = page.getByRole('article', { name: 'Ministry' });
    const premium = page.getByRole('article', { name: 'Premium' });
    await expect(ministry.getByText('₦16,000', { exact: true })).toBeVisible();
    await expect(premium.getByText('₦7,984', { exact: true })).toBeVisible();
    await expect(premium.getByText('Most Popular')).toBeVisible();
    await expect(page.getByText(/Prices for Nigeria, in naira\./)).toBeVisible();
    await expect(
      page.getByRole('article', { name: 'Free' }).getByText('Current plan', { exact: true }),
    ).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Upgrade' })).toBeVisible();

    await premium.getByRole('button', { name: 'Choose Premium' }).click();

    // The stand-in widget pays at once and calls back; the server verifies with "Flutterwave".
    await expect(toast(page, 'Payment Successful!', 'Your plan has been upgraded.')).toBeVisible();
    await expect(header.getByRole('link', { name: 'Premium', exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
    await expect(premium.getByText('Current plan', { exact: true })).toBeVisible();
    await expect(premium.getByText(/^Active until /)).toBeVisible();
    await expect(premium.getByRole('button', { name: 'Renew Premium' })).toBeEnabled();

    // The server agrees: Premium (not Ministry) is the plan in force.
    const me = (await (await api.me(session.token)).json()) as { plan?: string };
    expect(me.plan).toBe('premium');

    // And it survives a reload.
    await page.reload();
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Premium', exact: true }),
    ).toBeVisible();
  });

  test('a Premium user moving up to Ministry gets a Ministry month plus their Premium time by value', async ({
    page,
    api,
    login,
  }) => {
    await page.setExtraHTTPHeaders({ [COUNTRY_TEST_HEADER]: 'US' });
    const user = await newUser(api, 'Efe');
    await api.upgrade(user, 'premium');
    const session = await login(user, '/pricing');

    const ministry = page.getByRole('article', { name: 'Ministry' });
    const premium = page.getByRole('article', { name: 'Premium' });
    await expect(premium.getByText('Current plan', { exact: true })).toBeVisible();
    await expect(page.getByText(/paying never lowers or shortens it/)).toBeVisible();
    // A month of Premium ($4.99) is worth 3 days of Ministry ($50 in the US).
    const choose = ministry.getByRole('button', { name: 'Choose Ministry' });
    await expect(choose).toHaveAccessibleDescription(
      /^Paying now gives you Ministry until .+: a month, plus your remaining Premium time as about 3 days of Ministry\.$/,
    );
    await expect(
      premium.getByRole('button', { name: 'Renew Premium' }),
    ).toHaveAccessibleDescription(
      /^Paying now adds a month after your current end: Premium until /,
    );

    await choose.click();
    await expect(toast(page, 'Payment Successful!', 'Your plan has been upgraded.')).toBeVisible();
    await expect(ministry.getByText('Current plan', { exact: true })).toBeVisible();
    await expect(ministry.getByText(/^Active until /)).toBeVisible();

    // The server agrees: Ministry, for a month and about 3 days, not two months.
    const sub = (await (
      await page.request.get('/api/subscription', {
        headers: { authorization: `Bearer ${session.token}` },
      })
    ).json()) as { effectivePlan: string; expiresAt: string };
    expect(sub.effectivePlan).toBe('ministry');
    const days = (new Date(sub.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(30);
    expect(days).toBeLessThan(35);
  });

  test('a Free user creating a 4th journal is told the limit, with an Upgrade link', async ({
    page,
    api,
    login,
    request,
  }) => {
    const user = await newUser(api, 'Bola');
    const { token } = await api.login(user.email, user.password);
    for (const title of ['Morning', 'Evening', 'Family']) {
      await createJournal(request, token, `${title} Prayers`);
    }
    await login(user, '/journals');

    await page.getByRole('button', { name: 'New Journal', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Journal' });
    await dialog.getByLabel('Title').fill('A fourth journal');
    await dialog.getByRole('button', { name: 'Create Journal' }).click();

    const notice = dialog.getByRole('alert');
    await expect(notice).toContainText('The Free plan allows 3 journals.');
    await expect(dialog.getByLabel('Title')).toHaveValue('A fourth journal');
    await notice.getByRole('link', { name: 'Upgrade' }).click();

    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole('article', { name: 'Premium' })
        .getByRole('button', { name: 'Choose Premium' }),
    ).toBeEnabled();
  });

  test('a Premium user exports a journal as a real PDF and opens its print view', async ({
    page,
    api,
    login,
    request,
  }) => {
    const user = await newUser(api, 'Chidi');
    await api.upgrade(user, 'premium');
    const { token } = await api.login(user.email, user.password);
    await createJournal(request, token, 'Harvest Prayers');
    // The print view opens the browser's print dialog by itself: count the calls instead.
    await page.addInitScript(() => {
      (window as unknown as { printCalls: number }).printCalls = 0;
      window.print = () => {
        (window as unknown as { printCalls: number }).printCalls += 1;
      };
    });
    await login(user, '/prayer-requests');

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Prayer Journal' });
    await expect(dialog.getByRole('combobox', { name: 'Journal' })).toHaveText('Harvest Prayers');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('switch', { name: 'Include notes and updates' }).click();

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('harvest-prayers.pdf');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(toast(page, 'Export successful!')).toBeVisible();

    await dialog.getByRole('link', { name: 'Print' }).click();
    await expect(page).toHaveURL(/\/journal\/[^/]+\/print\?answered=true&verses=true&notes=false$/);
    await expect(page.getByRole('heading', { name: 'Harvest Prayers', level: 1 })).toBeVisible();
    await expect(page.getByText('No prayers to show.')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls))
      .toBe(1);
  });
});
