import { PricingPage } from '@/features/billing/components/pricing-page';

export default function PricingRoute() {
  return (
    <>
      <title>Pricing · Selah</title>
      <PricingPage />
    </>
  );
}
