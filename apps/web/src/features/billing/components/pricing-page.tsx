import {
  type PaidPlanId,
  paidPlanName,
  type PlanId,
  PLAN_NAMES,
  type PlanPrice,
  type PurchasePreview,
} from '@selah/shared/schemas/billing';
import { CircleAlert, Info, Loader2, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format-date';
import { useAuthStore } from '@/stores/auth-store';
import { usePricing } from '../api/get-pricing';
import { useSubscription } from '../api/get-subscription';
import { usePlanCheckout, type CheckoutStage } from '../hooks/use-plan-checkout';
import { countryName, formatPaymentMethods, formatPrice } from '../utils/format-price';
import { PlanCard } from './plan-card';

interface ShownPlan {
  id: PlanId;
  name: string;
  price: string;
  priceHint?: string | undefined;
  features: string[];
  popular: boolean;
  /** What paying for it now gives (the server's answer; absent for fallback prices). */
  purchase?: PurchasePreview | null | undefined;
}

/**
 * Spec-2 §9, shown only while the visitor's prices load or when they cannot be loaded: the
 * usual features and the spec's fallback display ($9.99/mo for Ministry). Buying waits for the
 * server's prices.
 */
const FALLBACK_PLANS: ShownPlan[] = [
  {
    id: 'free',
    name: 'Free',
    price: '$0',
    features: [
      '3 prayer journals',
      '50 prayer points',
      'Basic statistics',
      '7 days of prayer history',
    ],
    popular: false,
  },
  {
    id: 'premium',
    name: 'Premium',
    price: '$4.99',
    features: [
      'Unlimited journals and prayer points',
      'Advanced statistics',
      'Unlimited history',
      'Create prayer groups',
      'Export to PDF',
    ],
    popular: true,
  },
  {
    id: 'ministry',
    name: 'Ministry',
    price: '$9.99',
    features: [
      'Everything in Premium',
      'Up to 100 members per journal',
      'Ministry analytics',
      'Prayer request management',
      'Custom branding',
      'Priority support',
    ],
    popular: false,
  },
];

export const PAYMENTS_DISABLED_MESSAGE =
  'Payments are not set up on this server, so paid plans cannot be bought here yet.';
export const GEOLITE_ATTRIBUTION =
  'This product includes GeoLite2 data created by MaxMind, available from';
const MAXMIND_URL = 'https://www.maxmind.com';

/** How a payment is applied to the plan you have (ADR 041). */
export const PLAN_CHANGE_SMALL_PRINT =
  'One plan runs at a time, and paying never lowers or shortens it. Paying for the plan you are on adds a month after its current end. Moving up from Premium to Ministry starts a month of Ministry now and turns the Premium time you have left into Ministry time of the same value, at the two monthly prices shown above; paying for Premium while on Ministry adds that month’s value to your Ministry time the same way. Each button says what paying now gives you. If a payment is ever charged twice, the second charge is refunded.';

const STAGE_LABELS: Record<CheckoutStage, string> = {
  starting: 'Starting checkout...',
  paying: 'Waiting for payment...',
  confirming: 'Confirming payment...',
};

function toShownPlan(plan: PlanPrice): ShownPlan {
  return {
    id: plan.id,
    name: plan.name,
    price: formatPrice(plan.amount, plan.currency),
    priceHint:
      plan.currency !== 'USD' && plan.usdAmount > 0
        ? `About ${formatPrice(plan.usdAmount, 'USD')} (US dollars)`
        : undefined,
    features: plan.features,
    popular: plan.popular,
    purchase: plan.purchase,
  };
}

const days = (count: number) => (count === 1 ? 'about 1 day' : `about ${count} days`);

/**
 * What paying for a plan now gives, in words, from the server's preview (ADR 041): the date it
 * runs to, and any time converted between plans by value.
 */
export function purchaseNote(bought: PaidPlanId, purchase: PurchasePreview): string {
  const until = formatDate(purchase.expiresAt);
  const plan = PLAN_NAMES[purchase.plan];
  switch (purchase.kind) {
    case 'start':
      return `Paying now gives you ${plan} until ${until}.`;
    case 'extend':
      return `Paying now adds a month after your current end: ${plan} until ${until}.`;
    case 'upgrade':
      return `Paying now gives you ${plan} until ${until}: a month, plus your remaining ${PLAN_NAMES[bought === 'ministry' ? 'premium' : 'ministry']} time as ${days(purchase.convertedDays)} of ${plan}.`;
    case 'add-to-higher':
      return `You keep ${plan}: paying for ${PLAN_NAMES[bought]} now adds its value as ${days(purchase.convertedDays)} of ${plan}, until ${until}.`;
  }
}

/** 'mailto:' the operator's address (VITE_CONTACT_EMAIL), else the Privacy page's contact section. */
function SalesLink() {
  const className = 'font-medium text-primary underline underline-offset-4';
  if (env.CONTACT_EMAIL) {
    const subject = encodeURIComponent('Selah for our organisation');
    return (
      <a href={`mailto:${env.CONTACT_EMAIL}?subject=${subject}`} className={className}>
        Contact our sales team
      </a>
    );
  }
  return (
    <Link to={`${paths.legal.privacy.getHref()}#contact`} className={className}>
      Contact our sales team
    </Link>
  );
}

/** /pricing (spec-2 §2, §9): the three plans with the server's prices, and buying one. */
export function PricingPage() {
  const pricing = usePricing();
  const subscription = useSubscription();
  const storedPlan = useAuthStore((state) => state.user?.plan);
  const checkout = usePlanCheckout(pricing.data?.checkoutScriptUrl ?? null);

  const plans = pricing.data ? pricing.data.plans.map(toShownPlan) : FALLBACK_PLANS;
  const currentPlan: PlanId | null = subscription.data?.effectivePlan ?? storedPlan ?? null;
  const expiresAt = subscription.data?.expiresAt ?? null;
  const lapsed =
    subscription.data &&
    subscription.data.plan !== 'free' &&
    subscription.data.effectivePlan === 'free'
      ? subscription.data
      : null;
  const paymentsEnabled = pricing.data?.paymentsEnabled ?? false;
  const canBuy = pricing.isSuccess && paymentsEnabled && checkout.active === null;

  const actionFor = (plan: ShownPlan) => {
    const current = plan.id === currentPlan;
    if (plan.id === 'free') {
      return current ? (
        <Button variant="outline" disabled>
          Your current plan
        </Button>
      ) : (
        <p className="text-center text-xs text-muted-foreground">
          Your account returns to Free when a paid plan ends. Nothing you wrote is removed.
        </p>
      );
    }
    const id: PaidPlanId = plan.id;
    const busy = checkout.active?.plan === id ? checkout.active.stage : null;
    const note = paymentsEnabled && plan.purchase ? purchaseNote(id, plan.purchase) : null;
    const noteId = `purchase-${id}`;
    return (
      <>
        <Button
          size="lg"
          variant={plan.popular ? 'default' : 'outline'}
          disabled={!canBuy}
          aria-describedby={
            note ? noteId : !paymentsEnabled && pricing.isSuccess ? 'payments-disabled' : undefined
          }
          onClick={() => checkout.start(id)}
        >
          {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
          {busy ? STAGE_LABELS[busy] : current ? `Renew ${plan.name}` : `Choose ${plan.name}`}
        </Button>
        {note && (
          <p id={noteId} className="text-center text-xs text-muted-foreground">
            {note}
          </p>
        )}
      </>
    );
  };

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Pricing"
        description="Choose the plan that fits how you pray. Every plan lasts a month; pay again whenever you like to add another."
      />

      <div className="grid gap-3 empty:hidden">
        {pricing.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Loading the prices for your country...
          </p>
        )}
        {pricing.isError && (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
          >
            <p className="flex gap-2">
              <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
              <span>
                The prices for your country could not be loaded. Reference prices in US dollars are
                shown; buying waits until your own prices are here.
              </span>
            </p>
            <Button size="sm" variant="outline" onClick={() => void pricing.refetch()}>
              Try again
            </Button>
          </div>
        )}
        {pricing.isSuccess && !paymentsEnabled && (
          <p
            id="payments-disabled"
            role="note"
            className="flex gap-2 rounded-lg border border-dashed bg-muted/40 p-3 text-sm"
          >
            <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            {PAYMENTS_DISABLED_MESSAGE}
          </p>
        )}
        {lapsed && (
          <p className="flex gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
            <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            Your {paidPlanName(lapsed.plan)} plan ended on {formatDate(lapsed.expiresAt)}. You are
            on Free now; everything you wrote is still here.
          </p>
        )}
        {pricing.data && (
          <p className="text-sm text-muted-foreground">
            {pricing.data.currency === 'NGN'
              ? `Prices for ${countryName(pricing.data.country ?? 'NG')}, in naira.`
              : pricing.data.country
                ? `Prices for ${countryName(pricing.data.country)}, in US dollars.`
                : 'Prices in US dollars.'}
            {paymentsEnabled &&
              ` Pay securely with Flutterwave by ${formatPaymentMethods(pricing.data.paymentMethods)}.`}
          </p>
        )}
      </div>

      <div className="mt-8 grid items-stretch gap-6 lg:grid-cols-3">
        {plans.map((plan) => {
          const current = plan.id === currentPlan;
          return (
            <PlanCard
              key={plan.id}
              {...plan}
              priceLoading={pricing.isPending}
              current={current}
              status={
                current && plan.id !== 'free' && expiresAt
                  ? `Active until ${formatDate(expiresAt)}`
                  : undefined
              }
              action={actionFor(plan)}
            />
          );
        })}
      </div>

      <div className="mt-10 grid gap-4 border-t pt-6">
        <p className="text-sm">
          <Mail
            className="mr-2 inline-block size-4 align-[-3px] text-muted-foreground"
            aria-hidden="true"
          />
          Praying with a large organisation or church network? <SalesLink />
        </p>
        <p className="text-xs text-muted-foreground">
          Prices are per month and are charged once; nothing renews by itself. Selah confirms every
          payment with Flutterwave before your plan changes.
        </p>
        <p className="text-xs text-muted-foreground">{PLAN_CHANGE_SMALL_PRINT}</p>
        <p className="text-xs text-muted-foreground">
          {GEOLITE_ATTRIBUTION}{' '}
          <a href={MAXMIND_URL} className="underline underline-offset-4" rel="noopener noreferrer">
            {MAXMIND_URL}
          </a>
          .
        </p>
      </div>
    </div>
  );
}
