import { AdminPaymentSchema, type AdminPayment } from '@selah/shared/schemas/admin';
import {
  CheckoutSchema,
  PLAN_LIMITS,
  PricingSchema,
  SubscriptionSchema,
  type Checkout,
  type PaidPlanId,
  type PlanId,
  type PlanPrice,
  type Pricing,
  type PurchasePreview,
  type Subscription,
  PLAN_NAMES,
} from '@selah/shared/schemas/billing';

const FEATURES: Record<PlanId, string[]> = {
  free: ['3 prayer journals', '50 prayer points', 'Basic statistics', '7 days of prayer history'],
  premium: [
    'Unlimited journals and prayer points',
    'Advanced statistics',
    'Unlimited history',
    'Create prayer groups',
    'Export to PDF',
  ],
  ministry: [
    'Everything in Premium',
    'Up to 100 members per journal',
    'Ministry analytics',
    'Prayer request management',
    'Custom branding',
    'Priority support',
  ],
};

/** What buying a plan gives a user on Free: a month from now. */
const STARTS: Record<PaidPlanId, PurchasePreview> = {
  premium: {
    plan: 'premium',
    expiresAt: '2026-12-25T10:00:00.000Z',
    kind: 'start',
    convertedDays: 0,
  },
  ministry: {
    plan: 'ministry',
    expiresAt: '2026-12-25T10:00:00.000Z',
    kind: 'start',
    convertedDays: 0,
  },
};

/**
 * GET /subscription/pricing as the server answers for `country` (US by default), for a user on
 * Free unless `purchases` says what buying each paid plan would give.
 */
export function buildPricing(
  options: {
    country?: string | null;
    ministryUsd?: number;
    purchases?: Partial<Record<PaidPlanId, PurchasePreview>>;
  } & Partial<Pricing> = {},
): Pricing {
  const {
    country = 'US',
    ministryUsd = country === 'NG' ? 10 : 50,
    purchases = {},
    ...overrides
  } = options;
  const naira = country === 'NG';
  const usd: Record<PlanId, number> = { free: 0, premium: 4.99, ministry: ministryUsd };
  const plans: PlanPrice[] = (['free', 'premium', 'ministry'] as const).map((id) => ({
    id,
    name: PLAN_NAMES[id],
    amount: naira ? Math.round(usd[id] * 1600 * 100) / 100 : usd[id],
    currency: naira ? 'NGN' : 'USD',
    usdAmount: usd[id],
    interval: 'month',
    features: FEATURES[id],
    popular: id === 'premium',
    purchase: id === 'free' ? null : (purchases[id] ?? STARTS[id]),
  }));
  return PricingSchema.parse({
    country,
    currency: naira ? 'NGN' : 'USD',
    plans,
    paymentsEnabled: true,
    paymentMethods: 'card,mobilemoney,ussd',
    checkoutScriptUrl: 'https://checkout.flutterwave.test/v3.js',
    ...overrides,
  });
}

/** GET /subscription for a user on `plan` (Free by default). */
export function buildSubscription(
  plan: PlanId = 'free',
  overrides: Partial<Subscription> = {},
): Subscription {
  return SubscriptionSchema.parse({
    plan,
    effectivePlan: plan,
    expiresAt: plan === 'free' ? null : '2026-12-22T10:00:00.000Z',
    limits: PLAN_LIMITS[overrides.effectivePlan ?? plan],
    usage: { journals: 1, prayers: 4 },
    ...overrides,
  });
}

/** POST /subscription/checkout for `plan`. */
export function buildCheckout(plan: PaidPlanId, overrides: Partial<Checkout> = {}): Checkout {
  return CheckoutSchema.parse({
    txRef: `selah-${plan}-tx-ref`,
    plan,
    amount: plan === 'premium' ? 4.99 : 50,
    currency: 'USD',
    publicKey: 'FLWPUBK_TEST-public',
    paymentOptions: 'card,mobilemoney,ussd',
    customer: { email: 'jane@example.com', name: 'jane' },
    customizations: { title: 'Selah', description: `Selah ${PLAN_NAMES[plan]}, 1 month` },
    ...overrides,
  });
}

let paymentSequence = 0;

/** A payment as GET /admin/payments lists it (a successful Premium payment unless told). */
export function buildAdminPayment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  paymentSequence += 1;
  return AdminPaymentSchema.parse({
    _id: `20000000-0000-4000-8000-${String(paymentSequence).padStart(12, '0')}`,
    user: {
      _id: '00000000-0000-4000-8000-000000000042',
      email: 'ada@example.com',
      username: 'ada',
    },
    plan: 'premium',
    amount: 4.99,
    currency: 'USD',
    country: 'US',
    status: 'successful',
    txRef: `selah-${String(paymentSequence).padStart(32, '0')}`,
    providerTransactionId: String(9_000_000 + paymentSequence),
    duplicateOf: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    verifiedAt: '2026-11-20T10:01:00.000Z',
    refund: null,
    ...overrides,
  });
}
