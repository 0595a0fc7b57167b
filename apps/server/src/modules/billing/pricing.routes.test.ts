import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { person, type Person } from '../../../test/people.ts';

/**
 * Payments are not configured in these apps: no Flutterwave keys. `withHeader` believes the
 * country header from its one proxy, 127.0.0.1 (app.inject's default peer).
 */
let withHeader: TestApp;
let geoOnly: TestApp;
let u: Person;
let g: Person;

beforeAll(async () => {
  [withHeader, geoOnly] = await Promise.all([
    buildTestApp({ env: { COUNTRY_HEADER: 'CF-IPCountry', TRUST_PROXY: '127.0.0.1' } }),
    buildTestApp(),
  ]);
  [u, g] = await Promise.all([person(withHeader.app), person(geoOnly.app)]);
});
afterAll(async () => {
  await withHeader?.close();
  await geoOnly?.close();
});

interface PlanPrice {
  id: string;
  amount: number;
  currency: string;
  usdAmount: number;
}
interface Pricing {
  country: string | null;
  currency: string;
  plans: PlanPrice[];
  paymentsEnabled: boolean;
}

const pricingFrom = async (
  t: TestApp,
  p: Person,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/subscription/pricing',
    headers: { authorization: `Bearer ${p.api.token}`, ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.json<Pricing>();
};
const plan = (pricing: Pricing, id: string) => pricing.plans.find((p) => p.id === id)!;

describe('GET /api/subscription/pricing (COUNTRY_HEADER)', () => {
  it.each([
    ['NG', 'NGN', 16000, 10, 7984],
    ['GH', 'USD', 10, 10, 4.99],
    ['DE', 'USD', 30, 30, 4.99],
    ['US', 'USD', 50, 50, 4.99],
    ['BR', 'USD', 20, 20, 4.99],
  ])('prices Ministry for %s in %s at %d', async (country, currency, ministry, usd, premium) => {
    const pricing = await pricingFrom(withHeader, u, { 'cf-ipcountry': country });
    expect(pricing).toMatchObject({ country, currency });
    expect(plan(pricing, 'ministry')).toMatchObject({ amount: ministry, currency, usdAmount: usd });
    expect(plan(pricing, 'premium')).toMatchObject({ amount: premium, usdAmount: 4.99 });
    expect(plan(pricing, 'free')).toMatchObject({ amount: 0, usdAmount: 0 });
  });

  it('an unknown country (XX, garbage, or none at a private address) pays the 20 USD default', async () => {
    const cases: Record<string, string>[] = [
      { 'cf-ipcountry': 'XX' },
      { 'cf-ipcountry': 'Nigeria' },
      {},
    ];
    for (const headers of cases) {
      const pricing = await pricingFrom(withHeader, u, headers);
      expect(pricing.country).toBeNull();
      expect(plan(pricing, 'ministry')).toMatchObject({ amount: 20, currency: 'USD' });
    }
  });

  it('reads the header case-insensitively and lists the three plans with their features', async () => {
    const pricing = await pricingFrom(withHeader, u, { 'cf-ipcountry': 'de' });
    expect(pricing.country).toBe('DE');
    expect(pricing.plans.map((p) => p.id)).toEqual(['free', 'premium', 'ministry']);
    expect(pricing).toMatchObject({
      paymentsEnabled: false,
      paymentMethods: 'card,mobilemoney,ussd',
      checkoutScriptUrl: null,
      plans: [
        { name: 'Free', interval: 'month', popular: false },
        {
          name: 'Premium',
          popular: true,
          features: expect.arrayContaining(['Create prayer groups', 'Export to PDF']),
        },
        {
          name: 'Ministry',
          features: expect.arrayContaining(['Up to 100 members per journal']),
        },
      ],
    });
  });

  it('needs a session', async () => {
    const res = await withHeader.app.inject({ method: 'GET', url: '/api/subscription/pricing' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/subscription/pricing (offline GeoIP)', () => {
  it('looks the client address up when no country header is configured', async () => {
    const us = await pricingFrom(geoOnly, g, {}, '8.8.8.8');
    expect(us.country).toBe('US');
    expect(plan(us, 'ministry').amount).toBe(50);
    const de = await pricingFrom(geoOnly, g, {}, '5.9.0.1');
    expect(de.country).toBe('DE');
    expect(plan(de, 'ministry').amount).toBe(30);
    const ng = await pricingFrom(geoOnly, g, {}, '197.210.0.1');
    expect(ng).toMatchObject({ country: 'NG', currency: 'NGN' });
  });

  it('ignores a country header it was not told to trust and a forged X-Forwarded-For', async () => {
    const pricing = await pricingFrom(
      geoOnly,
      g,
      { 'cf-ipcountry': 'NG', 'x-forwarded-for': '197.210.0.1' },
      '8.8.8.8',
    );
    expect(pricing).toMatchObject({ country: 'US', currency: 'USD' });
  });

  it('believes the country header only from a TRUST_PROXY peer', async () => {
    // A visitor talking to the server directly cannot choose their prices with the header.
    const direct = await pricingFrom(withHeader, u, { 'cf-ipcountry': 'NG' }, '8.8.8.8');
    expect(direct).toMatchObject({ country: 'US', currency: 'USD' });
    expect(plan(direct, 'ministry').amount).toBe(50);
    // Through the trusted proxy, the header counts (and X-Forwarded-For names the visitor).
    const proxied = await pricingFrom(withHeader, u, {
      'cf-ipcountry': 'NG',
      'x-forwarded-for': '8.8.8.8',
    });
    expect(proxied).toMatchObject({ country: 'NG', currency: 'NGN' });
    const proxiedNoHeader = await pricingFrom(withHeader, u, { 'x-forwarded-for': '8.8.8.8' });
    expect(proxiedNoHeader.country).toBe('US');
  });

  it('falls back to GeoIP when the configured header is missing', async () => {
    const pricing = await pricingFrom(withHeader, u, {}, '8.8.8.8');
    expect(pricing.country).toBe('US');
  });
});

describe('payments not set up', () => {
  it('checkout and subscribe say so clearly; the webhook is refused; nothing is created', async () => {
    const checkout = await u.api.post('/api/subscription/checkout', { plan: 'premium' });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Payments are not set up on this server.',
    });
    const subscribe = await u.api.post('/api/subscription/subscribe', {
      plan: 'premium',
      transactionId: 1,
      amount: 4.99,
    });
    expect(subscribe.statusCode).toBe(400);
    expect(subscribe.json().message).toBe('Payments are not set up on this server.');
    const hook = await withHeader.app.inject({
      method: 'POST',
      url: '/api/subscription/webhook',
      headers: { 'verif-hash': '' },
      payload: { data: { id: 1 } },
    });
    expect(hook.statusCode).toBe(401);
    expect((await u.api.get('/api/auth/me')).json().plan).toBe('free');
  });

  it('keeps the CSP closed to Flutterwave', async () => {
    const res = await withHeader.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    // 'self' and the response's nonce (plugins/security.ts), nothing else.
    expect(csp).toMatch(/script-src 'self' 'nonce-[^' ]+';/);
    expect(csp).not.toContain('flutterwave');
  });
});
