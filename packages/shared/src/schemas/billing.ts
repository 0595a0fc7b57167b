import { z } from 'zod';

/** Spec-2 §9 plans. Free is the default and what a lapsed subscription returns to. */
export const PLAN_IDS = ['free', 'premium', 'ministry'] as const;
export const PlanIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof PlanIdSchema>;

/** The plans that can be bought. */
export const PAID_PLAN_IDS = ['premium', 'ministry'] as const;
export const PaidPlanIdSchema = z.enum(PAID_PLAN_IDS, {
  error: 'Please choose the Premium or Ministry plan.',
});
export type PaidPlanId = z.infer<typeof PaidPlanIdSchema>;

/** The plans' names as the server and the app show them (spec-2 §9). */
export const PLAN_NAMES: Record<PlanId, string> = {
  free: 'Free',
  premium: 'Premium',
  ministry: 'Ministry',
};

/** A paid plan's name, or undefined for Free, no plan or an unknown one. */
export function paidPlanName(plan: string | null | undefined): string | undefined {
  return (PAID_PLAN_IDS as readonly (string | null | undefined)[]).includes(plan)
    ? PLAN_NAMES[plan as PaidPlanId]
    : undefined;
}

/** What a 402 PAYMENT_REQUIRED names in `details.limit`. */
export const PLAN_LIMIT_KINDS = ['journals', 'prayers', 'groups', 'members', 'export'] as const;
export type PlanLimitKind = (typeof PLAN_LIMIT_KINDS)[number];
export const PlanLimitDetailsSchema = z.object({
  limit: z.enum(PLAN_LIMIT_KINDS),
  upgradeUrl: z.string(),
});
export type PlanLimitDetails = z.infer<typeof PlanLimitDetailsSchema>;

/** A plan's limits; null means unlimited. */
export const PlanLimitsSchema = z.object({
  journals: z.number().int().nullable(),
  prayers: z.number().int().nullable(),
  membersPerJournal: z.number().int(),
  groups: z.boolean(),
  export: z.boolean(),
  /**
   * How many days back history statistics reach (activity per period, streak, recent
   * testimonies); null means unlimited (docs/decisions/027).
   */
  statsDays: z.number().int().nullable(),
});
export type PlanLimits = z.infer<typeof PlanLimitsSchema>;

/** Statistics over history reach this many days back on Free (docs/decisions/027). */
export const FREE_STATS_DAYS = 7;

/**
 * Each plan's limits, enforced by the server (decisions §3, spec-2 §9); members per journal
 * count the owner (docs/decisions/011, 027).
 */
export const PLAN_LIMITS: Record<PlanId, PlanLimits> = {
  free: {
    journals: 3,
    prayers: 50,
    membersPerJournal: 20,
    groups: false,
    export: false,
    statsDays: FREE_STATS_DAYS,
  },
  premium: {
    journals: null,
    prayers: null,
    membersPerJournal: 20,
    groups: true,
    export: true,
    statsDays: null,
  },
  ministry: {
    journals: null,
    prayers: null,
    membersPerJournal: 100,
    groups: true,
    export: true,
    statsDays: null,
  },
};

/** GET /api/subscription */
export const SubscriptionSchema = z.object({
  /** The stored plan (may have lapsed). */
  plan: PlanIdSchema,
  /** The plan in force now: `plan` while `expiresAt` is in the future, else free. */
  effectivePlan: PlanIdSchema,
  expiresAt: z.string().nullable(),
  limits: PlanLimitsSchema,
  usage: z.object({ journals: z.number().int(), prayers: z.number().int() }),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const CURRENCIES = ['USD', 'NGN'] as const;
export const CurrencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof CurrencySchema>;

/**
 * How paying for a plan now is applied (docs/decisions/041): `start` (no paid plan is active),
 * `extend` (the same plan, from its end), `upgrade` (the higher plan from now, with the lower
 * plan's remaining time converted into it at the ratio of the monthly prices), `add-to-higher`
 * (a lower plan bought while a higher one runs: its value is added as time on the higher plan).
 */
export const PURCHASE_KINDS = ['start', 'extend', 'upgrade', 'add-to-higher'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

/** What paying for a plan now would give the signed-in user, computed by the server. */
export const PurchasePreviewSchema = z.object({
  /** The plan in force after paying (never lower than the plan in force now). */
  plan: PaidPlanIdSchema,
  /** When it would end. */
  expiresAt: z.string(),
  kind: z.enum(PURCHASE_KINDS),
  /** Days on `plan` converted from the other plan's time or value, rounded (0: none). */
  convertedDays: z.number().int(),
});
export type PurchasePreview = z.infer<typeof PurchasePreviewSchema>;

export const PlanPriceSchema = z.object({
  id: PlanIdSchema,
  name: z.string(),
  /** In `currency` (naira for Nigeria), per month. */
  amount: z.number(),
  currency: CurrencySchema,
  /** The same price in US dollars. */
  usdAmount: z.number(),
  interval: z.literal('month'),
  features: z.array(z.string()),
  /** The card marked 'Most Popular'. */
  popular: z.boolean(),
  /** What buying it now would give the user; null for Free. */
  purchase: PurchasePreviewSchema.nullable(),
});
export type PlanPrice = z.infer<typeof PlanPriceSchema>;

/** GET /api/subscription/pricing: every price is computed by the server for the visitor's country. */
export const PricingSchema = z.object({
  /** ISO 3166-1 alpha-2, or null when unknown. */
  country: z.string().nullable(),
  currency: CurrencySchema,
  plans: z.array(PlanPriceSchema),
  paymentsEnabled: z.boolean(),
  /** Flutterwave's `payment_options`. */
  paymentMethods: z.string(),
  /** The checkout script to load; null when payments are not set up. */
  checkoutScriptUrl: z.string().nullable(),
});
export type Pricing = z.infer<typeof PricingSchema>;

export const CheckoutInputSchema = z.strictObject({ plan: PaidPlanIdSchema });
export type CheckoutInput = z.infer<typeof CheckoutInputSchema>;

/** POST /api/subscription/checkout: what the browser passes to Flutterwave's checkout. */
export const CheckoutSchema = z.object({
  txRef: z.string(),
  plan: PaidPlanIdSchema,
  amount: z.number(),
  currency: CurrencySchema,
  publicKey: z.string(),
  paymentOptions: z.string(),
  customer: z.object({ email: z.string(), name: z.string() }),
  customizations: z.object({ title: z.string(), description: z.string() }),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

/** Flutterwave's numeric transaction id (the callback's `transaction_id`). */
export const TransactionIdSchema = z
  .union(
    [
      z.number().int().positive(),
      z
        .string()
        .trim()
        .regex(/^\d{1,20}$/),
    ],
    {
      error: 'Invalid transaction id.',
    },
  )
  .transform((v) => String(v));

/** POST /api/subscription/subscribe (spec-2 §7 field names). The amount is not trusted. */
export const SubscribeInputSchema = z.object({
  plan: PaidPlanIdSchema,
  transactionId: TransactionIdSchema,
  amount: z.union([z.number(), z.string().max(32)]).optional(),
});
export type SubscribeInput = z.input<typeof SubscribeInputSchema>;

export const SubscribeResponseSchema = z.object({
  message: z.string(),
  plan: PlanIdSchema,
  expiresAt: z.string().nullable(),
});
export type SubscribeResponse = z.infer<typeof SubscribeResponseSchema>;
