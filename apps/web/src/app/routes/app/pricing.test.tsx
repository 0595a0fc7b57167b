import type { PaidPlanId } from '@selah/shared/schemas/billing';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/app/testing/render-route';
import type { FlutterwaveConfig, FlutterwaveModal } from '@/features/billing/utils/flutterwave';
import { buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { PLAN_CHANGE_SMALL_PRINT } from '@/features/billing/components/pricing-page';
import { buildCheckout, buildPricing, buildSubscription } from '@/testing/billing-factories';
import { expectToast } from '@/testing/toasts';

const SCRIPT_URL = 'https://checkout.flutterwave.test/v3.js';
const me = buildUser({ firstName: 'Jane', email: 'jane@example.com', username: 'jane' });

const card = (name: string) => screen.getByRole('article', { name });

/** The price line of a plan card ('$4.99/mo'). */
const priceOf = (name: string) => within(card(name)).getByText('/mo').parentElement!.textContent;

const scriptTags = () =>
  [...document.head.querySelectorAll('script')].filter((script) => script.src === SCRIPT_URL);

/**
 * Stands in for the browser fetching the checkout script: each new tag loads (defining
 * `FlutterwaveCheckout` as `widget`) or fails, as `outcome(attempt)` says.
 */
function fakeCheckoutScript(
  outcome: (attempt: number) => 'load' | 'error',
  widget: (config: FlutterwaveConfig) => FlutterwaveModal = () => ({}),
) {
  let attempts = 0;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLScriptElement) || node.src !== SCRIPT_URL) continue;
        attempts += 1;
        const event = outcome(attempts);
        if (event === 'load') {
          window.FlutterwaveCheckout = widget;
        }
        queueMicrotask(() => node.dispatchEvent(new Event(event)));
      }
    }
  });
  observer.observe(document.head, { childList: true });
  cleanups.push(() => observer.disconnect());
  return { attempts: () => attempts };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  vi.useRealTimers();
  cleanups.splice(0).forEach((cleanup) => cleanup());
  delete window.FlutterwaveCheckout;
  delete window.closePaymentModal;
  for (const script of scriptTags()) script.remove();
});

/** Records checkout and subscribe calls; subscribe answers as `subscribeAnswer` says. */
function servePayments(
  subscribeAnswer: (plan: PaidPlanId) => Response = (plan) =>
    HttpResponse.json({
      message: 'Your plan has been upgraded.',
      plan,
      expiresAt: '2026-12-22T10:00:00.000Z',
    }),
) {
  const checkouts: unknown[] = [];
  const subscribes: { plan: PaidPlanId; transactionId: string; amount: number }[] = [];
  let paidPlan: PaidPlanId | null = null;
  server.use(
    http.post(`${API}/subscription/checkout`, async ({ request }) => {
      const body = (await request.json()) as { plan: PaidPlanId };
      checkouts.push(body);
      return HttpResponse.json(buildCheckout(body.plan), { status: 201 });
    }),
    http.post(`${API}/subscription/subscribe`, async ({ request }) => {
      const body = (await request.json()) as (typeof subscribes)[number];
      subscribes.push(body);
      const response = subscribeAnswer(body.plan);
      if (response.ok) paidPlan = body.plan;
      return response;
    }),
    // After a payment the server reports the new plan.
    http.get(`${API}/auth/me`, () => HttpResponse.json({ ...me, plan: paidPlan ?? 'free' })),
    http.get(`${API}/subscription`, () => HttpResponse.json(buildSubscription(paidPlan ?? 'free'))),
  );
  return { checkouts, subscribes };
}

/** A stand-in for Flutterwave's widget that pays at once, as the real one calls back. */
function payingWidget(transactionId: number | string = 987654) {
  const configs: FlutterwaveConfig[] = [];
  const widget = (config: FlutterwaveConfig): FlutterwaveModal => {
    configs.push(config);
    setTimeout(() => {
      config.callback({
        status: 'successful',
        transaction_id: transactionId,
        tx_ref: config.tx_ref,
      });
    }, 0);
    return { close: vi.fn() };
  };
  return { widget, configs };
}

describe('/pricing plans and prices', () => {
  it('shows the three plans with the server prices in US dollars, Premium as Most Popular', async () => {
    await renderRoute('/pricing', { user: me });

    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    await waitFor(() => expect(priceOf('Ministry')).toBe('$50/mo'));
    expect(priceOf('Free')).toBe('$0/mo');
    expect(priceOf('Premium')).toBe('$4.99/mo');
    expect(screen.getAllByRole('article').map((item) => item.getAttribute('data-plan'))).toEqual([
      'free',
      'premium',
      'ministry',
    ]);
    expect(within(card('Premium')).getByText('Most Popular')).toBeInTheDocument();
    expect(within(card('Free')).queryByText('Most Popular')).not.toBeInTheDocument();
    expect(within(card('Ministry')).queryByText('Most Popular')).not.toBeInTheDocument();
    for (const feature of ['Create prayer groups', 'Export to PDF']) {
      expect(within(card('Premium')).getByText(feature)).toBeInTheDocument();
    }
    expect(within(card('Ministry')).getByText('Up to 100 members per journal')).toBeInTheDocument();
    expect(within(card('Free')).getByText('3 prayer journals')).toBeInTheDocument();
    expect(
      screen.getByText('Prices for United States, in US dollars.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByText(/card, mobile money and USSD/)).toBeInTheDocument();

    expect(within(card('Premium')).getByRole('button', { name: 'Choose Premium' })).toBeEnabled();
    expect(within(card('Ministry')).getByRole('button', { name: 'Choose Ministry' })).toBeEnabled();
  });

  it('shows naira with the ₦ sign and thousands separators for Nigeria', async () => {
    server.use(
      http.get(`${API}/subscription/pricing`, () =>
        HttpResponse.json(buildPricing({ country: 'NG' })),
      ),
    );
    await renderRoute('/pricing', { user: me });

    await waitFor(() => expect(priceOf('Ministry')).toBe('₦16,000/mo'));
    expect(priceOf('Premium')).toBe('₦7,984/mo');
    expect(priceOf('Free')).toBe('₦0/mo');
    expect(within(card('Ministry')).getByText('About $10 (US dollars)')).toBeInTheDocument();
    expect(within(card('Premium')).getByText('About $4.99 (US dollars)')).toBeInTheDocument();
    expect(screen.getByText(/Prices for Nigeria, in naira\./)).toBeInTheDocument();
  });

  it("shows the spec's fallback prices while the prices load, and buying waits", async () => {
    server.use(
      http.get(`${API}/subscription/pricing`, async () => {
        await delay('infinite');
        return HttpResponse.json(buildPricing());
      }),
    );
    await renderRoute('/pricing', { user: me });

    expect(screen.getByText('Loading the prices for your country...')).toBeInTheDocument();
    expect(priceOf('Ministry')).toBe('$9.99/mo');
    expect(priceOf('Premium')).toBe('$4.99/mo');
    expect(within(card('Premium')).getByText('Most Popular')).toBeInTheDocument();
    expect(within(card('Premium')).getByRole('button', { name: 'Choose Premium' })).toBeDisabled();
    expect(
      within(card('Ministry')).getByRole('button', { name: 'Choose Ministry' }),
    ).toBeDisabled();
  });

  it('keeps the fallback prices with a notice when the prices cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/subscription/pricing`, () =>
        fail
          ? apiError(500, { code: 'INTERNAL', message: 'Something went wrong.' })
          : HttpResponse.json(buildPricing({ country: 'GB', ministryUsd: 30 })),
      ),
    );
    const { user } = await renderRoute('/pricing', { user: me });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The prices for your country could not be loaded.');
    expect(priceOf('Ministry')).toBe('$9.99/mo');
    expect(
      within(card('Ministry')).getByRole('button', { name: 'Choose Ministry' }),
    ).toBeDisabled();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(priceOf('Ministry')).toBe('$30/mo'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(card('Ministry')).getByRole('button', { name: 'Choose Ministry' })).toBeEnabled();
  });

  it('marks the current plan with its end date', async () => {
    server.use(
      http.get(`${API}/subscription`, () =>
        HttpResponse.json(buildSubscription('premium', { expiresAt: '2026-12-22T10:00:00.000Z' })),
      ),
    );
    await renderRoute('/pricing', { user: { ...me, plan: 'premium' } });

    const premium = card('Premium');
    await waitFor(() =>
      expect(within(premium).getByText('Active until December 22, 2026')).toBeInTheDocument(),
    );
    expect(within(premium).getByText('Current plan')).toBeInTheDocument();
    expect(within(premium).getByRole('button', { name: 'Renew Premium' })).toBeInTheDocument();
    expect(within(card('Free')).queryByText('Current plan')).not.toBeInTheDocument();
    expect(within(card('Ministry')).queryByText('Current plan')).not.toBeInTheDocument();
  });

  it('says under each button what paying now gives, as the server computed it', async () => {
    server.use(
      http.get(`${API}/subscription`, () =>
        HttpResponse.json(buildSubscription('premium', { expiresAt: '2026-12-22T10:00:00.000Z' })),
      ),
      http.get(`${API}/subscription/pricing`, () =>
        HttpResponse.json(
          buildPricing({
            purchases: {
              premium: {
                plan: 'premium',
                expiresAt: '2027-01-22T10:00:00.000Z',
                kind: 'extend',
                convertedDays: 0,
              },
              ministry: {
                plan: 'ministry',
                expiresAt: '2027-01-01T10:00:00.000Z',
                kind: 'upgrade',
                convertedDays: 3,
              },
            },
          }),
        ),
      ),
    );
    await renderRoute('/pricing', { user: { ...me, plan: 'premium' } });

    const renew = await within(card('Premium')).findByRole('button', { name: 'Renew Premium' });
    await waitFor(() =>
      expect(renew).toHaveAccessibleDescription(
        'Paying now adds a month after your current end: Premium until January 22, 2027.',
      ),
    );
    expect(
      within(card('Ministry')).getByRole('button', { name: 'Choose Ministry' }),
    ).toHaveAccessibleDescription(
      'Paying now gives you Ministry until January 1, 2027: a month, plus your remaining Premium time as about 3 days of Ministry.',
    );
    expect(screen.getByText(PLAN_CHANGE_SMALL_PRINT)).toBeInTheDocument();
  });

  it('on Ministry, buying Premium says it keeps Ministry and adds its value', async () => {
    server.use(
      http.get(`${API}/subscription`, () =>
        HttpResponse.json(buildSubscription('ministry', { expiresAt: '2026-12-22T10:00:00.000Z' })),
      ),
      http.get(`${API}/subscription/pricing`, () =>
        HttpResponse.json(
          buildPricing({
            purchases: {
              premium: {
                plan: 'ministry',
                expiresAt: '2026-12-25T10:00:00.000Z',
                kind: 'add-to-higher',
                convertedDays: 3,
              },
            },
          }),
        ),
      ),
    );
    await renderRoute('/pricing', { user: { ...me, plan: 'ministry' } });

    const premium = within(card('Premium')).getByRole('button', { name: 'Choose Premium' });
    await waitFor(() =>
      expect(premium).toHaveAccessibleDescription(
        'You keep Ministry: paying for Premium now adds its value as about 3 days of Ministry, until December 25, 2026.',
      ),
    );
    expect(
      within(card('Ministry')).getByText('Active until December 22, 2026'),
    ).toBeInTheDocument();
  });

  it('marks Free as the current plan and says when a paid plan ended', async () => {
    server.use(
      http.get(`${API}/subscription`, () =>
        HttpResponse.json(
          buildSubscription('premium', {
            effectivePlan: 'free',
            expiresAt: '2026-02-01T10:00:00.000Z',
          }),
        ),
      ),
    );
    await renderRoute('/pricing', { user: me });

    await waitFor(() => expect(within(card('Free')).getByText('Current plan')).toBeInTheDocument());
    expect(within(card('Free')).getByRole('button', { name: 'Your current plan' })).toBeDisabled();
    expect(screen.getByText(/Your Premium plan ended on February 1, 2026\./)).toBeInTheDocument();
    expect(within(card('Premium')).queryByText('Current plan')).not.toBeInTheDocument();
  });

  it('says plainly when payments are not set up, and disables buying', async () => {
    server.use(
      http.get(`${API}/subscription/pricing`, () =>
        HttpResponse.json(buildPricing({ paymentsEnabled: false, checkoutScriptUrl: null })),
      ),
    );
    await renderRoute('/pricing', { user: me });

    expect(
      await screen.findByText(
        'Payments are not set up on this server, so paid plans cannot be bought here yet.',
      ),
    ).toBeInTheDocument();
    expect(priceOf('Ministry')).toBe('$50/mo');
    expect(within(card('Premium')).getByRole('button', { name: 'Choose Premium' })).toBeDisabled();
    expect(
      within(card('Ministry')).getByRole('button', { name: 'Choose Ministry' }),
    ).toBeDisabled();
  });

  it('offers the sales team and credits the GeoLite2 data', async () => {
    await renderRoute('/pricing', { user: me });

    expect(screen.getByRole('link', { name: 'Contact our sales team' })).toHaveAttribute(
      'href',
      '/privacy#contact',
    );
    const credit = screen.getByText(
      /This product includes GeoLite2 data created by MaxMind, available from/,
    );
    expect(within(credit).getByRole('link', { name: 'https://www.maxmind.com' })).toHaveAttribute(
      'href',
      'https://www.maxmind.com',
    );
  });
});

describe('/pricing checkout', () => {
  it.each([
    ['Premium', 'premium', 4.99],
    ['Ministry', 'ministry', 50],
  ] as const)(
    'buys %s: checkout, the widget, then subscribe with that plan and the transaction id',
    async (name, plan, amount) => {
      const { checkouts, subscribes } = servePayments();
      const { widget, configs } = payingWidget(987654);
      const script = fakeCheckoutScript(() => 'load', widget);
      const closePaymentModal = vi.fn();
      window.closePaymentModal = closePaymentModal;
      const { user } = await renderRoute('/pricing', { user: me });
      const header = screen.getByRole('banner');
      expect(within(header).getByRole('link', { name: 'Upgrade' })).toBeInTheDocument();

      const button = await within(card(name)).findByRole('button', { name: `Choose ${name}` });
      await waitFor(() => expect(button).toBeEnabled());
      await user.click(button);

      await expectToast('Payment Successful!', 'Your plan has been upgraded.');
      expect(checkouts).toEqual([{ plan }]);
      expect(script.attempts()).toBe(1);
      expect(configs).toHaveLength(1);
      expect(configs[0]).toMatchObject({
        public_key: 'FLWPUBK_TEST-public',
        tx_ref: `selah-${plan}-tx-ref`,
        amount,
        currency: 'USD',
        payment_options: 'card,mobilemoney,ussd',
        customer: { email: 'jane@example.com', name: 'jane' },
        customizations: { title: 'Selah' },
      });
      expect(subscribes).toEqual([{ plan, transactionId: '987654', amount }]);
      expect(closePaymentModal).toHaveBeenCalled();

      // The header and the cards show the new plan.
      expect(await within(header).findByRole('link', { name })).toHaveAttribute('href', '/pricing');
      expect(within(header).queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
      await waitFor(() => expect(within(card(name)).getByText('Current plan')).toBeInTheDocument());
    },
  );

  it('retries the checkout script 3 times, 1 second apart, then says the modal failed', async () => {
    servePayments();
    const script = fakeCheckoutScript(() => 'error');
    const { user } = await renderRoute('/pricing', { user: me });
    const button = await within(card('Premium')).findByRole('button', { name: 'Choose Premium' });
    await waitFor(() => expect(button).toBeEnabled());

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await user.click(button);
    await waitFor(() => expect(script.attempts()).toBe(1));
    expect(scriptTags()).toHaveLength(0);

    // (The exact 1000 ms spacing is checked in lib/load-script.test.ts.)
    await vi.advanceTimersByTimeAsync(500);
    expect(script.attempts()).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(script.attempts()).toBe(2));
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(script.attempts()).toBe(3));

    await expectToast(
      'Error',
      'Failed to load payment modal. Check your internet connection and retry later.',
    );
    expect(scriptTags()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(3000);
    expect(script.attempts()).toBe(3);
    // The button is free again for a later try.
    expect(within(card('Premium')).getByRole('button', { name: 'Choose Premium' })).toBeEnabled();
  });

  it('says so when the payment went through but the plan could not be updated', async () => {
    const { subscribes } = servePayments(() =>
      apiError(400, { code: 'BAD_REQUEST', message: 'This payment could not be verified.' }),
    );
    const { widget } = payingWidget(555);
    fakeCheckoutScript(() => 'load', widget);
    const { user } = await renderRoute('/pricing', { user: me });
    const button = await within(card('Premium')).findByRole('button', { name: 'Choose Premium' });
    await waitFor(() => expect(button).toBeEnabled());

    await user.click(button);

    await expectToast(
      'Payment succeeded but subscription update failed.',
      'Please contact support if your plan is not updated.',
    );
    expect(subscribes).toEqual([{ plan: 'premium', transactionId: '555', amount: 4.99 }]);
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Upgrade' }),
    ).toBeInTheDocument();
  });

  it('says it may take a moment when the provider could not confirm yet (503)', async () => {
    servePayments(() =>
      apiError(503, {
        code: 'SERVICE_UNAVAILABLE',
        message: 'We could not confirm your payment yet.',
      }),
    );
    const { widget } = payingWidget();
    fakeCheckoutScript(() => 'load', widget);
    const { user } = await renderRoute('/pricing', { user: me });
    const button = await within(card('Premium')).findByRole('button', { name: 'Choose Premium' });
    await waitFor(() => expect(button).toBeEnabled());

    await user.click(button);

    const toast = await expectToast('Payment succeeded but subscription update failed.');
    expect(toast).toHaveTextContent(/may take a moment/);
    expect(toast).toHaveTextContent(/Please contact support if your plan is not updated\./);
  });

  it("shows the server's reason when the checkout cannot start", async () => {
    server.use(
      http.post(`${API}/subscription/checkout`, () =>
        apiError(400, { code: 'BAD_REQUEST', message: 'Payments are not set up on this server.' }),
      ),
    );
    const script = fakeCheckoutScript(() => 'load');
    const { user } = await renderRoute('/pricing', { user: me });
    const button = await within(card('Ministry')).findByRole('button', { name: 'Choose Ministry' });
    await waitFor(() => expect(button).toBeEnabled());

    await user.click(button);

    await expectToast('Could not start the payment', 'Payments are not set up on this server.');
    expect(script.attempts()).toBe(0);
  });
});
