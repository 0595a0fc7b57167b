import { Crown } from 'lucide-react';
import { PageHeader, UpcomingSection } from '@/components/layouts/page-header';

export function Component() {
  return (
    <>
      <title>Pricing · Selah</title>
      <PageHeader title="Pricing" description="Choose the plan that fits how you pray." />
      <UpcomingSection icon={<Crown aria-hidden="true" />}>
        The Free, Premium and Ministry plans, with their prices for your country, will appear here.
      </UpcomingSection>
    </>
  );
}
