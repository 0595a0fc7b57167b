import { ListChecks } from 'lucide-react';
import { PageHeader, UpcomingSection } from '@/components/layouts/page-header';

export function Component() {
  return (
    <>
      <title>Prayer Points · Selah</title>
      <PageHeader
        title="Prayer Points"
        description="Everything you are praying for, in one place."
      />
      <UpcomingSection icon={<ListChecks aria-hidden="true" />}>
        Your prayer points will be listed here by category, with active and answered tabs and your
        prayer statistics.
      </UpcomingSection>
    </>
  );
}
