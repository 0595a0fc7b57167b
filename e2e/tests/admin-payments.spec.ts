import { expect, test } from '../fixtures.ts';
import { TEST_PASSWORD, type TestUser } from '../support/api.ts';
import { E2E_ADMIN } from '../support/settings.ts';

const operator: TestUser = { ...E2E_ADMIN, password: TEST_PASSWORD, id: '' };

interface Checkout {
  txRef: string;
  amount: number;
  currency: string;
}

test.describe('The operators’ view of payments', () => {
  test('a customer charged twice: the second charge shows as needing a refund, then refunded', async ({
    page,
    api,
    login,
    openAs,
  }) => {
    const customer = await api.createUser({ firstName: 'Ngozi' });
    const { token } = await api.login(customer.email, customer.password);
    const headers = { authorization: `Bearer ${token}` };
    const charge = (checkout: Checkout, refund?: 'unavailable') =>
      api.chargeAtFlutterwave(checkout, refund ? { refund } : {});
    const subscribe = (transactionId: number) =>
      api.request.post('/api/subscription/subscribe', {
        data: { plan: 'premium', transactionId },
        headers,
      });
    const started = async () =>
      (await (
        await api.request.post('/api/subscription/checkout', { data: { plan: 'premium' }, headers })
      ).json()) as Checkout;

    // One checkout paid twice; Flutterwave refunds the second charge at once.
    const first = await started();
    expect((await subscribe(await charge(first))).status()).toBe(200);
    const again = await subscribe(await charge(first));
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/has been refunded\.$/);
    // Another checkout paid twice while Flutterwave's refunds are down: it waits for a refund.
    const second = await started();
    expect((await subscribe(await charge(second))).status()).toBe(200);
    expect((await subscribe(await charge(second, 'unavailable'))).status()).toBe(409);

    await login(operator, '/dashboard');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Payments' }).click();
    await expect(page).toHaveURL(/\/admin\/payments$/);
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();

    const list = page.getByRole('list', { name: 'Payments' });
    const mine = list.getByRole('listitem').filter({ hasText: customer.email });
    await expect(mine).toHaveCount(4);
    await expect(mine.filter({ hasText: 'Needs refund' })).toContainText(
      'Last attempt: Flutterwave unavailable (refund answered 503)',
    );
    await expect(mine.filter({ hasText: 'Refunded on' })).toContainText(
      /Refunded on .+ \(Flutterwave refund \d+\)/,
    );
    await expect(mine.filter({ hasText: 'Successful' })).toHaveCount(2);

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Needs refund' }).click();
    await expect(list.getByRole('listitem').filter({ hasText: customer.email })).toHaveCount(1);

    // The customer is no operator: the page does not exist for them.
    const theirs = await openAs(customer, '/admin/payments');
    await expect(theirs.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible();
    const direct = await api.request.get('/api/admin/payments', { headers });
    expect(direct.status()).toBe(404);
  });
});
